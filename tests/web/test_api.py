"""The JSON API through the test client: every route, every way to be refused."""

from decimal import Decimal

import pytest
from sqlalchemy import func, select

from ulti_ledger import models
from ulti_ledger.db import db

TABLES = (models.GameSession, models.Hand, models.HandSeat)


def counts(app):
    with app.app_context():
        count = select(func.count())
        return {m.__tablename__: db.session.scalar(count.select_from(m)) for m in TABLES}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


class Api:
    """A scorer's actions: start a session, record hands (flaskr's ``AuthActions``)."""

    def __init__(self, client, body):
        self.client = client
        self.body = body
        self.id = None
        self.edit = None
        self.view = None

    def start(self, **changes):
        response = self.client.post("/api/v1/sessions", json={**self.body, **changes})
        assert response.status_code == 201, response.get_json()
        data = response.get_json()
        self.id, self.edit = data["id"], data["edit_token"]
        self.view = data["view_url"].rsplit("/", 1)[1]
        return data

    def url(self, tail=""):
        return f"/api/v1/sessions/{self.id}{tail}"

    def post_hand(self, hand, token=None):
        return self.client.post(self.url("/hands"), json=hand, headers=bearer(token or self.edit))

    def get(self, token=None, query=""):
        return self.client.get(self.url(query), headers=bearer(token or self.edit))


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def test_create_session_answers_ids_tokens_and_page_urls(api, app):
    data = api.start()
    assert set(data) == {"id", "edit_token", "url", "view_url"}
    assert data["url"] == f"http://localhost/e/{data['edit_token']}"
    assert data["view_url"].startswith("http://localhost/s/")
    assert api.view != api.edit
    assert counts(app)["game_sessions"] == 1


def test_session_round_trip_returns_the_same_hands(api, hand_kinds, canonical):
    hands = list(hand_kinds.values())
    api.start(hands=hands, name="Péntek este", place="Pécs", date="2024-11-29")
    response = api.get()
    assert response.status_code == 200
    data = response.get_json()
    assert [h["hand"] for h in data["hands"]] == [canonical(h) for h in hands]
    assert [h["number"] for h in data["hands"]] == list(range(1, len(hands) + 1))
    assert data["format"] == "ulti-ledger/session@1"
    assert data["players"] == api.body["players"]
    assert data["unit_value"] == {"amount": "10", "currency": "HUF"}
    assert (data["name"], data["place"], data["date"]) == ("Péntek este", "Pécs", "2024-11-29")
    units = data["totals"]["units"]
    assert sum(units.values()) == 0
    assert data["totals"]["money"] == {n: str(u * 10) for n, u in units.items()}
    assert data["hands"][-1]["totals"] == units
    # the answer's session@1 keys (dealers included) post back as an equal session
    again = {k: data[k] for k in ("format", "ruleset", "options", "unit_value", "players")}
    again["hands"] = [{**h["hand"], "dealer": h["dealer"]} for h in data["hands"]]
    copy = api.start(**again)
    copied = api.client.get(f"/api/v1/sessions/{copy['id']}", headers=bearer(copy["edit_token"]))
    assert copied.get_json()["hands"] == data["hands"]


def test_reads_accept_the_view_token_as_bearer_or_query(api):
    api.start()
    assert api.get(api.view).status_code == 200
    assert api.client.get(api.url(f"?token={api.view}")).status_code == 200
    assert api.client.get(api.url(f"?token={api.edit}&lang=hu")).status_code == 200


