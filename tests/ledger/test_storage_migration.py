"""Hands of any game (a89f3c2e6b71): every hand recorded before the move reads the same after.

The fixture ``data/backup-5d2e8f1b9c34.json`` is a JSON backup the app wrote at schema
revision 5d2e8f1b9c34, the last one with the Ulti-shaped hand tables, of two evenings: a
hand of every Ulti kind (open, per-defender kontra, silent results, renonsz, bedobás,
all pass, redeal), hands edited, deleted, and deleted and restored, a rename, a late
arrival, a leaver and house rules kept by the recorded hands. Beside it,
``.expected.json`` holds what that version showed: each hand's facts and result, the
history, the deleted hands, the JSON export (``make_storage_fixture.py`` made both).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import MetaData, func, select, text

from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.backup.files import restore
from ulti_ledger.backup.restore_checks import typed_rows
from ulti_ledger.db import db
from ulti_ledger.models import Hand, HandSeat, Player

OLD_HEAD = "5d2e8f1b9c34"
DATA = Path(__file__).parents[1] / "data"
BACKUP = DATA / f"backup-{OLD_HEAD}.json"
OLD = json.loads(BACKUP.read_text(encoding="utf-8"))
EXPECTED = json.loads((DATA / f"backup-{OLD_HEAD}.expected.json").read_text(encoding="utf-8"))
CHILDREN = ("hand_players", "hand_components", "component_kontras", "silent_results")


def shown(session_id: int) -> dict:
    """What the app shows of a session, as ``make_storage_fixture.expected`` recorded it."""
    session = ledger.get_session(session_id)
    summary = ledger.session_json(session)
    return {
        "hands": [
            {"number": h["number"], "dealer": h["dealer"], "hand": h["hand"], "result": h["result"]}
            for h in summary["hands"]
        ],
        "history": ledger.session_history(session),
        "hand_histories": [ledger.hand_history(session, h["number"]) for h in summary["hands"]],
        "deleted": ledger.deleted_hands(session),
        "export": ledger.session_export_json(session),
        "totals": summary["totals"],
    }


def old_database() -> None:
    """The fixture's rows inserted, as they are, into the tables of revision 5d2e8f1b9c34."""
    upgrade(revision=OLD_HEAD)
    with db.engine.begin() as connection:
        schema = MetaData()
        schema.reflect(bind=connection)
        for table in schema.sorted_tables:
            rows = OLD["tables"].get(table.name)
            if rows:
                connection.execute(table.insert(), typed_rows(table, rows))
        if connection.dialect.name == "postgresql":
            for name in OLD["tables"]:  # the next ids come after the inserted ones
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
                    )
                )


def check_as_before() -> None:
    for session_id, expected in EXPECTED.items():
        got = shown(int(session_id))
        for key in expected:
            assert got[key] == expected[key], f"session {session_id}: {key} differs"
        assert got["export"].encode() == expected["export"].encode()  # byte for byte


def test_every_hand_reads_the_same_after_the_migration(bare_app):
    with bare_app.app_context():
        old_database()
        kinds = db.session.execute(text("SELECT COUNT(*) FROM component_kontras")).scalar()
        assert kinds == len(OLD["tables"]["component_kontras"]) > 0
        db.session.remove()
        upgrade()
        tables = set(db.inspect(db.engine).get_table_names())
        assert not tables & set(CHILDREN) and "hand_seats" in tables
        check_as_before()
        assert db.session.scalar(select(func.count()).select_from(Hand)) == len(
            OLD["tables"]["hands"]
        )


def test_every_kind_of_hand_is_in_the_fixture():
    hands = [h["hand"] for session in EXPECTED.values() for h in session["hands"]]
    deleted = [d["hand"] for session in EXPECTED.values() for d in session["deleted"]]
    components = [c for h in hands for c in h.get("components", ())]
    assert any(c.get("open") for c in components)
    assert any(isinstance(c.get("kontra"), dict) for c in components)
    assert any(h.get("silent") for h in hands) and any(h.get("renonsz") for h in hands)
    outcomes = {h.get("outcome", "played") for h in hands}
    assert outcomes == {"played", "conceded", "all_pass", "redeal"}
    assert deleted and any(e["action"] == "edit" for s in EXPECTED.values() for e in s["history"])
    assert any(e["action"] == "restore" for s in EXPECTED.values() for e in s["history"])
    assert any(e["action"] == "rename" for s in EXPECTED.values() for e in s["history"])


def test_the_seat_rows_say_who_declared_and_who_defended(bare_app):
    with bare_app.app_context():
        old_database()
        db.session.remove()
        upgrade()
        rows = db.session.execute(
            select(Player.name, HandSeat.role, func.count())
            .join(Player, Player.id == HandSeat.player_id)
            .join(Hand, Hand.id == HandSeat.hand_id)
            .where(Hand.deleted_at.is_(None), Hand.session_id == 1)
            .group_by(Player.name, HandSeat.role)
        ).all()
        counts = {(name, role): n for name, role, n in rows}
        hands = [h["hand"] for h in EXPECTED["1"]["hands"]]
        for name in ("Anna", "Béla", "Csaba", "Dóra"):
            declared = sum(h["declarer"] == name for h in hands)
            defended = sum(name in h["players"] and h["declarer"] != name for h in hands)
            out = sum(name in h.get("sitting_out", ()) for h in hands)
            assert counts.get((name, "declarer"), 0) == declared
            assert counts.get((name, "opponent"), 0) == defended
            assert counts.get((name, "sitting_out"), 0) == out


