"""Undoing a change: of the evening itself (its settings and house rules, a rename, a late
arrival or a player who left: ``undo_change``), and bringing a deleted hand back where it
was (``restore_hand``). A hand's other changes are undone by deleting or restoring it.

An undo puts back what the history entry's ``before`` holds, as a new write with its own
history entry (action ``undo``, ``after.undoes`` the entry undone), so nothing is lost
and the undo shows in the history too. It is refused, with the reason, when what the
change touched was changed again since (undo the later change first), when hands were
recorded on a seating that the undo would take back, and when it was undone already.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select, update

from ..db import db
from ..models import AuditEntry, GameSession, Hand, Seat
from .errors import Conflict, NotFound
from .journal import Actor, hand_state, record, settings_state
from .limits import Limits, check_hand_count
from .names import one_name
from .pinning import only_ruleset, session_engine
from .players import _player_id, players_state
from .reads import hand_count, live_hands, seat_names
from .renames import repoint
from .seating import seating_at
from .settings_option import with_settings
from .summary import session_json
from .txn import bump_hands, lock, retried, transaction

UNDOABLE = ("settings", "rename", "join", "leave")
SETTINGS = ("name", "date", "place", "unit_value", "settings", "options")


@retried
def undo_change(
    session: GameSession, entry_id: int, *, actor: Actor | None = None
) -> dict[str, Any]:
    """Undo the session's history entry ``entry_id``; returns what the undo recorded."""
    with transaction(current=lambda: session_json(session)):
        version = lock(session)
        entry = db.session.get(AuditEntry, entry_id)
        if (
            entry is None
            or entry.session_id != session.id
            or entry.hand_id is not None
            or entry.action not in UNDOABLE
            or entry.after is None
        ):
            raise NotFound("", f"this session has no change {entry_id} that can be undone")
        if _undone(session, entry_id):
            raise Conflict("", f"change {entry_id} is undone already")
        if entry.action == "settings":
            before = settings_state(session)
            _undo_settings(session, entry)
            db.session.flush()
            version = bump_hands(session, version)
            after = settings_state(session)
        else:
            before = players_state(session)
            if entry.action == "rename":
                _undo_rename(session, entry)
                db.session.flush()
                db.session.expire_all()
                version = bump_hands(session, version)
            else:
                _undo_seating(session, entry)
                db.session.flush()
                db.session.expire_all()
                version = bump_hands(session, version)
            after = players_state(session)
        after = {**after, "undoes": entry.id, "undone": entry.action}
        record(session, "undo", version, before=before, after=after, actor=actor)
    return after


def undoable(session: GameSession) -> list[int]:
    """The ids of the session's changes that an undo could be tried on (not undone yet)."""
    rows = db.session.scalars(
        select(AuditEntry).where(
            AuditEntry.session_id == session.id,
            AuditEntry.hand_id.is_(None),
            AuditEntry.action.in_((*UNDOABLE, "undo")),
        )
    ).all()
    done = {row.after.get("undoes") for row in rows if row.action == "undo" and row.after}
    return [r.id for r in rows if r.action in UNDOABLE and r.after and r.id not in done]


def _undone(session: GameSession, entry_id: int) -> bool:
    rows = db.session.scalars(
        select(AuditEntry.after).where(
            AuditEntry.session_id == session.id, AuditEntry.action == "undo"
        )
    )
    return any((after or {}).get("undoes") == entry_id for after in rows)


def _undo_settings(session: GameSession, entry: AuditEntry) -> None:
    now = settings_state(session)
    old, new = entry.before or {}, entry.after
    keys = [k for k in SETTINGS if k in old and k in new and old[k] != new[k]]
    for key in keys:
        if now[key] != new[key]:
            raise Conflict("", f"{key} was changed again since; undo that change first")
    for hand_id, own in (new.get("hand_options") or {}).items():
        row = db.session.get(Hand, int(hand_id))
        if row is not None and (row.options or None) != own:
            raise Conflict("", "a hand's house rules were changed since; undo that first")
    for key in keys:
        value = old[key]
        if key == "unit_value":
            session.unit_amount, session.currency = value["amount"], value["currency"]
        elif key == "settings":  # the seating option; ``options`` restores it when it changed too
            if "options" not in keys:
                session.options = _with_option(session, value)
        elif key == "date":
            session.date = dt.date.fromisoformat(value) if value else None
        else:
            setattr(session, key, value)
    for hand_id, own in (old.get("hand_options") or {}).items():
        row = db.session.get(Hand, int(hand_id))
        if row is not None:
            row.options = own or None