@pytest.mark.parametrize(
    "method, tail",
    [
        ("get", ""),
        ("post", "/hands"),
        ("post", "/preview"),
        ("get", "/hands/1"),
        ("put", "/hands/1"),
        ("delete", "/hands/1"),
    ],
)
def test_every_session_route_needs_a_token(api, hand, method, tail):
    api.start(hands=[hand()])
    response = getattr(api.client, method)(api.url(tail), json=hand())
    assert response.status_code == 401
    assert "Bearer" in response.get_json()["error"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = getattr(api.client, method)(api.url(tail), json=hand(), headers=bearer("nope"))
    assert wrong.status_code == 403
    assert "does not open this session" in wrong.get_json()["error"]


@pytest.mark.parametrize(
    "method, tail", [("post", "/hands"), ("put", "/hands/1"), ("delete", "/hands/1")]
)
def test_writes_refuse_the_view_token(api, app, hand, method, tail):
    api.start(hands=[hand()])
    before = counts(app)
    response = getattr(api.client, method)(api.url(tail), json=hand(), headers=bearer(api.view))
    assert response.status_code == 403
    assert "edit token" in response.get_json()["error"]
    response = api.client.post(api.url(f"/hands?token={api.edit}"), json=hand())
    assert response.status_code == 401  # the query string is for reading only
    assert counts(app) == before


def test_unknown_session_answers_as_a_wrong_token_and_unknown_hand_is_404(api, hand):
    api.start(hands=[hand()])
    wrong = api.client.get(api.url(), headers=bearer("x" * 43))
    for token in (api.edit, "x" * 43):  # an id no session has: not told apart
        response = api.client.get("/api/v1/sessions/999", headers=bearer(token))
        assert (response.status_code, response.get_json()) == (403, wrong.get_json())
    assert wrong.get_json() == {"error": "this token does not open this session"}
    for method in ("get", "put", "delete"):
        response = getattr(api.client, method)(
            api.url("/hands/7"), json=hand(), headers=bearer(api.edit)
        )
        assert response.status_code == 404
        assert "no hand 7" in response.get_json()["error"]


def test_post_a_hand_answers_its_number_and_result(api):
    api.start()
    response = api.post_hand(
        {
            "players": ["Béla", "Csaba", "Dóra"],
            "sitting_out": ["Anna"],
            "declarer": "Béla",
            "components": [{"name": "betli", "won": False, "kontra": {"Csaba": 1}}],
        }
    )
    assert response.status_code == 201
    data = response.get_json()
    assert data["number"] == 1
    assert data["dealer"] == "Anna"
    assert data["result"]["payments"] == {"Anna": 0, "Béla": -15, "Csaba": 10, "Dóra": 5}
    assert response.headers["Location"].endswith(api.url("/hands/1"))
    assert api.client.get(response.headers["Location"], headers=bearer(api.view)).get_json() == data
    hungarian = api.client.get(api.url("/hands/1?lang=hu"), headers=bearer(api.view)).get_json()
    assert hungarian["result"]["lines"][0].startswith("betli bukott")


@pytest.mark.parametrize(
    "change, key, message",
    [
        ({"components": [{"name": "ulty", "won": True}]}, "components[0].name", "ulti"),
        (
            {"components": [{"name": "parti", "won": True, "kontra": 5}]},
            "components[0].kontra",
            "kontra level 5 is above this table's ceiling, mordkontra (4)",
        ),
        ({"players": ["Anna", "Béla", "Ede"]}, "players", "Ede is not at this table"),
        ({"declarer": "Dóra"}, "declarer", "Dóra sits out this hand"),
        ({"colour": "kék"}, "colour", "allowed: makk, zold, tok, piros"),
        ({"wind": "north"}, "wind", "is not a key of a hand"),
    ],
)
def test_invalid_hands_are_422_with_the_key_and_nothing_is_written(
    api, app, hand, change, key, message
):
    api.start(hands=[hand()])
    before = counts(app)
    for response in (
        api.post_hand(hand(**change)),
        api.client.put(api.url("/hands/1"), json=hand(**change), headers=bearer(api.edit)),
        api.client.post(api.url("/preview"), json=hand(**change), headers=bearer(api.edit)),
    ):
        assert response.status_code == 422
        body = response.get_json()
        assert body["key"] == key
        assert message in body["error"]
    assert counts(app) == before
    assert api.get().get_json()["hands"][0]["hand"] == hand()


def test_an_invalid_session_body_is_422_and_nothing_is_written(api, app, hand):
    bad = hand(components=[{"name": "parti", "won": True, "kontra": 9}])
    response = api.client.post("/api/v1/sessions", json={**api.body, "hands": [hand(), bad]})
    assert response.status_code == 422
    assert response.get_json()["key"] == "hands[1].components[0].kontra"
    assert counts(app) == {t.__tablename__: 0 for t in TABLES}


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Anna", "anna"),
        ("Béla", "BÉLA"),
        ("Kiss Anna", "Kiss  Anna"),  # two spaces inside
        ("Kiss Anna", "Kiss\u00a0anna"),  # a no-break space
        ("Béla", "Be\u0301la"),  # é typed as e + a combining accent (NFD)
        ("Straße", "STRASSE"),  # case folding, not just lower()
    ],
)
def test_names_that_differ_only_in_case_or_spaces_are_one_player(api, app, first, second):
    players = [first, "Csaba", second, "Dóra"]
    response = api.client.post("/api/v1/sessions", json={**api.body, "players": players})
    assert response.status_code == 422
    body = response.get_json()
    assert body["key"] == "players[2]"
    assert repr(first) in body["error"] and repr(second) in body["error"]
    assert "capitals or spaces" in body["error"]
    assert counts(app) == {t.__tablename__: 0 for t in TABLES}


