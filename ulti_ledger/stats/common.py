"""The statistics common to every game, declared once: each is one line of ``COMMON``.

A common statistic is worked out from what every game's hand has: each named player's role
(``declarer``, ``partner``, ``opponent``, ``sitting_out``) and his units. Most are sums over
the hands, and a ``Common`` with ``adds`` is all such a one needs: ``figures`` counts it,
``joins`` the counts of evenings, finds the hands behind it (``behind``), ``table`` words
it by its ``form``, and the API's description lists it. Its label is the app catalogue's
``stats.<name>`` (``tests/ledger/test_stats.py`` checks that every one has its words). The few
that are not sums (a biggest win, a best evening, a streak) are worked out in ``figures``
by name. A game's own statistics are its ``stats`` part (``games/README.md``), never here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

SITTING_OUT, DECLARER = "sitting_out", "declarer"
FORMS = ("number", "units", "hand", "evening")


@dataclass(frozen=True, slots=True)
class Common:
    """One statistic every game has, per player."""

    name: str
    """Its key in ``player_stats``; a dotted name is nested (``streaks.current``)."""
    form: str
    """How it is shown: ``number`` (a whole number, a count), ``units`` (signed: +4, −2),
    ``hand`` (a hand's units, its evening and number) or ``evening`` (an evening's units)."""
    adds: Callable[[str, int], int] | None = None
    """What one hand adds to it, from the player's role and units; None where ``figures``
    works it out otherwise."""
    behind: Callable[[str, int], bool] | None = None
    """Whether a hand counts for it (its link's hands); None: where ``adds`` is not 0."""

    def counts(self, role: str, units: int) -> bool:
        """Whether a hand of ``role`` and ``units`` is one of the hands behind the number."""
        if self.behind is not None:
            return self.behind(role, units)
        return bool(self.adds(role, units)) if self.adds is not None else False


COMMON = (
    Common("hands", "number", lambda role, units: role != SITTING_OUT),
    Common("sat_out", "number", lambda role, units: role == SITTING_OUT),
    Common("declared", "number", lambda role, units: role == DECLARER),
    Common("declared_won", "number", lambda role, units: role == DECLARER and units > 0),
    Common("units", "units", lambda role, units: units),
    Common(
        "as_declarer",
        "units",
        lambda role, units: units if role == DECLARER else 0,
        lambda role, units: role == DECLARER,
    ),
    Common("otherwise", "units", lambda role, units: 0 if role == DECLARER else units),
    Common("biggest_win", "hand"),
    Common("biggest_loss", "hand"),
    Common("best_evening", "evening"),
    Common("worst_evening", "evening"),
    Common("streaks.longest_win", "number"),
    Common("streaks.longest_loss", "number"),
    Common("streaks.current", "units"),
)
"""Every common statistic, in the order the pages, the CLI and the JSON give them."""

BY_NAME = {stat.name: stat for stat in COMMON}
STATS = tuple(BY_NAME)
"""The common statistics ``hands_behind`` answers; ``games.GAME.PATH`` names a game's."""
SUMS = tuple(stat for stat in COMMON if stat.adds is not None)
"""The ones that are sums over the hands (``figures.Tally`` keeps them in ``sums``)."""


@lru_cache(maxsize=4096)
def added(role: str, units: int) -> tuple[tuple[str, int], ...]:
    """What a hand of ``role`` and ``units`` adds to the sums, the nonzero ones only: a
    player's hands differ in few (role, units) pairs, so each is worked out once."""
    return tuple((s.name, n) for s in SUMS if s.adds is not None and (n := s.adds(role, units)))
