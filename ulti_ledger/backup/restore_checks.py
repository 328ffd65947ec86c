"""A backup is checked whole before any of it reaches the app's database (issue 11, point 2).

A restore must never leave a broken instance behind: a file with flipped bytes, a
database that is not the app's, or rows tampered into impossible states (a dealer who
does not exist, kontra 99, an empty edit token) are refused, naming the problem, with
nothing written. So the backup is first loaded into a scratch SQLite database of its
own, in a temporary folder:

1. the file itself: SQLite's ``integrity_check``, or JSON that parses;
2. it is ours: an ``alembic_version`` with a revision these migrations know (a JSON
   backup: its format and revision), and no table or column the schema lacks;
3. the rows fit the schema: each value of its column's type, every foreign key naming a
   row of the file (``foreign_key_check``);
4. the scratch copy is upgraded to the newest schema, and every session is read back as
   the ledger reads it: its ruleset text matches its digest, its link tokens have the
   form the app makes, its versions are above its hands', and its whole evening (every
   hand, dealer and seating) is re-parsed and settled by the engine through the
   session's pinned ruleset text, as an import of it would be (``check_session``);
   deleted hands are settled too.

Only then does ``backup.restore`` write, in one transaction (JSON) or by copying the
checked scratch database (SQLite).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask_migrate import upgrade
from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Integer,
    String,
    Table,
    null,
)
from sqlalchemy.exc import SQLAlchemyError

from ..db import db
from ..ledger import unstorable
from ..models import GameSession
from .json_file import BackupError, app_tables, dangling_reference, verify_sqlite_file
from .restore_sessions import NOTHING_WRITTEN, check_contents

FORMER_TABLES = {"hand_players", "hand_components", "component_kontras", "silent_results"}
"""Tables of older schema revisions (an Ulti hand's parts, before a89f3c2e6b71 folded them
into ``hands.facts``): a SQLite backup of such a revision holds them, and is ours."""


@contextmanager
def scratch(path: Path) -> Iterator[None]:
    """An app context on the SQLite database at ``path``, for checking a backup in."""
    from .. import create_app

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "SECRET_KEY": "restore-check",
            "LAN_ADDRESSES": "",
            "PUBLIC_URL": None,
        }
    )
    with app.app_context():
        try:
            yield
        finally:
            db.session.remove()
            db.engine.dispose()


def check_json_backup(data: dict[str, Any]) -> None:
    """Load a JSON backup's rows into a scratch database and check them all, or raise."""
    revision, tables = data.get("revision"), data["tables"]
    with tempfile.TemporaryDirectory(prefix="ulti-restore-") as folder:
        with scratch(Path(folder) / "check.sqlite3"):
            if revision:
                upgrade(revision=revision)
            else:
                db.create_all()
            with db.engine.begin() as connection:
                schema = app_tables(connection)
                check_tables(tables, schema, revision)
                for table in schema:
                    rows = typed_rows(table, tables.get(table.name, []))
                    refuse_unstorable(table, rows)
                    if rows:
                        try:
                            connection.execute(table.insert(), rows)
                        except SQLAlchemyError as exc:
                            raise BackupError(
                                f"the backup's table {table.name} does not fit the schema: "
                                f"{_first_line(exc)}; {NOTHING_WRITTEN}"
                            ) from None
            if revision:
                _upgrade()
            check_contents()


def refuse_unstorable(table: Table, rows: list[dict[str, Any]]) -> None:
    """Refuse a row holding a value that some supported database cannot store (a backup
    SQLite took that PostgreSQL would not), naming the row (``ledger.storable``)."""
    for row in rows:
        problem = unstorable(table, row)
        if problem:
            raise BackupError(
                f"the backup's {table.name} row {row.get('id', '?')}: {problem}; {NOTHING_WRITTEN}"
            )


@contextmanager
def checked_sqlite_copy(source: Path) -> Iterator[Path]:
    """A checked copy of the SQLite backup ``source``, upgraded to the newest schema."""
    try:
        verify_sqlite_file(source)
    except BackupError as exc:
        raise BackupError(f"{exc}; {NOTHING_WRITTEN}") from None
    check_ours(source)
    with tempfile.TemporaryDirectory(prefix="ulti-restore-") as folder:
        path = Path(folder) / "check.sqlite3"
        with sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True) as src:
            out = sqlite3.connect(path)
            try:
                src.backup(out)
            finally:
                out.close()
        src.close()
        with scratch(path):
            _upgrade()
            check_contents()
        yield path


