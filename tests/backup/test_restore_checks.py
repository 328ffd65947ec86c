"""A restore refuses a bad backup with a message, no traceback and nothing written (issue 11).

Each test takes a real backup of a real evening, damages it the way a flaky disk or a
hand with an editor would, and restores it through the command line into an empty
database: the command must fail with a message naming the problem, and the database
must be left exactly as empty as it was.
"""

import json
import os
import sqlite3

import pytest
from flask_migrate import upgrade
from sqlalchemy import inspect

from tests.backup.test_backup import fresh_app, run
from tests.conftest import HAND_KINDS, close_app
from ulti_ledger import ledger
from ulti_ledger.backup.files import backup, restore
from ulti_ledger.cli import main as cli
from ulti_ledger.db import db

ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))
KINDS = ["piros passz", "betli, individual kontra", "ulti rekontra, silent 100", "renonsz"]


@pytest.fixture
def backed_up(bare_app, tmp_path, session_body, monkeypatch):
    """``(make, target)``: ``make(fmt)`` backs an evening up; ``target`` is an empty app."""
    with bare_app.app_context():
        upgrade()
        session = ledger.create_session({**session_body, "hands": [HAND_KINDS[k] for k in KINDS]})
        ledger.delete_hand(session, 4)
    files = {}
    for fmt in ("auto", "json"):
        files[fmt] = tmp_path / f"night.{fmt}"
        backup(bare_app, files[fmt], fmt)
    target = fresh_app(bare_app, tmp_path)
    monkeypatch.setattr(cli, "database_app", lambda: target)
    yield files, target
    close_app(target)


def refused(target, file, *words):
    """Restoring ``file`` fails with a message holding ``words``; nothing was written."""
    result = run("restore", str(file))
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)  # a message, never a traceback
    assert "Traceback" not in result.output
    message = " ".join(result.output.split())
    for word in words:
        assert word in message, message
    assert "nothing was written" in message or "cannot be restored" in message, message
    with target.app_context():
        assert inspect(db.engine).get_table_names() == []
    return message


def tampered(files, change):
    """The JSON backup with ``change(tables)`` applied, written back."""
    file = files["json"]
    data = json.loads(file.read_text(encoding="utf-8"))
    change(data["tables"])
    file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return file


def row(tables, table, **where):
    return next(r for r in tables[table] if all(r[k] == v for k, v in where.items()))


def test_the_untampered_backups_restore(backed_up):
    """The baseline the other tests damage: both files restore, into a fresh database."""
    files, target = backed_up
    result = run("restore", str(files["json"]))
    assert result.exit_code == 0, result.output
    with target.app_context():
        assert len(ledger.session_json(ledger.get_session(1))["hands"]) == 3
        assert len(ledger.deleted_hands(ledger.get_session(1))) == 1


def test_a_json_backup_with_flipped_bytes_is_refused(backed_up):
    files, target = backed_up
    raw = bytearray(files["json"].read_bytes())
    at = raw.index(b'"hands"')
    raw[at : at + 2] = b"\xff\x7b"
    files["json"].write_bytes(bytes(raw))
    refused(target, files["json"], "damaged JSON backup", "not valid JSON")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: row(t, "hands", position=1).update(dealer_id=999), ["dealer_id 999", "players"]),
        (lambda t: t["seats"][0].update(player_id=999), ["seats row", "player_id 999"]),
        (lambda t: t["hand_seats"][0].update(hand_id=999), ["hand_id 999", "no hands row"]),
    ],
    ids=["dealer id", "seat player", "hand of a player"],
)
def test_a_reference_that_resolves_to_nothing_is_refused(backed_up, change, words):
    files, target = backed_up
    refused(target, tampered(files, change), "inconsistent", *words)


def test_a_dealer_who_is_not_at_the_table_is_refused(backed_up):
    files, target = backed_up

    def change(tables):
        stranger = {**tables["players"][0], "id": 99, "name": "Zoltán"}
        tables["players"].append(stranger)
        row(tables, "hands", position=2).update(dealer_id=99)

    refused(target, tampered(files, change), "position 2", "'Zoltán'", "has no seat")


