"""Scoring when the network drops, on Debian's chromium: the board keeps its pages, the
phone keeps the hands (IndexedDB) in order, and back online they are sent once each. The
server owns the order of the evening: it deals each hand as the rotation says when it
records it, and a hand another phone overtook comes back to be added at the end.

The network is dropped two ways, as a table sees it: ``context.set_offline`` (the phone's
Wi-Fi off), and the app's own requests aborted by Playwright while ``navigator.onLine``
stays true (the Wi-Fi is there, the host has gone). Several phones are several browser
contexts. The hands are checked where they are stored (the ledger), not on the page.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from testkit.chromium import CHROMIUM, LAUNCH_ARGS
from tests.browser import scorer
from tests.browser.scorer import entries
from ulti_ledger import ledger


def new_phone(browser, **extra):
    """A phone's browser context that keeps its storage across pages (IndexedDB, caches)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        timezone_id="Europe/Budapest",
        locale="hu-HU",
        **extra,
    )
    context.set_default_timeout(10_000)
    return context


@pytest.fixture
def phone_context(browser):
    context = new_phone(browser)
    yield context
    context.close()


@pytest.fixture
def second_phone(browser):
    context = new_phone(browser)
    yield context
    context.close()


def until(page, check, seconds: float = 20.0) -> None:
    """Wait for what the phone sent (its queue goes by itself), letting the page run."""
    deadline = time.monotonic() + seconds
    while not check():
        shown = page.locator("main").inner_text() if time.monotonic() > deadline else ""
        assert not shown, f"the phone's queue did not arrive; the page shows:\n{shown}"
        page.wait_for_timeout(100)


def waiting(page, count: int) -> None:
    expect(page.get_by_test_id("offline-queue").get_by_role("listitem")).to_have_count(count)


def controlled(page) -> bool:
    return page.evaluate("Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)")


def warm(page, board: str) -> None:
    """Open the board online, as the scorer does before the Wi-Fi drops: the worker takes
    control, and the board keeps itself and the new-hand form (never opened) for later."""
    page.goto(board)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    page.wait_for_function("() => document.documentElement.dataset.offlineKept")


def host_gone(context, live_url: str) -> None:
    """The host leaves the Wi-Fi: every request of the app fails, navigator.onLine stays."""
    context.route(f"{live_url}/**", lambda route: route.abort("addressunreachable"))


def host_back(context) -> None:
    context.unroute_all(behavior="ignoreErrors")


def form_ready(page) -> None:
    """The form is dealt for the hand it will be (a kept copy is dealt anew by the phone)."""
    page.wait_for_function("() => document.documentElement.dataset.formReady")


def save(page) -> None:
    with page.expect_navigation():
        page.get_by_test_id("save").click()


def queue_hand(page, board: str, *taps: str) -> None:
    """Open the new-hand form (from the phone's copy when offline), tap, save."""
    page.goto(board + "/hands/new")
    form_ready(page)
    for testid in taps:
        page.get_by_test_id(testid).click()
    save(page)


def first_bidder(page) -> str:
    return page.locator("[data-deal=first]").first.inner_text().strip()


def ulti_hand(page, board: str) -> str:
    """A piros passz of the deal's first bidder; the new-hand form opened from the board's
    button, as the scorer does (offline: the phone's copy, dealt for this hand)."""
    page.goto(board)
    with page.expect_navigation():
        page.get_by_test_id("new-hand").click()
    form_ready(page)
    declarer = first_bidder(page)
    page.get_by_test_id(f"declarer-{declarer}").click()
    page.get_by_test_id("preset-piros-passz").click()
    save(page)
    return declarer


def skat_hand(page, board: str) -> str:
    """Pik mit 2 with 75 card points, Vorhand declaring (the form proposes him)."""
    page.goto(board)
    with page.expect_navigation():
        page.get_by_test_id("new-hand").click()
    form_ready(page)
    declarer = page.locator('input[name="declarer"]:checked').get_attribute("value")
    assert declarer == first_bidder(page)
    page.get_by_test_id("game-pik").click()
    page.get_by_test_id("matadors-mit-2").click()
    page.get_by_test_id("number-declarer_points").fill("75")
    save(page)
    return declarer


HANDS = [("ulti", ulti_hand), ("skat", skat_hand)]
"""Two games' hands entered on the board: a trick game of three and Skat's list."""


