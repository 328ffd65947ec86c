"""Reading the audit log: every change to a session or a hand, as plain values.

This module only reads: the writers record their rows through ``journal`` inside their
own transaction, and a deleted hand is brought back by ``undo.restore_hand``. Nothing is
ever removed: a deleted hand keeps its rows and its position (``Hand.deleted_at``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import AuditEntry, GameSession, Hand
from .reads import hand_id_at


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


def iso(moment: dt.datetime | None) -> str | None:
    """A stored time in ISO 8601, in UTC (SQLite gives it back without the zone)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")
