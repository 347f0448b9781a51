"""The tokens of the scoreboard pages of games and seasons.

Revision ID: 0006_board
Revises: 0005_league
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_board"
down_revision = "0005_league"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``boards``."""
    op.create_table(
        "boards",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=True,
                  unique=True),
        sa.Column("season_id", sa.Integer, sa.ForeignKey("seasons.id"), nullable=True,
                  unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``boards``."""
    op.drop_table("boards")
