"""Hands of any game: a hand's facts as its game's canonical JSON, its players as seat rows.

Every hand's facts move from the Ulti-shaped tables (``hand_players``, ``hand_components``,
``component_kontras``, ``silent_results`` and the columns ``declarer_id``, ``outcome``,
``colour``, ``renonsz_id``) into ``hands.facts`` (JSONB on PostgreSQL): the hand format
without ``ruleset`` and ``options``, exactly as the ledger read the old rows (the keys in
the format's order, defaults left out). Each hand's players become ``hand_seats`` rows
with their role: the declarer, the defenders (``opponent``), those sitting out.

The rows are read with plain SQL, not through the models, so this revision does the same
on every later version of the code. The downgrade puts Ulti hands back into the old
tables; a hand whose facts the old tables cannot hold (another game's) refuses it.

Revision ID: a89f3c2e6b71
Revises: 5d2e8f1b9c34
Create Date: 2026-12-01 11:40:00.000000
"""

from collections import defaultdict
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = "a89f3c2e6b71"
down_revision = "5d2e8f1b9c34"
branch_labels = None
depends_on = None

FACTS = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
OLD_TABLES = ("component_kontras", "hand_components", "silent_results", "hand_players")
ULTI_KEYS = {"players", "sitting_out", "declarer", "outcome", "colour", "components", "silent"}
ULTI_KEYS |= {"renonsz"}

hands = sa.table("hands", sa.column("id", sa.Integer()), sa.column("facts", FACTS))
hand_seats = sa.table(
    "hand_seats",
    sa.column("hand_id", sa.Integer()),
    sa.column("player_id", sa.Integer()),
    sa.column("role", sa.String()),
)


def upgrade():
    op.create_table(
        "hand_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hands.id"], name=op.f("fk_hand_seats_hand_id_hands"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_hand_seats_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_seats")),
        sa.UniqueConstraint("hand_id", "player_id", name=op.f("uq_hand_seats_hand_id_player_id")),
    )
    with op.batch_alter_table("hand_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_seats_hand_id"), ["hand_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_hand_seats_player_id"), ["player_id"], unique=False)
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", FACTS, nullable=True))

    connection = op.get_bind()
    facts, seats = old_facts(connection)
    if facts:
        connection.execute(
            hands.update().where(hands.c.id == sa.bindparam("hand")),
            [{"hand": hand_id, "facts": value} for hand_id, value in facts.items()],
        )
    for table in OLD_TABLES:
        op.drop_table(table)
    with keeping_audit_log(connection):
        with op.batch_alter_table(
            "hands", schema=None, table_kwargs={"sqlite_autoincrement": True}
        ) as batch_op:
            batch_op.drop_constraint("fk_hands_declarer_id_players", type_="foreignkey")
            batch_op.drop_constraint("fk_hands_renonsz_id_players", type_="foreignkey")
            for column in ("declarer_id", "outcome", "colour", "renonsz_id"):
                batch_op.drop_column(column)
            batch_op.alter_column("facts", existing_type=FACTS, nullable=False)
    if seats:  # after the table is rebuilt: SQLite's DROP TABLE would cascade to them
        connection.execute(hand_seats.insert(), seats)


@contextmanager
def keeping_audit_log(connection):
    """Rebuild ``hands`` (SQLite's batch mode copies it and drops the old table) without
    losing the history: with foreign keys on, which the app's connections have and a
    migration cannot turn off inside its transaction, that DROP TABLE deletes every
    ``audit_log`` row about a hand (ON DELETE CASCADE). They are put back as they were,
    and SQLite's AUTOINCREMENT counter goes on where it was (a hand id is never reused)."""
    audit = sa.Table("audit_log", sa.MetaData(), autoload_with=connection)
    rows = [dict(row) for row in connection.execute(sa.select(audit)).mappings()]
    sqlite = connection.dialect.name == "sqlite"
    sequence = "SELECT seq FROM sqlite_sequence WHERE name = 'hands'"
    top = connection.scalar(sa.text(sequence)) if sqlite else None
    yield
    if top is not None:  # AUTOINCREMENT goes on after every id ever used, not the rows kept
        connection.execute(
            sa.text("UPDATE sqlite_sequence SET seq = MAX(seq, :top) WHERE name = 'hands'"),
            {"top": top},
        )
    kept = set(connection.scalars(sa.select(audit.c.id)))
    lost = [
        {k: (sa.null() if v is None else v) for k, v in row.items()}
        for row in rows
        if row["id"] not in kept
    ]
    for row in lost:
        connection.execute(audit.insert().values(**row))


