"""Seating as data: how many play at each table size, who sits out, the deal and who starts.

Every game's ruleset file has a ``[seating]`` section, read here (the game reads none of it
itself), so the rotation (``ulti_ledger.rotation``) knows no game:

```toml
[seating]
deal_passes = "right"        # "right" (counter-clockwise, Hungarian games) or "left" (Skat)
starts = 1                   # who starts (first bidder, forehand): seats after the dealer
last_declarer_deals = false  # the house option: the last hand's declarer deals next
[seating.tables]
3 = { play = 3 }
4 = { play = 3, sits_out = [0] }      # the dealer
5 = { play = 3, sits_out = [0, -1] }  # the dealer and the player before him
```

Seats are counted from the dealer in the direction the deal passes: 0 is the dealer, 1
deals next, -1 dealt before him.

One convention for the list, whatever the game (``LISTED``): a session lists its players
as they sit, going round to the right, each one on the right of the one before
(counter-clockwise, seen from above), the first listed dealing first; the new-evening form
says so. Each ruleset's ``deal_passes`` then turns that one list its game's way: "right"
(counter-clockwise: Ulti, snapszer, tarokk) passes the deal to the next in the list, "left"
(clockwise: Skat) to the previous one. Sessions have always stored their players in this
order, so no evening changes its meaning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RulesetError
from .schema import Table

LISTED = "right"
"""Which way round a session lists its players: each on the right of the one before."""
DIRECTIONS = {LISTED: 1, "left": -1}
"""Which way the deal passes, as a step along the session's seating order."""
CLOCKWISE = {"right": False, "left": True}
"""Whether the deal passing that way goes clockwise, seen from above (as a drawing shows it)."""


@dataclass(frozen=True, slots=True)
class LastHand:
    """What the rotation needs to know of the previous hand."""

    dealer: str
    declarer: str
    outcome: str = "played"


@dataclass(frozen=True, slots=True)
class Deal:
    """Who deals a hand, who plays it (the starter first) and who sits it out."""

    dealer: str
    players: tuple[str, ...]
    """The active players, from the one who starts on, round the table the deal's way."""
    sitting_out: tuple[str, ...]
    """In the order the table's ``sits_out`` names their seats (the dealer first)."""

    @property
    def first_bidder(self) -> str:
        return self.players[0]


