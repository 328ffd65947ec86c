"""The migrations build exactly the models' schema, and the app works on it."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from ulti_ledger import ledger
from ulti_ledger.db import db

TABLES = {
    "rulesets",
    "players",
    "game_sessions",
    "seats",
    "hands",
    "hand_seats",
    "audit_log",
    "groups",
    "idempotency_keys",
    "group_view_evenings",
    "payments",
    "payee_accounts",
    "table_seats",
    "hand_verdicts",
    "evening_summaries",
    "evening_results",
    "group_members",
}


def schema_differences():
    with db.engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), db.metadata)


def test_upgrade_creates_the_models_schema_and_nothing_else(bare_app):
    with bare_app.app_context():
        assert inspect(db.engine).get_table_names() == []
        upgrade()
        assert set(inspect(db.engine).get_table_names()) == TABLES | {"alembic_version"}
        assert schema_differences() == []


def test_the_ledger_works_on_the_migrated_database(bare_app, session_body, hand_kinds):
    with bare_app.app_context():
        upgrade()
        session = ledger.create_session({**session_body, "hands": list(hand_kinds.values())})
        ledger.add_hand(session, list(hand_kinds.values())[1])
        ledger.delete_hand(session, 1)  # the cascades exist in the migrated schema too
        summary = ledger.session_summary(session)
        assert len(summary["hands"]) == len(hand_kinds)
        assert sum(summary["totals"]["units"].values()) == 0


def test_downgrade_removes_every_table(bare_app):
    with bare_app.app_context():
        upgrade()
        downgrade(revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}


def test_the_flask_db_command_upgrades(bare_app):
    result = bare_app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with bare_app.app_context():
        assert TABLES <= set(inspect(db.engine).get_table_names())


def test_the_seating_migration_keeps_every_seat_seated_throughout(bare_app):
    """5d2e8f1b9c34 adds each seat's span of hands; older seats get none: seated from the
    first hand on, still seated. Their sessions read as before, and can then change."""
    from sqlalchemy import text

    from tests.backup.test_backup import FIRST_SCHEMA, OLD_HANDS, first_schema_evening

    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            first_schema_evening(connection)
        upgrade()
        spans = db.session.execute(text("SELECT from_position, until_position FROM seats"))
        assert set(spans) == {(None, None)}
        session = ledger.get_session(1)
        summary = ledger.session_summary(session)
        assert len(summary["hands"]) == len(OLD_HANDS) and summary["seating"] == []
        ledger.change_players(session, {"remove": {"name": summary["players"][0]}})
        assert len(ledger.current_seating(session)) == len(summary["players"]) - 1
        db.session.remove()  # no open transaction holds the table (PostgreSQL's ALTER waits)
        downgrade(revision="3f8b2d6c1a57")  # and back: the columns go, the seats stay
        assert db.session.scalar(text("SELECT COUNT(*) FROM seats")) == len(summary["players"])
