"""Idempotency-Key: the request's meaning is what is compared, and a replay never hands a
capability to a client that did not prove it sent the first request.

Real database, the app's routes; two clients are two test clients (two cookie jars).
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from sqlalchemy import func, select

from tests.ui_helpers import read_form
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Hand, IdempotencyRecord

FORM = "application/x-www-form-urlencoded"


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def post_form(client, url: str, pairs: list[tuple[str, str]], headers: dict[str, str]):
    """A form body with its fields in exactly this order."""
    body = urlencode(pairs)
    return client.post(url, data=body, content_type=FORM, headers=headers)


def test_the_same_json_in_another_key_order_and_spacing_is_replayed(app, client, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    url = f"/api/v1/sessions/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "k-json"}
    hand = {
        "players": ["Anna", "Béla", "Csaba"],
        "sitting_out": ["Dóra"],
        "declarer": "Anna",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }
    compact = json.dumps(hand, separators=(",", ":"))
    spread = json.dumps(dict(reversed(list(hand.items()))), indent=4, ensure_ascii=False)
    assert compact != spread
    first = client.post(url, data=compact, content_type="application/json", headers=auth)
    again = client.post(url, data=spread, content_type="application/json", headers=auth)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert count(app, Hand) == 1
    # a list's order is the request's meaning: other players' order is another request
    other = dict(hand, players=["Béla", "Anna", "Csaba"])
    refused = client.post(url, json=other, headers=auth)
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "idempotency_key_reused"
    assert count(app, Hand) == 1


def test_the_same_form_in_another_field_order_is_replayed_a_changed_one_is_422(app, scorer):
    fields = scorer.form()
    fields.update(declarer=["Béla"], contract=["passz"], colour=["piros"], js=["1"])
    fields["action"] = ["save"]
    url, key = scorer.edit_url + "/hands", {"Idempotency-Key": "form-order"}
    pairs = [(name, value) for name, values in fields.items() for value in values]
    first = post_form(scorer.client, url, pairs, key)
    shuffled = sorted(pairs, key=lambda pair: pair[0], reverse=True)  # a name keeps its order
    assert shuffled != pairs
    again = post_form(scorer.client, url, shuffled, key)
    assert first.status_code == again.status_code == 303
    assert again.headers.get("Idempotent-Replayed") == "true"
    changed = [(n, "tok" if n == "colour" else v) for n, v in pairs]
    assert post_form(scorer.client, url, changed, key).status_code == 422
    assert count(app, Hand) == 1


def test_two_clients_with_one_key_and_body_the_second_never_sees_the_edit_token(app, session_body):
    one, two = app.test_client(), app.test_client()
    key = {"Idempotency-Key": "evening-1"}
    first = one.post("/api/v1/sessions", json=session_body, headers=key)
    assert first.status_code == 201
    token = first.get_json()["edit_token"]
    second = two.post("/api/v1/sessions", json=session_body, headers=key)
    assert second.status_code == 409
    answer = second.get_json()
    assert answer["code"] == "idempotency_key_replayed_without_capability"
    assert answer["id"] == first.get_json()["id"]
    assert token not in second.get_data(as_text=True)
    assert not any(token in value for _, value in second.headers.items())
    assert "Idempotent-Replayed" not in second.headers
    assert count(app, GameSession) == 1  # the second wrote nothing
    with app.app_context():  # and the edit token is not kept where a replay could read it
        kept = db.session.execute(select(IdempotencyRecord)).scalar_one()
        assert kept.body is None and token not in (kept.headers or "")


def test_a_browser_replays_its_own_new_evening_another_browser_does_not(app, session_body):
    """The page's form: the browser's session secret proves the first request was its own."""
    mine, theirs = app.test_client(), app.test_client()
    page = mine.get("/sessions/new").get_data(as_text=True)
    data = {name: values[0] for name, values in read_form(page, "session-form").items()}
    for index, name in enumerate(["Anna", "Béla", "Csaba", "Dóra", ""]):
        data[f"players-{index}"] = name
    key = {"Idempotency-Key": "new-evening"}
    first = mine.post("/sessions", data=data, headers=key)
    assert first.status_code == 303
    edit_page = first.headers["Location"]
    again = mine.post("/sessions", data=data, headers=key)
    assert again.status_code == 303 and again.headers["Location"] == edit_page
    assert again.headers["Idempotent-Replayed"] == "true"
    # the same body (its CSRF token copied) and key from a browser without the cookie
    stranger = theirs.post("/sessions", data=data, headers=key)
    assert edit_page not in stranger.headers.get("Location", "")
    assert edit_page.rsplit("/", 1)[1] not in stranger.get_data(as_text=True)
    assert "Idempotent-Replayed" not in stranger.headers
    assert count(app, GameSession) == 1
