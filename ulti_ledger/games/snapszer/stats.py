"""Snapszer's own statistics: what each hand counts for each player (the ``stats`` part).

Marks (``statistics`` in ``games/README.md``): ``tiers.TIER.won`` / ``.lost`` for each
player of the winning and the losing side, TIER being the losing side's cards (``loser``);
``snapszers.made`` / ``snapszers.failed`` for the player who announced one. A renonsz or a
redeal counts nothing here.
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords
from .build import Rules
from .hand import Hand

WORDS = GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en"), "stats")


def stats(facts: dict, hand: Hand, rules: Rules) -> dict[str, list[str]]:
    """Each named player's marks for this hand."""
    marks: dict[str, list[str]] = {name: [] for name in (*hand.players, *hand.sitting_out)}
    if hand.outcome != "played" or hand.renonsz is not None:
        return marks
    side_won = hand.winner is not None or bool(hand.won)
    winners, losers = (hand.side, hand.others) if side_won else (hand.others, hand.side)
    if hand.loser is not None:
        for name in winners:
            marks[name].append(f"tiers.{hand.loser}.won")
        for name in losers:
            marks[name].append(f"tiers.{hand.loser}.lost")
    if hand.snapszer is not None:
        marks[hand.snapszer].append(f"snapszers.{'made' if hand.won else 'failed'}")
    return marks


def stats_label(part: str, lang: str) -> str:
    """One part of a mark's path in ``lang``; a part without a text is shown as it is."""
    try:
        return WORDS[lang if lang in WORDS else "en"][part]
    except KeyError:
        return part
