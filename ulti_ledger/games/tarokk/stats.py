"""Tarokk's own statistics: what each hand counts for each player (the ``stats`` part).

A hand counts only where it was played out (no bedobás, no redeal, no renonsz that ended
it). The hand format gives a figure to a side, not to one player, so a figure counts for
each player of the side that announced or made it. Marks (``games/README.md``):

- ``parti.won`` / ``parti.lost``: the game, for each player of the side that won or lost it;
- ``dupla.made`` / ``dupla.suffered``, ``volat.made`` / ``volat.suffered``: a dupla (any
  figure the ruleset counts as one) or a volát made by his side, or against it;
- ``figures.NAME.announced`` / ``.made``: a figure his side announced, and made; a silent
  one made or failed is ``figures.NAME.silent_made`` / ``.silent_failed``;
- ``kontras.said`` / ``kontras.paid_off``: per game or figure, a side that said a kontra
  level (the other side the odd levels, the announcing side the even ones; the skart's
  automatic kontra is said by nobody), and it paid off when the item went its way.
"""

from __future__ import annotations

from ...settlement.words import GameWords, word_or_itself
from .build import Rules
from .hand import Hand
from .words import LOCALE

WORDS = GameWords(LOCALE, "tarokk", ("hu", "en", "de"), "stats")


def stats(facts: dict, hand: Hand, rules: Rules) -> dict[str, list[str]]:
    """Each named player's marks for this hand."""
    marks: dict[str, list[str]] = {name: [] for name in (*hand.players, *hand.sitting_out)}
    if hand.outcome != "played" or (hand.renonsz is not None and hand.ruling != "continue"):
        return marks
    sides = {"declarer": hand.side, "opponents": hand.others}
    other = {"declarer": "opponents", "opponents": "declarer"}
    winner = "declarer" if hand.game_won else "opponents"
    _add(marks, sides[winner], "parti.won")
    _add(marks, sides[other[winner]], "parti.lost")
    automatic = 1 if hand.skart else 0
    _kontras(marks, sides, "declarer", bool(hand.game_won), hand.game_kontra, automatic)
    for fig in hand.figures:
        own = sides[fig.side]
        if fig.announced:
            _add(marks, own, f"figures.{fig.name}.announced")
            if fig.won:
                _add(marks, own, f"figures.{fig.name}.made")
            _kontras(marks, sides, fig.side, bool(fig.won), fig.kontra, 0)
        else:
            _add(marks, own, f"figures.{fig.name}.silent_{'made' if fig.won else 'failed'}")
        kind = "volat" if fig.name == "volat" else "dupla" if _dupla(fig.name, rules) else None
        if kind is not None and fig.won:
            _add(marks, own, f"{kind}.made")
            _add(marks, sides[other[fig.side]], f"{kind}.suffered")
    return marks


def _dupla(name: str, rules: Rules) -> bool:
    return name == "dupla" or rules.figures[name].dupla


def _kontras(
    marks: dict[str, list[str]],
    sides: dict[str, tuple[str, ...]],
    announcer: str,
    made: bool,
    level: int,
    automatic: int,
) -> None:
    """The kontras said on one item: levels above ``automatic`` up to ``level``."""
    said = range(automatic + 1, level + 1)
    against = "opponents" if announcer == "declarer" else "declarer"
    if any(k % 2 for k in said):
        _add(marks, sides[against], "kontras.said")
        if not made:
            _add(marks, sides[against], "kontras.paid_off")
    if any(k % 2 == 0 for k in said):
        _add(marks, sides[announcer], "kontras.said")
        if made:
            _add(marks, sides[announcer], "kontras.paid_off")


def _add(marks: dict[str, list[str]], players: tuple[str, ...], mark: str) -> None:
    for name in players:
        marks[name].append(mark)


def stats_label(part: str, lang: str) -> str:
    """One part of a mark's path in ``lang``; a part without a text is shown as it is."""
    return word_or_itself(WORDS, part, lang)
