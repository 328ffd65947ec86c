"""Invariants of settling up (Hypothesis): payments never change the hands' units, and for
every transfer and in total, paid + remaining = owed, exactly, in the currency's minor unit.

The first property drives the real ledger on a real database (one evening per currency,
made once; each example's payments are undone after it); the second the pure
``settle_up`` over generated balances, transfers and payments.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.settlement.money import balances
from ulti_ledger.settlement.transfers import minimal_transfers

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
DAY = dt.date(2026, 11, 20)
STAKES = {"HUF": "10", "EUR": "0.35"}


@pytest.fixture(scope="module")
def evenings(tmp_path_factory):
    """An app and one evening per currency (its id), made once for every example."""
    app = make_app(tmp_path_factory.mktemp("payment-properties"))
    ids = {}
    with app.app_context():
        for seed, (currency, unit) in enumerate(STAKES.items(), start=3):
            body = samples.random_session(SEATS, 10, seed=seed, name=currency, ruleset="ulti")
            body["unit_value"] = {"amount": unit, "currency": currency}
            ids[currency] = ledger.create_session(body).id
    yield app, ids
    close_app(app)


PAYMENT = st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 100), st.booleans())
"""(payer seat, payee seat, a share of what remains in percent, or a raw amount)."""


@pytest.mark.db
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(currency=st.sampled_from(sorted(STAKES)), payments=st.lists(PAYMENT, max_size=6))
def test_payments_never_change_the_units_and_paid_plus_remaining_is_owed(
    evenings, currency, payments
):
    app, ids = evenings
    with app.app_context():
        session = ledger.get_session(ids[currency])
        before = ledger.session_summary(session)
        transfers = before["totals"]["transfers"]
        made = []
        try:
            for payer, payee, share, raw in payments:
                summary = ledger.session_summary(session)
                up = ledger.evening_settle_up(session, summary, transfers)
                a, b = SEATS[payer], SEATS[payee]
                left = next((t for t in up["transfers"] if (t["from"], t["to"]) == (a, b)), None)
                scale = 100 if currency == "EUR" else 1
                if raw or left is None:
                    amount = str(Decimal(share) / scale)
                else:
                    minor = left["remaining_minor"] * share // 100
                    amount = str(Decimal(minor) / scale)
                data = {"from": a, "to": b, "amount": amount}
                try:
                    made.append(ledger.record_payment(session, summary, data, DAY))
                except ledger.PaymentError:
                    pass  # refused: nothing written, checked below as well
            after = ledger.session_summary(session)
            assert after["totals"]["units"] == before["totals"]["units"]
            assert after["totals"]["transfers"] == transfers
            assert [h["changes"] for h in after["hands"]] == [h["changes"] for h in before["hands"]]
            up = ledger.evening_settle_up(session, after, transfers)
            assert len(up["payments"]) == len(made)
            for t in up["transfers"]:
                assert Decimal(t["paid"]) + Decimal(t["remaining"]) == Decimal(t["amount"])
                assert Decimal(t["remaining"]) >= 0
            assert up["owed_minor"] == up["paid_minor"] + up["remaining_minor"]
            paid = sum(p["amount_minor"] for p in up["payments"])
            other = sum(Decimal(o["amount"]) for o in up["other"])
            assert Decimal(paid) / (100 if currency == "EUR" else 1) == Decimal(up["paid"]) + other
            assert sum(Decimal(v) for v in up["balances"].values()) == 0
        finally:
            for payment in made:
                ledger.delete_payment(session, payment["id"])


@st.composite
def nights(draw):
    """Balances of a night in EUR, its fewest transfers, and payments along any pairs."""
    units = draw(st.lists(st.integers(-500, 500), min_size=2, max_size=5))
    units.append(-sum(units))
    names = [f"P{i}" for i in range(len(units))]
    settled = {
        b.player: b.money
        for b in balances(dict(zip(names, units, strict=True)), Decimal("0.35"), "EUR")
    }
    transfers = [t.to_json() for t in minimal_transfers(settled)]
    pays = draw(
        st.lists(
            st.tuples(st.sampled_from(names), st.sampled_from(names), st.integers(1, 20000)),
            max_size=8,
        )
    )
    payments = [
        {"from": a, "to": b, "amount_minor": m, "currency": "EUR"} for a, b, m in pays if a != b
    ]
    return {p: format(m, "f") for p, m in settled.items()}, transfers, payments


@settings(max_examples=200, deadline=None)
@given(nights())
def test_settle_up_is_exact_whatever_was_paid(night):
    settled, transfers, payments = night
    up = ledger.settle_up(settled, transfers, "EUR", payments)
    for line, t in zip(up["transfers"], transfers, strict=True):
        assert Decimal(line["paid"]) + Decimal(line["remaining"]) == Decimal(t["amount"])
        assert 0 <= Decimal(line["paid"]) <= Decimal(t["amount"])
    assert up["owed_minor"] == up["paid_minor"] + up["remaining_minor"]
    assert Decimal(up["owed"]) == Decimal(up["paid"]) + Decimal(up["remaining"])
    # every cent paid is on a transfer or listed beside them
    other = sum(Decimal(o["amount"]) for o in up["other"])
    assert Decimal(sum(p["amount_minor"] for p in payments)) / 100 == Decimal(up["paid"]) + other
    # the balances after the payments still sum to zero, each moved by exactly its payments
    assert sum(Decimal(v) for v in up["balances"].values()) == 0
    for name, money in settled.items():
        moved = sum(p["amount_minor"] for p in payments if p["from"] == name) - sum(
            p["amount_minor"] for p in payments if p["to"] == name
        )
        assert Decimal(up["balances"][name]) == Decimal(money) + Decimal(moved) / 100
