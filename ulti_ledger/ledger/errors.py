"""What the ledger raises: one family of user-facing errors, plus not-found and conflict."""

from __future__ import annotations

from ..settlement import LedgerError


class SessionError(LedgerError):
    """A session body or a request on a session that cannot be accepted.

    Like the engine's ``HandError`` it carries ``key`` (where in the input) and
    ``problem`` (what is wrong and what is allowed); ``str()`` joins them.
    """

    def __init__(self, key: str, problem: str) -> None:
        self.key = key
        self.problem = problem
        super().__init__(f"{key}: {problem}" if key else problem)


class NotFound(SessionError):
    """No such session, or no hand of that number in it."""


class Conflict(SessionError):
    """Someone else wrote the same session at the same moment; trying again works."""
