"""Input no page sends, on the web pages: each is a 4xx that names the problem, never a 500.

Issue 11, point 5 (b-f): oversize ids in the URL, non-ASCII or overlong digits in number
fields, a hand's ``options`` field nested 100,000 deep or holding a lone surrogate, an
import file with a lone surrogate, and a new-evening form without its empty player fields.
Each test also checks that nothing was written.
"""

from __future__ import annotations

import io
import json

import pytest

from testkit import samples
from tests.ui_helpers import counts, csrf_token, read_form
from ulti_ledger import ledger, models

HAND = {
    "players": ["Anna", "Béla", "Csaba"],
    "sitting_out": ["Dóra"],
    "declarer": "Anna",
    "colour": "piros",
    "components": [{"name": "parti", "won": True}],
}
PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}
SESSIONS = models.GameSession.__tablename__
OVERSIZE = [2**31, 2**63, 2**64, int("9" * 400)]


def page_text(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.db
@pytest.mark.parametrize("number", OVERSIZE)
def test_ids_beyond_the_database_integer_are_not_found(app, client, scorer, number):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303  # one hand: the routes are real
    before = counts(app)
    edit, view = scorer.edit_url, scorer.view_url
    token = csrf_token(client.get(edit).get_data(as_text=True))
    gets = [
        f"{edit}/hands/{number}/edit",
        f"{edit}/hands/{number}/delete",
        f"{edit}/hands/{number}/history",
        f"{view}/hands/{number}/history",
    ]
    posts = [
        f"{edit}/hands/{number}",
        f"{edit}/hands/{number}/delete",
        f"{edit}/deleted/{number}/restore",
        f"{edit}/evening/undo/{number}",
    ]
    for path in gets:
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Nincs ilyen oldal" in page_text(response)  # Hungarian, the app's own page
    for path in posts:
        response = client.post(path, data={"csrf_token": token})
        assert response.status_code == 404, path
    assert counts(app) == before


@pytest.mark.db
def test_the_largest_id_is_looked_up_and_not_found(client, scorer):
    response = client.get(f"{scorer.edit_url}/hands/{2**31 - 1}/edit")
    assert response.status_code == 404


def test_an_id_in_other_digits_is_no_id(client, scorer):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    assert client.get(f"{scorer.edit_url}/hands/1/edit").status_code == 200
    assert client.get(f"{scorer.edit_url}/hands/\u0661/edit").status_code == 404  # Arabic 1


@pytest.mark.db
@pytest.mark.parametrize("raw", ["²", "\u0661", "9" * 5000, "-1", "1e3"])
def test_a_hand_form_s_version_that_is_no_number_is_a_400(app, scorer, raw):
    before = counts(app)
    response = scorer.post_hand({**PIROS_PASSZ, "expected_version": raw})
    assert response.status_code == 400
    text = page_text(response)
    assert "nem egész szám 0 és 2147483647 között: expected_version = " in text
    assert "9" * 100 not in text  # a long value is not echoed whole
    assert counts(app) == before


@pytest.mark.db
def test_the_version_refusal_is_in_english_on_request(app, client, scorer):
    fields = scorer.form()
    fields.update({k: [v] for k, v in PIROS_PASSZ.items()})
    fields.update({"expected_version": ["²"], "js": ["1"], "action": ["save"]})
    response = client.post(f"{scorer.edit_url}/hands?lang=en", data=fields)
    assert response.status_code == 400
    assert "The field “expected_version” is not a whole number" in page_text(response)


@pytest.mark.db
@pytest.mark.parametrize("raw", ["²", "9" * 5000])
def test_the_evening_settings_version_and_seat_too(app, client, scorer, raw):
    page = client.get(f"{scorer.edit_url}/evening").get_data(as_text=True)
    token = csrf_token(page)
    before = counts(app)
    fields = {**read_form(page, "evening-form"), "expected_version": [raw]}
    fields["csrf_token"] = [token]
    response = client.post(f"{scorer.edit_url}/evening", data=fields)
    assert response.status_code in (400, 422), page_text(response)[:500]
    join = {"csrf_token": token, "name": "Emese", "seat": raw}
    response = client.post(f"{scorer.edit_url}/evening/join", data=join)
    assert response.status_code == 400
    assert "között: seat = " in page_text(response)
    assert counts(app) == before


def _new_evening(client) -> dict[str, str]:
    page = client.get("/sessions/new").get_data(as_text=True)
    data = {k: v[0] for k, v in read_form(page, "session-form").items()}
    data.update({"players-0": "Anna", "players-1": "Béla", "players-2": "Csaba"})
    return data


@pytest.mark.db
@pytest.mark.parametrize("raw", ["²", "\u0663", "9" * 5000])
def test_a_new_evening_s_number_option_in_other_digits_is_named(app, client, raw):
    data = _new_evening(client)
    data["o-ulti-max_kontra_level"] = raw
    response = client.post("/sessions", data=data)
    assert response.status_code == 422
    text = page_text(response)
    assert "max_kontra_level" in text or "Kontra" in text
    assert "9" * 100 not in text
    assert counts(app)[SESSIONS] == 0


@pytest.mark.db
@pytest.mark.parametrize(
    "raw",
    ["[" * 100_000, "{" * 10, '{"a": ' * 3000, '{"\\ud800": 1}', '{"no_such_option": 1}'],
)
def test_a_posted_options_field_is_not_read(app, client, scorer, raw):
    """A hand's own house rules are not a field of the form: an edit keeps the recorded
    ones on the server (the page never carries them), so whatever is posted as ``options``,
    deep, broken or unknown, is not read, and the hand is saved as the form describes it."""
    fields = scorer.form()
    fields.update({"declarer": ["Béla"], "contract": ["passz"], "colour": ["piros"]})
    fields.update({"options": [raw], "js": ["1"]})
    preview = client.post(f"{scorer.edit_url}/preview", data=fields)
    assert preview.status_code == 200 and "preview-amount-Béla" in preview.get_data(as_text=True)
    response = scorer.post_hand({**PIROS_PASSZ, "options": raw})
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert "options" not in ledger.hand_entry(session, 1)["hand"]


@pytest.mark.db
@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda b: b["hands"][0].update(declarer="\ud800"), "hands[0].declarer"),
        (lambda b: b.update({"\udc00x": 1}), "?x"),
        (lambda b: b.update(options={"\ud800": "on"}), "options.?"),
        (lambda b: b["hands"][0].update(options={"\udbff": 1}), "hands[0].options.?"),
    ],
)
def test_an_import_file_with_a_lone_surrogate_is_refused_naming_where(app, client, change, where):
    body = {**samples.session_body(), "hands": [dict(HAND)]}
    change(body)
    token = csrf_token(client.get("/import").get_data(as_text=True))
    upload = (io.BytesIO(json.dumps(body).encode()), "este.json")  # "\ud800" escaped
    response = client.post(
        "/import", data={"file": upload, "csrf_token": token}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    text = page_text(response)
    assert f"{where}: érvénytelen Unicode-szöveg van benne" in text
    assert counts(app)[SESSIONS] == 0


@pytest.mark.db
def test_the_cli_import_refuses_a_lone_surrogate_too(bare_app, tmp_path):
    from click.testing import CliRunner

    from ulti_ledger.cli.main import main

    path = tmp_path / "este.json"
    path.write_text(json.dumps({**samples.session_body(), "name": "\ud800"}))
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]
    result = CliRunner().invoke(main, ["import", str(path), "--database", url])
    assert result.exit_code == 1
    assert "name: holds text that is not valid Unicode (a lone surrogate" in result.output


