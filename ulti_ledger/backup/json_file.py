"""Backups that are one moment in time, and the check every backup passes before it counts.

A scorer may record a hand while a backup runs. Read table by table in autocommit, a
backup would hold the components of a hand whose row it read before the hand existed: it
would restore with a foreign-key error, or not at all. So every table is read in one
snapshot:

- SQLite: an explicit ``BEGIN`` before the first SELECT (the sqlite3 module opens a
  transaction only before a write, so without it each SELECT reads its own moment); in
  WAL mode the reader sees one state while the scorers go on writing.
- PostgreSQL: a read-only REPEATABLE READ transaction, whose snapshot is taken at its
  first statement.

Then the file written is read back and checked against what was read: the same tables
with the same row counts, and every foreign key resolving to a row of the file. The
SQLite online copy is made inside one read transaction too and checked the same way on
the copy (``integrity_check``, ``foreign_key_check``, the counts). Only a backup that
passes is kept; otherwise it is removed and a ``BackupError`` says why.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic.migration import MigrationContext
from sqlalchemy import Connection, MetaData, Table, func, select

from ..db import db

JSON_FORMAT = "ulti-ledger/backup@1"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class Manifest:
    """What a backup read: rows per table, and each foreign key (table, column) -> target."""

    counts: dict[str, int]
    references: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)


def app_tables(connection: Connection) -> list[Table]:
    """The app's tables as the database has them (not as the models say), in foreign-key
    order: a database not yet upgraded is backed up, and restored into, at its revision."""
    schema = MetaData()
    schema.reflect(bind=connection)
    return [t for t in schema.sorted_tables if t.name != "alembic_version"]


@contextmanager
def snapshot() -> Iterator[Connection]:
    """A connection whose every read sees the database at one moment."""
    with db.engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            connection = connection.execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            )
            with connection.begin():
                yield connection
            return
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN")
        try:
            yield connection
        finally:
            connection.rollback()


def dump_snapshot() -> tuple[dict[str, Any], Manifest]:
    """Every row of every table, read in one snapshot, with what was read."""
    with snapshot() as connection:
        revision = MigrationContext.configure(connection).get_current_revision()
        schema = app_tables(connection)
        tables = {
            table.name: [
                {key: _plain(value) for key, value in row._mapping.items()}
                for row in connection.execute(select(table).order_by(*table.primary_key))
            ]
            for table in schema
        }
        counts = {
            table.name: connection.scalar(select(func.count()).select_from(table))
            for table in schema
        }
    moved = sorted(name for name, rows in tables.items() if len(rows) != counts[name])
    if moved:  # cannot happen inside one snapshot; says so loudly if it ever does
        raise BackupError(f"the database changed while it was read ({', '.join(moved)})")
    references = {
        (table.name, fk.parent.name): (fk.column.table.name, fk.column.name)
        for table in schema
        for fk in table.foreign_keys
    }
    data = {"format": JSON_FORMAT, "revision": revision, "tables": tables}
    return data, Manifest(counts, references)


def verify_json_file(path: Path, manifest: Manifest) -> None:
    """Read the written backup back: the tables and counts read, every reference resolving."""
    try:
        tables = json.loads(path.read_text(encoding="utf-8"))["tables"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BackupError(f"the backup written to {path} does not read back: {exc}") from None
    got = {name: len(rows) for name, rows in tables.items()}
    if got != manifest.counts:
        raise BackupError(
            f"the backup written to {path} does not hold the rows read: {got} != {manifest.counts}"
        )
    problem = dangling_reference(tables, manifest.references)
    if problem:
        raise BackupError(f"the backup written to {path} is inconsistent: {problem}")


def dangling_reference(
    tables: dict[str, list[dict[str, Any]]],
    references: dict[tuple[str, str], tuple[str, str]],
) -> str | None:
    """The first row whose foreign key names no row of the file, worded; None if all do."""
    targets: dict[tuple[str, str], set[Any]] = {}
    for (name, column), (target, target_column) in references.items():
        if (target, target_column) not in targets:
            targets[target, target_column] = {
                row.get(target_column) for row in tables.get(target, [])
            }
        known = targets[target, target_column]
        for row in tables.get(name, []):
            value = row.get(column)
            if value is not None and value not in known:
                return f"{name} row {row.get('id', '?')}: {column} {value!r} names no {target} row"
    return None


def snapshot_copy(source: Path, dest: Path) -> None:
    """Copy a live SQLite database to ``dest`` at one moment, and check the copy first."""
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        src.execute("BEGIN")  # the counts and the pages copied are of this one moment
        counts = sqlite_counts(src)
        out = sqlite3.connect(partial)
        try:
            src.backup(out)  # every page in one step, inside the read transaction
        finally:
            out.close()
        src.execute("COMMIT")
    finally:
        src.close()
    try:
        verify_sqlite_file(partial, counts)
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, dest)


def sqlite_counts(connection: sqlite3.Connection) -> dict[str, int]:
    names = [
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: connection.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in names
    }


def verify_sqlite_file(path: Path, counts: dict[str, int] | None = None) -> None:
    """``integrity_check`` and ``foreign_key_check`` pass, and (given) the counts match."""
    try:
        copy = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            integrity = [row[0] for row in copy.execute("PRAGMA integrity_check")]
            dangling = copy.execute("PRAGMA foreign_key_check").fetchall()
            got = sqlite_counts(copy)
        finally:
            copy.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is a damaged SQLite database ({exc})") from None
    if integrity != ["ok"]:
        raise BackupError(
            f"{path} is a damaged SQLite database: integrity_check says {'; '.join(integrity[:3])}"
        )
    if dangling:
        table, rowid, target, _ = dangling[0]
        raise BackupError(
            f"{path} is inconsistent: {table} row {rowid} names no {target} row "
            f"({len(dangling)} such references)"
        )
    if counts is not None and got != counts:
        raise BackupError(f"the copy {path} does not hold the rows read: {got} != {counts}")


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date | dt.datetime) else value