def totals(app, token: str) -> dict[str, int]:
    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        return ledger.session_summary(session)["totals"]["units"]


def csaba_elsewhere(app, token: str, players: list[str]) -> None:
    """Another device (the API) records Csaba's piros passz meanwhile."""
    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        parti = [{"name": "parti", "won": True}]
        hand = {"declarer": "Csaba", "colour": "piros", "components": parti}
        ledger.add_hand(session, {**hand, "players": players})


def idb_entries(page) -> list[dict]:
    return page.evaluate(
        """() => new Promise((done) => {
            const open = indexedDB.open('ulti-ledger-offline', 1);
            open.onupgradeneeded = () => open.result.createObjectStore('queue', {keyPath: 'key'})
                .createIndex('evening', 'evening');
            open.onsuccess = () => {
                const all = open.result.transaction('queue').objectStore('queue').getAll();
                all.onsuccess = () => done(all.result);
            };
        })"""
    )


def cached_urls(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const out = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) out.push(name + ' ' + request.url);
            }
            return out;
        }"""
    )


def test_three_hands_of_two_games_offline_are_sent_once_in_order(app, phone_context, live_url):
    page = phone_context.new_page()

    # Ulti for four: one hand online, then three with no network.
    token, board = scorer.begin(page, live_url, "Pince", ["Anna", "Béla", "Csaba", "Dóra"], "ulti")
    warm(page, board)
    assert controlled(page)
    online_declarer = ulti_hand(page, board)
    warm(page, board)

    phone_context.set_offline(True)
    declarers = []
    for _ in range(3):
        page.goto(board + "/hands/new")
        form_ready(page)
        expect(page.get_by_test_id("offline-preview-note")).to_be_visible()
        declarer = first_bidder(page)  # the deal moved on: its first bidder plays
        declarers.append(declarer)
        page.get_by_test_id(f"declarer-{declarer}").click()
        page.get_by_test_id("preset-piros-passz").click()
        save(page)
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
    assert [e["dealer"] for e in stored] == ["Ede", "Feri", "Gizi"]
    # the starter is each deal's own (the kept form was dealt anew for each hand)
    assert [e["hand"]["declarer"] for e in stored] == ["Feri", "Gizi", "Ede"]
    assert page.get_by_test_id("offline-banner").count() == 0


@pytest.mark.parametrize(("game", "hand"), HANDS)
def test_hands_saved_offline_keep_the_dealer_and_the_money_of_the_same_hands_online(
    app, phone_context, live_url, game, hand
):
    """Two hands online, then two offline from the board's "+ new hand": the offline
    evening ends with the totals and dealers of the same four hands entered online."""
    page = phone_context.new_page()
    players = ["Anna", "Béla", "Csaba", "Dóra"]

    control, control_board = scorer.begin(page, live_url, "Online", players, game)
    online = [hand(page, control_board) for _ in range(4)]

    token, board = scorer.begin(page, live_url, "Offline", players, game)
    warm(page, board)
    kept = [hand(page, board) for _ in range(2)]
    warm(page, board)
    phone_context.set_offline(True)
    for number in (3, 4):
        page.goto(board)
        with page.expect_navigation():
            page.get_by_test_id("new-hand").click()
        form_ready(page)
        assert str(number) in page.get_by_test_id("form-heading").inner_text()
        kept.append(hand(page, board))
    waiting(page, 2)
    expect(page.get_by_test_id("totals-as-of")).to_be_visible()
    assert page.locator(".flashes").count() == 0  # no "hand 2 saved" from long ago
    phone_context.set_offline(False)
    until(page, lambda: len(entries(app, token)) == 4)

    assert kept == online
    assert [e["dealer"] for e in entries(app, token)] == [
        e["dealer"] for e in entries(app, control)
    ]
    assert totals(app, token) == totals(app, control)


def test_an_unreachable_host_while_the_phone_says_online_queues_the_hand(
    app, phone_context, live_url
):
    """The Wi-Fi stays, the host has gone: navigator.onLine is true, every request of the
    app fails. The hand is kept, the board says so, and it arrives once when the host is back."""
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Kert", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    ulti_hand(page, board)
    expect(page.locator(".flashes")).to_have_count(1)  # "hand 1 saved", from the server
    page.wait_for_function("() => document.documentElement.dataset.offlineKept")

    host_gone(phone_context, live_url)
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # a look
    assert page.evaluate("navigator.onLine") is True
    expect(page.get_by_test_id("offline-banner")).to_be_visible()
    expect(page.get_by_test_id("totals-as-of")).to_be_visible()
    assert page.locator(".flashes").count() == 0  # "hand 1 saved" spoke of another moment
    page.goto(board)  # the phone's copy
    expect(page.get_by_test_id("offline-banner")).to_be_visible()
    declarer = ulti_hand(page, board)
    waiting(page, 1)
    assert len(entries(app, token)) == 1

    host_back(phone_context)  # the board asks again by itself (within 10 s) and sends it
    until(page, lambda: len(entries(app, token)) == 2, seconds=40)
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    expect(page.get_by_test_id("offline-banner")).to_have_count(0)
    page.wait_for_timeout(500)
    stored = entries(app, token)
    assert len(stored) == 2 and stored[1]["hand"]["declarer"] == declarer
    assert [e["dealer"] for e in stored] == ["Anna", "Béla"]


def test_a_host_that_answers_no_more_mid_save_keeps_the_hand(app, phone_context, live_url):
    """The form was opened from the server; the host goes while the scorer taps: the save
    gets no answer, the hand is kept and the phone's board shows it waiting."""
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Udvar", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    page.goto(board + "/hands/new")
    form_ready(page)
    page.get_by_test_id(f"declarer-{first_bidder(page)}").click()
    page.get_by_test_id("preset-piros-passz").click()
    host_gone(phone_context, live_url)
    save(page)
    waiting(page, 1)
    expect(page.get_by_test_id("offline-banner")).to_be_visible()
    host_back(phone_context)
    until(page, lambda: len(entries(app, token)) == 1)


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
    # the phone kept the hand and, once the server answered again, sent it with the same key
    until(page, lambda: replayed == ["true"])
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    assert len(entries(app, token)) == 1  # once, not twice