def test_kontra_beyond_the_ceiling_is_refused(backed_up):
    files, target = backed_up

    def change(tables):
        components = [c for h in tables["hands"] for c in h["facts"].get("components", ())]
        next(c for c in components if isinstance(c.get("kontra"), int)).update(kontra=99)

    refused(target, tampered(files, change), "breaks its rules", "kontra", "99")


@pytest.mark.parametrize("token", ["", "short", "spaces are no token at all in a link", None])
def test_an_edit_token_of_the_wrong_form_is_refused(backed_up, token):
    files, target = backed_up
    change = lambda t: t["game_sessions"][0].update(edit_token=token)  # noqa: E731
    words = ["edit_token", "is not a link token"] if token is not None else ["edit_token"]
    refused(target, tampered(files, change), *words)


def test_a_hand_the_engine_cannot_settle_is_refused(backed_up):
    files, target = backed_up

    def change(tables):
        betli = next(h for h in tables["hands"] if h["facts"]["components"][0]["name"] == "betli")
        betli["facts"]["components"][0]["name"] = "flying"

    refused(target, tampered(files, change), "session 1", "flying")


def test_seat_rows_that_disagree_with_the_facts_are_refused(backed_up):
    """The statistics read the seat rows, the scoresheet the facts: they must agree."""
    files, target = backed_up

    def change(tables):
        declarer = next(s for s in tables["hand_seats"] if s["role"] == "declarer")
        declarer["role"] = "opponent"

    refused(target, tampered(files, change), "seat rows do not match its facts")


def test_a_value_of_the_wrong_type_is_refused(backed_up):
    files, target = backed_up
    change = lambda t: t["hand_seats"][0].update(role=7)  # noqa: E731
    refused(target, tampered(files, change), "hand_seats", "role 7", "is not text")


def test_a_ruleset_text_changed_by_hand_is_refused(backed_up):
    files, target = backed_up

    def change(tables):
        ruleset = tables["rulesets"][0]
        ruleset["text"] = ruleset["text"].replace("= 4", "= 40", 1)

    refused(target, tampered(files, change), "ruleset 1", "does not match its digest")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.update(notes=[]), ["has tables", "notes"]),
        (lambda t: t["hands"][0].update(secret=1), ["has columns", "secret"]),
        (lambda t: t["hands"].append([1, 2]), ["hands", "no object"]),
    ],
    ids=["table", "column", "row"],
)
def test_unknown_tables_columns_and_rows_are_refused(backed_up, change, words):
    files, target = backed_up
    refused(target, tampered(files, change), *words)


sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="a SQLite backup restores into SQLite")


@sqlite_only
def test_a_sqlite_backup_with_flipped_bytes_is_refused(backed_up):
    files, target = backed_up
    file = files["auto"]
    raw = bytearray(file.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    for offset in range(2 * page + 8, len(raw), page):  # every b-tree page from the third on
        raw[offset : offset + 4] = b"\xde\xad\xbe\xef"
    file.write_bytes(bytes(raw))
    refused(target, file, "damaged SQLite database")


@sqlite_only
@pytest.mark.parametrize(
    ("sql", "words"),
    [
        ("DROP TABLE alembic_version", ["without ulti-ledger's migration record"]),
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY)", ["not ulti-ledger's", "notes"]),
        ("UPDATE alembic_version SET version_num = 'ffffffffffff'", ["'ffffffffffff'"]),
    ],
    ids=["no migration record", "another table", "unknown revision"],
)
def test_a_database_that_is_not_ours_is_refused(backed_up, sql, words):
    files, target = backed_up
    with sqlite3.connect(files["auto"]) as copy:
        copy.execute(sql)
    copy.close()
    refused(target, files["auto"], *words)


