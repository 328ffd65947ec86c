"""A Skat evening of four in German at 390 px, on the hand form drawn from Skat's own
description (the game-value calculator).

The evening is begun through the new-evening form with ``?lang=de``; every game is tapped
(``data-testid``) and each tap counted from the scoreboard's "+ new hand" to Save, both
included, typing the card points counting as one. A common suit game with its matadors
and card points takes 5 taps. The live preview says the value as a Skat player does, in
Skat's German terms; the pages speak German throughout (the form's labels, the buttons,
the scoreboard). The scoreboard's balances are the engine's, and they are the list
compared pair by pair (n × a player's list total − the sum of the list totals); the list
entries the sheets show (the German CSV's "Eintrag" column) sum to the engine's list totals.
The list totals shown on the scoreboard's cards ("Liste: 33") are the engine's too.
"""

import csv
import io
import re

from tests.browser import scorer
from tests.browser.scorer import entries

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
MINUS = "\u2212"
COVERED = "Reizwert 48 gedeckt"


def begin(page, live_url):
    return scorer.begin(page, live_url, "Skatabend", PLAYERS, "skat", lang="de")


def new_hand(page, board):
    taps = scorer.open_new_hand(page, board, button="+ Neues Spiel")
    assert page.evaluate("document.documentElement.lang") == "de"  # German stays on
    return taps


def preview_says(page, text):
    """The live preview's title, once the engine's answer for the taps so far is in."""
    title = page.get_by_test_id("preview-title")
    title.filter(has_text=text).wait_for()
    return title.inner_text()


