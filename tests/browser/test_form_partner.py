"""The partner chips in chromium: every game whose hand form asks a partner hides the
declarer's chip as the declarer is chosen, unchecks it if it was the partner, and leaves
it out of the keyboard's round and the screen reader's radio group."""

from __future__ import annotations

from tests.browser import scorer
from ulti_ledger import games

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def partner_rulesets() -> list[str]:
    """One built-in ruleset of each game whose hand form asks a partner (by the registry)."""
    engine = games.builtin_engine()
    out: dict[str, str] = {}
    for ruleset in engine.rulesets.values():
        rules = ruleset.resolve({})
        form = engine.game(rules.scorer).hand_form(rules, "hu")
        if any(f["name"] == "partner" for f in form["fields"]):
            out.setdefault(rules.scorer, ruleset.id)
    return list(out.values())


RULESETS = partner_rulesets()


def offered(page) -> list[str]:
    """The partner chips a scorer sees (and a screen reader hears), by player."""
    group = page.locator('[data-field="partner"]')
    return [p for p in PLAYERS if group.get_by_role("radio", name=p, exact=True).count()]


def test_no_game_offers_the_declarer_as_partner(app, phone, live_url):
    assert RULESETS, "no registered game's form asks a partner"
    page = phone
    for ruleset in RULESETS:
        _, board = scorer.begin(page, live_url, f"Partner {ruleset}", PLAYERS, ruleset)
        scorer.open_new_hand(page, board)
        page.wait_for_function("document.forms['hand-form'].elements.js.value === '1'")
        declarer = page.locator('input[name="declarer"]:checked').get_attribute("value")
        assert page.get_by_test_id(f"partner-{declarer}").is_hidden(), ruleset
        assert offered(page) == [p for p in PLAYERS if p != declarer], ruleset

        # the partner chosen first, then made the declarer: his chip goes, unchecked
        mate = next(p for p in PLAYERS if p != declarer)
        page.get_by_test_id(f"partner-{mate}").click()
        page.get_by_test_id(f"declarer-{mate}").click()
        assert page.get_by_test_id(f"partner-{mate}").is_hidden(), ruleset
        assert page.locator('input[name="partner"]:checked').count() == 0, ruleset
        assert offered(page) == [p for p in PLAYERS if p != mate], ruleset

        # the arrow keys go round the partner chips without landing on the declarer
        page.get_by_test_id(f"partner-{declarer}").locator("input").focus()
        landed = set()
        for _ in range(len(PLAYERS) + 1):
            page.keyboard.press("ArrowRight")
            landed.add(page.evaluate("document.activeElement.value"))
        assert mate not in landed and declarer in landed, (ruleset, landed)
