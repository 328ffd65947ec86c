"""Who made a change: the door it came through and a fingerprint of the link used.

The ledger records this on every audit row; it does not read the request itself: the
pages and the API read it here (``current_actor``) and pass it to each write. A token is
never stored, only the first hex digits of its SHA-256, which tell two links apart
without letting anyone who reads the history use them.
"""

from __future__ import annotations

import hashlib

from flask import g, has_request_context, request

from .ledger import CLI, Actor

FINGERPRINT_LENGTH = 12


def fingerprint(token: str) -> str:
    """A short, stable, non-reversible name for a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:FINGERPRINT_LENGTH]


def remember_token(token: str) -> None:
    """Note the token that authorized this request (the API calls this)."""
    g.audit_token = token


def current_actor() -> Actor:
    """The actor of the request being served, or ``cli`` outside a request."""
    if not has_request_context():
        return CLI
    path = request.path
    via = "api" if path.startswith("/api/") else "admin" if path.startswith("/admin") else "web"
    token = g.get("audit_token") or (request.view_args or {}).get("token")
    return Actor(via, fingerprint(token) if isinstance(token, str) and token else None)
