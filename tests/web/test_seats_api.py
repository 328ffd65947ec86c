"""The table agrees through the API: a seat claimed by the view token, a confirmation, a
dispute whose proposal the scorer accepts, an edit that asks again, and a seat's token
refused on a hand (403); the OpenAPI document describes every new route."""

from __future__ import annotations

import pytest
from flask import g

from tests.conftest import parti
from ulti_ledger import ledger
from ulti_ledger.views.seat_words import refusal

pytestmark = pytest.mark.db


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def evening(client, session_body):
    made = client.post("/api/v1/sessions", json={**session_body, "hands": [parti()]})
    data = made.get_json()
    view = data["view_url"].rsplit("/", 1)[1]
    return data["id"], data["edit_token"], view


def claim(client, sid, view, player, **more):
    answer = client.post(
        f"/api/v1/sessions/{sid}/seats", json={"player": player, **more}, headers=bearer(view)
    )
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["token"]


def marks(client, sid, token):
    answer = client.get(f"/api/v1/sessions/{sid}/agreement", headers=bearer(token))
    assert answer.status_code == 200
    return answer.get_json()


def test_confirm_dispute_accept_and_ask_again(client, evening):
    sid, edit, view = evening
    assert marks(client, sid, view)["effective_mode"] == "off"
    bela, csaba = claim(client, sid, view, "Béla"), claim(client, sid, view, "Csaba")
    (hand,) = marks(client, sid, bela)["hands"]
    assert (hand["status"], hand["waiting"]) == ("open", ["Béla", "Csaba"])
    url = f"/api/v1/sessions/{sid}/hands/1/verdicts"
    given = client.post(url, json={"verdict": "confirm"}, headers=bearer(bela))
    assert given.status_code == 201
    assert marks(client, sid, view)["hands"][0] | {"disputes": []} == {
        "number": 1,
        "status": "confirmed",
        "answered_by": ["Béla"],
        "waiting": [],
        "disputes": [],
    }
    # Csaba says the parti was lost, and proposes the hand
    proposal = parti(won=False)
    disputed = client.post(
        url, json={"verdict": "dispute", "proposal": proposal}, headers=bearer(csaba)
    )
    assert disputed.status_code == 201
    now = marks(client, sid, edit)
    assert now["hands"][0]["status"] == "disputed" and now["disputed"] == 1
    dispute_id = now["hands"][0]["disputes"][0]["id"]
    answer = client.post(
        f"/api/v1/sessions/{sid}/disputes/{dispute_id}/answer",
        json={"answer": "accepted"},
        headers=bearer(edit),
    )
    assert answer.status_code == 200, answer.get_json()
    hand = client.get(f"/api/v1/sessions/{sid}/hands/1", headers=bearer(view)).get_json()
    assert hand["hand"]["components"][0]["won"] is False
    after = marks(client, sid, view)["hands"][0]
    assert (after["status"], after["answered_by"]) == ("open", [])  # the edit asks again
    history = client.get(url, headers=bearer(view)).get_json()["verdicts"]
    assert [(v["player"], v["verdict"], v["answer"]) for v in history] == [
        ("Béla", "confirm", None),
        ("Csaba", "dispute", "accepted"),
    ]


def test_a_seat_token_writes_no_hand_and_takes_no_seat(client, evening):
    sid, edit, view = evening
    seat = claim(client, sid, view, "Béla")
    hands = f"/api/v1/sessions/{sid}/hands"
    refused = client.post(hands, json=parti(), headers=bearer(seat))
    assert refused.status_code == 403 and "seat token" in refused.get_json()["error"]
    again = client.post(
        f"/api/v1/sessions/{sid}/seats", json={"player": "Csaba"}, headers=bearer(seat)
    )
    assert again.status_code == 403
    assert (
        client.put(
            f"/api/v1/sessions/{sid}/agreement", json={"confirm_mode": "off"}, headers=bearer(seat)
        ).status_code
        == 403
    )


def test_house_options_and_a_pin(client, evening):
    sid, edit, view = evening
    claim(client, sid, view, "Béla", pin="4321")
    taken = client.post(
        f"/api/v1/sessions/{sid}/seats", json={"player": "Béla"}, headers=bearer(view)
    )
    assert taken.status_code == 403 and taken.get_json()["code"] == "pin_needed"
    set_rules = client.put(
        f"/api/v1/sessions/{sid}/agreement",
        json={"confirm_mode": "all", "settle_agreed": True},
        headers=bearer(edit),
    )
    assert set_rules.status_code == 200
    assert set_rules.get_json()["held"] is True
    seats = client.get(f"/api/v1/sessions/{sid}/seats", headers=bearer(edit)).get_json()
    assert seats["seats"][1] == {"player": "Béla", "claimed": True, "pin": True}
    freed = client.delete(f"/api/v1/sessions/{sid}/seats/Béla", headers=bearer(edit))
    assert freed.status_code == 200


