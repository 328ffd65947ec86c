"""The kitty carried from evening to evening of a group: each evening's opening balance,
the evening it came from, and what the group holds after it.

Revision ID: e3b9d4c1a7f5
Revises: c5e1a7d3f902
Create Date: 2026-12-01 17:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e3b9d4c1a7f5"
down_revision = "c5e1a7d3f902"
branch_labels = None
depends_on = None

COLUMNS = ("kitty_opening", "kitty_from_id", "kitty_closing")


def upgrade():
    # plain columns without a reference: SQLite adds each in place, on either database
    op.add_column(
        "game_sessions",
        sa.Column("kitty_opening", sa.Integer(), nullable=False, server_default="0"),
    )
    op.add_column("game_sessions", sa.Column("kitty_from_id", sa.Integer(), nullable=True))
    op.add_column("game_sessions", sa.Column("kitty_closing", sa.Integer(), nullable=True))


def downgrade():
    # SQLite 3.35+ drops a column that nothing references or indexes in place
    for column in reversed(COLUMNS):
        op.drop_column("game_sessions", column)
