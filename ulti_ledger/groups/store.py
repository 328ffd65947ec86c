"""Groups as rows: create one, find it by id or capability link, change it, and its evenings.

Every refusal is a ``GroupError``: a ``SessionError`` (so the API's error handling and
``key`` apply) that also carries ``code`` and ``params``, for the pages to word it in
their own language. Nothing is written when a change is refused.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from flask import current_app, has_app_context
from sqlalchemy import delete, func, or_, select, update

from ..db import db
from ..ledger import (
    DEFAULT_LIMITS,
    TOKEN_SHAPE,
    Limits,
    NotFound,
    SessionError,
    keeps_kitty,
    leave_group,
    lock_group,
    note_changed,
    read_again_while,
    refresh_group,
    refuse_hidden,
    retried,
    seat_names,
    session_by_token,
    transaction,
)
from ..models import GameSession, Group, GroupViewEvening, Player, Seat, StoredRuleset

T = TypeVar("T")
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


@retried  # SQLite refuses a write on a read older than another's commit: read again
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
    with transaction():
        name = check_group_name(data["name"]) if "name" in data else group.name
        start, end = check_season(
            data.get("season_start", _iso(group.season_start)),
            data.get("season_end", _iso(group.season_end)),
        )
        group.name, group.season_start, group.season_end = name, start, end
        group.version = Group.version + 1  # in SQL: two writers at once both count
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


def group_evenings(group: Group, writable: bool = False) -> list[GameSession]:
    """The group's live evenings, in the order they were played (date, then creation).

    ``writable``: only those the group may change (added by their edit link); else also
    those it holds by their view link, which it shows and counts but never writes."""
    live = (_held(group.id, writable), GameSession.deleted_at.is_(None))
    sessions = db.session.scalars(select(GameSession).where(*live)).all()
    return sorted(sessions, key=lambda s: (evening_day(s), s.id))


def _held(group_id: int, writable: bool = False) -> Any:
    """The condition "group ``group_id`` holds the evening" (``writable``: may change it)."""
    mine = GameSession.group_id == group_id
    if writable:
        return mine
    read = select(GroupViewEvening.session_id).where(GroupViewEvening.group_id == group_id)
    return or_(mine, GameSession.id.in_(read))


def evening_rows(group: Group) -> list[Any]:
    """The group's live evenings as plain rows, in order: id, version, digest, date,
    created_at, view_token, writable (the group may change it). One query and no ORM
    objects: what a cached page needs."""
    s, r = GameSession.__table__.c, StoredRuleset.__table__.c
    rows = db.session.execute(
        select(
            s.id,
            s.version,
            r.digest,
            s.date,
            s.created_at,
            s.view_token,
            (s.group_id == group.id).label("writable"),
        )
        .join_from(GameSession.__table__, StoredRuleset.__table__, r.id == s.ruleset_pk)
        .where(_held(group.id), s.deleted_at.is_(None))
    ).all()
    return sorted(rows, key=lambda row: (evening_day(row), row.id))


def evenings_stamp(group: Group) -> str:
    """A digest of the group's live evenings, their versions and whether the group may
    change them: it changes whenever any of them does (the season report's cache key)."""
    rows = ",".join(f"{r.id}:{r.version}:{int(bool(r.writable))}" for r in evening_rows(group))
    return hashlib.sha256(rows.encode()).hexdigest()


def read_steady(group: Group, read: Callable[[], T]) -> T:
    """``read()`` of one state of the group: its page reads the evenings, their
    summaries, payments and kitty by separate statements, and a rename or a hand that
    commits among them may leave two states side by side (a player by both names); when
    that makes the read fail, it runs again from fresh rows (``ledger.read_again_while``)."""
    return read_again_while(read, lambda: _state(group))


def _state(group: Group) -> tuple[Any, ...]:
    """What every write to the group or one of its evenings moves, in one cheap
    statement: the group's version (raised by adding or removing an evening), and how
    many live evenings it holds with the sum of their versions (each write raises one)."""
    s = GameSession.__table__.c
    version = select(Group.version).where(Group.id == group.id).scalar_subquery()
    query = select(func.count(s.id), func.coalesce(func.sum(s.version), 0), version).where(
        _held(group.id), s.deleted_at.is_(None)
    )
    return tuple(db.session.execute(query).one())


def evening_day(session: Any) -> dt.date:
    """The day an evening counts on: its date, else the day it was created (UTC)."""
    return session.date or session.created_at.date()


def evening_by_link(token: str) -> tuple[GameSession, bool]:
    """The evening a pasted link's token opens, and whether it is its edit link (which lets
    a group change it); ``NotFound`` when it opens none."""
    session = session_by_token(token, "view")
    edit = hmac.compare_digest(session.edit_token.encode(), token.encode())
    return session, edit


def holds(group: Group, session: GameSession) -> str | None:
    """How the group holds the evening: "edit" (may change it), "view" (reads it), None."""
    if session.group_id == group.id:
        return "edit"
    found = db.session.get(GroupViewEvening, (group.id, session.id))
    return "view" if found is not None else None


def holding_groups(session: GameSession) -> list[dict[str, Any]]:
    """Every group that holds the evening, for its scorer (the evening's edit page): id,
    name and ``writable`` (the group may change it), the one that may change it first."""
    out = []
    if session.group_id is not None:
        group = db.session.get(Group, session.group_id)
        out.append({"id": group.id, "name": group.name, "writable": True})
    readers = db.session.execute(
        select(Group.id, Group.name)
        .join(GroupViewEvening, GroupViewEvening.group_id == Group.id)
        .where(GroupViewEvening.session_id == session.id)
        .order_by(GroupViewEvening.created_at, Group.id)
    ).all()
    out.extend({"id": row.id, "name": row.name, "writable": False} for row in readers)
    return out


def add_evening(
    group: Group, session: GameSession, commit: bool = True, writable: bool = True
) -> None:
    """Put an evening in the group. ``writable``: the caller holds the evening's edit link,
    and the group may change it (renames, merges, the kitty chain); an evening belongs so
    to one group at most. Otherwise (its view link) the group only shows and counts it,
    and any number of groups may. An evening the group holds already stays as it is, but
    one it held by view is upgraded by its edit link. Past the group's maximum of evenings
    or members (``ledger.limits``) the add is refused, and nothing is written.
    ``commit``: False inside a caller's own transaction."""
    if not commit:
        _add_evening(group, session, writable)
        return
    _add_evening_whole(group, session, writable)


@retried  # a clash with a hand write (the group's lock, SQLite's busy) runs it again
def _add_evening_whole(group: Group, session: GameSession, writable: bool) -> None:
    with transaction():
        _add_evening(group, session, writable)


def _add_evening(group: Group, session: GameSession, writable: bool) -> None:
    if session.deleted_at is not None:
        raise GroupError("session", "this evening was deleted", "deleted")
    held = holds(group, session)
    if held == "edit" or (held == "view" and not writable):
        return
    if writable and session.group_id is not None:
        other = db.session.get(Group, session.group_id)
        raise GroupError(
            "session",
            f"this evening is already in the group {other.name!r}, which may change it; its "
            "scorer can take it out there, on the evening's edit page",
            "other_group",
            group=other.name,
        )
    lock_group(group.id)  # first, as every write that carries the group's kitty does
    if held is None:  # under the lock: two adds at once cannot both take the last place
        check_group_limits(group, seat_names(session))
    group.version = Group.version + 1  # in SQL: two writers at once both count
    if not writable:
        db.session.add(GroupViewEvening(group_id=group.id, session_id=session.id))
        return
    if held == "view":
        db.session.execute(
            delete(GroupViewEvening).where(
                GroupViewEvening.group_id == group.id, GroupViewEvening.session_id == session.id
            )
        )
    # a new version: a hand write that read the evening outside the group runs again
    # (``ledger.txn.Retry``) and carries the group's kitty chain
    db.session.execute(
        update(GameSession)
        .where(GameSession.id == session.id)
        .values(group_id=group.id, version=GameSession.version + 1)
    )
    db.session.expire(session, ["version"])  # read again where it is next asked for
    note_changed(session.id)  # its summary is stamped with its version
    session.group_id = group.id
    if keeps_kitty(session):
        refresh_group(group.id)


def check_group_limits(group: Group, players: Iterable[str]) -> None:
    """Refuse one more evening, of ``players``, that would take the group past its maximum
    of evenings or of members (``Limits.group_size``: the app's settings)."""
    most = _group_size()
    count = db.session.scalar(
        select(func.count(GameSession.id)).where(_held(group.id), GameSession.deleted_at.is_(None))
    )
    if count + 1 > most.evenings:
        raise GroupError(
            "session",
            f"a group holds at most {most.evenings} evenings; this one has {count}: start a new "
            "group for the next season",
            "too_many_evenings",
            limit=most.evenings,
        )
    held = select(GameSession.id).where(_held(group.id), GameSession.deleted_at.is_(None))
    names = db.session.scalars(  # one query, whatever the group's size
        select(Player.name)
        .join(Seat, Seat.player_id == Player.id)
        .where(Seat.session_id.in_(held))
        .distinct()
    ).all()
    after = set(names) | set(players)
    if len(after) > most.members:
        raise GroupError(
            "session",
            f"a group has at most {most.members} members; with this evening it would have "
            f"{len(after)}",
            "too_many_members",
            limit=most.members,
            count=len(after),
        )


def seat_names_of(sessions: list[GameSession]) -> list[str]:
    """Everyone who sat at one of ``sessions``, in order of first appearance."""
    seen: dict[str, None] = {}
    for session in sessions:
        seen.update(dict.fromkeys(seat_names(session)))
    return list(seen)


@retried  # a clash with a hand write (the group's lock, SQLite's busy) runs it again
def remove_evening(group: Group, session: GameSession) -> None:
    """Take an evening out of the group (it stays an evening of its own); the group's
    edit link, or the evening's (its edit page lists the groups that hold it), may."""
    with transaction():
        _remove_evening(group, session)


def _remove_evening(group: Group, session: GameSession) -> None:
    held = holds(group, session)
    if held is None:
        raise GroupError("session", "this evening is not in the group", "not_in_group")
    lock_group(group.id)
    group.version = Group.version + 1  # in SQL: two writers at once both count
    if held == "view":
        db.session.execute(
            delete(GroupViewEvening).where(
                GroupViewEvening.group_id == group.id, GroupViewEvening.session_id == session.id
            )
        )
        return
    db.session.execute(
        update(GameSession)
        .where(GameSession.id == session.id)
        .values(group_id=None, version=GameSession.version + 1)
    )
    db.session.expire(session, ["version"])
    note_changed(session.id)
    session.group_id = None
    if keeps_kitty(session):
        leave_group(session)
        refresh_group(group.id)


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def _group_size() -> Any:
    """The most a group holds in this app (``MAX_GROUP_SIZE_EVENINGS``, ``_MEMBERS``): the
    ledger reads no configuration, so the groups read theirs here."""
    if not has_app_context():
        return DEFAULT_LIMITS.group_size
    return Limits.from_config(current_app.config).group_size