def _upgrade() -> None:
    """The later migrations over the backup's rows; rows they cannot take refuse the file."""
    try:
        upgrade()
    except Exception as exc:  # any migration's failure on these rows: the file is refused
        raise BackupError(
            f"the backup's rows cannot be brought to the current schema: {_first_line(exc)}; "
            f"{NOTHING_WRITTEN}"
        ) from None


def check_ours(source: Path) -> None:
    """Refuse a SQLite database that is not the app's: no migration record, other tables."""
    from alembic.script import ScriptDirectory
    from flask import current_app

    with sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True) as copy:
        names = {
            name
            for (name,) in copy.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        revisions = (
            [row[0] for row in copy.execute("SELECT version_num FROM alembic_version")]
            if "alembic_version" in names
            else []
        )
    copy.close()
    unknown = sorted(names - set(db.metadata.tables) - FORMER_TABLES - {"alembic_version"})
    scripts = ScriptDirectory(current_app.extensions["migrate"].directory)
    known = {script.revision for script in scripts.walk_revisions()}
    if unknown or GameSession.__tablename__ not in names:
        tables = ", ".join(unknown) if unknown else f"no table {GameSession.__tablename__}"
        raise BackupError(
            f"{source} is a SQLite database, but not ulti-ledger's ({tables}); {NOTHING_WRITTEN}"
        )
    if not revisions:
        raise BackupError(
            f"{source} is a SQLite database without ulti-ledger's migration record "
            f"(alembic_version): not one of ours, or not made by `make run`; {NOTHING_WRITTEN}"
        )
    if len(revisions) != 1 or revisions[0] not in known:
        found = ", ".join(map(repr, revisions))
        raise BackupError(
            f"{source} is not a ulti-ledger database this version knows: its schema revision "
            f"(alembic_version) is {found}. A newer version's backup needs that version; "
            f"{NOTHING_WRITTEN}"
        )


def check_tables(tables: dict[str, Any], schema: list[Table], revision: Any) -> None:
    """The backup's tables and columns are the schema's, and its references resolve."""
    unknown = sorted(set(tables) - {table.name for table in schema})
    if unknown:
        raise BackupError(
            f"the backup has tables its schema revision ({revision}) does not: "
            f"{', '.join(unknown)}; it is damaged or was not written by ulti-ledger; "
            f"{NOTHING_WRITTEN}"
        )
    references = {
        (table.name, fk.parent.name): (fk.column.table.name, fk.column.name)
        for table in schema
        for fk in table.foreign_keys
    }
    for table in schema:
        if not all(isinstance(row, dict) for row in tables.get(table.name, [])):
            raise BackupError(
                f"the backup's table {table.name} has a row that is no object; {NOTHING_WRITTEN}"
            )
    problem = dangling_reference(tables, references)
    if problem:
        raise BackupError(f"the backup is inconsistent: {problem}; {NOTHING_WRITTEN}")


def typed_rows(table: Table, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The backup's rows as ``table`` takes them: times parsed, JSON's None as SQL NULL;
    a value of the wrong type is refused, naming the table, row and column."""
    columns = table.columns
    extra = sorted({key for row in rows for key in row} - set(columns.keys()))
    if extra:
        raise BackupError(
            f"the backup's table {table.name} has columns its schema revision does not: "
            f"{', '.join(extra)}; it is damaged or was not written by ulti-ledger; "
            f"{NOTHING_WRITTEN}"
        )
    out = []
    for row in rows:
        row = dict(row)
        for column in columns:
            if column.name not in row:
                continue
            try:
                row[column.name] = _typed(column.type, row[column.name])
            except (TypeError, ValueError) as exc:
                raise BackupError(
                    f"the backup's {table.name} row {row.get('id', '?')}: {column.name} "
                    f"{row[column.name]!r} {exc}; {NOTHING_WRITTEN}"
                ) from None
        out.append(row)
    return out


def _typed(kind: Any, value: Any) -> Any:
    if isinstance(kind, JSON):
        return null() if value is None else value  # a reflected JSON column would store null
    if value is None:
        return None
    if isinstance(kind, DateTime | Date):
        if not isinstance(value, str):
            raise TypeError("is not a date or time")
        parse = dt.datetime.fromisoformat if isinstance(kind, DateTime) else dt.date.fromisoformat
        return parse(value)
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise TypeError("is not true or false")
    elif isinstance(kind, Integer):
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 2**31:
            raise TypeError("is not a whole number of 32 bits")
    elif isinstance(kind, String):
        if not isinstance(value, str):
            raise TypeError("is not text")
        if kind.length is not None and len(value) > kind.length:
            raise ValueError(f"is longer than {kind.length} characters")
    return value


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
