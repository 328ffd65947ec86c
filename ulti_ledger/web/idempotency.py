"""``Idempotency-Key`` on every write: a retry, a double tap or a lost answer records once.

The semantics are those of the IETF draft "The Idempotency-Key HTTP Header Field"
(draft-ietf-httpapi-idempotency-key-header): a client sends a unique key with a POST, PUT,
PATCH or DELETE; the server remembers the key with a fingerprint of the request and the
answer it gave, and a request with the same key gets that answer again, not a second write.

- The key is claimed **in the write's own transaction**: the row is added just before the
  ledger commits (an SQLAlchemy ``before_commit`` listener), so the write and the key land
  together or not at all. Two copies racing each other cannot both commit: the second
  one's insert breaks the unique key and its write is rolled back (409, "try again"), and
  its retry gets the first one's answer.
- The claim notes which worker made it and what the write created (``lost_answers``):
  the answer itself is kept once the view has made it. A worker killed in between leaves
  a committed write without an answer; its retry waits (409) while that worker may still
  answer, and gets an answer rebuilt from the claim once it cannot (its process is gone,
  or the claim is older than ``IDEMPOTENCY_LEASE_SECONDS``). A committed write whose view
  then failed (5xx) keeps such a rebuilt answer: a retry never hears a write failed that
  is recorded. Answers are kept whole, however long.
- A request that writes nothing (a refusal, a preview) claims nothing, so the same key may
  be sent again once the hand is mended.
- The fingerprint is of the request's meaning (``idempotency_request``): the same JSON
  with its keys in another order or other spacing, the same form fields in another
  order, is the same request. The same key with another body, method or path is 422, as
  the draft says; a key whose answer is still being made is 409.
- Keys are scoped by the capability that sent them (a fingerprint of the bearer token, or
  of the link's token in the page address), or by a page's browser session, so one
  client's key never answers another's. A key sent with neither (``POST
  /api/v1/sessions``) is kept, but its answer is never given again: the answer holds the
  new evening's edit token, and the key proves nothing about who sent it. The retry gets
  409 ``idempotency_key_replayed_without_capability`` with the id of what was created.
  Keys are kept ``KEEP_HOURS`` and then forgotten.

A replayed answer carries ``Idempotent-Replayed: true``.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from flask import Flask, Response, current_app, g, has_request_context, request
from sqlalchemy import delete, event, select
from sqlalchemy.orm import Session

from ..db import db
from ..models import IdempotencyRecord, utcnow
from . import lost_answers
from .idempotency_request import ANONYMOUS, request_fingerprint, request_scope

HEADER = "Idempotency-Key"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_KEY = 255
"""The longest key taken (the draft recommends UUIDs; 255 leaves room for any scheme)."""
KEEP_HOURS = 24
"""How long a key answers again: far longer than any phone waits to come back online
within an evening, short enough that the table stays small."""
KEPT_HEADERS = ("Content-Type", "ETag", "Location")


def parse_key(value: str) -> str | None:
    """The key of the header: an sf-string (``"abc"``, as the draft writes it) or a bare
    token (what most clients send); None when empty, too long, or not printable ASCII."""
    key = value.strip()
    if len(key) >= 2 and key[0] == key[-1] == '"':
        key = key[1:-1]
    if not key or len(key) > MAX_KEY or not all(" " <= c <= "~" for c in key):
        return None
    return key


def _refusal(status: int, code: str, **extra: Any) -> Response:
    from ..words.i18n import t

    text = t(code)
    if request.path.startswith("/api/"):
        body = json.dumps({"error": text, "code": code, "key": HEADER, **extra})
        return Response(body, status, content_type="application/json")
    return Response(text, status, content_type="text/plain; charset=utf-8")


def before_request() -> Response | None:
    """Answer a repeated key from what was kept; note a new one for the write to claim."""
    if request.method not in WRITES or HEADER not in request.headers:
        return None
    key = parse_key(request.headers[HEADER])
    if key is None:
        return _refusal(400, "idempotency_key_invalid")
    scope, fingerprint = request_scope(), request_fingerprint()
    try:
        kept = db.session.execute(
            select(IdempotencyRecord).where(
                IdempotencyRecord.scope == scope, IdempotencyRecord.key == key
            )
        ).scalar_one_or_none()
        if kept is not None and _expired(kept.created_at):
            _forget_old()
            kept = None
        if kept is None:
            g.idempotency = {"scope": scope, "key": key, "fingerprint": fingerprint, "row": None}
            return None
        return _again(kept, fingerprint)
    finally:
        db.session.rollback()  # end the read; the write opens its own transaction


def _again(kept: IdempotencyRecord, fingerprint: str) -> Response:
    """The answer to a key seen before: its kept answer, a refusal, or a rebuilt one."""
    if kept.fingerprint != fingerprint:
        return _refusal(422, "idempotency_key_reused")
    lease = current_app.config["IDEMPOTENCY_LEASE_SECONDS"]
    if kept.status is None and not lost_answers.abandoned(kept, lease):
        return _refusal(409, "idempotency_key_in_progress")
    if kept.scope == ANONYMOUS:  # never hand a capability to whoever sent the same key
        created = lost_answers.created_id(kept)
        return _refusal(409, "idempotency_key_replayed_without_capability", id=created)
    if kept.status is None:
        response = lost_answers.rebuilt(kept)
    else:
        headers = json.loads(kept.headers or "{}")
        response = Response(kept.body or b"", kept.status, headers=headers)
    response.headers["Idempotent-Replayed"] = "true"
    return response


def after_request(response: Response) -> Response:
    """Keep the answer of a write that claimed its key (and only of one that did)."""
    pending = g.pop("idempotency", None)
    row = pending and pending["row"]
    if row is None:
        return response
    try:
        _keep(row, pending["scope"], response)
    finally:
        lost_answers.answering(row, False)
    return response


def _keep(row: int, scope: str, response: Response) -> None:
    """Store the answer whole; for a write that committed and then failed (5xx), an
    answer rebuilt from its claim; for an anonymous key, the status alone."""
    db.session.rollback()  # whatever the view left open (a failure's half-read)
    if response.status_code >= 500:
        record = db.session.get(IdempotencyRecord, row)
        if record is None:
            return
        response = lost_answers.rebuilt(record)
    values: dict[str, Any] = {"status": response.status_code}
    if scope != ANONYMOUS:  # never replayed there: the answer holds the new edit token
        response.direct_passthrough = False  # read it whole, whatever made it
        kept = {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}
        values.update(body=response.get_data(), headers=json.dumps(kept))
    db.session.execute(
        IdempotencyRecord.__table__.update().where(IdempotencyRecord.id == row).values(**values)
    )
    db.session.commit()


def _claim(session: Session) -> None:
    """Add the key's row to the transaction about to commit (SQLAlchemy ``before_commit``)."""
    if not has_request_context():
        return
    pending = g.get("idempotency")
    if not pending or pending["row"] is not None or pending.get("claiming") is not None:
        return
    session.flush()  # the write's own rows first: the claim notes what they created
    row = IdempotencyRecord(
        scope=pending["scope"],
        key=pending["key"],
        fingerprint=pending["fingerprint"],
        owner=lost_answers.owner(),
        outline=lost_answers.outline(session),
    )
    session.add(row)
    session.flush()
    pending["claiming"] = row.id  # the key's row, once this transaction commits
    lost_answers.answering(row.id, True)


