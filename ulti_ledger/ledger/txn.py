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

A write checks its input against what it read before it took the lock (the seats, the
hands, the group). When another write committed in between, those reads are no longer
the state it would write onto: ``lock`` sees the version moved past the one this
attempt read and raises ``Retry``, and ``retried`` runs the whole write again from fresh
reads (so does a lock clash: SQLite's busy database, PostgreSQL's serialization failure
or deadlock). A rename racing a hand thus never writes a hand against seats that are
gone; after a few attempts the writer is told to try again (409), never a 500.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Connection, func, inspect, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..db import db
from ..models import GameSession, Hand
from .errors import CHANGED_MEANWHILE, Conflict

P = ParamSpec("P")
T = TypeVar("T")
ATTEMPTS = 10
"""How often ``retried`` runs a write that keeps meeting another one before giving up
(a group rename across busy evenings may meet a scorer's hand several times)."""
AT_THE_SAME_MOMENT = "the session was changed at the same moment; try again"
LOCKED = "ulti_ledger.locked"
"""Key in the database session's ``info``: the evenings this transaction has locked."""

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


class Retry(Conflict):
    """Another write committed between this write's reads and its lock, or the two
    clashed on a lock: run it again (``retried``); uncaught, a 409 that says try again."""

    def __init__(self) -> None:
        super().__init__("", AT_THE_SAME_MOMENT)


def retried(write: Callable[P, T]) -> Callable[P, T]:
    """Run ``write`` again from fresh reads while it meets another write (``Retry``).

    The first attempt checks against what the request loaded (the evening's version was
    loaded with its row, before anything read of it since); the rollback of a ``Retry``
    expires every object, so the next attempt reads them all again."""

    @functools.wraps(write)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        return _again_while(
            lambda: write(*args, **kwargs),
            lambda exc: isinstance(exc, Retry),
            lambda attempt: time.sleep(random.uniform(0, min(0.1, 0.005 * 2**attempt))),
        )

    return run


def unmoved(session: GameSession) -> bool:
    """Whether the evening's stored version is still the one it was loaded at: no write
    committed since this request read its row (and then its seats and hands)."""
    loaded = inspect(session).dict.get("version")
    if not isinstance(loaded, int):
        return True  # loaded again since (expired): nothing older to compare
    stored = stored_version(db.session, session.id)
    return stored is None or stored == loaded


def read_again(read: Callable[P, T]) -> Callable[P, T]:
    """Read an evening (the first argument) again from fresh rows when a write committed
    while it was read: the seats of one state and the hands of another never make one
    page (a renamed dealer would be no one), and nothing of such a read is cached. Its
    state: the version loaded with its row, before anything read of it, then the stored
    one."""

    @functools.wraps(read)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        session = args[0]
        return read_again_while(
            lambda: read(*args, **kwargs),
            lambda: stored_version(db.session, session.id),
            first=lambda: session.version,
        )

    return run


def read_again_while(
    read: Callable[[], T],
    state: Callable[[], object],
    first: Callable[[], object] | None = None,
) -> T:
    """``read()`` again from fresh rows when it failed while ``state()`` moved from what
    ``first()`` (default ``state``) gave before the read: for one evening
    (``read_again``), or a read across many (a group's page, whose parts are read by
    separate statements, each of the latest commit). A failure while nothing moved is a
    bug, raised as it is."""
    seen: object = None

    def once() -> T:
        nonlocal seen
        seen = (first or state)()
        return read()

    def overlapped(exc: Exception) -> bool:
        pending = db.session.new or db.session.dirty or db.session.deleted
        return not pending and state() != seen

    return _again_while(once, overlapped, lambda attempt: db.session.expire_all())


def _again_while(
    once: Callable[[], T],
    again: Callable[[Exception], bool],
    between: Callable[[int], object],
) -> T:
    """``once()``, run again (after ``between(attempt)``) while its failure is one that
    ``again`` says another write caused, at most ``ATTEMPTS`` times in all: the loop
    ``retried`` and ``read_again`` share."""
    for attempt in range(ATTEMPTS):
        try:
            return once()
        except Exception as exc:
            if attempt == ATTEMPTS - 1 or not again(exc):
                raise
        between(attempt)
    raise AssertionError("unreachable")


def stored_version(bind: Session | Connection, session_id: int) -> int | None:
    """The evening's version as committed (or as this transaction wrote it): one statement
    on ``bind``, an ORM session or a connection of its own."""
    return bind.scalar(select(GameSession.version).where(GameSession.id == session_id))


def _clashed(exc: DBAPIError) -> bool:
    """A clash on a lock, which running the write again resolves: SQLite's busy or
    locked database; PostgreSQL's serialization failure (40001) or deadlock (40P01);
    two writers creating the same new player (a unique key)."""
    if isinstance(exc, IntegrityError):
        return True
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None)
    return code in ("40001", "40P01") or "locked" in str(exc.orig) or "busy" in str(exc.orig)


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
    except DBAPIError as exc:
        _rollback()
        if _clashed(exc):
            raise Retry() from None
        raise
    except BaseException:
        _rollback()
        raise
    finally:
        db.session.info.pop(LOCKED, None)


def lock(session: GameSession, expected: int | None = None) -> int:
    """Raise the session's version (taking its write lock); returns the new version.

    ``expected``: the session version the writer saw; another one raises ``Stale``.
    In a group whose evenings carry a kitty, the group's lock is taken first
    (``carry.note_write``, an ``on_lock`` hook), and the evenings after this one are
    refreshed before commit. Where the version moved past the one this attempt read the
    evening at (another write committed since), ``Retry``: the reads the write checked are
    out of date.
    """
    read = inspect(session).dict.get("version")  # as loaded, without reading it again
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
    locked = db.session.info.setdefault(LOCKED, set())
    if isinstance(read, int) and read != version - 1 and session.id not in locked:
        raise Retry
    locked.add(session.id)
    set_committed_value(session, "version", version)  # what a later write will compare
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
    set_committed_value(session, "version", version + top)
    return version + top
