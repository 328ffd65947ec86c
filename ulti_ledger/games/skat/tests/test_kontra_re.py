"""Skat's Kontra and Re, read by the core's ``doubling_level`` with Skat's key and words:
refused where the house rule is off, a level other than 1 or 2 refused, and through the API
in the reader's language. A game's own test in its folder (games/README.md, step 6)."""

from __future__ import annotations

from typing import Any

import pytest

from ulti_ledger.games import builtin_engine
from ulti_ledger.settlement import HandError

GRAND = {"ruleset": "skat", "players": ["Anna", "Béla", "Csaba"], "declarer": "Anna"}
GRAND |= {"game": "grand", "mit": 2, "declarer_points": 70}


def _refused(**keys: Any) -> HandError:
    with pytest.raises(HandError) as caught:
        builtin_engine().settle({**GRAND, **keys})
    return caught.value


def test_kontra_is_refused_where_the_table_plays_none():
    refused = _refused(kontra=1)
    assert (refused.key, refused.code) == ("kontra", "kontra_off")
    assert "Kontra" in refused.text("de") and refused.text("de") != refused.text("en")


@pytest.mark.parametrize("level", [3, -1, "1", True])
def test_a_level_other_than_kontra_or_re_is_refused(level):
    refused = _refused(kontra=level, options={"kontra_re": "on"})
    assert (refused.key, refused.code) == ("kontra", "kontra_level")


def test_kontra_and_re_double_and_quadruple_the_game():
    plain = builtin_engine().settle({**GRAND, "options": {"kontra_re": "on"}}).payments
    for level, factor in ((1, 2), (2, 4)):
        hand = {**GRAND, "options": {"kontra_re": "on"}, "kontra": level}
        doubled = builtin_engine().settle(hand).payments
        assert {p: u * factor for p, u in plain.items()} == dict(doubled)


def test_the_api_says_the_refusal_in_hungarian(client, session_body):
    body = {**session_body, "ruleset": "skat", "players": GRAND["players"], "hands": []}
    created = client.post("/api/v1/sessions", json=body).get_json()
    url = f"/api/v1/sessions/{created['id']}/hands?lang=hu"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    hand = {k: v for k, v in GRAND.items() if k != "ruleset"} | {"kontra": 1}
    answer = client.post(url, json=hand, headers=auth)
    assert answer.status_code == 422 and answer.get_json()["key"] == "kontra"
    assert "házszabály" in answer.get_json()["error"]
