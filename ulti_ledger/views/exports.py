"""Files in and out, and the end of the night across evenings: URL rules only.

Reached by capability link like the scoreboard (``/s/<token>``: the view token, or the
edit token, which opens everything the view token does); read-only, so GET::

    GET  /s/<token>/scoresheet.pdf   the A4 scoresheet; ?method=minimal|banker|pairwise,
                                     &banker=NAME
    GET  /s/<token>/hands.csv        a row per hand, for spreadsheets
    GET  /s/<token>/session.json     the session@1 file (import it elsewhere)
    GET  /group?s=<token>&s=<token>  several sessions of a group settled together
                                     (?method=, &banker=); read-only
    GET  /import                     the upload form
    POST /import                     a session@1 file -> 303 to the new session's edit page

PDF and CSV come in the page's language (``i18n``: ``?lang=en`` or the cookie). The
scoreboard shows the links through ``templates/partials/exports.html`` (endpoints
``exports.scoresheet``, ``exports.hands_csv``, ``exports.session_json``); the landing
page links ``exports.import_form``.
"""

from __future__ import annotations

import io
import re
import unicodedata

from flask import Blueprint, abort, redirect, render_template, request, send_file, url_for

from .. import i18n, ledger
from ..models import GameSession
from ..pdf import scoresheet_pdf
from . import remembered
from .sessions import get_session_or_404

bp = Blueprint("exports", __name__)


@bp.get("/s/<token>/scoresheet.pdf")
def scoresheet(token: str):
    session = get_session_or_404(token, "view")
    method, banker = _method()
    try:
        pdf = scoresheet_pdf(session, method, banker, _lang())
    except ledger.LedgerError as exc:
        abort(400, description=str(exc))
    return send_file(io.BytesIO(pdf), "application/pdf", download_name=_filename(session, "pdf"))


@bp.get("/s/<token>/hands.csv")
def hands_csv(token: str):
    session = get_session_or_404(token, "view")
    lang = _lang()
    text = ledger.session_csv(ledger.session_summary(session, lang), lang)
    return send_file(
        io.BytesIO(text.encode("utf-8")),
        "text/csv; charset=utf-8",
        as_attachment=True,
        download_name=_filename(session, "csv"),
    )


@bp.get("/s/<token>/session.json")
def session_json(token: str):
    session = get_session_or_404(token, "view")
    return send_file(
        io.BytesIO(ledger.session_export_json(session).encode("utf-8")),
        "application/json",
        as_attachment=True,
        download_name=_filename(session, "json"),
    )


@bp.get("/group")
def group():
    tokens = request.args.getlist("s")
    if not tokens:
        abort(400, description="name the sessions: /group?s=<link token>&s=<link token>")
    sessions = [get_session_or_404(token, "view") for token in tokens]
    method, banker = _method()
    try:
        settlement = ledger.group_settlement(sessions, method, banker)
    except ledger.LedgerError as exc:
        abort(400, description=str(exc))
    return render_template(
        "exports/group.html", settlement=settlement, tokens=tokens, methods=ledger.METHODS
    )


@bp.get("/import")
def import_form():
    return render_template("exports/import.html", error=None)


@bp.post("/import")
def import_session():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render_template("exports/import.html", error="Válassz ki egy fájlt."), 400
    try:
        session = ledger.import_session(upload.read())
    except ledger.LedgerError as exc:
        return render_template("exports/import.html", error=str(exc)), 422
    remembered.remember(session.id)
    return redirect(url_for("sessions.edit", token=session.edit_token), 303)


@bp.after_request
def _private(response):
    """Capability URLs must not travel in Referer headers, caches or search indexes."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _method() -> tuple[str, str | None]:
    method = request.args.get("method", "minimal")
    if method not in ledger.METHODS:
        abort(400, description=f"method must be one of {', '.join(ledger.METHODS)}")
    banker = request.args.get("banker") or None
    return method, banker if method == "banker" else None


def _lang() -> str:
    return "en" if i18n.current() == "en" else "hu"


def _filename(session: GameSession, extension: str) -> str:
    """``ulti-2024-11-29-pentek-este.pdf``: ASCII, so every browser keeps it."""
    letters = unicodedata.normalize("NFKD", session.name or "")
    ascii_name = letters.encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:40]
    parts = ["ulti", session.date.isoformat() if session.date else str(session.id), slug]
    return "-".join(p for p in parts if p) + "." + extension
