"""A snapszer evening of four on a 390 px phone, drawn from the game's form description.

The evening is begun through the new-evening form; every hand is tapped on the form
(``data-testid``), each tap counted from the scoreboard's "+ new hand" to Save, both
included. A common hand (the partner, a preset, the starter as the rotation proposes)
takes at most 4 taps. The fields show and hide as the scorer taps (the page's script
runs the description's rules), one hand is edited, and the scoreboard's balances are
the sum of the stored results.
"""

from tests.browser import scorer
from tests.browser.scorer import entries

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
MINUS = "\u2212"


def begin(page, live_url):
    return scorer.begin(page, live_url, "Snapszer csütörtök", PLAYERS, "snapszer")


new_hand = scorer.open_new_hand


def test_a_snapszer_evening_of_four_at_390_px(app, phone, live_url):
    page = phone
    token, board = begin(page, live_url)

    # 1. The starter and Csaba (the chosen card's holder) won, the losers below 33: 4 taps.
    taps = new_hand(page, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the form fits
    starter = page.locator('input[name="declarer"]:checked').get_attribute("value")
    partner = next(p for p in PLAYERS if p != starter)
    taps.tap(f"partner-{partner}")
    taps.tap("preset-won-below_33")
    taps.save()
    assert taps.count == 4
    first = entries(app, token)[0]["hand"]
    assert (first["declarer"], first["partner"]) == (starter, partner)
    assert first["won"] is True and first["loser"] == "below_33"

    # 2. The starter held the card himself and lost, the losers (the three) no trick: 4 taps.
    taps = new_hand(page, board)
    taps.tap("partner-none")
    taps.tap("preset-lost-no_trick")
    taps.save()
    assert taps.count == 4
    second = entries(app, token)[1]["hand"]
    assert second["partner"] is None and second["won"] is False

    # 3. A renonsz: who won and the losers' cards hide as soon as it is tapped.
    taps = new_hand(page, board)
    assert page.locator('[data-field="won"]').is_visible()
    offender = page.locator('input[name="declarer"]:checked').get_attribute("value")
    mate = next(p for p in PLAYERS if p != offender)
    taps.tap(f"partner-{mate}")
    taps.tap(f"renonsz-{offender}")
    assert page.locator('[data-field="won"]').is_hidden()
    assert page.locator('[data-field="loser"]').is_hidden()
    taps.save()
    assert taps.count == 4
    assert entries(app, token)[2]["hand"]["renonsz"] == {"player": offender}

    # 4. 66 before the chosen card was seen: the partner field gives way to the winner.
    taps = new_hand(page, board)
    winner = PLAYERS[0]
    taps.tap(f"winner-{winner}")
    assert page.locator('[data-field="partner"]').is_hidden()
    taps.tap("loser-reached_33")
    taps.save()
    assert taps.count == 4
    fourth = entries(app, token)[3]["hand"]
    assert fourth["winner"] == winner and "partner" not in fourth

    # 5. An announced snapszer by the starter, made: the losers' cards do not apply.
    taps = new_hand(page, board)
    starter = page.locator('input[name="declarer"]:checked').get_attribute("value")
    taps.tap("partner-none")
    taps.tap(f"snapszer-{starter}")
    assert page.locator('[data-field="loser"]').is_hidden()
    taps.tap("won-true")
    taps.save()
    assert taps.count == 5
    assert entries(app, token)[4]["hand"]["snapszer"] == {"by": starter}

    # Edit hand 1: the losers reached 33 after all.
    page.goto(board + "/hands/1/edit")
    assert page.locator('input[name="loser"][value="below_33"]').is_checked()
    page.get_by_test_id("loser-reached_33").click()
    with page.expect_navigation():
        page.get_by_test_id("save").click()
    assert entries(app, token)[0]["hand"]["loser"] == "reached_33"

    # The scoreboard's balances are the stored results, summed; the page fits the phone.
    page.goto(board)
    totals = dict.fromkeys(PLAYERS, 0)
    for entry in entries(app, token):
        assert sum(entry["result"]["payments"].values()) == 0
        for name, units in entry["result"]["payments"].items():
            totals[name] += units
    for name in PLAYERS:
        text = page.get_by_test_id(f"balance-{name}").locator(".units").inner_text().strip()
        assert int(text.replace(MINUS, "-").replace("+", "")) == totals[name], name
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_common_hand_without_the_script_takes_four_taps_too(browser, app, live_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    token, board = begin(page, live_url)
    taps = new_hand(page, board)
    taps.tap("partner-Csaba" if _starter(page) != "Csaba" else "partner-Dóra")
    with page.expect_navigation():
        taps.tap("preset-won-no_trick")  # posts the form; it comes back with the values set
    taps.save()
    context.close()
    assert taps.count == 4
    hand = entries(app, token)[0]["hand"]
    assert hand["won"] is True and hand["loser"] == "no_trick"


def _starter(page):
    return page.locator('input[name="declarer"]:checked').get_attribute("value")
