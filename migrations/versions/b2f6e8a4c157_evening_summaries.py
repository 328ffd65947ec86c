"""Each evening's stored summary: its result per player and each pair's debt, which a
group's standings, balances and who pays whom read instead of its hands (issue 34).

The tables are a record of what the hands settle to, so they are filled by the ledger's
own summing (``ledger.summaries.rebuild_summaries``) on the migration's connection: the
code that keeps them in step afterwards. ``ulti-ledger rebuild-summaries`` does the same.

Revision ID: b2f6e8a4c157
Revises: b9e1c7a3d520
Create Date: 2026-12-06 08:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b2f6e8a4c157"
down_revision = "b9e1c7a3d520"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "evening_summaries",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("pairs", sa.JSON(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_evening_summaries_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_evening_summaries")),
    )
    op.create_table(
        "evening_results",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("currency", sa.String(8), nullable=False),
        sa.Column("units", sa.Integer(), nullable=False),
        sa.Column("money_minor", sa.BigInteger(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["evening_summaries.session_id"],
            name=op.f("fk_evening_results_session_id_evening_summaries"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "position", name=op.f("pk_evening_results")),
    )
    import ulti_ledger.stats  # noqa: F401  (its part of each summary: the tallies)
    from ulti_ledger.ledger import rebuild_summaries

    rebuild_summaries(op.get_bind())


def downgrade():
    op.drop_table("evening_results")
    op.drop_table("evening_summaries")
