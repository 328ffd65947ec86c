"""What the ledger raises: one family of user-facing errors, plus not-found and conflict."""

from __future__ import annotations

from typing import Any

from ..settlement import LedgerError
from ..settlement.errors import Msg

CHANGED_MEANWHILE = "changed meanwhile"


class SessionError(LedgerError):
    """A session body or a request on a session that cannot be accepted.

    Like the engine's ``HandError`` it carries ``key`` (where in the input) and
    ``problem`` (what is wrong and what is allowed); ``str()`` joins them. An engine
    refusal passed on keeps its `Msg`, so ``text("hu")`` says it in Hungarian.
    """

    def __init__(self, key: str, problem: str | Msg) -> None:
        self.key = key
        self.message = problem if isinstance(problem, Msg) else Msg(problem)
        self.problem = self.message.text()
        super().__init__(f"{key}: {self.problem}" if key else self.problem)

    def text(self, lang: str = "en") -> str:
        problem = self.message.text(lang)
        return f"{self.key}: {problem}" if self.key else problem


class NotFound(SessionError):
    """No such session, or no hand of that number in it."""


class Conflict(SessionError):
    """Someone else wrote the same session: at the same moment, or since the writer looked.

    A write that named the version it expected, and found another, carries ``current``:
    the state now stored (``hand_entry`` of the hand, or ``session_json`` of the session;
    None when the hand is gone), so that the writer can be shown what changed. Without
    ``current`` the clash was a lock and trying again works.
    """

    def __init__(self, key: str, problem: str, current: dict[str, Any] | None = None) -> None:
        super().__init__(key, problem)
        self.current = current

    @property
    def stale(self) -> bool:
        """Whether the writer's expected version was out of date (not a mere lock clash)."""
        return self.problem == CHANGED_MEANWHILE