def old_facts(connection):
    """Each hand's canonical facts and seat rows, from the old tables (as ``ledger.facts``
    of revision 5d2e8f1b9c34 read them)."""
    names = dict(connection.execute(sa.text("SELECT id, name FROM players")).all())
    players = defaultdict(list)
    for hand_id, player_id, out in connection.execute(
        sa.text(
            "SELECT hand_id, player_id, sitting_out FROM hand_players "
            "ORDER BY hand_id, sitting_out, position"
        )
    ):
        players[hand_id].append((player_id, bool(out)))
    kontras = defaultdict(list)
    for component_id, player_id, level in connection.execute(
        sa.text(
            "SELECT component_id, player_id, level FROM component_kontras "
            "ORDER BY component_id, position"
        )
    ):
        kontras[component_id].append((names[player_id], level))
    components = defaultdict(list)
    for cid, hand_id, name, open_, won, kontra in connection.execute(
        sa.text(
            'SELECT id, hand_id, name, "open", won, kontra FROM hand_components '
            "ORDER BY hand_id, position"
        )
    ):
        component = {"name": name}
        if open_:
            component["open"] = True
        if won is not None:
            component["won"] = bool(won)
        if kontra is None:
            component["kontra"] = dict(kontras[cid])
        elif kontra:
            component["kontra"] = kontra
        components[hand_id].append(component)
    silent = defaultdict(list)
    for hand_id, name, side, won, player_id in connection.execute(
        sa.text(
            "SELECT hand_id, name, side, won, player_id FROM silent_results "
            "ORDER BY hand_id, position"
        )
    ):
        result = {"name": name, "side": side, "won": bool(won)}
        if player_id is not None:
            result["player"] = names[player_id]
        silent[hand_id].append(result)
    facts, seats = {}, []
    for hand_id, declarer_id, outcome, colour, renonsz_id in connection.execute(
        sa.text("SELECT id, declarer_id, outcome, colour, renonsz_id FROM hands ORDER BY id")
    ):
        seated = players[hand_id]
        out = {"players": [names[p] for p, sitting_out in seated if not sitting_out]}
        sitting = [names[p] for p, sitting_out in seated if sitting_out]
        if sitting:
            out["sitting_out"] = sitting
        out["declarer"] = names[declarer_id]
        if outcome != "played":
            out["outcome"] = outcome
        if colour is not None:
            out["colour"] = colour
        if components[hand_id]:
            out["components"] = components[hand_id]
        if silent[hand_id]:
            out["silent"] = silent[hand_id]
        if renonsz_id is not None:
            out["renonsz"] = {"player": names[renonsz_id]}
        facts[hand_id] = out
        for player_id, sitting_out in seated:
            role = "sitting_out" if sitting_out else "opponent"
            role = "declarer" if player_id == declarer_id else role
            seats.append({"hand_id": hand_id, "player_id": player_id, "role": role})
    return facts, seats


def downgrade():
    connection = op.get_bind()
    rows = connection.execute(sa.select(hands.c.id, hands.c.facts).order_by(hands.c.id)).all()
    ids = defaultdict(dict)
    for hand_id, name, player_id in connection.execute(
        sa.text(
            "SELECT hand_seats.hand_id, players.name, players.id FROM hand_seats "
            "JOIN players ON players.id = hand_seats.player_id"
        )
    ):
        ids[hand_id][name] = player_id
    for hand_id, facts in rows:
        if not set(facts) <= ULTI_KEYS or "declarer" not in facts:
            raise RuntimeError(
                f"hand {hand_id} is not an Ulti hand ({', '.join(sorted(facts))}): the schema "
                "before a89f3c2e6b71 cannot hold it, so it cannot be downgraded. Back up the "
                "database (ulti-ledger backup) and delete that session first."
            )
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("declarer_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("outcome", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("colour", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("renonsz_id", sa.Integer(), nullable=True))
    for hand_id, facts in rows:
        write_old_columns(connection, hand_id, facts, ids[hand_id])
    with op.batch_alter_table("hand_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_seats_player_id"))
        batch_op.drop_index(batch_op.f("ix_hand_seats_hand_id"))
    op.drop_table("hand_seats")
    with keeping_audit_log(connection):
        with op.batch_alter_table(
            "hands", schema=None, table_kwargs={"sqlite_autoincrement": True}
        ) as batch_op:
            batch_op.alter_column("declarer_id", existing_type=sa.Integer(), nullable=False)
            batch_op.alter_column("outcome", existing_type=sa.String(length=16), nullable=False)
            batch_op.create_foreign_key(
                "fk_hands_declarer_id_players", "players", ["declarer_id"], ["id"]
            )
            batch_op.create_foreign_key(
                "fk_hands_renonsz_id_players", "players", ["renonsz_id"], ["id"]
            )
            batch_op.drop_column("facts")
    create_old_tables()  # after the rebuild, which would cascade to their rows
    for hand_id, facts in rows:
        write_old_rows(connection, hand_id, facts, ids[hand_id])