def _with_option(session: GameSession, settings: dict[str, Any]) -> dict[str, Any]:
    """The session's options with an older audit entry's ``settings`` put back."""
    ruleset = only_ruleset(session_engine(session))
    own = {n: v for n, v in (session.options or {}).items() if n not in settings}
    return with_settings(own, settings, ruleset)


def _undo_rename(session: GameSession, entry: AuditEntry) -> None:
    names = seat_names(session)
    for old, new in entry.after["renamed"].items():
        if new not in names:
            raise Conflict("", f"{new} is not called so any more; undo that change first")
        if any(n != new and one_name(n, old) for n in names):
            raise Conflict("", f"another player of this evening is called {old} now")
    for old, new in entry.after["renamed"].items():
        repoint(session, _player_id(new), _player_id(old, create=True))


def _undo_seating(session: GameSession, entry: AuditEntry) -> None:
    if players_state(session)["seats"] != entry.after["seats"]:
        raise Conflict("", "the seating changed again since; undo that change first")
    at = entry.after["at"]
    recorded = db.session.scalar(
        select(Hand.id).where(*live_hands(session.id), Hand.position >= at).limit(1)
    )
    if recorded is not None:
        raise Conflict(
            "",
            f"hands were recorded on this seating since hand {entry.after['from_hand']};"
            " delete them first",
        )
    wanted = {seat["name"]: seat for seat in entry.before["seats"]}
    for seat in list(session.seats):
        if seat.player.name not in wanted:
            db.session.delete(seat)
    db.session.flush()
    db.session.execute(
        update(Seat).where(Seat.session_id == session.id).values(position=-Seat.position - 1)
    )
    db.session.expire_all()
    present = {seat.player.name: seat for seat in session.seats}
    for name, snapshot in wanted.items():
        seat = present.get(name)
        if seat is None:
            seat = Seat(session_id=session.id, player_id=_player_id(name, create=True))
            db.session.add(seat)
        seat.position = snapshot["position"]
        seat.from_position = snapshot["from"]
        seat.until_position = snapshot["until"]


@retried
def restore_hand(
    session: GameSession,
    hand_id: int | None = None,
    *,
    audit_id: int | None = None,
    actor: Actor | None = None,
    limits: Limits | None = None,
) -> int:
    """Bring a deleted hand back to where it was; returns its number now.

    Name the hand by its id, or by the id of an audit entry about it (``deleted_hands``
    gives both). ``NotFound`` if the session has no such hand; ``Conflict`` if it is not
    deleted (someone restored it already).
    """
    with transaction():
        version = lock(session)
        if audit_id is not None:
            entry = db.session.get(AuditEntry, audit_id)
            if entry is None or entry.session_id != session.id or entry.hand_id is None:
                raise NotFound("", f"this session has no history entry {audit_id} about a hand")
            hand_id = entry.hand_id
        row = db.session.get(Hand, hand_id) if hand_id is not None else None
        if row is None or row.session_id != session.id:
            raise NotFound("", f"this session has no hand with id {hand_id}")
        if row.deleted_at is None:
            raise Conflict("", f"that hand is not deleted: it is hand {_number(row)}")
        _check_seated(session, row)
        row.deleted_at = None
        row.version = version
        db.session.flush()
        number = _number(row)
        check_hand_count(hand_count(session), limits)  # beyond MAX_HANDS: rolled back
        after = hand_state(session, row.id)
        record(session, "restore", version, row.id, number, after=after, actor=actor)
    return number


def _check_seated(session: GameSession, row: Hand) -> None:
    """A hand comes back only to a table its players still sit at (seating changes)."""
    seated = seating_at(session, row.position)
    state = hand_state(session, row.id)
    for name in (*state["players"], *state.get("sitting_out", ())):
        if name not in seated:
            raise Conflict("", f"{name} is not at the table at that hand any more")


def _number(row: Hand) -> int:
    """The number of a live hand: its rank among the session's live hands."""
    return db.session.scalar(
        select(func.count()).where(*live_hands(row.session_id), Hand.position <= row.position)
    )
