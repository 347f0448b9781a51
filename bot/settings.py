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
    telegram_api_server: str | None = None
    telegram_webhook_url: str | None = None
    telegram_webhook_secret: str | None = None
    telegram_webhook_host: str = "127.0.0.1"
    telegram_webhook_port: int = 8080
    discord_token: str | None = None
    discord_guild_id: int | None = None
    discussion_seconds: float = 60.0
    warning_seconds: float = 50.0
