"""Whatever the app accepts, its backups restore: ``kitty.opening`` is a whole number from
0 to 1,000,000,000 and only where the rules keep a kitty; every integer written fits what
every supported database stores (``ledger.storable``); and ``backup --format json``
reads its file back through the restore's checks, exiting non-zero naming the row when
it would not restore."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import update

from tests.backup.test_backup import fresh_app, run
from tests.games.tarokk.test_tarokk_ledger import SEATS
from tests.pdf.test_pdf_every_game import RULESETS, evening
from ulti_ledger import ledger
from ulti_ledger.cli import main as cli
from ulti_ledger.db import db
from ulti_ledger.games import builtin_engine
from ulti_ledger.ledger import SessionError
from ulti_ledger.models import GameSession
from ulti_ledger.settlement.session import KITTY_OPENING_MAX

MAGAS = {
    "format": "ulti-ledger/session@1",
    "ruleset": "magas-tarokk",
    "players": SEATS,
    "unit_value": {"amount": "5", "currency": "HUF"},
}
OUT_OF_RANGE = [KITTY_OPENING_MAX + 1, 2**31, 2**63, 2**64, -1, 1.5, "5", True, None, [1]]


@pytest.mark.parametrize("opening", [0, 1, KITTY_OPENING_MAX])
def test_an_opening_in_its_range_is_kept(client, opening):
    made = client.post("/api/v1/sessions", json={**MAGAS, "kitty": {"opening": opening}})
    assert made.status_code == 201, made.get_json()


@pytest.mark.parametrize("opening", OUT_OF_RANGE, ids=repr)
def test_an_opening_out_of_its_range_is_a_4xx_naming_it(client, opening):
    made = client.post("/api/v1/sessions", json={**MAGAS, "kitty": {"opening": opening}})
    assert made.status_code == 422
    body = made.get_json()
    assert body["key"] == "kitty.opening" and "0 to 1,000,000,000" in body["error"]


def kitty_less(ruleset_id: str) -> bool:
    """Whether the ruleset's default house rules keep no kitty (at its largest table)."""
    ruleset = builtin_engine().rulesets[ruleset_id]
    part = getattr(ruleset.scorer_module, "kitty_account", None)
    return part is None or part(ruleset.resolve({}), ruleset.seating({}).largest) is None


@pytest.mark.parametrize("ruleset_id", [r for r in RULESETS if kitty_less(r)])
def test_a_game_that_keeps_no_kitty_refuses_an_opening(client, ruleset_id):
    body = {**evening(ruleset_id, 1, options={}), "hands": [], "kitty": {"opening": 10}}
    made = client.post("/api/v1/sessions", json=body)
    assert made.status_code == 422, made.get_json()
    assert made.get_json()["key"] == "kitty.opening"
    assert "keep no kitty" in made.get_json()["error"]
    assert (
        client.post("/api/v1/sessions", json={**body, "kitty": {"opening": 0}}).status_code == 201
    )


def test_an_integer_out_of_every_databases_range_is_refused_before_it_is_written(ctx):
    session = ledger.create_session(MAGAS)
    session.kitty_closing = 2**31  # what PostgreSQL's integer cannot hold
    with pytest.raises(SessionError) as info:
        db.session.flush()
    assert info.value.key == "kitty_closing"
    db.session.rollback()
    assert db.session.get(GameSession, session.id).kitty_closing is None


def test_a_backup_after_every_accepted_input_restores(app, tmp_path, monkeypatch):
    client = app.test_client()
    for body in (
        {**MAGAS, "kitty": {"opening": KITTY_OPENING_MAX}, "name": "A\u0301da ❤️", "place": "李"},
        {**evening("skat", 2), "kitty": {"opening": 0}},
    ):
        assert client.post("/api/v1/sessions", json=body).status_code == 201
    file = tmp_path / "all.json"
    monkeypatch.setattr(cli, "database_app", lambda: app)
    made = run("backup", "--format", "json", str(file))
    assert made.exit_code == 0, made.output
    target = fresh_app(app, tmp_path)
    try:
        monkeypatch.setattr(cli, "database_app", lambda: target)
        restored = run("restore", str(file))
        assert restored.exit_code == 0, restored.output
    finally:
        from tests.conftest import close_app

        close_app(target)


@pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="PostgreSQL never held such a value"
)
def test_a_backup_that_would_not_restore_exits_non_zero_naming_the_row(app, tmp_path, monkeypatch):
    """An instance whose database took a value another database cannot hold (SQLite took
    2³¹ before the range was checked): the backup says so, names the row, keeps no file."""
    client = app.test_client()
    made = client.post("/api/v1/sessions", json=MAGAS).get_json()
    with app.app_context():  # as an older version let SQLite store it
        db.session.execute(
            update(GameSession).where(GameSession.id == made["id"]).values(kitty_opening=2**31)
        )
        db.session.commit()
    file = tmp_path / "broken.json"
    monkeypatch.setattr(cli, "database_app", lambda: app)
    result = run("backup", "--format", "json", str(file))
    assert result.exit_code != 0
    assert f"game_sessions row {made['id']}" in result.output
    assert "kitty_opening" in result.output and "2147483648" in result.output
    assert not file.exists()


def test_a_text_no_database_stores_everywhere_is_refused_before_it_is_written(ctx):
    session = ledger.create_session(MAGAS)
    session.place = "Klub\x00"  # PostgreSQL refuses NUL in a text
    with pytest.raises(SessionError) as info:
        db.session.flush()
    assert info.value.key == "place" and "NUL" in info.value.problem
    db.session.rollback()
