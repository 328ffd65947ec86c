"""The hand form in chromium: Back after saving, the keyboard, the presets, screen readers.

Each test starts a four-player table through the API (Anna deals the first hand and sits
out) and works the form as a scorer would, then checks the database through the ledger.
"""

import re

from playwright.sync_api import expect

PRESSED = '[data-preset][aria-pressed="true"]'


def open_form(page, table):
    page.goto(table.url + "/hands/new")
    page.wait_for_function("document.forms['hand-form'].elements.js.value === '1'")


def save(page):
    with page.expect_navigation():
        page.get_by_test_id("save").click()


def test_back_after_saving_shows_a_fresh_form_and_a_second_save_records_nothing(phone, table):
    # Hand 1: Béla's ulti in makk, lost.
    open_form(phone, table)
    for testid in ("declarer-Béla", "preset-ulti", "colour-makk", "won-ulti-lost"):
        phone.get_by_test_id(testid).click()
    save(phone)
    assert phone.url == table.url + "#h1"

    phone.go_back()  # the form again, drawn for hand 2: Béla deals and sits out
    phone.wait_for_load_state("load")
    phone.wait_for_timeout(300)  # chromium restores form state after the load event
    assert phone.locator("h1").inner_text() == "2. leosztás"
    assert phone.locator("[data-deal=dealer]").inner_text() == "Béla"
    assert phone.get_by_test_id("dealer-select").input_value() == "Béla"
    fields = phone.evaluate(
        """() => {
          const f = document.getElementById('hand-form');
          // a field that does not apply yet is still in its <template> (game_form.html)
          const parts = [f, ...Array.from(f.querySelectorAll('template'), (t) => t.content)];
          const on = (n) => parts.flatMap((p) =>
            Array.from(p.querySelectorAll(`[name="${n}"]:checked`)).map((i) => i.value));
          return {out: on('sitting_out'), declarer: on('declarer'), colour: on('colour'),
                  won: on('won-ulti'), contract: f.elements.contract.value};
        }"""
    )
    # nothing of hand 1's entries came back (the form has autocomplete="off")
    assert fields == {"out": ["Béla"], "declarer": [], "colour": [""], "won": ["1"], "contract": ""}
    assert phone.locator(PRESSED).count() == 0

    # Mentés on the fresh form: it asks for the declarer, in place, and records nothing
    phone.get_by_test_id("save").click()
    expect(phone.get_by_test_id("error-declarer")).to_be_visible()
    assert len(table.hands()) == 1


def test_entries_a_browser_restores_anyway_are_refused_by_the_server(phone, table):
    """A browser that ignores autocomplete="off" (here: the page served without it)."""

    def without_autocomplete(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace(' autocomplete="off"', ""))

    phone.route("**/hands/new", without_autocomplete)
    open_form(phone, table)
    for testid in ("declarer-Béla", "preset-ulti", "colour-makk", "won-ulti-lost"):
        phone.get_by_test_id(testid).click()
    save(phone)
    phone.go_back()
    phone.wait_for_load_state("load")
    phone.wait_for_timeout(300)
    assert phone.get_by_test_id("dealer-select").input_value() == "Anna"  # hand 1's, restored
    assert phone.locator("[data-deal=dealer]").inner_text() == "Béla"  # what the page says

    save(phone)
    assert phone.get_by_test_id("notice").inner_text().startswith("Nem mentettem")
    assert len(table.hands()) == 1
    # shown again as drawn: Béla deals and sits out, so he is no declarer
    assert phone.get_by_test_id("dealer-select").input_value() == "Béla"
    assert phone.locator('input[name="declarer"]:checked').count() == 0


def test_mindenki_passz_chooses_the_first_bidder_and_keeps_him(phone, table):
    """Only the first bidder throws in: the form makes that choice itself and says so."""
    open_form(phone, table)  # Anna deals and sits out: Béla bids first
    phone.get_by_test_id("declarer-Csaba").click()
    phone.get_by_test_id("preset-all-pass").click()
    declarer = phone.locator('input[name="declarer"]:checked')
    assert declarer.input_value() == "Béla"
    assert phone.locator("[data-deal=first]").inner_text() == "Béla"
    note = phone.get_by_test_id("forced-declarer")
    assert note.is_visible() and "csak az első licitáló" in note.inner_text()

    phone.get_by_test_id("declarer-Csaba").click()  # the scorer insists on another
    assert declarer.input_value() == "Béla"
    phone.get_by_test_id("outcome-played").click()  # the fact goes: the scorer's choice is back
    assert not note.is_visible()
    phone.get_by_test_id("preset-all-pass").click()
    save(phone)
    assert table.hand(1)["hand"]["declarer"] == "Béla"


FROM_CACHE = "window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))"


def test_a_page_from_the_back_forward_cache_is_loaded_afresh(phone, table):
    open_form(phone, table)
    phone.get_by_test_id("declarer-Béla").click()
    with phone.expect_navigation():  # as when chromium shows the page from its cache
        phone.evaluate(FROM_CACHE)
    phone.wait_for_function("document.forms['hand-form'].elements.js.value === '1'")
    assert phone.locator('input[name="declarer"]:checked').count() == 0

    phone.get_by_test_id("preset-piros-passz").click()
    phone.get_by_test_id("save").click()  # refused in place (the declarer is missing)
    expect(phone.get_by_test_id("error-declarer")).to_be_visible()
    assert phone.url == table.url + "/hands/new"  # no page answers a post: nothing to re-post
    with phone.expect_navigation():
        phone.evaluate(FROM_CACHE)
    assert phone.url == table.url + "/hands/new"
    assert table.hands() == []


