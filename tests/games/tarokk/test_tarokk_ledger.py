"""A magas tarokk evening of five through the API and the ledger: hands recorded with the
dealer sitting out, the totals, the pages and files, and its JSON export imported back
byte for byte; a hand the ruleset cannot settle is refused whole."""

from __future__ import annotations

import pytest

from tests.api_evening import assert_export_imports_back, begin_evening

SEATS = ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
FOUR = ["Béla", "Csaba", "Dóra", "Ede"]
HANDS = [
    {
        "players": FOUR,
        "sitting_out": ["Anna"],
        "declarer": "Béla",
        "partner": "Dóra",
        "contract": "ketto",
        "game": {"won": True, "kontra": 1},
        "figures": [
            {"name": "pagat-ultimo", "side": "declarer", "announced": True, "won": False},
            {"name": "xxi-fogas", "side": "opponents", "announced": False, "won": True},
        ],
        "tarokkszam": [{"player": "Csaba", "count": 8}],
    },
    {
        "players": FOUR,
        "sitting_out": ["Anna"],
        "declarer": "Csaba",
        "partner": None,
        "contract": "harom",
        "renonsz": {"player": "Ede", "ruling": "new_deal_kitty"},
    },
    {
        "players": FOUR,
        "sitting_out": ["Anna"],
        "declarer": "Dóra",
        "partner": "Béla",
        "contract": "harom",
        "game": {"won": True},
        "figures": [{"name": "pagat-facan", "side": "declarer", "announced": True, "won": True}],
    },
]
PAYMENTS = [
    # parti 2 x 2 = 4, failed pagát ultimó 10, the opponents' silent XXI-fogás 30: -36 per
    # declarer-side player; Csaba's 8 tarokks: 1 from each of the other three
    {"Béla": -37, "Csaba": 39, "Dóra": -37, "Ede": 35, "Anna": 0},
    {"Béla": 0, "Csaba": 0, "Dóra": 0, "Ede": 0, "Anna": 0},
    {"Béla": 51, "Csaba": -51, "Dóra": 51, "Ede": -51, "Anna": 0},
]


def _evening(client):
    return begin_evening(client, "magas-tarokk", SEATS, "5")


@pytest.mark.db
def test_a_magas_tarokk_evening_of_five_is_kept(client):
    sid, auth, view = _evening(client)
    for hand, payments in zip(HANDS, PAYMENTS, strict=True):
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=hand, headers=auth)
        assert saved.status_code == 201, saved.get_json()
        assert saved.get_json()["result"]["payments"] == payments
    kitty = client.post(f"/api/v1/sessions/{sid}/hands", json=HANDS[0], headers=auth)
    assert kitty.get_json()["result"]["kitty"] == {"Béla": -5, "Dóra": -5}
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert sum(session["totals"]["units"].values()) == 0
    assert_export_imports_back(client, view)
    sheet = client.get(view).get_data(as_text=True)
    assert "pagát ultimó" in sheet and "kettő, parti megvan" in sheet


@pytest.mark.db
def test_an_impossible_tarokk_hand_is_refused_whole(client):
    sid, auth, _ = _evening(client)
    bad = {
        **HANDS[0],
        "figures": [
            {"name": "szincsalad", "side": "declarer", "announced": True, "won": True, "kontra": 2}
        ],
    }
    refused = client.post(f"/api/v1/sessions/{sid}/hands", json=bad, headers=auth)
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["key"] == "figures[0].kontra" and body["code"] == "magas_kontra_only"
    assert client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()["hands"] == []
