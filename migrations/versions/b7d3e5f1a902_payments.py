"""Payments: money handed over at the end of the night, per evening or per group.

Revision ID: b7d3e5f1a902
Revises: f4a2c8e6d1b3
Create Date: 2026-12-05 02:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b7d3e5f1a902"
down_revision = "f4a2c8e6d1b3"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "payments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("group_id", sa.Integer(), nullable=True),
        sa.Column("payer", sa.String(80), nullable=False),
        sa.Column("payee", sa.String(80), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(8), nullable=False),
        sa.Column("paid_on", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_payments_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_payments_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payments")),
    )
    op.create_index(op.f("ix_payments_session_id"), "payments", ["session_id"])
    op.create_index(op.f("ix_payments_group_id"), "payments", ["group_id"])


def downgrade():
    op.drop_index(op.f("ix_payments_group_id"), table_name="payments")
    op.drop_index(op.f("ix_payments_session_id"), table_name="payments")
    op.drop_table("payments")
