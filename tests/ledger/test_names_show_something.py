"""A name must show something: one check (``ledger.names.hidden_character``, through
``refuse_hidden``) for every kind of name (a player's, an evening's, a place's, a
group's) in every way a name comes in: the API's JSON, the pages' forms, the players
PATCH, an imported file and a restored backup. A combining mark alone, a private-use or
an unassigned code point, zero-width characters only: each is a 4xx naming the problem
(on a page, in its language), and nothing is written."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import select

from tests.backup.test_backup import fresh_app, run
from tests.conftest import close_app, make_app
from tests.ui_helpers import read_form
from ulti_ledger import groups
from ulti_ledger.cli import main as cli
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Group, Player

SHOW_NOTHING = {
    "combining mark alone": "\u0301",
    "private use": "\ue000",
    "private use, plane 15": "\U000f0000",
    "unassigned": "\u0378",
    "zero width only": "\u200b\u200b",
    "mark after a zero width joiner": "\u200d\u0301",
}
HUNGARIAN = ("Nincs benne semmi látható", "Láthatatlan karakter van benne")
"""The page's words (Hungarian by default) for "nothing visible" and "invisible"."""
BODY = {
    "format": "ulti-ledger/session@1",
    "ruleset": "ulti",
    "players": ["Anna", "Béla", "Csaba"],
    "unit_value": {"amount": "5", "currency": "HUF"},
    "name": "Péntek",
    "place": "Klub",
}
FIELD = {"player": "players", "evening": "name", "place": "place"}


@pytest.fixture
def app(tmp_path):
    """The app without CSRF (the forms are posted by the test, not read from pages)."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield app
    close_app(app)


@pytest.fixture
def evening(app):
    """An evening of Anna, Béla and Csaba in a group: (client, evening JSON, group)."""
    client = app.test_client()
    made = client.post("/api/v1/sessions", json=BODY).get_json()
    with app.app_context():
        group = groups.create_group("Kör")
        found = {"id": group.id, "edit": group.edit_token}
    answer = client.post(
        f"/api/v1/groups/{found['id']}/evenings",
        json={"evening": made["edit_token"]},
        headers={"Authorization": f"Bearer {found['edit']}"},
    )
    assert answer.status_code == 201
    return client, made, found


def stored_names(app) -> set[str]:
    with app.app_context():
        names = set(db.session.scalars(select(Player.name)))
        names |= set(db.session.scalars(select(GameSession.name)))
        names |= set(db.session.scalars(select(GameSession.place)))
        return names | set(db.session.scalars(select(Group.name)))


def with_name(kind: str, bad: str) -> dict:
    if kind == "player":
        return {**BODY, "players": [bad, "Béla", "Csaba"]}
    return {**BODY, FIELD[kind]: bad}


def api_create(client, made, group, kind, bad):
    return client.post("/api/v1/sessions", json=with_name(kind, bad))


def api_patch(client, made, group, kind, bad):
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    return client.patch(f"/api/v1/sessions/{made['id']}", json={FIELD[kind]: bad}, headers=auth)


def players_patch_rename(client, made, group, kind, bad):
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    body = {"rename": {"Anna": bad}}
    return client.patch(f"/api/v1/sessions/{made['id']}/players", json=body, headers=auth)


def players_patch_add(client, made, group, kind, bad):
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    body = {"add": {"name": bad}}
    return client.patch(f"/api/v1/sessions/{made['id']}/players", json=body, headers=auth)


def page_form(client, path, form_id):
    """The form's fields as the page renders them (what a browser would send)."""
    form = read_form(client.get(path).get_data(as_text=True), form_id)
    assert form, f"no form {form_id} on {path}"
    return {name: values[0] for name, values in form.items()}


def form_create(client, made, group, kind, bad):
    form = page_form(client, "/sessions/new", "session-form")
    form |= {"players-0": "Anna", "players-1": "Béla", "players-2": "Csaba"}
    form["players-0" if kind == "player" else FIELD[kind]] = bad
    return client.post("/sessions", data=form)


