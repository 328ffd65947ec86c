"""Backups: an online copy, restored into an empty database only; SQLite's safety settings."""

import datetime as dt
import json
import os
import sqlite3

import pytest
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import stamp, upgrade
from sqlalchemy import JSON, Date, DateTime, bindparam, func, inspect, select, text

from testkit.samples import PLAYERS, session_body
from tests.conftest import canonical_hand, close_app, make_app, parti
from ulti_ledger import ledger
from ulti_ledger.backup.files import JSON_FORMAT, BackupError, backup, restore
from ulti_ledger.cli import main as cli
from ulti_ledger.db import db
from ulti_ledger.ledger.pinning import builtin_engine
from ulti_ledger.models import GameSession

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
    (tmp_path / "restored").mkdir(exist_ok=True)
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
    with app.app_context():
        stamp()  # the models' schema is the newest revision's: a database of ours
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
    with bare_app.app_context():
        upgrade()
    session_id, before = evening(bare_app, session_body, hand)
    file = tmp_path / "night.backup"
    backup(bare_app, file, fmt)
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert snapshot(session_id) == before
            assert "alembic_version" in db.inspect(db.engine).get_table_names()
    finally:
        close_app(target)


# A backup of an older version: the first schema (109a0c49d167), before the audit log,
# soft deletion and hand versions unique per session (7c1e5a9d4b20).
FIRST_SCHEMA = "109a0c49d167"
OLD_HANDS = [  # (dealer, hand): the dealer sits out at four
    (
        "Dóra",
        parti("Anna"),
    ),
    (
        "Anna",
        {
            "players": ["Béla", "Csaba", "Dóra"],
            "sitting_out": ["Anna"],
            "declarer": "Béla",
            "components": [{"name": "betli", "won": False, "kontra": {"Csaba": 1, "Dóra": 0}}],
        },
    ),
    (
        "Béla",
        {
            "players": ["Csaba", "Dóra", "Anna"],
            "sitting_out": ["Béla"],
            "declarer": "Csaba",
            "colour": "zold",
            "components": [
                {"name": "ulti", "won": True, "kontra": 2},
                {"name": "parti", "won": False},
            ],
            "silent": [{"name": "100", "side": "defenders", "won": True}],
        },
    ),
    (
        "Csaba",
        {
            "options": {"defender_silent_ulti": "everyone"},
            "players": ["Dóra", "Anna", "Béla"],
            "sitting_out": ["Csaba"],
            "declarer": "Dóra",
            "colour": "tok",
            "components": [{"name": "parti", "won": True}],
            "silent": [{"name": "ulti", "side": "defenders", "won": True, "player": "Béla"}],
        },
    ),
    (
        "Dóra",
        {
            "players": ["Anna", "Béla", "Csaba"],
            "sitting_out": ["Dóra"],
            "declarer": "Anna",
            "colour": "makk",
            "components": [{"name": "40-100"}],
            "renonsz": {"player": "Béla"},
        },
    ),
]
EVENING = dt.datetime(2026, 11, 27, 19, 30, tzinfo=dt.UTC)


def insert(connection, table, rows, **types):
    """Plain SQL: INSERT INTO table (...) VALUES (...), with the named columns' types."""
    columns = list(rows[0])
    names = ", ".join(f'"{c}"' for c in columns)
    values = ", ".join(f":{c}" for c in columns)
    statement = text(f"INSERT INTO {table} ({names}) VALUES ({values})")
    statement = statement.bindparams(*(bindparam(c, type_=t) for c, t in types.items()))
    connection.execute(statement, rows)


