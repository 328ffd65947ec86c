"""Seats at the table: a player's own phone (a token per claimed seat), and the verdicts
its player gives on each hand (confirmed, or disputed); the evening's confirmation mode.

Revision ID: b9e1c7a3d520
Revises: e7c4a9b2d615
Create Date: 2026-12-06 08:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b9e1c7a3d520"
down_revision = "e7c4a9b2d615"
branch_labels = None
depends_on = None


def upgrade():
    # plain columns without a reference: SQLite adds each in place (a batch copy of the
    # table would drop it, and its cascade the seats)
    op.add_column(
        "game_sessions",
        sa.Column("confirm_mode", sa.String(8), server_default="one", nullable=False),
    )
    op.add_column(
        "game_sessions",
        sa.Column("settle_agreed", sa.Boolean(), server_default="0", nullable=False),
    )
    op.create_table(
        "table_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("pin_hash", sa.String(255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_table_seats_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_seats")),
        sa.UniqueConstraint("session_id", "player", name="uq_table_seats_player"),
        sa.UniqueConstraint("token", name=op.f("uq_table_seats_token")),
    )
    op.create_table(
        "hand_verdicts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("hand_version", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("verdict", sa.String(8), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("proposal", sa.JSON(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.String(16), nullable=True),
        sa.Column("answer_text", sa.String(200), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_hand_verdicts_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_hand_verdicts_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_verdicts")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_hand_verdicts_session", "hand_verdicts", ["session_id", "hand_version"])


def downgrade():
    op.drop_index("ix_hand_verdicts_session", table_name="hand_verdicts")
    op.drop_table("hand_verdicts")
    op.drop_table("table_seats")
    # SQLite 3.35+ drops a column that nothing references or indexes in place
    op.drop_column("game_sessions", "settle_agreed")
    op.drop_column("game_sessions", "confirm_mode")
