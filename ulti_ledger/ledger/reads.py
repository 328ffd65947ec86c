"""Finding sessions and hands: by id, by capability token, by hand number.

Deleted sessions and hands are kept (see ``history``) but found by none of these: a hand's
number is its rank among the session's live hands.

Tokens are 256 random bits (``secrets.token_urlsafe(32)``). A value that cannot be a token
(wrong length or alphabet) is refused before the database is asked. A lookup by token goes
through the unique index on the token column, and the found row's token is compared again
with ``hmac.compare_digest``; ``token_grants`` compares in constant time only. The index
lookup compares as the database does: learning a token from its timing would take guessing
43 random characters one by one through the noise of a network, which is out of reach; a
lookup by the token's hash would remove even that, at the price of a migration.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Sequence

from sqlalchemy import func, select

from .. import rotation
from ..db import db
from ..models import GameSession, Hand, Player, Seat
from .errors import NotFound

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What ``secrets.token_urlsafe(32)`` (43 characters) and older, shorter tokens look like."""
NO_LINK = "no session has this link; check that it was copied whole"


def get_session(session_id: int) -> GameSession:
    """The live session with this id, or ``NotFound``."""
    session = db.session.get(GameSession, session_id)
    if session is None or session.deleted_at is not None:
        raise NotFound("", f"there is no session {session_id}")
    return session


def session_by_token(token: str, kind: str = "view") -> GameSession:
    """The session whose ``edit`` or ``view`` token is ``token``, or ``NotFound``.

    An edit token also opens the view: whoever may edit may read.
    """
    columns = (
        [GameSession.edit_token]
        if kind == "edit"
        else [
            GameSession.view_token,
            GameSession.edit_token,
        ]
    )
    if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
        raise NotFound("", NO_LINK)
    for column in columns:
        session = db.session.scalar(select(GameSession).where(column == token))
        if session is not None and session.deleted_at is None:
            stored = getattr(session, column.key)
            if hmac.compare_digest(stored.encode(), token.encode()):
                return session
    raise NotFound("", NO_LINK)


def session_stamp(token: str) -> tuple[int, int]:
    """(id, version) of the live session that ``token`` opens for viewing, or ``NotFound``.

    Two columns by one index: the cheapest way to learn whether a scoreboard changed.
    """
    if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
        raise NotFound("", NO_LINK)
    s = GameSession.__table__.c
    for column in (s.view_token, s.edit_token):
        row = db.session.execute(
            select(s.id, s.version, column).where(column == token, s.deleted_at.is_(None))
        ).first()
        if row is not None and hmac.compare_digest(row[2].encode(), token.encode()):
            return row[0], row[1]
    raise NotFound("", NO_LINK)


def token_grants(session: GameSession, token: str | None, kind: str) -> bool:
    """Whether ``token`` allows ``kind`` ("edit" or "view") on ``session``, in constant time."""
    if not token:
        return False
    given = token.encode("utf-8", "replace")
    edit = hmac.compare_digest(given, session.edit_token.encode())
    view = hmac.compare_digest(given, session.view_token.encode())
    return edit or (kind == "view" and view)


def seat_names(session: GameSession) -> tuple[str, ...]:
    """The session's players in seating order."""
    return tuple(seat.player.name for seat in session.seats)


def hand_count(session: GameSession) -> int:
    """How many live hands the session has."""
    return db.session.scalar(select(func.count()).where(*live_hands(session.id))) or 0


def live_hands(session_id: int) -> tuple:
    """The WHERE clauses that pick a session's live (not deleted) hands."""
    return (Hand.session_id == session_id, Hand.deleted_at.is_(None))


def last_hand(session: GameSession) -> rotation.LastHand | None:
    """What the rotation needs of the session's last live hand, or None before the first.

    One row, read backwards along the (session, position) index: proposing the next deal
    must cost the same at the ten-thousandth hand as at the first.
    """
    row = db.session.execute(
        select(Hand.dealer_id, Hand.facts)
        .where(*live_hands(session.id))
        .order_by(Hand.position.desc())
        .limit(1)
    ).first()
    if row is None:
        return None
    names = {seat.player_id: seat.player.name for seat in session.seats}
    facts = row.facts  # declarer and outcome: keys of every game's hand format
    dealer = names[row.dealer_id]
    return rotation.LastHand(dealer, facts.get("declarer"), facts.get("outcome", "played"))


def hand_id_at(session: GameSession, number: int) -> int:
    """The id of hand ``number`` (1-based, in recorded order), or ``NotFound``."""
    return hand_key_at(session, number)[0]


def hand_key_at(session: GameSession, number: int) -> tuple[int, int]:
    """The (id, version) of hand ``number``, or ``NotFound``."""
    row = None
    if number >= 1:
        row = db.session.execute(
            select(Hand.id, Hand.version)
            .where(*live_hands(session.id))
            .order_by(Hand.position)
            .offset(number - 1)
            .limit(1)
        ).first()
    if row is None:
        count = hand_count(session)
        raise NotFound("", f"there is no hand {number}: this session has {count} hands")
    return row[0], row[1]


def known_players(session_ids: Sequence[int], limit: int = 100) -> list[str]:
    """The players of these sessions, for a quick pick: the first session's first.

    ``session_ids`` are the evenings one browser scored, the most recent first
    (``views.remembered``); deleted sessions are skipped. Nobody else's names are read:
    on a public instance a visitor sees only the names of his own evenings.
    """
    ids = list(session_ids)
    if not ids:
        return []
    rows = db.session.execute(
        select(Seat.session_id, Player.name)
        .join(Player, Player.id == Seat.player_id)
        .join(GameSession, GameSession.id == Seat.session_id)
        .where(Seat.session_id.in_(ids), GameSession.deleted_at.is_(None))
        .order_by(Seat.session_id, Seat.position)
    ).all()
    rank = {session_id: index for index, session_id in enumerate(ids)}
    ordered = sorted(rows, key=lambda row: rank[row.session_id])  # stable: seats stay in order
    return list(dict.fromkeys(row.name for row in ordered))[:limit]
