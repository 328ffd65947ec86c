"""Three phones at one table: the scorer and two seats (issue 39), in hu and de.

Anna deals the first hand and sits out; Béla declares a piros passz, so Csaba and Dóra
answer for it on their own phones. The seats learn of a new hand by themselves (the
seat's page polls every second), one confirmation is enough, a dispute carries a
proposed hand that the scorer accepts (the hand is edited and asks again, and the seat
reads the scorer's answer beside it), an edit of a
confirmed hand asks again, a half-typed reason survives the page's live redraw, and a
seat's link that tries to write a hand is refused (403).
Each seat's page is axe-clean at 390 px and its buttons are reachable by keyboard.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import violations
from tests.browser.test_offline import new_phone, save, ulti_hand

WORDS = {
    "hu": {
        "confirm": "Rendben",
        "dispute": "Nem így",
        "ear": "a megerősítésedre vár",
        "answer": "az író a javaslat szerint módosította",
    },
    "de": {
        "confirm": "Bestätigen",
        "dispute": "Einspruch",
        "ear": "wartet auf deine Bestätigung",
        "answer": "der Schreiber hat das Spiel wie vorgeschlagen geändert",
    },
}


@pytest.fixture
def phones(browser):
    made = [new_phone(browser, bypass_csp=True) for _ in range(3)]  # axe is added inline
    yield [context.new_page() for context in made]
    for context in made:
        context.close()


def take_seat(page, live_url: str, view: str, player: str, lang: str) -> str:
    page.goto(f"{live_url}/s/{view}?lang={lang}")
    with page.expect_navigation():
        page.get_by_test_id("i-am").click()
    assert violations(page) == []
    page.get_by_test_id(f"seat-choice-{player}").click()
    with page.expect_navigation():
        page.get_by_test_id("seat-claim").click()
    match = re.search(r"/t/([^/#?]+)", page.url)
    assert match, page.url
    return match.group(1)


def mark(page, board: str, number: int):
    page.goto(board)
    return page.get_by_test_id(f"agree-{number}")


@pytest.mark.parametrize("lang", ["hu", "de"])
def test_three_phones_confirm_dispute_and_ask_again(
    app, client, live_url, session_body, phones, lang
):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    edit, view = created["edit_token"], created["view_url"].rsplit("/", 1)[1]
    scorer, csaba, dora = phones
    board = f"{live_url}/e/{edit}"
    scorer.goto(f"{board}?lang={lang}")
    seats = {
        "Csaba": take_seat(csaba, live_url, view, "Csaba", lang),
        "Dóra": take_seat(dora, live_url, view, "Dóra", lang),
    }
    words = WORDS[lang]

    # hand 1: both seats see it come, without a reload
    assert ulti_hand(scorer, board) == "Béla"
    for seat in (csaba, dora):
        card = seat.get_by_test_id("waiting-1")
        expect(card).to_be_visible(timeout=4000)
        assert words["ear"] in card.get_attribute("aria-label")
        assert violations(seat) == []
    # Csaba confirms, by keyboard: one confirmation is enough
    confirm = csaba.get_by_test_id("confirm-1")
    expect(confirm).to_have_text(words["confirm"])
    confirm.focus()
    with csaba.expect_navigation():
        csaba.keyboard.press("Enter")
    expect(mark(scorer, board, 1)).to_have_attribute("data-agree", "confirmed")
    expect(scorer.get_by_test_id("agree-1")).to_contain_text("Csaba")
    expect(dora.get_by_test_id("waiting-1")).to_have_count(0, timeout=4000)

    # hand 2: Csaba declares; Dóra disputes it with a proposed hand (a betli)
    assert ulti_hand(scorer, board) == "Csaba"
    expect(dora.get_by_test_id("waiting-2")).to_be_visible(timeout=4000)
    dora.get_by_test_id("dispute-open-2").click()
    expect(dora.get_by_test_id("dispute-open-2")).to_have_text(words["dispute"])
    with dora.expect_navigation():
        dora.get_by_test_id("propose-2").click()
    dora.wait_for_load_state()  # the same form as the scorer's, posting to the seat's link
    dora.get_by_test_id("preset-betli").click()
    save(dora)
    # the scorer's board (open since hand 2 was saved) learns of it by itself
    expect(scorer.get_by_test_id("disputes-notice")).to_be_visible(timeout=8000)
    expect(mark(scorer, board, 2)).to_have_attribute("data-agree", "disputed")
    scorer.goto(f"{board}/seats")
    expect(scorer.get_by_test_id("dispute-proposal-2")).to_contain_text("Csaba")
    assert violations(scorer) == []
    with scorer.expect_navigation():
        scorer.get_by_test_id("accept-2").click()
    expect(mark(scorer, board, 2)).to_have_attribute("data-agree", "open")
    # Dóra's phone learns of the answer by itself, beside the hand that asks her again
    answer = dora.get_by_test_id("waiting-2").get_by_test_id("seat-answer-2")
    expect(answer).to_contain_text(words["answer"], timeout=4000)
    assert violations(dora) == []
    with app.app_context():
        from ulti_ledger import ledger

        session = ledger.session_by_token(edit, "edit")
        assert ledger.hand_entry(session, 2)["hand"]["components"][0]["name"] == "betli"

    # an edit of the confirmed hand 1 asks again
    scorer.goto(f"{board}/hands/1/edit")
    scorer.wait_for_load_state()
    scorer.get_by_test_id("colour-zold").click()
    save(scorer)
    expect(mark(scorer, board, 1)).to_have_attribute("data-agree", "open")
    expect(csaba.get_by_test_id("waiting-1")).to_be_visible(timeout=4000)

    # Csaba starts a dispute; a new hand redraws his page, and keeps what he was typing
    csaba.get_by_test_id("dispute-open-1").click()
    reason = csaba.get_by_test_id("reason-1")
    reason.fill("nem zöld volt")
    csaba.evaluate("window.__before = document.querySelector('[data-live-region]')")
    ulti_hand(scorer, board)
    csaba.wait_for_function(
        "document.querySelector('[data-live-region]') !== window.__before", timeout=8000
    )
    expect(csaba.get_by_test_id("reason-1")).to_have_value("nem zöld volt")
    expect(csaba.get_by_test_id("reason-1")).to_be_focused()
    expect(csaba.get_by_test_id("reason-1")).to_be_visible()  # its panel stayed open

    # a seat's link writes no hand: 403, with the seat's own form token
    seat = seats["Csaba"]
    assert csaba.goto(f"{live_url}/e/{seat}/hands/new").status == 403
    csaba.goto(f"{live_url}/t/{seat}")
    status = csaba.evaluate(
        """async (url) => {
            const token = document.querySelector('input[name=csrf_token]').value;
            const body = new URLSearchParams({csrf_token: token, declarer: 'Csaba'});
            return (await fetch(url, {method: 'POST', body})).status;
        }""",
        f"{live_url}/e/{seat}/hands",
    )
    assert status == 403
