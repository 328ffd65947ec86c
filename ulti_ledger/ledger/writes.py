"""Recording facts: creating sessions and adding, replacing and deleting hands.

Each write validates its input completely through the engine first, then writes in one
transaction that commits or rolls back whole, so nothing is ever half-saved. A write
starts by raising the session's ``version`` with an UPDATE, which takes the row's write
lock: two scorers posting at once are serialized instead of picking the same position.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from .. import rotation
from ..db import db
from ..models import GameSession, Hand, Player, Seat, StoredRuleset
from ..settlement import Engine, Ruleset
from .checks import check_hand, check_session
from .errors import Conflict, NotFound
from .facts import write_facts
from .pinning import builtin_engine, session_engine
from .reads import hand_id_at, seat_names


def create_session(data: Any, engine: Engine | None = None) -> GameSession:
    """Create a session from a session@1 body (hands included); ``engine`` defaults to builtin.

    Raises a ``LedgerError`` naming the problem before anything is written.
    """
    plan = check_session(data, engine or builtin_engine())
    with _transaction():
        session = GameSession(
            name=plan.name,
            date=plan.date,
            place=plan.place,
            ruleset=_stored_ruleset(plan.ruleset),
            options=plan.options,
            unit_amount=plan.amount,
            currency=plan.currency,
            last_declarer_deals=plan.last_declarer_deals,
            edit_token=secrets.token_urlsafe(32),
            view_token=secrets.token_urlsafe(32),
            version=1,
        )
        ids = _player_ids(plan.players)
        session.seats = [Seat(position=i, player_id=ids[n]) for i, n in enumerate(plan.players)]
        db.session.add(session)
        db.session.flush()
        for position, (checked, dealer) in enumerate(plan.hands, start=1):
            _insert_hand(session, position, checked.facts, ids[dealer], ids)
    return session


def add_hand(session: GameSession, data: Any) -> int:
    """Record a hand at the end of the session; returns its number (1-based).

    Without a ``dealer`` key the rotation proposes the dealer (see ``rotation``).
    """
    engine = session_engine(session)
    seats = seat_names(session)
    checked = check_hand(data, engine, session.options, seats)
    with _transaction():
        _lock(session)
        last = db.session.execute(
            select(Hand.position, Hand.dealer_id, Hand.declarer_id, Hand.outcome)
            .where(Hand.session_id == session.id)
            .order_by(Hand.position.desc())
            .limit(1)
        ).first()
        ids = _seat_ids(session)
        dealer = checked.dealer
        if dealer is None:
            names = {i: n for n, i in ids.items()}
            previous = (
                rotation.LastHand(names[last.dealer_id], names[last.declarer_id], last.outcome)
                if last
                else None
            )
            dealer = rotation.next_dealer(seats, previous, session.last_declarer_deals)
        _insert_hand(session, (last.position if last else 0) + 1, checked.facts, ids[dealer], ids)
        number = db.session.scalar(select(func.count()).where(Hand.session_id == session.id))
    return number


def replace_hand(session: GameSession, number: int, data: Any) -> None:
    """Replace the facts of hand ``number``; later hands' results follow from the new facts.

    The dealer is kept unless ``data`` names one.
    """
    checked = check_hand(data, session_engine(session), session.options, seat_names(session))
    with _transaction():
        _lock(session)
        row = db.session.get(Hand, hand_id_at(session, number))
        ids = _seat_ids(session)
        write_facts(row, checked.facts, ids)
        if checked.dealer is not None:
            row.dealer_id = ids[checked.dealer]
        row.version += 1


def delete_hand(session: GameSession, number: int) -> None:
    """Delete hand ``number``; the later hands move up one number."""
    with _transaction():
        _lock(session)
        hand_id = hand_id_at(session, number)
        db.session.execute(delete(Hand).where(Hand.id == hand_id))


def undo_last(session: GameSession) -> int:
    """Delete the last hand recorded; returns the number it had."""
    with _transaction():
        _lock(session)
        count = db.session.scalar(select(func.count()).where(Hand.session_id == session.id))
        if not count:
            raise NotFound("", "there is no hand to undo")
        db.session.execute(delete(Hand).where(Hand.id == hand_id_at(session, count)))
    return count


@contextmanager
def _transaction() -> Iterator[None]:
    """Commit the block whole or roll it back; a clash with another writer is a ``Conflict``.

    A clash: two new sessions creating the same new player, or (SQLite) another write
    committed between this transaction's first read and its first write.
    """
    try:
        yield
        db.session.commit()
    except (IntegrityError, OperationalError) as exc:
        db.session.rollback()
        if isinstance(exc, OperationalError) and "locked" not in str(exc.orig):
            raise
        raise Conflict("", "the session was changed at the same moment; try again") from None
    except BaseException:
        db.session.rollback()
        raise


def _lock(session: GameSession) -> None:
    db.session.execute(
        update(GameSession)
        .where(GameSession.id == session.id)
        .values(version=GameSession.version + 1)
    )


def _insert_hand(
    session: GameSession,
    position: int,
    facts: Mapping[str, Any],
    dealer_id: int,
    ids: Mapping[str, int],
) -> None:
    row = Hand(session_id=session.id, position=position, dealer_id=dealer_id, version=1)
    write_facts(row, facts, ids)
    db.session.add(row)


def _seat_ids(session: GameSession) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in session.seats}


def _stored_ruleset(ruleset: Ruleset) -> StoredRuleset:
    stored = db.session.scalar(select(StoredRuleset).where(StoredRuleset.digest == ruleset.digest))
    if stored is None:
        stored = StoredRuleset(
            digest=ruleset.digest, ruleset_id=ruleset.id, source=ruleset.source, text=ruleset.text
        )
        db.session.add(stored)
    return stored


def _player_ids(names: tuple[str, ...]) -> dict[str, int]:
    """Ids of the named players, creating those not seen before (names are remembered)."""
    rows = db.session.execute(select(Player.name, Player.id).where(Player.name.in_(names)))
    found = dict(rows.all())
    new = [Player(name=n) for n in names if n not in found]
    if new:
        db.session.add_all(new)
        db.session.flush()
        found.update((p.name, p.id) for p in new)
    return found
