"""Each game event may carry the messenger's id of the delivery whose action it opens.

A Telegram update or a Discord event delivered again after a restart is then recognised from
the game's log and not applied twice. The rows stored before carry none.

Revision ID: 0008_event_delivery
Revises: 0007_sighting_keys
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_event_delivery"
down_revision = "0007_sighting_keys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``game_events.delivery``, empty for every row stored so far."""
    with op.batch_alter_table("game_events") as batch:
        batch.add_column(sa.Column("delivery", sa.String(80), nullable=True))


def downgrade() -> None:
    """Drop ``game_events.delivery``."""
    with op.batch_alter_table("game_events") as batch:
        batch.drop_column("delivery")
