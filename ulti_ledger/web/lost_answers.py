"""The answer to a write that committed but whose answer was never kept: a worker died.

A key's row lands in its write's transaction (``idempotency._claim``), and the answer is
kept after the view has made it (``after_request``). A worker killed between the two
leaves a row whose write is certainly committed (the row exists) and whose answer is
missing. Its retry must not wait for ever: once the worker that claimed it is known dead
(its process is gone from this machine), or once the claim is older than a lease
(``IDEMPOTENCY_LEASE_SECONDS``, for a worker on another machine), the answer is rebuilt
from what the claim noted of the write (``outline``: the rows it created). A phone's
offline queue needs no more than a 2xx to drop the hand it sent.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import secrets
import socket
from typing import Any

from flask import Response, request, url_for
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..db import db
from ..models import GameSession, Group, Hand, IdempotencyRecord, Payment, utcnow

CREATED = {model.__tablename__: model for model in (Hand, Payment, GameSession, Group)}
"""The rows whose creation an answer names (the rest are their seats, audit and such)."""
NOTED = "ulti_ledger.idempotency.created"
"""Key in the database session's ``info``: the rows this transaction created so far."""
_NONCE = secrets.token_hex(4)
_ANSWERING: set[int] = set()
"""The rows this process claimed and is still answering."""


def owner() -> str:
    """This process, as a claim names it: machine, process id, and a nonce."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{_NONCE}"


def answering(row: int, busy: bool) -> None:
    """Note that this process is (or no longer is) answering the claim ``row``."""
    if busy:
        _ANSWERING.add(row)
    else:
        _ANSWERING.discard(row)


def abandoned(record: IdempotencyRecord, lease: float) -> bool:
    """Whether nobody is still answering ``record``: its worker is gone, or its lease ran out."""
    if record.owner == owner():
        return record.id not in _ANSWERING  # this process claimed it and gave up
    host, _, rest = (record.owner or "").partition(":")
    pid = rest.partition(":")[0]
    if host == socket.gethostname()[:40] and pid.isdigit() and not _alive(int(pid)):
        return True
    claimed = record.created_at
    if claimed.tzinfo is None:
        claimed = claimed.replace(tzinfo=dt.UTC)
    return utcnow() - claimed >= dt.timedelta(seconds=lease)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    return True


def note_flushed(session: Session, context: Any) -> None:
    """Remember the rows a flush created (SQLAlchemy ``after_flush``: ``new`` still lists them)."""
    for row in session.new:
        table = getattr(row, "__tablename__", None)
        if table in CREATED:
            session.info.setdefault(NOTED, []).append((table, row))


def outline(session: Session) -> str:
    """What the transaction created, as ``{"hands": [id, ...], ...}`` (JSON)."""
    created: dict[str, list[int]] = {}
    for table, row in session.info.get(NOTED, []):
        created.setdefault(table, []).append(row.id)
    return json.dumps(created, sort_keys=True)


def forget(session: Session) -> None:
    session.info.pop(NOTED, None)


def created_id(record: IdempotencyRecord) -> int | None:
    """The id of the evening or group the write created, if it created one."""
    created = json.loads(record.outline or "{}")
    for table in ("game_sessions", "groups"):
        if created.get(table):
            return created[table][0]
    return None


def rebuilt(record: IdempotencyRecord) -> Response:
    """An answer that says the write is recorded: a page goes back to where it came
    from; a JSON client gets 201 (created) or 200 with the hand's number or the id."""
    created = json.loads(record.outline or "{}")
    if _navigation():
        return Response(status=303, headers={"Location": _page_after(created)})
    body: dict[str, Any] = {"recorded": True}
    headers: dict[str, str] = {}
    if created.get("hands"):
        hand = db.session.get(Hand, created["hands"][0])
        number = _number(hand) if hand is not None else None
        if number is not None:
            body["number"] = number
            if request.path.startswith("/api/"):
                location = url_for("api.get_hand", session_id=hand.session_id, number=number)
                headers["Location"] = location
    for table in ("payments", "game_sessions", "groups"):
        if created.get(table) and "id" not in body:
            body["id"] = created[table][0]
    status = 201 if created and request.method == "POST" else 200
    return Response(json.dumps(body), status, headers, content_type="application/json")


def _navigation() -> bool:
    """A browser's form post (it asks for a page), not a script's fetch or an API client."""
    if request.path.startswith("/api/"):
        return False
    return any(value == "text/html" for value, _ in request.accept_mimetypes)


def _page_after(created: dict[str, list[int]]) -> str:
    token = (request.view_args or {}).get("token")
    if token and request.path.startswith("/e/"):
        return url_for("sessions.edit", token=token)
    if token and request.path.startswith("/g/"):
        return url_for("groups.page", token=token)
    if created.get("game_sessions"):  # the browser proved it is the one that asked
        evening = db.session.get(GameSession, created["game_sessions"][0])
        if evening is not None:
            return url_for("sessions.edit", token=evening.edit_token)
    if created.get("groups"):
        group = db.session.get(Group, created["groups"][0])
        if group is not None:
            return url_for("groups.page", token=group.edit_token)
    return url_for("main.index")


def _number(hand: Hand) -> int | None:
    """The hand's number now (its rank among the evening's live hands)."""
    if hand.deleted_at is not None:
        return None
    return db.session.scalar(
        select(func.count())
        .select_from(Hand)
        .where(
            Hand.session_id == hand.session_id,
            Hand.deleted_at.is_(None),
            Hand.position <= hand.position,
        )
    )
