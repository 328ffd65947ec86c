"""c5e1a7d3f902 adds groups: every evening recorded before reads the same after, joins a
group, and the downgrade takes groups away again without losing a seat or a hand."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from tests.backup.test_backup import FIRST_SCHEMA, OLD_HANDS, first_schema_evening
from ulti_ledger import groups, ledger
from ulti_ledger.db import db

BEFORE_GROUPS = "a4c7e2f9b813"


def counts() -> dict[str, int]:
    tables = ("game_sessions", "seats", "hands", "hand_seats", "audit_log")
    return {t: db.session.scalar(text(f"SELECT COUNT(*) FROM {t}")) for t in tables}


def test_an_older_evening_joins_a_group_and_the_downgrade_keeps_it(bare_app):
    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            first_schema_evening(connection)
        upgrade(revision=BEFORE_GROUPS)
        before = counts()
        db.session.remove()
        upgrade()
        assert counts() == before  # the new column cascaded nothing away
        session = ledger.get_session(1)
        summary = ledger.session_summary(session)
        group = groups.create_group("Keddi kör", "2026-10-01", None)
        groups.add_evening(group, session)
        standings = groups.group_standings(group, groups.Period("all", None, None))
        assert len(standings["evenings"]) == 1 and len(summary["hands"]) == len(OLD_HANDS)
        db.session.remove()
        downgrade(revision=BEFORE_GROUPS)
        assert "groups" not in inspect(db.engine).get_table_names()
        columns = {c["name"] for c in inspect(db.engine).get_columns("game_sessions")}
        assert "group_id" not in columns
        assert counts() == before
        db.session.remove()
        upgrade()  # and up again: the evening reads as it did
        assert counts() == before
        again = ledger.session_summary(ledger.get_session(1))
        assert again["totals"] == summary["totals"]
