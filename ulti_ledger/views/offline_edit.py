"""The scorer's offline queue, under the edit link (``offline`` has the manifest and the
service worker, and says why there is one queue)::

    GET  /e/<t>/offline.json       what the phone needs to keep scoring offline: the next hand's
                                   number and dealer, the rotation after each possible hand
    POST /e/<t>/hands/queued       a new hand from the form, meant as hand ``queued_number``;
                                   answers JSON (201, or 4xx with the reason in the page's words)
"""

from __future__ import annotations

from flask import Blueprint, Response, flash, jsonify, request, url_for

from .. import ledger
from ..audit import current_actor
from ..handform import generic
from ..words import i18n
from ..words.i18n import t
from . import form_refusals, game_form
from .common import app_limits, form_number, get_session_or_404

bp = Blueprint("offline_edit", __name__, url_prefix="/e/<token>")


@bp.get("/offline.json")
def offline_state(token: str) -> Response:
    """The next hand and the rotation after every possible hand, for the phone's queue."""
    session = get_session_or_404(token, "edit")
    seats = list(ledger.current_seating(session))
    upcoming = ledger.next_hand(session)
    after = ledger.dealers_after(session)
    return jsonify(
        {
            "number": ledger.hand_count(session) + 1,
            "version": session.version,
            "dealer": upcoming["dealer"],
            "seats": seats,
            "after": after,
            "board": url_for("sessions.edit", token=token),
            "queued_url": url_for("offline_edit.queued", token=token),
        }
    )


@bp.post("/hands/queued")
def queued(token: str):
    """Save a new hand meant as hand ``queued_number``, or say why not (JSON)."""
    session = get_session_or_404(token, "edit")
    meant = form_number("queued_number")
    number = ledger.hand_count(session) + 1
    if meant is None:
        return _refused(400, "queued_number", t("offline_no_number"))
    if meant != number:
        return _refused(409, "form", t("offline_out_of_order", n=meant, m=number))
    version = session.version
    seats = tuple(ledger.current_seating(session))
    drawn = game_form.deal_of(ledger.next_hand(session), seats)
    hand_form = ledger.game_form(session)
    form = hand_form.describe(i18n.current())
    deal, _ = game_form.posted_deal(session, drawn)
    values = generic.read(form, request.form.to_dict(), deal)
    hand = hand_form.hand_of(values)
    try:
        saved = ledger.save_hand(
            session, None, hand, version, actor=current_actor(), limits=app_limits()
        )
    except ledger.Conflict:
        number = ledger.hand_count(session) + 1
        return _refused(409, "form", t("offline_out_of_order", n=meant, m=number))
    except ledger.LedgerError as exc:
        field, said = form_refusals.explain(hand_form, form, values, hand, exc)
        return _refused(422, field, said)
    flash(t("flash_saved", n=saved))
    board = url_for("sessions.edit", token=token, _anchor=f"h{saved}")
    return jsonify({"number": saved, "dealer": hand.get("dealer"), "board": board}), 201


def _refused(status: int, field: str, text: str) -> tuple[Response, int]:
    return jsonify({"error": text, "field": field}), status
