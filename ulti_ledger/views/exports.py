"""Files in and out, and the end of the night across evenings: URL rules only.

Reached by capability link like the scoreboard (``/s/<token>``: the view token, or the
edit token, which opens everything the view token does); read-only, so GET::

    GET  /s/<token>/scoresheet.pdf   the A4 scoresheet; ?method=minimal|banker|pairwise,
                                     &banker=NAME
    GET  /s/<token>/hands.csv        a row per hand, for spreadsheets
    GET  /s/<token>/session.json     the session@1 file (import it elsewhere)
    GET  /s/<token>/ihatemoney.csv   what remains owed, as ihatemoney/Cospend bills
    GET  /group?s=<token>&s=<token>  several sessions of a group settled together
                                     (?method=, &banker=); read-only. &add=<a link>
                                     adds an evening (303); edit tokens become view
                                     tokens in the address (303); a refusal (no
                                     evening, a bad link, one twice) is an error page
    GET  /import                     the upload form
    POST /import                     a session@1 file -> 303 to the new session's edit page,
                                     whose notice says what was loaded (players, totals...)

PDF and CSV come in the page's language (``i18n``: ``?lang=en`` or the cookie). The
scoreboard shows the links through ``templates/partials/exports.html`` (endpoints
``exports.scoresheet``, ``exports.hands_csv``, ``exports.session_json``, and
``exports.group`` with the evening's view token: "Több este együtt"); the landing page
links ``exports.import_form``.
"""

from __future__ import annotations

import io
import re
import unicodedata
from decimal import Decimal
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)

from .. import groups, ledger
from ..audit import current_actor
from ..ledger import check_group_size
from ..models import GameSession
from ..pdf import pool as pdf_render
from ..words import i18n
from ..words.i18n import money, signed, t
from ..words.money_format import currency_code
from . import remembered
from .common import (
    LINK,
    app_limits,
    busy_page,
    get_session_or_404,
    page_reader,
)
from .methods import method_from_args, refusal, requested_method
from .refusal_words import payment_error_text, refusal_text

bp = Blueprint("exports", __name__)


@bp.get("/s/<token>/scoresheet.pdf")
def scoresheet(token: str):
    session = get_session_or_404(token, "view")
    method, banker = method_from_args()
    try:
        pdf = pdf_render.scoresheet(session, method, banker, page_reader())
    except ledger.LedgerError as exc:
        abort(400, description=refusal(exc, banker))
    except pdf_render.Busy as exc:  # rendering goes on; the retry is served from the cache
        return busy_page(exc)
    return send_file(io.BytesIO(pdf), "application/pdf", download_name=_filename(session, "pdf"))


@bp.get("/s/<token>/hands.csv")
def hands_csv(token: str):
    session = get_session_or_404(token, "view")
    lang = _lang()
    summary = ledger.with_marks(session, ledger.session_summary(session, lang), lang)
    text = ledger.session_csv(summary, lang)
    return _csv(text, _filename(session, "csv"))


@bp.get("/s/<token>/hands.xlsx")
def hands_xlsx(token: str):
    session = get_session_or_404(token, "view")
    lang = _lang()
    book = ledger.session_xlsx(
        ledger.with_marks(session, ledger.session_summary(session, lang), lang), lang
    )
    return send_file(
        io.BytesIO(book),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        as_attachment=True,
        download_name=_filename(session, "xlsx"),
    )


@bp.get("/s/<token>/payments.csv")
def payments_csv(token: str):
    """What was paid at the evening (and in its groups), a table of its own."""
    session = get_session_or_404(token, "view")
    lang = _lang()
    text = ledger.payments_csv(_settle_up(session, lang), lang)
    return _csv(text, _filename(session, "csv", "payments"))


@bp.get("/s/<token>/transfers.csv")
def transfers_csv(token: str):
    """Who pays whom, with what was paid of each and what remains, a table of its own."""
    session = get_session_or_404(token, "view")
    lang = _lang()
    text = ledger.transfers_csv(_settle_up(session, lang), lang)
    return _csv(text, _filename(session, "csv", "transfers"))


@bp.get("/s/<token>/ihatemoney.csv")
def expense_csv(token: str):
    """What remains owed, as bills ihatemoney and Cospend import (ledger/expense_csv.py)."""
    session = get_session_or_404(token, "view")
    lang = _lang()
    up = _settle_up(session, lang)
    what = ", ".join(p for p in (session.name, str(session.date or "")) if p) or t(
        "untitled_session"
    )
    day = session.date or session.created_at
    text = ledger.expense_csv(what, day, [up])
    return _csv(text, _filename(session, "csv", "ihatemoney"))


def _settle_up(session: GameSession, lang: str) -> dict[str, Any]:
    summary = ledger.session_summary(session, lang)
    transfers = summary["totals"]["transfers"]
    return ledger.evening_settle_up(session, summary, transfers, groups.shares_of(session))


