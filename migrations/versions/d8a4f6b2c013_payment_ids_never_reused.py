"""Payment ids are never given again: the payments table gets SQLite's AUTOINCREMENT.

Without it SQLite gives a new row the largest id in use plus one, so a payment recorded
after the last one was undone took the undone one's id, and a stale "undo N" (a second
tab, a retried request) undid the new payment. SQLite cannot add AUTOINCREMENT to a
table in place: batch mode recreates it, rows and ids kept (the sequence starts at the
largest id copied). PostgreSQL's sequences never reuse an id; nothing changes there.

Revision ID: d8a4f6b2c013
Revises: d8e2a6c4f1b7
Create Date: 2026-12-12 10:00:00.000000
"""

from alembic import op

# revision identifiers, used by Alembic.
revision = "d8a4f6b2c013"
down_revision = "d8e2a6c4f1b7"
branch_labels = None
depends_on = None


def _recreate(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        "payments", recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
    ):
        pass


def upgrade():
    _recreate(True)


def downgrade():
    _recreate(False)
