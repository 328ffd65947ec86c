"""Ulti's own statistics: what each hand counts for each player (the ``stats`` part).

Marks are dotted paths, one per thing counted (``statistics`` in ``games/README.md``):

- ``bids.COMPONENT.COLOUR.played`` / ``.won``: the declarer's bid components, per colour
  (``none`` without one), in a hand played or conceded without renonsz;
- ``open.played`` / ``open.won``: an open (terített) game, won when every part was made;
- ``kontras.said`` / ``kontras.paid_off``: per component, a defender who said kontra (and
  the declarer who answered with rekontra), paid off when his side made it;
- ``silent.made.NAME``, ``silent.suffered.NAME``, ``silent.failed.NAME``: csendes results
  made by a player's side, made against it, or failed by it.
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords
from .hand import Hand
from .rules import Rules

WORDS = GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en"), "stats")
NO_COLOUR = "none"
COUNTED = ("played", "conceded")


def stats(facts: dict, hand: Hand, rules: Rules) -> dict[str, list[str]]:
    """Each named player's marks for this hand."""
    marks: dict[str, list[str]] = {name: [] for name in (*hand.players, *hand.sitting_out)}
    if hand.outcome not in COUNTED or hand.renonsz is not None:
        return marks
    declarer, defenders = hand.declarer, hand.defenders
    colour = hand.colour or NO_COLOUR
    for c in hand.components:
        marks[declarer].append(f"bids.{c.name}.{colour}.played")
        if c.won:
            marks[declarer].append(f"bids.{c.name}.{colour}.won")
        for defender, level in zip(defenders, c.kontra, strict=True):
            if level >= 1:
                marks[defender].append("kontras.said")
                if c.won is False:
                    marks[defender].append("kontras.paid_off")
        if max(c.kontra, default=0) >= 2:
            marks[declarer].append("kontras.said")
            if c.won:
                marks[declarer].append("kontras.paid_off")
    opened = (hand.contract is not None and hand.contract.open) or any(
        c.open for c in hand.components
    )
    if opened:
        marks[declarer].append("open.played")
        if hand.components and all(c.won for c in hand.components):
            marks[declarer].append("open.won")
    for s in hand.silent:
        if s.side == "declarer":
            side, others = (declarer,), defenders
        else:
            side, others = ((s.player,) if s.player else defenders), (declarer,)
        for name in side:
            marks[name].append(f"silent.{'made' if s.won else 'failed'}.{s.name}")
        if s.won:
            for name in others:
                marks[name].append(f"silent.suffered.{s.name}")
    return marks


def stats_label(part: str, lang: str) -> str:
    """One part of a mark's path in ``lang``; a part without a text is shown as it is."""
    try:
        return WORDS[lang if lang in WORDS else "en"][part]
    except KeyError:
        return part