def test_a_refused_queued_hand_stops_the_queue_and_opens_in_the_form(app, phone_context, live_url):
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Tanya", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    phone_context.set_offline(True)
    queue_hand(page, board, "preset-piros-passz")  # no declarer chosen: the server refuses
    ulti_hand(page, board)
    waiting(page, 2)
    phone_context.set_offline(False)
    page.wait_for_url("**/hands/new?queued=*")
    form_ready(page)
    expect(page.get_by_test_id("queued-reason")).to_be_visible()
    assert len(entries(app, token)) == 0  # the queue stopped at the refused hand
    assert len(idb_entries(page)) == 2  # nothing after it is lost
    # the scorer chooses the declarer and saves: both go, in order
    page.get_by_test_id(f"declarer-{first_bidder(page)}").click()
    save(page)
    until(page, lambda: len(entries(app, token)) == 2)
    assert [e["dealer"] for e in entries(app, token)] == ["Anna", "Béla"]


def test_a_hand_another_device_recorded_first_is_added_at_the_end_in_one_tap(
    app, phone_context, live_url, client
):
    """Two hands wait on the phone, meant as hands 1 and 2; meanwhile the API records a
    hand. The first waiting hand comes back with what it is at the end: hand 2, dealt by
    the rotation's next dealer, with the engine's payments. One tap adds it; the second
    follows it, and nothing is stuck."""
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Tanya", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    phone_context.set_offline(True)
    for _ in range(2):
        ulti_hand(page, board)
    waiting(page, 2)
    csaba_elsewhere(app, token, ["Béla", "Csaba", "Anna"])
    phone_context.set_offline(False)
    moved = page.get_by_test_id("queued-moved")
    expect(moved).to_be_visible()
    assert "2" in page.get_by_test_id("queued-add-at-end").inner_text()
    assert "Béla" in moved.inner_text()  # the new dealer
    assert len(entries(app, token)) == 1
    page.get_by_test_id("queued-add-at-end").click()
    until(page, lambda: len(entries(app, token)) == 3)
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)
    assert [e["dealer"] for e in entries(app, token)] == ["Anna", "Béla", "Csaba"]
    # the phone records on, as any other
    ulti_hand(page, board)
    until(page, lambda: len(entries(app, token)) == 4)


