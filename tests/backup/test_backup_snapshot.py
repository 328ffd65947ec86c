"""A backup taken while a scorer writes is one moment of the evening (issue 11, point 1).

A thread records hands while the backup runs; the backup is restored into an empty
database, which must be consistent and hold exactly the first hands written, their
audit rows and nothing of the later ones. For the JSON backup the test holds the reader
between two tables until the scorer has committed more hands, so a backup that reads
table by table outside one snapshot is caught every time, not by luck.
"""

import json
import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import event

from testkit.samples import PLAYERS, random_session, session_body
from tests.backup.test_backup import fresh_app, run
from tests.conftest import close_app
from ulti_ledger import ledger
from ulti_ledger.backup.files import backup, restore
from ulti_ledger.backup.json_file import (
    BackupError,
    Manifest,
    dump_snapshot,
    sqlite_counts,
    verify_json_file,
    verify_sqlite_file,
)
from ulti_ledger.cli import main as cli
from ulti_ledger.db import db

ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))
HANDS = random_session(PLAYERS, 200, seed=11, name="race")["hands"]


class Scorer(threading.Thread):
    """Records ``HANDS`` one by one into a session until told to stop."""

    def __init__(self, app, session_id):
        super().__init__(daemon=True)
        self.app, self.session_id = app, session_id
        self.written = 0
        self.stop = threading.Event()
        self.error = None

    def run(self):
        with self.app.app_context():
            try:
                session = ledger.get_session(self.session_id)
                for hand in HANDS:
                    if self.stop.is_set():
                        return
                    ledger.add_hand(session, hand)
                    self.written += 1
            except Exception as exc:  # reported by the test
                self.error = exc
            finally:
                db.session.remove()

    def wait_for(self, count, seconds=60):
        deadline = time.monotonic() + seconds
        while self.written < count and self.error is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert self.error is None, self.error
        assert self.written >= count, f"the scorer wrote {self.written} hands, not {count}"


def hold_between_tables(app, scorer):
    """Before the backup (this thread) reads ``hand_seats``, let two more hands in."""
    reader = threading.current_thread()

    def before(conn, cursor, statement, parameters, context, executemany):
        if threading.current_thread() is reader and "FROM hand_seats" in statement:
            scorer.wait_for(scorer.written + 2)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    return lambda: event.remove(engine, "before_cursor_execute", before)


def state(session_id):
    session = ledger.get_session(session_id)
    history = sorted(ledger.session_history(session), key=lambda e: e["version"])
    return ledger.session_json(session), history


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_a_backup_during_writes_restores_a_prefix_of_them(bare_app, tmp_path, monkeypatch, fmt):
    with bare_app.app_context():
        upgrade()
        session_id = ledger.create_session(session_body(name="race")).id
    scorer = Scorer(bare_app, session_id)
    release = hold_between_tables(bare_app, scorer) if fmt == "json" else lambda: None
    scorer.start()  # after the listener is in place: listeners must not change under it
    file = tmp_path / "race.backup"
    monkeypatch.setattr(cli, "database_app", lambda: bare_app)
    try:
        scorer.wait_for(5)
        result = run("backup", "--format", fmt, str(file))
        assert result.exit_code == 0, result.output
        at_backup = scorer.written
        scorer.wait_for(at_backup + 3)  # the scorer went on writing after the backup
    finally:
        scorer.stop.set()
        scorer.join(60)
        release()  # only now: SQLAlchemy's listeners must not change while a thread runs
    assert scorer.error is None, scorer.error
    with bare_app.app_context():
        final, final_history = state(session_id)
    assert len(final["hands"]) == scorer.written > at_backup

    target = fresh_app(bare_app, tmp_path)
    try:
        assert restore(target, file) in {"sqlite", "pg_dump", "json"}
        with target.app_context():
            got, history = state(session_id)
            count = len(got["hands"])
            assert 5 <= count <= at_backup + 2
            assert got["hands"] == final["hands"][:count]  # a prefix, results included
            version = got["version"]
            assert history == [e for e in final_history if e["version"] <= version]
            assert got["totals"]["units"] == {
                p: sum(h["result"]["payments"].get(p, 0) for h in got["hands"]) for p in PLAYERS
            }
            if not ON_POSTGRES:  # PostgreSQL enforces every foreign key on insert
                path = Path(db.engine.url.database)
                with sqlite3.connect(path) as copy:
                    assert copy.execute("PRAGMA foreign_key_check").fetchall() == []
                    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            # the restored evening goes on: the next hand is the one the scorer wrote next
            session = ledger.get_session(session_id)
            assert ledger.add_hand(session, HANDS[count]) == count + 1
            assert ledger.session_json(session)["hands"][-1] == final["hands"][count]
    finally:
        close_app(target)


def test_the_check_after_a_json_backup_catches_a_torn_read(bare_app, tmp_path):
    """What a read outside one snapshot leaves (rows of hands it never saw) fails the check."""
    with bare_app.app_context():
        upgrade()
        ledger.create_session(session_body(hands=HANDS[:3]))
        data, manifest = dump_snapshot()
    file = tmp_path / "torn.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    verify_json_file(file, manifest)  # as read: passes
    data["tables"]["hands"].pop()  # its components, players and audit rows stay
    file.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BackupError, match="does not hold the rows read"):
        verify_json_file(file, manifest)
    counts = {**manifest.counts, "hands": manifest.counts["hands"] - 1}
    with pytest.raises(BackupError, match="names no hands row"):
        verify_json_file(file, Manifest(counts, manifest.references))


@pytest.mark.skipif(ON_POSTGRES, reason="the SQLite copy")
def test_the_check_after_a_sqlite_copy_catches_dangling_rows_and_lost_ones(bare_app, tmp_path):
    with bare_app.app_context():
        upgrade()
        ledger.create_session(session_body(hands=HANDS[:3]))
    file = tmp_path / "copy.sqlite3"
    assert backup(bare_app, file) == "sqlite"
    with sqlite3.connect(file) as copy:
        counts = sqlite_counts(copy)
    copy.close()
    verify_sqlite_file(file, counts)
    with pytest.raises(BackupError, match="does not hold the rows read"):
        verify_sqlite_file(file, {**counts, "hands": counts["hands"] + 1})
    with sqlite3.connect(file) as copy:
        copy.executescript("PRAGMA foreign_keys = OFF; DELETE FROM hands WHERE position = 3")
    copy.close()
    with pytest.raises(BackupError, match="inconsistent: .* names no hands row"):
        verify_sqlite_file(file)
