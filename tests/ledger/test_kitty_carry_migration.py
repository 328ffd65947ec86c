"""e3b9d4c1a7f5 adds the kitty a group carries: every evening recorded before opens empty,
carries once in a group, and the downgrade takes the columns away without losing a row."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from tests.backup.test_backup import FIRST_SCHEMA, first_schema_evening
from tests.ledger.test_groups_migration import counts
from ulti_ledger import groups, ledger
from ulti_ledger.db import db

BEFORE_CARRY = "c5e1a7d3f902"
COLUMNS = {"kitty_opening", "kitty_from_id", "kitty_closing"}


def columns() -> set[str]:
    return {c["name"] for c in inspect(db.engine).get_columns("game_sessions")}


def test_an_older_evening_opens_empty_and_the_downgrade_keeps_it(bare_app):
    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            first_schema_evening(connection)
        upgrade(revision=BEFORE_CARRY)
        assert not COLUMNS & columns()
        before = counts()
        db.session.remove()
        upgrade()
        assert COLUMNS <= columns() and counts() == before
        session = ledger.get_session(1)
        assert (session.kitty_opening, session.kitty_from_id, session.kitty_closing) == (
            0,
            None,
            None,
        )
        summary = ledger.session_summary(session)
        assert summary["kitty"] is None  # an Ulti evening keeps no kitty
        groups.add_evening(groups.create_group("Régi kör"), session)
        db.session.remove()
        downgrade(revision=BEFORE_CARRY)
        assert not COLUMNS & columns() and counts() == before
        db.session.remove()
        upgrade()
        assert ledger.session_summary(ledger.get_session(1))["totals"] == summary["totals"]
