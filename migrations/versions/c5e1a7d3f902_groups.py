"""Groups (társaság): a group's name, links and season, and each evening's group.

Revision ID: c5e1a7d3f902
Revises: a4c7e2f9b813
Create Date: 2026-12-01 14:10:00.000000
"""

from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c5e1a7d3f902"
down_revision = "a4c7e2f9b813"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False),
        sa.Column("season_start", sa.Date(), nullable=True),
        sa.Column("season_end", sa.Date(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_groups")),
        sa.UniqueConstraint("edit_token", name=op.f("uq_groups_edit_token")),
        sa.UniqueConstraint("view_token", name=op.f("uq_groups_view_token")),
    )
    if op.get_bind().dialect.name == "sqlite":
        # SQLite adds a column with its reference in place; batch mode would copy the
        # table, and dropping the old copy would cascade to every seat and hand.
        op.execute(
            "ALTER TABLE game_sessions ADD COLUMN group_id INTEGER "
            "CONSTRAINT fk_game_sessions_group_id_groups REFERENCES groups (id)"
        )
    else:
        op.add_column("game_sessions", sa.Column("group_id", sa.Integer(), nullable=True))
        op.create_foreign_key(
            op.f("fk_game_sessions_group_id_groups"),
            "game_sessions",
            "groups",
            ["group_id"],
            ["id"],
        )
    op.create_index(op.f("ix_game_sessions_group_id"), "game_sessions", ["group_id"])


def downgrade():
    op.drop_index(op.f("ix_game_sessions_group_id"), table_name="game_sessions")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops no column a reference uses: the table is copied (batch mode), with
        # the foreign keys off, or dropping the old copy would delete every seat and hand.
        with _sqlite_foreign_keys_off():
            with op.batch_alter_table("game_sessions") as batch:
                batch.drop_column("group_id")
    else:
        op.drop_constraint(
            op.f("fk_game_sessions_group_id_groups"), "game_sessions", type_="foreignkey"
        )
        op.drop_column("game_sessions", "group_id")
    op.drop_table("groups")


@contextmanager
def _sqlite_foreign_keys_off():
    """SQLite reads ``PRAGMA foreign_keys`` only outside a transaction: what this run of
    migrations wrote so far is committed first, and again before the pragma is back on."""
    bind = op.get_bind()
    raw = bind.connection.dbapi_connection
    if raw.in_transaction:
        raw.commit()
    bind.exec_driver_sql("PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        if raw.in_transaction:
            raw.commit()
        bind.exec_driver_sql("PRAGMA foreign_keys=ON")