def test_a_hand_that_cannot_go_at_the_end_opens_in_the_form_dealt_anew(
    app, phone_context, live_url
):
    """Ulti for four: the waiting hand was Béla's, dealt by Anna. Another device recorded
    hand 1 meanwhile, so at the end Béla deals and sits out: the card says why it cannot
    go there, the form opens it dealt for hand 2, and the scorer names the declarer."""
    page = phone_context.new_page()
    players = ["Anna", "Béla", "Csaba", "Dóra"]
    token, board = scorer.begin(page, live_url, "Négyen", players, "ulti")
    warm(page, board)
    phone_context.set_offline(True)
    assert ulti_hand(page, board) == "Béla"
    csaba_elsewhere(app, token, ["Béla", "Csaba", "Dóra"])
    phone_context.set_offline(False)
    moved = page.get_by_test_id("queued-moved")
    expect(moved).to_be_visible()
    assert page.get_by_test_id("queued-add-at-end").count() == 0  # Béla sits out there
    with page.expect_navigation():
        page.get_by_test_id("queued-open").click()
    form_ready(page)
    assert "2" in page.get_by_test_id("form-heading").inner_text()
    assert page.get_by_test_id("preset-piros-passz").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("declarer-Béla").is_hidden()  # he deals hand 2
    page.get_by_test_id("declarer-Csaba").click()
    save(page)
    until(page, lambda: len(entries(app, token)) == 2)
    stored = entries(app, token)
    assert [(e["dealer"], e["hand"]["declarer"]) for e in stored] == [
        ("Anna", "Csaba"),
        ("Béla", "Csaba"),
    ]
    expect(page.get_by_test_id("offline-queue")).to_have_count(0)


def test_two_scorer_phones_offline_record_every_hand_once(
    app, phone_context, second_phone, live_url
):
    """Phones A and B both hold the edit link and both lose the network at hand 1. A
    queues two hands; B queues the first of them too (both scorers entered it) and one of
    its own. A comes back first. B is shown its copy beside A's hand and drops it in one
    tap, and adds its own at the end in one more. Every hand once; both phones score on."""
    a = phone_context.new_page()
    token, board = scorer.begin(a, live_url, "Két telefon", ["Anna", "Béla", "Csaba"], "ulti")
    warm(a, board)
    b = second_phone.new_page()
    warm(b, board)

    phone_context.set_offline(True)
    host_gone(second_phone, live_url)  # B: the Wi-Fi is there, the host is not
    shared = ulti_hand(a, board)  # hand 1: Béla's piros passz, on both phones
    assert ulti_hand(b, board) == shared
    a_second = ulti_hand(a, board)
    b.goto(board)
    with b.expect_navigation():
        b.get_by_test_id("new-hand").click()
    form_ready(b)
    b_own = "Anna" if a_second != "Anna" else "Béla"  # another hand than A's second
    b.get_by_test_id(f"declarer-{b_own}").click()
    b.get_by_test_id("preset-piros-passz").click()
    save(b)
    waiting(a, 2)
    waiting(b, 2)

    phone_context.set_offline(False)
    until(a, lambda: len(entries(app, token)) == 2)
    host_back(second_phone)
    b.get_by_test_id("offline-send").click()  # "send now", rather than wait for the retry
    twin = b.get_by_test_id("queued-drop-twin")
    expect(twin).to_be_visible()
    twin.click()
    expect(twin).to_have_count(0)  # the copy is gone; B's own hand is shown next
    add = b.get_by_test_id("queued-add-at-end")
    expect(add).to_be_visible()
    assert "3" in add.inner_text()
    add.click()
    until(b, lambda: len(entries(app, token)) == 3)
    expect(b.get_by_test_id("offline-queue")).to_have_count(0)
    stored = entries(app, token)
    assert [e["hand"]["declarer"] for e in stored] == [shared, a_second, b_own]
    assert [e["dealer"] for e in stored] == ["Anna", "Béla", "Csaba"]
    # neither phone is blocked: each records the next hand
    ulti_hand(a, board)
    ulti_hand(b, board)
    assert len(entries(app, token)) == 5
    assert idb_entries(a) == [] and idb_entries(b) == []