def test_names_that_only_look_alike_are_still_two_players(api):
    api.start(players=["Anna", "Anna Kiss", "Ana", "Dóra"])
    assert api.get().get_json()["players"] == ["Anna", "Anna Kiss", "Ana", "Dóra"]


@pytest.mark.parametrize(
    "stakes",
    [
        {"amount": "10"},
        {"amount": "10", "currency": ""},
        {"amount": "10", "currency": "  "},
        {"amount": "10", "currency": None},
    ],
)
def test_a_session_needs_a_currency(api, app, stakes):
    response = api.client.post("/api/v1/sessions", json={**api.body, "unit_value": stakes})
    assert response.status_code == 422
    body = response.get_json()
    assert body["key"] == "unit_value.currency"
    assert "is required" in body["error"] and "HUF" in body["error"]
    assert counts(app) == {t.__tablename__: 0 for t in TABLES}
    api.start()
    change = api.client.patch(api.url(), json={"unit_value": stakes}, headers=bearer(api.edit))
    assert change.status_code == 422 and change.get_json()["key"] == "unit_value.currency"
    assert api.get().get_json()["unit_value"] == {"amount": "10", "currency": "HUF"}


@pytest.mark.parametrize(
    "data, content_type, status, message",
    [
        ("{not json", "application/json", 400, "not valid JSON"),
        ("[" * 100_000, "application/json", 400, "not valid JSON"),
        ('{"format": 1}', "text/plain", 415, "Content-Type: application/json"),
        ("players=Anna", "application/x-www-form-urlencoded", 415, "JSON"),
        ("[1, 2]", "application/json", 422, "a session must be a JSON object"),
        ("null", "application/json", 422, "a session must be a JSON object"),
    ],
)
def test_malformed_bodies_are_4xx_json(api, app, data, content_type, status, message):
    response = api.client.post("/api/v1/sessions", data=data, content_type=content_type)
    assert response.status_code == status
    assert response.mimetype == "application/json"
    assert message in response.get_json()["error"]
    assert counts(app)["game_sessions"] == 0


def test_an_oversized_body_is_413_json(api, app):
    huge = '{"name": "' + "x" * (1024 * 1024) + '"}'
    response = api.client.post("/api/v1/sessions", data=huge, content_type="application/json")
    assert response.status_code == 413
    assert "larger than the limit" in response.get_json()["error"]


def test_unknown_api_urls_and_methods_answer_json(api):
    response = api.client.get("/api/v1/nothing")
    assert response.status_code == 404
    assert "error" in response.get_json()
    response = api.client.patch("/api/v1/sessions")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert "error" in response.get_json()
    assert api.client.get("/no-such-page").mimetype == "text/html"


