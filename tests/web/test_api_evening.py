"""The API changes the evening too: PATCH the players and the house rules, undo (issue 10)."""

import pytest

from tests.web.test_api import Api, bearer, counts


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def parti(players, out, won=True):
    return {
        "players": players,
        "sitting_out": out,
        "declarer": players[0],
        "colour": "piros",
        "components": [{"name": "parti", "won": won}],
    }


def proposed(api):
    deal = api.get().get_json()["next"]
    return parti(deal["players"], deal["sitting_out"])


def patch_players(api, body, **headers):
    return api.client.patch(api.url("/players"), json=body, headers={**bearer(api.edit), **headers})


def test_players_are_renamed_seated_and_let_go(api):
    api.start()
    for _ in range(3):
        assert api.post_hand(proposed(api)).status_code == 201
    added = patch_players(api, {"add": {"name": "Ede"}})
    assert added.status_code == 200, added.get_json()
    assert added.get_json()["seating"] == [
        {"from_hand": 4, "players": ["Anna", "Béla", "Csaba", "Dóra", "Ede"]}
    ]
    assert added.headers["ETag"] == f'"v{added.get_json()["version"]}"'
    session = api.get().get_json()
    assert session["players"] == ["Anna", "Béla", "Csaba", "Dóra"]  # the first hand's
    assert session["next"]["dealer"] == "Dóra"
    assert session["next"]["sitting_out"] == ["Dóra", "Csaba"]
    for _ in range(3):
        assert api.post_hand(proposed(api)).status_code == 201
    left = patch_players(api, {"remove": {"name": "Anna"}})
    assert left.status_code == 200, left.get_json()
    renamed = patch_players(api, {"rename": {"Béla": "Béla Kovács"}})
    assert renamed.status_code == 200
    session = api.get().get_json()
    assert session["seating"][-1] == {
        "from_hand": 7,
        "players": ["Béla Kovács", "Csaba", "Dóra", "Ede"],
    }
    # Anna dealt hand 6 and left: the next seat, Béla Kovács, deals and sits out
    assert session["next"]["dealer"] == "Béla Kovács"
    assert session["next"]["sitting_out"] == ["Béla Kovács"]
    assert set(session["totals"]["units"]) == {"Anna", "Béla Kovács", "Csaba", "Dóra", "Ede"}
    actions = [
        e["action"]
        for e in api.client.get(api.url("/history"), headers=bearer(api.edit)).get_json()["history"]
    ]
    assert [a for a in actions if a not in ("create", "edit")] == ["join", "leave", "rename"]


@pytest.mark.parametrize(
    ("body", "status", "key", "message"),
    [
        ({"rename": {"Zoé": "Zita"}}, 422, "rename.Zoé", "Zoé is not a player of this evening"),
        ({"rename": {"Béla": "ANNA"}}, 422, "rename.Béla", "Anna is already a player"),
        ({"add": {"name": "Csaba"}}, 422, "add.name", "Csaba is already a player"),
        ({"add": {"name": ""}}, 422, "add.name", "non-empty name"),
        ({"remove": {"name": "Zoé"}}, 422, "remove.name", "not a player of this evening"),
        ({"remove": {"name": "Béla", "from_hand": 1}}, 422, "remove.from_hand", "plays hand 1"),
        ({}, 422, "", "exactly one of"),
        ([], 422, "", "one of: rename, add, remove"),
    ],
)
def test_bad_player_changes_are_4xx_naming_the_problem(api, app, body, status, key, message):
    api.start(hands=[parti(["Béla", "Csaba", "Dóra"], ["Anna"])])
    before = counts(app)
    response = patch_players(api, body)
    assert response.status_code == status
    assert response.get_json().get("key", "") == key
    assert message in response.get_json()["error"]
    assert counts(app) == before


def test_fewer_than_three_cannot_remain(api):
    api.start(players=["Anna", "Béla", "Csaba"])
    response = patch_players(api, {"remove": {"name": "Csaba"}})
    assert response.status_code == 422
    assert "3 play every hand" in response.get_json()["error"]