@dataclass(frozen=True, slots=True)
class TableSize:
    """One size of table a ruleset allows: how many play, and whose seats sit out."""

    size: int
    play: int
    sits_out: tuple[int, ...] = ()
    """Seats counted from the dealer the deal's way (0 the dealer, -1 the one before)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A ruleset's seating: the table sizes, the deal's direction, who starts, the option."""

    tables: Mapping[int, TableSize]
    deal_passes: str = "right"
    starts: int = 1
    """The seat after the dealer (the deal's way) where the bidding or the play starts."""
    last_declarer_deals: bool = False
    """House option: the last hand's declarer deals the next (all pass: the thrower-in)."""

    @classmethod
    def standard(cls, play: int, largest: int, **kwargs: Any) -> Seating:
        """``play`` play at every size up to ``largest``; the dealer, then the players
        before him, sit out (Ulti's table: at five, the dealer and the player on his left)."""
        tables = {
            n: TableSize(n, play, tuple(-k for k in range(n - play)))
            for n in range(play, largest + 1)
        }
        return cls(tables, **kwargs)

    @property
    def step(self) -> int:
        return DIRECTIONS[self.deal_passes]

    @property
    def clockwise(self) -> bool:
        """Whether the deal goes round clockwise (Skat) rather than counter-clockwise."""
        return CLOCKWISE[self.deal_passes]

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(sorted(self.tables))

    @property
    def smallest(self) -> int:
        return min(self.tables)

    @property
    def largest(self) -> int:
        return max(self.tables)

    def table(self, size: int) -> TableSize:
        """The table of ``size`` seated players, or a ValueError naming the sizes allowed."""
        found = self.tables.get(size)
        if found is None and size < self.smallest:
            play = self.tables[self.smallest].play
            raise ValueError(f"{size} seated players, fewer than the {play} who play a hand")
        if found is None:
            allowed = ", ".join(map(str, self.sizes))
            raise ValueError(f"{size} seated players; these rules seat {allowed}")
        return found

    def deal(self, seats: Sequence[str], dealer: str) -> Deal:
        """The hand dealt by ``dealer``: who plays (the starter first) and who sits out."""
        table = self.table(_checked(seats))
        if dealer not in seats:
            raise ValueError(f"{dealer!r} is not seated at this table: {', '.join(seats)}")
        n, i = len(seats), seats.index(dealer)
        out = tuple(seats[(i + k * self.step) % n] for k in table.sits_out)
        order = [seats[(i + (self.starts + k) * self.step) % n] for k in range(n)]
        return Deal(dealer, tuple(p for p in order if p not in out), out)

    def first_bidder(self, seats: Sequence[str], dealer: str, players: Sequence[str]) -> str:
        """Who starts when ``dealer`` deals and ``players`` play: the first of them from the
        starter's seat on, the deal's way (``players`` may be a scorer's own choice)."""
        n, i = len(seats), seats.index(dealer)
        order = (seats[(i + (self.starts + k) * self.step) % n] for k in range(n))
        return next(p for p in order if p in players)

    def next_dealer(
        self, seats: Sequence[str], last: LastHand | None, before: Sequence[str] = ()
    ) -> str:
        """The dealer of the next hand, after ``last`` (None before the first hand).

        A redeal is dealt again by the same dealer; with ``last_declarer_deals`` the last
        declarer deals; else the deal passes on from the last dealer. When he has left,
        ``before`` (the seating he dealt in) names the first after him still seated.
        """
        _checked(seats)
        if last is None:
            return seats[0]
        if last.outcome == "redeal" and last.dealer in seats:
            return last.dealer
        if self.last_declarer_deals and last.declarer in seats:
            return last.declarer
        if last.dealer in seats:
            return seats[(seats.index(last.dealer) + self.step) % len(seats)]
        if last.dealer in before:
            i = before.index(last.dealer)
            after = (before[(i + k * self.step) % len(before)] for k in range(1, len(before)))
            return next((p for p in after if p in seats), seats[0])
        return seats[0]

    def next_deal(
        self, seats: Sequence[str], last: LastHand | None, before: Sequence[str] = ()
    ) -> Deal:
        """The next hand's proposal: ``next_dealer`` and the ``deal`` it gives."""
        return self.deal(seats, self.next_dealer(seats, last, before))

    def dealer_of(self, seats: Sequence[str], sitting_out: Sequence[str]) -> str | None:
        """The dealer that a hand's sitting-out players name, or None when they name none
        (nobody sits out at this size, or a scorer's choice that no dealer gives). Where
        two dealers would seat the same players out, the first listed, if one, dealt."""
        table = self.tables.get(len(seats))
        out = set(sitting_out)
        if table is None or not table.sits_out or not out <= set(seats):
            return None
        named = [d for d in seats if set(self.deal(seats, d).sitting_out) == out]
        if len(named) > 1 and sitting_out and sitting_out[0] in named:
            return sitting_out[0]
        return named[0] if len(named) == 1 else None


def read_seating(raw: Any, source: str, path: str = "seating") -> Seating:
    """A ``[seating]`` section (as ``tomllib`` gives it) checked into a ``Seating``."""
    top = Table(raw, path, source)
    deal_passes = top.choice("deal_passes", DIRECTIONS, "right")
    starts = top.get("starts", lambda v: type(v) is int, "a whole number", 1)
    last_declarer_deals = top.bool("last_declarer_deals", False)
    tables: dict[int, TableSize] = {}
    for key, spec in top.tables("tables"):
        if not key.isdigit() or not 2 <= int(key) <= 10:
            raise RulesetError(source, f"{path}.tables.{key}", "must be a table size, 2 to 10")
        tables[int(key)] = _table_size(int(key), spec)
    if not tables:
        raise top.error("tables", "must name at least one table size")
    top.finish()
    return Seating(tables, deal_passes, starts, last_declarer_deals)


def _table_size(size: int, spec: Table) -> TableSize:
    play = spec.int("play", minimum=2)
    out = spec.get(
        "sits_out",
        lambda v: isinstance(v, list) and all(type(x) is int for x in v),
        "a list of seats counted from the dealer (0 the dealer, -1 the player before him)",
        [],
    )
    spec.finish()
    if play + len(out) != size:
        raise spec.error("play", f"{play} play and {len(out)} sit out: not a table of {size}")
    if len({k % size for k in out}) != len(out) or any(abs(k) >= size for k in out):
        raise spec.error("sits_out", f"must name {len(out)} different seats of {size}")
    return TableSize(size, play, tuple(out))


def _checked(seats: Sequence[str]) -> int:
    if len(set(seats)) != len(seats):
        raise ValueError(f"a player is seated twice: {', '.join(seats)}")
    return len(seats)
