"""An evening's payments and its groups' as one account (issue 33, item 6).

A group counts the payments made at its evenings, and a payment marked on the group's
standings settles the same debts: read apart, one transfer could be marked paid on the
group's page and again on the evening's, and the group's balances and transfers then
disagreed. So the group's own payments are shown at its evenings (``evening_shares``: each
pays, evening by evening in the order they were played, what its payer still owes its
payee there), and a payment at an evening is checked against the evening with those
shares and against each group that counts it and has payments of its own
(``check_in_groups``), under the same locks as the write. The money still owed is then the
same figure on the evening's page, the group's page and the API.

A group without payments of its own keeps the old rule: an evening's payment carries in
as a fact, even against the season's direction (the group's transfers are computed
from it, so nothing contradicts).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import GameSession, Group, Payment
from ..words.money_format import currency_code, minor_digits
from .carry import lock_group
from .journal import Actor, record
from .payment_locks import lock_counted_evenings, read_afresh
from .payments import (
    check_payment,
    check_payment_body,
    from_minor,
    group_payments,
    group_settle_up,
    payment_json,
    session_payments,
    settle_up,
)
from .txn import lock, transaction


@dataclass(frozen=True)
class Holder:
    """A group that counts an evening and has payments of its own."""

    group: Group
    """The group; its row is locked by a payment of the evening."""
    standings: Mapping[str, Any]
    """``groups.group_standings`` over all its evenings, by the page's settle method."""
    read: Callable[[], Mapping[str, Any]] | None = None
    """Reads ``standings`` again: a payment calls it under its locks (``record_payment``),
    since another evening of the group may have changed since the page read them."""

    def afresh(self) -> Holder:
        """The holder with its standings read now (itself, without ``read``)."""
        return self if self.read is None else Holder(self.group, self.read(), self.read)


def groups_with_own_payments(group_ids: Sequence[int]) -> set[int]:
    """Which of the groups have payments of their own (one query)."""
    if not group_ids:
        return set()
    rows = db.session.scalars(
        select(Payment.group_id).where(Payment.group_id.in_(list(group_ids))).distinct()
    )
    return set(rows)


def _evening_minor(evening: Mapping[str, Any], code: str) -> dict[str, int]:
    """An evening's money per player (units x stake) in minor units, toward zero: a cap,
    so a share never exceeds what the evening owes."""
    value = Decimal(evening["unit_value"]["amount"]) * 10 ** minor_digits(code)
    return {p: int((u * value).to_integral_value(ROUND_DOWN)) for p, u in evening["units"].items()}


def allocate(
    evenings: Sequence[Mapping[str, Any]],
    code: str,
    at_evenings: Sequence[Mapping[str, Any]],
    own: Sequence[Mapping[str, Any]],
) -> dict[int, list[dict[str, Any]]]:
    """Each group payment of ``own`` split over the ``evenings`` (in the order played):
    each takes what its payer still owes its payee there after that evening's payments
    (``at_evenings``) and the shares before. Pure; returns the shares by evening id, each
    a payment of the group (``group_id`` set) with the part as its amount."""
    left: dict[int, dict[str, int]] = {}
    for e in evenings:
        if currency_code(e["unit_value"]["currency"]) == code:
            left[e["id"]] = _evening_minor(e, code)
    for p in at_evenings:
        money = left.get(p["session_id"])
        if money is not None and p["from"] in money and p["to"] in money:
            money[p["from"]] += p["amount_minor"]
            money[p["to"]] -= p["amount_minor"]
    shares: dict[int, list[dict[str, Any]]] = {}
    for p in own:
        rest = p["amount_minor"] if currency_code(p["currency"]) == code else 0
        for eid, money in left.items():
            take = min(rest, -money.get(p["from"], 0), money.get(p["to"], 0))
            if take <= 0:
                continue
            money[p["from"]] += take
            money[p["to"]] -= take
            rest -= take
            shares.setdefault(eid, []).append({**p, "amount_minor": take, "amount": None})
    return shares


