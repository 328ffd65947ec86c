"""Security headers on every response, and the instance admin's password.

The headers forbid what the app never does (inline scripts, plugins, frames, posting
forms elsewhere), so that a player's name that slips HTML past escaping still cannot run
or leak anything. Pages may set a stricter value of a header; none is loosened here.

Capability pages get one privacy policy, ``PRIVATE``, applied here and nowhere else: the
link must not travel in a Referer header, be kept by a cache, nor be indexed. A page is
one when its route has a ``token`` in its address (an evening's or a group's edit or view
link, and all below them), when its query carries tokens (``?token=``, the
several-evenings page's ``?s=``, a new evening's ``?group=``) or its ``Authorization``
header does (the API's bearer token), when it redirects to such a route (a new evening, a
new group, an import land on their edit link), or when it answers a write (a refused
form shows again what was posted, links included). It is keyed on the route, not on a
blueprint, so a new link route has it without asking (tests/web/test_private_headers.py
walks them all). Pages that list links for one browser (the landing page) apply it
with ``make_private``.

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
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Rule
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
PRIVATE = {
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
}
"""The privacy policy of a page whose address is a capability (or that lists some)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that write nothing; an answer to any other may echo what was posted."""
TOKEN_QUERY = ("token", "s", "group")
"""Query keys that carry an evening's or a group's token (``group``: a new evening's
group, ``/sessions/new?group=<edit token>``)."""


def init_app(app: Flask) -> None:
    """Add the headers to every response; read ``ADMIN_PASSWORD`` from the environment
    when the config does not set it; make the session cookie Secure over TLS."""
    if not app.config.get("ADMIN_PASSWORD") and os.environ.get("ADMIN_PASSWORD"):
        app.config["ADMIN_PASSWORD"] = os.environ["ADMIN_PASSWORD"]
    app.session_interface = TlsSessionInterface()
    app.after_request(_security_headers)
    app.after_request(_capability_headers)


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


def make_private(response: Response) -> Response:
    """Apply ``PRIVATE`` to ``response`` (over whatever the view set: a PDF's cache time)."""
    response.headers.update(PRIVATE)
    return response


def _capability_headers(response: Response) -> Response:
    """``PRIVATE`` on every answer of a route reached by a token, or that leads to one,
    errors included, and on every answer to a write: a refused form is shown again with
    what was posted (a new group's evening links, as hidden fields)."""
    if has_request_context() and (
        request.method not in SAFE_METHODS
        or _by_token(request.url_rule)
        or _leads_to_token(response)
    ):
        make_private(response)
    return response


def _by_token(rule: Rule | None) -> bool:
    """A token in the address (the route's or the query's) or in ``Authorization`` (the
    API's bearer token: what it answers is as private as the page of that link)."""
    if rule is not None and "token" in rule.arguments:
        return True
    return "Authorization" in request.headers or any(key in request.args for key in TOKEN_QUERY)


def _leads_to_token(response: Response) -> bool:
    """Whether the answer redirects to a capability page (its Location has the token)."""
    location = response.headers.get("Location")
    if not location or not 300 <= response.status_code < 400:
        return False
    try:
        rule, _ = current_app.url_map.bind("").match(urlsplit(location).path, return_rule=True)
    except HTTPException:
        return False
    return "token" in rule.arguments


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