def test_put_recomputes_the_totals_after_the_hand(api, hand):
    api.start(hands=[hand("Anna"), hand("Béla"), hand("Csaba")])
    before = api.get().get_json()
    assert [h["totals"]["Anna"] for h in before["hands"]] == [4, 2, 0]
    response = api.client.put(
        api.url("/hands/1"), json=hand("Anna", won=False), headers=bearer(api.edit)
    )
    assert response.status_code == 200
    assert response.get_json()["result"]["payments"]["Anna"] == -4
    after = api.get().get_json()
    assert [h["totals"]["Anna"] for h in after["hands"]] == [-4, -6, -8]
    assert after["totals"]["money"]["Anna"] == "-80"
    assert after["version"] > before["version"]


def test_delete_removes_the_hand_and_renumbers(api, app, hand):
    api.start(hands=[hand("Anna"), hand("Béla"), hand("Csaba")])
    response = api.client.delete(api.url("/hands/2"), headers=bearer(api.edit))
    assert response.status_code == 204
    data = api.get().get_json()
    assert [h["number"] for h in data["hands"]] == [1, 2]
    assert [h["hand"]["declarer"] for h in data["hands"]] == ["Anna", "Csaba"]
    # Deleting hides the hand; its rows stay, so it can be restored (test_audit).
    assert counts(app)["hands"] == 3
    assert counts(app)["hand_seats"] == 12


def test_preview_records_nothing(api, app, hand):
    api.start()
    response = api.client.post(api.url("/preview"), json=hand(), headers=bearer(api.edit))
    assert response.status_code == 200
    assert response.get_json()["result"]["payments"]["Anna"] == 4
    assert counts(app)["hands"] == 0


def test_the_session_answer_proposes_the_next_deal(api, hand):
    api.start(hands=[hand(dealer="Dóra")])
    assert api.get().get_json()["next"] == {
        "dealer": "Anna",
        "players": ["Béla", "Csaba", "Dóra"],
        "sitting_out": ["Anna"],
        "first_bidder": "Béla",
    }


def test_a_session_keeps_its_ruleset_when_the_shipped_file_changes(api, hand, monkeypatch):
    from ulti_ledger.games import parse_ruleset
    from ulti_ledger.ledger import pinning, writes
    from ulti_ledger.settlement import Engine

    shipped = pinning.builtin_engine().ruleset("ulti")
    changed = parse_ruleset(
        shipped.text.replace('factor = 2\nlabel = "piros"', 'factor = 3\nlabel = "piros"'),
        "ulti.toml",
    )
    assert changed.digest != shipped.digest
    monkeypatch.setattr(writes, "builtin_engine", lambda: Engine({"ulti": changed}))
    api.start(hands=[hand()])  # created while the shipped file says piros x3
    monkeypatch.undo()  # the file is back to piros x2 for everyone else
    response = api.post_hand(hand())
    assert response.get_json()["result"]["payments"]["Anna"] == 6
    data = api.get().get_json()
    assert data["ruleset_digest"] == changed.digest
    assert [h["result"]["payments"]["Anna"] for h in data["hands"]] == [6, 6]
    fresh = api.client.post("/api/v1/sessions", json={**api.body, "hands": [hand()]})
    other = fresh.get_json()
    shown = api.client.get(
        f"/api/v1/sessions/{other['id']}", headers=bearer(other["edit_token"])
    ).get_json()
    assert shown["hands"][0]["result"]["payments"]["Anna"] == 4
    assert shown["ruleset_digest"] == shipped.digest


def test_totals_come_with_the_transfers_that_settle_them(api, hand_kinds):
    api.start(hands=list(hand_kinds.values()))
    totals = api.get().get_json()["totals"]
    settled = {name: Decimal(amount) for name, amount in totals["settled"].items()}
    assert sum(settled.values()) == 0
    for transfer in totals["transfers"]:
        settled[transfer["from"]] += Decimal(transfer["amount"])
        settled[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(settled.values()) == {0}
    assert all(Decimal(a) % 5 == 0 for a in totals["settled"].values())  # HUF: 5 Ft coins
