"""The instance admin's pages: every session, and deleting (hiding) or restoring one.

In the reader's language like every page (Hungarian, or English with ``?lang=en``). As a
hand is, a session is deleted in two steps: its "Törlés…" opens a page that says what
deleting does (``GET /admin/sessions/<id>/delete``), whose button sends the POST.

Behind HTTP Basic authentication with the instance's ``ADMIN_PASSWORD`` (any user name);
without a password configured the pages answer 404, as if they did not exist. The
buttons are forms with the app's CSRF token, since a browser sends Basic credentials on
its own. Deleting only hides a session (``ledger.delete_session``); nothing is lost.

Wrong passwords are limited per client address (Flask-Limiter's storage, counted
atomically: see ``_require_admin``): after
``ADMIN_MAX_FAILED_LOGINS`` of them within ``ADMIN_FAILED_LOGIN_WINDOW`` seconds the
address gets 429 with ``Retry-After``, whatever password it sends, until the oldest of
them is that old. A right password, a request without one, and every other page never
count.
"""

from __future__ import annotations

import math
import time

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from limits.errors import StorageError
from limits.strategies import RateLimiter

from .. import ledger
from ..audit import current_actor
from ..web.security import admin_enabled, admin_password_ok, make_private
from ..words.i18n import t
from .api_common import ID
from .common import utc_text
from .error_pages import error_response

bp = Blueprint("admin", __name__, url_prefix="/admin")


def init_app(app: Flask) -> None:
    """Give the pages a limiter of wrong passwords of their own (``views.register``
    registers the blueprint).

    The limiter is made here, once per app, so each app counts in its own storage
    (``RATELIMIT_STORAGE_URI``, by default ``memory://``: the process's memory; with
    ``redis://...`` every instance and worker on that Redis shares one count); it
    limits no route by itself: ``_require_admin`` asks it. The moving window counts
    exactly the refusals of the last ``ADMIN_FAILED_LOGIN_WINDOW`` seconds; the client
    is ``request.remote_addr``.
    """
    options: dict[str, object] = {"wrap_exceptions": True}  # a store out of reach: StorageError
    if str(app.config["RATELIMIT_STORAGE_URI"]).startswith("redis"):
        options.update(socket_connect_timeout=2, socket_timeout=2)  # not a thread hung on it
    limiter = Limiter(
        get_remote_address,
        app=app,
        strategy="moving-window",
        default_limits=[],
        storage_options=options,
    )
    limiter.request_filter(lambda: True)  # no route is limited by the extension itself
    app.extensions[LIMITER] = limiter


LIMITER = "ulti_ledger.admin_limiter"
SCOPE = "admin-password"


def _failed_login_limit() -> RateLimitItem:
    config = current_app.config
    return parse(
        f"{config['ADMIN_MAX_FAILED_LOGINS']} per {config['ADMIN_FAILED_LOGIN_WINDOW']} seconds"
    )


def _too_many_refusals(limit: RateLimitItem, strategy: RateLimiter, client: str) -> Response:
    reset, _remaining = strategy.get_window_stats(limit, SCOPE, client)
    seconds = max(1, math.ceil(reset - time.time()))  # when the oldest refusal leaves
    if seconds < 120:
        wait = t("duration_seconds" if seconds > 1 else "duration_second", n=seconds)
    else:
        wait = t("duration_minutes", n=math.ceil(seconds / 60))
    message = t("admin_too_many", wait=wait)
    body, code, headers = error_response(429, detail=message, headers={"Retry-After": str(seconds)})
    return Response(body, code, headers, mimetype="text/html")


@bp.before_request
def _require_admin():
    """The password, under the limit of wrong ones.

    An address at the limit gets 429 before its password is even checked (the right one
    too). A wrong password is counted by one atomic step of the storage, which adds it
    only if the limit still has room: requests racing in parallel cannot overshoot the
    limit, as a test-then-count would. A right password, and a request without one,
    are never counted. When the storage cannot be reached (a shared Redis down) every
    password is refused with 503: uncounted guesses would have no limit.
    """
    if not admin_enabled():
        abort(404)
    auth = request.authorization
    if auth is None or auth.type != "basic":
        return _password_needed()
    limit, client = _failed_login_limit(), get_remote_address()
    strategy = current_app.extensions[LIMITER].limiter
    try:
        if not strategy.test(limit, SCOPE, client):
            return _too_many_refusals(limit, strategy, client)
        if admin_password_ok(auth.password):
            return None
        if not strategy.hit(limit, SCOPE, client):  # others took the last room meanwhile
            return _too_many_refusals(limit, strategy, client)
    except StorageError:  # the shared count is out of reach: refuse rather than not count
        current_app.logger.exception("the admin password count's storage failed")
        return _count_unavailable()
    return _password_needed()


def _count_unavailable() -> Response:
    headers = {"Retry-After": "60"}
    body, code, headers = error_response(503, detail=t("admin_count_unavailable"), headers=headers)
    return Response(body, code, headers, mimetype="text/html")


def _password_needed():
    return (
        t("admin_password_needed"),
        401,
        {"WWW-Authenticate": 'Basic realm="ulti_ledger admin", charset="UTF-8"'},
    )


@bp.after_request
def _private(response):
    """The admin pages list every evening's links."""
    return make_private(response)


@bp.get("/")
def sessions():
    return render_template(
        "admin/sessions.html",
        live=[_shown(s) for s in ledger.list_sessions()],
        deleted=[_shown(s) for s in ledger.list_sessions(deleted=True)],
    )


@bp.get(f"/sessions/<{ID}:session_id>/delete")
def confirm_delete(session_id: int):
    """ "Delete this evening?": what it is and what deleting does, then the POST below."""
    found = ledger.list_sessions(session_id=session_id)
    if not found:
        abort(404)
    return render_template("admin/delete.html", session=_shown(found[0]))


@bp.post(f"/sessions/<{ID}:session_id>/delete")
def delete_session(session_id: int):
    return _change(ledger.delete_session, session_id, "admin_flash_deleted", "admin_was_deleted")


@bp.post(f"/sessions/<{ID}:session_id>/restore")
def restore_session(session_id: int):
    return _change(ledger.restore_session, session_id, "admin_flash_restored", "admin_was_live")


def _change(action, session_id: int, done: str, already: str):
    try:
        action(session_id, actor=current_actor())
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict:
        flash(t(already, id=session_id), "error")
    else:
        flash(t(done, id=session_id))
    return redirect(url_for(".sessions"), 303)


def _shown(session: dict) -> dict:
    """A ``list_sessions`` entry with its creation time for reading (2026-11-29 14:26 UTC)."""
    return {**session, "created": utc_text(session["created_at"])}
