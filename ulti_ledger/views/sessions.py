"""The session pages, reached by capability links: whoever holds the link may use it.

URL scheme (tokens are ``secrets.token_urlsafe(32)``; no login):

- ``GET /sessions/new``, ``POST /sessions``: start an evening; on success the scorer
  lands on the edit page, which shows both links and the view link's QR code.
- ``/s/<view_token>``: the read-only scoreboard; this is the view link, shown as a QR
  code for the phones around the table. An edit token opens it too. It includes
  ``/live.js`` (``views.live``), so it follows the scorer's hands by itself.
  Both scoreboards take ``?method=minimal|banker|pairwise`` (``&banker=NAME``) for the
  "who pays whom" card, as the PDF does (``views.methods``); without it, the fewest.
- ``/e/<edit_token>``: the scorer's scoreboard; this is the edit link. ``POST
  /e/<t>/undo`` removes the last hand; its notice has a button that restores it. The
  hand pages under it are in ``hands``.
- ``GET /e/<t>/hands/<n>/history`` and ``GET /s/<t>/hands/<n>/history``: a hand's audit
  entries (created, edited, deleted, restored; when, through which link, before and
  after). The edit scoreboard lists deleted hands; ``POST /e/<t>/deleted/<hand_id>/restore``
  brings one back where it was (no click destroys anything).

``links(session)`` gives both as absolute URLs (the API answers with them), at an address
the other phones can open (``addresses``: PUBLIC_URL, the proxy's, or the LAN address). Every page
here sends no Referer, so a link never leaks to another site, and is never cached.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError

from .. import groups, ledger
from ..audit import current_actor
from ..drawings.chart import balance_chart_svg
from ..drawings.table import table_drawing
from ..groups.store import check_group_limits, holding_groups
from ..models import GameSession
from ..web import language
from ..web.forms import session_form
from ..words import i18n
from ..words.i18n import t
from ..words.texts import TEXTS
from . import remembered
from .bank_words import transfer_codes
from .common import (
    app_limits,
    get_session_or_404,
    group_from_form,
    group_today,
    links,
    method_transfers,
    offered_groups,
    payment_back,
    payment_form,
    payment_holders,
    payment_recorded,
    undo_payment,
    utc_text,
    view_qr,
)
from .methods import scoreboard_settle
from .refusal_words import group_error_text, payment_error_text
from .result_card import evening_card, share
from .sheet import Sheet, fold_rows, folded
from .transfers_text import transfers_text

bp = Blueprint("sessions", __name__)


@bp.route("/sessions/new", methods=["GET"])
def new():
    form = session_form(ledger.ruleset_choices(i18n.current()))
    return _new_page(form)


@bp.post("/sessions")
def create():
    form = session_form(ledger.ruleset_choices(i18n.current()))
    if not form.validate_on_submit():
        return _new_page(form), 422
    group = group_from_form()  # the group it is played in, if the form chose one
    try:
        body = form.session_body()
        if group is not None:  # a full group refuses before the evening is made
            check_group_limits(group, body["players"])
        session = ledger.create_session(body, actor=current_actor(), limits=app_limits())
    except ledger.LedgerError as exc:
        field = form.field_for_key(exc.key)
        said = exc.message  # the engine's words, in the page's language
        message = said.text(i18n.current()) if said is not None else exc.problem
        if exc.code:  # a group's refusal, worded by its code
            form.form_errors.append(group_error_text(exc))
        elif field is None:
            form.form_errors.append(exc.text(i18n.current()))
        else:
            field.errors = [*field.errors, message]
        return _new_page(form), 422
    remembered.remember(session.id)
    if group is not None:
        groups.add_evening(
            group, session
        )  # its creator holds its edit link: the group may change it
    flash(t("flash_created"))
    return redirect(url_for("sessions.edit", token=session.edit_token), 303)


def _new_page(form):
    known = ledger.known_players(remembered.evening_ids())  # this browser's evenings only
    group_choices, chosen = offered_groups()
    posted = request.form.get("group", "")  # a refused form keeps its group
    chosen = int(posted) if posted.isdigit() else chosen
    return render_template(
        "sessions/new.html",
        form=form,
        known=known,
        group_choices=group_choices,
        group_chosen=chosen,
    )


@bp.get("/s/<token>")
def view(token: str):
    session = get_session_or_404(token, "view")
    return _scoreboard(session, token, editable=False)


@bp.get("/e/<token>")
def edit(token: str):
    session = get_session_or_404(token, "edit")
    remembered.remember(session.id)  # its players join this browser's quick pick
    return _scoreboard(session, token, editable=True)


@bp.post("/e/<token>/undo")
def undo(token: str):
    session = get_session_or_404(token, "edit")
    try:
        number, hand_id = ledger.undo_last_hand(session, actor=current_actor())
    except ledger.NotFound:
        flash(t("flash_nothing_to_undo"), "error")
    except ledger.Conflict:
        flash(t("flash_conflict"), "error")
    else:
        # The notice carries the way back: a POST button (with CSRF) that restores this hand.
        restore = url_for("sessions.restore", token=token, hand_id=hand_id)
        text = t("flash_undone", n=number)
        flash({"text": text, "action": restore, "label": t("restore"), "testid": "undo-notice"})
    return redirect(url_for("sessions.edit", token=token), 303)


@bp.post("/e/<token>/deleted/<int:hand_id>/restore")
def restore(token: str, hand_id: int):
    """Bring a deleted hand back where it was (POST-redirect-GET to its row)."""
    session = get_session_or_404(token, "edit")
    try:
        number = ledger.restore_hand(session, hand_id, actor=current_actor(), limits=app_limits())
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict:
        flash(t("flash_already_restored"), "error")
        return redirect(url_for("sessions.edit", token=token), 303)
    flash(t("flash_restored", n=number))
    return redirect(url_for("sessions.edit", token=token) + f"#h{number}", 303)


@bp.get("/e/<token>/hands/<int:number>/history")
def edit_history(token: str, number: int):
    session = get_session_or_404(token, "edit")
    return _history_page(session, token, number, editable=True)


@bp.get("/s/<token>/hands/<int:number>/history")
def view_history(token: str, number: int):
    session = get_session_or_404(token, "view")
    return _history_page(session, token, number, editable=False)


def _history_page(session: GameSession, token: str, number: int, editable: bool):
    lang = i18n.current()
    try:
        entries = ledger.hand_history(session, number)
    except ledger.NotFound:
        abort(404)
    seats = ledger.seating_of_hand(session, number)  # the table of that hand
    rows = [
        {
            **entry,
            "when": utc_text(entry["at"]),
            "action_label": _label("action", entry["action"]),
            "via_label": _label("via", entry["via"]),
            "before_view": _state_view(session, entry["before"], lang, seats),
            "after_view": _state_view(session, entry["after"], lang, seats),
        }
        for entry in entries
    ]
    back = url_for("sessions.edit" if editable else "sessions.view", token=token)
    return render_template(
        "hands/history.html",
        entries=rows,
        number=number,
        back=back,
        editable=editable,
        players=ledger.seat_names(session),
        verdicts=[
            {**v, "when": utc_text(v["at"]), "answered": utc_text(v["answered_at"])}
            for v in ledger.verdict_history(session, number)
        ],
    )


def _label(kind: str, value: str | None) -> str:
    """``action_edit``, ``via_api``...: the catalogue's word, or the stored value itself."""
    key = f"{kind}_{value}"
    return t(key) if key in TEXTS else str(value or "")


