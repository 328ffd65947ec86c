"""The locks a payment is checked under: its groups' rows, then every evening they count.

A payment is checked against balances that the hands of many evenings make. A hand
written (saved, edited, deleted, restored) or a player renamed in any of them changes
those balances, and such a write locks only its own evening (and, for a kitty evening,
its group: ``carry``). So a payment takes its groups' row locks (in id order, as every
write of a group does first) and then the row of each evening they count, by their edit
or their view link (in id order), and only then reads what it checks: no write that
could move the balances commits between the check and the payment's own commit.

The evenings' rows are locked, not written: their versions, ETags and caches stay as they
are. On PostgreSQL it is ``SELECT ... FOR UPDATE``, which waits for (and holds off) the
evening writes' ``UPDATE`` of the same row; on SQLite the group's ``UPDATE`` has taken the
database's one write lock already, and SQLAlchemy leaves ``FOR UPDATE`` out.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import or_, select, update

from ..db import db
from ..models import GameSession, Group, GroupViewEvening


def lock_group_row(group_id: int, *, bump: bool = False) -> None:
    """Take the group's row lock; ``bump``: raise its version too (a write of the group)."""
    raised = Group.version + 1 if bump else Group.version
    db.session.execute(update(Group).where(Group.id == group_id).values(version=raised))


def lock_counted_evenings(group_ids: Iterable[int]) -> list[int]:
    """Row-lock every evening the groups count (their own and those they hold by their
    view link), in id order; returns their ids. Called after the groups' own locks."""
    ids = sorted(set(group_ids))
    if not ids:
        return []
    held = select(GroupViewEvening.session_id).where(GroupViewEvening.group_id.in_(ids))
    rows = db.session.scalars(
        select(GameSession.id)
        .where(or_(GameSession.group_id.in_(ids), GameSession.id.in_(held)))
        .order_by(GameSession.id)
        .with_for_update()
    )
    return list(rows)


def read_afresh() -> None:
    """Forget every row this request read before the locks: what the payment checks is
    read again under them (an evening read before a rename keeps its seats by the old
    names in the identity map). Nothing may be pending."""
    pending = db.session.new or db.session.dirty or db.session.deleted
    if pending:
        raise AssertionError("read_afresh with unflushed changes")
    db.session.expire_all()
