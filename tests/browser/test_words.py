"""Words a player trusts, on a phone: the explanation, the date, the rounding note."""

from __future__ import annotations

from playwright.sync_api import expect


def test_the_scoreboard_on_a_phone_reads_correct_hungarian(
    phone, app, client, live_url, session_body
):
    body = {
        **session_body,
        "date": "2026-12-01",
        "unit_value": {"amount": "1", "currency": "ft"},
        "hands": [
            {
                "players": ["Anna", "Béla", "Csaba"],
                "sitting_out": ["Dóra"],
                "declarer": "Anna",
                "colour": "piros",
                "components": [{"name": "ulti", "won": False, "kontra": 1}, {"name": "parti"}],
            }
        ],
    }
    body["hands"][0]["components"][1]["won"] = True
    created = client.post("/api/v1/sessions", json=body).get_json()
    token = created["view_url"].rsplit("/", 1)[1]
    phone.goto(f"{live_url}/s/{token}")
    header = phone.locator("[data-session]").inner_text()
    assert "2026. 12. 01." in header
    phone.locator("details.hand summary").first.click()
    text = phone.locator("body").inner_text()
    assert (
        "ulti bukott, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); mindkét védő 24-et kap" in text
    )
    # Anna −44, Béla +22, Csaba +22 units at 1 Ft; paid to the 5 Ft coin
    assert "Kerekítés a legkisebb címletre, a fizetéshez:" in text
    assert "HUF" in text  # "ft" as typed, a code in capitals as shown
    # the landing page lists the evening with its date as Hungarian writes it
    phone.goto(f"{live_url}/")
    recent = phone.locator("[data-recent-list]").inner_text()
    assert "2026. 12. 01." in recent


def test_a_german_phone_scores_a_hand_in_german(browser, client, live_url, session_body):
    """A browser set to German (Accept-Language de-DE) gets the pages in German, at 390 px,
    with nothing wider than the screen; game terms stay Hungarian, dates as German writes."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, locale="de-DE"
    )
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    body = {**session_body, "date": "2026-12-01"}
    created = client.post("/api/v1/sessions", json=body).get_json()
    edit = f"{live_url}/e/{created['edit_token']}"
    phone.goto(edit)
    assert phone.locator("html").get_attribute("lang") == "de"
    switch = phone.get_by_test_id("lang-de")
    assert switch.get_attribute("aria-current") == "true" and switch.inner_text() == "DE"
    assert phone.get_by_role("link", name="Deutsch").count() == 1
    assert "01.12.2026" in phone.locator("[data-session]").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_test_id("new-hand").click()
    phone.get_by_test_id("declarer-Béla").click()
    phone.get_by_test_id("preset-piros-passz").click()
    phone.get_by_test_id("preview-amount-Béla").get_by_text("+4").wait_for()
    form = phone.locator("body").inner_text()
    assert "Alleinspieler" in form and "Erklärung" in form and "Speichern" in form
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    with phone.expect_navigation():
        phone.get_by_test_id("save").click()
    assert "Spiel 1 gespeichert." in phone.locator(".flashes").inner_text()
    phone.locator("details.hand summary").first.click()
    text = phone.locator("body").inner_text()
    assert "parti gewonnen: 2 = 1 × 2 (piros); jeder Gegenspieler zahlt 2" in text
    assert "Wer zahlt wem" in text and "Felvevő" not in text and "Declarer" not in text
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_new_evening_page_says_the_chosen_game_s_way_round(phone, live_url):
    """Ulti's deal passes to the right, Skat's to the left: the last-declarer checkbox says
    the chosen game's (issue 35: Skat's said to the right)."""
    phone.goto(f"{live_url}/sessions/new?lang=en")
    right, left = (phone.locator(f'small[data-deal-passes="{way}"]') for way in ("right", "left"))
    expect(right).to_be_visible()
    expect(left).to_be_hidden()
    phone.get_by_test_id("ruleset-skat").click()
    expect(left).to_be_visible()
    expect(left).to_have_text("Otherwise the deal passes to the left.")
    expect(right).to_be_hidden()
    phone.get_by_test_id("ruleset-ulti").click()
    expect(right).to_be_visible()
