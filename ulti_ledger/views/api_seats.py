"""The table agrees, through the API: seats, verdicts on hands, and the scorer's answers.

::

    POST   /api/v1/sessions/<id>/seats                  claim a seat (view or edit token):
                                                        {"player", "pin"?, "old_pin"?}
    GET    /api/v1/sessions/<id>/seats                  who claimed which seat (edit token)
    DELETE /api/v1/sessions/<id>/seats/<player>         free a seat (edit token)
    GET    /api/v1/sessions/<id>/agreement              each hand's mark (view or seat token)
    PUT    /api/v1/sessions/<id>/agreement              {"confirm_mode", "settle_agreed"}
                                                        (edit token)
    POST   /api/v1/sessions/<id>/hands/<n>/verdicts     the seat's word (seat token):
                                                        {"verdict", "version"?, "reason"?,
                                                        "proposal"?}
    GET    /api/v1/sessions/<id>/hands/<n>/verdicts     the hand's agreement history
    POST   /api/v1/sessions/<id>/disputes/<d>/answer    {"answer": "kept"|"accepted",
                                                        "text"?} (edit token); accepted
                                                        edits the hand as proposed
    PUT    /api/v1/sessions/<id>/disputes/<d>           the seat's own open dispute, said
                                                        again: {"reason"?, "proposal"?}
                                                        (seat token); answers the new id
    DELETE /api/v1/sessions/<id>/disputes/<d>           the seat withdraws it (seat token)

A seat token (docs/capabilities.md) reads what the view token reads and gives verdicts
for its player; every write that needs the edit token refuses it with 403
(``api_common.authorized``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort

from .. import ledger
from ..audit import current_actor
from ..models import GameSession, HandVerdict, TableSeat
from .api_common import ID, authorized, seat_of, token_of
from .api_errors import json_body, ledger_error

bp = Blueprint("api_seats", __name__, url_prefix="/api/v1")
bp.register_error_handler(ledger.LedgerError, ledger_error)


@bp.post(f"/sessions/<{ID}:session_id>/seats")
def api_claim_seat(session_id: int):
    session = authorized(session_id, "view")
    if seat_of(session, token_of(allow_query=False)):
        abort(403, description="a seat token never takes another seat; use the view token")
    body = _body(("player", "pin", "old_pin"))
    try:
        token = ledger.claim_seat(
            session, body.get("player", ""), body.get("pin", ""), body.get("old_pin", "")
        )
    except ledger.AgreementError as exc:
        status = 403 if exc.code == "pin_needed" else 422
        return {"error": str(exc), "code": exc.code}, status
    return {"player": body["player"], "token": token}, 201


@bp.get(f"/sessions/<{ID}:session_id>/seats")
def api_seats(session_id: int):
    session = authorized(session_id, "edit")
    claimed = ledger.claimed_seats(session)
    return {
        "seats": [
            {
                "player": name,
                "claimed": name in claimed,
                "pin": bool(claimed[name].pin_hash) if name in claimed else False,
            }
            for name in ledger.seat_names(session)
        ],
        **_rules(session),
    }


@bp.delete(f"/sessions/<{ID}:session_id>/seats/<player>")
def api_free_seat(session_id: int, player: str):
    session = authorized(session_id, "edit")
    if not ledger.free_seat(session, player):
        abort(404, description=f"{player}'s seat is not claimed")
    return {"freed": player}


@bp.get(f"/sessions/<{ID}:session_id>/agreement")
def api_agreement(session_id: int):
    session = authorized(session_id, "view")
    return agreement_json(session)


@bp.put(f"/sessions/<{ID}:session_id>/agreement")
def api_set_agreement(session_id: int):
    session = authorized(session_id, "edit")
    body = _body(("confirm_mode", "settle_agreed"))
    mode = body.get("confirm_mode", session.confirm_mode)
    settle = body.get("settle_agreed", session.settle_agreed)
    if not isinstance(settle, bool):
        abort(400, description="settle_agreed must be true or false")
    ledger.set_agreement_rules(session, mode, settle)
    return agreement_json(session)


@bp.post(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>/verdicts")
def api_give_verdict(session_id: int, number: int):
    session = authorized(session_id, "view")
    seat = seat_of(session, token_of(allow_query=False))
    if seat is None:
        abort(403, description="a verdict needs the seat token of a player of this evening")
    body = _body(("verdict", "version", "reason", "proposal"))
    version = body.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        abort(400, description="version must be the integer version of the hand you saw")
    proposal = body.get("proposal")
    if proposal is not None:
        if not isinstance(proposal, dict):
            abort(400, description="proposal must be a hand")
        ledger.preview_hand(session, proposal, "en")  # the engine judges it first (422)
    row = ledger.give_verdict(
        session,
        seat,
        number,
        body.get("verdict", ""),
        version=version,
        reason=body.get("reason") or "",
        proposal=proposal,
    )
    return {"id": row.id, "number": number, "player": seat.player, "verdict": row.verdict}, 201


@bp.get(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>/verdicts")
def api_verdicts(session_id: int, number: int):
    session = authorized(session_id, "view")
    return {"number": number, "verdicts": ledger.verdict_history(session, number)}


@bp.post(f"/sessions/<{ID}:session_id>/disputes/<{ID}:dispute_id>/answer")
def api_answer_dispute(session_id: int, dispute_id: int):
    session = authorized(session_id, "edit")
    body = _body(("answer", "text"))
    answer, text = body.get("answer"), body.get("text") or ""
    if answer not in ("kept", "accepted") or not isinstance(text, str):
        abort(400, description='answer must be "kept" or "accepted"; text a string')
    if answer == "accepted":  # the edit and the answer in one transaction
        try:
            number = ledger.accept_proposal(session, dispute_id, text, actor=current_actor())
        except ledger.AgreementError as exc:
            return {"error": str(exc), "code": exc.code}, 409
        return {"id": dispute_id, "number": number, "answer": answer}
    number = ledger.hand_number(session, ledger.dispute_of(session, dispute_id).hand_id)
    ledger.answer_dispute(session, dispute_id, answer, text)
    return {"id": dispute_id, "number": number, "answer": answer}


@bp.put(f"/sessions/<{ID}:session_id>/disputes/<{ID}:dispute_id>")
def api_amend_dispute(session_id: int, dispute_id: int):
    """A new reason or proposal for the seat's own open dispute (absent keys stay; a
    ``null`` proposal takes it back): a new verdict row, the old one kept in the history."""
    session, seat = _own_seat(session_id)
    body = _body(("reason", "proposal"))
    said: dict[str, Any] = {}
    if "reason" in body:
        said["reason"] = body["reason"]
    if "proposal" in body:
        proposal = body["proposal"]
        if proposal is not None and not isinstance(proposal, dict):
            abort(400, description="proposal must be a hand, or null")
        if proposal is not None:
            ledger.preview_hand(session, proposal, "en")  # the engine judges it first (422)
        said["proposal"] = proposal
    row = _on_own_dispute(lambda: ledger.amend_dispute(session, seat, dispute_id, **said))
    return _dispute_json(session, row), 200


@bp.delete(f"/sessions/<{ID}:session_id>/disputes/<{ID}:dispute_id>")
def api_withdraw_dispute(session_id: int, dispute_id: int):
    """The seat takes its open dispute back: the hand waits for its word again."""
    session, seat = _own_seat(session_id)
    row = _on_own_dispute(lambda: ledger.withdraw_dispute(session, seat, dispute_id))
    return _dispute_json(session, row), 200


OWN_DISPUTE_STATUS = {"not_your_dispute": 403, "answered": 409, "stale": 409}
"""A refusal of ``ledger.own_dispute`` as the API answers it (else 422)."""


def _own_seat(session_id: int) -> tuple[GameSession, TableSeat]:
    session = authorized(session_id, "view")
    seat = seat_of(session, token_of(allow_query=False))
    if seat is None:
        abort(403, description="only the seat token of the player who disputed changes it")
    return session, seat


def _on_own_dispute(write: Callable[[], HandVerdict]) -> HandVerdict:
    try:
        return write()
    except ledger.AgreementError as exc:
        status = OWN_DISPUTE_STATUS.get(exc.code)
        if status is None:
            raise
        abort(status, description=str(exc))


def _dispute_json(session: GameSession, row: HandVerdict) -> dict[str, Any]:
    return {
        "id": row.id,
        "number": ledger.hand_number(session, row.hand_id),
        "player": row.player,
        "verdict": row.verdict,
        "reason": row.reason,
        "proposal": row.proposal,
    }


def agreement_json(session: GameSession) -> dict[str, Any]:
    """Each hand's mark and the counts (what the board shows)."""
    found = ledger.marks(session)
    hands = [
        {
            "number": number,
            "status": mark.status,
            "answered_by": mark.by,
            "waiting": mark.waiting,
            "disputes": mark.disputes,
        }
        for number, mark in ledger.numbered_marks(session, found)
    ]
    counts = ledger.agreement_counts(session, found)
    return {**_rules(session), **counts, "hands": hands, "version": session.version}


def _rules(session: GameSession) -> dict[str, Any]:
    return {
        "confirm_mode": session.confirm_mode,
        "effective_mode": ledger.effective_mode(session),
        "settle_agreed": bool(session.settle_agreed),
    }


def _body(keys: tuple[str, ...]) -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        abort(400, description="the body must be a JSON object")
    unknown = sorted(set(body) - set(keys))
    if unknown:
        abort(400, description=f"unknown keys {unknown}; allowed: {', '.join(keys)}")
    for key in ("player", "pin", "old_pin", "reason", "text", "confirm_mode"):
        if key in body and not isinstance(body[key], str):
            abort(400, description=f"{key} must be a string")
    return body