def first_schema_evening(connection):
    """A session of five hands, one of them edited, in the first schema's tables."""
    ruleset = builtin_engine().rulesets["ulti"]
    when = DateTime(timezone=True)
    insert(
        connection,
        "rulesets",
        [
            {
                "id": 1,
                "digest": ruleset.digest,
                "ruleset_id": ruleset.id,
                "source": ruleset.source,
                "text": ruleset.text,
                "created_at": EVENING,
            }
        ],
        created_at=when,
    )
    players = {name: i for i, name in enumerate(PLAYERS, start=1)}
    insert(
        connection,
        "players",
        [{"id": i, "name": name, "created_at": EVENING} for name, i in players.items()],
        created_at=when,
    )
    session = {
        "id": 1,
        "name": "Péntek",
        "date": EVENING.date(),
        "place": "Kocsma",
        "ruleset_pk": 1,
        "options": {},
        "unit_amount": "10",
        "currency": "HUF",
        "last_declarer_deals": False,
        "edit_token": "edit-" + "e" * 40,
        "view_token": "view-" + "v" * 40,
        "created_at": EVENING,
        "version": 6,  # five hands, then hand 3 edited: that hand's version 2
    }
    insert(connection, "game_sessions", [session], date=Date(), options=JSON(), created_at=when)
    insert(
        connection,
        "seats",
        [{"id": i, "session_id": 1, "player_id": i, "position": i - 1} for i in players.values()],
    )
    hands, people, components, kontras, silent = [], [], [], [], []
    for position, (dealer, hand) in enumerate(OLD_HANDS, start=1):
        renonsz = hand.get("renonsz")
        hands.append(
            {
                "id": position,
                "session_id": 1,
                "position": position,
                "dealer_id": players[dealer],
                "declarer_id": players[hand["declarer"]],
                "outcome": "played",
                "colour": hand.get("colour"),
                "renonsz_id": players[renonsz["player"]] if renonsz else None,
                "options": hand.get("options"),
                "version": 2 if position == 3 else 1,
                "created_at": EVENING,
                "updated_at": EVENING,
            }
        )
        for out, key in ((False, "players"), (True, "sitting_out")):
            people += [
                {"hand_id": position, "position": i, "player_id": players[n], "sitting_out": out}
                for i, n in enumerate(hand[key])
            ]
        for i, c in enumerate(hand["components"]):
            kontra = c.get("kontra", 0)
            components.append(
                {
                    "id": len(components) + 1,
                    "hand_id": position,
                    "position": i,
                    "name": c["name"],
                    "open": False,
                    "won": c.get("won"),
                    "kontra": None if isinstance(kontra, dict) else kontra,
                }
            )
            if isinstance(kontra, dict):
                kontras += [
                    {"component_id": len(components), "position": j, "player_id": players[n]}
                    | {"level": level}
                    for j, (n, level) in enumerate(kontra.items())
                ]
        silent += [
            {
                "hand_id": position,
                "position": i,
                "name": s["name"],
                "side": s["side"],
                "won": s["won"],
                "player_id": players[s["player"]] if "player" in s else None,
            }
            for i, s in enumerate(hand.get("silent", ()))
        ]
    insert(
        connection,
        "hands",
        hands,
        options=JSON(none_as_null=True),
        created_at=when,
        updated_at=when,
    )
    insert(connection, "hand_players", people)
    insert(connection, "hand_components", components)
    insert(connection, "component_kontras", kontras)
    insert(connection, "silent_results", silent)
    return session


def backup_at(app, file, revision):
    """The JSON backup of a database at an older revision, as this version writes it."""
    with app.app_context(), db.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == revision
    assert backup(app, file, "json") == "json"
    tables = json.loads(file.read_text(encoding="utf-8"))["tables"]
    assert "audit_log" not in tables and "deleted_at" not in tables["hands"][0]


def head_revision(app):
    return ScriptDirectory(app.extensions["migrate"].directory).get_current_head()


@pytest.mark.parametrize("target_schema", ["none", "newest"])
def test_a_backup_of_the_first_schema_restores_and_is_upgraded(bare_app, tmp_path, target_schema):
    """Into a database with no tables, or an empty one at the newest revision (what
    ``make run`` leaves): the latter is taken down to the backup's revision first."""
    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            session = first_schema_evening(connection)
    file = tmp_path / "first-schema.json"
    backup_at(bare_app, file, FIRST_SCHEMA)

    target = fresh_app(bare_app, tmp_path)
    try:
        if target_schema == "newest":
            with target.app_context():
                upgrade()
        assert restore(target, file) == "json"
        with target.app_context():
            with db.engine.connect() as connection:
                assert MigrationContext.configure(connection).get_current_revision() == (
                    head_revision(target)
                )
            restored = ledger.get_session(1)
            assert ledger.session_by_token(session["edit_token"], kind="edit").id == 1
            got = ledger.session_json(restored)
            assert (got["name"], got["date"], got["players"]) == (
                "Péntek",
                "2026-11-27",
                list(PLAYERS),
            )
            assert got["created_at"] == "2026-11-27T19:30:00+00:00"
            # 7c1e5a9d4b20 ran over the restored rows: hand versions unique per session
            assert [h["version"] for h in got["hands"]] == [1, 2, 3, 4, 5]
            assert got["version"] == 6 + 5
            assert [(h["dealer"], h["hand"]) for h in got["hands"]] == [
                (dealer, canonical_hand(hand)) for dealer, hand in OLD_HANDS
            ]
            summary = ledger.session_summary(restored)
            assert len(summary["hands"]) == len(OLD_HANDS)
            assert ledger.session_history(restored) == []
            no_options = text("SELECT COUNT(*) FROM hands WHERE options IS NULL")
            assert db.session.scalar(no_options) == 4  # SQL NULL, not JSON null

            # The same hands recorded now settle alike: the payments are all there.
            hands = [{**hand, "dealer": dealer} for dealer, hand in OLD_HANDS]
            reference = ledger.create_session(session_body(hands=hands))
            assert reference.id == 2  # ids and sequences go on after the restored rows
            expected = ledger.session_json(reference)
            assert [h["result"] for h in got["hands"]] == [h["result"] for h in expected["hands"]]
            assert got["totals"] == expected["totals"]
            assert all(h["result"]["payments"] for h in got["hands"])
            assert sum(got["totals"]["units"].values()) == 0 and any(
                got["totals"]["units"].values()
            )
            assert summary["totals"]["units"] == got["totals"]["units"]
            ledger.add_hand(restored, parti("Csaba", players=("Csaba", "Anna", "Béla")))
            ledger.delete_hand(restored, 1)  # the audit log and soft deletion work on it
            assert ledger.deleted_hands(restored)[0]["number"] == 1
    finally:
        close_app(target)


