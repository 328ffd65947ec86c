"""The payment QR in a phone's browser: reached by keyboard, full screen when opened,
closed again, within 390 px, and axe finds nothing on it or on the bank details page."""

from __future__ import annotations

import pytest

from testkit import samples
from tests.browser.test_accessibility import LANGUAGES, violations
from ulti_ledger import ledger

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")


@pytest.fixture
def phone(browser):
    """A phone-sized page that lets axe in (the app's policy forbids inline scripts)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def evening(app):
    body = samples.random_session(SEATS, 8, seed=3, name="Keddi este", ruleset="ulti")
    body["date"] = "2026-12-05"
    body["unit_value"] = {"amount": "10", "currency": "HUF"}
    with app.app_context():
        session = ledger.create_session(body)
        t = ledger.session_summary(session)["totals"]["transfers"][0]
        ledger.set_payee_account(
            session, SEATS, t["to"], "Kovács Béla", "HU42117730161111101800000000"
        )
        return session.edit_token, session.view_token, t


def test_the_qr_opens_full_screen_by_keyboard_and_closes(phone, live_url, evening):
    _, view, t = evening
    phone.goto(f"{live_url}/s/{view}")
    opener = phone.get_by_test_id(f"bank-qr-{t['from']}-{t['to']}")
    full = phone.get_by_test_id(f"bank-qr-full-{t['from']}-{t['to']}")
    assert full.is_hidden()
    opener.focus()
    phone.keyboard.press("Enter")
    full.wait_for(state="visible")
    box = full.locator("svg").bounding_box()
    assert box["width"] >= 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert violations(phone) == []
    full.get_by_test_id("bank-qr-close").focus()
    phone.keyboard.press("Enter")
    full.wait_for(state="hidden")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bank_page_and_the_boards_with_codes_are_axe_clean_at_390_px(
    phone, live_url, evening, lang
):
    edit, view, _ = evening
    for path in (f"/e/{edit}/bank", f"/e/{edit}", f"/s/{view}"):
        phone.goto(f"{live_url}{path}?lang={lang}")
        assert violations(phone) == [], path
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390, path
