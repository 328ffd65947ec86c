"""A group's member rows: the ids its own payments hold, and renames that move one row.

A group's members are the names that sat at its evenings; its own payments need a
handle that outlives a name. ``member_id`` gives (or makes) the member's row, under the
group's lock the payment holds. A rename then changes the row's name, and no payment:

- across the group (``groups.rename_member``): ``rename_member_row``; onto a name the
  group already has a row for (a merge), the payments move to that row and the old one
  goes, in the rename's transaction;
- in one evening (the evening's own rename, or its undo): for each group that counts the
  evening, when that evening was the last of the group where the old name sat, the
  member's row follows him (``follow_evening_rename``). While he still sits elsewhere in
  the group he is still a member by his old name, and the row keeps it.
"""

from __future__ import annotations

from sqlalchemy import delete, or_, select, update

from ..db import db
from ..models import GameSession, GroupMember, GroupViewEvening, Payment, Player, Seat


def member_id(group_id: int, name: str) -> int:
    """The id of the group's row for member ``name``, made if the group has none yet (no
    commit; the caller holds the group's lock, so two payments never make two rows)."""
    found = db.session.scalar(
        select(GroupMember.id).where(GroupMember.group_id == group_id, GroupMember.name == name)
    )
    if found is not None:
        return found
    row = GroupMember(group_id=group_id, name=name)
    db.session.add(row)
    db.session.flush()
    return row.id


def rename_member_row(group_id: int, old: str, new: str) -> None:
    """The group's member ``old`` is called ``new`` (no commit). One row changes; if the
    group has a row for ``new`` already (two spellings merged), what pointed at ``old``'s
    row points at it instead and ``old``'s row goes."""
    rows = dict(
        db.session.execute(
            select(GroupMember.name, GroupMember.id).where(
                GroupMember.group_id == group_id, GroupMember.name.in_([old, new])
            )
        ).all()
    )
    if old not in rows:
        return
    if new not in rows:
        db.session.execute(update(GroupMember).where(GroupMember.id == rows[old]).values(name=new))
        return
    for column in (Payment.payer_member_id, Payment.payee_member_id):
        db.session.execute(
            update(Payment).where(column == rows[old]).values({column.key: rows[new]})
        )
    db.session.execute(delete(GroupMember).where(GroupMember.id == rows[old]))
    for row in list(db.session.identity_map.values()):
        if isinstance(row, Payment):  # a loaded payment reads its member row again
            db.session.expire(row, ["payer_member", "payee_member"])


def link_named_group_payments() -> int:
    """Point every group payment that still names its members (a backup of a database
    made without migrations, whose schema had no member ids) at their member rows, and
    clear the names; returns how many (no commit). The migration does the same for a
    migrated database's rows."""
    named = db.session.scalars(
        select(Payment).where(Payment.group_id.is_not(None), Payment.payer_member_id.is_(None))
    ).all()
    for row in named:
        if row.payer is None or row.payee is None or row.group_id is None:
            continue
        row.payer_member_id = member_id(row.group_id, row.payer)
        row.payee_member_id = member_id(row.group_id, row.payee)
        row.payer = row.payee = None
    return len(named)


def follow_evening_rename(session: GameSession, old: str, new: str) -> None:
    """After ``old`` was renamed ``new`` in one evening (its rows already written): in each
    group that counts the evening (its own, and those holding it by its view link), the
    member row of ``old`` follows him if he sits at none of the group's evenings now."""
    held = select(GroupViewEvening.group_id).where(GroupViewEvening.session_id == session.id)
    groups = db.session.scalars(
        select(GroupMember.group_id)
        .where(GroupMember.name == old)
        .where(or_(GroupMember.group_id == session.group_id, GroupMember.group_id.in_(held)))
    ).all()
    for group_id in groups:
        if not _still_seated(group_id, old):
            rename_member_row(group_id, old, new)


def _still_seated(group_id: int, name: str) -> bool:
    """Whether ``name`` sits at one of the group's live evenings."""
    read = select(GroupViewEvening.session_id).where(GroupViewEvening.group_id == group_id)
    evenings = select(GameSession.id).where(
        or_(GameSession.group_id == group_id, GameSession.id.in_(read)),
        GameSession.deleted_at.is_(None),
    )
    seated = (
        select(Seat.id)
        .join(Player, Player.id == Seat.player_id)
        .where(Player.name == name, Seat.session_id.in_(evenings))
        .limit(1)
    )
    return db.session.scalar(seated) is not None
