"""The hand pages of a session's edit link: enter, preview, change and delete hands.

::

    GET  /e/<t>/hands/new              the hand form, the rotation's deal filled in
    POST /e/<t>/hands                  save a new hand (or re-show it: a preset or Preview)
    GET  /e/<t>/hands/<n>/edit         the form with hand n
    POST /e/<t>/hands/<n>              save hand n; the later totals follow
    POST /e/<t>/preview                the live preview: an HTML fragment, nothing saved
    GET  /e/<t>/hands/<n>/delete       "delete hand n?" (works without the script)
    POST /e/<t>/hands/<n>/delete       delete it; the later hands move up one number

A hand is judged only by the engine (through the ledger), the same path as the API: a
rejected hand is shown again with the engine's objection, in the form's words, beside the
field it names (``hand_errors``), with HTTP 422, and nothing is written. Saving redirects
to the scoreboard (POST-redirect-GET). A form that is not what its page showed (an old
page's version, or an earlier entry the browser restored after Back) is not saved: it
comes back with a notice and HTTP 409, so a hand is never recorded twice unseen.
"""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .. import handform, i18n, ledger
from ..handform import HandState, Table
from ..i18n import t
from ..models import GameSession
from ..numbers import form_number
from . import game_form, hand_errors
from .sessions import get_session_or_404, private

bp = Blueprint("hands", __name__, url_prefix="/e/<token>")
bp.after_request(private)


@bp.get("/hands/new")
def new(token: str):
    session = get_session_or_404(token, "edit")
    if game_form.drawn(session):
        return game_form.new(session, token)
    table, proposal = _table(session)
    state = handform.initial_state(table, proposal)
    return _page(session, token, table, state, None, session.version, preview=False)


@bp.post("/hands")
def create(token: str):
    session = get_session_or_404(token, "edit")
    if game_form.drawn(session):
        return game_form.submit(session, token, None)
    table, proposal = _table(session)
    state = _form_state(table, proposal)
    return _submit(session, token, table, proposal, state, None)


@bp.get("/hands/<int:number>/edit")
def edit(token: str, number: int):
    session = get_session_or_404(token, "edit")
    entry = _entry_or_404(session, number)
    if game_form.drawn(session):
        return game_form.edit(session, token, entry)
    table, _ = _table(session, entry)
    state = handform.state_from_hand(table, entry["hand"], entry["dealer"])
    return _page(session, token, table, state, number, entry["version"])


@bp.post("/hands/<int:number>")
def update(token: str, number: int):
    session = get_session_or_404(token, "edit")
    entry = _entry_or_404(session, number)
    if game_form.drawn(session):
        return game_form.submit(session, token, entry)
    table, proposal = _table(session, entry)
    state = _form_state(table, proposal)
    return _submit(session, token, table, proposal, state, number)


@bp.post("/preview")
def preview(token: str):
    session = get_session_or_404(token, "edit")
    if game_form.drawn(session):
        return game_form.preview(session)
    table, proposal = _table(session)
    try:
        state = handform.state_from_form(table, request.form, proposal)
    except handform.UnreadableOptions as exc:
        result = {"view": None, "error": _options_problem(exc), "hints": []}
        return render_template("hands/_preview.html", preview=result), 400
    result = _preview(session, table, state)
    status = 422 if result["error"] else 200
    return render_template("hands/_preview.html", preview=result), status


@bp.get("/hands/<int:number>/delete")
def confirm_delete(token: str, number: int):
    session = get_session_or_404(token, "edit")
    hand = _hand_view(session, number)
    if hand is None:
        abort(404)
    return _delete_page(hand, token)


@bp.post("/hands/<int:number>/delete")
def delete(token: str, number: int):
    session = get_session_or_404(token, "edit")
    try:
        ledger.delete_hand(session, number, _expected_version())
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        hand = _hand_view(session, number) if exc.stale else None
        if hand is None:
            flash(t("flash_conflict"), "error")
            return redirect(url_for("sessions.edit", token=token), 303)
        # The hand changed since the scorer looked: show it as it is now, ask again.
        return _delete_page(hand, token, notice=t("changed_meanwhile")), 409
    flash(t("flash_deleted", n=number))
    return redirect(url_for("sessions.edit", token=token), 303)


def _delete_page(hand: dict[str, Any], token: str, notice: str | None = None):
    return render_template("hands/delete.html", hand=hand, token=token, notice=notice)


def _hand_view(session: GameSession, number: int) -> dict[str, Any] | None:
    """Hand ``number`` as the scoreboard shows it, or None if there is none."""
    try:
        return ledger.hand_view(session, number, i18n.current())
    except ledger.NotFound:
        return None


def _form_state(table: Table, proposal: dict[str, Any]) -> HandState:
    """The hand the form describes; 400 when its ``options`` field cannot be read."""
    try:
        return handform.state_from_form(table, request.form, proposal)
    except handform.UnreadableOptions as exc:
        abort(400, description=_options_problem(exc))


def _options_problem(exc: handform.UnreadableOptions) -> str:
    return t("bad_hand_options", reason=t(exc.reason, **exc.params))