def form_settings(client, made, group, kind, bad):
    edit = made["edit_token"]
    form = page_form(client, f"/e/{edit}/evening", "evening-form")
    form[FIELD[kind]] = bad
    return client.post(f"/e/{edit}/evening", data=form)


def form_rename(client, made, group, kind, bad):
    return client.post(f"/e/{made['edit_token']}/evening/rename", data={"old": "Anna", "new": bad})


def form_join(client, made, group, kind, bad):
    return client.post(f"/e/{made['edit_token']}/evening/join", data={"name": bad})


def group_rename(client, made, group, kind, bad):
    return client.post(f"/g/{group['edit']}/rename", data={"old": "Anna", "new": bad})


def group_create(client, made, group, kind, bad):
    return client.post("/groups", data={"name": bad})


def group_settings(client, made, group, kind, bad):
    return client.post(f"/g/{group['edit']}/settings", data={"name": bad})


def import_file(client, made, group, kind, bad):
    exported = client.get(f"/s/{made['view_url'].rsplit('/', 1)[1]}/session.json").get_json()
    if kind == "player":
        exported["players"] = [bad, *exported["players"][1:]]
    else:
        exported[FIELD[kind]] = bad
    upload = (io.BytesIO(json.dumps(exported).encode()), "este.json")
    return client.post("/import", data={"file": upload}, content_type="multipart/form-data")


PAGES = {form_create, form_settings, form_rename, form_join, group_rename, group_create}
PAGES |= {group_settings, import_file}
ENTRIES = {
    "player": [
        api_create,
        players_patch_rename,
        players_patch_add,
        form_create,
        form_rename,
        form_join,
        group_rename,
        import_file,
    ],
    "evening": [api_create, api_patch, form_create, form_settings, import_file],
    "place": [api_create, api_patch, form_create, form_settings, import_file],
    "group": [group_create, group_settings],
}
CASES = [(kind, entry) for kind, entries in ENTRIES.items() for entry in entries]


@pytest.mark.parametrize(("kind", "entry"), CASES, ids=[f"{k}-{e.__name__}" for k, e in CASES])
def test_a_name_that_shows_nothing_is_a_4xx_that_says_so(app, evening, kind, entry):
    client, made, group = evening
    before = stored_names(app)
    for what, bad in SHOW_NOTHING.items():
        answer = entry(client, made, group, kind, bad)
        assert 400 <= answer.status_code < 500, (what, answer.status_code)
        if entry in PAGES:  # the page again, in its language
            text = answer.get_data(as_text=True)
            assert any(words in text for words in HUNGARIAN), (what, text[-2000:])
        else:
            assert "visible" in answer.get_json()["error"], what
    assert stored_names(app) == before  # nothing written


def test_a_name_with_a_mark_on_a_letter_or_an_emoji_is_kept(app, evening):
    client, made, group = evening
    for name in ("A\u0301da", "Zoë", "❤️ Kati", "李"):
        body = {**BODY, "players": [name, "Béla", "Csaba"], "name": name, "place": name}
        assert client.post("/api/v1/sessions", json=body).status_code == 201, name


@pytest.mark.parametrize("kind", ["player", "evening", "place", "group"])
def test_a_backup_with_such_a_name_is_not_restored(app, evening, tmp_path, monkeypatch, kind):
    """A JSON backup edited to hold a name that shows nothing: restore refuses it whole."""
    client, made, group = evening
    file = tmp_path / "backup.json"
    monkeypatch.setattr(cli, "database_app", lambda: app)
    assert run("backup", "--format", "json", str(file)).exit_code == 0
    data = json.loads(file.read_text("utf-8"))
    table, column = {
        "player": ("players", "name"),
        "evening": ("game_sessions", "name"),
        "place": ("game_sessions", "place"),
        "group": ("groups", "name"),
    }[kind]
    data["tables"][table][0][column] = "\u0301"
    file.write_text(json.dumps(data), "utf-8")
    target = fresh_app(app, tmp_path)
    try:
        monkeypatch.setattr(cli, "database_app", lambda: target)
        refused = run("restore", str(file))
        assert refused.exit_code == 1, refused.output
        assert "nothing visible" in refused.output
    finally:
        close_app(target)
