"""Settling up: marking a transfer paid, in whole or in part, and undoing it.

::

    POST   /e/<edit token>/payments                  a payment of the evening
    POST   /e/<edit token>/payments/<id>/delete      undo it
    POST   /g/<edit token>/payments                  a payment on the group's standings
    POST   /g/<edit token>/payments/<id>/delete      undo it
    GET    /api/v1/sessions/<id>/payments            paid and remaining (view token)
    POST   /api/v1/sessions/<id>/payments            record one (edit token)
    DELETE /api/v1/sessions/<id>/payments/<pid>      undo one (edit token)
    GET    /api/v1/groups/<id>/payments              the same for a group
    POST   /api/v1/groups/<id>/payments
    DELETE /api/v1/groups/<id>/payments/<pid>

Only an edit link writes (docs/capabilities.md): a view token opens no route here but
the GETs. A payment is ``{"from", "to", "amount", "paid_on"}``; the day defaults to the
request's today (``groups.group_today``: the config's ``GROUP_TODAY`` in tests, never a
clock a test would have to freeze). A refusal is said in the page's language with 422,
nothing written; the app's Idempotency-Key hook makes a retried POST record one payment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Flask, flash, redirect, request, url_for

from .. import groups, ledger
from ..groups.period import Period
from ..i18n import t
from ..models import GameSession, Group
from ..money_format import money_text
from .api import ID, _lang, authorized
from .api_errors import json_body, ledger_error
from .api_groups import authorized_group
from .groups import get_group_or_404, group_today
from .sessions import get_session_or_404, private

bp = Blueprint("payments", __name__)
bp.after_request(private)
api_bp = Blueprint("api_payments", __name__, url_prefix="/api/v1")
api_bp.register_error_handler(ledger.LedgerError, ledger_error)
KEPT = ("method", "banker")
"""The page's settle method, kept across the redirect back to it."""
WHOLE = Period("all", None, None)


def payment_error_text(exc: Exception) -> str:
    """A payment's refusal in the page's language (by its code)."""
    code = getattr(exc, "code", None)
    if code:
        return t(f"pay_err_{code}", **getattr(exc, "params", {}))
    return str(exc)


def _form() -> dict[str, Any]:
    return {k: request.form.get(k, "") for k in ("from", "to", "amount", "paid_on", "currency")}


def _back(endpoint: str, token: str) -> str:
    kept = {k: request.form[k] for k in KEPT if request.form.get(k)}
    return url_for(endpoint, token=token, **kept) + "#settle"


def _recorded(payment: dict[str, Any]) -> None:
    money = money_text(payment["amount"], payment["currency"])
    flash(t("pay_recorded", payer=payment["from"], payee=payment["to"], money=money))


@bp.post("/e/<token>/payments")
def add(token: str):
    from .sessions import scoreboard_page

    session = get_session_or_404(token, "edit")
    summary = ledger.session_summary(session)
    try:
        transfers = _method_transfers(session, summary, request.form)
        payment = ledger.record_payment(session, summary, _form(), group_today(), transfers)
    except ledger.LedgerError as exc:
        return scoreboard_page(session, token, True, payment_error=payment_error_text(exc)), 422
    _recorded(payment)
    return redirect(_back("sessions.edit", token), 303)


@bp.post("/e/<token>/payments/<int:payment_id>/delete")
def delete(token: str, payment_id: int):
    session = get_session_or_404(token, "edit")
    return _undo(session, payment_id, _back("sessions.edit", token))


@bp.post("/g/<token>/payments")
def add_to_group(token: str):
    from .groups import group_page

    group = get_group_or_404(token, "edit")
    try:
        standings = _whole_standings(group, request.form)
        payment = ledger.record_group_payment(group, standings, _form(), group_today())
    except ledger.LedgerError as exc:
        return group_page(group, token, True, payment_error=payment_error_text(exc)), 422
    _recorded(payment)
    return redirect(_back("groups.page", token), 303)


