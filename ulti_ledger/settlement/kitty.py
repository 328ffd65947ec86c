"""A kitty: an account of the evening kept outside the players' payments.

Some games keep money on the table between hands (magas tarokk's pagát kitty, the
ultikassza): a hand may put into it or take it out. What a hand does is the game's
`KittyMove`, said without knowing the balance; the balance is the session's, so the
entries each hand makes (player -> units, + took out, - put in) are worked out here in
order, by `apply_kitty`. The kitty is never negative, and never above its cap where the
cap bounds the balance (where it bounds each pay-in, the balance may pass it); its
balance is the sum of the entries (negated), which are never part of ``payments``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple


class KittyMove(NamedTuple):
    """What one hand does to the kitty, whatever its balance.

    ``takers`` take the whole balance first, shared equally (the first named takes what
    does not divide). Then ``payers`` put in ``amount`` together (shared the same way),
    or, with ``doubles``, the balance again and at least ``amount``; a pay-in is rounded
    up to whole ``step``s and cut so that the balance stays within ``cap`` (0: no cap),
    or, with ``each``, cut to ``cap`` itself: the cap then bounds what one hand pays in,
    and the balance may grow past it (magas tarokk, seed 002 section 15).
    """

    takers: tuple[str, ...] = ()
    payers: tuple[str, ...] = ()
    amount: int = 0
    doubles: bool = False
    step: int = 1
    cap: int = 0
    each: bool = False


def apply_kitty(balance: int, move: KittyMove) -> tuple[dict[str, int], int]:
    """The entries one hand makes (player -> units, + took, - put in), and the balance
    after it."""
    entries: dict[str, int] = {}
    if move.takers and balance > 0:
        for name, share in _shares(balance, move.takers):
            entries[name] = entries.get(name, 0) + share
        balance = 0
    if move.payers:
        amount = max(balance, move.amount) if move.doubles else move.amount
        step = max(move.step, 1)
        amount = -(-amount // step) * step
        if move.cap and move.each:
            amount = min(amount, move.cap)
        elif move.cap:
            amount = max(0, min(amount, move.cap - balance))
        for name, share in _shares(amount, move.payers):
            entries[name] = entries.get(name, 0) - share
        balance += amount
    return {name: units for name, units in entries.items() if units}, balance


def run_kitty(
    moves: Iterable[KittyMove | None], opening: int = 0
) -> tuple[list[dict[str, int] | None], int]:
    """Each hand's entries (None for a hand that leaves the kitty alone) and the balance
    after the last, from an ``opening`` balance (what an earlier evening left in it)."""
    balance = opening
    out: list[dict[str, int] | None] = []
    for move in moves:
        if move is None:
            out.append(None)
            continue
        entries, balance = apply_kitty(balance, move)
        out.append(entries)
    return out, balance


class KittyAccount(NamedTuple):
    """How an evening keeps its kitty, as a group carries it from evening to evening: its
    ``kind`` (a balance carries only into an evening whose kitty is of the same kind) and
    its ``cap`` at this evening's table (0: none). A game gives it (``kitty_account``)."""

    kind: str
    cap: int = 0
    end: str = "stays"
    """What a balance left at the end of the evening does: ``stays`` for the group's next
    evening, or is ``shared`` out equally among the evening's players (`share_out`)."""


def open_kitty(carried: int, cap: int) -> tuple[int, int]:
    """The evening's opening balance from what the group ``carried`` in, and what the
    group holds back: a kitty is never above its cap, so where the table is smaller than
    the one that left the balance, the part above this evening's cap waits, still the
    group's, for the next evening (it is never paid out nor lost)."""
    carried = max(carried, 0)
    opening = min(carried, cap) if cap else carried
    return opening, carried - opening


def share_out(amount: int, players: tuple[str, ...]) -> dict[str, int]:
    """``amount`` shared equally among ``players``, in seating order: a unit that does not
    divide goes to the first named, one each, as a kitty taken by a side is shared."""
    return {name: units for name, units in _shares(amount, players) if units}


def kitty_total(entries: Iterable[Mapping[str, int] | None]) -> int:
    """What the entries left in the kitty: minus their sum."""
    return -sum(sum(e.values()) for e in entries if e)


def _shares(amount: int, players: tuple[str, ...]) -> list[tuple[str, int]]:
    base, rest = divmod(amount, len(players))
    return [(name, base + (1 if i < rest else 0)) for i, name in enumerate(players)]
