"""The scorer with a keyboard and the player with a screen reader, on a long evening.

The new hand is the first stop of the Tab key at any length of evening; after saving, the
saved row has the focus and a status region says the notice; the accessibility tree of a
scoresheet row gives each amount with its player and says which is the hand's and which
the running total.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.words.i18n import signed

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def forty_hands(app) -> tuple[str, dict]:
    """A 40-hand evening of the first game: its edit token and its scoreboard summary."""
    with app.app_context():
        body = samples.random_session(SEATS, 40, seed=40, name="Negyven")
        session = ledger.create_session(body)
        return session.edit_token, ledger.session_summary(session)


def test_the_new_hand_is_within_five_tabs_and_saving_returns_focus_and_says_so(
    app, browser, live_url
):
    edit, summary = forty_hands(app)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_url}/e/{edit}")
    presses = 0
    for presses in range(1, 6):  # noqa: B007  (how many it took is checked below)
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.href || ''").endswith("/hands/new"):
            break
    else:
        raise AssertionError("the new hand is more than 5 Tab presses from the top")
    focused = page.evaluate("document.activeElement.textContent")
    assert presses <= 5 and "Új leosztás" in focused
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith("/hands/new")

    declarer = summary["next"]["first_bidder"]
    page.get_by_test_id(f"declarer-{declarer}").focus()
    page.keyboard.press("Space")
    page.get_by_test_id("preset-piros-passz").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id(f"preview-amount-{declarer}").get_by_text("+4").wait_for()
    with page.expect_navigation():
        page.get_by_test_id("save").press("Enter")

    assert page.url.endswith("#h41")
    expect(page.locator("#h41 > summary")).to_be_focused()
    # the notice comes into the status region after the page loaded: a screen reader says it
    announcer = page.get_by_test_id("announcer")
    assert announcer.get_attribute("role") == "status"
    expect(announcer).to_have_text("A 41. leosztás elmentve.")
    # the keyboard goes on from the saved row: a step back is the hand before it
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#h40 > summary")).to_be_focused()
    context.close()


def test_a_scoresheet_row_reads_each_amount_with_its_player(app, browser, live_url):
    edit, summary = forty_hands(app)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for lang, change, total in (
        ("hu", "ebben a leosztásban:", "összesen:"),
        ("en", "this hand:", "in total:"),
    ):
        page.goto(f"{live_url}/e/{edit}?lang={lang}")
        page.get_by_test_id("fold-1").click()  # hands 1-10 are folded (views/sheet.py)
        page.locator("#h1").wait_for()
        for number in (1, 40):
            hand = summary["hands"][number - 1]
            tree = page.locator(f"#h{number} > summary").aria_snapshot()
            spoken = re.sub(r"\s+([,;])", r"\1", re.sub(r"\s+", " ", tree))
            for name in SEATS:
                said = (
                    f"{name}, {change} {signed(hand['changes'][name])}, "
                    f"{total} {signed(hand['totals'][name])}"
                )
                assert said in spoken, (said, tree)
        # the names over the columns are no longer hidden from the accessibility tree
        head = page.locator(".sheet-head").aria_snapshot()
        assert all(name in head for name in SEATS)
    # the links each row repeats say which hand they act on
    page.locator("#h40 > summary").click()
    for word in ("Edit", "Delete…", "History"):
        assert page.get_by_role("link", name=f"{word} 40", exact=True).count() == 1
    context.close()
