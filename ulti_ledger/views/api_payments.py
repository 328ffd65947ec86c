"""Settling up through the API: an evening's or a group's payments, paid and remaining.

::

    GET    /api/v1/sessions/<id>/payments            paid and remaining (view token)
    POST   /api/v1/sessions/<id>/payments            record one (edit token)
    DELETE /api/v1/sessions/<id>/payments/<pid>      undo one (edit token)
    GET    /api/v1/groups/<id>/payments              the same for a group
    POST   /api/v1/groups/<id>/payments
    DELETE /api/v1/groups/<id>/payments/<pid>

A payment is ``{"from", "to", "amount", "paid_on"}``; the day defaults to the request's
today (``group_today``: the config's ``GROUP_TODAY`` in tests). The pages' routes are on
the evening's and the group's blueprints (``sessions``, ``groups``); the app's
Idempotency-Key hook makes a retried POST record one payment.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from .. import groups, ledger
from ..audit import current_actor
from ..models import GameSession, Group
from .api_common import ID, api_lang, authorized, authorized_group
from .api_errors import json_body, ledger_error
from .common import group_today, method_transfers, payment_holders, whole_standings

bp = Blueprint("api_payments", __name__, url_prefix="/api/v1")
bp.register_error_handler(ledger.LedgerError, ledger_error)


def session_payments_json(session: GameSession) -> dict[str, Any]:
    """The evening's payments and, by the fewest transfers, what was paid and remains."""
    summary = ledger.session_summary(session, api_lang())
    shares = groups.shares_of(session)
    up = ledger.evening_settle_up(session, summary, summary["totals"]["transfers"], shares)
    return {"session_id": session.id, "version": session.version, **up}


def group_payments_json(group: Group) -> dict[str, Any]:
    """The group's settlements over all its evenings, each with its payments."""
    return {
        "group_id": group.id,
        "settlements": ledger.group_settle_up(group, whole_standings(group)),
    }


@bp.get(f"/sessions/<{ID}:session_id>/payments")
def api_session_payments(session_id: int):
    return session_payments_json(authorized(session_id, "view"))


@bp.post(f"/sessions/<{ID}:session_id>/payments")
def api_add_session_payment(session_id: int):
    session = authorized(session_id, "edit")
    body = _body()
    summary = ledger.session_summary(session)
    transfers = method_transfers(session, summary, body)
    holders = payment_holders(session, body)
    payment = ledger.record_payment(
        session, summary, body, group_today(), transfers, holders, actor=current_actor()
    )
    return {"payment": payment, **session_payments_json(session)}, 201


@bp.delete(f"/sessions/<{ID}:session_id>/payments/<{ID}:payment_id>")
def api_delete_session_payment(session_id: int, payment_id: int):
    session = authorized(session_id, "edit")
    gone = ledger.delete_payment(session, payment_id, actor=current_actor())
    return {"deleted": gone, **session_payments_json(session)}


@bp.get(f"/groups/<{ID}:group_id>/payments")
def api_group_payments(group_id: int):
    return group_payments_json(authorized_group(group_id))


@bp.post(f"/groups/<{ID}:group_id>/payments")
def api_add_group_payment(group_id: int):
    group = authorized_group(group_id, "edit")
    body = _body()
    read = lambda: whole_standings(group, body)  # noqa: E731  (under the payment's locks)
    payment = ledger.record_group_payment(group, read, body, group_today())
    return {"payment": payment, **group_payments_json(group)}, 201


@bp.delete(f"/groups/<{ID}:group_id>/payments/<{ID}:payment_id>")
def api_delete_group_payment(group_id: int, payment_id: int):
    group = authorized_group(group_id, "edit")
    gone = ledger.delete_payment(group, payment_id)
    return {"deleted": gone, **group_payments_json(group)}


def _body() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise ledger.SessionError("", 'send {"from", "to", "amount", "paid_on"}: the payment')
    ledger.check_payment_body(body)  # before the method or banker is read
    return body
