"""Backups: an online copy, restored into an empty database only; SQLite's safety settings."""

import os
import sqlite3

import pytest
from sqlalchemy import text

from ulti_ledger import cli, ledger
from ulti_ledger.backup import BackupError
from ulti_ledger.db import db

from .conftest import close_app, make_app

ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))


def evening(app, session_body, hand):
    """A session with an edit, a deletion and a settings change: what a backup must keep."""
    with app.app_context():
        session = ledger.create_session({**session_body, "hands": [hand("Anna"), hand("Béla")]})
        ledger.add_hand(session, hand("Csaba"))
        ledger.replace_hand(session, 1, hand("Anna", won=False))
        ledger.delete_hand(session, 2)
        ledger.update_session(session, {"name": "Péntek"})
        return session.id, snapshot(session.id)


def snapshot(session_id):
    session = ledger.get_session(session_id)
    return {
        "session": ledger.session_json(session),
        "history": ledger.session_history(session),
        "deleted": ledger.deleted_hands(session),
        "tokens": (session.edit_token, session.view_token),
    }


def fresh_app(app, tmp_path):
    """An empty database: another SQLite file, or the same PostgreSQL database emptied."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return make_app(tmp_path / "restored", schema=False)


def run(*args):
    from click.testing import CliRunner

    return CliRunner().invoke(cli.main, list(args))


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_backup_and_restore_round_trip(app, tmp_path, session_body, hand, monkeypatch, fmt):
    session_id, before = evening(app, session_body, hand)
    (tmp_path / "restored").mkdir()
    file = tmp_path / "night.backup"
    monkeypatch.setattr(cli, "database_app", lambda: app)
    result = run("backup", "--format", fmt, str(file))
    assert result.exit_code == 0, result.output
    refused = run("restore", str(file))  # the database holds the session: refused
    assert refused.exit_code == 1 and "already holds 1 sessions" in refused.output

    target = fresh_app(app, tmp_path)
    try:
        monkeypatch.setattr(cli, "database_app", lambda: target)
        result = run("restore", str(file))
        assert result.exit_code == 0, result.output
        with target.app_context():
            assert snapshot(session_id) == before
            session = ledger.get_session(session_id)
            ledger.add_hand(session, hand("Anna"))  # ids and sequences go on after the rows
            assert ledger.restore_hand(session, before["deleted"][0]["hand_id"]) == 2
    finally:
        close_app(target)


def test_a_file_that_is_no_backup_is_refused(app, tmp_path, monkeypatch):
    file = tmp_path / "notes.txt"
    file.write_text("hello")
    monkeypatch.setattr(cli, "database_app", lambda: app)
    result = run("restore", str(file))
    assert result.exit_code == 1 and "is no backup" in result.output
    with pytest.raises(BackupError):
        from ulti_ledger.backup import restore

        restore(app, file)


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's own settings")
def test_sqlite_runs_in_wal_mode_with_foreign_keys_enforced(ctx, session_body):
    connection = db.session.connection()
    assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    with pytest.raises(Exception, match="FOREIGN KEY"):
        connection.execute(
            text("INSERT INTO seats (session_id, player_id, position) VALUES (999, 999, 0)")
        )
    db.session.rollback()


@pytest.mark.skipif(ON_POSTGRES, reason="the SQLite backup file")
def test_a_sqlite_backup_is_a_database_file(app, tmp_path, session_body, hand):
    from ulti_ledger.backup import backup

    evening(app, session_body, hand)
    file = tmp_path / "copy.sqlite3"
    assert backup(app, file) == "sqlite"
    with sqlite3.connect(file) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("SELECT COUNT(*) FROM audit_log").fetchone() == (7,)


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_a_migrated_database_round_trips_at_its_revision(
    bare_app, tmp_path, session_body, hand, fmt
):
    from flask_migrate import upgrade

    from ulti_ledger.backup import backup, restore

    with bare_app.app_context():
        upgrade()
    session_id, before = evening(bare_app, session_body, hand)
    file = tmp_path / "night.backup"
    backup(bare_app, file, fmt)
    (tmp_path / "restored").mkdir()
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert snapshot(session_id) == before
            assert "alembic_version" in db.inspect(db.engine).get_table_names()
    finally:
        close_app(target)
