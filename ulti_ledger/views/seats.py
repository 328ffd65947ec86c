"""A player's own phone at the table: claim a seat, then confirm or dispute the hands.

::

    GET  /s/<t>/seats                  "I am …": the evening's players, a seat each
    POST /s/<t>/seats/claim            claim one (player, pin; old_pin to take a kept one)
    GET  /t/<seat>                     the seat's page: hands waiting for this player
    GET  /t/<seat>/state               its live state (polled every second)
    POST /t/<seat>/hands/<n>/confirm   Rendben (version: the hand as shown)
    POST /t/<seat>/hands/<n>/dispute   Nem így, with a reason
    GET  /t/<seat>/hands/<n>/edit      the hand form, to propose the hand as it was
    POST /t/<seat>/hands/<n>           the proposal (a dispute carrying the hand; the
                                       seat's open dispute of it: replaces its proposal)
    POST /t/<seat>/disputes/<d>        the seat's open dispute, said again (reason)
    POST /t/<seat>/disputes/<d>/withdraw  taken back: the hand waits for its word again
    POST /t/<seat>/preview             the form's live preview
    GET  /t/<seat>/bank, POST          the player's own payee details

A seat link (docs/capabilities.md) reads what the view link reads and answers for one
player; every route of an edit link refuses it with 403 (``common.get_session_or_404``).
This browser remembers its seats in the signed cookie (``remembered``): the view page
then leads back to the seat, and a group's next evening offers the same seat in one tap.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from .. import ledger
from ..models import GameSession, TableSeat
from ..payqr import InvalidIban
from ..settlement.who_pays import shown_lines
from ..words import i18n
from ..words.i18n import signed, t
from . import game_form
from .bank_words import INVALID_IBAN
from .common import form_number, get_session_or_404, links, utc_text
from .remembered import group_seat, remember_seat
from .seat_words import refusal

bp = Blueprint("seats", __name__)


@bp.get("/s/<token>/seats")
def choose(token: str, error: str | None = None, status: int = 200):
    session = get_session_or_404(token, "view")
    claimed = ledger.claimed_seats(session)
    chosen = request.values.get("player") or group_seat(session.group_id) or ""
    page = render_template(
        "seats/choose.html",
        session=session,
        token=token,
        players=ledger.seat_names(session),
        claimed={name: bool(seat.pin_hash) for name, seat in claimed.items()},
        chosen=chosen,
        error=error,
    )
    return page, status


@bp.post("/s/<token>/seats/claim")
def claim(token: str):
    session = get_session_or_404(token, "view")
    if ledger.is_seat_token(token):  # a seat never takes another seat (the view link does)
        abort(403, description=t("seat_err_cannot_write"))
    player = request.form.get("player", "")
    try:
        seat_token = ledger.claim_seat(
            session, player, request.form.get("pin", ""), request.form.get("old_pin", "")
        )
    except ledger.AgreementError as exc:
        return choose(token, error=refusal(exc), status=422)
    seat = ledger.seat_by_token(seat_token)
    remember_seat(session.id, seat.id, session.group_id, player)
    flash(t("seat_claimed", name=player))
    return redirect(url_for("seats.page", token=seat_token), 303)


@bp.get("/t/<token>")
def page(token: str):
    seat, session = _seat_or_404(token)
    lang = i18n.current()
    summary = ledger.session_summary(session, lang)
    marks = ledger.marks(session)
    answers = ledger.dispute_answers(session)
    hands = [
        _hand(seat, hand, marks.get(hand["version"]), answers.get(hand["number"], []), lang)
        for hand in summary["hands"]
    ]
    return render_template(
        "seats/page.html",
        seat=seat,
        token=token,
        summary=summary,
        hands=hands,
        waiting=[h for h in hands if h["asks_me"]],
        disputed=[_with_proposal(session, h, lang) for h in hands if h["my_dispute"]],
        mode=ledger.effective_mode(session),
        view_url=links(session)["view_url"],
        accounts=ledger.payee_accounts(session),
    )


@bp.get("/t/<token>/state")
def state(token: str):
    """The evening's version: the seat's page polls it every second and redraws its hands
    when it moved (304 while it stays: one indexed lookup, as the view link's poll)."""
    try:
        session_id, version = ledger.seat_stamp(token)
    except ledger.NotFound:
        abort(404)
    etag = f"t{session_id}-v{version}"
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = make_response({"version": version})
    response.set_etag(etag)
    return response


@bp.post("/t/<token>/hands/<int:number>/confirm")
def confirm(token: str, number: int):
    return _verdict(token, number, "confirm")


@bp.post("/t/<token>/hands/<int:number>/dispute")
def dispute(token: str, number: int):
    return _verdict(token, number, "dispute", reason=request.form.get("reason", ""))


@bp.get("/t/<token>/hands/<int:number>/edit")
def propose_form(token: str, number: int):
    """The hand form, with the hand as it is, or as this seat's open dispute proposes it."""
    seat, session = _seat_or_404(token)
    g.form_board = url_for("seats.page", token=token)
    entry = _entry_or_404(session, number)
    mine = _my_dispute(session, seat, entry["version"])
    if mine and mine["proposal"]:
        entry = {**entry, "hand": mine["proposal"]}
    return game_form.edit(session, token, entry)


@bp.post("/t/<token>/hands/<int:number>")
def propose(token: str, number: int):
    seat, session = _seat_or_404(token)
    g.form_board = url_for("seats.page", token=token)
    entry = _entry_or_404(session, number)

    def keep(hand: dict[str, Any]):
        version = form_number("expected_version")  # the hand as the seat saw it
        mine = _my_dispute(session, seat, entry["version"])
        if mine is not None and version == entry["version"]:  # a better proposal
            return _amend(token, mine["id"], number, proposal=hand)
        return _verdict(token, number, "dispute", proposal=hand, version=version)

    return game_form.submit(session, token, entry, keep=keep)


@bp.post("/t/<token>/disputes/<int:dispute_id>")
def amend(token: str, dispute_id: int):
    """The seat says its open dispute again: another reason (its proposal stays)."""
    return _amend(token, dispute_id, form_number("number"), reason=request.form.get("reason", ""))


@bp.post("/t/<token>/disputes/<int:dispute_id>/withdraw")
def withdraw(token: str, dispute_id: int):
    return _amend(token, dispute_id, form_number("number"), withdraw=True)


@bp.post("/t/<token>/preview")
def preview(token: str):
    _, session = _seat_or_404(token)
    return game_form.preview(session)


@bp.route("/t/<token>/bank", methods=["GET", "POST"])
def bank(token: str):
    """The seat's player gives (or removes) his own payee details, no one else's."""
    seat, session = _seat_or_404(token)
    error, status = None, 200
    form = {k: request.form.get(k, "") for k in ("holder", "iban")}
    if request.method == "POST":
        try:
            if request.form.get("remove"):
                ledger.remove_payee_account(session, seat.player)
                flash(t("bank_removed", name=seat.player))
            else:
                players = ledger.seat_names(session)
                ledger.set_payee_account(session, players, seat.player, **form)
                flash(t("bank_saved", name=seat.player))
            return redirect(url_for("seats.bank", token=token), 303)
        except InvalidIban as exc:
            error, status = t(INVALID_IBAN[exc.code]), 422
    account = ledger.payee_accounts(session).get(seat.player)
    return render_template(
        "seats/bank.html", seat=seat, token=token, account=account, error=error, form=form
    ), status


def _verdict(token: str, number: int, verdict: str, **given: Any):
    seat, session = _seat_or_404(token)
    version = given.pop("version", None) or form_number("version")
    try:
        ledger.give_verdict(session, seat, number, verdict, version=version, **given)
    except ledger.NotFound:
        abort(404)
    except ledger.AgreementError as exc:
        flash(refusal(exc), "error")
        return redirect(url_for("seats.page", token=token, _anchor=f"h{number}"), 303)
    flash(t("seat_confirmed" if verdict == "confirm" else "seat_disputed", number=number))
    return redirect(url_for("seats.page", token=token), 303)


def _amend(token: str, dispute_id: int, number: int | None, withdraw: bool = False, **said):
    """Replace or withdraw the seat's own open dispute; another player's is refused (403)."""
    seat, session = _seat_or_404(token)
    try:
        if withdraw:
            ledger.withdraw_dispute(session, seat, dispute_id)
        else:
            ledger.amend_dispute(session, seat, dispute_id, **said)
    except ledger.NotFound:
        abort(404)
    except ledger.AgreementError as exc:
        if exc.code == "not_your_dispute":
            abort(403, description=t("seat_err_not_your_dispute"))
        flash(refusal(exc), "error")
        return redirect(url_for("seats.page", token=token, _anchor=f"d{dispute_id}"), 303)
    done = "seat_withdrawn" if withdraw else "seat_amended"
    flash(t(done, number=number or ""))
    return redirect(url_for("seats.page", token=token), 303)


def _my_dispute(session: GameSession, seat: TableSeat, version: int) -> dict[str, Any] | None:
    """This seat's open dispute of the hand version ``version``, if it has one."""
    mark = ledger.marks(session).get(version)
    found = [d for d in (mark.disputes if mark else []) if d["player"] == seat.player]
    return found[0] if found else None


def _with_proposal(session: GameSession, hand: dict[str, Any], lang: str) -> dict[str, Any]:
    """A hand this seat disputes, with its proposal drawn as the board would show it."""
    proposal, proposed = hand["my_dispute"]["proposal"], None
    if proposal:
        try:
            proposed = ledger.preview_hand(session, proposal, lang)
        except ledger.LedgerError:
            proposed = None
    return {**hand, "proposed": proposed}


def _seat_or_404(token: str) -> tuple[TableSeat, GameSession]:
    try:
        seat = ledger.seat_by_token(token)
    except ledger.NotFound:
        abort(404)
    return seat, ledger.get_session(seat.session_id)


def _entry_or_404(session: GameSession, number: int) -> dict[str, Any]:
    try:
        return ledger.hand_entry(session, number, i18n.current())
    except ledger.NotFound:
        abort(404)


def _hand(
    seat: TableSeat,
    hand: dict[str, Any],
    mark: ledger.Mark | None,
    answers: list[dict[str, Any]],
    lang: str,
) -> dict[str, Any]:
    """One hand as the seat's page shows it: whether it waits for this player, this
    player's open dispute of it, and the scorer's answers to its disputes."""
    mine = hand["changes"].get(seat.player, 0)
    asks_me = mark is not None and mark.status != "confirmed" and seat.player in mark.waiting
    status = mark.status if mark is not None else None
    disputes = mark.disputes if mark is not None else []
    my_dispute = next((d for d in disputes if d["player"] == seat.player), None)
    ear = t(
        "seat_ear",
        number=hand["number"],
        declarer=hand["declarer"],
        game=hand["notation"],
        me=signed(mine),
        state=t("seat_ear_waiting") if asks_me else t(f"agree_{status}") if status else "",
    )
    return {
        "number": hand["number"],
        "version": hand["version"],
        "notation": hand["notation"],
        "declarer": hand["declarer"],
        "changes": hand["changes"],
        "lines": shown_lines(hand["result"], lang),
        "mine": mine,
        "mark": mark,
        "asks_me": asks_me,
        "my_dispute": my_dispute,
        "answers": [{**a, "when": utc_text(a["answered_at"])} for a in answers],
        "ear": ear,
    }
