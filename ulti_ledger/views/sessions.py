"""The session pages, reached by capability links: whoever holds the link may use it.

URL scheme (tokens are ``secrets.token_urlsafe(32)``; no login, no cookie):

- ``/s/<view_token>``: the read-only scoreboard; this is the view link, shown as a QR
  code for the phones around the table. An edit token opens it too.
- ``/e/<edit_token>``: the scorer's scoreboard; this is the edit link. Pages that change
  the session live under it (proposed for the UI, CSRF-protected, POST-redirect-GET):
  ``GET /e/<t>/hands/new``, ``POST /e/<t>/hands``, ``GET /e/<t>/hands/<n>/edit``,
  ``POST /e/<t>/hands/<n>``, ``POST /e/<t>/hands/<n>/delete``, ``POST /e/<t>/undo``.

``links(session)`` gives both as absolute URLs (the API answers with them). The pages
here are placeholders that show the scoreboard plainly; they send no Referer, so a link
never leaks to another site.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for

from .. import ledger
from ..models import GameSession
from ..qr import qr_svg

bp = Blueprint("sessions", __name__)


def links(session: GameSession) -> dict[str, str]:
    """The absolute URLs of the session's edit page (``url``) and view page (``view_url``)."""
    return {
        "url": url_for("sessions.edit", token=session.edit_token, _external=True),
        "view_url": url_for("sessions.view", token=session.view_token, _external=True),
    }


def get_session_or_404(token: str, kind: str) -> GameSession:
    try:
        return ledger.session_by_token(token, kind)
    except ledger.NotFound:
        abort(404)


@bp.get("/s/<token>")
def view(token: str):
    session = get_session_or_404(token, "view")
    return _scoreboard(session, editable=False)


@bp.get("/e/<token>")
def edit(token: str):
    session = get_session_or_404(token, "edit")
    return _scoreboard(session, editable=True)


def _scoreboard(session: GameSession, editable: bool):
    urls = links(session)
    return render_template(
        "sessions/scoreboard.html",
        summary=ledger.session_summary(session, "hu"),
        editable=editable,
        links=urls,
        view_qr=qr_svg(urls["view_url"], "A megtekintő link QR-kódja"),
    )


@bp.after_request
def _private(response):
    """Capability URLs must not travel in Referer headers, caches or search indexes."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response
