"""A group payment racing the writes that move what it checks: a hand deleted, a member
renamed, another payment (issue 35, "money under the lock").

Each round is one of two interleavings, deterministic, with two requests' database
sessions (two app contexts):

- ``first``: the other write commits between the page the payer read and the payment
  sent from it (no thread);
- ``inside``: the other write starts, in a thread of its own, once the payment has read
  the standings it checks (``read_standings`` tells a barrier), and the payment goes on
  when that write is done or after a short wait (it then waits for the payment's locks).

Counted over the rounds: payments that committed after the delete of the hand that made
the debt they paid (the delete's thread looks for the payment as soon as its commit
returns: not there then, there in the end, it was checked against a debt already gone),
payments naming someone who is not a member of the group after both writes, and more
paid than owed by two payments at once. ``PAYMENT_RACE_ROUNDS`` (100 by default); ``-m
db`` under scripts/with-postgres.sh runs them on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import threading
from collections import Counter
from collections.abc import Callable
from decimal import Decimal

import pytest
from sqlalchemy import select

from testkit import samples
from tests.conftest import parti
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import Payment

pytestmark = pytest.mark.db
ROUNDS = int(os.environ.get("PAYMENT_RACE_ROUNDS", "100"))
DAY = dt.date(2026, 11, 20)
WAIT = 0.03
"""How long the payment waits, inside its check, for the other write to finish: with the
fix that write waits for the payment's locks, so this is spent in every such round."""


def new_round(app) -> tuple[int, int, dict[str, str]]:
    """A group of one evening of one hand that Anna won: Béla owes Anna. Returns the
    group's id, the evening's id and the whole of Béla's debt as a payment."""
    with app.app_context():
        body = samples.session_body(hands=[parti(declarer="Anna", won=True)], date="2026-11-10")
        session = ledger.create_session(body)
        group = groups.create_group("Kör")
        groups.add_evening(group, session)
        (t,) = [t for t in standings(group)["settlement"]["transfers"] if t["from"] == "Béla"]
        data = {"from": "Béla", "to": "Anna", "amount": t["amount"], "paid_on": DAY.isoformat()}
        return group.id, session.id, data


def standings(group):
    return groups.group_standings(group, groups.WHOLE)


def pay(group_id: int, data: dict[str, str], told: Callable[[], None] | None = None) -> str:
    """The group's payment as the API sends it: 'paid', or the refusal's code."""
    group = groups.get_group(group_id)

    def read():
        out = standings(group)
        if told is not None:
            told()
        return out

    try:
        ledger.record_group_payment(group, read, data, DAY)
    except ledger.PaymentError as exc:
        return exc.code
    except ledger.Retry:
        return "retry"
    return "paid"


def paid(group_id: int) -> list[Payment]:
    return list(db.session.scalars(select(Payment).where(Payment.group_id == group_id)))


def inside(app, group_id: int, data: dict[str, str], other: Callable[[], object]) -> tuple:
    """The payment, with ``other()`` started (in its app context, in a thread) once the
    payment has read what it checks; returns (the payment's outcome, what ``other``
    returned, whether ``other`` was done before the payment went on)."""
    reached, done = threading.Event(), threading.Event()
    out: dict[str, object] = {}

    def run_other():
        reached.wait(10)
        with app.app_context():
            try:
                out["other"] = other()
            except Exception as exc:  # noqa: BLE001  (reported by the test)
                out["other"] = exc
            finally:
                done.set()

    def told():
        reached.set()
        out["done_first"] = done.wait(WAIT)

    thread = threading.Thread(target=run_other)
    thread.start()
    with app.app_context():
        outcome = pay(group_id, data, told)
    thread.join(30)
    assert not thread.is_alive()
    return outcome, out.get("other"), out.get("done_first")


def test_a_payment_racing_the_delete_of_the_hand_that_made_the_debt(app):
    tally: Counter[str] = Counter()
    for number in range(ROUNDS):
        group_id, session_id, data = new_round(app)

        def delete(group_id=group_id, session_id=session_id):
            ledger.delete_hand(ledger.get_session(session_id), 1)
            return bool(paid(group_id))  # the payment, as soon as the delete returned

        if number % 2:  # inside
            outcome, seen, _ = inside(app, group_id, data, delete)
            assert not isinstance(seen, Exception), seen
        else:  # first: the payer's page was read, then the hand went
            with app.app_context():
                standings(groups.get_group(group_id))  # the page, read as the payer saw it
                with app.app_context():
                    seen = delete()
                outcome = pay(group_id, data)
        tally[outcome] += 1
        with app.app_context():
            if paid(group_id) and not seen:
                tally["overpaid"] += 1  # committed after the delete: checked against no debt
    assert tally["overpaid"] == 0, tally
    assert tally["paid"] and tally["too_much"], tally  # both orders happened


