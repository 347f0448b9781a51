"""Seasons (DUEL-6, 7): seasons, their teams and games, fair-play votes and ballots.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the season tables."""
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_folded", sa.Text, nullable=False, unique=True),
        sa.Column("previous_id", sa.Integer, sa.ForeignKey("seasons.id"), nullable=True),
        sa.Column("host_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("keeper_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("seed", sa.Integer, nullable=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "season_teams",
        sa.Column("season_id", sa.Integer, sa.ForeignKey("seasons.id"), primary_key=True),
        sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), primary_key=True),
        sa.Column("captain_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("slot", sa.Integer, nullable=True),
        sa.Column("host_agreed", sa.Boolean, nullable=False),
        sa.Column("keeper_agreed", sa.Boolean, nullable=False),
        sa.Column("registered_at", TS, nullable=False),
    )
    op.create_table(
        "season_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("season_id", sa.Integer, sa.ForeignKey("seasons.id"), nullable=False),
        sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=True, unique=True),
        sa.Column("team_score", sa.Integer, nullable=True),
        sa.Column("host_score", sa.Integer, nullable=True),
        sa.Column("decisive", sa.Boolean, nullable=True),
        sa.Column("best_player", sa.Text, nullable=True),
        sa.Column("played_at", TS, nullable=True),
        sa.Column("recorded_at", TS, nullable=False),
    )
    op.create_index("ix_season_games_season_id", "season_games", ["season_id"])
    op.create_table(
        "fair_play_votes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("season_id", sa.Integer, sa.ForeignKey("seasons.id"), nullable=False),
        sa.Column("team_id", sa.Integer, sa.ForeignKey("teams.id"), nullable=False),
        sa.Column("opened_by", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("opened_at", TS, nullable=False),
    )
    op.create_index("ix_fair_play_votes_season_id", "fair_play_votes", ["season_id"])
    op.create_table(
        "fair_play_ballots",
        sa.Column("vote_id", sa.Integer, sa.ForeignKey("fair_play_votes.id"), primary_key=True),
        sa.Column("voter_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("violated", sa.Boolean, nullable=True),
        sa.Column("cast_at", TS, nullable=True),
    )


def downgrade() -> None:
    """Drop the season tables."""
    for table in ("fair_play_ballots", "fair_play_votes", "season_games", "season_teams",
                  "seasons"):
        op.drop_table(table)
