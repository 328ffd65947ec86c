"""A session file's payments are checked as the live API checks a payment (issue 35):
none beyond what the file's hands owe, none against the debt, a long list no cheaper a
way round. Refused whole, with the payment's number, in the page's language; nothing of
the file is written. Real database, real engine, the import page."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import func, select

from testkit import samples
from tests.conftest import parti
from tests.ui_helpers import csrf_token
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Payment

pytestmark = pytest.mark.db


def file_with(payments):
    """An evening of one hand Anna won (Béla and Csaba owe her) and ``payments``, as a
    session file's text."""
    hands = [parti(declarer="Anna", won=True)]
    body = samples.session_body(hands=hands, date="2026-11-10", payments=payments)
    return json.dumps(body)


def debt(ctx_app):
    """What Béla owes Anna by the file's hands (minor units, HUF)."""
    session = ledger.import_session(file_with([]))
    (t,) = [
        t for t in ledger.session_summary(session)["totals"]["transfers"] if t["from"] == "Béla"
    ]
    return int(t["amount"])


def counts():
    return (
        db.session.scalar(select(func.count()).select_from(GameSession)),
        db.session.scalar(select(func.count()).select_from(Payment)),
    )


def payment(amount_minor, payer="Béla", payee="Anna", day="2026-11-11"):
    return {"from": payer, "to": payee, "amount_minor": amount_minor, "paid_on": day}


def refused(raw):
    before = counts()
    with pytest.raises(ledger.PaymentError) as caught:
        ledger.import_session(raw)
    assert counts() == before  # nothing of the file is written
    return caught.value


def test_the_whole_debt_is_loaded_and_one_unit_more_is_refused(ctx):
    owed = debt(ctx)
    session = ledger.import_session(file_with([payment(owed - 1), payment(1)]))
    assert sum(p["amount_minor"] for p in ledger.session_payments(session)) == owed
    exc = refused(file_with([payment(owed - 1), payment(2)]))
    assert (exc.key, exc.code) == ("payments[1].amount", "too_much")
    assert exc.params["most"] == "1" and exc.params["number"] == 2


def test_a_billion_minor_units_are_refused(ctx):
    exc = refused(file_with([payment(10**9)]))
    assert (exc.key, exc.code, exc.params["payer"]) == ("payments[0].amount", "too_much", "Béla")


def test_a_payment_against_the_debt_is_refused(ctx):
    exc = refused(file_with([payment(5, payer="Anna", payee="Béla")]))
    assert exc.code == "too_much" and exc.params["most"] == "0"


def test_five_thousand_payments_beyond_the_debt_are_refused_at_the_first_one_too_many(ctx):
    owed = debt(ctx)
    exc = refused(file_with([payment(1) for _ in range(5000)]))
    assert exc.key == f"payments[{owed}].amount"  # the first past the debt (checked once each)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Payment 1 of the file cannot be loaded: Béla owes Anna at most"),
        ("hu", "A fájl 1. fizetése nem tölthető be: Béla most legfeljebb"),
        ("de", "Zahlung 1 der Datei kann nicht geladen werden: Béla schuldet Anna"),
    ],
)
def test_the_import_page_says_which_payment_in_its_language(app, client, lang, words):
    token = csrf_token(client.get(f"/import?lang={lang}").get_data(as_text=True))
    upload = (io.BytesIO(file_with([payment(10**9)]).encode()), "este.json")
    response = client.post(
        f"/import?lang={lang}",
        data={"file": upload, "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert words in response.get_data(as_text=True)
    with app.app_context():
        assert counts() == (0, 0)