def _state_view(
    session: GameSession,
    state: dict[str, Any] | None,
    lang: str,
    seats: tuple[str, ...] | None = None,
):
    """A stored hand state, read back: notation, declarer, dealer and payments.

    The engine judges it afresh (as the scoreboard would show it); a state it no longer
    accepts is shown by its declarer and dealer alone rather than failing the page.
    """
    if not state:
        return None
    out: dict[str, Any] = {
        "declarer": state.get("declarer"),
        "dealer": state.get("dealer"),
        "notation": None,
        "tags": [],
        "changes": None,
    }
    try:
        view = ledger.preview_hand(session, state, lang, seats)
    except (ledger.LedgerError, KeyError, TypeError, ValueError):
        return out
    out["notation"] = view.get("notation")
    out["tags"] = [text for _, text in view["sheet"]["tags"]]  # an edit that raised a kontra shows
    out["declarer"] = view.get("declarer") or out["declarer"]
    out["changes"] = view.get("changes")
    return out


def _deleted(session: GameSession, lang: str) -> list[dict[str, Any]]:
    """The deleted hands for the edit scoreboard, each with its readable state."""
    out = []
    for entry in ledger.deleted_hands(session):
        out.append(
            {
                **entry,
                "when": utc_text(entry["deleted_at"]),
                "view": _state_view(session, entry["hand"], lang),
            }
        )
    return out


def _scoreboard(session: GameSession, token: str, editable: bool):
    return scoreboard_page(session, token, editable)


