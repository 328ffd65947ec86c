"""Every session of the instance, for its admin: list, delete (hide) and restore.

Deleting a session only hides it: its links stop working, its rows and history stay, and
the admin can bring it back. Each is audited like any other write.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..db import db
from ..models import GameSession, Hand, Player, Seat, utcnow
from .errors import Conflict, NotFound
from .history import iso
from .journal import Actor, record
from .txn import lock, retried, transaction


def list_sessions(deleted: bool = False, session_id: int | None = None) -> list[dict[str, Any]]:
    """Live sessions (or, with ``deleted``, the deleted ones), the newest first; with
    ``session_id``, that one only (an empty list if it is not among them).

    Each: id, name, date, place, players (in seating order), hands (live ones), created_at,
    deleted_at.
    """
    wanted = GameSession.deleted_at.is_not(None) if deleted else GameSession.deleted_at.is_(None)
    if session_id is not None:
        wanted = wanted & (GameSession.id == session_id)
    sessions = db.session.execute(
        select(GameSession.id, GameSession.name, GameSession.date, GameSession.place)
        .add_columns(GameSession.created_at, GameSession.deleted_at)
        .where(wanted)
        .order_by(GameSession.id.desc())
    ).all()
    ids = select(GameSession.id).where(wanted).scalar_subquery()
    counts = dict(
        db.session.execute(
            select(Hand.session_id, func.count())
            .where(Hand.session_id.in_(ids), Hand.deleted_at.is_(None))
            .group_by(Hand.session_id)
        ).all()
    )
    players: dict[int, list[str]] = {row.id: [] for row in sessions}
    for session_id, name in db.session.execute(
        select(Seat.session_id, Player.name)
        .join(Player, Player.id == Seat.player_id)
        .where(Seat.session_id.in_(ids))
        .order_by(Seat.session_id, Seat.position)
    ):
        players[session_id].append(name)
    return [
        {
            "id": row.id,
            "name": row.name,
            "date": row.date.isoformat() if row.date else None,
            "place": row.place,
            "players": players[row.id],
            "hands": counts.get(row.id, 0),
            "created_at": iso(row.created_at),
            "deleted_at": iso(row.deleted_at),
        }
        for row in sessions
    ]


def delete_session(session_id: int, *, actor: Actor | None = None) -> None:
    """Hide a session: its links answer 404 from now on; nothing is removed."""
    _set_deleted(session_id, True, actor)


def restore_session(session_id: int, *, actor: Actor | None = None) -> None:
    """Bring a deleted session back, links and all."""
    _set_deleted(session_id, False, actor)


@retried
def _set_deleted(session_id: int, deleted: bool, actor: Actor | None) -> None:
    with transaction():
        session = db.session.get(GameSession, session_id)
        if session is None:
            raise NotFound("", f"there is no session {session_id}")
        if (session.deleted_at is not None) == deleted:
            state = "deleted" if deleted else "live"
            raise Conflict("", f"session {session_id} is already {state}")
        version = lock(session)
        session.deleted_at = utcnow() if deleted else None
        record(session, "delete" if deleted else "restore", version, actor=actor)
