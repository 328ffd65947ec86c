"""Who deals, who sits out and who bids first: the table's rotation, as pure functions.

Conventions (Hungarian games deal and play counter-clockwise, "to the right"):

- **Seating order** is the order in which a session lists its players. The player
  after index ``i`` (``i + 1``, wrapping round) sits on the right of player ``i``, and
  the player before (``i - 1``) on his left.
- **The deal passes to the right**: the next hand's dealer is the player after the
  last dealer. The first hand is dealt by the first player listed.
- **Sitting out**: three play each hand. At four the dealer sits out; at five the dealer
  and the player on the dealer's left (the previous index) sit out. In general the
  dealer and then the players to his left sit out, as many as are over three.
- **Who bids first**: the player on the dealer's right (the next index). A hand's
  ``players`` are listed from the first bidder on, round the table; ``sitting_out``
  lists the dealer first.
- **House option "the last declarer deals next"**: the next dealer is the last hand's
  declarer (for an all pass, the first bidder who threw in; the hand format calls him
  the declarer too).
- **A redeal** (light renonsz, misdeal: a void hand) is dealt again by the same dealer.
- **The seating changed** (a late arrival sat down, a player left): the deal keeps
  passing to the right in the new seating, from the seat after the last dealer. A
  newcomer seated right after him deals next; if the last dealer himself left, the next
  deal goes to the player who sat after him (the first of those after him still here).

Every result is a proposal: the scorer can override the dealer, the players and who
sits out of any hand, and the next proposal starts from what was recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ACTIVE_PLAYERS = 3
"""Ulti is played by three; the others at the table sit the hand out."""


@dataclass(frozen=True, slots=True)
class LastHand:
    """What the rotation needs to know of the previous hand."""

    dealer: str
    declarer: str
    outcome: str = "played"


@dataclass(frozen=True, slots=True)
class Deal:
    """Who deals a hand, who plays it (first bidder first) and who sits it out."""

    dealer: str
    players: tuple[str, ...]
    """The active players, from the first bidder on, round the table to the right."""
    sitting_out: tuple[str, ...]
    """The dealer first (at four and five), then the player on his left."""

    @property
    def first_bidder(self) -> str:
        return self.players[0]


def deal(seats: Sequence[str], dealer: str, active: int = ACTIVE_PLAYERS) -> Deal:
    """The hand dealt by ``dealer``: who plays and who sits out, by the conventions above."""
    _check_seats(seats, active)
    if dealer not in seats:
        raise ValueError(f"{dealer!r} is not seated at this table: {', '.join(seats)}")
    n = len(seats)
    i = seats.index(dealer)
    out = tuple(seats[(i - k) % n] for k in range(n - active))
    # from the dealer's right, round the table: the dealer himself plays last at three
    order = [seats[(i + k) % n] for k in range(1, n + 1)]
    players = tuple(p for p in order if p not in out)
    return Deal(dealer, players, out)


def first_bidder(seats: Sequence[str], dealer: str, players: Sequence[str]) -> str:
    """Who bids first when ``dealer`` deals and ``players`` play: the first of them on the
    dealer's right, round the table (the dealer himself last, if he plays).

    ``players`` may be any order and any choice of the seated (a scorer's override), so
    this holds where ``deal(...).first_bidder`` holds only for the rotation's own deal.
    """
    i = seats.index(dealer)
    return next(
        p for k in range(1, len(seats) + 1) if (p := seats[(i + k) % len(seats)]) in players
    )


def next_dealer(
    seats: Sequence[str],
    last: LastHand | None,
    last_declarer_deals: bool = False,
    before: Sequence[str] = (),
) -> str:
    """The dealer of the next hand, after ``last`` (None before the first hand).

    ``before``: the seating the last hand was dealt in, when it was another than ``seats``
    (see "The seating changed" above); only needed when the last dealer has left.
    """
    _check_seats(seats, 1)
    if last is None:
        return seats[0]
    if last.outcome == "redeal" and last.dealer in seats:
        return last.dealer
    if last_declarer_deals and last.declarer in seats:
        return last.declarer
    if last.dealer in seats:
        return seats[(seats.index(last.dealer) + 1) % len(seats)]
    if last.dealer in before:
        i = before.index(last.dealer)
        after = (before[(i + k) % len(before)] for k in range(1, len(before)))
        return next((p for p in after if p in seats), seats[0])
    return seats[0]


def next_deal(
    seats: Sequence[str],
    last: LastHand | None,
    last_declarer_deals: bool = False,
    active: int = ACTIVE_PLAYERS,
    before: Sequence[str] = (),
) -> Deal:
    """The next hand's proposal: ``next_dealer`` and the ``deal`` it gives."""
    return deal(seats, next_dealer(seats, last, last_declarer_deals, before), active)


def dealer_of(seats: Sequence[str], sitting_out: Sequence[str], active: int = ACTIVE_PLAYERS):
    """The dealer that a hand's sitting-out players name, or None when they name none.

    At four the dealer sits out, so the one sitting out dealt. At five the dealer and
    the player on his left (the previous seat) sit out: of the two, the dealer is the
    one whose left-hand neighbour is the other. Any other choice (a scorer's override)
    names no dealer; then the rotation's stands.
    """
    n = len(seats)
    out = set(sitting_out)
    if n - active < 1 or len(out) != n - active or not out <= set(seats):
        return None
    for dealer in sitting_out:
        i = seats.index(dealer)
        if {seats[(i - k) % n] for k in range(n - active)} == out:
            return dealer
    return None


def _check_seats(seats: Sequence[str], active: int) -> None:
    if len(seats) < active:
        raise ValueError(f"{len(seats)} seated players, fewer than the {active} who play a hand")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a player is seated twice: {', '.join(seats)}")
