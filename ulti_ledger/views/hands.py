"""The hand pages of a session's edit link: enter, preview, change and delete hands.

::

    GET  /e/<t>/hands/new              the hand form, the rotation's deal filled in
    POST /e/<t>/hands                  save a new hand (or re-show it: a preset or Preview)
    GET  /e/<t>/hands/<n>/edit         the form with hand n
    POST /e/<t>/hands/<n>              save hand n; the later totals follow
    POST /e/<t>/preview                the live preview: an HTML fragment, nothing saved
    GET  /e/<t>/hands/<n>/delete       "delete hand n?" (works without the script)
    POST /e/<t>/hands/<n>/delete       delete it; the later hands move up one number

Every game's form is drawn from its description (``game_form``). A hand is judged only
by the engine (through the ledger), the same path as the API: a rejected hand is shown
again with the engine's objection, in the form's words, beside the field it names
(``form_refusals``), with HTTP 422, and nothing is written. Saving redirects to the
scoreboard (POST-redirect-GET). A form that is not what its page showed (an old
page's version, or an earlier entry the browser restored after Back) is not saved: it
comes back with a notice and HTTP 409, so a hand is never recorded twice unseen.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for

from .. import ledger
from ..audit import current_actor
from ..models import GameSession
from ..words import i18n
from ..words.i18n import t
from . import game_form
from .common import draw_ahead, form_number, get_session_or_404

bp = Blueprint("hands", __name__, url_prefix="/e/<token>")


@bp.get("/hands/new")
def new(token: str):
    return game_form.new(get_session_or_404(token, "edit"), token)


@bp.post("/hands")
def create(token: str):
    return game_form.submit(get_session_or_404(token, "edit"), token, None)


@bp.get("/hands/<int:number>/edit")
def edit(token: str, number: int):
    session = get_session_or_404(token, "edit")
    return game_form.edit(session, token, _entry_or_404(session, number))


@bp.post("/hands/<int:number>")
def update(token: str, number: int):
    session = get_session_or_404(token, "edit")
    try:
        entry = ledger.hand_entry(session, number, i18n.current())
    except ledger.NotFound:
        if _expected_version() is None:
            abort(404)
        # The edit page was drawn for a hand deleted since: nothing to save over.
        abort(409, description=t("hand_gone"))
    return game_form.submit(session, token, entry)


@bp.post("/preview")
def preview(token: str):
    return game_form.preview(get_session_or_404(token, "edit"))


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
        ledger.delete_hand(session, number, _expected_version(), actor=current_actor())
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        hand = _hand_view(session, number) if exc.stale else None
        if hand is None:
            flash(t("flash_conflict"), "error")
            return redirect(url_for("sessions.edit", token=token), 303)
        # The hand changed since the scorer looked: show it as it is now, ask again.
        return _delete_page(hand, token, notice=t("changed_meanwhile")), 409
    draw_ahead(session)
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


def _expected_version() -> int | None:
    """The version the scorer's page showed (sent back by every form that writes)."""
    return form_number("expected_version")


def _entry_or_404(session: GameSession, number: int) -> dict[str, Any]:
    try:
        return ledger.hand_entry(session, number, i18n.current())
    except ledger.NotFound:
        abort(404)