def _expected_version() -> int | None:
    """The version the scorer's page showed (sent back by every form that writes)."""
    return form_number("expected_version")


def _table(session: GameSession, entry: dict[str, Any] | None = None) -> tuple[Table, dict]:
    """The form's offer for this session, and the deal to start from (or fall back to).

    The seats are the table's at that hand: now for a new hand, then for an edited one.
    """
    if entry is None:
        seats = ledger.current_seating(session)
    else:
        seats = ledger.seating_of_hand(session, entry["number"])
    if entry is None:
        proposal = ledger.next_hand(session)
    else:
        hand = entry["hand"]
        proposal = {"dealer": entry["dealer"], "sitting_out": hand.get("sitting_out", [])}
        proposal["players"] = hand["players"]
    own = entry["hand"].get("options") if entry else None
    form = ledger.hand_form(session, "hu", own, words=i18n.current())
    table = Table.build(seats, form, len(proposal["players"]))
    return table, proposal


def _entry_or_404(session: GameSession, number: int) -> dict[str, Any]:
    try:
        return ledger.hand_entry(session, number, i18n.current())
    except ledger.NotFound:
        abort(404)


def _submit(
    session: GameSession,
    token: str,
    table: Table,
    proposal: dict[str, Any],
    state: HandState,
    number: int | None,
):
    form = request.form
    expected = _expected_version()
    page = functools.partial(_page, session, token, table, state, number, expected)
    if form.get("preset") or form.get("action") == "preview":
        return page()
    if handform.restored(form):
        # Not what the page showed: show the deal it was drawn with and the other entries.
        handform.deal_by(table, state, form.get("sitting_out_for", ""), proposal)
        return page(notice=t("form_restored")), 409
    missing = handform.missing(table, state)
    if missing:
        return page(errors={area: t(key) for area, key in missing.items()}), 422
    if form.get("js") != "1" and form.get("shown") != handform.layout_key(table, state):
        # Without the script the details of a newly chosen contract were never shown.
        return page(notice=t("review_details"))
    hand = handform.to_hand(table, state)
    try:
        saved = ledger.save_hand(session, number, hand, expected)
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        if not exc.stale:
            return page(errors={"form": t("flash_conflict")}), 409
        if number is not None and not exc.current:
            return page(errors={"form": t("hand_gone")}), 409
        notice = t("changed_meanwhile")
        if number is None:
            # Another hand came first (this one, saved before Back, or another phone's):
            # this is the next hand now, dealt as the rotation says unless the scorer chose.
            notice = t("added_meanwhile")
            if state.dealer == form.get("proposed"):
                handform.deal_by(table, state, proposal["dealer"], proposal)
        # Keep the scorer's taps and say so; the page now carries the version stored,
        # so saving again is a knowing choice.
        version = (exc.current or {}).get("version")
        return _page(session, token, table, state, number, version, notice=notice), 409
    except ledger.LedgerError as exc:
        area, message = hand_errors.explain(table, state, hand, exc)
        return page(errors={area: message}), 422
    flash(t("flash_saved", n=saved))
    return redirect(url_for("sessions.edit", token=token, _anchor=f"h{saved}"), 303)


def _page(
    session: GameSession,
    token: str,
    table: Table,
    state: HandState,
    number: int | None,
    expected_version: int | None,
    errors: dict[str, str] | None = None,
    notice: str | None = None,
    preview: bool = True,
):
    errors = errors or {}
    result = _preview(session, table, state) if preview else _empty_preview()
    if errors and not result["error"]:
        result["error"] = next(iter(errors.values()))
    return render_template(
        "hands/form.html",
        token=token,
        number=number,
        next_number=number or ledger.hand_count(session) + 1,
        table=table,
        state=state,
        shown=handform.shown(table, state),
        errors=errors,
        notice=notice,
        preview=result,
        session_name=session.name,
        expected_version=expected_version,
    )


def _empty_preview() -> dict[str, Any]:
    return {"view": None, "error": None, "hints": [t("missing_declarer"), t("missing_contract")]}


def _preview(session: GameSession, table: Table, state: HandState) -> dict[str, Any]:
    """The hand's result as the engine settles it, or what is missing, or its message."""
    out: dict[str, Any] = {"view": None, "error": None, "hints": []}
    missing = handform.missing(table, state)
    if missing:
        out["hints"] = [t(key) for key in missing.values()]
        return out
    hand = handform.to_hand(table, state)
    try:
        view = ledger.preview_hand(session, hand, i18n.current())
    except ledger.LedgerError as exc:
        out["error"] = hand_errors.explain(table, state, hand, exc)[1]
        return out
    value = Decimal(session.unit_amount)
    out["view"] = view
    out["amounts"] = [
        {
            "name": name,
            "units": view["changes"][name],
            "money": format(view["changes"][name] * value, "f"),
            "role": "declarer"
            if name == view["declarer"]
            else "out"
            if name in view["sitting_out"]
            else "defender",
        }
        for name in table.seats
    ]
    out["currency"] = session.currency
    return out
