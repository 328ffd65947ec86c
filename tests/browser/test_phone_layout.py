"""Pages a phone (390 px) must show whole: nothing wider than the screen, nothing on top of
something else. Each test builds what the QA tester found too wide and measures the boxes.
"""

from __future__ import annotations

from ulti_ledger import ledger, samples

LONG = "A" * 80  # the longest name a session takes, without a single space
ACCENTED = [
    "Kovácsné Szűcs Erzsébet",
    "Kovácsné Szűcs Eszter",
    "Őrszentmiklósi Ünőkő Zsófia",
    "Árvíztűrő Tükörfúrógépű Ödön",
]


def page_width(page) -> int:
    """How wide the page is drawn: more than the viewport means it scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth")


def box(page, selector):
    found = page.locator(selector)
    assert found.count() == 1, selector
    return found.bounding_box()


def overlap(a, b) -> bool:
    """Whether two bounding boxes share any area."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def create(app, **body):
    with app.app_context():
        session = ledger.create_session({**samples.session_body(), **body})
        return session.edit_token, session.view_token


def test_a_long_earlier_name_stays_inside_the_new_evening_form(app, phone, live_url):
    edit, _ = create(app, players=[LONG, "Béla", "Csaba", "Dóra"])
    phone.goto(f"{live_url}/e/{edit}")  # this phone scored that evening
    phone.goto(f"{live_url}/sessions/new")
    chips = phone.locator(".quick-pick .chip-button")
    assert chips.count() == 4 and phone.locator(".quick-pick").is_visible()
    assert page_width(phone) <= 390
    start = box(phone, '[data-testid="create-session"]')
    for index in range(chips.count()):
        chip = chips.nth(index).bounding_box()
        assert chip["x"] >= 0 and chip["x"] + chip["width"] <= 390, chips.nth(index).inner_text()
        assert not overlap(chip, start)
    long_chip = phone.locator(f'.chip-button[data-name="{LONG}"]')
    assert long_chip.get_attribute("title") == LONG  # the whole name, on a long press
    long_chip.click()  # and a tap still puts the whole name in the first empty seat
    assert phone.get_by_test_id("player-0").input_value() == LONG
