"""A long evening on a phone: the earlier hands are folded by ten and drawn when opened.

For every shipped ruleset of every registered game, at its largest table with long names,
an evening of 45 hands: the board draws the newest hands; the earlier ones wait in folds of ten.
Opening a fold draws its rows (asked from the server); a link to a folded hand (``#h5``, as
the history page and the form's "back" give) opens its fold and shows the row; and axe finds
nothing with a fold open. The rows the page asked once it was ready still open a fold
after the network drops (every request of the app aborted), and so do those the copy kept
for offline use carries (the page the service worker gives when the host is gone), and
those a board drawn anew by the live update asks again.
"""

from __future__ import annotations

import pytest

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.views.sheet import DRAWN, FOLD

from .test_accessibility import violations

NAMES = (
    "Kovács-Szabó Anna",
    "Kovács-Szabó Árpád",
    "Szentgyörgyi Annamária",
    "Friedrich-Wilhelm Hohenzollern",
    "Őrszentmiklósi Ünőkő Zsófia",
)
HANDS = 45


@pytest.mark.parametrize("ruleset", sorted(builtin_engine().rulesets))
def test_a_long_evenings_folds_open_on_a_tap_and_by_a_link(app, browser, live_url, ruleset):
    seats = NAMES[: builtin_engine().rulesets[ruleset].seating({}).largest]
    with app.app_context():
        body = samples.random_session(seats, HANDS, seed=3, name="Hosszú", ruleset=ruleset)
        session = ledger.create_session(body)
        edit, view = session.edit_token, session.view_token

    # bypass_csp: axe is added as an inline script, which the pages' policy forbids
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        service_workers="block",
        bypass_csp=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_url}/e/{edit}")
    folds = (HANDS - DRAWN) // FOLD  # the newest DRAWN (and the rest of their ten) drawn
    assert page.locator("details.fold").count() == folds
    assert page.locator(f"#h{folds * FOLD + 1}").is_visible() and page.locator("#h1").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_test_id("fold-1").click()
    page.locator("#h1").wait_for()
    assert page.locator("#h10").is_visible() and page.locator("#h11").count() == 0
    assert page.locator("details.fold .fold-all").count() == folds - 1  # the opened one's went
    assert violations(page) == []

    # a link to a folded hand (the history page's, the form's "back") opens its fold
    for base in (f"{live_url}/e/{edit}", f"{live_url}/s/{view}"):
        page.goto(f"{base}#h15")
        page.locator("#h15").wait_for()
        assert page.locator("#fold-11").get_attribute("open") is not None
        assert page.locator("#h15").is_visible()

    # the folds' rows, asked once the page is ready, open a fold after the network drops
    with page.expect_response(lambda r: r.url.endswith("?folds=json")) as asked:
        page.goto(f"{live_url}/e/{edit}")
    assert asked.value.ok and page.locator("#h1").count() == 0
    context.route("**/*", lambda route: route.abort())
    page.get_by_test_id("fold-11").click()
    page.locator("#h20").wait_for()
    assert page.locator("#h11").is_visible() and page.locator("#h1").count() == 0
    context.unroute("**/*")

    # the copy kept for offline use carries every fold's rows: served as the service worker
    # serves it with the host gone (its files from the worker's cache), no request opens one
    kept = page.request.get(f"{live_url}/s/{view}", headers={"X-Offline-Copy": "1"}).text()
    asked = []

    def host_gone(route):
        if "/static/" in route.request.url:
            route.continue_()
        elif route.request.url == f"{live_url}/s/{view}":
            route.fulfill(body=kept, content_type="text/html")
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", host_gone)
    page.goto(f"{live_url}/s/{view}")
    page.get_by_test_id("fold-1").click()
    page.locator("#h1").wait_for()
    assert page.locator("#h10").is_visible()
    assert not [url for url in asked if "folds=" in url], asked
    context.close()


def first_ruleset(game: str) -> str:
    return next(r for r, rs in sorted(builtin_engine().rulesets.items()) if rs.scorer == game)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_board_drawn_anew_live_still_opens_its_folds_after_the_network_drops(
    app, browser, live_url, game
):
    """A viewer's board is drawn anew when another phone saves a hand (live.js); the
    folds' rows it had asked belonged to the old board, so the new one asks its own at
    once: a fold opened after the network drops then shows its hands, not a link."""
    ruleset = first_ruleset(game)
    seats = NAMES[: builtin_engine().rulesets[ruleset].seating({}).largest]
    with app.app_context():
        body = samples.random_session(seats, HANDS, seed=4, name="Élő", ruleset=ruleset)
        session = ledger.create_session(body)
        view, session_id = session.view_token, session.id
        more = samples.random_session(seats, 1, seed=5, name="x", ruleset=ruleset)["hands"][0]
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(15_000)
    with page.expect_response(lambda r: r.url.endswith("?folds=json")):
        page.goto(f"{live_url}/s/{view}")
    assert page.locator(f"#h{HANDS + 1}").count() == 0
    with app.app_context():  # another phone saves a hand
        ledger.add_hand(ledger.get_session(session_id), more)
    with page.expect_response(lambda r: r.url.endswith("?folds=json")) as asked:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # poll now
        page.locator(f"#h{HANDS + 1}").wait_for()  # the board drawn anew
    assert asked.value.ok
    context.route("**/*", lambda route: route.abort())
    page.get_by_test_id("fold-1").click()
    page.locator("#h1").wait_for()
    assert page.locator("#h10").is_visible()
    assert page.locator("#fold-1 .fold-all").count() == 0
    context.close()
