"""Groups as rows: create one, find it by id or capability link, change it, and its evenings.

Every refusal is a ``GroupError``: a ``SessionError`` (so the API's error handling and
``key`` apply) that also carries ``code`` and ``params``, for the pages to word it in
their own language. Nothing is written when a change is refused.
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select, update

from ..db import db
from ..ledger.carry import keeps_kitty, leave_group, lock_group, refresh_group
from ..ledger.errors import NotFound, SessionError
from ..ledger.names import refuse_hidden
from ..ledger.reads import TOKEN_SHAPE
from ..models import GameSession, Group, StoredRuleset

NAME_LENGTH = 120
NO_LINK = "no group has this link; check that it was copied whole"


class GroupError(SessionError):
    """A request on a group that cannot be done: ``key``, ``problem`` (English), and the
    ``code`` and ``params`` that the pages word in their language (``group_err_<code>``)."""

    def __init__(self, key: str, problem: str, code: str, **params: Any) -> None:
        super().__init__(key, problem)
        self.code = code
        self.params = params


class GroupNotFound(GroupError, NotFound):
    """No group has this id or link."""


def _token() -> str:
    while (token := secrets.token_urlsafe(32)).startswith("-"):
        pass  # a link token never starts with "-" (a command line would take it for an option)
    return token


def create_group(
    name: Any, season_start: Any = None, season_end: Any = None, commit: bool = True
) -> Group:
    """A new group; ``season_start`` and ``season_end`` are ISO dates or None."""
    start, end = check_season(season_start, season_end)
    group = Group(
        name=check_group_name(name),
        edit_token=_token(),
        view_token=_token(),
        season_start=start,
        season_end=end,
    )
    db.session.add(group)
    if commit:
        db.session.commit()
    return group


def update_group(group: Group, data: Mapping[str, Any]) -> Group:
    """Change some of ``name``, ``season_start``, ``season_end``; checked whole first."""
    unknown = [k for k in data if k not in ("name", "season_start", "season_end")]
    if unknown:
        raise GroupError(
            str(unknown[0]),
            "cannot be changed; allowed: name, season_start, season_end",
            "unknown_key",
            key=str(unknown[0]),
        )
    name = check_group_name(data["name"]) if "name" in data else group.name
    start, end = check_season(
        data.get("season_start", _iso(group.season_start)),
        data.get("season_end", _iso(group.season_end)),
    )
    group.name, group.season_start, group.season_end = name, start, end
    group.version += 1
    db.session.commit()
    return group


def check_group_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise GroupError("name", "a group needs a name", "name_missing")
    name = name.strip()
    if len(name) > NAME_LENGTH:
        raise GroupError(
            "name", f"must be at most {NAME_LENGTH} characters", "name_long", limit=NAME_LENGTH
        )
    refuse_hidden(name, "name", "the name")
    return name


def check_season(start: Any, end: Any) -> tuple[dt.date | None, dt.date | None]:
    """The season's first and last day (inclusive); the end may not come before the start."""
    first, last = parse_day(start, "season_start"), parse_day(end, "season_end")
    if first and last and last < first:
        raise GroupError(
            "season_end",
            f"the season ends ({last}) before it starts ({first})",
            "season_order",
            start=first.isoformat(),
            end=last.isoformat(),
        )
    return first, last


def parse_day(raw: Any, key: str) -> dt.date | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, dt.date):
        return raw
    try:
        if not isinstance(raw, str):
            raise ValueError
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise GroupError(
            key, f'must be a date such as "2026-09-01", not {raw!r}', "bad_date", value=str(raw)
        ) from None


def get_group(group_id: int) -> Group:
    group = db.session.get(Group, group_id) if 0 < group_id < 2**31 else None
    if group is None:
        raise GroupNotFound("", f"there is no group {group_id}", "no_group", id=group_id)
    return group


def group_by_token(token: str, kind: str = "view") -> Group:
    """The group whose ``edit`` (or, for ``view``, either) token is ``token``."""
    if isinstance(token, str) and TOKEN_SHAPE.fullmatch(token):
        columns = [Group.edit_token] if kind == "edit" else [Group.view_token, Group.edit_token]
        for column in columns:
            group = db.session.scalar(select(Group).where(column == token))
            if group is not None:
                stored = getattr(group, column.key)
                if hmac.compare_digest(stored.encode(), token.encode()):
                    return group
    raise GroupNotFound("", NO_LINK, "bad_link")


def group_token_grants(group: Group, token: str | None, kind: str) -> bool:
    """Whether ``token`` allows ``kind`` on ``group``, in constant time."""
    if not token:
        return False
    given = token.encode("utf-8", "replace")
    edit = hmac.compare_digest(given, group.edit_token.encode())
    view = hmac.compare_digest(given, group.view_token.encode())
    return edit or (kind == "view" and view)


def group_evenings(group: Group) -> list[GameSession]:
    """The group's live evenings, in the order they were played (date, then creation)."""
    live = (GameSession.group_id == group.id, GameSession.deleted_at.is_(None))
    sessions = db.session.scalars(select(GameSession).where(*live)).all()
    return sorted(sessions, key=lambda s: (evening_day(s), s.id))


def evening_rows(group: Group) -> list[Any]:
    """The group's live evenings as plain rows, in order: id, version, digest, date,
    created_at, view_token. One query and no ORM objects: what a cached page needs."""
    s, r = GameSession.__table__.c, StoredRuleset.__table__.c
    rows = db.session.execute(
        select(s.id, s.version, r.digest, s.date, s.created_at, s.view_token)
        .join_from(GameSession.__table__, StoredRuleset.__table__, r.id == s.ruleset_pk)
        .where(s.group_id == group.id, s.deleted_at.is_(None))
    ).all()
    return sorted(rows, key=lambda row: (evening_day(row), row.id))


def evening_day(session: Any) -> dt.date:
    """The day an evening counts on: its date, else the day it was created (UTC)."""
    return session.date or session.created_at.date()


def add_evening(group: Group, session: GameSession, commit: bool = True) -> None:
    """Put an evening in the group; one in another group is refused (an evening belongs
    to one group), one already in this group is left as it is."""
    if session.deleted_at is not None:
        raise GroupError("session", "this evening was deleted", "deleted")
    if session.group_id == group.id:
        return
    if session.group_id is not None:
        other = db.session.get(Group, session.group_id)
        raise GroupError(
            "session",
            f"this evening is already in the group {other.name!r}",
            "other_group",
            group=other.name,
        )
    lock_group(group.id)  # first, as every write that carries the group's kitty does
    db.session.execute(
        update(GameSession).where(GameSession.id == session.id).values(group_id=group.id)
    )
    session.group_id = group.id
    group.version += 1
    if keeps_kitty(session):
        refresh_group(group.id)
    if commit:
        db.session.commit()


def remove_evening(group: Group, session: GameSession) -> None:
    """Take an evening out of the group (it stays an evening of its own)."""
    if session.group_id != group.id:
        raise GroupError("session", "this evening is not in the group", "not_in_group")
    lock_group(group.id)
    db.session.execute(
        update(GameSession).where(GameSession.id == session.id).values(group_id=None)
    )
    session.group_id = None
    group.version += 1
    if keeps_kitty(session):
        leave_group(session)
        refresh_group(group.id)
    db.session.commit()


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None
