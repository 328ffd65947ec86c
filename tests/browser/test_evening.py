"""A whole evening in headless Chromium, checked against the engine.

The session is created through the new-session form, every hand is entered by tapping the
hand form (``data-testid`` selectors), one earlier hand is edited on its edit page, the last
one is undone; then the balances the scoreboard shows are compared with an independent
recomputation: each stored hand settled again by ``REGISTRY.engine()`` and summed per player.
"""

import re

from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
MINUS = "\u2212"


def tap(page, testid):
    page.get_by_test_id(testid).click()


def enter_hand(page, board, *taps, expect=None):
    """Open the new-hand form, tap through ``taps`` (a testid, or (select testid, value)), save."""
    page.goto(board + "/hands/new")
    for step in taps:
        if isinstance(step, tuple):
            page.get_by_test_id(step[0]).select_option(step[1])
        else:
            tap(page, step)
    if expect:
        page.get_by_test_id("preview-title").get_by_text(expect).wait_for()
    with page.expect_navigation():
        tap(page, "save")
    assert page.get_by_test_id("preview-error").count() == 0, page.content()


def shown_balances(page):
    """The units each balance card shows, as ints (the Unicode minus sign handled)."""
    out = {}
    for name in PLAYERS:
        text = page.get_by_test_id(f"balance-{name}").locator(".units").inner_text().strip()
        assert re.fullmatch(rf"[+{MINUS}]?\d+", text), text
        out[name] = int(text.replace(MINUS, "-").replace("+", ""))
    return out


def test_an_evening_of_eight_kinds_of_hand_matches_the_engine(app, phone, live_url):
    page = phone

    # The session, through the new-session form.
    page.goto(live_url + "/")
    with page.expect_navigation():
        tap(page, "new-session")
    page.fill("#name", "Péntek esti ulti")
    for i, name in enumerate(PLAYERS):
        page.get_by_test_id(f"player-{i}").fill(name)
    with page.expect_navigation():
        tap(page, "create-session")
    match = re.search(r"/e/([^/#?]+)", page.url)
    assert match, page.url
    token = match.group(1)
    board = f"{live_url}/e/{token}"

    # Eight hands of different kinds, by tapping (Anna deals first; the dealer rotates).
    # 1. piros passz, made.
    enter_hand(page, board, "declarer-Béla", "preset-piros-passz")
    # 2. ulti with kontra, lost.
    enter_hand(
        page, board, "declarer-Dóra", "preset-ulti", "colour-zold", "won-ulti-lost", "kontra-ulti-1"
    )
    # 3. betli, kontra by one defender only, made.  Csaba deals: Dóra, Anna, Béla play.
    enter_hand(page, board, "declarer-Anna", "preset-betli", "kontra-betli-Dóra-1")
    # 4. passz with a silent 100 by the declarer.
    enter_hand(page, board, "declarer-Béla", "preset-passz", "colour-tok", "silent-100-declarer")
    # 5. a 40-100 with a renonsz.
    enter_hand(page, board, "declarer-Csaba", "preset-40-100", "colour-makk", "renonsz-Dóra")
    # 6. all pass.
    enter_hand(page, board, "preset-all-pass")
    # 7. 20-100 with kontra, lost.
    enter_hand(
        page,
        board,
        "declarer-Dóra",
        "preset-20-100",
        "colour-piros",
        "won-20-100-lost",
        "kontra-20-100-1",
    )
    # 8. durchmars given up: bedobás (conceded).
    enter_hand(page, board, "declarer-Anna", "preset-durchmars", "colour-makk", "outcome-conceded")
    # 9. ulti made, to be undone.
    enter_hand(page, board, "declarer-Béla", "preset-ulti", "colour-piros")

    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        entries = [ledger.hand_entry(session, n) for n in range(1, 10)]
    hands = [e["hand"] for e in entries]
    kinds = {
        (
            h.get("outcome", "played"),
            tuple(c["name"] for c in h.get("components", [])),
            tuple(s["name"] for s in h.get("silent", [])),
        )
        for h in hands[:8]
    }
    assert len(kinds) >= 8, kinds
    betli = hands[2]["components"][0]
    assert betli["name"] == "betli" and betli["kontra"]["Dóra"] == 1
    assert betli["kontra"].get("Béla", 0) == 0  # per defender: one kontra, the other not
    assert hands[3]["silent"] == [{"name": "100", "side": "declarer", "won": True}]
    assert hands[4]["renonsz"] == {"player": "Dóra"}
    assert hands[5]["outcome"] == "all_pass" and hands[7]["outcome"] == "conceded"
    assert hands[1]["components"][0] == {"name": "ulti", "won": False, "kontra": 1}

    # Edit hand 1 on its edit page: the piros passz was lost after all.
    page.goto(board)
    page.locator("#h1 > summary").click()  # the row opens to its explanation and links
    with page.expect_navigation():
        tap(page, "edit-1")
    tap(page, "won-parti-lost")
    with page.expect_navigation():
        tap(page, "save")
    with app.app_context():
        edited = ledger.hand_entry(ledger.session_by_token(token, "edit"), 1)
    assert edited["hand"]["components"] == [{"name": "parti", "won": False}]
    assert edited["result"]["payments"]["Béla"] < 0

    # Undo the last hand (the page asks to confirm).
    page.goto(board)
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        tap(page, "undo")
    page.goto(board)

    # The engine, independently: every stored hand settled again and summed per player.
    engine = REGISTRY.engine()
    api = (
        app.test_client()
        .get(
            f"/api/v1/sessions/{session_id(app, token)}",
            headers={"Authorization": f"Bearer {token}"},
        )
        .get_json()
    )
    stored = [h["hand"] for h in api["hands"]]
    assert len(stored) == 8
    expected = dict.fromkeys(PLAYERS, 0)
    for hand in stored:
        result = engine.settle(hand, {"ruleset": "ulti", "options": {}})
        for name, units in result_payments(result).items():
            expected[name] += units
    assert sum(expected.values()) == 0
    assert any(expected.values())
    assert shown_balances(page) == expected
    assert re.search(r"\b8 (leosztás|hands)\b", page.locator(".session-head .meta").inner_text())


def session_id(app, token):
    with app.app_context():
        return ledger.session_by_token(token, "edit").id


def result_payments(result):
    payments = result["payments"] if isinstance(result, dict) else result.payments
    return {name: int(units) for name, units in payments.items()}