def test_a_skat_evening_of_four_in_german_at_390_px(app, phone, live_url):
    page = phone
    token, board = begin(page, live_url)

    # 1. Pik mit 2, 75 Augen, Vorhand declares: + new hand, Pik, mit 2, 75, Save.
    taps = new_hand(page, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the form fits
    declarer = page.locator('input[name="declarer"]:checked').get_attribute("value")
    assert page.get_by_test_id("save").inner_text().strip() == "Speichern"
    taps.tap("game-pik")
    # the Spitzen are drawn once a suit game is chosen (game_form.html: lazy fields)
    legends = page.locator("fieldset.group legend").all_text_contents()
    assert {"Alleinspieler", "Spiel", "Spitzen"} <= {text.strip() for text in legends}
    taps.tap("matadors-mit-2")
    taps.type("number-declarer_points", "75")
    assert "Pik mit 2: 3 × 11 = 33" in preview_says(page, "3 × 11 = 33")
    taps.save()
    assert taps.count == 5
    first = entries(app, token)[0]
    assert (first["hand"]["declarer"], first["hand"]["mit"]) == (declarer, 2)
    assert first["result"]["score"][declarer] == 33

    # 2. Grand Hand mit 2 with 92 Augen and a bid of 48: the value line, the bid covered.
    taps = new_hand(page, board)
    assert page.locator('[data-field="announced"]').is_hidden()
    taps.tap("game-grand")
    assert page.locator('[data-option="mit-5"]').is_hidden()  # a Grand has 4 Buben
    taps.tap("matadors-mit-2")
    taps.tap("hand-true")
    assert page.locator('[data-field="announced"]').is_visible()
    taps.type("number-declarer_points", "92")
    taps.type("number-bid", "48")
    said = preview_says(page, COVERED)  # Skat's own words in German
    assert "Grand Hand mit 2, Schneider: 5 × 24 = 120" in said
    taps.save()
    assert taps.count == 7
    assert max(entries(app, token)[1]["result"]["score"].values()) == 120

    # 3. Null, lost: the matadors and the card points do not apply.
    taps = new_hand(page, board)
    taps.tap("game-null")
    assert page.locator('[data-field="matadors"]').is_hidden()
    assert page.locator('[data-field="declarer_points"]').is_hidden()
    taps.tap("won-false")
    assert "Null: 23" in preview_says(page, "Null: 23")
    taps.save()
    assert taps.count == 4
    assert min(entries(app, token)[2]["result"]["score"].values()) == -46

    # 4. Karo ohne 1 lost, Schneider against the declarer, tapped without the card points.
    taps = new_hand(page, board)
    taps.tap("game-karo")
    taps.tap("matadors-ohne-1")
    taps.tap("won-false")
    taps.tap("schneider-true")
    assert "Karo ohne 1, Schneider: 3 × 9 = 27" in preview_says(page, "3 × 9 = 27")
    taps.save()
    assert taps.count == 6

    # 5. eingepasst: one tap and Save.
    taps = new_hand(page, board)
    taps.tap("preset-all_pass")
    assert page.locator('[data-field="game"]').is_hidden()
    taps.save()
    assert taps.count == 3

    # The scoreboard's balances are the engine's, and the list compared pair by pair.
    page.goto(board)
    stored = entries(app, token)
    lists = dict.fromkeys(PLAYERS, 0)
    totals = dict.fromkeys(PLAYERS, 0)
    for entry in stored:
        assert sum(entry["result"]["payments"].values()) == 0
        for name, points in entry["result"]["score"].items():
            lists[name] += points
        for name, units in entry["result"]["payments"].items():
            totals[name] += units
    assert totals == {p: 4 * lists[p] - sum(lists.values()) for p in PLAYERS}
    for name in PLAYERS:
        text = page.get_by_test_id(f"balance-{name}").locator(".units").inner_text().strip()
        assert int(text.replace(MINUS, "-").replace("+", "")) == totals[name], name
    for name in PLAYERS:  # the list totals shown on each player's card: the engine's
        shown = page.get_by_test_id(f"score-total-{name}").text_content().strip()
        assert shown.startswith("Liste: "), shown
        assert int(shown.removeprefix("Liste: ").replace(MINUS, "-")) == lists[name], name
    board_text = page.content()
    assert "Grand Hand mit 2, Schneider: 5 × 24 = 120" in board_text
    assert "eingepasst" in board_text
    assert page.get_by_test_id("settle").locator("summary").inner_text().strip() == "Wer zahlt wem"
    assert "5 Spiele" in page.locator("header.session-head .meta").inner_text()

    # The list as the sheets show it (the scoreboard shows the balances above; the list
    # entries are the sheets' "Eintrag" column, here the German CSV the page links): each
    # game's entry at whom it is entered for, summed, is the engine's list total.
    csv_href = page.locator('a[href$="/hands.csv"]').get_attribute("href")
    text = page.request.get(live_url + csv_href + "?lang=de").text().lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    header = rows[0]
    at_declarer, at_list = header.index("eingetragen bei"), header.index("Eintrag")
    shown = dict.fromkeys(PLAYERS, 0)
    for row in rows[1:]:
        if row[at_list]:
            entry = row[at_list].lstrip("'")  # a text cell starting with + or - (CSV injection)
            shown[row[at_declarer]] += int(entry.replace(MINUS, "-").replace("+", ""))
    assert shown == lists
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_bock_round_is_proposed_on_the_next_hands_form(app, phone, live_url):
    """With Bock rounds on, a Grand Hand opens a round: the next form comes with Bock
    ticked, its live preview doubles the value, and Save records it as a Bock game."""
    page = phone
    page.goto(live_url + "/sessions/new?lang=de")
    for i, name in enumerate(PLAYERS):
        page.get_by_test_id(f"player-{i}").fill(name)
    page.get_by_test_id("ruleset-skat").click()
    page.get_by_test_id("house-rules").click()
    page.get_by_test_id("choice-bock-on").click()
    with page.expect_navigation():
        page.get_by_test_id("create-session").click()
    token = re.search(r"/e/([^/#?]+)", page.url).group(1)
    board = page.url.split("#")[0]

    taps = new_hand(page, board)
    assert not page.locator('input[name="bock"][value="true"]').is_checked()
    taps.tap("game-grand")
    taps.tap("matadors-mit-1")
    taps.tap("hand-true")
    taps.type("number-declarer_points", "70")
    preview_says(page, "3 × 24 = 72")
    taps.save()

    taps = new_hand(page, board)
    assert page.locator('input[name="bock"][value="true"]').is_checked()  # proposed
    taps.tap("game-pik")
    taps.tap("matadors-mit-1")
    taps.type("number-declarer_points", "80")
    preview_says(page, "Pik mit 1: 2 × 11 = 22")
    lines = page.locator("[data-lines]").text_content()
    assert "Bock: 22 × 2 = 44" in lines  # the preview doubles it
    taps.save()
    assert taps.count == 5  # Bock took no tap
    second = entries(app, token)[1]
    assert second["hand"]["bock"] is True
    assert second["result"]["score"][second["hand"]["declarer"]] == 44
