"""Idempotency-Key: the keys that writes claimed and the answers they got, kept a day.

Revision ID: f1d2c3b4a5e6
Revises: e3b9d4c1a7f5
Create Date: 2026-12-04 18:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "f1d2c3b4a5e6"
down_revision = "e3b9d4c1a7f5"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "idempotency_keys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("scope", sa.String(32), nullable=False),
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("body", sa.Text(), nullable=True),
        sa.Column("headers", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("scope", "key", name="uq_idempotency_scope_key"),
    )
    op.create_index("ix_idempotency_keys_created_at", "idempotency_keys", ["created_at"])


def downgrade():
    op.drop_index("ix_idempotency_keys_created_at", "idempotency_keys")
    op.drop_table("idempotency_keys")