def test_the_migrated_evening_goes_on(bare_app):
    """After the move a hand is recorded, a player renamed, a hand restored."""
    with bare_app.app_context():
        old_database()
        db.session.remove()
        upgrade()
        session = ledger.get_session(2)
        deal = ledger.next_hand(session)
        ledger.add_hand(
            session,
            {
                "players": deal["players"],
                "sitting_out": deal["sitting_out"],
                "declarer": deal["players"][0],
                "components": [{"name": "betli", "won": False, "kontra": 1}],
            },
        )
        ledger.change_players(session, {"rename": {"Béla Kovács": "Béla"}})
        hands = ledger.session_json(session)["hands"]
        assert "Béla" in hands[2]["hand"]["components"][0]["kontra"]
        assert hands[2]["result"]["payments"]["Béla"] == -10
        first = ledger.get_session(1)
        ledger.restore_hand(first, ledger.deleted_hands(first)[0]["hand_id"])
        assert len(ledger.session_json(first)["hands"]) == len(EXPECTED["1"]["hands"]) + 1


def test_the_downgrade_puts_every_hand_back_into_the_old_tables(bare_app):
    with bare_app.app_context():
        old_database()
        db.session.remove()
        upgrade()
        db.session.remove()
        downgrade(revision=OLD_HEAD)
        for table in ("hands", "audit_log", *CHILDREN):
            got = db.session.execute(text(f"SELECT * FROM {table}")).mappings().all()
            assert len(got) == len(OLD["tables"][table]), table
        colours = db.session.execute(text("SELECT id, colour, outcome FROM hands ORDER BY id"))
        assert [tuple(r) for r in colours] == [
            (h["id"], h["colour"], h["outcome"]) for h in OLD["tables"]["hands"]
        ]
        db.session.remove()
        upgrade()
        check_as_before()


def test_a_backup_of_the_old_schema_restores_with_the_same_hands(bare_app, tmp_path):
    file = tmp_path / BACKUP.name
    shutil.copy(BACKUP, file)
    (tmp_path / "restored").mkdir()
    close_app(bare_app)
    target = make_app(tmp_path / "restored", schema=False)
    try:
        assert restore(target, file) == "json"
        with target.app_context():
            check_as_before()
    finally:
        close_app(target)


@pytest.mark.parametrize("name", ["piros"])
def test_a_rename_from_a_word_of_the_facts_renames_the_player_not_the_word(ctx, session_body, name):
    """Names in the facts are renamed where the game's schema puts a name: a player called
    like a word of a hand (its colour) is renamed, and the colour stays."""
    body = {**session_body, "players": ["Anna", "Béla", "Csaba", name]}
    hand = {
        "players": ["Anna", "Béla", name],
        "sitting_out": ["Csaba"],
        "declarer": "Anna",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }
    session = ledger.create_session({**body, "hands": [hand]})
    ledger.change_players(session, {"rename": {name: "Piri"}})
    (shown_hand,) = ledger.session_json(session)["hands"]
    assert shown_hand["hand"]["players"] == ["Anna", "Béla", "Piri"]
    assert shown_hand["hand"]["colour"] == "piros"
    ledger.change_players(session, {"rename": {"Béla": "Bálint"}})
    (shown_hand,) = ledger.session_json(session)["hands"]
    assert shown_hand["hand"]["players"] == ["Anna", "Bálint", "Piri"]
    assert shown_hand["hand"]["colour"] == "piros"


def test_no_hand_id_is_used_again_after_the_migration(bare_app):
    """Cached results are keyed by hand id: a hand removed with its evening before the
    migration leaves its id used for good (SQLite's AUTOINCREMENT) after it, too."""
    with bare_app.app_context():
        old_database()
        top = max(h["id"] for h in OLD["tables"]["hands"])
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM audit_log WHERE hand_id = :id"), {"id": top})
            for table in CHILDREN:
                column = "component_id" if table == "component_kontras" else "hand_id"
                owner = "hand_components" if table == "component_kontras" else None
                if owner:
                    connection.execute(
                        text(
                            f"DELETE FROM {table} WHERE {column} IN "
                            f"(SELECT id FROM {owner} WHERE hand_id = :id)"
                        ),
                        {"id": top},
                    )
                else:
                    connection.execute(
                        text(f"DELETE FROM {table} WHERE hand_id = :id"), {"id": top}
                    )
            connection.execute(text("DELETE FROM hands WHERE id = :id"), {"id": top})
        db.session.remove()
        upgrade()
        session = ledger.get_session(2)
        deal = ledger.next_hand(session)
        ledger.add_hand(
            session,
            {
                "players": deal["players"],
                "sitting_out": deal["sitting_out"],
                "declarer": deal["players"][0],
                "outcome": "redeal",
            },
        )
        assert db.session.scalar(select(func.max(Hand.id))) > top
