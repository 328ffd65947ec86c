"""The installable app's server side: the manifest, the service worker's script, and the
scorer's queue endpoint (a hand meant as number N, saved once whatever the retries)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from PIL import Image
from sqlalchemy import func, select

from ulti_ledger.db import db
from ulti_ledger.models import Hand

STATIC = Path(__file__).resolve().parents[2] / "static"


def hands(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand))


def stored(app, scorer) -> list[dict]:
    from ulti_ledger import ledger

    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return [ledger.hand_entry(session, n) for n in range(1, ledger.hand_count(session) + 1)]


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
    assert 'rel="manifest"' in page and re.search(r"/static/js/offline\.[0-9a-f]{12}\.js", page)


def test_the_service_worker_is_served_from_the_root_never_stale(client):
    with client.get("/sw.js") as response:
        text = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "javascript" in response.content_type
    assert response.headers["Cache-Control"] == "no-cache"
    # the script as it is, but its files named as this deploy hashes them, its version too
    shell = re.findall(r'"(/static/[^"]+)"', text)
    assert len(shell) >= 5
    assert all(re.fullmatch(r"/static/[\w/.-]+\.[0-9a-f]{12}\.\w+", url) for url in shell)
    assert re.search(r'^const VERSION = "v\d+-[0-9a-f]{12}";', text, re.M)
    source = (STATIC / "js" / "sw.js").read_text(encoding="utf-8")
    unhashed = re.sub(r"\.[0-9a-f]{12}(\.\w+\")", r"\1", text)
    assert re.sub(r'(const VERSION = "v\d+)-[0-9a-f]{12}"', r'\1"', unhashed) == source
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


def test_the_form_version_moves_with_the_form_not_with_a_hand(scorer):
    """The phone copies the new-hand form again only when its version moves on: a hand
    changes the evening's version, not the form's (the phone deals the form itself);
    the form in another language is another form."""
    url = scorer.edit_url + "/offline.json"
    before = scorer.client.get(url).get_json()
    posted = scorer.client.post(scorer.edit_url + "/hands/queued", data=queued_fields(scorer, 1))
    assert posted.status_code == 201
    after = scorer.client.get(url).get_json()
    assert after["version"] != before["version"]
    assert after["form_version"] == before["form_version"]
    english = scorer.client.get(url + "?lang=en").get_json()
    assert english["form_version"] != after["form_version"]


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
    """Another phone recorded hand 1 first: nothing is written, and the answer says what
    the hand would be at the end: hand 2, the rotation's next dealer, the engine's payments."""
    url = scorer.edit_url + "/hands/queued"
    assert scorer.client.post(url, data=queued_fields(scorer, 1)).status_code == 201
    stale = queued_fields(scorer, 1, "Csaba")
    response = scorer.client.post(url, data=stale, headers={"Idempotency-Key": "other"})
    assert response.status_code == 409
    body = response.get_json()
    assert "1" in body["error"] and "2" in body["error"]
    moved = body["moved"]
    assert (moved["meant"], moved["number"]) == (1, 2)
    assert moved["dealer"] == "Béla"  # Anna dealt hand 1; the deal passed to the right
    assert moved["sitting_out"] == ["Béla"]
    assert [h["number"] for h in moved["landed"]] == [1]
    assert moved["landed"][0]["declarer"] == "Béla" and moved["landed"][0]["dealer"] == "Anna"
    assert moved["twin"] is None  # another declarer: not the same hand
    assert moved["refused"] is None
    paid = {p["name"]: p["units"] for p in moved["payments"]}
    assert sum(paid.values()) == 0 and paid["Csaba"] > 0
    assert hands(app) == 1
    # added at the end in one tap: sent again meant as the number the answer gave
    again = dict(stale, queued_number=[str(moved["number"])])
    added = scorer.client.post(url, data=again, headers={"Idempotency-Key": "other-2"})
    assert added.status_code == 201 and added.get_json()["number"] == 2
    assert [e["dealer"] for e in stored(app, scorer)] == ["Anna", "Béla"]


def test_a_hand_both_phones_entered_is_recognised_as_a_twin(app, scorer):
    url = scorer.edit_url + "/hands/queued"
    assert scorer.client.post(url, data=queued_fields(scorer, 1)).status_code == 201
    copy = scorer.client.post(url, data=queued_fields(scorer, 1), headers={"Idempotency-Key": "b"})
    assert copy.status_code == 409
    assert copy.get_json()["moved"]["twin"] == 1
    # at the end the same facts are a hand of their own: Béla now deals and sits out
    assert copy.get_json()["moved"]["refused"]
    assert hands(app) == 1


def test_a_queued_hand_takes_the_rotations_dealer_not_the_pages(app, scorer):
    """The page was drawn for hand 1 (Anna deals) and kept by the phone; two hands later
    it is sent as hand 3: the server deals it as the rotation says, Csaba."""
    url = scorer.edit_url + "/hands/queued"
    old_page = queued_fields(scorer, 1, "Csaba")  # Anna deals, Béla... play
    assert old_page["dealer"] == ["Anna"] and old_page["proposed"] == ["Anna"]
    for number, declarer in ((1, "Béla"), (2, "Csaba")):
        fields = queued_fields(scorer, number, declarer)
        assert scorer.client.post(url, data=fields).status_code == 201
    third = dict(old_page, queued_number=["3"], declarer=["Dóra"])
    response = scorer.client.post(url, data=third)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["dealer"] == "Csaba"
    entries = stored(app, scorer)
    assert [e["dealer"] for e in entries] == ["Anna", "Béla", "Csaba"]
    assert entries[2]["hand"]["sitting_out"] == ["Csaba"]


def test_a_dealer_the_scorer_chose_is_kept(app, scorer):
    """Dóra dealt out of turn: the scorer chose her on the form (the page proposed Anna)."""
    fields = queued_fields(scorer, 1, "Béla")
    fields.update(dealer=["Dóra"], sitting_out_for=["Dóra"], sitting_out=["Dóra"])
    response = scorer.client.post(scorer.edit_url + "/hands/queued", data=fields)
    assert response.status_code == 201, response.get_json()
    assert [e["dealer"] for e in stored(app, scorer)] == ["Dóra"]


def test_offline_state_deals_every_dealer(client, scorer):
    state = client.get(scorer.edit_url + "/offline.json").get_json()
    assert set(state["deals"]) == set(state["seats"])
    for dealer, deal in state["deals"].items():
        assert deal["dealer"] == dealer and deal["sitting_out"] == [dealer]
        assert dealer not in deal["players"]
    assert state["form"].endswith("/hands/new")


def test_a_refused_queued_hand_says_why_in_the_pages_words(app, scorer):
    fields = queued_fields(scorer, 1)
    fields["colour"] = [""]  # a passz needs its colour
    response = scorer.client.post(scorer.edit_url + "/hands/queued", data=fields)
    assert response.status_code == 422
    body = response.get_json()
    assert body["field"] and body["error"]
    assert "components[" not in body["error"] and "colour" not in body["error"]
    assert hands(app) == 0
