"""Settling up: money actually handed over after "who pays whom", in whole or in part.

A payment is money, not units: an exact integer in the currency's minor unit (HUF:
forints, EUR: cents; ``money_format.minor_digits``), so every sum here is integer
arithmetic and ``paid + remaining == owed`` holds to the cent. Payments never touch the
hands or their settlement: they are read beside it. A payment belongs to an evening
(marked on its "who pays whom") or to a group (marked on its standings); a group's
balance counts the payments of its evenings and its own.

What remains is shown two ways, both exact:

- per transfer of the chosen method: ``paid`` is what the payer has paid that payee
  (the payments of that pair, up to the transfer), ``remaining`` the rest;
- per player: ``balances``, the settled balance moved by every payment (a payer's debt
  shrinks, a payee's credit too), which is what carries into the group's balance.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import GameSession, Group, Payment
from ..settlement.transfers import settle
from ..words.money_format import currency_code, minor_digits
from ..words.money_input import foreign_digit
from .accounts import rename_account
from .errors import NotFound, SessionError
from .group_members import member_id, rename_member_row
from .journal import Actor, record
from .payment_locks import lock_counted_evenings, lock_group_row, read_afresh
from .txn import lock, retried, transaction

MAX_MINOR = 2**31 - 1
"""The largest payment, in minor units: far above any card table (2 147 483 647 forints,
21 million euros), and within a 32-bit column."""
_DIGITS = re.compile(r"[0-9]+")
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
PAID_ON_YEARS = (2000, 2100)
"""The years a payment's day may fall in: the app was written in 2026 and records money
handed over at a card table, so a day outside them is a slip (a date picker's 0001, a
9999), never a payment; it would also sort before or after every real one and sit at the
edge of what ``date`` can add a day to."""
_AMOUNT = re.compile(r"[0-9]{1,3}([ \u00a0\u202f][0-9]{3})+|[0-9]{1,13}")


class PaymentError(SessionError):
    """A payment that cannot be recorded; ``code`` and ``params`` let a page word it."""

    def __init__(self, key: str, code: str, problem: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(key, problem)


TEXT_FIELDS = ("from", "to", "paid_on", "method", "banker", "currency")
"""A payment body's fields that are text (or absent/null); ``amount`` is text or a whole
number."""


def check_payment_body(data: Mapping[str, Any]) -> None:
    """Refuse a payment body whose fields have the wrong JSON type, naming the field,
    before any of it is used (a list as ``banker`` would reach a dict lookup)."""
    for key in TEXT_FIELDS:
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            _wrong_type(key, value, "a string")
    amount = data.get("amount")
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, str | int)):
        _wrong_type("amount", amount, 'a string such as "2,50" or a whole number')


def _wrong_type(key: str, value: object, expected: str) -> None:
    kind = {list: "a list", dict: "an object", bool: "true or false", float: "a fraction"}
    shown = kind.get(type(value), type(value).__name__)
    raise PaymentError(key, "type", f"must be {expected}, not {shown}", field=key)


def minor_scale(currency: str | None) -> int:
    """How many minor units make one of the currency: HUF 1, EUR 100."""
    return 10 ** minor_digits(currency_code(currency))


def to_minor(amount: str | Decimal | int, currency: str | None) -> int:
    """A decimal amount (a settlement's string) in minor units; it must be whole in them."""
    scaled = Decimal(amount) * minor_scale(currency)
    if scaled != scaled.to_integral_value():
        raise ValueError(f"{amount} is not a whole number of {currency or 'minor units'}")
    return int(scaled)


def from_minor(amount: int, currency: str | None) -> str:
    """Minor units as a decimal string ("3000", "12.50"), as every money figure is."""
    digits = minor_digits(currency_code(currency))
    value = Decimal(amount).scaleb(-digits)
    return format(value.quantize(Decimal(1).scaleb(-digits)), "f")


def parse_amount(raw: object, currency: str | None) -> int:
    """An amount as people type it ("3000", "3 000", "2,50") in minor units, or a refusal."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw)
    if not isinstance(raw, str) or not raw.strip():
        raise PaymentError("amount", "amount", "give the amount paid, such as 3000 or 2,50")
    if foreign_digit(raw):
        raise PaymentError(
            "amount", "amount_digits", f"write the digits 0-9, not {raw!r}", value=raw
        )
    whole, dot, fraction = raw.strip().replace(",", ".").partition(".")
    digits = minor_digits(currency_code(currency))
    if not _AMOUNT.fullmatch(whole) or (dot and not _DIGITS.fullmatch(fraction)):
        raise PaymentError(
            "amount", "amount", f"must be an amount such as 3000 or 2,50, not {raw!r}", value=raw
        )
    if len(fraction) > digits:
        raise PaymentError(
            "amount",
            "amount_precise",
            f"at most {digits} decimals in {currency_code(currency) or 'this currency'}",
            digits=digits,
        )
    try:
        minor = to_minor(Decimal(re.sub(r"\s", "", whole) + "." + (fraction or "0")), currency)
    except (InvalidOperation, ValueError):
        raise PaymentError("amount", "amount", f"not an amount: {raw!r}", value=raw) from None
    if minor <= 0 or minor > MAX_MINOR:
        raise PaymentError("amount", "amount_positive", "must be more than zero", value=raw)
    return minor


def parse_paid_on(raw: object, today: dt.date) -> dt.date:
    """The day it was paid, ``YYYY-MM-DD`` in ``PAID_ON_YEARS``; empty: ``today``, the
    request's date. ``date.fromisoformat`` alone also takes week dates (2026-W49-6) and
    the basic form (20261205), which no form of ours sends and a reader could misread."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return today
    text = raw.strip() if isinstance(raw, str) else ""
    try:
        if not _ISO_DAY.fullmatch(text):
            raise ValueError(text)
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise PaymentError(
            "paid_on", "date", f"must be a date such as 2026-12-05, not {raw!r}", value=raw
        ) from None
    first, last = PAID_ON_YEARS
    if not first <= day.year <= last:
        raise PaymentError(
            "paid_on",
            "date_range",
            f"must be a day from {first} to {last}, not {text}",
            first=str(first),
            last=str(last),
            value=text,
        )
    return day


def payment_json(payment: Payment) -> dict[str, Any]:
    """A payment as pages, files and the API show it: ``amount`` a decimal string,
    ``amount_minor`` the exact integer it is kept as."""
    return {
        "id": payment.id,
        "from": payment.payer_name,
        "to": payment.payee_name,
        "amount": from_minor(payment.amount, payment.currency),
        "amount_minor": payment.amount,
        "currency": currency_code(payment.currency),
        "paid_on": payment.paid_on.isoformat(),
        "session_id": payment.session_id,
        "group_id": payment.group_id,
    }


def session_payments(session: GameSession) -> list[dict[str, Any]]:
    """The evening's payments, in the order they were paid (then recorded)."""
    rows = db.session.scalars(
        select(Payment)
        .where(Payment.session_id == session.id)
        .order_by(Payment.paid_on, Payment.id)
    )
    return [payment_json(p) for p in rows]


def group_payments(group: Group, session_ids: Iterable[int] = ()) -> list[dict[str, Any]]:
    """The group's own payments and those of the evenings ``session_ids``, in date order."""
    ids = list(session_ids)
    where = Payment.group_id == group.id
    if ids:
        where = where | Payment.session_id.in_(ids)
    rows = db.session.scalars(select(Payment).where(where).order_by(Payment.paid_on, Payment.id))
    return [payment_json(p) for p in rows]


def settle_up(
    balances: Mapping[str, str],
    transfers: Sequence[Mapping[str, Any]],
    currency: str | None,
    payments: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """What was paid and what remains, from a settlement and its payments (pure).

    ``balances``: each player's settled money (decimal strings, summing to zero);
    ``transfers``: the method's ``{"from", "to", "amount"}``; ``payments`` as
    ``payment_json`` gives them (other currencies are left out). Returns ``currency``,
    ``transfers`` (each with ``paid`` and ``remaining``), ``payments``, ``other``
    (payments on no transfer of this method, or beyond it), the totals ``owed``,
    ``paid`` and ``remaining`` (decimal strings; ``owed == paid + remaining`` exactly,
    also as ``*_minor`` integers), ``balances`` (each player's balance after the
    payments) and ``settled`` (something was owed and nothing remains).
    """
    code = currency_code(currency)
    mine = [p for p in payments if currency_code(p["currency"]) == code]
    pools: dict[tuple[str, str], int] = {}
    for p in mine:
        pools[(p["from"], p["to"])] = pools.get((p["from"], p["to"]), 0) + p["amount_minor"]
    rows = []
    for t in transfers:
        owed = to_minor(t["amount"], code)
        pair = (t["from"], t["to"])
        paid = min(owed, pools.get(pair, 0))
        pools[pair] = pools.get(pair, 0) - paid
        rows.append((t, owed, paid))
    other = {pair: left for pair, left in pools.items() if left > 0}
    left = {p: to_minor(m, code) for p, m in balances.items()}
    for p in mine:
        left[p["from"]] = left.get(p["from"], 0) + p["amount_minor"]
        left[p["to"]] = left.get(p["to"], 0) - p["amount_minor"]
    owed_total = sum(o for _, o, _ in rows)
    paid_total = sum(p for _, _, p in rows)
    money = lambda minor: from_minor(minor, code)  # noqa: E731
    return {
        "currency": code,
        "transfers": [
            {
                "from": t["from"],
                "to": t["to"],
                "amount": money(owed),
                "paid": money(paid),
                "remaining": money(owed - paid),
                "remaining_minor": owed - paid,
            }
            for t, owed, paid in rows
        ],
        "payments": mine,
        "other": [{"from": a, "to": b, "amount": money(m)} for (a, b), m in other.items()],
        "owed": money(owed_total),
        "paid": money(paid_total),
        "remaining": money(owed_total - paid_total),
        "owed_minor": owed_total,
        "paid_minor": paid_total,
        "remaining_minor": owed_total - paid_total,
        "balances": {p: money(m) for p, m in left.items()},
        "settled": owed_total > 0 and owed_total == paid_total,
    }


def check_payment(
    balances: Mapping[str, str],
    currency: str | None,
    payments: Sequence[Mapping[str, Any]],
    data: Mapping[str, Any],
    today: dt.date,
    open_transfers: Sequence[Mapping[str, Any]] = (),
) -> tuple[str, str, int, dt.date]:
    """A new payment read and checked against what is still owed: (payer, payee,
    minor units, day). Nobody pays more than he still owes, nor more than the payee is
    still owed, so no balance turns round by a payment; or, along one of
    ``open_transfers`` (``settle_up``'s, of the method the page shows: pair by pair, a
    player may owe one who owes him more across the night), no more than remains of it."""
    payer, payee = data.get("from"), data.get("to")
    for key, name in (("from", payer), ("to", payee)):
        if not isinstance(name, str) or name not in balances:
            shown = ", ".join(balances)
            raise PaymentError(
                key,
                "player",
                f"{name!r} did not play; players: {shown}",
                name=name if isinstance(name, str) else "",
                players=shown,
            )
    if payer == payee:
        raise PaymentError("to", "same", "a player cannot pay himself", name=payer)
    amount = parse_amount(data.get("amount"), currency)
    paid_on = parse_paid_on(data.get("paid_on"), today)
    left = settle_up(balances, [], currency, payments)["balances"]
    code = currency_code(currency)
    most = min(-to_minor(left[payer], code), to_minor(left[payee], code))
    pair = [t["remaining_minor"] for t in open_transfers if (t["from"], t["to"]) == (payer, payee)]
    most = max([most, *pair])
    if amount > most:
        shown = from_minor(max(most, 0), code)
        raise PaymentError(
            "amount",
            "too_much",
            f"{payer} owes {payee} at most {shown} now",
            payer=payer,
            payee=payee,
            most=shown,
            currency=code,
        )
    return payer, payee, amount, paid_on


def add_group_payment(
    group: Group,
    standings: Mapping[str, Any],
    index: int,
    data: Mapping[str, Any],
    today: dt.date,
) -> dict[str, Any]:
    """Record a payment on the group's standings (not of any one evening), in its
    settlement ``index`` (a currency), checked against the payments of the group and of
    its evenings. Runs inside ``record_group_payment``'s transaction, under its locks:
    ``standings`` were read under them."""
    s = standings["settlements"][index]
    balances = {b["player"]: b["money"] for b in s["balances"]}
    ids = [e["id"] for e in standings["evenings"]]
    payments = group_payments(group, ids)
    along = group_settle_up(group, standings)[index]["transfers"]
    payer, payee, amount, paid_on = check_payment(
        balances, s["currency"], payments, data, today, along
    )
    row = Payment(
        group_id=group.id,
        payer_member_id=member_id(group.id, payer),
        payee_member_id=member_id(group.id, payee),
        amount=amount,
        currency=currency_code(s["currency"]),
        paid_on=paid_on,
    )
    db.session.add(row)
    db.session.flush()
    return payment_json(row)


@retried  # the row and the evening read again: nothing read before is checked
def delete_payment(
    owner: GameSession | Group, payment_id: int, *, actor: Actor | None = None
) -> dict[str, Any]:
    """Undo a payment of the evening (or of the group's own): it is gone, and what it
    paid is owed again. Returns what it was. An evening's history says who undid it
    (action ``unpay``, ``before`` the payment), as it says who marked it; a group keeps
    no history of its own (the audit log is the evenings')."""
    column = Payment.session_id if isinstance(owner, GameSession) else Payment.group_id
    row = db.session.scalars(
        select(Payment).where(Payment.id == payment_id, column == owner.id)
    ).first()
    if row is None:
        raise NotFound("payment", f"no payment {payment_id} here")
    out = payment_json(row)
    with transaction():
        if isinstance(owner, GameSession):
            record(owner, "unpay", lock(owner), before=out, actor=actor)
        else:
            owner.version = Group.version + 1  # in SQL: two writers at once both count
        db.session.delete(row)
    return out


def export_payments(payments: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Payments as a session file keeps them (no ids: they belong to this database)."""
    return [
        {k: p[k] for k in ("from", "to", "amount", "amount_minor", "currency", "paid_on")}
        for p in payments
    ]


def payments_document(
    summary: Mapping[str, Any], made: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The payments ``made`` at an evening (``session_payments``) and, by the fewest
    transfers, what they paid and what remains: the one shape of the session file and
    the API's session (``settle_up`` recomputed on import, never read)."""
    totals = summary["totals"]
    up = settle_up(totals["settled"], totals["transfers"], totals["currency"], made)
    return {
        "payments": export_payments(made),
        "settle_up": {
            "owed": up["owed"],
            "paid": up["paid"],
            "remaining": up["remaining"],
            "settled": up["settled"],
            "transfers": [
                {k: t[k] for k in ("from", "to", "amount", "paid", "remaining")}
                for t in up["transfers"]
            ],
        },
    }


def rename_in_payments(session: GameSession, old: str, new: str) -> None:
    """A player renamed in the evening is renamed in its payments and keeps his payee
    account (no commit)."""
    rename_account(session, old, new)
    for column in (Payment.payer, Payment.payee):
        db.session.execute(
            Payment.__table__.update()
            .where(Payment.session_id == session.id, column == old)
            .values({column.key: new})
        )


def rename_in_group_payments(group: Group, old: str, new: str) -> None:
    """A member renamed across the group (no commit: the rename's transaction): the
    group's own payments name him by his member row, which takes the new name (no payment
    is rewritten); its evenings' are renamed with each evening. His payee account on the
    group follows him."""
    rename_account(group, old, new)
    rename_member_row(group.id, old, new)


def evening_settle_up(
    session: GameSession,
    summary: Mapping[str, Any],
    transfers: Sequence[Mapping[str, Any]],
    shares: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """``settle_up`` of the evening: its settled balances, the ``transfers`` the page shows
    (``summary["totals"]["transfers"]`` or another method's), its payments and ``shares``,
    what its groups' own payments paid of it (``shared_payments.evening_shares``)."""
    totals = summary["totals"]
    made = sorted([*session_payments(session), *shares], key=lambda p: (p["paid_on"], p["id"]))
    return settle_up(totals["settled"], transfers, totals["currency"], made)


def group_settle_up(
    group: Group, standings: Mapping[str, Any], own: bool = True
) -> list[dict[str, Any]]:
    """What remains of each currency's settlement of a group's standings
    (``groups.group_standings``), after every payment.

    The payments made at the group's evenings carry in first: the group's balances are
    the evenings' balances moved by them, and its transfers (by the standings' method)
    settle only what is still owed. The group's own payments (with ``own``: they settle
    the whole group, so a page filtered to a period or a game leaves them out) are then
    paid along those transfers, as an evening's are along its own. Each dict is
    ``settle_up``'s (``owed``, ``paid``, ``remaining``: of what the evenings left owing),
    plus ``at_evenings`` (the evenings' payments) and ``at_evenings_paid``, their sum. An
    evening's payment may run against the group's direction (who owed at one evening may
    be owed across the season), so only the balances, not the transfers, add them up."""
    ids = [e["id"] for e in standings["evenings"]]
    payments = group_payments(group, ids)
    at_evenings = [p for p in payments if p["group_id"] is None]
    mine = [p for p in payments if p["group_id"] is not None] if own else []
    out = []
    for s in standings["settlements"]:
        code = currency_code(s["currency"])
        carried = [p for p in at_evenings if currency_code(p["currency"]) == code]
        settled = {b["player"]: b["money"] for b in s["balances"]}
        left = settle_up(settled, [], code, carried)["balances"]
        transfers = _carried_transfers(s, left, carried, code)
        up = settle_up(left, transfers, code, [p for p in mine if p["currency"] == code])
        evenings_paid = sum(p["amount_minor"] for p in carried)
        up.update(
            at_evenings=carried,
            at_evenings_paid=from_minor(evenings_paid, code),
            settled=bool(s["transfers"]) and up["remaining_minor"] == 0,
        )
        out.append(up)
    return out


def _carried_transfers(
    settlement: Mapping[str, Any],
    left: Mapping[str, str],
    carried: Sequence[Mapping[str, Any]],
    code: str,
) -> list[dict[str, Any]]:
    """The transfers that settle what the evenings left owing, by the settlement's method:
    the fewest or the banker's over the balances after the evenings' payments; pairwise,
    each pair's net less what one of them paid the other at an evening."""
    method = settlement["method"]
    if method != "pairwise":
        money = {p: Decimal(m) for p, m in left.items()}
        banker = settlement["banker"] if method == "banker" else None
        if method == "banker" and banker not in money:
            banker = None
        return [t.to_json() for t in settle(money, method, banker=banker)]
    net: dict[tuple[str, str], int] = {}
    for t in settlement["transfers"]:
        net[(t["from"], t["to"])] = net.get((t["from"], t["to"]), 0) + to_minor(t["amount"], code)
    for p in carried:
        net[(p["from"], p["to"])] = net.get((p["from"], p["to"]), 0) - p["amount_minor"]
    out: dict[tuple[str, str], int] = {}
    for a, b in net:
        if (b, a) in out or (a, b) in out:
            continue
        signed = net[(a, b)] - net.get((b, a), 0)
        if signed:
            out[(a, b) if signed > 0 else (b, a)] = abs(signed)
    return [{"from": a, "to": b, "amount": from_minor(m, code)} for (a, b), m in out.items()]


@retried  # a lock clash runs it again, from fresh reads under the locks
def record_group_payment(
    group: Group,
    read_standings: Callable[[], Mapping[str, Any]],
    data: Mapping[str, Any],
    today: dt.date,
) -> dict[str, Any]:
    """Record a payment on the group's whole standings, in ``data["currency"]`` (the
    group's one currency when omitted).

    ``read_standings()``: the group's standings over all its evenings
    (``groups.group_standings``, by the method the payment was marked on), called under
    the locks: the group's row (its version raised) and every evening it counts
    (``payment_locks``). The balances, the members' names and the payments are all read
    in the transaction that records the payment, so a hand deleted, edited or restored,
    a member renamed or another payment made meanwhile is either seen by the check or
    waits for the payment's commit: never a payment checked against what is no longer
    owed, nor one stored under a name that a rename has just left behind."""
    check_payment_body(data)
    with transaction():
        lock_group_row(group.id, bump=True)
        lock_counted_evenings([group.id])
        read_afresh()
        standings = read_standings()
        settlements = standings["settlements"]
        raw = data.get("currency")
        wanted = currency_code(raw) if isinstance(raw, str) else raw
        chosen = [s for s in settlements if not raw or s["currency"] == wanted]
        if len(chosen) != 1:
            shown = ", ".join(s["currency"] or "-" for s in settlements)
            raise PaymentError(
                "currency", "currency", f"name one of the group's currencies: {shown}", shown=shown
            )
        index = settlements.index(chosen[0])
        return add_group_payment(group, standings, index, data, today)
