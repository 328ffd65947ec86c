"""First schema: rulesets, players, sessions, seats, hands and their facts.

Revision ID: 109a0c49d167
Revises:
Create Date: 2026-11-29 12:36:54.157203
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "109a0c49d167"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("name", name=op.f("uq_players_name")),
    )
    op.create_table(
        "rulesets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("ruleset_id", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=255), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rulesets")),
        sa.UniqueConstraint("digest", name=op.f("uq_rulesets_digest")),
    )
    op.create_table(
        "game_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("date", sa.Date(), nullable=True),
        sa.Column("place", sa.String(length=120), nullable=False),
        sa.Column("ruleset_pk", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("unit_amount", sa.String(length=32), nullable=False),
        sa.Column("currency", sa.String(length=8), nullable=False),
        sa.Column("last_declarer_deals", sa.Boolean(), nullable=False),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["ruleset_pk"], ["rulesets.id"], name=op.f("fk_game_sessions_ruleset_pk_rulesets")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_sessions")),
        sa.UniqueConstraint("edit_token", name=op.f("uq_game_sessions_edit_token")),
        sa.UniqueConstraint("view_token", name=op.f("uq_game_sessions_view_token")),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("declarer_id", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("colour", sa.String(length=16), nullable=True),
        sa.Column("renonsz_id", sa.Integer(), nullable=True),
        sa.Column("options", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["players.id"], name=op.f("fk_hands_dealer_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["declarer_id"], ["players.id"], name=op.f("fk_hands_declarer_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["renonsz_id"], ["players.id"], name=op.f("fk_hands_renonsz_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_hands_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
        sa.UniqueConstraint("session_id", "position", name=op.f("uq_hands_session_id_position")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_seats_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_sessions.id"],
            name=op.f("fk_seats_session_id_game_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("session_id", "player_id", name=op.f("uq_seats_session_id_player_id")),
        sa.UniqueConstraint("session_id", "position", name=op.f("uq_seats_session_id_position")),
    )
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
    with op.batch_alter_table("hand_components", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_components_hand_id"), ["hand_id"], unique=False)

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
    with op.batch_alter_table("hand_players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_players_hand_id"), ["hand_id"], unique=False)

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
    with op.batch_alter_table("silent_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_silent_results_hand_id"), ["hand_id"], unique=False)

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
    with op.batch_alter_table("component_kontras", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_component_kontras_component_id"), ["component_id"], unique=False
        )


def downgrade():
    with op.batch_alter_table("component_kontras", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_component_kontras_component_id"))

    op.drop_table("component_kontras")
    with op.batch_alter_table("silent_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_silent_results_hand_id"))

    op.drop_table("silent_results")
    with op.batch_alter_table("hand_players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_players_hand_id"))

    op.drop_table("hand_players")
    with op.batch_alter_table("hand_components", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_components_hand_id"))

    op.drop_table("hand_components")
    op.drop_table("seats")
    op.drop_table("hands")
    op.drop_table("game_sessions")
    op.drop_table("rulesets")
    op.drop_table("players")