def test_a_stale_version_is_409_and_a_view_token_403(api):
    api.start()
    version = api.get().get_json()["version"]
    fresh = patch_players(api, {"add": {"name": "Ede"}}, **{"If-Match": f'"v{version}"'})
    assert fresh.status_code == 200
    stale = patch_players(api, {"add": {"name": "Feri"}}, **{"If-Match": f'"v{version}"'})
    assert stale.status_code == 409
    assert stale.get_json()["current"]["players"] == ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
    viewer = api.client.patch(
        api.url("/players"), json={"add": {"name": "Feri"}}, headers=bearer(api.view)
    )
    assert viewer.status_code == 403


def test_house_rules_over_the_api_keep_or_resettle(api):
    api.start()
    for _ in range(2):
        api.post_hand(proposed(api))
    before = api.get().get_json()["totals"]["units"]
    rules = {"four_player_dealer": "pays_as_defender"}
    preview = api.client.post(
        api.url("/options/preview"), json={"options": rules}, headers=bearer(api.edit)
    )
    assert preview.status_code == 200
    after = preview.get_json()["totals"]["after"]
    assert after != before and sum(after.values()) == 0
    undecided = api.client.patch(api.url(), json={"options": rules}, headers=bearer(api.edit))
    assert undecided.status_code == 422 and undecided.get_json()["key"] == "resettle"
    bad = api.client.patch(
        api.url(), json={"options": {"nope": 1}, "resettle": True}, headers=bearer(api.edit)
    )
    assert bad.status_code == 422 and bad.get_json()["key"] == "options.nope"
    kept = api.client.patch(
        api.url(), json={"options": rules, "resettle": False}, headers=bearer(api.edit)
    )
    assert kept.status_code == 200 and kept.get_json()["options"] == rules
    assert api.get().get_json()["totals"]["units"] == before
    history = api.client.get(api.url("/history"), headers=bearer(api.edit)).get_json()["history"]
    undo = api.client.post(api.url(f"/history/{history[-1]['id']}/undo"), headers=bearer(api.edit))
    assert undo.status_code == 200 and undo.get_json()["undoes"] == history[-1]["id"]
    again = api.client.post(api.url(f"/history/{history[-1]['id']}/undo"), headers=bearer(api.edit))
    assert again.status_code == 409
    resettled = api.client.patch(
        api.url(), json={"options": rules, "resettle": True}, headers=bearer(api.edit)
    )
    assert resettled.status_code == 200
    assert api.get().get_json()["totals"]["units"] == after


def test_an_undo_of_a_hand_entry_or_unknown_entry_is_404(api):
    api.start(hands=[parti(["Béla", "Csaba", "Dóra"], ["Anna"])])
    history = api.client.get(api.url("/history"), headers=bearer(api.edit)).get_json()["history"]
    hand_entry = next(e for e in history if e["hand_id"] is not None)
    for entry in (hand_entry["id"], 999999):
        response = api.client.post(api.url(f"/history/{entry}/undo"), headers=bearer(api.edit))
        assert response.status_code == 404


def test_a_hand_that_says_who_sat_out_names_its_dealer_over_the_api(api):
    """The bug seen over the API: the rotation says Anna deals hand 1, but the hand says
    Dóra sat out. Dóra dealt, so Anna bids first and her all pass is accepted."""
    api.start()
    hand = {
        "players": ["Anna", "Béla", "Csaba"],
        "sitting_out": ["Dóra"],
        "declarer": "Anna",
        "outcome": "all_pass",
    }
    preview = api.client.post(api.url("/preview"), json=hand, headers=bearer(api.edit))
    assert preview.status_code == 200, preview.get_json()
    response = api.post_hand(hand)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["dealer"] == "Dóra"
    assert api.get().get_json()["next"]["dealer"] == "Anna"  # the deal passes on from Dóra
