"""The pages say which way the deal passes as the evening's game passes it (issue 35): Skat's
deal passes to the left, the Hungarian games' to the right. The settings page says it twice
(the last-declarer checkbox and the seating hint); the new-evening page once, for the game
chosen (the script shows the other game's sentence when another game is chosen)."""

from __future__ import annotations

import re

import pytest

from tests.ui_helpers import Scorer, read_form
from ulti_ledger.games import builtin_engine
from ulti_ledger.words.messages import text

RULESETS = sorted(builtin_engine().rulesets)
KEYS = ("last_declarer_deals_help", "evening_players_hint")


def _hidden_small(html: str, way: str) -> bool:
    found = re.search(rf'<small data-deal-passes="{way}"( hidden)?>', html)
    assert found, way
    return bool(found.group(1))


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_the_settings_page_says_the_game_s_way_round(client, ruleset_id, lang):
    ruleset = builtin_engine().rulesets[ruleset_id]
    way = ruleset.seating().deal_passes
    other = {"left": "right", "right": "left"}[way]
    players = ["Anna", "Béla", "Csaba", "Dóra"][: max(3, min(ruleset.seating().sizes))]
    scorer = Scorer(client)
    scorer.start(players, ruleset=ruleset_id)
    page = client.get(f"{scorer.edit_url}/evening?lang={lang}").get_data(as_text=True)
    for key in KEYS:
        assert text(f"{key}_{way}", lang) in page, (key, way)
        assert text(f"{key}_{other}", lang) not in page, (key, other)


def test_the_new_evening_page_shows_the_chosen_game_s_way_and_keeps_the_other(client):
    page = client.get("/sessions/new?lang=en").get_data(as_text=True)
    assert 'value="skat" data-deal-passes="left"' in page
    assert 'value="ulti" data-deal-passes="right"' in page
    # Ulti, the first game, is chosen: its sentence shows, Skat's waits for the script
    assert not _hidden_small(page, "right") and _hidden_small(page, "left")
    fields = {k: v[0] for k, v in read_form(page, "session-form").items()}
    fields |= {"ruleset": "skat", "players-0": ""}  # refused: the page comes back as posted
    chosen = client.post("/sessions?lang=en", data=fields).get_data(as_text=True)
    assert _hidden_small(chosen, "right") and not _hidden_small(chosen, "left")