def test_a_payment_racing_a_rename_of_its_payer(app):
    def rename(group_id, session_id):
        return groups.rename_member(groups.get_group(group_id), "Béla", "Zsófi")

    tally = race_with_rename(app, rename)
    assert tally["orphaned"] == 0, tally
    assert tally["paid"] and tally["player"], tally


def race_with_rename(app, rename) -> Counter[str]:
    """``ROUNDS`` rounds of a group payment and ``rename(group_id, session_id)`` of its
    payer Béla, the rename inside the payment's transaction every other round, and after
    it in the others; each outcome tallied, and the payments left without a member."""
    tally: Counter[str] = Counter()
    for number in range(ROUNDS):
        group_id, session_id, data = new_round(app)
        renaming = functools.partial(rename, group_id, session_id)
        if number % 2:
            outcome, renamed, _ = inside(app, group_id, data, renaming)
            assert not isinstance(renamed, Exception), renamed
        else:
            with app.app_context():
                standings(groups.get_group(group_id))
                with app.app_context():
                    renaming()
                outcome = pay(group_id, data)
        tally[outcome] += 1
        with app.app_context():
            members = set(groups.members(groups.get_group(group_id)))
            tally["orphaned"] += len(orphans_of(group_id, members))
            assert "Béla" not in members
    return tally


def orphans_of(group_id: int, members: set[str]) -> list[Payment]:
    """The group's payments whose payer or payee is no member now: by the names shown
    (the member rows', read by a join), or held by name instead of by a member row."""
    return [
        p
        for p in paid(group_id)
        if {p.payer_name, p.payee_name} - members or None in (p.payer_member_id, p.payee_member_id)
    ]


def test_two_payments_of_the_whole_debt_at_once_pay_it_once(app):
    tally: Counter[str] = Counter()
    for _ in range(max(ROUNDS // 2, 1)):
        group_id, _, data = new_round(app)
        outcome, other, _ = inside(app, group_id, data, lambda g=group_id, d=data: pay(g, d))
        tally[outcome] += 1
        tally[str(other)] += 1
        with app.app_context():
            total = sum(p.amount for p in paid(group_id))
            if total > Decimal(data["amount"]):
                tally["overpaid"] += 1
    assert tally["overpaid"] == 0, tally
    assert tally["paid"] == max(ROUNDS // 2, 1), tally  # one of the two, every round


def test_a_payment_racing_a_rename_of_its_payer_in_his_evening(app):
    """The evening's own scorer renames him, in the group's only evening he played: the
    group's payment, made before or after, names him as he is called now (before the
    member ids it kept the old name whenever it committed first)."""

    def rename(group_id, session_id):
        session = ledger.get_session(session_id)
        return ledger.change_players(session, {"rename": {"Béla": "Zsófi"}})

    tally = race_with_rename(app, rename)
    assert tally["orphaned"] == 0, tally
    assert tally["paid"] and tally["player"], tally


def test_an_evenings_payment_racing_a_rename_there_never_keeps_the_old_name(app):
    """An evening's payment names its players by name (``models.Payment``): the evening's
    rename rewrites them under the evening's lock, which the payment takes too. A payment
    sent from a page read before the rename is refused (409, ``Retry``), never stored
    under the old name; sent at once, in two threads, one waits for the other."""
    tally: Counter[str] = Counter()
    for number in range(ROUNDS):
        _, session_id, _ = new_round(app)

        def rename(session_id=session_id):
            with app.app_context():
                session = ledger.get_session(session_id)
                ledger.change_players(session, {"rename": {"Béla": "Zsófi"}})

        def pay_evening(between: Callable[[], None], session_id=session_id) -> str:
            """The evening's page read, ``between()``, then its payment of Béla's debt."""
            with app.app_context():
                session = ledger.get_session(session_id)
                summary = ledger.session_summary(session)
                (t,) = [t for t in summary["totals"]["transfers"] if t["from"] == "Béla"]
                data = {"from": "Béla", "to": "Anna", "amount": t["amount"]}
                between()
                try:
                    ledger.record_payment(session, summary, data, DAY)
                except ledger.PaymentError as exc:
                    return exc.code
                except ledger.Retry:
                    return "retry"
                return "paid"

        if number % 2:
            barrier = threading.Barrier(2)
            thread = threading.Thread(target=lambda b=barrier: (b.wait(10), rename()))
            thread.start()
            outcome = pay_evening(lambda b=barrier: b.wait(10))
            thread.join(30)
            assert not thread.is_alive()
        else:
            outcome = pay_evening(rename)  # the rename lands between the page and the payment
            assert outcome == "retry", outcome
        tally[outcome] += 1
        with app.app_context():
            session = ledger.get_session(session_id)
            players = set(ledger.seat_names(session))
            made = ledger.session_payments(session)
            tally["orphaned"] += sum(1 for p in made if {p["from"], p["to"]} - players)
            assert "Béla" not in players
    assert tally["orphaned"] == 0, tally
    assert tally["retry"], tally
