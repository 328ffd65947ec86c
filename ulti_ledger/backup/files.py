"""Backups of the whole database while the app runs, and restoring one into an empty one.

Three kinds of file, chosen by the database and told apart by their first bytes:

- SQLite: a copy made with SQLite's online backup API, consistent even while scorers
  write: it copies every page in one step inside one read transaction (WAL included),
  and the rows counted in that transaction are counted again on the copy. It is itself
  a database file: ``sqlite3 FILE`` opens it.
- PostgreSQL: ``pg_dump --format=custom`` when pg_dump is installed (restored with
  pg_restore); otherwise, or with ``fmt="json"``, the JSON dump below.
- JSON (any database): every row of every table of the app, audit log and deleted rows
  included, with the schema revision; read in one snapshot (``backup_json``), so
  consistent too. It also moves an instance from SQLite to PostgreSQL or back. It is
  restored at its own
  revision and then upgraded, so the backup of an older version restores too; one of a
  revision these migrations do not know (a newer version's) is refused.

Every backup is checked before it is reported written (``backup_json``: the
``verify_*`` functions): the SQLite copy passes ``integrity_check`` and
``foreign_key_check`` and holds the rows that were read; the JSON file reads back with
every reference resolving and every count matching (pg_dump is trusted as it is). A
backup that fails is removed and the command fails.

Restoring refuses a database that already holds a session: a restore never merges into
or overwrites what is there. The file is checked whole first (``restore_checks``): it is
loaded into a scratch SQLite database, upgraded, and every session re-read and settled by
the engine; only a file that passes reaches the app's database, in one transaction. A
pg_dump file must name the app's tables; ``pg_restore`` loads it in one transaction.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask_migrate import downgrade, upgrade
from sqlalchemy import (
    func,
    inspect,
    select,
    text,
)

from ..db import db
from ..files import owner_only
from ..ledger import link_named_group_payments
from ..models import GameSession
from .json_file import (
    JSON_FORMAT,
    BackupError,
    app_tables,
    dump_snapshot,
    snapshot_copy,
    verify_json_file,
)
from .restore_checks import check_json_backup, checked_sqlite_copy, typed_rows

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"


def backup(app: Flask, dest: Path, fmt: str = "auto") -> str:
    """Write a backup of ``app``'s database to ``dest``; returns the kind written.

    The file is its owner's only (mode 0600), as the database is."""
    with app.app_context(), owner_only(dest):
        url = db.engine.url
        if fmt == "auto" and url.get_backend_name() == "sqlite":
            snapshot_copy(Path(url.database), dest)
            return "sqlite"
        if fmt == "auto" and shutil.which("pg_dump"):
            _run(["pg_dump", "--format=custom", f"--file={dest}", _libpq(url)])
            return "pg_dump"
        data, counts = dump_snapshot()
        _write_atomically(dest, json.dumps(data, ensure_ascii=False).encode())
        try:
            verify_json_file(dest, counts)
            # what restore would do with it, short of writing: a file restore refuses is
            # no backup (the error names the row)
            check_json_backup(_read_json(dest))
        except BackupError as exc:
            dest.unlink(missing_ok=True)
            raise BackupError(f"the backup would not restore: {exc}") from None
        return "json"


def restore(app: Flask, source: Path) -> str:
    """Load a backup into ``app``'s database, which must hold no session; returns its kind."""
    head = source.read_bytes()[:16]
    with app.app_context():
        url = db.engine.url
        _refuse_unless_empty()
        if head.startswith(SQLITE_MAGIC):
            if url.get_backend_name() != "sqlite":
                raise BackupError(
                    "a SQLite backup restores into SQLite; for PostgreSQL make a "
                    "JSON backup (ulti-ledger backup --format json FILE)"
                )
            # checked whole in a scratch copy, upgraded there to the current schema
            with checked_sqlite_copy(source) as checked:
                db.session.remove()
                db.engine.dispose()
                _sqlite_copy(checked, Path(url.database))
            return "sqlite"
        if head.startswith(PGDUMP_MAGIC):
            if url.get_backend_name() != "postgresql":  # else pg_restore's socket error
                raise BackupError(
                    f"{source} is a pg_dump file: it restores only into PostgreSQL, and "
                    f"DATABASE_URL is {url.get_backend_name()}; set DATABASE_URL to an empty "
                    "PostgreSQL database, or make a JSON backup (ulti-ledger backup --format "
                    "json FILE) to restore here; nothing was written"
                )
            _check_pg_dump(source)
            db.engine.dispose()
            _run(
                [
                    "pg_restore",
                    "--no-owner",
                    "--clean",
                    "--if-exists",
                    "--single-transaction",  # all of it, or nothing written
                    "--exit-on-error",
                    f"--dbname={_libpq(url)}",
                    str(source),
                ]
            )
            return "pg_dump"
        _load(_read_json(source))
        return "json"


def _sqlite_copy(source: Path, dest: Path) -> None:
    """Copy one SQLite database into another with the online backup API."""
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
        finally:
            out.close()
    finally:
        src.close()


