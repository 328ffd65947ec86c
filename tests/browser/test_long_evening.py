"""A long evening on a phone: the earlier hands are folded by ten and drawn when opened.

For every shipped ruleset of every registered game, at its largest table with long names,
an evening of 45 hands: the board draws the newest hands; the earlier ones wait in folds of ten.
Opening a fold draws its rows; a link to a folded hand (``#h5``, as the history page and
the form's "back" give) opens its fold and shows the row; the board live-refreshed on the
view link still folds and opens; and axe finds nothing with a fold open.
"""

from __future__ import annotations

import pytest

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import builtin_engine
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
    context.close()
