"""Pages a phone (390 px) must show whole: nothing wider than the screen, nothing on top of
something else. Each test builds what the QA tester found too wide and measures the boxes.
"""

from __future__ import annotations

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.words.name_labels import labels

LONG = "A" * 80  # the longest name a session takes, without a single space
ACCENTED = [
    "Kovácsné Szűcs Erzsébet",
    "Kovácsné Szűcs Eszter",
    "Őrszentmiklósi Ünőkő Zsófia",
    "Árvíztűrő Tükörfúrógépű Ödön",
]


SHOWN_NAME = """e => {
    const name = e.querySelector('.pname');
    const shown = name.classList.contains('is-short') ? name.querySelector('.pn-short') : name;
    return (shown.querySelector('.pn-full') || shown).textContent.replace(/\\s+/g, ' ').trim();
}"""
"""What a player's name (macros.html ``player_name``) shows: the whole name, or its initials."""


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


def within(inner, outer) -> bool:
    """Whether a bounding box lies across inside another (left and right edges)."""
    left, right = outer["x"], outer["x"] + outer["width"]
    return left <= inner["x"] and inner["x"] + inner["width"] <= right


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


def card_overflows(page) -> list[str]:
    """Each total card whose content is wider or taller than the card, or leaves it."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.balances .balance')].flatMap(card => {
            const edge = card.getBoundingClientRect();
            const out = [...card.children].filter(part => {
                const r = part.getBoundingClientRect();
                return r.left < edge.left || r.right > edge.right || r.bottom > edge.bottom;
            }).map(part => card.dataset.testid + ' ' + part.className + ': ' + part.textContent);
            if (card.scrollWidth > card.clientWidth) out.push(card.dataset.testid + ' scrolls');
            return out;
        })"""
    )


def test_the_total_cards_hold_long_names_and_large_amounts(app, browser, live_url):
    # 300 hands at 12 345,67 EUR a unit: units up to −1634, amounts of eight digits.
    large = samples.random_session(tuple(ACCENTED), 300, seed=7, name="Szezon")
    large["unit_value"] = {"amount": "12345.67", "currency": "EUR"}
    # The QA tester's evening: 60 hands at 2,5 EUR, "−144" and "−360,0 …" on a phone.
    sixty = samples.random_session(tuple(ACCENTED), 60, seed=7, name="Hatvan")
    sixty["unit_value"] = {"amount": "2.5", "currency": "EUR"}
    boards = []
    with app.app_context():
        for body in (large, sixty):
            boards.append(f"{live_url}/s/{ledger.create_session(body).view_token}")
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = context.new_page()
        for board in boards:
            page.goto(board)
            cards = page.locator(".balances .balance")
            assert cards.count() == 4
            assert card_overflows(page) == []
            assert page_width(page) <= width
            tops = {round(cards.nth(i).bounding_box()["y"]) for i in range(4)}
            assert len(tops) == 1  # four across, on a phone too
            short = labels(ACCENTED, 0)
            for name in ACCENTED:  # every name whole or by its initials: no "…", nothing clipped
                who = page.get_by_test_id(f"balance-{name}").locator(".who")
                shown = who.evaluate(SHOWN_NAME)
                assert shown == name or (width == 390 and shown == short[name]), shown
                tip = who.locator(".pname").get_attribute("popovertarget")  # a tap shows it
                assert page.locator(f"#{tip}").text_content() == name
                assert who.evaluate("e => getComputedStyle(e).textOverflow") != "ellipsis"
                assert who.evaluate("e => e.scrollWidth <= e.clientWidth")
            money = page.locator(".balances .money").first.inner_text()
            assert "," in money and money.split(",")[1][:2].isdigit()  # two decimals
        if width == 1280:  # room enough: no name takes more than two lines
            for name in ACCENTED:
                who = page.get_by_test_id(f"balance-{name}").locator(".who")
                line = who.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
                assert who.bounding_box()["height"] <= 2 * line + 1
        context.close()


def test_the_group_page_fits_a_phone(app, phone, live_url):
    seats = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
    views = []
    with app.app_context():
        for seed, players in ((1, seats[:4]), (2, seats[1:]), (3, seats[:3])):
            body = samples.random_session(players, 20, seed=seed, name=f"Péntek {seed}")
            views.append(ledger.create_session(body).view_token)
    phone.goto(f"{live_url}/group?" + "&".join(f"s={v}" for v in views))
    assert page_width(phone) <= 390  # the page never scrolls sideways
    card = box(phone, ".group-page")
    assert card["x"] >= 0 and card["x"] + card["width"] <= 390
    assert within(box(phone, '[data-testid="group-evenings"]'), card)
    balances = phone.get_by_test_id("group-balances")
    assert within(balances.bounding_box(), card)
    cards = balances.locator(".member-card")
    assert cards.count() == 5  # a card per player
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    for upper, lower in zip(boxes, boxes[1:], strict=False):
        assert upper["y"] + upper["height"] <= lower["y"] + 0.5  # each below the one before
    for i in range(cards.count()):  # the name and the money side by side, never on top
        name = cards.nth(i).locator(".member-name").bounding_box()
        money = cards.nth(i).locator(".member-money").bounding_box()
        assert not overlap(name, money) and within(money, boxes[i])
    text = phone.locator(".group-page").inner_text()
    assert "\u2212" in text and not any(f"-{d}" in text for d in "0123456789")


def test_the_group_page_is_reached_from_the_scoreboard(app, phone, live_url):
    edit, view = create(app, name="Péntek")
    second, _ = create(app, name="Szombat")
    phone.goto(f"{live_url}/e/{edit}")
    with phone.expect_navigation():
        phone.get_by_test_id("group-link").click()
    assert phone.url.endswith(f"/group?s={view}")
    phone.get_by_test_id("group-add").fill(f"{live_url}/e/{second}")
    with phone.expect_navigation():
        phone.get_by_test_id("group-add-button").click()
    assert "Szombat" in phone.locator(".group-page").inner_text()
    assert second not in phone.url and phone.url.count("s=") == 2
    assert page_width(phone) <= 390


def test_the_admin_page_fits_a_phone_and_asks_before_deleting(app, browser, live_url):
    app.config["ADMIN_PASSWORD"] = "correct horse battery staple"
    create(app, players=[LONG, *ACCENTED[:3]], name="Öten, hosszú nevekkel " * 5)
    edit, _ = create(app, name="Péntek", place="Béláéknál")
    with app.app_context():
        session_id = ledger.session_by_token(edit, "edit").id
    credentials = {"username": "admin", "password": app.config["ADMIN_PASSWORD"]}
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, http_credentials=credentials
    )
    page = context.new_page()
    page.goto(f"{live_url}/admin/")
    assert page_width(page) <= 390
    buttons = page.locator('[data-testid^="admin-delete-"]')
    assert buttons.count() == 2
    for index in range(buttons.count()):
        button = buttons.nth(index).bounding_box()
        assert 0 <= button["x"] and button["x"] + button["width"] <= 390
        assert button["height"] >= 40  # a thumb's target
    with page.expect_navigation():
        page.get_by_test_id(f"admin-delete-{session_id}").click()
    assert "törlése" in page.locator("h1").inner_text() and page_width(page) <= 390
    with app.app_context():
        assert ledger.list_sessions(deleted=True) == []  # the question deleted nothing
    with page.expect_navigation():
        page.get_by_test_id("confirm-delete").click()
    assert page.get_by_test_id(f"admin-restore-{session_id}").is_visible()
    with app.app_context():
        assert [s["id"] for s in ledger.list_sessions(deleted=True)] == [session_id]
    context.close()
