"""The evening's own page on the scorer's link: settings, house rules, players, changes.

::

    GET  /e/<t>/evening                  the page: settings form, players, changes
    POST /e/<t>/evening                  save the settings (a second step for house rules)
    POST /e/<t>/evening/rename           rename a player (old, new)
    POST /e/<t>/evening/join             seat a late arrival (name, seat) from the next hand
    POST /e/<t>/evening/leave            a player leaves (name) from the next hand
    POST /e/<t>/evening/undo/<entry>     undo one change of the evening

House rules change what the recorded hands pay, so saving new ones with hands recorded
comes back first with the difference (each hand and the totals, before and after, if
re-settled) and two choices: the earlier hands keep their rules, or are re-settled. The
scorer picks one and saves again. Everything goes through the ledger, as the API does;
a refusal is shown in the page's words with HTTP 422, nothing saved.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for

from .. import ledger
from ..audit import current_actor
from ..models import GameSession
from ..web.forms import settings_form
from ..words import i18n
from ..words.i18n import t
from .common import form_number, get_session_or_404
from .evening_words import change_rows
from .refusal_words import problem_text

bp = Blueprint("evening", __name__, url_prefix="/e/<token>/evening")
CHOICES = ("keep", "resettle")


@bp.get("")
def page(token: str):
    session = get_session_or_404(token, "edit")
    return _page(session, token, _form(session))


@bp.post("")
def save(token: str):
    session = get_session_or_404(token, "edit")
    form = _form(session)
    if not form.validate_on_submit():
        return _page(session, token, form), 422
    body = form.changes_body()
    diff = None
    if body["options"] != ledger.settings_state(session)["options"]:
        try:
            diff = ledger.rules_preview(session, body["options"], i18n.current())
        except ledger.LedgerError as exc:
            form.form_errors.append(problem_text(exc))
            return _page(session, token, form), 422
        has_hands = bool(ledger.hand_count(session))
        choice = form.resettle.data
        if has_hands and diff["changed"] and choice not in CHOICES:
            # the second step: the difference, and the choice for the earlier hands
            return _page(session, token, form, diff=diff), 200
        if has_hands and diff["changed"]:
            body["resettle"] = choice == "resettle"
    try:
        ledger.update_session(session, body, form_number("expected_version"), actor=current_actor())
    except ledger.Conflict:
        flash(t("changed_meanwhile"), "error")
        return redirect(url_for(".page", token=token), 303)
    except ledger.LedgerError as exc:
        form.form_errors.append(problem_text(exc))
        return _page(session, token, form, diff=diff), 422
    flash(t("evening_saved"))
    return redirect(url_for("sessions.edit", token=token), 303)


@bp.post("/rename")
def rename(token: str):
    old, new = request.form.get("old", ""), request.form.get("new", "").strip()
    return _players(token, {"rename": {old: new}}, t("evening_renamed", old=old, new=new))


@bp.post("/join")
def join(token: str):
    name = request.form.get("name", "").strip()
    body: dict[str, Any] = {"name": name}
    seat = form_number("seat")
    if seat is not None:
        body["seat"] = seat
    return _players(token, {"add": body}, t("evening_joined", name=name))


@bp.post("/leave")
def leave(token: str):
    name = request.form.get("name", "")
    return _players(token, {"remove": {"name": name}}, t("evening_left", name=name))


@bp.post("/undo/<int:entry_id>")
def undo(token: str, entry_id: int):
    session = get_session_or_404(token, "edit")
    try:
        ledger.undo_change(session, entry_id, actor=current_actor())
    except ledger.LedgerError as exc:
        flash(problem_text(exc), "error")
    else:
        flash(t("evening_undone"))
    return redirect(url_for(".page", token=token), 303)


def _players(token: str, body: dict[str, Any], done: str):
    session = get_session_or_404(token, "edit")
    try:
        ledger.change_players(session, body, actor=current_actor())
    except ledger.LedgerError as exc:
        return _page(session, token, _form(session), player_error=problem_text(exc)), 422
    flash(done)
    return redirect(url_for(".page", token=token) + "#players", 303)


def _form(session: GameSession):
    choice = ledger.session_ruleset_choice(session, i18n.current())
    return settings_form(choice, ledger.settings_state(session))


def _page(session: GameSession, token: str, form, diff=None, player_error=None):
    summary = ledger.session_summary(session, i18n.current())
    history = ledger.session_history(session)
    ruleset = ledger.session_ruleset_choice(session, i18n.current())
    return render_template(
        "sessions/evening.html",
        form=form,
        summary=summary,
        token=token,
        diff=diff,
        player_error=player_error,
        changes=change_rows(history, set(ledger.undoable(session)), ruleset),
        left=[p for p in summary["players"] if p not in summary["seated"]],
    )
