"""A snapszer evening through the API and the ledger: recorded, edited, deleted, its
history, its totals and transfers, and its JSON export imported back byte for byte."""

from __future__ import annotations

import pytest

from tests.api_evening import assert_export_imports_back, begin_evening

SEATS = ["Anna", "Béla", "Csaba", "Dóra"]
HANDS = [
    {"players": SEATS, "declarer": "Anna", "partner": "Csaba", "won": True, "loser": "below_33"},
    {"players": SEATS, "declarer": "Béla", "partner": None, "won": False, "loser": "no_trick"},
    {"players": SEATS, "declarer": "Csaba", "winner": "Dóra", "loser": "reached_33"},
    {
        "players": SEATS,
        "declarer": "Dóra",
        "partner": "Béla",
        "snapszer": {"by": "Dóra"},
        "won": True,
    },
]
PAYMENTS = [
    {"Anna": 2, "Béla": -2, "Csaba": 2, "Dóra": -2},
    {"Anna": 3, "Béla": -9, "Csaba": 3, "Dóra": 3},
    {"Anna": -1, "Béla": -1, "Csaba": -1, "Dóra": 3},
    {"Anna": -6, "Béla": 6, "Csaba": -6, "Dóra": 6},
]


def _evening(client):
    return begin_evening(client, "snapszer", SEATS, "10")


@pytest.mark.db
def test_a_snapszer_evening_is_kept_like_an_ulti_one(client):
    sid, auth, view = _evening(client)
    for hand, payments in zip(HANDS, PAYMENTS, strict=True):
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=hand, headers=auth)
        assert saved.status_code == 201, saved.get_json()
        assert saved.get_json()["result"]["payments"] == payments
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert session["totals"]["units"] == {"Anna": -2, "Béla": -6, "Csaba": -2, "Dóra": 10}
    assert sum(int(t["amount"]) for t in session["totals"]["transfers"]) == 100

    edited = client.put(
        f"/api/v1/sessions/{sid}/hands/2", json={**HANDS[1], "loser": "below_33"}, headers=auth
    )
    assert edited.status_code == 200
    assert edited.get_json()["result"]["payments"] == {"Anna": 2, "Béla": -6, "Csaba": 2, "Dóra": 2}
    assert client.delete(f"/api/v1/sessions/{sid}/hands/3", headers=auth).status_code == 204
    history = client.get(f"/api/v1/sessions/{sid}/hands/2/history", headers=auth)
    assert history.status_code == 200
    deleted = client.get(f"/api/v1/sessions/{sid}/deleted-hands", headers=auth).get_json()
    assert [d["hand"]["winner"] for d in deleted["deleted_hands"]] == ["Dóra"]

    assert_export_imports_back(client, view)


@pytest.mark.db
def test_a_hand_of_another_game_is_refused_whole(client):
    sid, auth, _ = _evening(client)
    bad = {**HANDS[0], "colour": "piros"}
    refused = client.post(f"/api/v1/sessions/{sid}/hands", json=bad, headers=auth)
    assert refused.status_code == 422
    assert refused.get_json()["key"] == "colour" and refused.get_json()["code"] == "unknown_key"
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert session["hands"] == []
