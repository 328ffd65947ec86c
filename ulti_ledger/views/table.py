"""The scorer's view of the seats: who claimed which, the disputes, the house options.

::

    GET  /e/<t>/seats                      each player's seat (claimed? a QR to claim it),
                                           the open disputes, who must confirm
    POST /e/<t>/seats/free                 free a seat (player): its link opens nothing
    POST /e/<t>/seats/rules                confirm_mode (one, all, off), settle_agreed
    POST /e/<t>/disputes/<id>/accept       edit the hand as the seat proposed
    POST /e/<t>/disputes/<id>/keep         the hand stands (answer: a short reason)

Only the edit link reaches these (a seat's link: 403, ``common``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .. import ledger
from ..audit import current_actor
from ..models import GameSession
from ..words import i18n
from ..words.i18n import t
from .common import get_session_or_404, links, view_qr
from .seat_words import refusal

bp = Blueprint("table", __name__, url_prefix="/e/<token>")


@bp.get("/seats")
def page(token: str):
    session = get_session_or_404(token, "edit")
    claimed = ledger.claimed_seats(session)
    view_url = links(session)["view_url"]
    seats = [
        {
            "player": name,
            "claimed": name in claimed,
            "pin": bool(claimed[name].pin_hash) if name in claimed else False,
            "qr": view_qr(f"{view_url}/seats?player={name}", t("seat_qr_label", name=name)),
        }
        for name in ledger.seat_names(session)
    ]
    return render_template(
        "seats/table.html",
        session=session,
        token=token,
        seats=seats,
        disputes=_disputes(session),
        counts=ledger.agreement_counts(session),
        modes=ledger.MODES,
    )


@bp.post("/seats/free")
def free(token: str):
    session = get_session_or_404(token, "edit")
    player = request.form.get("player", "")
    if ledger.free_seat(session, player):
        flash(t("seat_freed", name=player))
    return redirect(url_for("table.page", token=token), 303)


@bp.post("/seats/rules")
def rules(token: str):
    session = get_session_or_404(token, "edit")
    mode = request.form.get("confirm_mode", "")
    try:
        ledger.set_agreement_rules(session, mode, request.form.get("settle_agreed") == "1")
    except ledger.AgreementError:
        abort(400, description=t("seat_err_bad_mode"))
    flash(t("seat_rules_saved"))
    return redirect(url_for("table.page", token=token), 303)


@bp.post("/disputes/<int:dispute_id>/accept")
def accept(token: str, dispute_id: int):
    """The seat's proposal becomes the hand (an edit: it asks for confirmation again)."""
    session = get_session_or_404(token, "edit")
    _dispute_or_404(session, dispute_id)
    answer = request.form.get("answer", "")
    try:
        number = ledger.accept_proposal(session, dispute_id, answer, actor=current_actor())
    except ledger.NotFound:  # the seat replaced or withdrew it since the page was read
        flash(t("dispute_gone"), "error")
        return redirect(url_for("table.page", token=token), 303)
    except ledger.Conflict:
        flash(t("flash_conflict"), "error")
        return redirect(url_for("table.page", token=token), 303)
    except ledger.LedgerError as exc:
        flash(refusal(exc) if isinstance(exc, ledger.AgreementError) else exc.text(i18n.current()))
        return redirect(url_for("table.page", token=token), 303)
    flash(t("dispute_accepted", number=number))
    return redirect(url_for("sessions.edit", token=token, _anchor=f"h{number}"), 303)


@bp.post("/disputes/<int:dispute_id>/keep")
def keep(token: str, dispute_id: int):
    session = get_session_or_404(token, "edit")
    row = _dispute_or_404(session, dispute_id)
    ledger.answer_dispute(session, dispute_id, "kept", request.form.get("answer", ""))
    flash(t("dispute_kept", number=_number_of(session, row.hand_id)))
    return redirect(url_for("table.page", token=token), 303)


def _dispute_or_404(session: GameSession, dispute_id: int):
    try:
        return ledger.dispute_of(session, dispute_id)
    except ledger.NotFound:
        abort(404)


def _number_of(session: GameSession, hand_id: int) -> int:
    try:
        return ledger.hand_number(session, hand_id)
    except ledger.NotFound:
        abort(404)


def _disputes(session: GameSession) -> list[dict[str, Any]]:
    """The open disputes, each with its hand as it is and as the seat proposes it."""
    lang = i18n.current()
    out = []
    for number, mark in ledger.numbered_marks(session):
        for dispute in mark.disputes:
            proposed = None
            if dispute["proposal"]:
                try:
                    proposed = ledger.preview_hand(session, dispute["proposal"], lang)
                except ledger.LedgerError:
                    proposed = None
            hand = ledger.hand_view(session, number, lang)
            out.append({**dispute, "number": number, "hand": hand, "proposed": proposed})
    return out
