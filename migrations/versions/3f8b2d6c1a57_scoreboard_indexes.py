"""Indexes for long evenings: the live hands in order, and the audit log by action.

With them, counting and numbering a session's hands reads an index instead of the hand
rows, and finding its edited or deleted hands no longer reads every audit entry (one per
hand recorded), so adding a hand costs about the same at 10,000 hands as at 10.

Revision ID: 3f8b2d6c1a57
Revises: 7c1e5a9d4b20
Create Date: 2026-12-02 10:00:00.000000
"""

from alembic import op

# revision identifiers, used by Alembic.
revision = "3f8b2d6c1a57"
down_revision = "7c1e5a9d4b20"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.create_index(
            "ix_hands_live", ["session_id", "deleted_at", "position", "version"], unique=False
        )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(
            "ix_audit_log_session_id_action", ["session_id", "action", "hand_id"], unique=False
        )


def downgrade():
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_session_id_action")
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_index("ix_hands_live")