def test_enter_on_a_declarer_chooses_no_preset_and_saves_only_a_complete_hand(phone, table):
    open_form(phone, table)
    radio = phone.locator('input[name="declarer"][value="Béla"]')
    radio.focus()
    phone.keyboard.press("Space")
    phone.keyboard.press("Enter")  # the game is still missing: nothing is chosen for it
    phone.wait_for_timeout(300)
    assert phone.url == table.url + "/hands/new"
    assert phone.locator(PRESSED).count() == 0
    assert phone.get_by_test_id("contract-select").input_value() == ""
    assert phone.evaluate("document.activeElement.dataset.preset") == "piros-passz"  # go on here
    assert table.hands() == []

    phone.keyboard.press("Enter")  # Enter on the focused preset chooses it, as a tap would
    phone.get_by_test_id("preview-amount-Béla").get_by_text("+4").wait_for()
    radio.focus()
    with phone.expect_navigation():
        phone.keyboard.press("Enter")  # a complete hand: Enter saves it
    [entry] = table.hands()
    assert entry["hand"]["colour"] == "piros" and entry["hand"]["declarer"] == "Béla"


def test_enter_without_the_script_is_save_not_a_preset(browser, table):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(table.url + "/hands/new")
    page.get_by_test_id("declarer-Béla").click()
    page.locator('input[name="declarer"][value="Béla"]').focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.get_by_test_id("error-contract").is_visible()  # Save: the game is missing
    assert page.locator(PRESSED).count() == 0
    context.close()
    assert table.hands() == []


def test_only_the_chosen_preset_looks_chosen(phone, table):
    open_form(phone, table)
    phone.get_by_test_id("declarer-Béla").click()
    phone.get_by_test_id("preset-piros-passz").click()
    assert [b.get_attribute("data-preset") for b in phone.locator(PRESSED).all()] == ["piros-passz"]
    phone.get_by_test_id("colour-zold").click()
    assert [b.get_attribute("data-preset") for b in phone.locator(PRESSED).all()] == ["passz"]
    phone.get_by_test_id("preset-all-pass").click()
    assert [b.get_attribute("data-preset") for b in phone.locator(PRESSED).all()] == ["all-pass"]


def test_every_group_of_choices_has_a_name_a_screen_reader_says(phone, table):
    open_form(phone, table)
    phone.get_by_test_id("declarer-Béla").click()
    phone.get_by_test_id("preset-piros-passz").click()
    group = phone.get_by_role("radiogroup", name="csendes 100", exact=True)
    for name in ("nincs", "felvevő", "védők"):  # the "—" chip is read as "nincs"
        assert group.get_by_role("radio", name=name, exact=True).count() == 1
    for title in ("csendes ulti", "csendes négy ász", "csendes durchmars"):
        assert phone.get_by_role("radiogroup", name=title, exact=True).count() == 1
    silent_ulti = phone.get_by_role("radiogroup", name="csendes ulti: megvan vagy bukott")
    assert silent_ulti.get_by_role("radio").count() == 2
    # made or lost, and the kontra, are two groups of the component, each named
    snapshot = phone.locator("#f-won-parti").aria_snapshot()
    assert re.search(r"""radiogroup "parti: megvan vagy bukott"'?:\s+- radio "✓ megvan""", snapshot)
    snapshot = phone.locator("#f-kontra-parti").aria_snapshot()
    assert re.search(r'radiogroup "parti kontra":\s+- radio "nincs"', snapshot)
    kontra = phone.get_by_role("radiogroup", name="parti kontra", exact=True)
    assert kontra.get_by_role("radio").count() == 5

    phone.get_by_test_id("preset-betli").click()  # a kontra per defender, by name
    for defender in ("Csaba", "Dóra"):
        group = phone.get_by_role("radiogroup", name=f"betli {defender} kontrája", exact=True)
        assert group.get_by_role("radio", name="kontra", exact=True).count() == 1


def test_a_hand_filled_tap_by_tap_logs_no_error_and_says_what_is_missing(phone, table):
    """Issue 35: the preview answered 422 while the form was still being filled (16
    console errors in an evening). Now every preview is a 200; a contract chosen before
    its colour asks for the colour, and the console stays clean."""
    errors, statuses = [], []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.on(
        "response",
        lambda r: statuses.append(r.status) if r.url.endswith("/preview") else None,
    )
    open_form(phone, table)
    for testid in ("declarer-Béla", "preset-ulti"):
        phone.get_by_test_id(testid).click()
    hint = phone.get_by_test_id("preview-hint")
    expect(hint).to_have_attribute("data-status", "incomplete")
    for testid in ("colour-makk", "won-ulti-lost"):
        phone.get_by_test_id(testid).click()
    expect(phone.get_by_test_id("preview-title")).to_have_attribute("data-status", "complete")
    phone.wait_for_timeout(300)  # the last preview's answer, if one is still coming
    assert statuses and set(statuses) == {200}, statuses
    assert errors == []
