"""Skat's own statistics: what each hand counts for each player (the ``stats`` part).

Marks (``statistics`` in ``games/README.md``), for the declarer of a played game:

- ``types.GAME.won`` / ``.lost``: the game by its type (a suit, ``grand``, ``null``),
  won or lost as the list enters it (an overbid game, or a renonsz, decides it too);
- ``value.total``: one mark per point of the game's value as the list enters it (the
  covered bid, Kontra, Re and Bock included), so the count is the sum of his games'
  values; the average is that sum over his games, derived where it is shown
  (``STATS_DERIVED``), never stored.

An all-pass hand played as Ramsch counts ``ramsch.played`` for each player at play,
``ramsch.lost`` for its loser, ``ramsch.jungfrau`` for a player who took no trick and
``ramsch.durchmarsch`` for one who took them all; one passed in without Ramsch, nothing.
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords, word_or_itself
from .build import Rules
from .explain import LANGUAGES
from .hand import Hand
from .value import game_value

WORDS = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "stats")
STATS_DERIVED = (
    ("grand_rate", "types.grand", "types", "rate"),
    ("null_rate", "types.null", "types", "rate"),
    ("average_value", "value.total", "types", "average"),
)
"""Numbers worked out from the counts where they are shown: (name, numerator, denominator,
form), each a sum of the counts at or below a path; the rates are of the games declared."""


def stats(facts: dict, hand: Hand, rules: Rules) -> dict[str, list[str]]:
    """Each named player's marks for this hand."""
    marks: dict[str, list[str]] = {name: [] for name in (*hand.players, *hand.sitting_out)}
    if hand.outcome != "played":
        ramsch = hand.ramsch
        if ramsch is not None:
            for name in hand.players:
                marks[name].append("ramsch.played")
            for name in ramsch.losers:
                marks[name].append("ramsch.lost")
            for name in ramsch.jungfrau:
                marks[name].append("ramsch.jungfrau")
            if ramsch.durchmarsch is not None:
                marks[ramsch.durchmarsch].append("ramsch.durchmarsch")
        return marks
    value = game_value(hand, rules)
    mine = marks[hand.declarer]
    mine.append(f"types.{hand.game}.{'won' if value.won else 'lost'}")
    mine.extend(["value.total"] * value.value)
    return marks


def stats_label(part: str, lang: str) -> str:
    """One part of a mark's path in ``lang``; a part without a text is shown as it is."""
    return word_or_itself(WORDS, part, lang)
