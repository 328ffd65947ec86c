"""Seating changes during an evening: a seat spans the hands from one position to another.

Both columns are NULL for every existing seat, which means what it always meant: seated
from the first hand on, and still seated. No row is rewritten.

Revision ID: 5d2e8f1b9c34
Revises: 3f8b2d6c1a57
Create Date: 2026-12-01 08:15:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "5d2e8f1b9c34"
down_revision = "3f8b2d6c1a57"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("from_position", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("until_position", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("until_position")
        batch_op.drop_column("from_position")
