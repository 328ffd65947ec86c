"""A payment id is never given again (issue 34): pay, undo, pay again gives a new id, and
a stale undo of the old id finds nothing instead of undoing the new payment. Real
database, the app's own routes; the migration keeps the rows and adds the rule."""

from __future__ import annotations

import datetime as dt

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.db import db

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def evening(app):
    with app.app_context():
        body = samples.random_session(SEATS, 8, seed=1, name="Este", ruleset="ulti")
        body["unit_value"] = {"amount": "10", "currency": "HUF"}
        session = ledger.create_session(body)
        t = ledger.session_summary(session)["totals"]["transfers"][0]
        return session.id, session.edit_token, t


def test_an_undone_payments_id_is_never_given_again(app, client):
    sid, edit, t = evening(app)
    url = f"/api/v1/sessions/{sid}/payments"
    auth = {"Authorization": f"Bearer {edit}"}
    body = {"from": t["from"], "to": t["to"], "amount": "10"}
    first = client.post(url, json=body, headers=auth).get_json()["payment"]["id"]
    assert client.delete(f"{url}/{first}", headers=auth).status_code == 200
    second = client.post(url, json=body, headers=auth).get_json()["payment"]["id"]
    assert second != first
    stale = client.delete(f"{url}/{first}", headers=auth)  # a second tab's old "undo"
    assert stale.status_code == 404
    left = client.get(url, headers=auth).get_json()["payments"]
    assert [p["id"] for p in left] == [second]


def test_the_migration_keeps_the_payments_and_stops_reusing_ids(bare_app):
    """Payments kept across the way down to the revision before and up again; an id past
    the largest is given after it (on SQLite through AUTOINCREMENT). The rows are written
    with today's models at the head, and the undo at the old revision in SQL: the models
    of today do not fit an older schema (later revisions add columns)."""
    ids = "SELECT id FROM payments ORDER BY id"
    with bare_app.app_context():
        upgrade()
        sid, _, t = evening(bare_app)
        session = ledger.get_session(sid)
        data = {"from": t["from"], "to": t["to"], "amount": "10"}
        day = dt.date(2026, 11, 20)
        kept = ledger.record_payment(session, ledger.session_summary(session), data, day)
        gone = ledger.record_payment(session, ledger.session_summary(session), data, day)
        db.session.remove()
        downgrade(revision="b7d3e5f1a902")
        db.session.execute(text("DELETE FROM payments WHERE id = :id"), {"id": gone["id"]})
        db.session.commit()
        upgrade()
        session = ledger.get_session(sid)
        assert [p["id"] for p in ledger.session_payments(session)] == [kept["id"]]
        again = ledger.record_payment(session, ledger.session_summary(session), data, day)
        assert again["id"] > kept["id"]
        if db.engine.dialect.name == "sqlite":
            sql = "SELECT sql FROM sqlite_master WHERE name = 'payments'"
            assert "AUTOINCREMENT" in db.session.execute(text(sql)).scalar_one()
            db.session.remove()
            downgrade(revision="b7d3e5f1a902")
            sql_after = db.session.execute(text(sql)).scalar_one()
            assert "AUTOINCREMENT" not in sql_after
            assert db.session.execute(text(ids)).scalars().all()[0] == kept["id"]
