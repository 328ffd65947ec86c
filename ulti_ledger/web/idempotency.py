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
- A request that writes nothing (a refusal, a preview) claims nothing, so the same key may
  be sent again once the hand is mended.
- The same key with another body, method or path is 422, as the draft says; a key whose
  write committed but whose answer is not stored yet (the request is still being answered)
  is 409.
- Keys are scoped by the capability that sent them (a fingerprint of the bearer token, or
  of the link's token in the page address), so one client's key never answers another's.
  They are kept ``KEEP_HOURS`` and then forgotten.

A replayed answer carries ``Idempotent-Replayed: true``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from flask import Flask, Response, g, has_request_context, request
from sqlalchemy import delete, event, select
from sqlalchemy.orm import Session

from ..db import db
from ..models import IdempotencyRecord, utcnow

HEADER = "Idempotency-Key"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_KEY = 255
"""The longest key taken (the draft recommends UUIDs; 255 leaves room for any scheme)."""
KEEP_HOURS = 24
"""How long a key answers again: far longer than any phone waits to come back online
within an evening, short enough that the table stays small."""
MAX_BODY = 256 * 1024
"""An answer longer than this is not kept (no write of the app answers with as much)."""
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


def _scope() -> str:
    """Who sent the key: the capability the request carries, else the client as a whole."""
    auth = request.headers.get("Authorization", "")
    token = (request.view_args or {}).get("token", "")
    raw = f"{auth}\n{token}\n{request.args.get('token', '')}"
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:32]


def _fingerprint() -> str:
    digest = hashlib.sha256()
    digest.update(f"{request.method} {request.path}\n".encode())
    digest.update(request.get_data(cache=True))
    return digest.hexdigest()


def _refusal(status: int, code: str, message: str) -> Response:
    from ..words.i18n import t

    text = t(message)
    if request.path.startswith("/api/"):
        body = json.dumps({"error": text, "code": code, "key": HEADER})
        return Response(body, status, content_type="application/json")
    return Response(text, status, content_type="text/plain; charset=utf-8")


def before_request() -> Response | None:
    """Answer a repeated key from what was kept; note a new one for the write to claim."""
    if request.method not in WRITES or HEADER not in request.headers:
        return None
    key = parse_key(request.headers[HEADER])
    if key is None:
        return _refusal(400, "idempotency_key_invalid", "idempotency_key_invalid")
    scope, fingerprint = _scope(), _fingerprint()
    kept = db.session.execute(
        select(IdempotencyRecord).where(
            IdempotencyRecord.scope == scope, IdempotencyRecord.key == key
        )
    ).scalar_one_or_none()
    db.session.rollback()  # end the read; the write opens its own transaction
    if kept is not None and kept.created_at is not None and _expired(kept.created_at):
        _forget_old()
        kept = None
    if kept is None:
        g.idempotency = {"scope": scope, "key": key, "fingerprint": fingerprint, "row": None}
        return None
    if kept.fingerprint != fingerprint:
        return _refusal(422, "idempotency_key_reused", "idempotency_key_reused")
    if kept.status is None:
        return _refusal(409, "idempotency_key_in_progress", "idempotency_key_in_progress")
    headers = json.loads(kept.headers or "{}")
    response = Response(kept.body or "", kept.status, headers=headers)
    response.headers["Idempotent-Replayed"] = "true"
    return response


def after_request(response: Response) -> Response:
    """Keep the answer of a write that claimed its key (and only of one that did)."""
    pending = g.pop("idempotency", None)
    row = pending and pending["row"]
    if row is None:
        return response
    body = b"" if response.direct_passthrough else response.get_data()
    try:
        text = body.decode("utf-8") if len(body) <= MAX_BODY else ""
    except UnicodeDecodeError:
        text = ""
    kept = {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}
    db.session.execute(
        IdempotencyRecord.__table__.update()
        .where(IdempotencyRecord.id == row)
        .values(
            status=response.status_code,
            body=text,
            headers=json.dumps(kept),
        )
    )
    db.session.commit()
    return response


def _claim(session: Session) -> None:
    """Add the key's row to the transaction about to commit (SQLAlchemy ``before_commit``)."""
    if not has_request_context():
        return
    pending = g.get("idempotency")
    if not pending or pending["row"] is not None or pending.get("claiming") is not None:
        return
    row = IdempotencyRecord(
        scope=pending["scope"], key=pending["key"], fingerprint=pending["fingerprint"]
    )
    session.add(row)
    session.flush()
    pending["claiming"] = row.id  # the key's row, once this transaction commits


def _claimed(session: Session) -> None:
    """The transaction that claimed the key committed: its answer is kept (``after_commit``)."""
    pending = g.get("idempotency") if has_request_context() else None
    if pending and pending.get("claiming") is not None:
        pending["row"] = pending.pop("claiming")


def _unclaimed(session: Session) -> None:
    """It rolled back (a clash the ledger runs again, ``ledger.txn.retried``): the claim is
    gone with it, and the next attempt claims the key again (``after_rollback``)."""
    pending = g.get("idempotency") if has_request_context() else None
    if pending:
        pending.pop("claiming", None)


def _expired(created: dt.datetime) -> bool:
    if created.tzinfo is None:
        created = created.replace(tzinfo=dt.UTC)
    return utcnow() - created > dt.timedelta(hours=KEEP_HOURS)


def _forget_old() -> None:
    cutoff = utcnow() - dt.timedelta(hours=KEEP_HOURS)
    db.session.execute(delete(IdempotencyRecord).where(IdempotencyRecord.created_at < cutoff))
    db.session.commit()


def init_app(app: Flask) -> None:
    app.before_request(before_request)
    app.after_request(after_request)
    event.listen(Session, "before_commit", _claim)
    event.listen(Session, "after_commit", _claimed)
    event.listen(Session, "after_rollback", _unclaimed)
