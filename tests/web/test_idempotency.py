"""Idempotency-Key on every write: the same request sent again records once and answers alike.

The semantics of the IETF draft: a repeat of a key with the same request gets the first
answer again (marked ``Idempotent-Replayed``); the key with another request is a 422; a
request that wrote nothing claimed nothing. Real database, real engine, the app's routes.
"""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from ulti_ledger.db import db
from ulti_ledger.models import Hand, IdempotencyRecord
from ulti_ledger.web.idempotency import parse_key


def new_session(client, session_body):
    response = client.post("/api/v1/sessions", json=session_body)
    assert response.status_code == 201
    return response.get_json()


def hands_in(app, session_id: int) -> int:
    with app.app_context():
        return db.session.scalar(
            select(func.count()).select_from(Hand).where(Hand.session_id == session_id)
        )


def test_the_same_post_twice_records_one_hand_and_both_answers_name_it(
    app, client, session_body, hand
):
    created = new_session(client, session_body)
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": '"k-1"'}
    url = f"/api/v1/sessions/{created['id']}/hands"
    first = client.post(url, json=hand(), headers=auth)
    second = client.post(url, json=hand(), headers=auth)
    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json()
    assert first.get_json()["number"] == 1
    assert second.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert second.headers["ETag"] == first.headers["ETag"]
    assert hands_in(app, created["id"]) == 1
    # a new key is a new hand
    third = client.post(url, json=hand(), headers={**auth, "Idempotency-Key": "k-2"})
    assert third.status_code == 201 and third.get_json()["number"] == 2
    assert hands_in(app, created["id"]) == 2


def test_the_key_with_another_body_is_422_and_writes_nothing(app, client, session_body, hand):
    created = new_session(client, session_body)
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "k"}
    url = f"/api/v1/sessions/{created['id']}/hands"
    assert client.post(url, json=hand(), headers=auth).status_code == 201
    other = client.post(url, json=hand(declarer="Béla"), headers=auth)
    assert other.status_code == 422
    assert other.get_json()["code"] == "idempotency_key_reused"
    assert hands_in(app, created["id"]) == 1


def test_a_refused_write_claims_no_key_so_the_mended_hand_may_use_it(
    app, client, session_body, hand
):
    created = new_session(client, session_body)
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "k"}
    url = f"/api/v1/sessions/{created['id']}/hands"
    refused = client.post(url, json=hand(declarer="Zoltán"), headers=auth)
    assert refused.status_code == 422
    # the same refused request again is judged again (nothing was kept)
    assert client.post(url, json=hand(declarer="Zoltán"), headers=auth).status_code == 422
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(IdempotencyRecord)) == 0


def test_keys_are_scoped_by_the_capability_that_sent_them(client, session_body, hand):
    one = new_session(client, session_body)
    two = new_session(client, session_body)
    for created in (one, two):
        response = client.post(
            f"/api/v1/sessions/{created['id']}/hands",
            json=hand(),
            headers={"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "x"},
        )
        assert response.status_code == 201
        assert "Idempotent-Replayed" not in response.headers


def test_session_creation_put_and_delete_honour_the_key(app, client, session_body, hand):
    key = {"Idempotency-Key": "create-1"}
    first = client.post("/api/v1/sessions", json=session_body, headers=key)
    again = client.post("/api/v1/sessions", json=session_body, headers=key)
    assert first.status_code == 201
    # a creation's answer holds a capability: told again, but never handed over again
    assert again.status_code == 409
    assert again.get_json()["id"] == first.get_json()["id"]
    sid, token = first.get_json()["id"], first.get_json()["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(2):
        client.post(f"/api/v1/sessions/{sid}/hands", json=hand(), headers=auth)
    delete = {**auth, "Idempotency-Key": "del-1"}
    assert client.delete(f"/api/v1/sessions/{sid}/hands/1", headers=delete).status_code == 204
    # the retry must not delete the hand that moved up to number 1
    assert client.delete(f"/api/v1/sessions/{sid}/hands/1", headers=delete).status_code == 204
    assert hands_in(app, sid) == 2  # deletion hides; both rows stay
    live = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert len(live["hands"]) == 1


def test_the_hand_form_post_honours_the_key(app, scorer):
    """The same form sent twice (a response lost on the phone's way back) saves once."""
    fields = scorer.form()
    fields.update(declarer=["Béla"], contract=["passz"], colour=["piros"], js=["1"])
    fields["action"] = ["save"]
    url, key = scorer.edit_url + "/hands", {"Idempotency-Key": "form-1"}
    response = scorer.client.post(url, data=fields, headers=key)
    again = scorer.client.post(url, data=fields, headers=key)
    assert response.status_code == again.status_code == 303
    assert again.headers["Location"] == response.headers["Location"]
    assert again.headers.get("Idempotent-Replayed") == "true"
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 1


@pytest.mark.parametrize("value", ["", '""', "x" * 256, "ké"])
def test_a_malformed_key_is_400_naming_the_header(client, session_body, value):
    response = client.post(
        "/api/v1/sessions", json=session_body, headers={"Idempotency-Key": value}
    )
    assert response.status_code == 400
    assert response.get_json()["key"] == "Idempotency-Key"


def test_parse_key_reads_sf_strings_and_bare_tokens():
    assert parse_key('"8e03978e-40d5-43e8-bc93-6894a57f9324"') == (
        "8e03978e-40d5-43e8-bc93-6894a57f9324"
    )
    assert parse_key("abc") == "abc"
    assert parse_key("  ") is None


def test_two_copies_racing_record_one_hand(app, session_body, hand):
    """A double tap: two identical requests at once; one records, the other does not."""
    client = app.test_client()
    created = new_session(client, session_body)
    url = f"/api/v1/sessions/{created['id']}/hands"
    headers = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "tap"}
    statuses: list[int] = []

    def send():
        statuses.append(app.test_client().post(url, json=hand(), headers=headers).status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert hands_in(app, created["id"]) == 1
    assert 201 in statuses
    assert set(statuses) <= {201, 409}
    # every retry after the race gets the recorded answer
    assert app.test_client().post(url, json=hand(), headers=headers).status_code == 201
    assert hands_in(app, created["id"]) == 1
