"""Finding sessions and hands: by id, by capability token, by hand number."""

from __future__ import annotations

import hmac

from sqlalchemy import func, select

from ..db import db
from ..models import GameSession, Hand, Player, Seat
from .errors import NotFound


def get_session(session_id: int) -> GameSession:
    """The session with this id, or ``NotFound``."""
    session = db.session.get(GameSession, session_id)
    if session is None:
        raise NotFound("", f"there is no session {session_id}")
    return session


def session_by_token(token: str, kind: str = "view") -> GameSession:
    """The session whose ``edit`` or ``view`` token is ``token``, or ``NotFound``.

    An edit token also opens the view: whoever may edit may read.
    """
    columns = [GameSession.edit_token] if kind == "edit" else [
        GameSession.view_token,
        GameSession.edit_token,
    ]
    for column in columns:
        session = db.session.scalar(select(GameSession).where(column == token))
        if session is not None:
            return session
    raise NotFound("", "no session has this link; check that it was copied whole")


def token_grants(session: GameSession, token: str | None, kind: str) -> bool:
    """Whether ``token`` allows ``kind`` ("edit" or "view") on ``session``, in constant time."""
    if not token:
        return False
    given = token.encode()
    edit = hmac.compare_digest(given, session.edit_token.encode())
    view = hmac.compare_digest(given, session.view_token.encode())
    return edit or (kind == "view" and view)


def seat_names(session: GameSession) -> tuple[str, ...]:
    """The session's players in seating order."""
    return tuple(seat.player.name for seat in session.seats)


def hand_count(session: GameSession) -> int:
    return db.session.scalar(select(func.count()).where(Hand.session_id == session.id)) or 0


def hand_id_at(session: GameSession, number: int) -> int:
    """The id of hand ``number`` (1-based, in recorded order), or ``NotFound``."""
    return hand_key_at(session, number)[0]


def hand_key_at(session: GameSession, number: int) -> tuple[int, int]:
    """The (id, version) of hand ``number``, or ``NotFound``."""
    row = None
    if number >= 1:
        row = db.session.execute(
            select(Hand.id, Hand.version)
            .where(Hand.session_id == session.id)
            .order_by(Hand.position)
            .offset(number - 1)
            .limit(1)
        ).first()
    if row is None:
        count = hand_count(session)
        raise NotFound("", f"there is no hand {number}: this session has {count} hands")
    return row[0], row[1]


def known_players(limit: int = 100) -> list[str]:
    """Names seen in earlier sessions, the most recently seated first, for a quick pick."""
    last_seen = func.max(Seat.id)
    rows = db.session.execute(
        select(Player.name)
        .join(Seat, Seat.player_id == Player.id)
        .group_by(Player.id, Player.name)
        .order_by(last_seen.desc())
        .limit(limit)
    )
    return list(rows.scalars())
