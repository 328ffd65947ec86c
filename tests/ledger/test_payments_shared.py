"""One debt, one account: a transfer marked paid on a group's page is paid at its evening
too, and the other way round (issue 33, item 6).

Before, the evening's page read only its own payments: a transfer paid on the group's
standings was accepted a second time on the evening's page (and its API), and the group
then showed balances and transfers that contradicted each other. Real database, the app's
own routes, each way in: the evening's page and API, the group's page and API.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from testkit import samples
from tests.conftest import close_app, make_app
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import Payment

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
DAY = dt.date(2026, 11, 20)


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def grouped_night(app, evenings=1):
    """A group with ``evenings`` evenings; the first evening's first transfer (fewest)."""
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        made = []
        for seed in range(1, evenings + 1):
            body = samples.random_session(SEATS, 8, seed=seed, name=f"Este {seed}", ruleset="ulti")
            body["date"] = f"2026-11-1{seed}"
            body["unit_value"] = {"amount": "10", "currency": "HUF"}
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            made.append(session)
        first = made[0]
        t = ledger.session_summary(first)["totals"]["transfers"][0]
        return {
            "group": (group.id, group.edit_token, group.view_token),
            "evening": (first.id, first.edit_token, first.view_token),
            "transfer": t,
        }


def paid_count(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Payment))


def pay_on_group_page(client, edit, t, amount):
    token = csrf_token(client.get(f"/g/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": amount}
    return client.post(f"/g/{edit}/payments?lang=en", data=form)


def pay_on_evening_page(client, edit, t, amount):
    token = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": amount}
    return client.post(f"/e/{edit}/payments?lang=en", data=form)


def pay_by_api(client, kind, ident, edit, t, amount):
    body = {"from": t["from"], "to": t["to"], "amount": amount}
    url = f"/api/v1/{kind}/{ident}/payments"
    return client.post(url, json=body, headers={"Authorization": f"Bearer {edit}"})


def group_up(client, gid, view):
    (up,) = client.get(f"/api/v1/groups/{gid}/payments?token={view}").get_json()["settlements"]
    return up


def evening_up(client, sid, view):
    return client.get(f"/api/v1/sessions/{sid}/payments?token={view}").get_json()


def line_of(up, t):
    (line,) = [x for x in up["transfers"] if (x["from"], x["to"]) == (t["from"], t["to"])]
    return line


def consistent(up):
    """The group's balances and transfers agree: nothing "paid outside these transfers",
    and paying what remains of each transfer zeroes every balance."""
    left = {p: Decimal(m) for p, m in up["balances"].items()}
    for t in up["transfers"]:
        left[t["from"]] += Decimal(t["remaining"])
        left[t["to"]] -= Decimal(t["remaining"])
    return up["other"] == [] and set(left.values()) <= {Decimal(0)}


@pytest.mark.parametrize("second", ["page", "api"])
def test_a_transfer_paid_on_the_group_is_not_paid_again_at_the_evening(app, client, second):
    night = grouped_night(app)
    gid, gedit, gview = night["group"]
    sid, eedit, eview = night["evening"]
    t = night["transfer"]
    assert pay_on_group_page(client, gedit, t, t["amount"]).status_code == 303
    # the evening shows the group's payment: nothing of the transfer remains
    up = evening_up(client, sid, eview)
    line = line_of(up, t)
    assert line["remaining"] == "0" and line["paid"] == t["amount"]
    if second == "page":
        answer = pay_on_evening_page(client, eedit, t, t["amount"])
        assert answer.status_code == 422
        assert f"{t['from']} owes {t['to']} at most 0" in answer.get_data(as_text=True)
    else:
        answer = pay_by_api(client, "sessions", sid, eedit, t, t["amount"])
        assert answer.status_code == 422
        refusal = answer.get_json()
        assert refusal["code"] == "too_much" and refusal["params"]["most"] == "0"
    assert paid_count(app) == 1
    assert consistent(group_up(client, gid, gview))


@pytest.mark.parametrize("second", ["page", "api"])
def test_a_transfer_paid_at_the_evening_is_not_paid_again_on_the_group(app, client, second):
    night = grouped_night(app)
    gid, gedit, gview = night["group"]
    sid, eedit, eview = night["evening"]
    t = night["transfer"]
    assert pay_on_evening_page(client, eedit, t, t["amount"]).status_code == 303
    if second == "page":
        answer = pay_on_group_page(client, gedit, t, t["amount"])
        assert answer.status_code == 422
        assert f"{t['from']} owes {t['to']} at most 0" in answer.get_data(as_text=True)
    else:
        answer = pay_by_api(client, "groups", gid, gedit, t, t["amount"])
        assert answer.status_code == 422
        assert answer.get_json()["code"] == "too_much"
    assert paid_count(app) == 1
    assert consistent(group_up(client, gid, gview))


def test_a_part_paid_on_the_group_leaves_the_same_rest_at_the_evening(app, client):
    night = grouped_night(app)
    gid, gedit, gview = night["group"]
    sid, eedit, eview = night["evening"]
    t = night["transfer"]
    assert pay_on_group_page(client, gedit, t, "30").status_code == 303
    rest = Decimal(t["amount"]) - 30
    up = evening_up(client, sid, eview)
    assert Decimal(line_of(up, t)["remaining"]) == rest
    assert Decimal(line_of(group_up(client, gid, gview), t)["remaining"]) == rest
    # one more than the rest is refused with the rest, on the evening; the rest is taken
    over = pay_by_api(client, "sessions", sid, eedit, t, str(rest + 1))
    assert over.status_code == 422 and Decimal(over.get_json()["params"]["most"]) == rest
    assert pay_by_api(client, "sessions", sid, eedit, t, str(rest)).status_code == 201
    assert consistent(group_up(client, gid, gview))
    assert line_of(group_up(client, gid, gview), t)["remaining_minor"] == 0
    assert line_of(evening_up(client, sid, eview), t)["remaining_minor"] == 0
    page = client.get(f"/e/{eedit}?lang=en").get_data(as_text=True)
    assert "paid outside these transfers" not in page


def test_a_group_payment_on_two_evenings_is_never_paid_beyond_the_group(app, client):
    """Whatever an evening shows, an evening's payment never takes the group past what
    its members owe once the group has payments of its own."""
    night = grouped_night(app, evenings=2)
    gid, gedit, gview = night["group"]
    group = group_up(client, gid, gview)
    for g in group["transfers"]:
        assert pay_by_api(client, "groups", gid, gedit, g, g["amount"]).status_code == 201
    assert group_up(client, gid, gview)["remaining_minor"] == 0
    sid, eedit, eview = night["evening"]
    for t in evening_up(client, sid, eview)["transfers"]:
        if t["remaining_minor"]:
            answer = pay_by_api(client, "sessions", sid, eedit, t, t["remaining"])
            assert answer.status_code == 422, t
    group = group_up(client, gid, gview)
    assert consistent(group) and group["remaining_minor"] == 0
