"""The installable app's server side: the manifest, the service worker's script, and the
scorer's queue endpoint (a hand meant as number N, saved once whatever the retries)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image
from sqlalchemy import func, select

from ulti_ledger.db import db
from ulti_ledger.models import Hand

STATIC = Path(__file__).resolve().parents[2] / "static"


def hands(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand))


def queued_fields(scorer, number: int, declarer: str = "Béla") -> dict[str, list[str]]:
    fields = scorer.form()
    fields.update(declarer=[declarer], contract=["passz"], colour=["piros"], js=["1"])
    fields["action"] = ["save"]
    fields["queued_number"] = [str(number)]
    return fields


def test_the_manifest_is_valid_and_names_no_token(client, scorer):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.content_type == "application/manifest+json"
    manifest = response.get_json()
    for key in ("name", "short_name", "start_url", "display", "theme_color", "icons"):
        assert manifest[key], key
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert scorer.token() not in json.dumps(manifest)
    sizes = set()
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as answer:
            data = answer.get_data()
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.add(width)
    assert {192, 512} <= sizes
    page = client.get(scorer.edit_url).get_data(as_text=True)
    assert 'rel="manifest"' in page and "offline.js" in page


def test_the_service_worker_is_served_from_the_root_never_stale(client):
    with client.get("/sw.js") as response:
        text = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "javascript" in response.content_type
    assert response.headers["Cache-Control"] == "no-cache"
    assert text == (STATIC / "js" / "sw.js").read_text(encoding="utf-8")
    # the worker never keeps a write, the API or a file
    assert 'request.method !== "GET"' in text


def test_offline_state_needs_the_edit_link(client, scorer):
    view = client.get(scorer.view_url.replace("/s/", "/e/") + "/offline.json")
    assert view.status_code == 404
    state = client.get(scorer.edit_url + "/offline.json").get_json()
    assert state["number"] == 1
    assert set(state["after"]) == set(state["seats"])
    for dealer, nexts in state["after"].items():
        assert set(nexts) == {"", *state["seats"]}
        assert all(n in state["seats"] for n in nexts.values())
        assert nexts[""] != dealer  # the deal moves on


def test_offline_state_says_what_next_hand_says_after_every_hand(app, client, scorer):
    """Every (dealer, declarer) pair's next dealer, worked out in one pass over the
    rotation (``ledger.dealers_after``), is the ledger's own proposal for that hand."""
    from ulti_ledger import ledger

    state = client.get(scorer.edit_url + "/offline.json").get_json()
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert ledger.dealers_after(session) == state["after"]
        for dealer, nexts in state["after"].items():
            for declarer, after in nexts.items():
                last = {"dealer": dealer, "declarer": declarer or None, "outcome": None}
                assert after == ledger.next_hand(session, last)["dealer"]


def test_a_queued_hand_is_saved_once_whatever_the_retries(app, scorer):
    url = scorer.edit_url + "/hands/queued"
    fields = queued_fields(scorer, 1)
    key = {"Idempotency-Key": "q-1"}
    first = scorer.client.post(url, data=fields, headers=key)
    again = scorer.client.post(url, data=fields, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert first.get_json()["number"] == 1
    assert hands(app) == 1
    # the next queued hand, meant as hand 2, with the page of hand 1 (drawn offline)
    second = dict(fields, queued_number=["2"], declarer=["Csaba"])
    response = scorer.client.post(url, data=second, headers={"Idempotency-Key": "q-2"})
    assert response.status_code == 201 and response.get_json()["number"] == 2
    assert hands(app) == 2


def test_a_queued_hand_meant_as_a_number_already_taken_is_409_and_saves_nothing(app, scorer):
    url = scorer.edit_url + "/hands/queued"
    assert scorer.client.post(url, data=queued_fields(scorer, 1)).status_code == 201
    stale = queued_fields(scorer, 1, "Csaba")
    response = scorer.client.post(url, data=stale, headers={"Idempotency-Key": "other"})
    assert response.status_code == 409
    body = response.get_json()
    assert "1" in body["error"] and "2" in body["error"]
    assert hands(app) == 1


def test_a_refused_queued_hand_says_why_in_the_pages_words(app, scorer):
    fields = queued_fields(scorer, 1)
    fields["colour"] = [""]  # a passz needs its colour
    response = scorer.client.post(scorer.edit_url + "/hands/queued", data=fields)
    assert response.status_code == 422
    body = response.get_json()
    assert body["field"] and body["error"]
    assert "components[" not in body["error"] and "colour" not in body["error"]
    assert hands(app) == 0
