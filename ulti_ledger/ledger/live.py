"""What a polling scoreboard needs, computed once per session version in each process.

Fifty phones that poll one session all ask, right after a hand is recorded, for the same
new state: the first request computes it, the others find it under (session, version).
The version is read before the state, so a cached state is never older than its key.
"""

from __future__ import annotations

from typing import Any

from ..models import GameSession
from .pinning import database_cache
from .summary import session_summary

EXTENSION = "ulti_ledger.live"


def scoreboard_state(session: GameSession) -> dict[str, Any]:
    """``{"version", "hands", "totals"}`` of ``session``: small, and cached by version."""
    cache = database_cache(EXTENSION, maxsize=1024)
    key = (session.id, session.version)
    state = cache.get(key)
    if state is None:
        summary = session_summary(session, "hu")
        state = {"version": session.version, "hands": len(summary["hands"])}
        state["totals"] = summary["totals"]
        cache.put(key, state)
    return state
