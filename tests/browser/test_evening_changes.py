"""The evening changes after it started, on a phone (390 px): issue 10's must-shows.

The scorer changes the stake and the house rules mid-evening (the earlier hands kept, or
re-settled, checked in the totals), renames a player, seats a fifth player after hand 3
and lets one go after hand 6; the dealer and who sits out are checked on every later
hand, as the form proposes it and as the ledger stored it.
"""

import re

import pytest

MINUS = "\u2212"
DEALER_PAYS = '[data-ruleset-options="ulti"] [data-testid$="four_player_dealer-pays_as_defender"]'


def units(text):
    return int(text.strip().replace(MINUS, "-").replace("+", ""))


def balances(page, names):
    return {
        name: units(page.get_by_test_id(f"balance-{name}").locator(".units").inner_text())
        for name in names
    }


def enter_proposed_hand(page, board, dealer, out):
    """The new-hand form proposes ``dealer`` and ``out`` sitting out: check, then record a
    piros passz won by the proposed first bidder. Returns the first bidder."""
    page.goto(board + "/hands/new")
    assert page.locator('[data-deal="dealer"]').inner_text() == dealer
    if out:
        shown = page.locator('[data-deal="out"]').inner_text().split(", ")
        assert sorted(shown) == sorted(out)  # the form lists them in seating order
    first = page.locator('[data-deal="first"]').inner_text()
    page.get_by_test_id(f"declarer-{first}").click()
    page.get_by_test_id("preset-piros-passz").click()
    with page.expect_navigation():
        page.get_by_test_id("save").click()
    assert page.get_by_test_id("preview-error").count() == 0, page.content()
    return first


def open_settings(page, board):
    page.goto(board)
    with page.expect_navigation():
        page.get_by_test_id("evening-settings").click()


def play_three(page, table):
    for dealer, out in (("Anna", ["Anna"]), ("Béla", ["Béla"]), ("Csaba", ["Csaba"])):
        enter_proposed_hand(page, table.url, dealer, out)


@pytest.mark.parametrize("choice", ["keep", "resettle"])
def test_the_stake_and_the_house_rules_change_mid_evening(phone, table, choice):
    page = phone
    play_three(page, table)
    names = ["Anna", "Béla", "Csaba", "Dóra"]
    page.goto(table.url)
    # Béla, Csaba and Dóra each made a piros passz: 2 from each of two defenders
    before = {"Anna": -4, "Béla": 2, "Csaba": 2, "Dóra": 0}
    assert balances(page, names) == before

    open_settings(page, table.url)
    page.fill("#unit_amount", "50")
    page.get_by_test_id("house-rules").click()
    page.locator(DEALER_PAYS).click()
    page.get_by_test_id("save-evening").click()
    # The difference before saving: each hand and the totals, as if re-settled; the
    # dealer now pays the declarer as a third defender
    diff = page.get_by_test_id("rules-diff")
    diff.wait_for()
    assert page.get_by_test_id("diff-hand-1").is_visible()
    totals = {n: page.get_by_test_id(f"diff-total-{n}").inner_text() for n in names}
    assert totals == {
        "Anna": f"{MINUS}4 → {MINUS}6",
        "Béla": "+2 → +2",
        "Csaba": "+2 → +2",
        "Dóra": "0 → +2",
    }
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone
    page.get_by_test_id(f"choice-{choice}").click()
    with page.expect_navigation():
        page.get_by_test_id("save-evening").click()

    after = before if choice == "keep" else {"Anna": -6, "Béla": 2, "Csaba": 2, "Dóra": 2}
    assert balances(page, names) == after
    money = page.get_by_test_id("balance-Anna").locator(".money").inner_text()
    assert re.sub(r"\s", "", money) == f"{MINUS}{-after['Anna'] * 50}HUF"  # the new stake
    assert "50" in page.locator(".session-head .meta").inner_text()

    # hand 4 under the new rule either way: Dóra deals, sits out and pays as a defender
    enter_proposed_hand(page, table.url, "Dóra", ["Dóra"])
    hand = table.hand(4)
    assert hand["result"]["payments"]["Dóra"] == -2
    earlier = table.hand(1)["result"]["payments"]["Anna"]
    assert earlier == (0 if choice == "keep" else -2)

    # the change is in the evening's history and can be undone (here: after hand 4 goes)
    open_settings(page, table.url)
    change = page.locator(".change-list li").first
    assert "Osztó négy játékosnál" in change.inner_text()
    assert ("régi szabály" if choice == "keep" else "újraszámolva") in change.inner_text()


