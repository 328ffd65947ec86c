"""Security headers on every response, and the instance admin's password.

The headers forbid what the app never does (inline scripts, plugins, frames, posting
forms elsewhere), so that a player's name that slips HTML past escaping still cannot run
or leak anything. Pages may set a stricter value of a header; none is loosened here.

The admin password (``ADMIN_PASSWORD`` in ``instance/config.py`` or the environment) may
be given as a werkzeug hash, which is better, e.g. the output of
``python -c "from werkzeug.security import generate_password_hash as g; print(g('...'))"``,
or as plain text, compared in constant time. Without one the admin pages do not exist.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from flask import Flask, Response, current_app
from werkzeug.security import check_password_hash

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
HASH_PREFIXES = ("scrypt:", "pbkdf2:")


def init_app(app: Flask) -> None:
    """Add the headers to every response; read ``ADMIN_PASSWORD`` from the environment
    when the config does not set it."""
    if not app.config.get("ADMIN_PASSWORD") and os.environ.get("ADMIN_PASSWORD"):
        app.config["ADMIN_PASSWORD"] = os.environ["ADMIN_PASSWORD"]
    app.after_request(_security_headers)


def _security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def admin_enabled() -> bool:
    return bool(current_app.config.get("ADMIN_PASSWORD"))


def admin_password_ok(given: str | None) -> bool:
    """Whether ``given`` is the instance's admin password (never true when none is set)."""
    configured = current_app.config.get("ADMIN_PASSWORD")
    if not configured or not given:
        return False
    if configured.startswith(HASH_PREFIXES):
        return check_password_hash(configured, given)
    digest = hashlib.sha256
    return hmac.compare_digest(
        digest(given.encode("utf-8", "replace")).digest(), digest(configured.encode()).digest()
    )