def _libpq(url: Any) -> str:
    """The SQLAlchemy URL as pg_dump takes it (no ``+psycopg`` driver part)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip()}; nothing was written")
    return done.stdout


def _check_pg_dump(source: Path) -> None:
    """A pg_dump file whose table of contents reads and names the app's tables; the rows
    themselves are checked by pg_restore, in one transaction (a failure writes nothing)."""
    try:
        listing = _run(["pg_restore", "--list", str(source)])
    except BackupError as exc:
        raise BackupError(f"{source} is a damaged pg_dump file ({exc})") from None
    tables = set(re.findall(r"\bTABLE \S+ (\w+)", listing))
    if not {"alembic_version", GameSession.__tablename__} <= tables:
        raise BackupError(
            f"{source} is a pg_dump file, but not of ulti-ledger's database (no "
            f"alembic_version or {GameSession.__tablename__} table); nothing was written"
        )


def _write_atomically(dest: Path, data: bytes) -> None:
    partial = dest.with_name(dest.name + ".partial")
    with open(partial, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(partial, dest)


def _refuse_unless_empty() -> None:
    if not inspect(db.engine).has_table(GameSession.__tablename__):
        return
    count = db.session.scalar(select(func.count()).select_from(GameSession))
    db.session.rollback()
    if count:
        raise BackupError(
            f"the database already holds {count} sessions; restore into an "
            "empty database (a new DATABASE_URL or SQLite file), never over one"
        )


def _read_json(source: Path) -> dict[str, Any]:
    raw = source.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        if raw.lstrip()[:1] in (b"{", b"["):
            raise BackupError(
                f"{source} is a damaged JSON backup: it is not valid JSON ({exc}); "
                "nothing was written"
            ) from None
        raise BackupError(f"{source} is no backup: not SQLite, pg_dump or JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise BackupError(f"{source} is JSON but not a backup (format {JSON_FORMAT})")
    tables = data.get("tables")
    if not isinstance(tables, dict) or not all(isinstance(r, list) for r in tables.values()):
        raise BackupError("the backup's tables are missing or damaged: it cannot be restored")
    return data


def _load(data: dict[str, Any]) -> None:
    """Create the schema at the backup's revision, insert every row, then upgrade to head.

    The rows go into the tables as they are at the backup's revision (read back from the
    database, not the current models), so a backup of an older version restores too; the
    upgrade to head then runs the later migrations, data migrations included, over them.
    A database made without migrations (``db.create_all``, as the tests do) has no
    revision: its schema is the models' own.
    """
    revision, tables = data.get("revision"), data["tables"]
    if revision:
        _known_revision(revision)
    check_json_backup(data)  # every row checked in a scratch database before any is written
    if revision:
        _check_revision(revision)
        upgrade(revision=revision)
    else:
        db.create_all()
    with db.engine.begin() as connection:
        schema = app_tables(connection)
        ids = []
        for table in schema:
            rows = typed_rows(table, tables.get(table.name, []))
            if rows:
                connection.execute(table.insert(), rows)
            if "id" in table.columns:
                ids.append(table.name)
        if connection.dialect.name == "postgresql":
            for name in ids:  # the next id of every table comes after the restored rows
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
                    )
                )
    _upgrade_if_migrated()
    if link_named_group_payments():  # older rows of a schema made without migrations
        db.session.commit()


def _check_revision(revision: Any) -> None:
    """Refuse a revision these migrations do not know, or a database with rows already past
    it; an empty one past it (``make run`` makes one at the newest) is taken down to it."""
    scripts, known = _known_revision(revision)
    with db.engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    if current is None or current == revision:
        return
    if current not in known or revision in {
        script.revision for script in scripts.iterate_revisions(current, "base")
    }:
        if current in known and _holds_no_rows():
            downgrade(revision=revision)  # the upgrade after the rows brings it back
            return
        raise BackupError(
            f"the database is already at schema revision {current}, past the backup's "
            f"{revision}: restore into a new, empty database (a new DATABASE_URL or SQLite "
            "file); nothing was written"
        )


def _known_revision(revision: Any) -> tuple[ScriptDirectory, set[str]]:
    """Refuse a revision these migrations do not know (a newer version's backup)."""
    scripts = ScriptDirectory(current_app.extensions["migrate"].directory)
    known = {script.revision for script in scripts.walk_revisions()}
    if not isinstance(revision, str) or revision not in known:
        raise BackupError(
            f"the backup's schema revision {revision!r} is unknown to this version of "
            f"ulti-ledger (its newest is {scripts.get_current_head()}): the backup was "
            "written by a newer version, or is damaged. Upgrade ulti-ledger to the version "
            "that wrote it (or a later one) and restore again; nothing was written"
        )
    return scripts, known


def _holds_no_rows() -> bool:
    with db.engine.connect() as connection:
        return not any(
            connection.execute(select(table).limit(1)).first() for table in app_tables(connection)
        )


def _upgrade_if_migrated() -> None:
    with db.engine.connect() as connection:
        revision = MigrationContext.configure(connection).get_current_revision()
    if revision:
        upgrade()
