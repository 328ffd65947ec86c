"""A group's payments name its members by id: the ``group_members`` table, and the
payments' ``payer_member_id`` / ``payee_member_id`` pointing at it (issue 34).

A group payment named its payer and payee by name, and a rename across the group had to
rewrite them; one racing the rename could be stored under the name just left behind.
Now a group's payment holds its members' rows and shows their names by a join, so a
rename changes one member row. The backfill makes one row per name a group's payments
use and points them at it; their ``payer``/``payee`` become NULL (an evening's payments
keep theirs). Downgrade writes the members' current names back into the payments.

SQLite alters a table by recreating it (batch mode); the payments keep their ids and
their AUTOINCREMENT (d8a4f6b2c013).

Revision ID: c5e8a1d7f342
Revises: b2f6e8a4c157
Create Date: 2026-12-06 11:40:00.000000
"""

import datetime as dt

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c5e8a1d7f342"
down_revision = "b2f6e8a4c157"
branch_labels = None
depends_on = None

members = sa.table(
    "group_members",
    sa.column("id", sa.Integer),
    sa.column("group_id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
payments = sa.table(
    "payments",
    sa.column("id", sa.Integer),
    sa.column("group_id", sa.Integer),
    sa.column("payer", sa.String),
    sa.column("payee", sa.String),
    sa.column("payer_member_id", sa.Integer),
    sa.column("payee_member_id", sa.Integer),
)
SIDES = (("payer", "payer_member_id"), ("payee", "payee_member_id"))


def _batch():
    """The payments altered: ALTER TABLE on PostgreSQL, recreated (keeping AUTOINCREMENT)
    on SQLite."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    table_kwargs = {"sqlite_autoincrement": True} if sqlite else {}
    return op.batch_alter_table("payments", table_kwargs=table_kwargs)


def upgrade():
    op.create_table(
        "group_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_group_members_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_group_members")),
        sa.UniqueConstraint("group_id", "name", name=op.f("uq_group_members_group_id_name")),
        sqlite_autoincrement=True,
    )
    with _batch() as batch:
        batch.add_column(sa.Column("payer_member_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("payee_member_id", sa.Integer(), nullable=True))
        batch.alter_column("payer", existing_type=sa.String(80), nullable=True)
        batch.alter_column("payee", existing_type=sa.String(80), nullable=True)
        for _, column in SIDES:
            batch.create_foreign_key(
                op.f(f"fk_payments_{column}_group_members"), "group_members", [column], ["id"]
            )
    bind = op.get_bind()
    named = bind.execute(
        sa.select(payments.c.group_id, payments.c.payer, payments.c.payee).where(
            payments.c.group_id.is_not(None)
        )
    ).all()
    wanted = sorted({(g, n) for g, a, b in named for n in (a, b) if n is not None})
    now = dt.datetime.now(dt.UTC)
    for group_id, name in wanted:
        bind.execute(members.insert().values(group_id=group_id, name=name, created_at=now))
    for name_column, id_column in SIDES:
        row = (
            sa.select(members.c.id)
            .where(
                members.c.group_id == payments.c.group_id,
                members.c.name == payments.c[name_column],
            )
            .scalar_subquery()
        )
        bind.execute(
            payments.update()
            .where(payments.c.group_id.is_not(None), payments.c[name_column].is_not(None))
            .values({id_column: row})
        )
    bind.execute(
        payments.update().where(payments.c.group_id.is_not(None)).values(payer=None, payee=None)
    )


def downgrade():
    bind = op.get_bind()
    for name_column, id_column in SIDES:
        name = (
            sa.select(members.c.name).where(members.c.id == payments.c[id_column]).scalar_subquery()
        )
        bind.execute(
            payments.update().where(payments.c[id_column].is_not(None)).values({name_column: name})
        )
    with _batch() as batch:
        for _, column in SIDES:
            batch.drop_constraint(op.f(f"fk_payments_{column}_group_members"), type_="foreignkey")
        batch.drop_column("payee_member_id")
        batch.drop_column("payer_member_id")
        batch.alter_column("payer", existing_type=sa.String(80), nullable=False)
        batch.alter_column("payee", existing_type=sa.String(80), nullable=False)
    op.drop_table("group_members")