def tables_of(app):
    with app.app_context():
        return sorted(inspect(db.engine).get_table_names())


@pytest.mark.parametrize("revision", ["9e9e9e9e9e9e", "not a revision", 42])
def test_a_backup_of_an_unknown_revision_is_refused_before_anything_is_written(
    bare_app, tmp_path, revision
):
    file = tmp_path / "future.json"
    file.write_text(
        json.dumps({"format": JSON_FORMAT, "revision": revision, "tables": {"players": []}})
    )
    with pytest.raises(BackupError, match="unknown to this version.*Upgrade ulti-ledger"):
        restore(bare_app, file)
    assert tables_of(bare_app) == []


def test_an_older_backup_is_refused_by_a_database_with_rows_already_past_it(bare_app, tmp_path):
    with bare_app.app_context():
        upgrade()
        with db.engine.begin() as connection:  # a remembered name, and no session
            connection.execute(
                text("INSERT INTO players (name, created_at) VALUES ('Anna', :at)"),
                {"at": EVENING},
            )
    file = tmp_path / "old.json"
    file.write_text(json.dumps({"format": JSON_FORMAT, "revision": FIRST_SCHEMA, "tables": {}}))
    before = tables_of(bare_app)
    with pytest.raises(BackupError, match="already at schema revision .* new, empty database"):
        restore(bare_app, file)
    assert tables_of(bare_app) == before
    with bare_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 0


def test_a_backup_from_before_seating_changes_restores_everyone_seated(bare_app, tmp_path):
    """Seats of older backups carry no span (5d2e8f1b9c34 adds it): restored, everyone
    sits from the first hand on, and the evening can change from there (issue 10)."""
    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            first_schema_evening(connection)
    file = tmp_path / "first-schema.json"
    backup_at(bare_app, file, FIRST_SCHEMA)
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            session = ledger.get_session(1)
            assert ledger.current_seating(session) == tuple(PLAYERS)
            assert "seating" not in ledger.session_json(session)
            ledger.change_players(session, {"add": {"name": "Ede"}})
            seating = ledger.session_json(session)["seating"]
            assert seating == [{"from_hand": len(OLD_HANDS) + 1, "players": [*PLAYERS, "Ede"]}]
    finally:
        close_app(target)


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_a_backup_keeps_the_evenings_changes(bare_app, tmp_path, session_body, hand, fmt):
    with bare_app.app_context():
        upgrade()
        session = ledger.create_session(
            {**session_body, "hands": [hand("Anna"), hand("Béla"), hand("Csaba")]}
        )
        ledger.change_players(session, {"add": {"name": "Ede", "seat": 2}})
        deal = ledger.next_hand(session)
        ledger.add_hand(
            session, parti(deal["players"][0], players=deal["players"], out=deal["sitting_out"])
        )
        ledger.change_players(session, {"remove": {"name": "Dóra"}})
        ledger.change_players(session, {"rename": {"Béla": "Béla Kovács"}})
        rules = {"four_player_dealer": "pays_as_defender"}
        ledger.update_session(session, {"options": rules, "resettle": False})
        session_id, before = session.id, snapshot(session.id)
        assert len(before["session"]["seating"]) == 2
    file = tmp_path / "night.backup"
    backup(bare_app, file, fmt)
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert snapshot(session_id) == before
            restored = ledger.get_session(session_id)
            assert ledger.current_seating(restored) == ("Anna", "Ede", "Béla Kovács", "Csaba")
    finally:
        close_app(target)
