"""Who deals, who sits out and who starts: the table's rotation, read from seating data.

The rules live in each ruleset's ``[seating]`` section (``settlement.seating``): how many
play at a table of each size and whose seats sit out, which way the deal passes, who
starts, and the house option "the last declarer deals next". The app passes the
session's ``Seating`` (``Ruleset.seating(options)``); these functions are its methods
with the seating last, for the callers that name one.

Conventions (with Ulti's data: three play, the deal passes to the right):

- **Seating order** is the order in which a session lists its players. The player
  after index ``i`` (``i + 1``, wrapping round) sits on the right of player ``i``.
- **The deal passes** to the next in that order ("right") or the previous ("left"); the
  first hand is dealt by the first player listed.
- **Sitting out**: the table's ``sits_out`` seats, counted from the dealer the deal's
  way; Ulti: at four the dealer, at five the dealer and the player on his left.
- **Who starts** (first bidder, forehand): ``starts`` seats after the dealer; a hand's
  ``players`` are listed from him on, round the table; ``sitting_out`` lists the dealer first.
- **"The last declarer deals next"**: the next dealer is the last hand's declarer (for
  an all pass, the first bidder who threw in; the hand format calls him the declarer too).
- **A redeal** (light renonsz, misdeal: a void hand) is dealt again by the same dealer.
- **The seating changed** (a late arrival sat down, a player left): the deal keeps
  passing the same way in the new seating, from the seat after the last dealer; if the
  last dealer himself left, it goes to the first of those after him still here.

Every result is a proposal: the scorer can override the dealer, the players and who
sits out of any hand, and the next proposal starts from what was recorded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .settlement.seating import Deal, LastHand, Seating

__all__ = ["Deal", "LastHand", "Seating", "deal", "dealer_of", "first_bidder", "next_deal"]

CLASSIC = Seating.standard(3, 5)
"""Three play, the dealer and then the players on his left sit out, the deal passes to the
right: what a caller that names no seating gets (scripts and tests of the rotation)."""


def deal(seats: Sequence[str], dealer: str, seating: Seating | int = CLASSIC) -> Deal:
    """The hand dealt by ``dealer``: who plays and who sits out.

    ``seating`` may still be the number who play (older callers): the classic table.
    """
    if isinstance(seating, int):
        seating = Seating.standard(seating, max(seating, len(seats)))
    return seating.deal(seats, dealer)


def first_bidder(
    seats: Sequence[str], dealer: str, players: Sequence[str], seating: Seating = CLASSIC
) -> str:
    """Who starts when ``dealer`` deals and ``players`` play (any choice of the seated)."""
    return seating.first_bidder(seats, dealer, players)


def next_dealer(
    seats: Sequence[str],
    last: LastHand | None,
    last_declarer_deals: bool | None = None,
    before: Sequence[str] = (),
    seating: Seating = CLASSIC,
) -> str:
    """The dealer of the next hand; ``last_declarer_deals`` overrides the seating's."""
    return _with(seating, last_declarer_deals).next_dealer(seats, last, before)


def next_deal(
    seats: Sequence[str],
    last: LastHand | None,
    last_declarer_deals: bool | None = None,
    seating: Seating = CLASSIC,
    before: Sequence[str] = (),
) -> Deal:
    """The next hand's proposal: ``next_dealer`` and the ``deal`` it gives."""
    return _with(seating, last_declarer_deals).next_deal(seats, last, before)


def dealer_of(seats: Sequence[str], sitting_out: Sequence[str], seating: Seating = CLASSIC):
    """The dealer that a hand's sitting-out players name, or None when they name none."""
    return seating.dealer_of(seats, sitting_out)


def _with(seating: Seating, last_declarer_deals: bool | None) -> Seating:
    if last_declarer_deals is None or last_declarer_deals == seating.last_declarer_deals:
        return seating
    return dataclasses.replace(seating, last_declarer_deals=last_declarer_deals)