def scoreboard_page(
    session: GameSession, token: str, editable: bool, payment_error: str | None = None
):
    """The scoreboard; ``payment_error``: a payment the scorer just sent was refused."""

    lang = i18n.current()
    every_hand = request.args.get("hands")  # ?hands=all: no fold (a page without script)
    if every_hand not in (None, "all"):
        abort(400, description=t("bad_hands_parameter"))
    if request.args.get("folds") not in (None, "json"):
        abort(400, description=t("bad_folds_parameter"))
    summary = ledger.session_summary(session, lang)
    own = url_for("sessions.edit" if editable else "sessions.view", token=token)
    if request.args.get("folds"):  # the folded rows, asked by the page's script
        sheet = Sheet.for_page(summary, lang, own, own if editable else None)
        return jsonify(fold_rows(sheet, summary["hands"], ledger.marks(session)))
    urls = links(session)
    settle = scoreboard_settle(session, summary, own)  # 400 for a bad ?method=
    # what was paid of each transfer and what remains (payments, never the hands)
    shares = groups.shares_of(session)  # what its groups' own payments paid of it
    settle["up"] = ledger.evening_settle_up(session, summary, settle["transfers"], shares)
    settle["text"] = transfers_text(summary, settle, settle["up"])  # the card's "copy as text"
    prefix = t("bank_remittance_prefix")  # each payee's bank QR: "Kártya 2026-12-05 A→B"
    accounts = ledger.payee_accounts(session)
    settle["qrs"] = transfer_codes(accounts, settle["up"], prefix, session.date, group_today())
    settle["result_card"] = _result_card(session, summary, settle, lang)
    marks = ledger.marks(session)  # each hand's agreement, when seats are claimed
    agreement = ledger.agreement_counts(session, marks)
    if agreement["held"]:  # "settle only agreed hands": no transfer, no code, until then
        settle["qrs"] = {}
    sheet = Sheet.for_page(summary, lang, own, own if editable else None)
    return render_template(
        "sessions/scoreboard.html",
        summary=summary,
        settle=settle,
        payment_error=payment_error,
        today=group_today().isoformat(),
        editable=editable,
        token=token,
        links=urls,
        view_qr=view_qr(urls["view_url"], t("qr_label")),
        chart=balance_chart_svg(summary, lang=lang),  # for partials/balance_chart.html
        rows=folded(
            sheet,
            summary["hands"],
            marks,
            all_drawn=every_hand == "all",
            inline=bool(request.headers.get("X-Offline-Copy")),  # a fold opens offline too
        ),
        agreement=agreement,
        my_seat=None if editable else _my_seat(session),
        table=table_drawing(summary["seated"], summary["next"], summary["deal_passes"]),
        deleted=_deleted(session, lang) if editable else [],
        holding=holding_groups(session) if editable else [],  # only its scorer sees them
        live_state=None if editable else url_for("live.state", token=token),
    )


def _result_card(
    session: GameSession, summary: dict[str, Any], settle: dict[str, Any], lang: str
) -> dict[str, str]:
    """The result card's share buttons: its text, and its PNG under the view link,
    settled as the page is and in its language (``views/cards.py``)."""
    game = ledger.session_game_name(session)
    query = {"method": settle["method"], "banker": settle["banker"]} if settle["chosen"] else {}
    query = {k: v for k, v in query.items() if v}
    url = url_for("cards.evening", token=session.view_token, lang=lang, **query)
    name = f"{game}-{session.date or session.id}.png"
    return share(evening_card(summary, game, settle, settle["up"]), url, name)


def _my_seat(session: GameSession) -> str | None:
    """The link of the seat this browser claimed at the evening (still its own), if any."""
    seat_id = remembered.seat_id(session.id)
    for seat in ledger.claimed_seats(session).values():
        if seat.id == seat_id:
            return url_for("seats.page", token=seat.token)
    return None


@bp.post("/e/<token>/payments")
def add_payment(token: str):
    """Mark a transfer of the evening paid, in whole or in part (settling up)."""
    session = get_session_or_404(token, "edit")
    summary = ledger.session_summary(session)
    try:
        transfers = method_transfers(session, summary, request.form)
        holders = payment_holders(session, request.form)
        payment = ledger.record_payment(
            session,
            summary,
            payment_form(),
            group_today(),
            transfers,
            holders,
            actor=current_actor(),
        )
    except ledger.LedgerError as exc:
        return scoreboard_page(session, token, True, payment_error=payment_error_text(exc)), 422
    payment_recorded(payment)
    return redirect(payment_back("sessions.edit", token), 303)


@bp.post("/e/<token>/payments/<int:payment_id>/delete")
def delete_payment(token: str, payment_id: int):
    """Undo a payment of the evening."""
    session = get_session_or_404(token, "edit")
    return undo_payment(session, payment_id, payment_back("sessions.edit", token))


@bp.app_errorhandler(CSRFError)
def stale_form(exc: CSRFError):
    """A form without a valid CSRF token: say what to do, in the page's language (400).

    The check runs before the request's own hooks, so the language is picked here; the
    reason Flask-WTF gives is English, so only an English page repeats it."""
    language.pick()
    reason = exc.description if i18n.current() == "en" else None
    return render_template("errors/stale_form.html", reason=reason), 400