def test_the_openapi_document_describes_the_new_routes(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    paths = doc["paths"]
    verdicts = paths["/api/v1/sessions/{session_id}/hands/{number}/verdicts"]
    assert verdicts["post"]["security"] == [{"seat": []}]
    assert verdicts["post"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/VerdictNew"
    }
    for path in ("seats", "seats/{player}", "agreement", "disputes/{dispute_id}/answer"):
        assert f"/api/v1/sessions/{{session_id}}/{path}" in paths
    assert doc["components"]["securitySchemes"]["seat"]["scheme"] == "bearer"


def test_a_seat_replaces_or_withdraws_its_own_dispute_and_no_other(client, evening):
    sid, edit, view = evening
    bela, csaba = claim(client, sid, view, "Béla"), claim(client, sid, view, "Csaba")
    url = f"/api/v1/sessions/{sid}/hands/1/verdicts"
    sent = client.post(url, json={"verdict": "dispute", "reason": "nem"}, headers=bearer(csaba))
    first = sent.get_json()["id"]
    disputes = f"/api/v1/sessions/{sid}/disputes"
    # another seat, the view and the edit token: none changes Csaba's word
    for token in (bela, view, edit):
        for method in ("PUT", "DELETE"):
            got = client.open(
                f"{disputes}/{first}", method=method, json={"reason": "x"}, headers=bearer(token)
            )
            assert got.status_code == 403, (token, method, got.get_json())
    assert client.delete(f"{disputes}/999999", headers=bearer(csaba)).status_code == 404
    # Csaba proposes the hand instead: a new id, the reason kept
    proposal = parti(won=False)
    amended = client.put(f"{disputes}/{first}", json={"proposal": proposal}, headers=bearer(csaba))
    assert amended.status_code == 200, amended.get_json()
    second = amended.get_json()
    assert (second["verdict"], second["reason"], second["proposal"]) == ("dispute", "nem", proposal)
    (hand,) = marks(client, sid, view)["hands"]
    assert [d["id"] for d in hand["disputes"]] == [second["id"]]
    bad = client.put(f"{disputes}/{second['id']}", json={"proposal": []}, headers=bearer(csaba))
    assert bad.status_code == 400
    stale = client.post(
        f"{disputes}/{first}/answer", json={"answer": "accepted"}, headers=bearer(edit)
    )
    assert stale.status_code == 404  # the replaced one is answered no more
    # withdrawn: the hand waits for Csaba again
    gone = client.delete(f"{disputes}/{second['id']}", headers=bearer(csaba))
    assert gone.status_code == 200 and gone.get_json()["verdict"] == "withdraw"
    (hand,) = marks(client, sid, view)["hands"]
    assert (hand["status"], hand["waiting"]) == ("open", ["Béla", "Csaba"])
    history = client.get(url, headers=bearer(view)).get_json()["verdicts"]
    assert [v["verdict"] for v in history] == ["dispute", "dispute", "withdraw"]


def test_an_answered_dispute_is_no_longer_the_seats_to_change(client, evening):
    sid, edit, view = evening
    csaba = claim(client, sid, view, "Csaba")
    url = f"/api/v1/sessions/{sid}/hands/1/verdicts"
    dispute = client.post(
        url, json={"verdict": "dispute", "reason": "nem"}, headers=bearer(csaba)
    ).get_json()["id"]
    answer = f"/api/v1/sessions/{sid}/disputes/{dispute}/answer"
    kept = client.post(answer, json={"answer": "kept", "text": "megvolt"}, headers=bearer(edit))
    assert kept.status_code == 200
    late = client.put(
        f"/api/v1/sessions/{sid}/disputes/{dispute}", json={"reason": "de"}, headers=bearer(csaba)
    )
    assert late.status_code == 409, late.get_json()
    (entry,) = client.get(url, headers=bearer(view)).get_json()["verdicts"]
    assert (entry["answer"], entry["answer_text"]) == ("kept", "megvolt")


def test_the_openapi_document_describes_a_disputes_change(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    path = doc["paths"]["/api/v1/sessions/{session_id}/disputes/{dispute_id}"]
    assert path["put"]["security"] == path["delete"]["security"] == [{"seat": []}]
    assert path["put"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/DisputeAmend"
    }
    assert {"403", "404", "409"} <= set(path["put"]["responses"])


def test_accepting_a_dispute_that_proposes_no_hand_is_refused_and_writes_nothing(
    app, client, evening
):
    sid, edit, view = evening
    csaba = claim(client, sid, view, "Csaba")
    url = f"/api/v1/sessions/{sid}/hands/1/verdicts"
    said = {"verdict": "dispute", "reason": "a parti nem jött be"}
    assert client.post(url, json=said, headers=bearer(csaba)).status_code == 201
    dispute_id = marks(client, sid, edit)["hands"][0]["disputes"][0]["id"]
    before = client.get(f"/api/v1/sessions/{sid}/hands/1", headers=bearer(view)).get_json()
    answer = client.post(
        f"/api/v1/sessions/{sid}/disputes/{dispute_id}/answer",
        json={"answer": "accepted"},
        headers=bearer(edit),
    )
    assert answer.status_code == 409 and answer.get_json()["code"] == "no_proposal"
    after = client.get(f"/api/v1/sessions/{sid}/hands/1", headers=bearer(view)).get_json()
    assert after == before
    history = client.get(url, headers=bearer(view)).get_json()["verdicts"]
    assert [(v["verdict"], v["answer"]) for v in history] == [("dispute", None)]
    # the scorer's page says it in its words
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        with pytest.raises(ledger.AgreementError) as refused:
            ledger.accept_proposal(session, dispute_id)
    for lang, words in (("hu", "nem javasol leosztást"), ("de", "schlägt kein Spiel vor")):
        with app.test_request_context():
            g.lang = lang
            assert words in refusal(refused.value)
