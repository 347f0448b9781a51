"""UTC times as storage writes and reads them."""

from __future__ import annotations

from datetime import UTC, datetime


def _now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def _utc(value: datetime) -> datetime:
    # SQLite keeps no zone: the values we write are UTC, so read them back as UTC.
    return value if value.tzinfo else value.replace(tzinfo=UTC)
