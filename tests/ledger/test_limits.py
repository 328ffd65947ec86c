"""Bounded work per request: hands per session, evenings per group (issue 11, point 4).

The limits are settings; an app with small ones (3 hands, 2 evenings) shows every door
refusing beyond them, with a message naming the limit and nothing written.
"""

import io
import json

import pytest
from click.testing import CliRunner
from flask_migrate import stamp

from tests.conftest import close_app, make_app, parti
from tests.ui_helpers import Scorer
from tests.web.test_export_web import csrf_token
from ulti_ledger import create_app, ledger
from ulti_ledger.cli import main as cli
from ulti_ledger.ledger import limits

pytestmark = pytest.mark.db  # run again on PostgreSQL by `make test`
HANDS = [parti("Anna"), parti("Béla", players=("Béla", "Csaba", "Dóra"), out=("Anna",))]


@pytest.fixture
def small(tmp_path):
    app = make_app(tmp_path, MAX_HANDS=3, MAX_GROUP_EVENINGS=2)
    yield app
    close_app(app)


def new_session(client, body, hands=()):
    created = client.post("/api/v1/sessions", json={**body, "hands": list(hands)})
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def deal(app, session_id):
    with app.app_context():
        nxt = ledger.next_hand(ledger.get_session(session_id))
    return parti(nxt["players"][0], players=nxt["players"], out=nxt["sitting_out"])


def add(client, app, created):
    return client.post(
        f"/api/v1/sessions/{created['id']}/hands",
        json=deal(app, created["id"]),
        headers={"Authorization": f"Bearer {created['edit_token']}"},
    )


def hand_total(app, session_id):
    with app.app_context():
        return ledger.hand_count(ledger.get_session(session_id))


def test_the_limits_are_documented_settings():
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x"})
    read = limits.Limits.from_config(app.config)
    assert read == limits.DEFAULT_LIMITS
    assert read.hands == limits.MAX_HANDS == 2000
    assert read.group_evenings == limits.MAX_GROUP_EVENINGS == 20


def test_the_api_refuses_a_hand_beyond_the_limit(small, session_body):
    client = small.test_client()
    created = new_session(client, session_body)
    for _ in range(3):
        assert add(client, small, created).status_code == 201
    refused = add(client, small, created)
    assert refused.status_code == 422
    assert "at most 3 hands" in refused.get_json()["error"]
    assert hand_total(small, created["id"]) == 3


def test_a_session_body_beyond_the_limit_is_refused_before_any_hand_is_read(small, session_body):
    client = small.test_client()
    body = {**session_body, "hands": [*HANDS, *HANDS]}
    refused = client.post("/api/v1/sessions", json=body)
    assert refused.status_code == 422
    assert "at most 3 hands; this one would have 4" in refused.get_json()["error"]
    with small.app_context():
        assert ledger.list_sessions() == []


def test_the_hand_form_refuses_a_hand_beyond_the_limit_in_the_pages_words(small):
    client = small.test_client()
    scorer = Scorer(client)
    scorer.start()

    def changes():
        with small.app_context():
            session = ledger.session_by_token(scorer.token(), "edit")
            declarer = ledger.next_hand(session)["players"][0]
        return {"declarer": declarer, "contract": "passz", "colour": "piros"}

    for _ in range(3):
        assert scorer.post_hand(changes()).status_code == 303
    refused = scorer.post_hand(changes())
    assert refused.status_code == 422
    assert "legfeljebb 3 leosztást" in refused.get_data(as_text=True)
    with small.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert ledger.hand_count(session) == 3


def test_import_beyond_the_limit_is_refused_by_the_form_and_the_command_line(
    small, session_body, tmp_path
):
    client = small.test_client()
    document = json.dumps({**session_body, "hands": [*HANDS, *HANDS]}).encode()
    response = client.post(
        "/import",
        data={"csrf_token": csrf_token(client), "file": (io.BytesIO(document), "hosszu.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert "legfeljebb 3 leosztást tartalmazhat" in response.get_data(as_text=True)  # hu page
    with small.app_context():
        assert ledger.list_sessions() == []


def test_the_command_line_refuses_an_import_or_a_group_beyond_the_default_limits(
    small, session_body, tmp_path
):
    """The command line opens the app with the default limits: 2,000 hands, 20 evenings."""
    url = small.config["SQLALCHEMY_DATABASE_URI"]
    with small.app_context():
        stamp()  # the models' schema is the newest revision's: the command line takes it
    path = tmp_path / "hosszu.json"
    path.write_text(json.dumps({**session_body, "hands": HANDS * 1001}), "utf-8")
    result = CliRunner().invoke(cli.main, ["import", str(path), "--database", url])
    assert result.exit_code == 1
    assert "at most 2000 hands; this one would have 2002" in result.output
    with small.app_context():
        assert ledger.list_sessions() == []
        ids = [str(ledger.create_session(session_body).id) for _ in range(21)]
    result = CliRunner().invoke(cli.main, ["settle-group", *ids, "--database", url])
    assert result.exit_code == 1
    assert "at most 20 evenings are settled together, not 21" in result.output
    result = CliRunner().invoke(cli.main, ["settle-group", *ids[:20], "--database", url])
    assert result.exit_code == 0, result.output


def test_bringing_a_deleted_hand_back_beyond_the_limit_is_refused(small, session_body):
    client = small.test_client()
    created = new_session(client, session_body)
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    for _ in range(3):
        assert add(client, small, created).status_code == 201
    base = f"/api/v1/sessions/{created['id']}"
    assert client.delete(f"{base}/hands/3", headers=auth).status_code in (200, 204)
    assert add(client, small, created).status_code == 201  # three again
    deleted = client.get(f"{base}/deleted-hands", headers=auth).get_json()
    hand_id = deleted["deleted_hands"][0]["hand_id"]
    refused = client.post(f"{base}/deleted-hands/{hand_id}/restore", headers=auth)
    assert refused.status_code == 422
    assert "at most 3 hands; this one would have 4" in refused.get_json()["error"]
    assert hand_total(small, created["id"]) == 3


def test_a_group_beyond_the_limit_is_refused_on_the_page_and_the_command_line(small, session_body):
    client = small.test_client()
    evenings = [new_session(client, session_body, [HANDS[0]]) for _ in range(3)]
    views = [e["view_url"].rsplit("/", 1)[1] for e in evenings]
    assert client.get("/group", query_string={"s": views[:2]}).status_code == 200
    refused = client.get("/group", query_string={"s": views})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "legfeljebb 2 estét lehet együtt elszámolni, nem 3 estét" in page
    assert "sessions:" not in page  # the page's words, not the API's key
    with small.app_context():
        sessions = [ledger.get_session(e["id"]) for e in evenings]
        # the ledger reads no config: its caller passes the app's limits
        with pytest.raises(ledger.LedgerError, match="at most 2 evenings"):
            ledger.group_settlement(sessions, limits=ledger.Limits.from_config(small.config))
        assert ledger.group_settlement(sessions)["sessions"]  # the shipped 20
