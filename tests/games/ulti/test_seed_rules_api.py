"""The seed rule corrections of issue 10 through the API: 422 naming the key, nothing
saved; and evenings pinned to the ruleset texts from before them still read and settle.

The rules themselves, with the seeds' words: ``tests/games/ulti/test_seed_rules.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.test_api import Api, bearer, counts
from ulti_ledger import ledger, models
from ulti_ledger.db import db
from ulti_ledger.games import parse_ruleset
from ulti_ledger.ledger import pinning, writes
from ulti_ledger.settlement import Engine

DATA = Path(__file__).parents[2] / "data"
SEATED = {"players": ["Béla", "Csaba", "Dóra"], "sitting_out": ["Anna"], "declarer": "Béla"}
SILENT_100 = [{"name": "100", "side": "declarer", "won": True}]
REFUSED = {
    # name: (hand, key, words of the refusal)
    "rekontra to one of two kontras": (
        {
            **SEATED,
            "components": [{"name": "betli", "won": False, "kontra": {"Csaba": 2, "Dóra": 1}}],
        },
        "components[0].kontra",
        "the declarer's rekontra goes to every defender who said kontra",
    ),
    "silent 100 in a plain durchmars": (
        {
            **SEATED,
            "colour": "tok",
            "components": [{"name": "durchmars", "won": True}],
            "silent": SILENT_100,
        },
        "silent[0].name",
        "a durchmars allows no csendes 100: 20s and 40s are said only in",
    ),
    "won durchmars, lost ulti": (
        {
            **SEATED,
            "colour": "makk",
            "components": [{"name": "ulti", "won": False}, {"name": "durchmars", "won": True}],
        },
        "components[0].won",
        "beside a lost ulti: the declarer leads every trick",
    ),
}


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_refusals_are_422_with_the_key_and_nothing_is_saved(api, app, name):
    data, key, words = REFUSED[name]
    api.start()
    before = counts(app)
    for response in (
        api.post_hand(data),
        api.client.post(api.url("/preview"), json=data, headers=bearer(api.edit)),
    ):
        assert response.status_code == 422, response.get_json()
        body = response.get_json()
        assert body["key"] == key
        assert words in body["error"]
    assert counts(app) == before
    assert api.get().get_json()["hands"] == []


def test_under_both_the_api_refuses_what_it_used_to_change(api, app):
    api.start(options={"individual_rekontra_scope": "both"})
    data = {**SEATED, "components": [{"name": "betli", "won": False, "kontra": {"Csaba": 2}}]}
    before = counts(app)
    response = api.post_hand(data)
    assert response.status_code == 422
    assert response.get_json()["key"] == "components[0].kontra"
    assert (
        "goes to both defenders (individual_rekontra_scope = both)"
        in (response.get_json()["error"])
    )
    assert counts(app) == before


def test_negy_asz_durchmars_is_recorded_and_offered(api, app):
    api.start()
    data = {
        **SEATED,
        "colour": "piros",
        "components": [{"name": "negy-asz", "won": True}, {"name": "durchmars", "won": True}],
    }
    response = api.post_hand(data)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["result"]["payments"] == {
        "Anna": 0,
        "Béla": 40,
        "Csaba": -20,
        "Dóra": -20,
    }
    lost = {**data, "components": [{"name": "negy-asz", "won": False}, data["components"][1]]}
    refused = api.post_hand(lost)
    assert refused.status_code == 422
    assert refused.get_json()["key"] == "components[0].won"
    offered = _offered(api)
    assert offered["negy-asz-durchmars"]["value"] == 10
    assert offered["negy-asz-durchmars"]["silent_allowed"] == ["100", "ulti"]
    assert "100" not in offered["durchmars"]["silent_allowed"]


def test_szinlicites_takes_a_kontra_per_defender_unless_as_standard(api):
    data = {
        **SEATED,
        "colour": "makk",
        "components": [{"name": "parti", "won": True, "kontra": {"Csaba": 2, "Dóra": 1}}],
    }
    api.start(ruleset="ulti-szinlicites")
    response = api.post_hand(data)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["result"]["payments"]["Béla"] == 6
    assert _offered(api)["parti"]["components"][0]["individual_kontra"] is True
    api.start(ruleset="ulti-szinlicites", options={"kontra_scope": "as_standard"})
    response = api.post_hand(data)
    assert response.status_code == 422
    assert "is common" in response.get_json()["error"]
    assert _offered(api)["parti"]["components"][0]["individual_kontra"] is False


def _offered(api) -> dict:
    """The contracts the hand form of ``api``'s session offers, by id."""
    with api.client.application.app_context():
        session = db.session.get(models.GameSession, api.id)
        return {c["id"]: c for c in ledger.hand_form(session, "hu")["contracts"]}


@pytest.mark.parametrize(
    ("ruleset", "text"),
    [
        ("ulti", "ulti-before-issue-10.toml"),
        ("ulti-szinlicites", "ulti-szinlicites-before-issue-10.toml"),
    ],
)
def test_an_evening_pinned_to_the_older_text_keeps_reading(api, monkeypatch, ruleset, text):
    """A session keeps the ruleset text it was created with (``ledger/pinning.py``). The new
    rules are data that the older texts do not hold, so a hand the new rules refuse, stored
    on such an evening, still settles and reads as it did; only new evenings get them."""
    old = parse_ruleset((DATA / text).read_text("utf-8"), text)
    assert old.digest != pinning.builtin_engine().ruleset(ruleset).digest
    monkeypatch.setattr(writes, "builtin_engine", lambda: Engine({ruleset: old}))
    refused_now = REFUSED["won durchmars, lost ulti"][0]
    hands = [h for h, _, _ in REFUSED.values()] if ruleset == "ulti" else [refused_now]
    api.start(ruleset=ruleset, hands=hands)
    monkeypatch.undo()
    shown = api.get().get_json()
    assert shown["ruleset_digest"] == old.digest
    assert len(shown["hands"]) == len(hands)
    assert sum(shown["totals"]["units"].values()) == 0
    for stored in shown["hands"]:
        assert sum(stored["result"]["payments"].values()) == 0
    again = api.post_hand(hands[0])  # the evening goes on by its own rules
    assert again.status_code == 201
    if ruleset == "ulti-szinlicites":  # its older text: a common kontra in trump games
        uneven = {"name": "parti", "won": True, "kontra": {"Csaba": 2, "Dóra": 1}}
        common = api.post_hand({**SEATED, "colour": "makk", "components": [uneven]})
        assert common.status_code == 422 and "is common" in common.get_json()["error"]
    fresh = Api(api.client, api.body)
    fresh.start(ruleset=ruleset)
    assert fresh.post_hand(hands[0]).status_code == 422
