"""On a phone, the table taps another way to settle and the "who pays whom" list follows.

The lists are compared with ``ledger.session_settlement``; then a hand is recorded and
the page's live refresh must keep the chosen method (it fetches the page's own URL).
"""

import re
from decimal import Decimal

from tests.ui_helpers import SETTLE_HANDS as HANDS
from ulti_ledger import ledger

MINUS = "\u2212"


def shown(page):
    """The transfers the card lists, as (from, to, amount) with the amount a Decimal."""
    items = page.get_by_test_id("transfers").locator("li")
    rows = items.evaluate_all(
        """items => items.map(li => [
            li.querySelectorAll("b")[0].textContent,
            li.querySelectorAll("b")[1].textContent,
            li.querySelector(".amount").textContent])"""
    )
    out = []
    for payer, payee, amount in rows:
        number = amount.rsplit("\xa0", 1)[0].replace("\u202f", "").replace(",", ".")
        out.append((payer, payee, Decimal(number.replace(MINUS, "-"))))
    return out


def test_tapping_a_method_changes_the_list_and_the_url_keeps_it(
    app, client, phone, live_url, session_body
):
    created = client.post("/api/v1/sessions", json={**session_body, "hands": HANDS}).get_json()
    edit, view_url = created["edit_token"], created["view_url"]
    view = live_url + view_url.split("localhost", 1)[1]

    def settled(method, banker=None):
        with app.app_context():
            session = ledger.session_by_token(edit, "edit")
            transfers = ledger.session_settlement(session, method, banker)["transfers"]
        return [(t["from"], t["to"], Decimal(t["amount"])) for t in transfers]

    page = phone
    page.goto(view)
    assert page.get_by_test_id("settle").get_attribute("open") is not None
    assert shown(page) == settled("minimal")

    with page.expect_navigation():
        page.get_by_test_id("method-pairwise").click()
    assert re.search(r"\?method=pairwise$", page.url), page.url
    assert shown(page) == settled("pairwise") != settled("minimal")
    assert page.get_by_test_id("method-pairwise").evaluate("e => e.tagName") == "STRONG"

    with page.expect_navigation():
        page.get_by_test_id("method-banker").click()
    default_banker = page.locator('.bankers strong[aria-current="true"]').inner_text()
    assert shown(page) == settled("banker")
    with page.expect_navigation():
        page.get_by_test_id("banker-Dóra").click()
    assert "banker=D%C3%B3ra" in page.url and default_banker != "Dóra"
    assert shown(page) == settled("banker", "Dóra")
    page.get_by_test_id("settle").get_by_text("(Dóra)").wait_for()  # the hint names him

    page.reload()
    assert shown(page) == settled("banker", "Dóra")

    # A new hand: the poller (every 5 s) refreshes the card, still with Dóra as the bank.
    before = shown(page)
    fourth = {**HANDS[0], "players": ["Anna", "Béla", "Csaba"], "sitting_out": ["Dóra"]}
    fourth["declarer"] = "Anna"
    posted = client.post(
        f"/api/v1/sessions/{created['id']}/hands",
        json=fourth,
        headers={"Authorization": f"Bearer {edit}"},
    )
    assert posted.status_code == 201
    after = settled("banker", "Dóra")
    assert after != before
    page.locator(".session-head .meta").get_by_text("4 leosztás").wait_for(timeout=20_000)
    assert shown(page) == after
    assert "banker=D%C3%B3ra" in page.url
