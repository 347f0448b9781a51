"""Settings from ``CHGK_*`` environment variables or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads from its environment; nothing is read at import time.

    Times are in seconds. ``database_url`` is an async SQLAlchemy URL (SQLite by default;
    ``postgresql+asyncpg://…`` works the same way).
    """

    model_config = SettingsConfigDict(env_prefix="CHGK_", env_file=".env", extra="ignore")

    locale: str = "ru"
    database_url: str = "sqlite+aiosqlite:///./data/chgk.sqlite3"
    telegram_token: str | None = None
    discord_token: str | None = None
    discussion_seconds: float = 60.0
    warning_seconds: float = 50.0
