"""Smaller leaks, closed: an API id tells nothing without its token, a made-up Host header
never reaches a link, and no log line keeps a link's token."""

from __future__ import annotations

import logging

import pytest

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.web import log_filter
from ulti_ledger.web.log_filter import TokenFilter, mask_tokens

pytestmark = pytest.mark.db
TOKEN = "Ab3_-" + "x" * 38  # the shape of a link's token (43 URL-safe characters)


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def create(client, **headers):
    response = client.post("/api/v1/sessions", json=samples.session_body(), headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_an_unknown_id_and_a_wrong_token_answer_alike(client, app):
    made = create(client)
    other = create(client)
    with app.app_context():
        ledger.delete_session(other["id"])  # an admin hid it
    answers = []
    for session_id in (made["id"], other["id"], made["id"] + 100, 2**31 - 1):
        for path in ("", "/hands/1", "/history", "/deleted-hands"):
            for token in (TOKEN, other["edit_token"] if session_id != other["id"] else TOKEN):
                response = client.get(f"/api/v1/sessions/{session_id}{path}", headers=bearer(token))
                answers.append((response.status_code, response.get_data()))
        response = client.post(
            f"/api/v1/sessions/{session_id}/hands", json={}, headers=bearer(TOKEN)
        )
        answers.append((response.status_code, response.get_data()))
    assert set(answers) == {(403, b'{"error":"this token does not open this session"}\n')}
    # without a token, every id is asked for one, alike
    missing = {client.get(f"/api/v1/sessions/{i}").get_data() for i in (made["id"], 999)}
    assert len(missing) == 1
    # the holder of the session's own token still learns it was deleted
    gone = client.get(f"/api/v1/sessions/{other['id']}", headers=bearer(other["edit_token"]))
    assert gone.status_code == 404


def test_a_forged_host_header_never_reaches_a_link_without_a_lan_address(client):
    """No LAN address known (conftest: LAN_ADDRESSES is empty): loopback or 127.0.0.1."""
    made = create(client, Host="evil.example:8080")
    assert made["view_url"].startswith("http://127.0.0.1/s/")
    page = client.get(f"/e/{made['edit_token']}", headers={"Host": "evil.example"})
    assert "evil.example" not in page.get_data(as_text=True)
    assert create(client, Host="localhost:5000")["url"].startswith("http://localhost/e/")
    assert create(client, Host="[::1]:5000")["url"].startswith("http://[::1]/e/")


def test_a_configured_server_name_is_what_links_carry(tmp_path):
    app = make_app(tmp_path, SERVER_NAME="ulti.local:5000")
    try:
        client = app.test_client()
        made = create(client, Host="evil.example")
        assert made["view_url"].startswith("http://ulti.local:5000/s/")
    finally:
        close_app(app)


@pytest.mark.parametrize(
    ("line", "masked"),
    [
        (f'"GET /e/{TOKEN} HTTP/1.1" 200', '"GET /e/*** HTTP/1.1" 200'),
        (f"GET /e/{TOKEN}/hands/3/edit?lang=en", "GET /e/***/hands/3/edit?lang=en"),
        (f"GET /s/{TOKEN}/state", "GET /s/***/state"),
        (f"/api/v1/sessions/4?token={TOKEN}&lang=hu", "/api/v1/sessions/4?token=***&lang=hu"),
        (f"/group?s={TOKEN}&s={TOKEN}", "/group?s=***&s=***"),
        ("GET /static/app.css", "GET /static/app.css"),
        ("GET /api/v1/sessions/3/hands", "GET /api/v1/sessions/3/hands"),
    ],
)
def test_the_filter_masks_tokens(line, masked):
    assert mask_tokens(line) == masked


def test_real_records_of_werkzeug_and_gunicorn_are_masked(caplog):
    """Records as each server makes them: werkzeug's %-style arguments, gunicorn's atoms."""
    log_filter.install()
    werkzeug = logging.getLogger("werkzeug")
    access = logging.getLogger("gunicorn.access")
    with caplog.at_level(logging.INFO):
        werkzeug.info('%s - - [%s] "%s" %s %s', "127.0.0.1", "now", f"GET /e/{TOKEN}", 200, "-")
        atoms = {"h": "127.0.0.1", "r": f"GET /s/{TOKEN}?token={TOKEN} HTTP/1.1", "s": "200"}
        access.info('%(h)s "%(r)s" %(s)s', atoms)
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        '127.0.0.1 - - [now] "GET /e/***" 200 -',
        '127.0.0.1 "GET /s/***?token=*** HTTP/1.1" 200',
    ]
    assert TOKEN not in caplog.text
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%d %s", (1,), None)
    assert TokenFilter().filter(record)  # a broken record passes, for logging to report
