"""The seats of a table: each player's own phone, claimed by a link of its own.

A seat (``TableSeat``) is a capability of its own (docs/capabilities.md): its token reads
what the view link reads and answers for one player (``agreement``: his verdicts). A seat
claimed without a PIN passes to the phone that claims it next; with one, only to a phone
that gives it. The scorer frees a seat and sets the house's confirmation rules here too.
Every change raises the evening's version (``lock``), like every other change of it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import bindparam, delete, select, update

from ..db import db
from ..models import GameSession, HandVerdict, TableSeat, utcnow
from .agreement import MODES, AgreementError
from .errors import NotFound
from .reads import TOKEN_SHAPE, seat_names
from .txn import lock, retried, transaction

PIN_SHAPE = "0123456789"
NO_SEAT = "no seat has this link; it was freed, or taken by another phone"

PIN_ROUNDS = 200_000
"""PBKDF2-SHA256 rounds of a seat's PIN: a short PIN is guessed offline anyway; this
keeps a copied database from giving it away at a glance."""


def hash_pin(pin: str) -> str:
    """A PIN as stored: ``pbkdf2$rounds$salt$hash`` (hex)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, PIN_ROUNDS)
    return f"pbkdf2${PIN_ROUNDS}${salt.hex()}${digest.hex()}"


def pin_matches(stored: str, pin: str) -> bool:
    """Whether ``pin`` is the one ``stored`` (``hash_pin``) was made of, in constant time."""
    try:
        _, rounds, salt, digest = stored.split("$")
        given = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(given.hex(), digest)


def seat_by_token(token: str) -> TableSeat:
    """The claimed seat this token opens (of a live evening), or ``NotFound``."""
    if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
        raise NotFound("", NO_SEAT)
    seat = db.session.scalar(select(TableSeat).where(TableSeat.token == token))
    if seat is None or not hmac.compare_digest(seat.token.encode(), token.encode()):
        raise NotFound("", NO_SEAT)
    session = db.session.get(GameSession, seat.session_id)
    if session is None or session.deleted_at is not None:
        raise NotFound("", NO_SEAT)
    return seat


_STAMP = (
    select(TableSeat.token, GameSession.id, GameSession.version)
    .join(GameSession, GameSession.id == TableSeat.session_id)
    .where(TableSeat.token == bindparam("token"), GameSession.deleted_at.is_(None))
)
"""The seat's poll, built once: only its token changes from one poll to the next."""


def seat_stamp(token: str) -> tuple[int, int]:
    """(evening id, version) of the live evening this seat token opens, or ``NotFound``:
    one indexed lookup, for the seat's poll.

    Read on a connection of its own in autocommit: one round trip to the database (no
    BEGIN, no ROLLBACK) and no ORM session, since every seat's phone asks every second.
    """
    if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
        raise NotFound("", NO_SEAT)
    with db.engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        row = connection.execute(_STAMP, {"token": token}).first()
    if row is None or not hmac.compare_digest(row[0].encode(), token.encode()):
        raise NotFound("", NO_SEAT)
    return row[1], row[2]


def is_seat_token(token: str | None) -> bool:
    """Whether ``token`` is a claimed seat's: an edit route answers it 403, not 404."""
    try:
        seat_by_token(token or "")
    except NotFound:
        return False
    return True


def claimed_seats(session: GameSession) -> dict[str, TableSeat]:
    """The seats claimed at this evening, by player."""
    rows = db.session.scalars(select(TableSeat).where(TableSeat.session_id == session.id))
    return {row.player: row for row in rows}


@retried
def claim_seat(session: GameSession, player: str, pin: str = "", old_pin: str = "") -> str:
    """Claim ``player``'s seat on this phone; its new token.

    A seat claimed without a PIN passes to the phone that claims it next (the first
    phone's token then opens nothing); one with a PIN only to a phone that gives it.
    """
    if player not in seat_names(session):
        raise AgreementError("player", f"{player} does not play here", "no_player", player=player)
    if pin and (not 4 <= len(pin) <= 8 or set(pin) - set(PIN_SHAPE)):
        raise AgreementError("pin", "a PIN is 4 to 8 digits", "bad_pin")
    with transaction():
        lock(session)
        row = claimed_seats(session).get(player)
        if row is not None and row.pin_hash and not pin_matches(row.pin_hash, old_pin):
            raise AgreementError("pin", f"{player}'s seat is kept by a PIN", "pin_needed")
        if row is None:
            row = TableSeat(session_id=session.id, player=player)
            db.session.add(row)
        row.token = secrets.token_urlsafe(32)
        row.pin_hash = hash_pin(pin) if pin else None
        row.created_at = utcnow()
    return row.token


@retried
def free_seat(session: GameSession, player: str) -> bool:
    """The scorer frees ``player``'s seat: its token opens nothing any more."""
    with transaction():
        lock(session)
        gone = db.session.execute(
            delete(TableSeat).where(TableSeat.session_id == session.id, TableSeat.player == player)
        ).rowcount
    return bool(gone)


@retried
def set_agreement_rules(session: GameSession, mode: str, settle_agreed: bool) -> None:
    """The scorer's house options: who confirms (``MODES``), and whether the settlement
    waits for every hand to be agreed."""
    if mode not in MODES:
        raise AgreementError("mode", f"one of {', '.join(MODES)}", "bad_mode")
    with transaction():
        lock(session)
        session.confirm_mode = mode
        session.settle_agreed = settle_agreed


def rename_in_seats(session: GameSession, old: str, new: str) -> None:
    """A player renamed keeps his seat and his verdicts (no commit: the rename's); merged
    into a player who holds a seat, his own seat goes."""
    if new in claimed_seats(session):
        db.session.execute(
            delete(TableSeat).where(TableSeat.session_id == session.id, TableSeat.player == old)
        )
    for model in (TableSeat, HandVerdict):
        db.session.execute(
            update(model)
            .where(model.session_id == session.id, model.player == old)
            .values(player=new)
        )
