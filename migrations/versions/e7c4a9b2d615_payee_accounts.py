"""Payee accounts: a payee name and an IBAN a player gave for the QR beside his transfers.

Revision ID: e7c4a9b2d615
Revises: d8a4f6b2c013
Create Date: 2026-12-14 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e7c4a9b2d615"
down_revision = "d8a4f6b2c013"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "payee_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("group_id", sa.Integer(), nullable=True),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("holder", sa.String(70), nullable=False),
        sa.Column("iban", sa.String(34), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_payee_accounts_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_payee_accounts_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payee_accounts")),
        sa.UniqueConstraint("session_id", "player", name="uq_payee_accounts_session_player"),
        sa.UniqueConstraint("group_id", "player", name="uq_payee_accounts_group_player"),
    )


def downgrade():
    op.drop_table("payee_accounts")
