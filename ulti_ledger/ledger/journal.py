"""Writing the audit log: one row per change, in the writer's own transaction.

Writers call ``record`` inside their transaction, so a change and its audit row commit
together or not at all. Who made the change (``Actor``) is the caller's to say: the
pages and the API pass the request's, the command line none (``CLI``). States are
stored as the API takes them: a hand as a hand-format dict with its ``dealer``
(``hand_state``); a session as ``settings_state``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..db import db
from ..models import AuditEntry, GameSession, utcnow
from .facts import hand_heads, in_order, stored
from .pinning import only_ruleset, session_engine
from .settings_option import legacy_settings


@dataclass(frozen=True, slots=True)
class Actor:
    """Where a change came from (the web layer's ``audit.current_actor`` says it)."""

    via: str
    """``api`` (JSON API), ``web`` (the pages), ``admin`` or ``cli`` (no request)."""
    token_id: str | None
    """A fingerprint of the capability token the request carried, if any."""


CLI = Actor("cli", None)
"""A change made without a request: the command line, a test, a script."""


def record(
    session: GameSession,
    action: str,
    version: int,
    hand_id: int | None = None,
    number: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    *,
    actor: Actor | None,
) -> None:
    """Add one audit row for a change being written (in the caller's transaction);
    ``actor`` None is ``CLI``."""
    actor = actor or CLI
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
