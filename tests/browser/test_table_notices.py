"""Small things a table notices (issue 10, point 6), on a 390 px phone in chromium:
who-pays-whom copied as text, the newest hand marked after a live refresh, and the row
an edit returns to shown below the sticky head of the sheet."""

from __future__ import annotations

from testkit import samples
from tests.ui_helpers import SETTLE_HANDS
from ulti_ledger import ledger, rotation

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


def parti_evening(hands: int) -> list[dict]:
    """``hands`` piros passz hands, each won by the rotation's first bidder."""
    out = []
    for number in range(hands):
        deal = rotation.deal(SEATS, SEATS[number % len(SEATS)])
        out.append(
            {
                "players": list(deal.players),
                "sitting_out": list(deal.sitting_out),
                "declarer": deal.players[number % 3],
                "colour": "piros",
                "components": [{"name": "parti", "won": number % 4 != 1}],
            }
        )
    return out


def create(app, **body):
    with app.app_context():
        session = ledger.create_session(samples.session_body(**body))
        return session.edit_token, session.view_token


def expected_text(app, edit, method, banker=None):
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        transfers = ledger.session_settlement(session, method, banker)["transfers"]
    return [f"{t['from']} → {t['to']}: {t['amount']} HUF" for t in transfers]


def test_copy_who_pays_whom_as_text_on_a_phone(app, browser, live_url):
    edit, view = create(app, name="Péntek este", date="2026-11-27", hands=SETTLE_HANDS)
    context = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_url}/s/{view}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        button = page.get_by_test_id("copy-transfers")
        assert button.is_visible() and button.inner_text() == "Másolás szövegként"
        button.tap()
        page.get_by_test_id("copy-status").get_by_text("Másolva").wait_for()
        copied = page.evaluate("navigator.clipboard.readText()")
        lines = copied.split("\n")
        assert lines[:2] == ["Péntek este, 2026. 11. 27.", "Ki kinek fizet (legkevesebb átutalás):"]
        assert lines[2:] == expected_text(app, edit, "minimal")
        assert copied == page.get_by_test_id("transfers-text").input_value()

        # another method on the page: the text follows it
        with page.expect_navigation():
            page.get_by_test_id("method-pairwise").tap()
        page.get_by_test_id("copy-transfers").tap()
        page.get_by_test_id("copy-status").get_by_text("Másolva").wait_for()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.split("\n")[1] == "Ki kinek fizet (páronként):"
        assert copied.split("\n")[2:] == expected_text(app, edit, "pairwise")

        # without the Clipboard API (http on the home Wi-Fi): the selection is copied
        bare = context.new_page()
        bare.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
        bare.goto(f"{live_url}/s/{view}?method=banker&banker=D%C3%B3ra&lang=en")
        assert bare.evaluate("navigator.clipboard") is None
        bare.get_by_test_id("copy-transfers").tap()
        bare.get_by_test_id("copy-status").get_by_text("Copied").wait_for()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.split("\n")[1] == "Who pays whom (everyone with one banker, banker: Dóra):"
        assert copied.split("\n")[2:] == expected_text(app, edit, "banker", "Dóra")
    finally:
        context.close()


def test_without_a_script_the_text_is_there_to_select(app, browser, live_url):
    edit, view = create(app, name="Péntek este", hands=SETTLE_HANDS)
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_url}/s/{view}")
        box = page.get_by_test_id("transfers-text")
        assert box.is_visible()
        assert box.input_value().split("\n")[2:] == expected_text(app, edit, "minimal")
        assert not page.get_by_test_id("copy-transfers").is_visible()  # it needs the script
    finally:
        context.close()


def test_the_newest_hand_stays_marked_after_a_live_refresh(app, client, phone, live_url):
    hands = parti_evening(3)
    edit, view = create(app, hands=hands[:2])
    phone.goto(f"{live_url}/s/{view}")
    assert phone.locator("details.hand-last").get_attribute("id") == "h2"
    assert phone.locator("#h2 [data-testid=last-hand]").is_visible()
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        assert ledger.add_hand(session, hands[2]) == 3
    phone.locator("details#h3.hand-last").wait_for(timeout=20_000)  # the poller's refresh
    assert phone.locator("details.hand-last").count() == 1
    assert phone.locator("#h3 [data-testid=last-hand]").is_visible()
    background = phone.locator("#h3 > summary").evaluate("e => getComputedStyle(e).boxShadow")
    assert background != "none"
    assert phone.locator("#h2 > summary").evaluate("e => getComputedStyle(e).boxShadow") == "none"


def test_after_saving_an_edit_the_row_is_below_the_sticky_head(app, phone, live_url):
    edit, _ = create(app, hands=parti_evening(16))
    phone.goto(f"{live_url}/e/{edit}/hands/12/edit")
    with phone.expect_navigation():
        phone.get_by_test_id("save").click()
    assert phone.url.endswith("#h12")
    phone.wait_for_function("window.scrollY > 0")
    head = phone.locator(".sheet-head").bounding_box()
    row = phone.locator("#h12").bounding_box()
    assert head["y"] <= 1  # the head is stuck to the top of the screen
    assert row["y"] >= head["y"] + head["height"], (row, head)
    assert row["y"] + row["height"] <= 844  # and the row is on the screen


FITS = """() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll('.house-rule, .house-rule *')]
        .filter(e => e.getBoundingClientRect().right > root.clientWidth + 0.5)
        .map(e => e.tagName + '.' + e.className);
    return {scroll: root.scrollWidth, client: root.clientWidth, wide: wide.slice(0, 5)};
}"""


def test_the_house_rules_fit_a_phone_and_speak_a_players_words(browser, live_url):
    for script in (True, False):
        context = browser.new_context(**PHONE, java_script_enabled=script)
        try:
            page = context.new_page()
            page.goto(f"{live_url}/sessions/new")
            page.get_by_test_id("house-rules").click()
            for ruleset in ("ulti", "ulti-szinlicites"):
                if script:
                    page.get_by_test_id(f"ruleset-{ruleset}").click()
                options = page.locator(f'[data-ruleset-options="{ruleset}"]')
                assert options.is_visible()
                assert options.locator(".house-rule").count() > 10
                fit = page.evaluate(FITS)
                assert fit["scroll"] <= fit["client"] and fit["wide"] == [], (script, fit)
            testid = "choice-four_player_dealer-pays_as_defender"
            dealer = page.locator(f'[data-testid="{testid}"]:visible').first
            dealer.click()
            assert dealer.locator("input").is_checked()
            assert "harmadik védő" in dealer.inner_text()
        finally:
            context.close()


def test_the_landing_page_lists_each_evening_once_with_its_kind_of_link(app, phone, live_url):
    mine, _ = create(app, name="Péntek este", hands=SETTLE_HANDS[:1])
    _, theirs = create(app, name="Szombat este")
    phone.goto(f"{live_url}/e/{mine}")  # this browser scores Péntek (cookie and device)
    phone.goto(f"{live_url}/s/{theirs}")  # and only watches Szombat (this device only)
    phone.goto(live_url)
    recent = phone.locator("[data-recent]")
    assert recent.is_visible()
    item = recent.locator(".recent-item")
    assert item.count() == 1 and "Péntek este" in item.inner_text()
    assert item.get_by_text("szerkesztés").get_attribute("href") == f"/e/{mine}"
    assert item.get_by_text("csak nézés").is_visible()
    watched = recent.locator(".recent-link")
    assert watched.count() == 1  # Péntek is not listed twice
    assert "Szombat este" in watched.inner_text() and "csak nézés" in watched.inner_text()
    assert watched.get_attribute("href").endswith(f"/s/{theirs}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
