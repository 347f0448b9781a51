"""A scheduled game's kind: what a SYNC game counts for (training, qualifying, championship).

The entries stored before have none: a SYNC game among them stays a training game, as it was
announced until now.

Revision ID: 0012_calendar_kind
Revises: 0011_calendar
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_calendar_kind"
down_revision = "0011_calendar"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``calendar_entries.kind``, empty for every entry stored so far."""
    with op.batch_alter_table("calendar_entries") as batch:
        batch.add_column(sa.Column("kind", sa.String(16), nullable=False, server_default=""))


def downgrade() -> None:
    """Drop ``calendar_entries.kind``."""
    with op.batch_alter_table("calendar_entries") as batch:
        batch.drop_column("kind")