def evening_shares(session: GameSession, holders: Sequence[Holder]) -> list[dict[str, Any]]:
    """The parts of the ``holders``' own payments that pay the evening's debts, as
    payments (``amount`` a decimal string), read now."""
    code = currency_code(session.currency)
    out: list[dict[str, Any]] = []
    for holder in holders:
        evenings = holder.standings["evenings"]
        payments = group_payments(holder.group, [e["id"] for e in evenings])
        at_evenings = [p for p in payments if p["group_id"] is None]
        own = [p for p in payments if p["group_id"] is not None]
        for share in allocate(evenings, code, at_evenings, own).get(session.id, []):
            out.append({**share, "amount": from_minor(share["amount_minor"], code)})
    return sorted(out, key=lambda p: (p["paid_on"], p["id"]))


def lock_groups(holders: Sequence[Holder]) -> None:
    """Take each holder group's row lock, in id order, before the evening's (as the kitty
    carry does): a group's payment takes the same lock, so the two never check at once."""
    for gid in sorted({h.group.id for h in holders}):
        lock_group(gid)


def check_in_groups(
    holders: Sequence[Holder], currency: str | None, data: Mapping[str, Any], today: dt.date
) -> None:
    """A payment at an evening checked in each group that counts it and pays on its own:
    not more than its payer still owes and its payee is still owed there after every
    payment, read now (or than remains of the pair's transfer on the group's page)."""
    code = currency_code(currency)
    for holder in holders:
        ups = group_settle_up(holder.group, holder.standings)
        for s, up in zip(holder.standings["settlements"], ups, strict=True):
            if currency_code(s["currency"]) == code:
                balances = {b["player"]: b["money"] for b in s["balances"]}
                payments = up["at_evenings"] + up["payments"]
                check_payment(balances, code, payments, data, today, up["transfers"])


def record_payment(
    session: GameSession,
    summary: Mapping[str, Any],
    data: Mapping[str, Any],
    today: dt.date,
    transfers: Sequence[Mapping[str, Any]] = (),
    holders: Sequence[Holder] = (),
    *,
    actor: Actor | None = None,
) -> dict[str, Any]:
    """Record a payment of the evening whose ``session_summary`` is ``summary``.

    ``transfers``: those of the method the scorer marked it on (see ``check_payment``);
    ``holders``: every group that counts the evening, with its standings by that method
    (those with payments of their own are found under the lock); ``actor``: who marked
    it, for the evening's history. The groups' locks and then the evening's are taken
    before anything is checked, then those of every evening the paying groups count,
    whose standings are read again under them (``Holder.read``): two phones, or the
    group's page and the evening's, paying at once never pay more than owed, nor does a
    hand deleted in another evening of the group meanwhile leave the check behind. Not
    run again (``retried``): ``summary`` was read before the lock, so a write that
    committed since makes it a ``Retry`` (409, try again), never a payment checked
    against what is no longer owed."""
    check_payment_body(data)
    totals = summary["totals"]
    balances, currency = totals["settled"], totals["currency"]
    with transaction():
        lock_groups(holders)
        version = lock(session)  # a write to the evening since ``summary``: Retry (409)
        paying = groups_with_own_payments([h.group.id for h in holders])
        holders = [h for h in holders if h.group.id in paying]
        if holders:  # their other evenings may have changed: read under their locks
            lock_counted_evenings(h.group.id for h in holders)
            read_afresh()
            holders = [h.afresh() for h in holders]
        payments = [*session_payments(session), *evening_shares(session, holders)]
        along = settle_up(balances, transfers, currency, payments)["transfers"]
        payer, payee, amount, paid_on = check_payment(
            balances, currency, payments, data, today, along
        )
        check_in_groups(holders, currency, data, today)
        row = Payment(
            session_id=session.id,
            payer=payer,
            payee=payee,
            amount=amount,
            currency=currency_code(currency),
            paid_on=paid_on,
        )
        db.session.add(row)
        db.session.flush()
        out = payment_json(row)
        record(session, "pay", version, after=out, actor=actor)
    return out


__all__ = [
    "Holder",
    "allocate",
    "check_in_groups",
    "evening_shares",
    "groups_with_own_payments",
    "lock_groups",
    "record_payment",
]