@sqlite_only
def test_an_unrelated_sqlite_database_is_refused(backed_up, tmp_path):
    _, target = backed_up
    other = tmp_path / "photos.sqlite3"
    with sqlite3.connect(other) as db_file:
        db_file.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    db_file.close()
    refused(target, other, "not ulti-ledger's", "photos")


@sqlite_only
@pytest.mark.parametrize(
    ("sql", "words"),
    [
        (
            "UPDATE hands SET facts = json_set(facts, '$.components[0].kontra', 99)"
            " WHERE json_extract(facts, '$.components[0].kontra') > 0",
            ["breaks its rules", "99"],
        ),
        ("UPDATE game_sessions SET edit_token = ''", ["edit_token ''"]),
        ("PRAGMA foreign_keys = OFF; UPDATE hands SET dealer_id = 999", ["hands row", "players"]),
    ],
    ids=["kontra 99", "empty edit token", "dealer id"],
)
def test_a_sqlite_backup_with_tampered_rows_is_refused(backed_up, sql, words):
    files, target = backed_up
    with sqlite3.connect(files["auto"]) as copy:
        copy.executescript(sql)
    copy.close()
    refused(target, files["auto"], *words)


pg_only = pytest.mark.skipif(not ON_POSTGRES, reason="a pg_dump file is PostgreSQL's")


@pg_only
def test_a_damaged_pg_dump_is_refused_and_nothing_is_written(backed_up):
    files, target = backed_up
    file = files["auto"]
    raw = file.read_bytes()
    assert raw.startswith(b"PGDMP")
    file.write_bytes(raw[: len(raw) // 2])  # cut short: the rows of the later tables lost
    refused(target, file, "pg_restore")


@pg_only
def test_a_pg_dump_of_another_database_is_refused(bare_app, tmp_path, monkeypatch):
    with bare_app.app_context():
        with db.engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE photos (id integer PRIMARY KEY)")
    file = tmp_path / "photos.dump"
    assert backup(bare_app, file) == "pg_dump"
    target = fresh_app(bare_app, tmp_path)
    monkeypatch.setattr(cli, "database_app", lambda: target)
    try:
        refused(target, file, "not of ulti-ledger's database")
    finally:
        close_app(target)


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_every_kind_of_hand_and_change_passes_the_checks(bare_app, tmp_path, session_body, fmt):
    """The checks refuse what is broken, never a real evening: every hand kind the ledger
    stores, an edit, a deletion, a late arrival, a departure and rules kept by old hands."""
    with bare_app.app_context():
        upgrade()
        session = ledger.create_session({**session_body, "hands": list(HAND_KINDS.values())})
        ledger.replace_hand(session, 2, HAND_KINDS["rebetli"])
        ledger.delete_hand(session, 3)
        ledger.change_players(session, {"add": {"name": "Ede", "seat": 1}})
        ledger.update_session(
            session, {"options": {"four_player_dealer": "pays_as_defender"}, "resettle": False}
        )
        ledger.change_players(session, {"remove": {"name": "Dóra"}})
        before = ledger.session_json(session)
        other = ledger.create_session({**session_body, "name": "Másik", "hands": []})
        ledger.delete_session(other.id)  # an admin-deleted evening is checked too
    file = tmp_path / f"all.{fmt}"
    backup(bare_app, file, fmt)
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert ledger.session_json(ledger.get_session(session.id)) == before
    finally:
        close_app(target)


@pytest.mark.skipif(ON_POSTGRES, reason="the database restored into is SQLite here")
def test_a_pg_dump_restored_into_sqlite_says_it_needs_postgresql(bare_app, tmp_path, monkeypatch):
    """Before, pg_restore ran against a SQLite DATABASE_URL and failed with a socket
    error; the file's kind and the database's are named instead, before anything runs."""
    file = tmp_path / "evenings.dump"
    file.write_bytes(b"PGDMP\x01\x0f\x00" + bytes(64))  # a pg_dump file's header
    monkeypatch.setattr(cli, "database_app", lambda: bare_app)
    message = refused(bare_app, file, "pg_dump file", "only into PostgreSQL", "sqlite")
    assert "socket" not in message
