"""Settings from ``CHGK_*`` environment variables or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

import ipaddress
import re
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads from its environment; nothing is read at import time.

    Times are in seconds. ``dbchgkinfo_url`` and ``gotquestions_url`` are where packages
    sent by link are fetched from (a mirror, or a local server in tests); ``fetch_seconds``
    bounds one such fetch. Downloads reach public addresses only; ``fetch_allow`` names the
    hosts, addresses and networks they may reach anyway (``mirror.lan, 10.1.0.0/16``: a
    local mirror), separated by commas or spaces. ``board_port`` turns on the scoreboard
    pages (issue 16, ``bot.board``) served on ``board_host``; ``board_url`` is the public
    base of their links when a proxy stands in front (``http://<host>:<port>`` when unset);
    no port, no pages.
    ``sync_fee`` (in ``sync_currency``, an ISO 4217 code) is the club's fee per team of a SYNC
    game (SYNC-3: $12), for a game whose club's history carries none (``bot.formats.sync``).
    ``database_url`` is an async SQLAlchemy URL (SQLite by default;
    ``postgresql+asyncpg://…`` works the same way). The tokens and the webhook secret are
    ``SecretStr``: a repr, a log line or a traceback shows them as ``**********``; only the
    adapter that needs one reads it (``get_secret_value``). Raises pydantic's ValidationError for
    values that cannot work (the warning signal after the end of discussion, a negative time).
    """

    model_config = SettingsConfigDict(env_prefix="CHGK_", env_file=".env", extra="ignore")

    locale: Literal["ru", "en"] = "ru"
    database_url: str = "sqlite+aiosqlite:///./data/chgk.sqlite3"
    telegram_token: SecretStr | None = None
    telegram_api_server: str | None = None
    telegram_webhook_url: str | None = None
    telegram_webhook_secret: SecretStr | None = None
    telegram_webhook_host: str = "127.0.0.1"
    telegram_webhook_port: int = 8080
    discord_token: SecretStr | None = None
    discord_guild_id: int | None = None
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    dbchgkinfo_url: str = "https://db.chgk.info"
    gotquestions_url: str = "https://gotquestions.online"
    fetch_seconds: float = Field(30.0, gt=0)
    fetch_allow: str = ""
    discussion_seconds: float = Field(60.0, gt=0)
    warning_seconds: float = Field(50.0, gt=0)
    board_host: str = "127.0.0.1"
    board_port: int | None = Field(None, ge=0, le=65535)
    board_url: str | None = None
    sync_fee: float = Field(12.0, ge=0)
    sync_currency: str = Field("USD", pattern=r"^[A-Z]{3}$")

    @field_validator("fetch_allow")
    @classmethod
    def _allow_networks(cls, value: str) -> str:
        for word in re.split(r"[\s,]+", value):
            if "/" in word:
                try:
                    ipaddress.ip_network(word, strict=False)
                except ValueError:
                    raise ValueError(f"CHGK_FETCH_ALLOW: {word} is no network") from None
        return value

    @model_validator(mode="after")
    def _warning_inside_discussion(self) -> Settings:
        if self.warning_seconds >= self.discussion_seconds:
            raise ValueError("CHGK_WARNING_SECONDS must be less than CHGK_DISCUSSION_SECONDS")
        return self