def _claimed(session: Session) -> None:
    """The transaction that claimed the key committed: its answer is kept (``after_commit``)."""
    lost_answers.forget(session)
    pending = g.get("idempotency") if has_request_context() else None
    if pending and pending.get("claiming") is not None:
        pending["row"] = pending.pop("claiming")


def _unclaimed(session: Session) -> None:
    """It rolled back (a clash the ledger runs again, ``ledger.txn.retried``): the claim is
    gone with it, and the next attempt claims the key again (``after_rollback``)."""
    lost_answers.forget(session)
    pending = g.get("idempotency") if has_request_context() else None
    if pending and pending.get("claiming") is not None:
        lost_answers.answering(pending.pop("claiming"), False)


def _flushed(session: Session, context: Any) -> None:
    """Note the rows a write created, while a key waits to be claimed (``after_flush``)."""
    if has_request_context() and g.get("idempotency") and g.idempotency["row"] is None:
        lost_answers.note_flushed(session, context)


def _expired(created: dt.datetime) -> bool:
    if created.tzinfo is None:
        created = created.replace(tzinfo=dt.UTC)
    return utcnow() - created > dt.timedelta(hours=KEEP_HOURS)


def _forget_old() -> None:
    cutoff = utcnow() - dt.timedelta(hours=KEEP_HOURS)
    old = delete(IdempotencyRecord).where(IdempotencyRecord.created_at < cutoff)
    db.session.execute(old, execution_options={"synchronize_session": False})
    db.session.commit()


def init_app(app: Flask) -> None:
    app.before_request(before_request)
    app.after_request(after_request)
    # Listeners on the Session class, once per process: a second app (a backup's scratch
    # check, the tests' apps) adding them again would run each one twice, and would change
    # the listener list while another thread's commit walks it ("deque mutated").
    for name, listener in HOOKS:
        if not event.contains(Session, name, listener):
            event.listen(Session, name, listener)


HOOKS = (
    ("before_commit", _claim),
    ("after_commit", _claimed),
    ("after_rollback", _unclaimed),
    ("after_flush", _flushed),
)