@bp.post("/g/<token>/payments/<int:payment_id>/delete")
def delete_from_group(token: str, payment_id: int):
    group = get_group_or_404(token, "edit")
    return _undo(group, payment_id, _back("groups.page", token))


def _undo(owner: GameSession | Group, payment_id: int, back: str):
    try:
        ledger.delete_payment(owner, payment_id)
    except ledger.NotFound:
        flash(t("pay_gone"), "error")
    else:
        flash(t("pay_undone"))
    return redirect(back, 303)


def _method_transfers(
    session: GameSession, summary: Mapping[str, Any], sent: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The transfers of the method the payment was marked on (``method``, ``banker``);
    none named: the fewest, the summary's own. A bad method is the ledger's refusal."""
    method = sent.get("method") or "minimal"
    if method == "minimal":
        return summary["totals"]["transfers"]
    banker = sent.get("banker") or None
    return ledger.session_settlement(session, method, banker, summary)["transfers"]


def _whole_standings(group: Group, sent: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The group's standings over all its evenings, by the method the payment was marked
    on (``method``, ``banker``; the fewest by default): what it is checked against."""
    sent = sent or {}
    method = sent.get("method") or "minimal"
    banker = sent.get("banker") or None
    return groups.group_standings(group, WHOLE, None, method, banker)


def session_payments_json(session: GameSession) -> dict[str, Any]:
    """The evening's payments and, by the fewest transfers, what was paid and remains."""
    summary = ledger.session_summary(session, _lang())
    up = ledger.evening_settle_up(session, summary, summary["totals"]["transfers"])
    return {"session_id": session.id, "version": session.version, **up}


def group_payments_json(group: Group) -> dict[str, Any]:
    """The group's settlements over all its evenings, each with its payments."""
    return {
        "group_id": group.id,
        "settlements": ledger.group_settle_up(group, _whole_standings(group)),
    }


@api_bp.get(f"/sessions/<{ID}:session_id>/payments")
def api_session_payments(session_id: int):
    return session_payments_json(authorized(session_id, "view"))


@api_bp.post(f"/sessions/<{ID}:session_id>/payments")
def api_add_session_payment(session_id: int):
    session = authorized(session_id, "edit")
    body = _body()
    summary = ledger.session_summary(session)
    transfers = _method_transfers(session, summary, body)
    payment = ledger.record_payment(session, summary, body, group_today(), transfers)
    return {"payment": payment, **session_payments_json(session)}, 201


@api_bp.delete(f"/sessions/<{ID}:session_id>/payments/<{ID}:payment_id>")
def api_delete_session_payment(session_id: int, payment_id: int):
    session = authorized(session_id, "edit")
    gone = ledger.delete_payment(session, payment_id)
    return {"deleted": gone, **session_payments_json(session)}


@api_bp.get(f"/groups/<{ID}:group_id>/payments")
def api_group_payments(group_id: int):
    return group_payments_json(authorized_group(group_id))


@api_bp.post(f"/groups/<{ID}:group_id>/payments")
def api_add_group_payment(group_id: int):
    group = authorized_group(group_id, "edit")
    body = _body()
    standings = _whole_standings(group, body)
    payment = ledger.record_group_payment(group, standings, body, group_today())
    return {"payment": payment, **group_payments_json(group)}, 201


@api_bp.delete(f"/groups/<{ID}:group_id>/payments/<{ID}:payment_id>")
def api_delete_group_payment(group_id: int, payment_id: int):
    group = authorized_group(group_id, "edit")
    gone = ledger.delete_payment(group, payment_id)
    return {"deleted": gone, **group_payments_json(group)}


def _body() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise ledger.SessionError("", 'send {"from", "to", "amount", "paid_on"}: the payment')
    return body


def register(app: Flask, csrf: Any) -> None:
    """The pages' routes (CSRF-checked) and the API's (exempt: no cookies)."""
    app.register_blueprint(bp)
    app.register_blueprint(api_bp)
    csrf.exempt(api_bp)