def test_forgetting_an_evening_leaves_nothing_of_its_links_on_the_phone(
    app, phone_context, live_url
):
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Közös telefon", ["Anna", "Béla", "Csaba"], "ulti")
    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        view_token, evening_id = session.view_token, session.id
    warm(page, board)
    ulti_hand(page, board)
    warm(page, board)
    phone_context.set_offline(True)
    ulti_hand(page, board)  # a hand that was never sent
    phone_context.set_offline(False)
    page.route("**/hands/queued", lambda route: route.abort("internetdisconnected"))
    page.goto(live_url + "/")
    assert page.get_by_test_id(f"recent-{evening_id}").count() == 1
    kept = cached_urls(page)
    assert any(token in url for url in kept)  # the board and its form, kept on purpose
    pages = [url.split(" ", 1) for url in kept if "/static/" not in url]
    # only the copies made on purpose, none of a page shown (each says no-store)
    assert sorted(
        url.removeprefix(live_url) for name, url in pages if not name.startswith("shell-")
    ) == [
        f"/e/{token}",
        f"/e/{token}/hands/new",
    ]
    assert [url.removeprefix(live_url) for name, url in pages if name.startswith("shell-")] == [
        "/offline"
    ]
    assert len(idb_entries(page)) == 1

    page.goto(board)
    messages = []
    page.on("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    with page.expect_navigation():
        page.get_by_test_id("forget-evening").click()
    assert "1" in messages[0]  # it warned of the hand never sent
    assert page.url.rstrip("/") == live_url

    assert not any(token in url or view_token in url for url in cached_urls(page))
    assert idb_entries(page) == []
    storage = page.evaluate("() => JSON.stringify(Object.entries(localStorage))")
    assert token not in storage and view_token not in storage
    assert page.get_by_test_id(f"recent-{evening_id}").count() == 0
    assert token not in page.content()
    with app.app_context():
        serializer = app.session_interface.get_signing_serializer(app)
        for cookie in phone_context.cookies():
            if cookie["name"] == app.config["SESSION_COOKIE_NAME"]:
                assert evening_id not in serializer.loads(cookie["value"]).get("evenings", [])
            assert token not in cookie["value"]


def test_the_recent_list_shows_no_link_as_text_and_forgets_there_too(app, phone_context, live_url):
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Lista", ["Anna", "Béla", "Csaba"], "ulti")
    warm(page, board)
    page.goto(live_url + "/")
    recent = page.locator("[data-recent]")
    assert token not in recent.inner_text()
    with app.app_context():
        evening_id = ledger.session_by_token(token, "edit").id
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_test_id(f"recent-forget-{evening_id}").click()
    assert page.get_by_test_id(f"recent-{evening_id}").count() == 0
    assert not any(token in url for url in cached_urls(page))


@pytest.fixture
def lan_browser(playwright_driver):
    """Chromium that reaches the live app under a LAN name (plain http://, not a secure
    context: no service worker, no Cache Storage), on this machine's loopback."""
    args = (*LAUNCH_ARGS, "--host-resolver-rules=MAP kartya.lan 127.0.0.1")
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=args)
    yield browser
    browser.close()


def test_on_plain_http_the_form_says_so_and_a_hand_waits_on_its_page(app, lan_browser, live_url):
    context = new_phone(lan_browser)
    try:
        page = context.new_page()
        lan = live_url.replace("127.0.0.1", "kartya.lan")
        token, board = scorer.begin(page, lan, "Nappali", ["Anna", "Béla", "Csaba"], "ulti")
        assert page.evaluate("window.isSecureContext") is False
        page.goto(board + "/hands/new")
        form_ready(page)
        expect(page.get_by_test_id("offline-http-note")).to_be_visible()
        page.get_by_test_id(f"declarer-{first_bidder(page)}").click()
        page.get_by_test_id("preset-piros-passz").click()
        host_gone(context, lan)
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("offline-kept-on-page")).to_be_visible()
        assert page.get_by_test_id("form-heading").is_visible()  # never the browser's error
        assert len(entries(app, token)) == 0
        host_back(context)
        until(page, lambda: len(entries(app, token)) == 1)
        page.wait_for_url(board + "*")
    finally:
        context.close()


def test_a_refused_save_is_posted_once_and_said_beside_its_field(app, phone_context, live_url):
    page = phone_context.new_page()
    token, board = scorer.begin(page, live_url, "Egyszer", ["Anna", "Béla", "Csaba"], "ulti")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(board + "/hands/new")
    form_ready(page)
    page.get_by_test_id("preset-piros-passz").click()  # no declarer chosen
    posts.clear()
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("error-declarer")).to_be_visible()
    page.wait_for_timeout(300)
    assert [url for url in posts if "/preview" not in url] == [board + "/hands/queued"]
    assert entries(app, token) == []
