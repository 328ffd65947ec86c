"""What settling a hand gives: integer payments, the lines that explain them, and the
game's own score where it keeps one.

Payments are money and sum to zero: what one player wins another loses. A game's own
score column (Skat's list) need not: the declarer alone scores +V or -2V. Such a game
gives both, the score as the game writes it and the payments that score is worth
(:func:`score_payments`); only the payments are checked to sum to zero.

The values are named tuples rather than frozen dataclasses: just as immutable and
typed, and several times cheaper to build; a scoreboard makes tens of thousands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .kitty import KittyMove, apply_kitty
from .pairs import hand_pairs, plural_sides


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
    ``score`` is the game's own score column for this hand (player -> points; the result
    format's ``score``), or None for a game that keeps none (Ulti), whose results then
    have no ``score`` at all.
    """

    __slots__ = ("payments", "score", "kitty", "_explain", "_args", "_lines")

    def __init__(
        self,
        payments: Mapping[str, int],
        lines: tuple[Line, ...] | None = None,
        explain: Callable[[], tuple[Line, ...]] | None = None,
        score: Mapping[str, int] | None = None,
        kitty: KittyMove | None = None,
    ) -> None:
        self.payments = payments
        self.score = score
        self.kitty = kitty
        """What the hand does to the kitty (`kitty.KittyMove`), outside ``payments``; None
        for a hand (or a game) that leaves it alone."""
        self._lines = lines
        self._explain = explain
        self._args: tuple[Any, ...] = ()

    @property
    def lines(self) -> tuple[Line, ...]:
        if self._lines is None:
            assert self._explain is not None
            self._lines = self._explain(*self._args)
        return self._lines

    def __repr__(self) -> str:
        if self.score is None:
            return f"Settlement(payments={dict(self.payments)!r})"
        return f"Settlement(payments={dict(self.payments)!r}, score={dict(self.score)!r})"


_new_object = object.__new__


def explained_later(
    payments: Mapping[str, int],
    explain: Callable[..., tuple[Line, ...]],
    args: tuple[Any, ...],
    kitty: KittyMove | None = None,
) -> Settlement:
    """A settlement with no score whose lines are ``explain(*args)``, worked out when
    first read: what most hands settle to (``kitty``: as `Settlement`'s).

    The same as ``Settlement(payments, None, lambda: explain(*args), None, kitty)``, made
    without a closure and without ``__init__`` (a Python call made from C): a scoreboard
    makes one per hand, and settling speed matters (bench/engine.py).
    """
    settlement = _new_object(Settlement)
    settlement.payments = payments
    settlement.score = settlement._lines = None
    settlement.kitty = kitty
    settlement._explain = explain
    settlement._args = args
    return settlement


def score_payments(scores: Mapping[str, int], table: Sequence[str]) -> dict[str, int]:
    """What a hand's scores are worth, comparing every pair of players at the ``table``:
    each pays ``n x score - (sum of the scores)`` (RULES.md, "The list into money").

    Everyone at the table counts, a sitting-out dealer included (score 0): over any
    two players the difference of their scores changes hands, so the payments sum to
    zero whatever the scores sum to. Declarer +V at three: +2V, and -V for each other.
    """
    unknown = [p for p in scores if p not in table]
    if unknown:
        raise ValueError(f"{unknown[0]} has a score but is not at the table")
    total = sum(scores.values())
    return {p: len(table) * scores.get(p, 0) - total for p in table}


def result_extras(settlement: Settlement) -> dict[str, Any]:
    """The result format's keys that only some hands have, after payments and lines.

    ``score``: the game's own score column, for a game that keeps one. ``kitty``: what
    each player put in (-) or took (+) of the kitty, for a hand that moves it, counted
    from an empty kitty (a session counts from its balance: `session.SessionResult`). ``pairs``: who
    pays whom (``[{"from", "to", "amount"}]``, in units), only where two or more players
    pay and two or more receive (2 v 2): there the payments alone do not say it, and
    elsewhere the lines already do (Ulti's declarer settles with each defender). So an
    Ulti result never has either key, and its JSON stays as it was.
    """
    extras: dict[str, Any] = {}
    if settlement.score is not None:
        extras["score"] = dict(settlement.score)
    if settlement.kitty is not None:
        extras["kitty"] = apply_kitty(0, settlement.kitty)[0]
    if plural_sides(settlement.payments):
        extras["pairs"] = [pair.to_json() for pair in hand_pairs(settlement.payments)]
    return extras
