"""The instance admin's pages: every session, and deleting (hiding) or restoring one.

Behind HTTP Basic authentication with the instance's ``ADMIN_PASSWORD`` (any user name);
without a password configured the pages answer 404, as if they did not exist. The
buttons are forms with the app's CSRF token, since a browser sends Basic credentials on
its own. Deleting only hides a session (``ledger.delete_session``); nothing is lost.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .. import ledger
from ..security import admin_enabled, admin_password_ok
from .api import ID

bp = Blueprint("admin", __name__, url_prefix="/admin")


@bp.before_request
def _require_admin():
    if not admin_enabled():
        abort(404)
    auth = request.authorization
    if auth is None or auth.type != "basic" or not admin_password_ok(auth.password):
        return (
            "The admin password is needed.",
            401,
            {"WWW-Authenticate": 'Basic realm="ulti_ledger admin", charset="UTF-8"'},
        )
    return None


@bp.after_request
def _private(response):
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.get("/")
def sessions():
    return render_template(
        "admin/sessions.html",
        live=ledger.list_sessions(),
        deleted=ledger.list_sessions(deleted=True),
    )


@bp.post(f"/sessions/<{ID}:session_id>/delete")
def delete_session(session_id: int):
    return _change(ledger.delete_session, session_id, "deleted")


@bp.post(f"/sessions/<{ID}:session_id>/restore")
def restore_session(session_id: int):
    return _change(ledger.restore_session, session_id, "restored")


def _change(action, session_id: int, done: str):
    try:
        action(session_id)
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        flash(str(exc), "error")
    else:
        flash(f"Session {session_id} {done}.")
    return redirect(url_for(".sessions"), 303)
