"""Who sits at the table at each hand, when the seating changed during the evening.

A session keeps one ``Seat`` row for everyone who played that evening, in one seating
order (``Seat.position``). A late arrival's seat starts at a hand position
(``from_position``), a player who left has his seat end at one (``until_position``).
The seating at a hand is the seats whose span covers the hand's position, in that order;
earlier hands therefore keep theirs, and a hand recorded later gets the new one.

Hand positions, not numbers: a deleted hand keeps its position, so a change made after
hand 3 still starts at the hand recorded next even if hand 3 is deleted and restored.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..db import db
from ..models import GameSession, Hand, Seat
from .errors import SessionError
from .reads import live_hands


def covers(seat: Seat, position: int) -> bool:
    """Whether ``seat`` is at the table for the hand at ``position``."""
    started = seat.from_position is None or seat.from_position <= position
    return started and (seat.until_position is None or position < seat.until_position)


def changed(session: GameSession) -> bool:
    """Whether the seating ever changed (the common case, no, costs no query)."""
    return any(s.from_position is not None or s.until_position is not None for s in session.seats)


def seating_at(session: GameSession, position: int) -> tuple[str, ...]:
    """The players at the table for the hand at ``position``, in seating order."""
    return tuple(s.player.name for s in session.seats if covers(s, position))


def next_position(session: GameSession) -> int:
    """The position the next hand recorded gets: after every hand, deleted ones too."""
    top = db.session.scalar(select(func.max(Hand.position)).where(Hand.session_id == session.id))
    return (top or 0) + 1


def current_seating(session: GameSession) -> tuple[str, ...]:
    """The players at the table now: for the next hand."""
    if not changed(session):
        return tuple(s.player.name for s in session.seats)
    return seating_at(session, next_position(session))


def live_positions(session: GameSession) -> list[int]:
    """The positions of the live hands in order (hand ``n`` is at index ``n - 1``)."""
    query = select(Hand.position).where(*live_hands(session.id)).order_by(Hand.position)
    return list(db.session.scalars(query))


def seating_of_hand(session: GameSession, number: int) -> tuple[str, ...]:
    """The players at the table for live hand ``number``."""
    if not changed(session):
        return tuple(s.player.name for s in session.seats)
    positions = live_positions(session)
    if not 1 <= number <= len(positions):
        return current_seating(session)  # the caller's lookup says there is no such hand
    return seating_at(session, positions[number - 1])


def seating_changes(session: GameSession) -> list[dict[str, Any]]:
    """Each change of seating as ``{"from_hand": N, "players": [...]}``, in order.

    Derived from the hands: an entry wherever a hand's seating (or, for ``from_hand`` =
    hands + 1, the next hand's) differs from the one before it. The first hand's seating
    is the session's ``players``; this list is empty when it never changed.
    """
    if not changed(session):
        return []
    positions = [*live_positions(session), next_position(session)]
    out: list[dict[str, Any]] = []
    previous = seating_at(session, positions[0])
    for number, position in enumerate(positions[1:], start=2):
        seating = seating_at(session, position)
        if seating != previous:
            out.append({"from_hand": number, "players": list(seating)})
            previous = seating
    return out


def first_seating(session: GameSession) -> tuple[str, ...]:
    """The seating of the first hand (of the next one, before any): the file's ``players``."""
    if not changed(session):
        return tuple(s.player.name for s in session.seats)
    positions = live_positions(session)
    return seating_at(session, positions[0] if positions else next_position(session))


def boundary_for(session: GameSession, from_hand: Any) -> int:
    """The hand position where a seating change from hand ``from_hand`` starts.

    ``from_hand`` is a live hand's number, or hands + 1 for the next hand (the default,
    None). A change may not reach back before a later change already made.
    """
    positions = live_positions(session)
    if from_hand is None:
        from_hand = len(positions) + 1
    if isinstance(from_hand, bool) or not isinstance(from_hand, int):
        raise SessionError("from_hand", f"must be a hand number, not {from_hand!r}")
    if not 1 <= from_hand <= len(positions) + 1:
        raise SessionError(
            "from_hand",
            f"must be between 1 and {len(positions) + 1} (the next hand), not {from_hand}",
        )
    boundary = positions[from_hand - 1] if from_hand <= len(positions) else next_position(session)
    marks = [p for s in session.seats for p in (s.from_position, s.until_position) if p]
    if any(mark > boundary for mark in marks):
        later = positions.index(max(marks)) + 1 if max(marks) in positions else len(positions) + 1
        raise SessionError(
            "from_hand",
            f"the seating changes again from hand {later} on; a change from hand {from_hand}"
            " would reach behind it: undo that change first",
        )
    return boundary


def last_seating(session: GameSession) -> tuple[str, ...]:
    """The seating of the last live hand (empty before the first); for the rotation."""
    if not changed(session):
        return tuple(s.player.name for s in session.seats)
    query = select(func.max(Hand.position)).where(*live_hands(session.id))
    position = db.session.scalar(query)
    return seating_at(session, position) if position is not None else ()
