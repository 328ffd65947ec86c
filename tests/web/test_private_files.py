"""The database, its WAL files, the secret key and every backup are their owner's only
(mode 0600), whatever the umask; a database an older version left readable is narrowed."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.config import load_or_create_secret_key
from ulti_ledger.db import db

pytestmark = pytest.mark.db
ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))
CLI = Path(sys.executable).parent / "ulti-ledger"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask():
    """A umask that leaves new files readable by everyone, as many machines have."""
    before = os.umask(0o022)
    yield
    os.umask(before)


@pytest.mark.skipif(ON_POSTGRES, reason="the SQLite file")
def test_the_sqlite_database_and_its_wal_files_are_the_owners_only(
    tmp_path, loose_umask, session_body
):
    app = make_app(tmp_path)
    try:
        database = tmp_path / "ulti_ledger.sqlite3"
        with app.app_context():
            ledger.create_session(session_body)
            wal, shm = Path(f"{database}-wal"), Path(f"{database}-shm")
            assert wal.exists() and shm.exists()  # WAL mode, a connection open
            assert [mode(database), mode(wal), mode(shm)] == [0o600] * 3
    finally:
        close_app(app)


@pytest.mark.skipif(ON_POSTGRES, reason="the SQLite file")
def test_a_database_left_readable_by_others_is_narrowed(tmp_path, loose_umask):
    database = tmp_path / "ulti_ledger.sqlite3"
    database.touch()
    os.chmod(database, 0o644)
    close_app(make_app(tmp_path))
    assert mode(database) == 0o600


def test_the_secret_key_is_the_owners_only(tmp_path, loose_umask):
    key = load_or_create_secret_key(tmp_path / "secret_key")
    assert len(key) == 64 and mode(tmp_path / "secret_key") == 0o600
    assert load_or_create_secret_key(tmp_path / "secret_key") == key


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_ulti_ledger_backup_writes_a_file_for_its_owner_only(tmp_path, session_body, app, fmt):
    with app.app_context():
        ledger.create_session(session_body)
        url = db.engine.url.render_as_string(hide_password=False)
    out = tmp_path / "night.backup"
    out.write_bytes(b"")
    os.chmod(out, 0o644)  # an older file there: it is replaced by one for the owner only
    fresh = tmp_path / "fresh.backup"
    env = {**os.environ, "DATABASE_URL": url}
    for target in (out, fresh):
        done = subprocess.run(
            [str(CLI), "backup", "--format", fmt, str(target)],
            env=env,
            capture_output=True,
            text=True,
            preexec_fn=lambda: os.umask(0o022),
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert target.stat().st_size > 0 and mode(target) == 0o600, target
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]