def test_a_player_is_renamed(phone, table):
    page = phone
    play_three(page, table)
    page.goto(table.url)
    bela = balances(page, ["Béla"])["Béla"]
    open_settings(page, table.url)
    # the name is checked as at creation: "ANNA" is Anna written again, refused
    page.get_by_test_id("name-2").fill("ANNA")
    with page.expect_navigation():
        page.get_by_test_id("rename-2").click()
    assert "Anna már játszik" in page.get_by_test_id("player-error").inner_text()
    page.get_by_test_id("name-2").fill("Kovács Béla")
    with page.expect_navigation():
        page.get_by_test_id("rename-2").click()
    assert "Kovács Béla" in page.locator(".flash").inner_text()
    page.goto(table.url)
    assert page.get_by_test_id("balance-Béla").count() == 0
    assert balances(page, ["Kovács Béla"]) == {"Kovács Béla": bela}
    assert table.hand(2)["dealer"] == "Kovács Béla"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_fifth_player_joins_after_hand_3_and_one_leaves_after_hand_6(phone, table):
    page = phone
    play_three(page, table)
    open_settings(page, table.url)
    page.get_by_test_id("join-name").fill("Ede")  # the seat after Dóra: the default
    with page.expect_navigation():
        page.get_by_test_id("join").click()
    assert page.get_by_test_id("seat-5").locator("input[name=new]").input_value() == "Ede"

    # At five the dealer and the player on his left sit out; the deal goes on from Csaba
    five = [("Dóra", ["Dóra", "Csaba"]), ("Ede", ["Ede", "Dóra"]), ("Anna", ["Anna", "Ede"])]
    for dealer, out in five:
        enter_proposed_hand(page, table.url, dealer, out)

    open_settings(page, table.url)
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_test_id("leave-2").click()  # Béla, the second seat
    assert "Béla" in page.get_by_test_id("left").inner_text()

    # Four again: the dealer sits out; Anna dealt last, Csaba sits after her now
    four = [("Csaba", ["Csaba"]), ("Dóra", ["Dóra"]), ("Ede", ["Ede"]), ("Anna", ["Anna"])]
    for dealer, out in four:
        enter_proposed_hand(page, table.url, dealer, out)

    hands = table.hands()
    expected = [("Anna", ["Anna"]), ("Béla", ["Béla"]), ("Csaba", ["Csaba"]), *five, *four]
    stored = [(h["dealer"], sorted(h["hand"]["sitting_out"])) for h in hands]
    assert stored == [(dealer, sorted(out)) for dealer, out in expected]
    page.goto(table.url)
    names = ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
    shown = balances(page, names)
    assert shown == {n: sum(h["result"]["payments"].get(n, 0) for h in hands) for n in names}
    assert sum(shown.values()) == 0
    assert "Csaba" in page.locator(".next-hand").inner_text()  # after Anna, at the four
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_settings_page_keeps_its_cards_apart_and_a_long_name_readable(phone, table):
    """At 390 px the "Mentés" button does not touch the players' card below it, and each
    name field has the most of the row (a 60-character name is read and corrected there)."""
    phone.goto(table.url + "/evening")
    save = phone.get_by_test_id("save-evening").bounding_box()
    players = phone.locator("#players").bounding_box()
    assert players["y"] - (save["y"] + save["height"]) >= 16
    field = phone.get_by_test_id("name-1").bounding_box()
    assert field["width"] >= 0.5 * players["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