def _csv(text: str, name: str):
    return send_file(
        io.BytesIO(text.encode("utf-8")),
        "text/csv",  # werkzeug adds "; charset=utf-8" to a text/* type itself
        as_attachment=True,
        download_name=name,
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
    """Several evenings settled as one; every refusal is a page in the reader's language."""
    tokens = request.args.getlist("s")
    method, banker = requested_method()  # a method not offered is this page's own refusal
    if "add" in request.args:  # the form under the page: another evening's link, pasted
        return _add_evening(tokens, request.args["add"], method)
    if not tokens:
        return _group_error(400, t("group_none"), [], hint=t("group_how"))
    try:
        check_group_size(len(tokens), app_limits())  # before any of them is read
    except ledger.SessionError as exc:
        problem = exc.message.text(i18n.current())
        return _group_error(400, problem, tokens[: app_limits().group_evenings])
    sessions = []
    for number, token in enumerate(tokens, 1):
        try:
            sessions.append(ledger.session_by_token(token, "view"))
        except ledger.NotFound:
            others = [k for k in tokens if k != token]
            return _group_error(404, t("group_bad_link", n=number), others)
    seen: dict[int, GameSession] = {}
    for session in sessions:
        if session.id in seen:
            name = session.name or t("untitled_session")
            once = list(dict.fromkeys(tokens))
            return _group_error(400, t("group_twice", name=name), once)
        seen[session.id] = session
    views = [session.view_token for session in sessions]
    if views != tokens:  # an edit link was given: the page's address keeps view links only
        return redirect(_group_url(views, method, banker), 303)
    if method not in ledger.METHODS:
        return _group_error(400, t("group_method"), tokens)
    # each currency's evenings settle on their own: money is never added across them
    currencies = list(dict.fromkeys(currency_code(s.currency) for s in sessions))
    settlements = []
    try:
        for code in currencies:
            part = [s for s in sessions if currency_code(s.currency) == code]
            # a banker who played in one currency only is that currency's banker
            sat = any(banker in ledger.seat_names(s) for s in part)
            named = banker if len(currencies) == 1 or sat else None
            settlements.append(ledger.group_settlement(part, method, named, app_limits()))
    except ledger.LedgerError as exc:
        problem = exc.problem
        return _group_error(400, t("group_problem", problem=problem), tokens)
    lines = {line["id"]: line for s in settlements for line in s["sessions"]}
    for s in settlements:  # each currency ranked by its money, the first seated first on a tie
        s["ranked"] = sorted(s["balances"], key=lambda b: -Decimal(b["money"]))
    return render_template(
        "exports/group.html",
        settlements=settlements,
        evenings=[(token, lines[s.id]) for token, s in zip(tokens, sessions, strict=True)],
        tokens=tokens,
        methods=ledger.METHODS,
        method=method,
    )


def _add_evening(tokens: list[str], pasted: str, method: str):
    """Another evening by its link (view or edit: only its view token is kept)."""
    match = LINK.search(pasted.strip())
    try:
        session = ledger.session_by_token(match.group(1) if match else "", "view")
    except ledger.NotFound:
        return _group_error(404, t("group_bad_added"), tokens)
    return redirect(_group_url([*tokens, session.view_token], method, None), 303)


def _group_url(tokens: list[str], method: str, banker: str | None) -> str:
    chosen = {"method": method} if method != "minimal" else {}
    if banker:
        chosen["banker"] = banker
    return url_for("exports.group", s=tokens, **chosen)


def _group_error(status: int, message: str, back: list[str], hint: str = ""):
    """The app's own error page; back to the evenings that were fine, if any."""
    return render_template(
        "errors/error.html",
        title=t("group_error_title"),
        message=message,
        hint=hint or t("group_how"),
        back=url_for("exports.group", s=back) if back else None,
        back_label=t("group_back"),
    ), status


@bp.get("/import")
def import_form():
    return render_template("exports/import.html", error=None)


@bp.post("/import")
def import_session():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render_template("exports/import.html", error="Válassz ki egy fájlt."), 400
    try:
        session = ledger.import_session(upload.read(), actor=current_actor(), limits=app_limits())
    except ledger.LedgerError as exc:
        # in the page's language (the engine's refusals have their Hungarian)
        return render_template("exports/import.html", error=import_refusal(exc)), 422
    remembered.remember(session.id)
    flash(_loaded_notice(session))
    return redirect(url_for("sessions.edit", token=session.edit_token), 303)


def import_refusal(exc: ledger.LedgerError) -> str:
    """Why a file was not loaded, in the page's language: a payment of the file that the
    live page would refuse is said as the page says it, with its number in the file."""
    if isinstance(exc, ledger.PaymentError) and "number" in exc.params:
        reason = payment_error_text(exc)
        return t("import_payment_refused", number=exc.params["number"], reason=reason)
    return refusal_text(exc)


def _loaded_notice(session: GameSession) -> dict[str, Any]:
    """What the file brought, to check against the evening it came from: the name and
    date, the players in seating order, the hands, the rules and stake, the final totals."""
    summary = ledger.session_summary(session, i18n.current())
    totals, currency = summary["totals"], summary["totals"]["currency"]
    title = ", ".join(
        p for p in (summary["name"] or t("untitled_session"), i18n.day(summary["date"])) if p
    )
    stake = t(
        "unit_is",
        amount=money(summary["unit_value"]["amount"], currency, unit=False),
        currency=currency,
    )
    finals = ", ".join(
        f"{name} {signed(totals['units'][name])} ({money(totals['money'][name], currency)})"
        for name in summary["players"]
    )
    return {
        # a Hungarian date ends with its dot, which the sentence's own full stop replaces
        "text": t("import_loaded", what=title.rstrip(".")),
        "lines": [
            t("import_players", names=", ".join(summary["players"])),
            " · ".join(
                [t("hand_count", n=len(summary["hands"])), summary["ruleset"]["label"], stake]
            ),
            t("import_totals", totals=finals),
        ],
        "testid": "import-notice",
    }


def _lang() -> str:
    return i18n.current()


def _filename(session: GameSession, extension: str, what: str = "") -> str:
    """``ulti-2024-11-29-pentek-este.pdf``, ``snapszer-...``: the game's id first, then the
    date and the name, then ``what`` the file holds where the evening has several of its
    kind ("payments"); ASCII, so every browser keeps it."""
    letters = unicodedata.normalize("NFKD", session.name or "")
    ascii_name = letters.encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:40]
    when = session.date.isoformat() if session.date else str(session.id)
    parts = [ledger.session_game_name(session), when, slug, what]
    return "-".join(p for p in parts if p) + "." + extension
