"""Each stored event carries the version of its shape.

The rows stored before are version 1, the only version there was.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``game_events.version``, 1 for every row stored so far."""
    with op.batch_alter_table("game_events") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    """Drop ``game_events.version``."""
    with op.batch_alter_table("game_events") as batch:
        batch.drop_column("version")
