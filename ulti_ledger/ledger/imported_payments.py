"""A session file's payments, checked as the live API checks a payment (issue 35).

A file is text anyone can write: its ``payments`` list is read with the same rules as a
payment sent to the evening's page or API (``payments.check_payment``), against the
evening the file's hands make. Each, in the order they were paid (then as listed): two
players of the evening, an amount in the currency's minor unit (more than zero, at most
``MAX_MINOR``), a day from ``PAID_ON_YEARS``, and not more than its payer still owes its
payee by then: nobody pays more than he owes, nor more than the payee is owed, after the
payments before it; or, along a transfer of the fewest or of the pairwise settlement (a
page may have marked it on either), no more than remains of it. Checked in one pass
(running balances), so a long list costs what it holds.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..db import db
from ..models import GameSession, Payment
from ..words.money_format import currency_code
from .errors import SessionError
from .payments import MAX_MINOR, PaymentError, from_minor, parse_amount, parse_paid_on, to_minor


def import_payments(
    session: GameSession,
    raw: object,
    currency: str | None,
    names: Iterable[str],
    balances: Mapping[str, str],
    transfers: Sequence[Sequence[Mapping[str, Any]]] = (),
) -> None:
    """Add a session file's ``payments`` list to a new evening (no commit: the import's
    own transaction); a missing list is none. ``balances``: the evening's settled money
    per player (``totals["settled"]``); ``transfers``: each method's transfers a payment
    may run along. A payment beyond the debt is a ``PaymentError`` (``too_much``, its
    ``key`` ``payments[i].amount``), any other fault a ``SessionError`` naming it."""
    if raw is None:
        return
    if not isinstance(raw, list):
        raise SessionError("payments", "must be a list of payments")
    names = set(names)
    read = [_read(index, item, currency, names) for index, item in enumerate(raw)]
    code = currency_code(currency)
    left = {p: to_minor(m, code) for p, m in balances.items()}
    along = [{(t["from"], t["to"]): to_minor(t["amount"], code) for t in ts} for ts in transfers]
    for index, payer, payee, minor, paid_on in sorted(read, key=lambda r: (r[4], r[0])):
        most = min(-left.get(payer, 0), left.get(payee, 0))
        most = max([most, *(pairs.get((payer, payee), 0) for pairs in along)])
        if minor > most:
            shown = from_minor(max(most, 0), code)
            raise PaymentError(
                f"payments[{index}].amount",
                "too_much",
                f"payment {index + 1} of the file: {payer} owes {payee} at most {shown} "
                f"{code} by then, not {from_minor(minor, code)}",
                payer=payer,
                payee=payee,
                most=shown,
                currency=code,
                number=index + 1,
            )
        left[payer] = left.get(payer, 0) + minor
        left[payee] = left.get(payee, 0) - minor
        for pairs in along:
            if (payer, payee) in pairs:
                pairs[(payer, payee)] = max(0, pairs[(payer, payee)] - minor)
        db.session.add(
            Payment(
                session_id=session.id,
                payer=payer,
                payee=payee,
                amount=minor,
                currency=code,
                paid_on=paid_on,
            )
        )


def _read(
    index: int, item: object, currency: str | None, names: set[str]
) -> tuple[int, str, str, int, dt.date]:
    """One of the file's payments read: (index, payer, payee, minor units, day)."""
    if not isinstance(item, dict):
        raise SessionError(f"payments[{index}]", "must be an object")
    payer, payee = item.get("from"), item.get("to")
    if payer not in names or payee not in names or payer == payee:
        raise SessionError(f"payments[{index}]", "must name two different players")
    minor = item.get("amount_minor")
    if isinstance(minor, bool) or not isinstance(minor, int):
        try:
            minor = parse_amount(item.get("amount"), currency)
        except PaymentError as exc:
            raise SessionError(f"payments[{index}].amount", exc.problem) from None
    if minor <= 0 or minor > MAX_MINOR:
        raise SessionError(f"payments[{index}].amount", "must be more than zero")
    try:
        raw_day = item.get("paid_on")
        if not isinstance(raw_day, str) or not raw_day.strip():
            raise PaymentError("paid_on", "date", "must be a date such as 2026-12-05")
        paid_on = parse_paid_on(raw_day, dt.date.min)  # a file's payment names its day
    except PaymentError as exc:
        raise SessionError(f"payments[{index}].paid_on", exc.problem) from None
    return index, str(payer), str(payee), minor, paid_on
