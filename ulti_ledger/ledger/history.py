"""The audit log: every change to a session or a hand, and restoring deleted hands.

Writers call ``record`` inside their transaction, so a change and its audit row commit
together or not at all. Nothing is ever removed: a deleted hand keeps its rows and its
position (``Hand.deleted_at``), so restoring it puts it back exactly where it was.

States are stored as the API takes them: a hand as a hand-format dict with its
``dealer``; a session as ``settings_state``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select

from ..audit import current_actor
from ..db import db
from ..models import AuditEntry, GameSession, Hand, utcnow
from .errors import Conflict, NotFound
from .facts import hand_heads, in_order, stored
from .limits import check_hand_count
from .pinning import only_ruleset, session_engine
from .reads import hand_count, hand_id_at, live_hands
from .seating import seating_at
from .settings_option import legacy_settings
from .txn import lock, transaction


def record(
    session: GameSession,
    action: str,
    version: int,
    hand_id: int | None = None,
    number: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Add one audit row for a change being written (in the caller's transaction)."""
    actor = current_actor()
    db.session.add(
        AuditEntry(
            session_id=session.id,
            hand_id=hand_id,
            action=action,
            number=number,
            version=version,
            via=actor.via,
            token_id=actor.token_id,
            at=utcnow(),
            before=before,
            after=after,
        )
    )


def hand_state(session: GameSession, hand_id: int) -> dict[str, Any]:
    """A stored hand as the API takes it: its hand-format facts and its dealer."""
    head = hand_heads(session.id, [hand_id])[hand_id]
    names = {seat.player_id: seat.player.name for seat in session.seats}
    facts, _, _ = in_order(session_engine(session), session.options, stored(head))
    return {**facts, "dealer": names[head.dealer_id]}


def settings_state(session: GameSession) -> dict[str, Any]:
    """The session's own facts that can be changed after it started."""
    return {
        "name": session.name,
        "date": session.date.isoformat() if session.date else None,
        "place": session.place,
        "unit_value": {"amount": session.unit_amount, "currency": session.currency},
        "settings": legacy_settings(only_ruleset(session_engine(session)).seating(session.options)),
        "options": dict(sorted((session.options or {}).items())),
    }


def hand_history(session: GameSession, number: int) -> list[dict[str, Any]]:
    """Every change of the live hand ``number``, oldest first (see ``entry_json``)."""
    hand_id = hand_id_at(session, number)
    rows = db.session.scalars(
        select(AuditEntry)
        .where(AuditEntry.session_id == session.id, AuditEntry.hand_id == hand_id)
        .order_by(AuditEntry.id)
    )
    return [entry_json(row) for row in rows]


def session_history(session: GameSession) -> list[dict[str, Any]]:
    """Every change of the session and its hands, oldest first."""
    rows = db.session.scalars(
        select(AuditEntry).where(AuditEntry.session_id == session.id).order_by(AuditEntry.id)
    )
    return [entry_json(row) for row in rows]


def entry_json(row: AuditEntry) -> dict[str, Any]:
    """An audit row as plain values: id, action, hand_id, number (then), version, via,
    token_id, at (ISO 8601, UTC), before and after (None where there is none)."""
    return {
        "id": row.id,
        "action": row.action,
        "hand_id": row.hand_id,
        "number": row.number,
        "version": row.version,
        "via": row.via,
        "token_id": row.token_id,
        "at": iso(row.at),
        "before": row.before,
        "after": row.after,
    }


def deleted_hands(session: GameSession) -> list[dict[str, Any]]:
    """The session's deleted hands, most recently deleted first, for a restore button.

    Each: hand_id, audit_id (its delete entry), number (the number it had), deleted_at,
    via, token_id and hand (its state with the dealer).
    """
    deletes = db.session.scalars(
        select(AuditEntry)
        .join(Hand, Hand.id == AuditEntry.hand_id)
        .where(
            AuditEntry.session_id == session.id,
            AuditEntry.action == "delete",
            Hand.deleted_at.is_not(None),
        )
        .order_by(AuditEntry.id.desc())
    )
    out, seen = [], set()
    for row in deletes:
        if row.hand_id in seen:  # deleted, restored and deleted again: the last delete
            continue
        seen.add(row.hand_id)
        out.append(
            {
                "hand_id": row.hand_id,
                "audit_id": row.id,
                "number": row.number,
                "deleted_at": iso(row.at),
                "via": row.via,
                "token_id": row.token_id,
                "hand": row.before,
            }
        )
    return out


def restore_hand(
    session: GameSession, hand_id: int | None = None, *, audit_id: int | None = None
) -> int:
    """Bring a deleted hand back to where it was; returns its number now.

    Name the hand by its id, or by the id of an audit entry about it (``deleted_hands``
    gives both). ``NotFound`` if the session has no such hand; ``Conflict`` if it is not
    deleted (someone restored it already).
    """
    with transaction():
        version = lock(session)
        if audit_id is not None:
            entry = db.session.get(AuditEntry, audit_id)
            if entry is None or entry.session_id != session.id or entry.hand_id is None:
                raise NotFound("", f"this session has no history entry {audit_id} about a hand")
            hand_id = entry.hand_id
        row = db.session.get(Hand, hand_id) if hand_id is not None else None
        if row is None or row.session_id != session.id:
            raise NotFound("", f"this session has no hand with id {hand_id}")
        if row.deleted_at is None:
            raise Conflict("", f"that hand is not deleted: it is hand {_number(row)}")
        _check_seated(session, row)
        row.deleted_at = None
        row.version = version
        db.session.flush()
        number = _number(row)
        check_hand_count(hand_count(session))  # beyond MAX_HANDS: rolled back
        record(session, "restore", version, row.id, number, after=hand_state(session, row.id))
    return number


def _check_seated(session: GameSession, row: Hand) -> None:
    """A hand comes back only to a table its players still sit at (seating changes)."""
    seated = seating_at(session, row.position)
    state = hand_state(session, row.id)
    for name in (*state["players"], *state.get("sitting_out", ())):
        if name not in seated:
            raise Conflict("", f"{name} is not at the table at that hand any more")


def edited_hand_ids(session: GameSession) -> set[int]:
    """Ids of the session's hands that were edited after they were recorded."""
    rows = db.session.scalars(
        select(AuditEntry.hand_id)
        .where(AuditEntry.session_id == session.id, AuditEntry.action == "edit")
        .distinct()
    )
    return set(rows)


def was_edited(session: GameSession, hand_id: int) -> bool:
    """Whether the hand was edited after it was recorded: one indexed probe, not the log."""
    found = db.session.scalar(
        select(AuditEntry.id)
        .where(
            AuditEntry.session_id == session.id,
            AuditEntry.hand_id == hand_id,
            AuditEntry.action == "edit",
        )
        .limit(1)
    )
    return found is not None


def _number(row: Hand) -> int:
    """The number of a live hand: its rank among the session's live hands."""
    return db.session.scalar(
        select(func.count()).where(*live_hands(row.session_id), Hand.position <= row.position)
    )


def iso(moment: dt.datetime | None) -> str | None:
    """A stored time in ISO 8601, in UTC (SQLite gives it back without the zone)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")
