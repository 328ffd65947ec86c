"""Evenings a group holds by their view link: read by the group, never written by it.

Revision ID: f4a2c8e6d1b3
Revises: f1d2c3b4a5e6
Create Date: 2026-12-04 18:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "f4a2c8e6d1b3"
down_revision = "f1d2c3b4a5e6"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "group_view_evenings",
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_group_view_evenings_group_id_groups")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_group_view_evenings_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("group_id", "session_id", name=op.f("pk_group_view_evenings")),
    )
    op.create_index(
        op.f("ix_group_view_evenings_session_id"), "group_view_evenings", ["session_id"]
    )


def downgrade():
    op.drop_index(op.f("ix_group_view_evenings_session_id"), table_name="group_view_evenings")
    op.drop_table("group_view_evenings")
