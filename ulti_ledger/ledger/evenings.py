"""The evenings one browser remembers, for the landing page; and which are imported copies.

An imported file becomes a new session with the same name, date and players as the
evening it was exported from, so in a list the two look alike. ``import_session`` marks
the copy with an ``import`` audit entry (written with the session, in its transaction)
that keeps what the file said the evening was; ``remembered_evenings`` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select

from ..db import db
from ..models import AuditEntry, GameSession, Hand
from .history import iso


def origin_of(data: Any) -> dict[str, Any]:
    """What an imported file says its evening was: name, date, place, hands (the marker)."""
    body = data if isinstance(data, Mapping) else {}
    hands = body.get("hands")
    return {
        "name": body.get("name") or "",
        "date": body.get("date") or None,
        "place": body.get("place") or "",
        "hands": len(hands) if isinstance(hands, list) else 0,
    }


def imported_from(session_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """For those of ``session_ids`` that are imported copies: the original, and when."""
    if not session_ids:
        return {}
    rows = db.session.execute(
        select(AuditEntry.session_id, AuditEntry.after, AuditEntry.at).where(
            AuditEntry.session_id.in_(list(session_ids)),
            AuditEntry.action == "import",
            AuditEntry.hand_id.is_(None),
        )
    ).all()
    return {row.session_id: {**(row.after or {}), "at": iso(row.at)} for row in rows}


def remembered_evenings(session_ids: Sequence[int]) -> list[dict[str, Any]]:
    """The sessions of ``session_ids`` (a browser's, most recent first) that still exist.

    Each: id, name, date (ISO), place, hands (live ones), edit_token, view_token, and
    ``imported`` (the original's name, date, place, hands and the import's time) or None.
    """
    ids = list(session_ids)
    if not ids:
        return []
    live = (
        select(func.count(Hand.id))
        .where(Hand.session_id == GameSession.id, Hand.deleted_at.is_(None))
        .scalar_subquery()
    )
    rows = db.session.execute(
        select(GameSession, live).where(GameSession.id.in_(ids), GameSession.deleted_at.is_(None))
    ).all()
    copies = imported_from(ids)
    rank = {session_id: index for index, session_id in enumerate(ids)}
    out = [
        {
            "id": session.id,
            "name": session.name,
            "date": session.date.isoformat() if session.date else None,
            "place": session.place,
            "hands": hands,
            "edit_token": session.edit_token,
            "view_token": session.view_token,
            "imported": copies.get(session.id),
        }
        for session, hands in rows
    ]
    return sorted(out, key=lambda e: rank[e["id"]])