def write_old_columns(connection, hand_id, facts, ids):
    """One Ulti hand's own columns of revision 5d2e8f1b9c34."""
    renonsz = facts.get("renonsz")
    connection.execute(
        sa.text(
            "UPDATE hands SET declarer_id = :declarer, outcome = :outcome, colour = :colour, "
            "renonsz_id = :renonsz WHERE id = :id"
        ),
        {
            "id": hand_id,
            "declarer": ids[facts["declarer"]],
            "outcome": facts.get("outcome", "played"),
            "colour": facts.get("colour"),
            "renonsz": ids[renonsz["player"]] if renonsz else None,
        },
    )


def write_old_rows(connection, hand_id, facts, ids):
    """One Ulti hand's parts back into the child tables of revision 5d2e8f1b9c34."""
    for out, key in ((False, "players"), (True, "sitting_out")):
        for position, name in enumerate(facts.get(key, ())):
            connection.execute(
                sa.text(
                    "INSERT INTO hand_players (hand_id, position, player_id, sitting_out) "
                    "VALUES (:hand, :position, :player, :out)"
                ),
                {"hand": hand_id, "position": position, "player": ids[name], "out": out},
            )
    for position, c in enumerate(facts.get("components", ())):
        kontra = c.get("kontra", 0)
        common = None if isinstance(kontra, dict) else kontra
        component_id = connection.execute(
            sa.text(
                'INSERT INTO hand_components (hand_id, position, name, "open", won, kontra) '
                "VALUES (:hand, :position, :name, :open, :won, :kontra) RETURNING id"
            ),
            {
                "hand": hand_id,
                "position": position,
                "name": c["name"],
                "open": c.get("open", False),
                "won": c.get("won"),
                "kontra": common,
            },
        ).scalar_one()
        if isinstance(kontra, dict):
            for index, (name, level) in enumerate(kontra.items()):
                connection.execute(
                    sa.text(
                        "INSERT INTO component_kontras (component_id, position, player_id, level) "
                        "VALUES (:component, :position, :player, :level)"
                    ),
                    {
                        "component": component_id,
                        "position": index,
                        "player": ids[name],
                        "level": level,
                    },
                )
    for position, s in enumerate(facts.get("silent", ())):
        connection.execute(
            sa.text(
                "INSERT INTO silent_results (hand_id, position, name, side, won, player_id) "
                "VALUES (:hand, :position, :name, :side, :won, :player)"
            ),
            {
                "hand": hand_id,
                "position": position,
                "name": s["name"],
                "side": s["side"],
                "won": s["won"],
                "player": ids[s["player"]] if s.get("player") else None,
            },
        )


def create_old_tables():
    """The Ulti-shaped tables of revision 5d2e8f1b9c34 (as 109a0c49d167 made them)."""
    op.create_table(
        "hand_components",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("open", sa.Boolean(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=True),
        sa.Column("kontra", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_hand_components_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_components")),
    )
    op.create_table(
        "hand_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("sitting_out", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_hand_players_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_hand_players_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_players")),
    )
    op.create_table(
        "silent_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_silent_results_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_silent_results_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_silent_results")),
    )
    op.create_table(
        "component_kontras",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("component_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["component_id"],
            ["hand_components.id"],
            name=op.f("fk_component_kontras_component_id_hand_components"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_component_kontras_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_component_kontras")),
    )
    for table, column in (
        ("hand_components", "hand_id"),
        ("hand_players", "hand_id"),
        ("silent_results", "hand_id"),
        ("component_kontras", "component_id"),
    ):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(batch_op.f(f"ix_{table}_{column}"), [column], unique=False)
