"""A payment body is read field by field before any of it is used (issue 34, item 5).

Each field of a payment has one JSON type; anything else is a 4xx naming the field, never
a 500 (a list as ``banker`` reached a dict lookup: ``TypeError: unhashable``). Amounts are
ASCII digits only (Python reads "١٠" and "１０" as ten), and a payment's day is an ISO
calendar date (YYYY-MM-DD) from 2000 to 2100. Real database, the app's own routes.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from testkit import samples
from tests.conftest import close_app, make_app
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import Payment
from ulti_ledger.words.money_input import MoneyInputError, parse_stake

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
FIELDS = ("from", "to", "amount", "paid_on", "method", "banker", "currency")
WRONG = (["x"], {"a": 1}, True, 1.5)


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


@pytest.fixture
def night(app):
    """An evening in a group: (session id, its edit token, group id, its edit token,
    the evening's first transfer)."""
    with app.app_context():
        body = samples.random_session(SEATS, 8, seed=1, name="Este", ruleset="ulti")
        body["unit_value"] = {"amount": "10", "currency": "HUF"}
        session = ledger.create_session(body)
        group = groups.create_group("Kör", None, None)
        groups.add_evening(group, session)
        t = ledger.session_summary(session)["totals"]["transfers"][0]
        return session.id, session.edit_token, group.id, group.edit_token, t


def payments_in(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Payment))


def post(client, night, kind, body):
    sid, sedit, gid, gedit, _ = night
    ident, token = (sid, sedit) if kind == "sessions" else (gid, gedit)
    return client.post(
        f"/api/v1/{kind}/{ident}/payments", json=body, headers={"Authorization": f"Bearer {token}"}
    )


@pytest.mark.parametrize("kind", ["sessions", "groups"])
@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("wrong", WRONG, ids=["list", "object", "bool", "float"])
def test_a_field_of_the_wrong_type_is_a_422_naming_it(app, client, night, kind, field, wrong):
    t = night[4]
    body = {"from": t["from"], "to": t["to"], "amount": "10", "method": "banker"}
    body["banker"] = t["to"]
    answer = post(client, night, kind, {**body, field: wrong})
    assert answer.status_code == 422, answer.get_json()
    refusal = answer.get_json()
    assert refusal["key"] == field and refusal["code"] == "type"
    assert field in refusal["error"] and "must be" in refusal["error"]
    assert payments_in(app) == 0


@pytest.mark.parametrize("kind", ["sessions", "groups"])
@pytest.mark.parametrize("amount", ["١٠", "１０", "1٠", "10,٥", "²"])
def test_an_amount_in_other_digits_is_refused(app, client, night, kind, amount):
    t = night[4]
    answer = post(client, night, kind, {"from": t["from"], "to": t["to"], "amount": amount})
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "amount_digits" and "0-9" in answer.get_json()["error"]
    assert payments_in(app) == 0


@pytest.mark.parametrize(
    ("lang", "words"),
    [("hu", "0-9 számjegyekkel"), ("en", "digits 0-9"), ("de", "Ziffern 0-9")],
)
def test_other_digits_are_refused_on_the_page_in_its_language(app, client, night, lang, words):
    edit, t = night[1], night[4]
    token = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": "１０"}
    answer = client.post(f"/e/{edit}/payments?lang={lang}", data=form)
    assert answer.status_code == 422 and words in answer.get_data(as_text=True)
    assert payments_in(app) == 0


@pytest.mark.parametrize("stake", ["١٠", "１０", "1 ٠٠٠"])
def test_a_stake_in_other_digits_is_refused(stake):
    with pytest.raises(MoneyInputError) as refused:
        parse_stake(stake, "HUF")
    assert refused.value.code == "amount_digits"


@pytest.mark.parametrize(
    ("day", "code"),
    [
        ("2026-W49-6", "date"),
        ("20261205", "date"),
        ("2026-12-5", "date"),
        (" 2026-13-01", "date"),
        ("0001-01-01", "date_range"),
        ("1999-12-31", "date_range"),
        ("2101-01-01", "date_range"),
        ("9999-12-31", "date_range"),
    ],
)
def test_a_day_that_is_no_calendar_date_in_range_is_refused(app, client, night, day, code):
    t = night[4]
    body = {"from": t["from"], "to": t["to"], "amount": "10", "paid_on": day}
    answer = post(client, night, "sessions", body)
    assert answer.status_code == 422 and answer.get_json()["code"] == code
    assert answer.get_json()["key"] == "paid_on"
    assert payments_in(app) == 0


@pytest.mark.parametrize("day", ["2000-01-01", "2026-12-05", "2100-12-31"])
def test_a_calendar_day_in_range_is_taken(app, client, night, day):
    t = night[4]
    body = {"from": t["from"], "to": t["to"], "amount": "10", "paid_on": day}
    answer = post(client, night, "sessions", body)
    assert answer.status_code == 201 and answer.get_json()["payment"]["paid_on"] == day
