"""Every web form under arbitrary fields: never a 500 (as test_fuzz_api.py does for the API).

Hypothesis posts each HTML form of the app with a mix of its real field names and made-up
ones, each carrying text of any kind, hostile numbers ("²", 5,000 digits, 2³¹), deep
brackets and JSON-escaped lone surrogates. Every answer must be below 500. CSRF is off
here so that the requests reach the views (it is tested in test_security.py); the forms'
field names are read from the rendered pages, so a new field is fuzzed too.
Derandomized: the same cases each run.
"""

from __future__ import annotations

import base64
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import close_app, make_app
from tests.ui_helpers import Scorer, read_form

EXAMPLES = 30
HOSTILE = [
    "",
    "0",
    "-1",
    "²",
    "\u0663",
    "9" * 5000,
    str(2**31),
    str(2**64),
    "[" * 5000,
    '{"\\ud800": 1}',
    '{"four_player_dealer": ["x"]}',
    "null",
    " ",
    "\x00",
    "on",
    "x" * 2000,
]
VALUES = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40))


@pytest.fixture
def site(tmp_path):
    """An evening with two hands, one deleted, one change of the evening; and its forms."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False, ADMIN_PASSWORD="pw")
    client = app.test_client()
    scorer = Scorer(client)
    scorer.start()
    for declarer in ("Béla", "Csaba"):
        hand = {"declarer": declarer, "contract": "passz", "colour": "piros"}
        assert scorer.post_hand(hand).status_code == 303
    edit, view = scorer.edit_url, scorer.view_url
    assert client.post(f"{edit}/hands/2/delete", data={}).status_code == 303
    assert client.post(f"{edit}/evening/rename", data={"old": "Dóra", "new": "Dóri"}).status_code

    def fields(path: str, form_id: str | None = None) -> list[str]:
        return sorted(read_form(client.get(path).get_data(as_text=True), form_id))

    hand_fields = fields(f"{edit}/hands/new", "hand-form")
    forms = {
        "new evening": ("/sessions", fields("/sessions/new", "session-form")),
        "new hand": (f"{edit}/hands", hand_fields),
        "edit hand": (f"{edit}/hands/1", hand_fields),
        "preview": (f"{edit}/preview", hand_fields),
        "delete hand": (f"{edit}/hands/1/delete", ["expected_version"]),
        "undo": (f"{edit}/undo", ["expected_version"]),
        "restore hand": (f"{edit}/deleted/2/restore", ["expected_version"]),
        "evening": (f"{edit}/evening", fields(f"{edit}/evening", "evening-form")),
        "rename": (f"{edit}/evening/rename", ["old", "new"]),
        "join": (f"{edit}/evening/join", ["name", "seat"]),
        "leave": (f"{edit}/evening/leave", ["name"]),
        "undo change": (f"{edit}/evening/undo/1", ["expected_version"]),
        "admin delete": ("/admin/sessions/1/delete", []),
        "admin restore": ("/admin/sessions/1/restore", []),
        "import": ("/import", ["file"]),
        "group": ("/group", ["s", "method", "banker", "lang"]),
        "scoreboard": (f"{view}", ["method", "banker", "lang"]),
    }
    yield app, client, forms
    close_app(app)


FORMS = [
    "new evening",
    "new hand",
    "edit hand",
    "preview",
    "delete hand",
    "undo",
    "restore hand",
    "evening",
    "rename",
    "join",
    "leave",
    "undo change",
    "admin delete",
    "admin restore",
    "import",
    "group",
    "scoreboard",
]
ADMIN = {"Authorization": "Basic " + base64.b64encode(b"admin:pw").decode()}


@pytest.mark.parametrize("name", FORMS)
def test_no_form_answers_500_whatever_it_is_sent(site, name):
    app, client, forms = site
    path, known = forms[name]
    assert name in ("admin delete", "admin restore") or known, "the page has no such form"
    made_up = st.text(max_size=12)
    keys = st.one_of(st.sampled_from(known), made_up) if known else made_up
    data = st.dictionaries(keys, st.lists(VALUES, min_size=1, max_size=3), max_size=len(known) + 3)

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(fields=data)
    def run(fields):
        if name in ("group", "scoreboard"):
            response = client.get(path, query_string=fields)
        elif name == "import":
            files = {
                k: [(io.BytesIO(v.encode()), "f.json") for v in vs] for k, vs in fields.items()
            }
            response = client.post(path, data=files, content_type="multipart/form-data")
        else:
            response = client.post(path, data=fields, headers=ADMIN)
        assert response.status_code < 500, (name, fields, response.get_data(as_text=True)[:300])

    run()
