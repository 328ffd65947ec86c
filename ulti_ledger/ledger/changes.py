"""Changing a session's own facts after it started: name, date, place, stakes, settings.

Like every write it is serialized, audited (action ``settings``, the settings before and
after) and may name the session version the writer saw.
"""

from __future__ import annotations

from typing import Any

from ..models import GameSession
from .checks import check_changes
from .history import record, settings_state
from .summary import session_json
from .txn import lock, transaction

COLUMNS = ("name", "date", "place", "unit_amount", "currency", "last_declarer_deals")


def update_session(
    session: GameSession, data: Any, expected_version: int | None = None
) -> dict[str, Any]:
    """Change the given keys of ``name``, ``date``, ``place``, ``unit_value``, ``settings``.

    ``data`` may also carry ``version`` (the same as ``expected_version``). Raises a
    ``SessionError`` naming the key at fault, or a ``Conflict`` carrying the session as
    it is now (``session_json``) when it changed since the writer's version. Returns the
    settings as they are now (``settings_state``).
    """
    changes = check_changes(data)
    expected = changes.pop("version", expected_version)
    with transaction(current=lambda: session_json(session)):
        version = lock(session, expected)
        before = settings_state(session)
        for column in COLUMNS:
            if column in changes:
                setattr(session, column, changes[column])
        after = settings_state(session)
        record(session, "settings", version, before=before, after=after)
    return after
