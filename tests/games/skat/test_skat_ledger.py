"""A Skat evening of four through the API and the ledger: the list (score) per hand and
summed, the money pair by pair, an edit and a delete, the sheets, and the JSON export
imported back byte for byte."""

from __future__ import annotations

import pytest

from tests.api_evening import assert_export_imports_back, begin_evening
from ulti_ledger.words.money_format import total_text

SEATS = ["Anna", "Béla", "Csaba", "Dóra"]


def _evening(client, options=None):
    return begin_evening(client, "skat", SEATS, "0.10", "EUR", options)


def _next(client, sid, auth):
    return client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()["next"]


@pytest.mark.db
def test_a_skat_evening_of_four_keeps_the_list_and_settles_pair_by_pair(client):
    sid, auth, view = _evening(client, {"list": "seeger_fabian"})
    deal = _next(client, sid, auth)
    assert deal["dealer"] == "Anna"  # the first dealer; Vorhand sits at his left
    games = [
        {"game": "grand", "mit": 2, "hand": True, "declarer_points": 92},  # +120 (+50)
        {"game": "karo", "ohne": 2, "declarer_points": 50},  # -54 (-50), others +30
        {"game": "null", "ouvert": True, "won": True},  # +46 (+50)
        {"outcome": "all_pass"},  # eingepasst: no entry, names nobody
    ]
    scores = []
    for game in games:
        deal = _next(client, sid, auth)
        hand = {
            "players": deal["players"],
            "sitting_out": deal["sitting_out"],
            **({} if "outcome" in game else {"declarer": deal["players"][0]}),
            **game,
        }
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=hand, headers=auth)
        assert saved.status_code == 201, saved.get_json()
        result = saved.get_json()["result"]
        assert sum(result["payments"].values()) == 0
        scores.append(result["score"])
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert [h["result"]["score"] for h in session["hands"]] == scores
    totals = {p: sum(s.get(p, 0) for s in scores) for p in SEATS}
    n = len(SEATS)
    units = {p: n * totals[p] - sum(totals.values()) for p in SEATS}
    assert session["totals"]["units"] == units
    assert sorted(scores[0].values()) == [0, 0, 0, 170]
    assert set(scores[3].values()) == {0}

    deal = session["hands"][1]
    edited = {**deal["hand"], "declarer_points": 70}
    put = client.put(f"/api/v1/sessions/{sid}/hands/2", json=edited, headers=auth)
    assert put.status_code == 200, put.get_json()
    assert max(put.get_json()["result"]["score"].values()) == 27 + 50
    assert client.delete(f"/api/v1/sessions/{sid}/hands/3", headers=auth).status_code == 204

    assert_export_imports_back(client, view)
    board = client.get(f"{view}?lang=de").get_data(as_text=True)
    assert "Grand Hand mit 2, Schneider" in board
    final = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()["totals"]["scores"]
    for name, total in final.items():  # a list total as the list writes it: the real minus
        shown = f"−{-total}" if total < 0 else str(total)
        assert f'data-testid="score-total-{name}">Liste: {shown}<' in board, name
    assert "Liste: -" not in board and "→ -" not in board
    assert (total_text(-310), total_text(0), total_text(77)) == ("−310", "0", "77")


@pytest.mark.db
def test_an_impossible_skat_hand_is_a_422_naming_the_key_and_nothing_is_written(client):
    sid, auth, _ = _evening(client)
    deal = _next(client, sid, auth)
    bad = {
        "players": deal["players"],
        "sitting_out": deal["sitting_out"],
        "declarer": deal["players"][0],
        "game": "grand",
        "ohne": 5,
        "declarer_points": 70,
    }
    refused = client.post(f"/api/v1/sessions/{sid}/hands?lang=hu", json=bad, headers=auth)
    assert refused.status_code == 422
    body = refused.get_json()
    assert (body["key"], body["code"]) == ("ohne", "matadors_range")
    assert "lehetetlen Grand játékban" in body["error"]
    assert client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()["hands"] == []
