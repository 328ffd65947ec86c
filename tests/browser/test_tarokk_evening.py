"""A magas tarokk evening of five at 390 px, on the hand form drawn from tarokk's own
description, with the pagát kitty filled and taken and a renonsz settled by the vote.

Each tap is counted from the scoreboard's "+ new hand" to Save, both included. The
declarer is the rotation's proposal; the scorer taps the partner. A plain három with the
parti won takes 4 taps; two announced figures and a kontra 8 (a figure announced by the
declarer's side and made is its name alone: the row's defaults). The dealer sits out.
"""

from tests.browser import scorer
from tests.browser.scorer import entries

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
MINUS = "\u2212"


def begin(page, live_url):
    return scorer.begin(page, live_url, "Tarokk péntek", PLAYERS, "magas-tarokk")


def new_hand(page, board):
    """The form of the next hand, its taps counted, and who declares and who may partner."""
    taps = scorer.open_new_hand(page, board)
    declarer = page.locator('input[name="declarer"]:checked').get_attribute("value")
    # who may partner: the players of this deal (the dealer sits out at five) but the declarer
    others = [
        p for p in PLAYERS if p != declarer and page.get_by_test_id(f"partner-{p}").is_visible()
    ]
    assert len(others) == 3, others
    return taps, declarer, others


def test_a_magas_tarokk_evening_of_five_at_390_px(app, phone, live_url):
    page = phone
    token, board = begin(page, live_url)

    # 1. A plain három, the parti won: + new hand, the partner, the preset, Save.
    taps, declarer, others = new_hand(page, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    taps.tap(f"partner-{others[0]}")
    taps.tap("preset-harom-won")
    taps.save()
    assert taps.count == 4
    first = entries(app, token)[0]
    assert first["hand"]["contract"] == "harom" and first["hand"]["game"] == {"won": True}
    assert len(first["hand"]["players"]) == 4 and "kitty" not in first["result"]

    # 2. Two announced figures and a kontra: the pagát ultimó failed (it pays one step
    # into the kitty), a sas-fácán made with the opponents' kontra.
    taps, declarer, others = new_hand(page, board)
    partner = others[0]
    taps.tap(f"partner-{partner}")
    taps.tap("preset-harom-won")
    taps.tap("fig1_name-pagat-ultimo")
    taps.tap("fig1_won-false")
    taps.tap("fig2_name-sas-facan")
    taps.tap("fig2_kontra-1")
    taps.save()
    assert taps.count == 8
    second = entries(app, token)[1]
    assert [
        (f["name"], f["side"], f["announced"], f["won"]) for f in second["hand"]["figures"]
    ] == [
        ("pagat-ultimo", "declarer", True, False),
        ("sas-facan", "declarer", True, True),
    ]
    assert second["hand"]["figures"][1]["kontra"] == 1
    assert second["result"]["kitty"] == {declarer: -5, partner: -5}

    # 3. A renonsz, and the other three vote a new deal with a payment into the kitty: the
    # contract, not a preset (the hand was not played through, so no parti is won).
    taps, declarer, others = new_hand(page, board)
    taps.tap(f"partner-{others[0]}")
    taps.tap("contract-harom")
    taps.tap(f"renonsz-{others[1]}")
    assert page.locator('[data-field="ruling"]').is_visible()
    taps.tap("ruling-new_deal_kitty")
    taps.save()
    assert taps.count == 6
    third = entries(app, token)[2]
    assert third["hand"]["renonsz"] == {"player": others[1], "ruling": "new_deal_kitty"}
    assert third["result"]["kitty"] == {others[1]: -30}

    # 4. A pagát fácán announced and made takes the kitty: its name is one tap.
    taps, declarer, others = new_hand(page, board)
    partner = others[0]
    taps.tap(f"partner-{partner}")
    taps.tap("preset-harom-won")
    taps.tap("fig1_name-pagat-facan")
    taps.save()
    assert taps.count == 5
    fourth = entries(app, token)[3]
    assert fourth["result"]["kitty"] == {declarer: 20, partner: 20}

    # The scoreboard: the balances are the engine's, the kitty empty, its history kept.
    page.goto(board)
    totals = dict.fromkeys(PLAYERS, 0)
    for entry in entries(app, token):
        assert sum(entry["result"]["payments"].values()) == 0
        for name, units in entry["result"]["payments"].items():
            totals[name] += units
    for name in PLAYERS:
        text = page.get_by_test_id(f"balance-{name}").locator(".units").inner_text().strip()
        assert int(text.replace(MINUS, "-").replace("+", "")) == totals[name], name
    kitty = page.get_by_test_id("kitty")
    assert "A kassza egyenlege: 0" in kitty.inner_text()
    assert "A kassza üres" in page.get_by_test_id("kitty-rule").inner_text()
    page.get_by_test_id("kitty-history").locator("summary").click()
    assert page.get_by_test_id("kitty-hand-3").inner_text().split()[-1] == "40"
    assert f"{declarer} 20" in page.get_by_test_id("kitty-hand-4").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
