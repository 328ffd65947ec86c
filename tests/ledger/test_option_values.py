"""A list or a table given as a house-rule value is refused by name, wherever it arrives.

Before, ``Ruleset.resolve`` hashed the values to find its cache entry, and a list there was
``TypeError: unhashable`` (a 500 in the API and on /import, a traceback in the CLI).
"""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from testkit import samples
from tests.ui_helpers import csrf_token
from tests.web.test_api import bearer, counts
from ulti_ledger import models
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import OptionError

HAND = {
    "players": ["Anna", "Béla", "Csaba"],
    "sitting_out": ["Dóra"],
    "declarer": "Anna",
    "colour": "piros",
    "components": [{"name": "parti", "won": True}],
}
BAD = [[1], {"a": 1}, ["sits_out"], [[]]]
PROBLEM = "four_player_dealer: must be one value (a word or a whole number), not a"


@pytest.mark.parametrize("value", BAD)
def test_the_engine_names_the_option_and_what_it_got(value):
    engine = REGISTRY.engine()
    with pytest.raises(OptionError) as caught:
        engine.settle({**HAND, "ruleset": "ulti", "options": {"four_player_dealer": value}})
    assert caught.value.key == "options.four_player_dealer"
    kind = "a list" if isinstance(value, list) else "an object"
    assert str(caught.value).endswith(f"not {kind}")
    assert caught.value.text("hu").endswith("lista" if isinstance(value, list) else "objektum")


def test_a_whole_number_option_is_refused_alike():
    ruleset = REGISTRY.engine().rulesets["ulti"]
    with pytest.raises(OptionError, match="max_kontra_level: must be one value"):
        ruleset.resolve({"max_kontra_level": [3]})


@pytest.fixture
def api(client):
    created = client.post("/api/v1/sessions", json={**samples.session_body(), "hands": [HAND]})
    assert created.status_code == 201
    return created.get_json()


@pytest.mark.db
@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("route", ["add", "preview", "replace"])
def test_the_api_answers_422_naming_the_option_and_writes_nothing(app, client, api, route, value):
    before = counts(app)
    hand = {**HAND, "options": {"four_player_dealer": value}}
    base, auth = f"/api/v1/sessions/{api['id']}", bearer(api["edit_token"])
    if route == "add":
        response = client.post(f"{base}/hands", json=hand, headers=auth)
    elif route == "preview":
        response = client.post(f"{base}/preview", json=hand, headers=auth)
    else:
        response = client.put(f"{base}/hands/1", json={**hand, "version": 1}, headers=auth)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert PROBLEM in response.get_json()["error"]
    assert counts(app) == before


@pytest.mark.db
@pytest.mark.parametrize("where", ["hands[0].options", "options"])
def test_a_new_session_with_such_a_value_is_refused(app, client, where):
    body = samples.session_body()
    if where == "options":
        body["options"] = {"four_player_dealer": [1]}
    else:
        body["hands"] = [{**HAND, "options": {"four_player_dealer": [1]}}]
    response = client.post("/api/v1/sessions", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert PROBLEM in response.get_json()["error"]
    assert counts(app)[models.GameSession.__tablename__] == 0


@pytest.mark.db
def test_the_import_page_refuses_it_in_hungarian(app, client):
    body = {**samples.session_body(), "hands": [{**HAND, "options": {"four_player_dealer": [1]}}]}
    token = csrf_token(client.get("/import").get_data(as_text=True))
    upload = (io.BytesIO(json.dumps(body).encode()), "este.json")
    response = client.post(
        "/import", data={"file": upload, "csrf_token": token}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "four_player_dealer" in page
    assert "egyetlen érték legyen" in page  # the page's language: Hungarian by default
    assert counts(app)[models.GameSession.__tablename__] == 0


def test_the_cli_settle_says_so_and_exits_1_without_a_traceback(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**HAND, "ruleset": "ulti", "options": {"four_player_dealer": [1]}}))
    result = CliRunner().invoke(main, ["settle", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert PROBLEM in result.output
    text = CliRunner().invoke(main, ["settle", "--format", "text", str(path)])
    assert text.exit_code == 1 and PROBLEM in text.output
    assert "Traceback" not in result.output + text.output


@pytest.mark.db
def test_the_cli_import_says_so_and_writes_nothing(bare_app, tmp_path):
    body = {**samples.session_body(), "hands": [{**HAND, "options": {"four_player_dealer": [1]}}]}
    path = tmp_path / "este.json"
    path.write_text(json.dumps(body))
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]
    result = CliRunner().invoke(main, ["import", str(path), "--database", url])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert f"hands[0].options.{PROBLEM}" in result.output
