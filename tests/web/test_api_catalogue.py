"""``GET /api/v1/catalogue`` and ``GET /api/v1/sessions/<id>/catalogue``: what the game
contract's ``form_catalogue`` and ``hand_form`` give, for a client that offers the hands
the engine takes (games/README.md). Every registered game answers, its own or the
contract's default."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY


def test_the_catalogue_lists_every_ruleset_with_its_games_contracts_and_form(client):
    answer = client.get("/api/v1/catalogue?lang=hu")
    assert answer.status_code == 200
    rulesets = {r["id"]: r for r in answer.get_json()["rulesets"]}
    assert set(rulesets) == set(ENGINE.rulesets)
    for ruleset_id, entry in rulesets.items():
        ruleset = ENGINE.rulesets[ruleset_id]
        game = REGISTRY[ruleset.scorer]
        rules = ruleset.resolve({})
        assert entry["scorer"] == ruleset.scorer
        assert entry["contracts"] == game.form_catalogue(rules, "hu")
        assert entry["form"]["fields"] == game.hand_form(rules, "hu")["fields"]
        assert [o["name"] for o in entry["options"]] == list(ruleset.options)
    givers = [g for g in REGISTRY.values() if g.gives("form_catalogue")]
    assert givers and all(rulesets[g.NAME]["contracts"] for g in givers), (
        "a game that gives form_catalogue lists something"
    )


def test_the_catalogue_speaks_the_asked_language(client):
    hu = client.get("/api/v1/catalogue?lang=hu").get_json()["rulesets"][0]
    de = client.get("/api/v1/catalogue?lang=de").get_json()["rulesets"][0]
    assert hu["id"] == de["id"] and hu["form"] != de["form"]


@pytest.mark.parametrize("ruleset_id", sorted(ENGINE.rulesets))
def test_a_sessions_catalogue_is_its_pinned_rules(client, session_body, ruleset_id):
    ruleset = ENGINE.rulesets[ruleset_id]
    players = ["Anna", "Béla", "Csaba", "Dóra", "Ede"][: ruleset.seating().smallest]
    body = {**session_body, "ruleset": ruleset_id, "players": players, "hands": []}
    created = client.post("/api/v1/sessions", json=body).get_json()
    url = f"/api/v1/sessions/{created['id']}/catalogue"
    assert client.get(url).status_code == 401
    answer = client.get(url + f"?token={created['edit_token']}&lang=en")
    assert answer.status_code == 200
    game = REGISTRY[ruleset.scorer]
    rules = ruleset.resolve({})
    assert answer.get_json() == {
        **game.form_catalogue(rules, "en"),
        "description": game.hand_form(rules, "en"),
    }
