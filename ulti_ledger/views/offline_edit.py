"""The scorer's offline queue, under the edit link (``offline`` has the manifest and the
service worker, and says why there is one queue)::

    GET  /e/<t>/offline.json       what the phone needs to keep scoring offline: the next hand's
                                   number and deal, the deal of every dealer, the rotation after
                                   each possible hand, and the version of the new-hand form
    POST /e/<t>/hands/queued       a new hand from the form, meant as hand ``queued_number``;
                                   answers JSON (201, or 4xx with the reason in the page's words)

The server owns the order of the evening. A phone sends what happened at the table, not
where it sits: the hand's number, dealer and sitting-out players are the rotation's at the
moment the server records it (a dealer the scorer chose on the form, unlike the one the
page proposed, is what happened and is kept). ``queued_number`` is the position the phone
meant. When it is still next the hand is recorded; when other hands landed first (another
phone, the API), nothing is written and the answer (409, ``moved``) says what the hand
would be at the end: its number, dealer and payments by the same engine, or why it cannot
be, and whether a recorded hand next to it has the same facts (both scorers entered it).
The phone then adds it at the end by sending it again meant as that number, opens it in
the form, or drops it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Blueprint, Response, flash, jsonify, request, url_for
from werkzeug.datastructures import MultiDict

from .. import ledger
from ..audit import current_actor
from ..handform import generic
from ..models import GameSession
from ..words import i18n
from ..words.i18n import t
from . import form_refusals, game_form
from .common import app_limits, form_number, get_session_or_404

bp = Blueprint("offline_edit", __name__, url_prefix="/e/<token>")

DEAL_FIELDS = ("dealer", "sitting_out", "sitting_out_for", "proposed")
"""What the page posts of its deal: read only where the scorer changed it."""
LANDED_SHOWN = 10
"""The hands that landed first, listed in a moved answer (the latest of them)."""


@bp.get("/offline.json")
def offline_state(token: str) -> Response:
    """The next hand, every dealer's deal and the rotation after every possible hand, and
    the fields whose default is a part of the deal, for the phone to deal its cached form."""
    session = get_session_or_404(token, "edit")
    seats = list(ledger.current_seating(session))
    upcoming = ledger.next_hand(session)
    form = ledger.game_form(session).describe(i18n.current())
    return jsonify(
        {
            "number": ledger.hand_count(session) + 1,
            "version": session.version,
            "form_version": _form_version(session, form, seats),
            "dealer": upcoming["dealer"],
            "seats": seats,
            "after": ledger.dealers_after(session),
            "deals": {d: ledger.deal_by(session, seats, d) for d in seats},
            "defaults": _deal_defaults(form),
            "board": url_for("sessions.edit", token=token),
            "form": url_for("hands.new", token=token),
            "queued_url": url_for("offline_edit.queued", token=token),
        }
    )


@bp.post("/hands/queued")
def queued(token: str):
    """Record a new hand meant as hand ``queued_number``, or say why not (JSON)."""
    session = get_session_or_404(token, "edit")
    meant = form_number("queued_number")
    if meant is None or meant < 1:
        return _refused(400, "queued_number", t("offline_no_number"))
    if _restored():
        return jsonify({"error": t("form_restored"), "field": "form", "redraw": True}), 409
    version = session.version
    number = ledger.hand_count(session) + 1
    hand_form = ledger.game_form(session)
    form = hand_form.describe(i18n.current())
    deal, posted = _table_deal(session)
    values = generic.read(form, posted, deal)
    proposal = ledger.proposed_values(session)  # Skat: a Bock round begun or ended meanwhile
    values = generic.reproposed(form, values, deal, game_form.posted_proposal(form), proposal)
    hand = hand_form.hand_of(values)
    if meant != number:
        return _moved(session, hand_form, form, values, hand, meant)
    try:
        saved = ledger.save_hand(
            session, None, hand, version, actor=current_actor(), limits=app_limits()
        )
    except ledger.Conflict:  # another hand landed while this one was read
        return _moved(session, hand_form, form, values, hand, meant)
    except ledger.LedgerError as exc:
        field, said = form_refusals.explain(hand_form, form, values, hand, exc)
        return _refused(422, field, said)
    flash(t("flash_saved", n=saved))
    board = url_for("sessions.edit", token=token, _anchor=f"h{saved}")
    return jsonify({"number": saved, "dealer": deal["dealer"], "board": board}), 201


def _restored() -> bool:
    """The browser put an earlier page's entries back after Back (the dealer, not the
    hidden field the script sets with it): the form page is drawn again, as drawn."""
    posted = request.form
    dealer = posted.get("dealer") or ""
    return (
        posted.get("js") == "1" and bool(dealer) and dealer != posted.get("sitting_out_for", dealer)
    )


def _table_deal(session: GameSession) -> tuple[dict[str, Any], MultiDict]:
    """The deal the hand is recorded with, and the posted fields to read against it.

    The rotation's deal of the next hand, whatever dealer the phone's page showed (a page
    drawn for an earlier hand, a queue dealt by the phone's own reckoning), unless the
    scorer changed the dealer or who sits out on the form: that is what happened at the
    table, and it is read as the form reads it.
    """
    seats = tuple(ledger.current_seating(session))
    drawn = game_form.deal_of(ledger.next_hand(session), seats)
    posted = MultiDict(request.form)
    chosen = posted.get("dealer") or ""
    own = ledger.deal_by(session, seats, chosen) if chosen else None
    changed_dealer = bool(chosen) and chosen != posted.get("proposed", chosen)
    sitters = posted.getlist("sitting_out")
    changed_sitters = own is not None and "sitting_out_for" in posted
    changed_sitters = changed_sitters and sorted(sitters) != sorted(own["sitting_out"])
    if changed_dealer or changed_sitters:
        deal, _ = game_form.posted_deal(session, drawn)
        return deal, posted
    for name in DEAL_FIELDS:
        posted.poplist(name)
    posted["dealer"] = drawn["dealer"]
    return drawn, posted


def _moved(
    session: GameSession,
    hand_form: ledger.GameForm,
    form: dict[str, Any],
    values: dict[str, Any],
    hand: dict[str, Any],
    meant: int,
) -> tuple[Response, int]:
    """409: other hands landed first. What the hand would be at the end, and its twin."""
    lang = i18n.current()
    count = ledger.hand_count(session)
    number = count + 1
    landed = [
        _landed(ledger.hand_view(session, n, lang), n)
        for n in range(max(meant, number - LANDED_SHOWN), number)
    ]
    moved: dict[str, Any] = {
        "meant": meant,
        "number": number,
        "dealer": values.get("dealer") or "",
        "sitting_out": list(values.get("sitting_out") or ()),
        "landed": landed,
        "twin": ledger.twin_of(session, hand, meant),
        "payments": [],
        "currency": session.currency,
        "refused": None,
    }
    try:
        view = ledger.preview_hand(session, hand, lang)
    except ledger.LedgerError as exc:
        moved["refused"] = form_refusals.explain(hand_form, form, values, hand, exc)[1]
    else:
        moved["payments"] = game_form.amounts(session, view)
    text = t("offline_out_of_order", n=meant, m=number)
    return jsonify({"error": text, "field": "form", "moved": moved}), 409


def _landed(view: dict[str, Any], number: int) -> dict[str, Any]:
    """A hand that landed before the queued one, as the phone lists it."""
    sheet = view.get("sheet") or {}
    return {
        "number": number,
        "dealer": view.get("dealer") or "",
        "declarer": view.get("declarer") or "",
        "game": sheet.get("game") or "",
    }


def _form_version(session: GameSession, form: dict[str, Any], seats: list[str]) -> str:
    """A digest of what the new-hand form shows beyond the deal, which the phone deals
    itself (the hand's number, dealer, who sits out): the form in the page's language,
    the game's proposal from the hands so far (Skat's Bock), the table and the evening's
    money. The phone copies the form again only when it changes: a hand alone does not
    change it, unless it changes the proposal."""
    shown = {
        "form": form,
        "proposal": ledger.proposed_values(session),
        "seats": seats,
        "name": session.name,
        "unit": [session.unit_amount, session.currency],
        "lang": i18n.current(),
    }
    text = json.dumps(shown, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _deal_defaults(form: dict[str, Any]) -> dict[str, str]:
    """The fields whose default is a part of the deal (snapszer's starter: the deal's first
    bidder), by name: the phone moves them with the deal it gives its cached form."""
    return {
        f["name"]: f["default"]["scope"]
        for f in form["fields"]
        if isinstance(f.get("default"), dict) and "scope" in f["default"]
    }


def _refused(status: int, field: str, text: str) -> tuple[Response, int]:
    return jsonify({"error": text, "field": field}), status
