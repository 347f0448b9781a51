"""The people each chat has seen, with their name and @username there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat_people``."""
    op.create_table(
        "chat_people",
        sa.Column("chat_key", sa.String(96), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("display_name", sa.Text, nullable=False),
        sa.Column("username", sa.String(64), nullable=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_people_platform", "chat_people", ["platform"])


def downgrade() -> None:
    """Drop ``chat_people``."""
    op.drop_table("chat_people")
