"""One write at a time per session, and optimistic concurrency on top of it.

Every write runs in ``transaction()`` and starts with ``lock()``: an UPDATE that raises the
session's ``version`` takes the row's write lock, so two scorers posting at once are
serialized instead of picking the same position. The new version is what the write
stamps on the hand it touches: hand versions are therefore unique within a session and
name one state of one hand, so a form opened on hand 5 can never overwrite another hand
that moved up to number 5 meanwhile.

A writer that says which version it saw (``expected``) gets a ``Conflict`` carrying the
current state when the version moved on: the later writer is told, never silently lost.

What else a write must keep in step (the kitty a group carries, ``carry``) subscribes to
the transaction's hooks (``subscribe``): this module knows no one who listens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from ..db import db
from ..models import GameSession, Hand
from .errors import CHANGED_MEANWHILE, Conflict

LockHook = Callable[[GameSession], None]
Hook = Callable[[], None]
_ON_LOCK: list[LockHook] = []
_BEFORE_COMMIT: list[Hook] = []
_ON_ROLLBACK: list[Hook] = []


def subscribe(
    *,
    on_lock: LockHook | None = None,
    before_commit: Hook | None = None,
    on_rollback: Hook | None = None,
) -> None:
    """Have a part of the ledger called at each write: ``on_lock(session)`` before the
    session's lock is taken, ``before_commit()`` inside the transaction just before it
    commits, ``on_rollback()`` as it rolls back. Subscribing twice is once."""
    pairs = ((_ON_LOCK, on_lock), (_BEFORE_COMMIT, before_commit), (_ON_ROLLBACK, on_rollback))
    for hooks, hook in pairs:
        if hook is not None and hook not in hooks:
            hooks.append(hook)  # type: ignore[arg-type]


def _rollback() -> None:
    for hook in _ON_ROLLBACK:
        hook()
    db.session.rollback()


class Stale(Exception):
    """Raised inside a transaction when the expected version is not the stored one."""


@contextmanager
def transaction(current: Callable[[], dict[str, Any] | None] | None = None) -> Iterator[None]:
    """Commit the block whole or roll it back; clashes become a ``Conflict``.

    A clash: two new sessions creating the same new player, or (SQLite) another write
    committed between this transaction's first read and its first write. A ``Stale``
    version becomes a ``Conflict`` carrying ``current()``, read after the rollback.
    """
    try:
        yield
        for hook in _BEFORE_COMMIT:  # the kitty a group carries, in this same transaction
            hook()
        db.session.commit()
    except Stale:
        _rollback()
        raise Conflict("", CHANGED_MEANWHILE, current() if current else None) from None
    except (IntegrityError, OperationalError) as exc:
        _rollback()
        if isinstance(exc, OperationalError) and "locked" not in str(exc.orig):
            raise
        raise Conflict("", "the session was changed at the same moment; try again") from None
    except BaseException:
        _rollback()
        raise


def lock(session: GameSession, expected: int | None = None) -> int:
    """Raise the session's version (taking its write lock); returns the new version.

    ``expected``: the session version the writer saw; another one raises ``Stale``.
    In a group whose evenings carry a kitty, the group's lock is taken first
    (``carry.note_write``, an ``on_lock`` hook), and the evenings after this one are
    refreshed before commit.
    """
    for hook in _ON_LOCK:
        hook(session)
    version = db.session.execute(
        update(GameSession)
        .where(GameSession.id == session.id)
        .values(version=GameSession.version + 1)
        .returning(GameSession.version)
    ).scalar_one()
    if expected is not None and expected != version - 1:
        raise Stale
    return version


def check_version(expected: int | None, stored: int) -> None:
    """Raise ``Stale`` when the writer expected another version of a hand."""
    if expected is not None and expected != stored:
        raise Stale


def bump_hands(session: GameSession, version: int) -> int:
    """Give every hand of the session a new version (its results changed); returns the
    session's version after it.

    Hand versions stay unique within the session (``version + position``, above every
    version given so far), so a form or an ``If-Match`` on any hand seen before is stale.
    """
    top = db.session.scalar(select(func.max(Hand.position)).where(Hand.session_id == session.id))
    if not top:
        return version
    db.session.execute(
        update(Hand).where(Hand.session_id == session.id).values(version=version + Hand.position)
    )
    db.session.execute(
        update(GameSession).where(GameSession.id == session.id).values(version=version + top)
    )
    return version + top
