"""Initial schema: packages, players and identities, teams, games and their event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table of the first release."""
    op.create_table(
        "packages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("source_name", sa.Text, nullable=False),
        sa.Column("source_format", sa.String(32), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("display_name", sa.Text, nullable=False),
        sa.Column("locale", sa.String(8), nullable=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "player_identities",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("external_id", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.UniqueConstraint("platform", "external_id"),
    )
    op.create_index("ix_player_identities_player_id", "player_identities", ["player_id"])
    op.create_table(
        "teams",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_folded", sa.Text, nullable=False, unique=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "team_members",
        sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("joined_at", TS, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("chat_key", sa.String(96), nullable=False),
        sa.Column("package_id", sa.Integer, sa.ForeignKey("packages.id"), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("locale", sa.String(8), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_games_chat_key", "games", ["chat_key"])
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "game_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", TS, nullable=False),
        sa.Column("kind", sa.String(48), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.UniqueConstraint("game_id", "seq"),
    )
    op.create_index("ix_game_events_game", "game_events", ["game_id"])


def downgrade() -> None:
    """Drop everything."""
    for table in ("game_events", "games", "team_members", "teams", "player_identities",
                  "players", "packages"):
        op.drop_table(table)
