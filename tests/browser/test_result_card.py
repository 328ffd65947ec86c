"""The result card's buttons in a phone's browser: named for the ear, one tap shares the
picture where the browser shares files, and downloads it where it does not; the text
button shares the card's text."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from testkit import samples
from tests.browser.test_accessibility import LANGUAGES, violations
from ulti_ledger import groups, ledger

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
NAMES = {"en": "Share the result card", "hu": "Eredménykártya megosztása"}
SHARER = """() => {
  window.shared = [];
  navigator.canShare = (data) => !!(data && data.files && data.files.length);
  navigator.share = (data) => {
    const file = data.files && data.files[0];
    window.shared.push({ name: file ? file.name : null, type: file ? file.type : null,
                         size: file ? file.size : 0, text: data.text, title: data.title });
    return Promise.resolve();
  };
}"""
"""What a phone's browser offers (Web Share API level 2), recorded instead of a share sheet."""


@pytest.fixture
def tokens(app):
    body = samples.random_session(SEATS, 8, seed=3, name="Keddi este", ruleset="ulti")
    body["date"] = "2026-12-05"
    with app.app_context():
        session = ledger.create_session(body)
        group = groups.create_group("Keddi kör", None, None)
        groups.add_evening(group, session)
        return {"evening": f"/s/{session.view_token}", "group": f"/g/{group.view_token}"}


@pytest.mark.parametrize("where", ["evening", "group"])
def test_without_file_sharing_the_button_downloads_the_picture(phone, live_url, tokens, where):
    phone.goto(f"{live_url}{tokens[where]}?lang=en")
    button = phone.get_by_role("link", name=NAMES["en"])
    assert button.count() == 1
    with phone.expect_download() as download:
        button.click()
    saved = download.value
    assert saved.suggested_filename.endswith(".png")
    with open(saved.path(), "rb") as file:
        image = Image.open(io.BytesIO(file.read()))
    assert image.format == "PNG" and image.size[0] == 1080


def test_with_file_sharing_one_tap_shares_the_picture_and_its_text(phone, live_url, tokens):
    phone.add_init_script(f"({SHARER})()")
    phone.goto(f"{live_url}{tokens['evening']}")  # Hungarian, the default; the view link
    # opens "who pays whom" already
    phone.get_by_role("link", name=NAMES["hu"]).click()
    phone.get_by_test_id("card-status").filter(has_text="Megosztva").wait_for()
    (shared,) = phone.evaluate("() => window.shared")
    assert shared["type"] == "image/png" and shared["name"].endswith(".png")
    assert shared["size"] > 10_000
    assert shared["text"].startswith("Keddi este") and "Végeredmény" in shared["text"]
    assert all(name in shared["text"] for name in SEATS)
    # the text button shares the text alone
    phone.get_by_test_id("share-card-text").click()
    phone.wait_for_function("() => window.shared.length === 2")
    text_only = phone.evaluate("() => window.shared[1]")
    assert text_only["name"] is None and text_only["text"] == shared["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_around_the_share_buttons(browser, live_url, tokens, lang):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        for where in ("evening", "group"):
            page.goto(f"{live_url}{tokens[where]}?lang={lang}")
            button = page.get_by_test_id("share-card")
            assert button.is_visible()
            box = button.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            assert violations(page) == [], where
    finally:
        context.close()
