""" "The last declarer deals" moves from a session column into the session's options.

It is a house-rule option of the ruleset's seating now (``last_declarer_deals``, "on" or
"off"). A session that had it on gets ``"last_declarer_deals": "on"`` in its options; the
others keep their options as they are (off is the default). Then the column goes.

Revision ID: a4c7e2f9b813
Revises: a89f3c2e6b71
Create Date: 2026-12-01 11:50:00.000000
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "a4c7e2f9b813"
down_revision = "a89f3c2e6b71"
branch_labels = None
depends_on = None

OPTION = "last_declarer_deals"


def _sessions(with_column: bool) -> sa.Table:
    columns = [sa.column("id", sa.Integer), sa.column("options", sa.JSON)]
    if with_column:
        columns.append(sa.column(OPTION, sa.Boolean))
    return sa.table("game_sessions", *columns)


def upgrade():
    sessions = _sessions(with_column=True)
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(sessions.c.id, sessions.c.options).where(sessions.c[OPTION].is_(True))
    ).all()
    for row in rows:
        options = {**(row.options or {}), OPTION: "on"}
        bind.execute(sessions.update().where(sessions.c.id == row.id).values(options=options))
    # SQLite (3.35 on) drops a column in place: a batch copy of game_sessions would
    # drop the old table, and with foreign keys on that takes every seat and hand along
    op.drop_column("game_sessions", OPTION)


def downgrade():
    op.add_column(
        "game_sessions",
        sa.Column(OPTION, sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    sessions = _sessions(with_column=True)
    bind = op.get_bind()
    for row in bind.execute(sa.select(sessions.c.id, sessions.c.options)).all():
        options = dict(row.options or {})
        if OPTION in options:
            on = options.pop(OPTION) == "on"
            bind.execute(
                sessions.update()
                .where(sessions.c.id == row.id)
                .values(options=options, **{OPTION: on})
            )
