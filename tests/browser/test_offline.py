"""Scoring with no network, on Debian's chromium: the service worker keeps the pages, the
phone keeps the hands (IndexedDB) in order, and back online they are sent once each.

Playwright takes the page offline with ``context.set_offline``. The hands are checked
where they are stored (the ledger), not on the page.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser import scorer
from tests.browser.scorer import entries


@pytest.fixture
def phone_context(browser):
    """A phone's browser context that keeps its storage across pages (IndexedDB, caches)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        timezone_id="Europe/Budapest",
        locale="hu-HU",
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def until(page, check, seconds: float = 15.0) -> None:
    """Wait for what the phone sent (its queue goes by itself), letting the page run."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the phone's queue did not arrive"
        page.wait_for_timeout(100)


def waiting(page, count: int) -> None:
    expect(page.get_by_test_id("offline-queue").get_by_role("listitem")).to_have_count(count)


def controlled(page) -> bool:
    return page.evaluate("Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)")


def warm(page, board: str) -> None:
    """Open the board and the new-hand form online, as the scorer does before the Wi-Fi
    drops: the worker takes control and keeps both pages."""
    page.goto(board)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
    page.goto(board)  # the board again, now through the worker, and kept
    page.goto(board + "/hands/new")
    page.wait_for_function("document.getElementById('hand-form')")
    page.goto(board)


def queue_hand(page, board: str, *taps: str) -> None:
    """Open the new-hand form (from the worker's cache when offline), tap, save."""
    page.goto(board + "/hands/new")
    for testid in taps:
        page.get_by_test_id(testid).click()
    with page.expect_navigation():
        page.get_by_test_id("save").click()


def first_bidder(page) -> str:
    return page.locator("[data-deal=first]").first.inner_text().strip()


def test_three_hands_of_two_games_offline_are_sent_once_in_order(app, phone_context, live_url):
    page = phone_context.new_page()

    # Ulti for four: one hand online, then three with no network.
    token, board = scorer.begin(page, live_url, "Pince", ["Anna", "Béla", "Csaba", "Dóra"], "ulti")
    warm(page, board)
    assert controlled(page)
    page.goto(board + "/hands/new")
    online_declarer = first_bidder(page)
    page.get_by_test_id(f"declarer-{online_declarer}").click()
    page.get_by_test_id("preset-piros-passz").click()
    with page.expect_navigation():
        page.get_by_test_id("save").click()
    warm(page, board)

    phone_context.set_offline(True)
    declarers = []
    for _ in range(3):
        page.goto(board + "/hands/new")
        expect(page.get_by_test_id("offline-preview-note")).to_be_visible()
        declarer = first_bidder(page)  # the deal moved on: its first bidder plays
        declarers.append(declarer)
        page.get_by_test_id(f"declarer-{declarer}").click()
        page.get_by_test_id("preset-piros-passz").click()
        with page.expect_navigation():
            page.get_by_test_id("save").click()
        expect(page.get_by_test_id("offline-banner")).to_be_visible()
    waiting(page, 3)
    queue = page.get_by_test_id("offline-queue")
    assert [queue.get_by_test_id(f"queued-{n}").count() for n in (2, 3, 4)] == [1, 1, 1]
    assert len(entries(app, token)) == 1  # nothing reached the server

    # The browser reloads with no network: the board and its queue are still there.
    page.reload()
    waiting(page, 3)
    # A fresh page of the same browser (the tab closed and opened again) keeps the queue.
    page.close()
    page = phone_context.new_page()
    page.goto(board)
    waiting(page, 3)

    phone_context.set_offline(False)  # the page hears "online" and sends its queue
    until(page, lambda: len(entries(app, token)) == 4)
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    stored = entries(app, token)
    assert [e["hand"]["declarer"] for e in stored] == [online_declarer, *declarers]
    dealers = [e["dealer"] for e in stored]
    assert dealers == ["Anna", "Béla", "Csaba", "Dóra"]  # the deal passed on, once a hand
    assert len(set(declarers)) == 3

    # Snapszer for three: all three hands offline, after one online visit.
    token, board = scorer.begin(page, live_url, "Pince 2", ["Ede", "Feri", "Gizi"], "snapszer")
    warm(page, board)
    phone_context.set_offline(True)
    for _ in range(3):
        queue_hand(page, board, "preset-won-below_33")
    waiting(page, 3)
    phone_context.set_offline(False)
    until(page, lambda: len(entries(app, token)) == 3)
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    stored = entries(app, token)
    assert len(stored) == 3
    assert [e["dealer"] for e in stored] == ["Ede", "Feri", "Gizi"]
    # the board's totals are the server's: the sum of the stored results
    assert page.get_by_test_id("offline-banner").count() == 0


def test_a_dropped_connection_mid_post_records_the_hand_once(app, phone_context, live_url):
    """The answer to the save is lost on the way: the phone keeps the hand, and sending it
    again with the same key is answered from what the server kept."""
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Kocsma", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)

    lost = []
    replayed = []

    def lose_answer(route):
        if lost:  # the retry goes through
            route.continue_()
            return
        lost.append(route.request.url)
        route.fetch()  # the server records the hand...
        route.abort("connectionreset")  # ...but its answer never reaches the phone

    page.on(
        "response",
        lambda r: (
            replayed.append(r.headers.get("idempotent-replayed")) if "queued" in r.url else None
        ),
    )
    page.route("**/hands/queued", lose_answer)
    page.goto(board + "/hands/new")
    page.get_by_test_id(f"declarer-{first_bidder(page)}").click()
    page.get_by_test_id("preset-piros-passz").click()
    page.get_by_test_id("save").click()
    # the phone kept the hand and, online, sent it again with the same key
    until(page, lambda: replayed == ["true"])
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    assert len(entries(app, token)) == 1  # once, not twice


def test_a_refused_queued_hand_stops_the_queue_and_opens_in_the_form(
    app, phone_context, live_url, client
):
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Tanya", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    phone_context.set_offline(True)
    for _ in range(2):
        page.goto(board + "/hands/new")
        page.get_by_test_id(f"declarer-{first_bidder(page)}").click()
        page.get_by_test_id("preset-piros-passz").click()
        with page.expect_navigation():
            page.get_by_test_id("save").click()
    # meanwhile another phone records hand 1: the first queued hand is no longer hand 1
    with app.app_context():
        from ulti_ledger import ledger

        session = ledger.session_by_token(token, "edit")
        ledger.save_hand(
            session,
            None,
            {
                "players": ["Anna", "Béla", "Csaba"],
                "declarer": "Csaba",
                "colour": "piros",
                "components": [{"name": "parti", "won": True}],
            },
            None,
        )
    phone_context.set_offline(False)
    page.wait_for_url("**/hands/new?queued=*")
    reason = page.get_by_test_id("queued-reason")
    expect(reason).to_be_visible()
    assert "2" in reason.inner_text()
    assert len(entries(app, token)) == 1  # the other phone's only: the queue stopped
    # nothing after it is lost: both queued hands still wait
    count = page.evaluate(
        """() => new Promise((done) => {
            const open = indexedDB.open('ulti-ledger-offline', 1);
            open.onsuccess = () => {
                const all = open.result.transaction('queue').objectStore('queue').getAll();
                all.onsuccess = () => done(all.result.length);
            };
        })"""
    )
    assert count == 2
