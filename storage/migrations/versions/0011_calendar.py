"""The club's calendar: the games scheduled in each chat and the steps the bot takes by
itself for them (announcement, reminders, the opening), each recorded once done.

Revision ID: 0011_calendar
Revises: 0010_recent_sends
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_calendar"
down_revision = "0010_recent_sends"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create ``calendar_entries`` and ``calendar_jobs``."""
    op.create_table(
        "calendar_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("chat_key", sa.String(96), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("starts_local", sa.String(16), nullable=False),
        sa.Column("zone", sa.String(64), nullable=False),
        sa.Column("weekly", sa.Boolean, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("host_id", sa.String(64), nullable=False),
        sa.Column("host_name", sa.Text, nullable=False),
        sa.Column("locale", sa.String(8), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("chat_key", "number"),
    )
    op.create_index("ix_calendar_entries_chat_key", "calendar_entries", ["chat_key"])
    op.create_table(
        "calendar_jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("entry_id", sa.Integer, sa.ForeignKey("calendar_entries.id"),
                  nullable=False),
        sa.Column("occurrence", TS, nullable=False),
        sa.Column("step", sa.String(16), nullable=False),
        sa.Column("due_at", TS, nullable=False),
        sa.Column("done_at", TS, nullable=True),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.UniqueConstraint("entry_id", "occurrence", "step"),
    )
    op.create_index("ix_calendar_jobs_entry_id", "calendar_jobs", ["entry_id"])


def downgrade() -> None:
    """Drop the calendar's tables."""
    op.drop_index("ix_calendar_jobs_entry_id", "calendar_jobs")
    op.drop_table("calendar_jobs")
    op.drop_index("ix_calendar_entries_chat_key", "calendar_entries")
    op.drop_table("calendar_entries")
