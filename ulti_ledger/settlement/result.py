"""What settling a hand gives: integer payments and the lines that explain them.

The values are named tuples rather than frozen dataclasses: just as immutable and
typed, and several times cheaper to build; a scoreboard makes tens of thousands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Term(NamedTuple):
    """What one player pays or receives for one line: factor × value."""

    player: str
    kontra: str
    """The kontra level's name at which this player plays the component ('' for none)."""
    factor: int
    value: int
    level: int = 0
    """The kontra level behind ``factor`` (-1: a plain multiple, such as a throw-in's 2 ×)."""
    extra: int = 0
    """The failed-bid extra in ``factor``: factor = kontra_factor ** level + extra."""


class Line(NamedTuple):
    """One reason for money to move, with exactly the amounts it moves.

    ``key`` and ``params`` are rendered into words by the scorer's explainer, in the
    reader's language; ``amounts`` (player -> units, + receives) sums to zero, and the
    lines of a hand add up to its payments.
    """

    key: str
    params: Mapping[str, Any]
    amounts: Mapping[str, int]


class Settlement:
    """The result of one hand: every player's units (+ receives) and the explanation.

    The lines are worked out when first read: a scoreboard needs every hand's payments
    but only the explanations a player opens, and building them costs more than the sums.
    """

    __slots__ = ("payments", "_explain", "_lines")

    def __init__(
        self,
        payments: Mapping[str, int],
        lines: tuple[Line, ...] | None = None,
        explain: Callable[[], tuple[Line, ...]] | None = None,
    ) -> None:
        self.payments = payments
        self._lines = lines
        self._explain = explain

    @property
    def lines(self) -> tuple[Line, ...]:
        if self._lines is None:
            assert self._explain is not None
            self._lines = self._explain()
        return self._lines

    def __repr__(self) -> str:
        return f"Settlement(payments={dict(self.payments)!r})"
