"""Audit log, soft deletion of hands and sessions, and hand versions unique per session.

Revision ID: 7c1e5a9d4b20
Revises: 109a0c49d167
Create Date: 2026-12-01 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "7c1e5a9d4b20"
down_revision = "109a0c49d167"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("via", sa.String(length=16), nullable=False),
        sa.Column("token_id", sa.String(length=16), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_audit_log_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_audit_log_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index("ix_audit_log_session_id_hand_id", ["session_id", "hand_id"])
    # Hand versions become unique per session: a hand's position is, and the session's
    # version is raised above all of them, so every later write gives a new number.
    op.execute("UPDATE hands SET version = position")
    op.execute(
        "UPDATE game_sessions SET version = version + COALESCE("
        "(SELECT MAX(hands.position) FROM hands WHERE hands.session_id = game_sessions.id), 0)"
    )


def downgrade():
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_session_id_hand_id")
    op.drop_table("audit_log")
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_column("deleted_at")
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.drop_column("deleted_at")