@pytest.mark.db
@pytest.mark.parametrize("players", [3, 4])
def test_a_new_evening_posted_without_its_empty_player_fields(app, client, players):
    data = {k: v for k, v in _new_evening(client).items() if not k.startswith("players-")}
    names = ["Anna", "Béla", "Csaba", "Dóra"][:players]
    data.update({f"players-{i}": name for i, name in enumerate(names)})
    response = client.post("/sessions", data=data)
    assert response.status_code == 303, page_text(response)[:2000]
    assert counts(app)[SESSIONS] == 1


@pytest.mark.db
def test_a_new_evening_without_its_option_fields_keeps_the_defaults(app, client):
    data = {k: v for k, v in _new_evening(client).items() if not k.startswith("o-")}
    response = client.post("/sessions", data=data)
    assert response.status_code == 303, page_text(response)[:2000]


@pytest.mark.db
def test_an_import_file_with_a_5000_digit_number_is_not_json(app, client):
    token = csrf_token(client.get("/import").get_data(as_text=True))
    upload = (io.BytesIO(b'{"format": ' + b"9" * 5000 + b"}"), "este.json")
    response = client.post(
        "/import", data={"file": upload, "csrf_token": token}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert "egy számban több mint 4300 számjegy van" in page_text(response)
    assert counts(app)[SESSIONS] == 0
