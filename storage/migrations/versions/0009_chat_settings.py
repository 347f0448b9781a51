"""Each chat's own settings: the club's time zone.

Revision ID: 0009_chat_settings
Revises: 0008_event_delivery
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_chat_settings"
down_revision = "0008_event_delivery"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat_settings``."""
    op.create_table(
        "chat_settings",
        sa.Column("chat_key", sa.String(96), primary_key=True),
        sa.Column("timezone", sa.String(64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``chat_settings``."""
    op.drop_table("chat_settings")
