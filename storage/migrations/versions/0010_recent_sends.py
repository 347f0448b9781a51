"""The times a messenger last posted into each chat, so a restart keeps its sending window.

Revision ID: 0010_recent_sends
Revises: 0009_chat_settings
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_recent_sends"
down_revision = "0009_chat_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``recent_sends``, empty: the first start after it paces as before."""
    op.create_table(
        "recent_sends",
        sa.Column("platform", sa.String(16), primary_key=True),
        sa.Column("chat_id", sa.String(32), primary_key=True),
        sa.Column("times", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``recent_sends``."""
    op.drop_table("recent_sends")
