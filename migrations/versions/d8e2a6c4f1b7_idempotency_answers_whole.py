"""Idempotency-Key: answers kept whole as bytes; the claim notes its worker and its rows.

A worker killed between a write's commit and keeping its answer left the key "in
progress" for a day; ``owner`` and ``outline`` let a retry rebuild the answer instead.
``body`` becomes binary so that any answer, of any length, is kept as it was sent.

Revision ID: d8e2a6c4f1b7
Revises: b7d3e5f1a902
Create Date: 2026-12-06 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "d8e2a6c4f1b7"
down_revision = "b7d3e5f1a902"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch_op.add_column(sa.Column("outline", sa.Text(), nullable=True))
        batch_op.alter_column(
            "body",
            existing_type=sa.Text(),
            type_=sa.LargeBinary(),
            existing_nullable=True,
            postgresql_using="convert_to(body, 'UTF8')",
        )


def downgrade():
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.alter_column(
            "body",
            existing_type=sa.LargeBinary(),
            type_=sa.Text(),
            existing_nullable=True,
            postgresql_using="convert_from(body, 'UTF8')",
        )
        batch_op.drop_column("outline")
        batch_op.drop_column("owner")
