"""Who sent an ``Idempotency-Key`` (its scope) and what the request asked (its fingerprint).

The scope decides who may be given a kept answer again. A request carrying a capability
(a bearer token, the link's token in the address or ``?token=``) is scoped by it: only a
holder of the same capability sees the answer again, and he could read it anyway. A page
request without one (the new-evening and new-group forms, an import) is scoped by the
browser's own session secret (the one its CSRF tokens are signed from, kept in the signed
session cookie): only that browser proves it sent the first request. Anything else is
``ANONYMOUS``, one scope for everyone, and ``idempotency`` never replays an answer there:
the answer to a creation holds the new edit token, and a key is not a secret (clients
count them, proxies log them), so a second client that happens on the same key and body
must not receive the first one's capability.

The fingerprint is of the request's meaning, not its bytes: the same hand serialised
again (other key order, other spacing, form fields in another order) is the same request.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import current_app, request, session

ANONYMOUS = "anonymous"
"""The scope of a request that proves nothing about its sender (never a hash: those are hex)."""


def request_scope() -> str:
    """The capability (or browser) the request comes from, hashed; else ``ANONYMOUS``."""
    auth = request.headers.get("Authorization", "")
    path_token = (request.view_args or {}).get("token", "")
    query_token = request.args.get("token", "")
    if auth or path_token or query_token:
        return _hashed(f"{auth}\n{path_token}\n{query_token}")
    if not request.path.startswith("/api/"):  # the API sets no cookie to prove anything by
        field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        secret = session.get(field)
        if isinstance(secret, str) and secret:
            return _hashed(f"browser\n{secret}")
    return ANONYMOUS


def request_fingerprint() -> str:
    """SHA-256 of the method, path, query and the canonical body."""
    query = sorted(request.args.items(multi=True), key=lambda pair: pair[0])
    meaning = [request.method, request.path, query, _canonical_body()]
    text = json.dumps(meaning, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _canonical_body() -> Any:
    """JSON parsed and written again with sorted keys; a form as (name, value) pairs
    sorted by name, a name's repeated values kept in their order (a list field's order is
    meaningful), files by name, filename and digest; any other body as its digest."""
    mimetype = request.mimetype
    if mimetype == "application/json" or mimetype.endswith("+json"):
        data = request.get_data(cache=True)
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):
            return ["bytes", hashlib.sha256(data).hexdigest()]
        try:
            return ["json", json.dumps(parsed, sort_keys=True, separators=(",", ":"))]
        except (ValueError, RecursionError):  # NaN is written back as is; this is depth
            return ["bytes", hashlib.sha256(data).hexdigest()]
    if mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        fields = sorted(request.form.items(multi=True), key=lambda pair: pair[0])
        files = sorted(
            (name, upload.filename or "", _digest(upload.stream))
            for name, upload in request.files.items(multi=True)
        )
        return ["form", fields, files]
    return ["bytes", hashlib.sha256(request.get_data(cache=True)).hexdigest()]


def _digest(stream: Any) -> str:
    """The digest of an uploaded file; the stream is rewound for the view that reads it."""
    digest = hashlib.sha256()
    for chunk in iter(lambda: stream.read(65536), b""):
        digest.update(chunk)
    stream.seek(0)
    return digest.hexdigest()


def _hashed(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:32]
