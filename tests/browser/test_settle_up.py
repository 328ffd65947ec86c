"""Settling up in a real browser (Debian's Chromium): the scorer marks payments on the
evening's "who pays whom", in part and in whole, undoes one, marks one on the group's
standings, and finds the group's balance exact: every player's settled balance moved by
exactly what he paid and was paid, summing to zero, on the page and in the API."""

from __future__ import annotations

import datetime as dt
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.words.money_format import signed_money

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
SHOTS = Path(os.environ["SETTLE_SHOTS"]) if os.environ.get("SETTLE_SHOTS") else None
"""Where to keep pictures of the cards, for a person to look at (unset: none)."""


def keep(locator, name: str) -> None:
    if SHOTS is not None:
        locator.screenshot(path=str(SHOTS / name))


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def test_marks_payments_undoes_one_and_finds_the_groups_balance_exact(app, phone, live_url):
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        made = []
        for seed, day in ((1, "2026-11-03"), (2, "2026-11-10")):
            body = samples.random_session(SEATS, 8, seed=seed, name=f"Este {seed}", ruleset="ulti")
            body["date"] = day
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            made.append(session)
        evening, group_edit, group_id = made[0], group.edit_token, group.id
        edit, view = evening.edit_token, group.view_token
        transfers = ledger.session_summary(evening)["totals"]["transfers"]
    assert len(transfers) >= 2
    first, second = transfers[0], transfers[1]
    half = Decimal(first["amount"]) // 2

    page = phone
    page.goto(f"{live_url}/e/{edit}?lang=en")
    page.get_by_test_id("settle").locator("summary").click()
    row = page.get_by_test_id(f"transfer-{first['from']}-{first['to']}")
    # the form proposes what remains and today's date (the request's, here the config's)
    assert row.get_by_test_id("pay-amount").input_value() == first["amount"]
    assert row.get_by_test_id("pay-date").input_value() == "2026-11-20"
    row.get_by_label(f"Amount {first['from']} paid {first['to']}").fill(str(half))
    row.get_by_test_id("pay-date").fill("2026-11-18")
    row.get_by_test_id("pay-mark").click()
    page.wait_for_url(re.compile(r"#settle$"))
    row = page.get_by_test_id(f"transfer-{first['from']}-{first['to']}")
    rest = Decimal(first["amount"]) - half
    assert (
        row.get_by_test_id("remaining").inner_text().replace("\u00a0", " ").replace(",", "")
        == f"still owed {rest} HUF"
    )

    # the second transfer paid whole, then undone: owed again, as before
    page.get_by_test_id(f"transfer-{second['from']}-{second['to']}").get_by_test_id(
        "pay-mark"
    ).click()
    page.wait_for_url(re.compile(r"#settle$"))
    payments = page.get_by_test_id("payments")
    assert payments.locator("li").count() == 2
    undo = payments.locator("li").nth(1).get_by_role("button")
    assert second["from"] in undo.get_attribute("aria-label")
    undo.click()
    page.wait_for_url(re.compile(r"#settle$"))
    assert page.get_by_test_id("payments").locator("li").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    keep(page.get_by_test_id("settle"), "evening.png")
    assert (
        page.get_by_test_id(f"transfer-{second['from']}-{second['to']}")
        .get_by_test_id("pay-form")
        .count()
        == 1
    )

    # on the group's standings: the evening's half payment already counts; pay part of one
    page.goto(f"{live_url}/g/{group_edit}?lang=en")
    with app.app_context():
        held = groups.group_by_token(group_edit, "edit")
        whole = groups.group_standings(held, groups.parse_period({}, held, dt.date(2026, 11, 20)))
    settled = {b["player"]: Decimal(b["money"]) for b in whole["settlement"]["balances"]}
    owed = whole["settlement"]["transfers"][0]
    row = page.get_by_test_id(f"transfer-{owed['from']}-{owed['to']}")
    row.get_by_test_id("pay-amount").fill("25")
    row.get_by_test_id("pay-mark").click()
    page.wait_for_url(re.compile(r"#settle$"))
    assert "Payment recorded" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    keep(page.get_by_test_id("group-settle"), "group.png")

    # the group's balance: each settled balance moved by exactly its payments
    answer = page.request.get(f"{live_url}/api/v1/groups/{group_id}/payments?token={view}")
    (up,) = answer.json()["settlements"]
    paid = [(first["from"], first["to"], half), (owed["from"], owed["to"], Decimal(25))]
    expected = dict(settled)
    for payer, payee, amount in paid:
        expected[payer] += amount
        expected[payee] -= amount
    assert {p: Decimal(m) for p, m in up["balances"].items()} == expected
    assert sum(expected.values()) == 0
    assert up["owed_minor"] == up["paid_minor"] + up["remaining_minor"]
    # and the standings show each player's balance after the payments, as the API does
    for name, money in expected.items():
        cell = page.get_by_test_id(f"after-payments-HUF-{name}").locator(".nowrap").inner_text()
        assert cell == signed_money(money, "HUF", "en"), name
    totals = page.get_by_test_id("pay-totals").inner_text()
    assert f"still owed {Decimal(up['remaining']):,}" in totals.replace("\u00a0", " ")
