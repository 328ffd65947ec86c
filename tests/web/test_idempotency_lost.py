"""Idempotency-Key when the answer was lost: a worker died after its write committed, or
the view failed after it; and answers of any length are kept whole.

The state a killed worker leaves is made by a real write whose kept answer is then taken
back out of the row, as the crash would have left it (the kill itself: tests/ledger/
test_crash.py). The dead worker is a real process that has exited.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import subprocess
import sys

import pytest
from flask import Blueprint, Response
from sqlalchemy import func, select, update

from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Hand, IdempotencyRecord
from ulti_ledger.web.idempotency import KEEP_HOURS

BIG = 300 * 1024


def dead_owner() -> str:
    """The claim of a worker on this machine whose process is gone."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # exited and reaped: no process has its id now
    return f"{socket.gethostname()[:40]}:{gone.pid}:gone"


def living_owner() -> str:
    """The claim of a worker that is alive (this test's parent), as another process."""
    return f"{socket.gethostname()[:40]}:{os.getppid()}:elsewhere"


def lose_answer(app, owner: str) -> None:
    """Leave every kept key as a worker killed between commit and answer leaves it."""
    with app.app_context():
        db.session.execute(
            update(IdempotencyRecord).values(status=None, body=None, headers=None, owner=owner)
        )
        db.session.commit()


def hands(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand))


@pytest.fixture
def evening(client, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    return f"/api/v1/sessions/{created['id']}", auth


def test_a_dead_workers_hand_is_answered_201_with_its_number_and_not_written_again(
    app, client, evening, hand
):
    url, auth = evening
    headers = {**auth, "Idempotency-Key": "lost-1"}
    first = client.post(url + "/hands", json=hand(), headers=headers)
    assert first.status_code == 201
    lose_answer(app, dead_owner())
    again = client.post(url + "/hands", json=hand(), headers=headers)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["number"] == first.get_json()["number"] == 1
    assert again.get_json()["recorded"] is True
    assert again.headers["Location"] == first.headers["Location"]
    assert hands(app) == 1


def test_a_living_workers_claim_is_409_until_its_lease_runs_out(app, client, evening, hand):
    url, auth = evening
    headers = {**auth, "Idempotency-Key": "slow-1"}
    assert client.post(url + "/hands", json=hand(), headers=headers).status_code == 201
    lose_answer(app, living_owner())
    waiting = client.post(url + "/hands", json=hand(), headers=headers)
    assert waiting.status_code == 409
    assert waiting.get_json()["code"] == "idempotency_key_in_progress"
    app.config["IDEMPOTENCY_LEASE_SECONDS"] = 0  # the lease has run out
    again = client.post(url + "/hands", json=hand(), headers=headers)
    assert again.status_code == 201 and again.get_json()["number"] == 1
    assert hands(app) == 1


def test_a_lost_page_answer_goes_back_to_the_evening(app, scorer):
    fields = scorer.form()
    fields.update(declarer=["Béla"], contract=["passz"], colour=["piros"], js=["1"])
    fields["action"] = ["save"]
    url = scorer.edit_url + "/hands"
    browser = {"Idempotency-Key": "page-1", "Accept": "text/html,*/*;q=0.8"}
    assert scorer.client.post(url, data=fields, headers=browser).status_code == 303
    lose_answer(app, dead_owner())
    again = scorer.client.post(url, data=fields, headers=browser)
    assert again.status_code == 303
    assert again.headers["Location"] == scorer.edit_url
    # the offline queue's fetch asks for no page: a 201 with the hand's number
    queued = {**browser, "Accept": "*/*"}
    answer = scorer.client.post(url, data=fields, headers=queued)
    assert answer.status_code == 201 and answer.get_json()["number"] == 1
    assert hands(app) == 1


def test_a_lost_anonymous_creation_still_never_hands_out_the_token(app, client, session_body):
    key = {"Idempotency-Key": "anon-1"}
    first = client.post("/api/v1/sessions", json=session_body, headers=key)
    lose_answer(app, dead_owner())
    again = client.post("/api/v1/sessions", json=session_body, headers=key)
    assert again.status_code == 409
    assert again.get_json()["id"] == first.get_json()["id"]
    assert first.get_json()["edit_token"] not in again.get_data(as_text=True)


def test_an_expired_key_is_forgotten_and_the_request_is_new(app, client, evening, hand):
    url, auth = evening
    headers = {**auth, "Idempotency-Key": "old-1"}
    assert client.post(url + "/hands", json=hand(), headers=headers).status_code == 201
    with app.app_context():
        record = db.session.execute(select(IdempotencyRecord)).scalar_one()
        older = record.created_at - dt.timedelta(hours=KEEP_HOURS + 1)
        db.session.execute(update(IdempotencyRecord).values(created_at=older))
        db.session.commit()
    again = client.post(url + "/hands", json=hand(), headers=headers)
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers
    assert hands(app) == 2


@pytest.fixture
def odd_app(tmp_path):
    """The app with two routes of a test's own that write (a real evening): one answers
    300 KB of bytes that are not UTF-8, one fails after its commit."""
    app = make_app(tmp_path, PROPAGATE_EXCEPTIONS=False)
    routes = Blueprint("odd", __name__)

    def create(session_body) -> GameSession:
        return ledger.create_session(session_body)

    @routes.post("/odd/big")
    def big():
        from testkit import samples

        create(samples.session_body())
        return Response(bytes(range(256)) * (BIG // 256), 201, mimetype="application/x-odd")

    @routes.post("/odd/fails")
    def fails():
        from testkit import samples

        create(samples.session_body())
        raise RuntimeError("the answer is lost after the commit")

    app.extensions["csrf"].exempt(routes)  # a script's routes, as the API's are
    app.register_blueprint(routes)
    yield app
    close_app(app)


@pytest.mark.db  # BLOB on SQLite, bytea on PostgreSQL
def test_an_answer_of_any_length_and_bytes_is_replayed_whole(odd_app):
    client = odd_app.test_client()
    headers = {"Authorization": "Bearer mine", "Idempotency-Key": "big-1"}
    first = client.post("/odd/big", headers=headers)
    again = client.post("/odd/big", headers=headers)
    assert first.status_code == again.status_code == 201
    assert len(first.get_data()) >= BIG
    assert again.get_data() == first.get_data()
    assert again.headers["Content-Type"] == "application/x-odd"
    with odd_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 1


@pytest.mark.db
def test_a_write_that_committed_and_then_failed_is_answered_recorded_on_retry(odd_app):
    client = odd_app.test_client()
    headers = {"Authorization": "Bearer mine", "Idempotency-Key": "fails-1"}
    assert client.post("/odd/fails", headers=headers).status_code == 500
    again = client.post("/odd/fails", headers=headers)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["recorded"] is True
    with odd_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 1
