"""The TV club league's seasons and their event logs (TV-7).

Revision ID: 0005_league
Revises: 0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_league"
down_revision = "0004"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create ``leagues`` and ``league_events``."""
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_folded", sa.Text, nullable=False, unique=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "league_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("league_id", sa.Integer, sa.ForeignKey("leagues.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", TS, nullable=False),
        sa.Column("kind", sa.String(48), nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.UniqueConstraint("league_id", "seq"),
    )
    op.create_index("ix_league_events_league", "league_events", ["league_id"])


def downgrade() -> None:
    """Drop the league tables."""
    op.drop_index("ix_league_events_league", "league_events")
    op.drop_table("league_events")
    op.drop_table("leagues")
