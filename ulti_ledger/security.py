"""Security headers on every response, and the instance admin's password.

The headers forbid what the app never does (inline scripts, plugins, frames, posting
forms elsewhere), so that a player's name that slips HTML past escaping still cannot run
or leak anything. Pages may set a stricter value of a header; none is loosened here.

The admin password (``ADMIN_PASSWORD`` in ``instance/config.py`` or the environment) may
be given as a werkzeug hash, which is better, e.g. the output of
``python -c "from werkzeug.security import generate_password_hash as g; print(g('...'))"``,
or as plain text, compared in constant time. Without one the admin pages do not exist.

The cookies (the signed session, the language) are ``SameSite=Lax`` and, when the page
came over TLS, ``Secure``: over https itself, behind a trusted proxy that says so
(``TRUSTED_PROXIES`` and ``X-Forwarded-Proto: https``), or with ``PREFERRED_URL_SCHEME``
or ``SESSION_COOKIE_SECURE`` set for an instance that is https only. Over the home
Wi-Fi's plain http they are not ``Secure``, or the browser would drop them.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
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
    when the config does not set it; make the session cookie Secure over TLS."""
    if not app.config.get("ADMIN_PASSWORD") and os.environ.get("ADMIN_PASSWORD"):
        app.config["ADMIN_PASSWORD"] = os.environ["ADMIN_PASSWORD"]
    app.session_interface = TlsSessionInterface()
    app.after_request(_security_headers)


def cookie_secure() -> bool:
    """Whether this response's cookies are ``Secure``: the request came over TLS (itself,
    or by a trusted proxy's word), or the instance is configured https only."""
    config = current_app.config
    if config.get("SESSION_COOKIE_SECURE") or config.get("PREFERRED_URL_SCHEME") == "https":
        return True
    return has_request_context() and request.is_secure


class TlsSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, ``Secure`` whenever ``cookie_secure`` says so."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return cookie_secure()


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
