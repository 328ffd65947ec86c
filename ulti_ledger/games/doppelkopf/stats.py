"""Doppelkopf's own statistics: what each hand counts for each player (the ``stats`` part).

Marks: ``parties.re.won`` / ``.lost`` (and ``kontra``) for each player of a party that
won or lost; ``solos.CONTRACT.won`` / ``.lost`` for a soloist; ``announced.re`` (or
``kontra``) for each player of a party that announced; ``extras.fuchs`` (and
``doppelkopf``, ``karlchen``) for each player of the party that scored one, one mark per
point. A redeal counts nothing.
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords, word_or_itself
from .build import SOLOS, Rules
from .hand import EXTRA_KEYS, Hand
from .score import winner

WORDS = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("hu", "en", "de"), "stats")
STATS_DERIVED = (("re_rate", "parties.re.won", "parties.re", "rate"),)
"""How often a player won when he played Re."""


def stats(facts: dict, hand: Hand, rules: Rules) -> dict[str, list[str]]:
    """Each named player's marks for this hand."""
    marks: dict[str, list[str]] = {name: [] for name in (*hand.players, *hand.sitting_out)}
    if hand.outcome != "played":
        return marks
    won = winner(hand)
    for party, members, level in (
        ("re", hand.re, hand.re_level),
        ("kontra", hand.kontra, hand.kontra_level),
    ):
        result = "won" if won == party else "lost"
        for name in members:
            marks[name].append(f"parties.{party}.{result}")
            if level:
                marks[name].append(f"announced.{party}")
        if hand.contract in SOLOS and party == "re":
            marks[hand.declarer].append(f"solos.{hand.contract}.{result}")
    for members, own in zip((hand.re, hand.kontra), hand.extras, strict=True):
        for key, count in zip(EXTRA_KEYS, own, strict=True):
            for name in members:
                marks[name] += [f"extras.{key}"] * int(count)
    return marks


def stats_label(part: str, lang: str) -> str:
    """One part of a mark's path in ``lang``; a part without a text is shown as it is."""
    return word_or_itself(WORDS, part, lang)
