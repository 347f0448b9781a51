"""Settings from ``CHGK_*`` environment variables or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

import ipaddress
import os
import re
from decimal import Decimal
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.calendar.zone import DEFAULT_ZONE, UnknownZone, parse_zone

_FEE = re.compile(r"^\s*(?:([A-Za-z]{3})\s*)?(\d+(?:[.,]\d{1,2})?)\s*(?:([A-Za-z]{3}))?\s*$")


def parse_fee(text: str) -> tuple[int, str]:
    """A fee as a club writes it ("300 RUB", "12.50 USD", "EUR 7,5") as (amount in minor
    units, upper-case ISO 4217 code) (SYNC-3). Raises ValueError, saying the form, for text
    without exactly one three-letter code or with an amount of more than two decimals."""
    found = _FEE.match(text)
    if found is None or bool(found[1]) == bool(found[3]):
        raise ValueError(f"CHGK_SYNC_FEE is an amount and a currency code, e.g. 300 RUB or "
                         f"12.50 USD, not {text!r}")
    amount = Decimal(found[2].replace(",", "."))
    return int(amount * 100), (found[1] or found[3]).upper()


def state_folder() -> Path:
    """Where the bot keeps its data when ``CHGK_DATABASE_URL`` does not say: systemd's
    ``$STATE_DIRECTORY`` (a unit's ``StateDirectory=``), else ``$XDG_STATE_HOME/chgk-bot``, else
    ``~/.local/state/chgk-bot``; always absolute, so that the database is the same whichever
    folder the bot is started from."""
    systemd = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    if systemd and os.path.isabs(systemd):
        return Path(systemd)
    xdg = os.environ.get("XDG_STATE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "chgk-bot"


def default_database_url() -> str:
    """The SQLite database in ``state_folder()``, as an async SQLAlchemy URL."""
    return f"sqlite+aiosqlite:///{state_folder() / 'chgk.sqlite3'}"


LEGACY_DATABASE = Path("data") / "chgk.sqlite3"
"""Where the database was by default before, relative to the folder the bot started from."""

_POSTGRES_SCHEMES = re.compile(r"^(?:postgres|postgresql)://", re.IGNORECASE)


def database_url(url: str) -> str:
    """``url`` with the forms hosting providers give PostgreSQL (``postgres://…``,
    ``postgresql://…``) written for the bot's asyncio driver (``postgresql+asyncpg://…``);
    any other URL as it is."""
    return _POSTGRES_SCHEMES.sub("postgresql+asyncpg://", url.strip(), count=1)


WARN_BEFORE = 10.0
"""Seconds before the end of a discussion when its warning sounds, unless set otherwise (the
rules' signal after 50 s of a minute: DUEL-3.4, SYNC-6, TV-2)."""


class Settings(BaseSettings):
    """Everything the bot reads from its environment; nothing is read at import time.

    Times are in seconds. ``dbchgkinfo_url`` and ``gotquestions_url`` are where packages
    sent by link are fetched from (a mirror, or a local server in tests); ``fetch_seconds``
    bounds one such fetch. Downloads reach public addresses only; ``fetch_allow`` names the
    hosts, addresses and networks they may reach anyway (``mirror.lan, 10.1.0.0/16``: a
    local mirror), separated by commas or spaces. ``board_port`` turns on the scoreboard
    pages (``bot.board``) served on ``board_host``; ``board_url`` is the public base of their
    links when a proxy stands in front (``http://<host>:<port>`` when unset); no port, no
    pages. ``miniapp_link`` is the answer sheet's Telegram Mini App as @BotFather's
    ``/newapp`` names it (``https://t.me/<bot>/<app>``; unset, ``/sheet`` gives personal
    links only), ``miniapp_max_age`` how many seconds old its signed init data may be, and
    ``miniapp_secret`` signs personal links (unset: derived from the bot's tokens).
    ``sync_fee`` is the club's fee per team of a SYNC game (SYNC-3) as a club writes
    it, the amount and the currency's three-letter code ("300 RUB", "12.50 USD";
    ``parse_fee``); unset, a game takes the fee of the club's last game that had one, and
    with none states no amount. ``timezone`` is the IANA name of the clubs' time zone
    (``Europe/Moscow``), the zone of every chat that set none with ``/timezone``.
    ``database_url`` is an async SQLAlchemy URL: SQLite in ``state_folder()`` by default;
    ``postgresql+asyncpg://…`` works the same way, and ``postgres://…`` is read as that
    (``database_url``). ``log_level`` and ``log_format`` (``text`` or ``json``) shape the
    log (``bot.ops.logs``); ``ops_port`` turns on the ops endpoint (health, readiness,
    metrics: ``bot.ops.server``) on ``ops_host``; no port, no endpoint. The tokens and the
    webhook secret are ``SecretStr``: a repr, a log line or a traceback shows them as
    ``**********``; only the adapter that needs one reads it (``get_secret_value``).

    Each format's times are its own, with the rules' defaults, and a game keeps those it was
    created with: ``discussion_seconds`` and ``warning_seconds`` are DUEL's (a minute, the
    signal 10 s before its end: DUEL-3.4); ``sync_discussion_seconds``,
    ``sync_warning_seconds`` and ``sync_hand_in_seconds`` SYNC's (a minute, the signal after
    50 s, then 15 s to hand in: SYNC-6); ``tv_discussion_seconds`` and ``tv_warning_seconds``
    TV's (a minute, the signal after 50 s: TV-2). A warning left unset sounds 10 s before the
    end of its discussion (``warnings``). Raises pydantic's ValidationError for values that
    cannot work (a warning at or after the end of its discussion, a time not above zero, a
    fee without its currency, an allowed network that is none).
    """

    model_config = SettingsConfigDict(env_prefix="CHGK_", env_file=".env", extra="ignore")

    locale: Literal["ru", "en"] = "ru"
    timezone: str = DEFAULT_ZONE
    database_url: str = Field(default_factory=default_database_url)
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
    warning_seconds: float | None = Field(None, gt=0)
    sync_discussion_seconds: float = Field(60.0, gt=0)
    sync_warning_seconds: float | None = Field(None, gt=0)
    sync_hand_in_seconds: float = Field(15.0, gt=0)
    tv_discussion_seconds: float = Field(60.0, gt=0)
    tv_warning_seconds: float | None = Field(None, gt=0)
    board_host: str = "127.0.0.1"
    board_port: int | None = Field(None, ge=0, le=65535)
    board_url: str | None = None
    miniapp_link: str | None = None
    miniapp_max_age: float = Field(300.0, gt=0)
    miniapp_secret: SecretStr | None = None
    sync_fee: str | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    log_format: Literal["text", "json"] = "text"
    ops_host: str = "127.0.0.1"
    ops_port: int | None = Field(None, ge=0, le=65535)

    @field_validator("database_url")
    @classmethod
    def _async_postgres(cls, value: str) -> str:
        return database_url(value)

    @field_validator("log_level", mode="before")
    @classmethod
    def _level_any_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _format_any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("sync_fee")
    @classmethod
    def _fee_readable(cls, value: str | None) -> str | None:
        # Refused when the bot starts, with the form, not at a host's first /announce.
        if value is not None and value.strip():
            try:
                parse_fee(value)
            except ValueError as error:
                raise PydanticCustomError("settings-fee", str(error), {"value": value}) \
                    from None
            return value.strip()
        return None

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        # Refused when the bot starts, not at a club's first date.
        try:
            return parse_zone(value).key
        except UnknownZone:
            raise PydanticCustomError("settings-timezone", "unknown time zone {value}",
                                      {"value": value}) from None

    @field_validator("fetch_allow")
    @classmethod
    def _allow_networks(cls, value: str) -> str:
        for word in re.split(r"[\s,]+", value):
            if "/" in word:
                try:
                    ipaddress.ip_network(word, strict=False)
                except ValueError:
                    raise PydanticCustomError("settings-network",
                                              "CHGK_FETCH_ALLOW: {value} is no network",
                                              {"value": word}) from None
        return value

    def _times(self) -> tuple[tuple[str, str, float, float | None], ...]:
        # (format, its variables' prefix, discussion, warning as set) of each format.
        return (("duel", "CHGK_", self.discussion_seconds, self.warning_seconds),
                ("sync", "CHGK_SYNC_", self.sync_discussion_seconds, self.sync_warning_seconds),
                ("tv", "CHGK_TV_", self.tv_discussion_seconds, self.tv_warning_seconds))

    def warnings(self) -> dict[str, float]:
        """When each format's warning signal sounds, in seconds into its discussion, by the
        format's stored name: the setting, or 10 s before the end of the discussion when the
        setting is unset (the rules' signal: 50 s into a minute)."""
        return {fmt: discussion - WARN_BEFORE if warning is None else warning
                for fmt, _, discussion, warning in self._times()}

    @model_validator(mode="after")
    def _warning_inside_discussion(self) -> Settings:
        warnings = self.warnings()
        for fmt, prefix, discussion, _ in self._times():
            if warnings[fmt] <= 0:
                raise PydanticCustomError(
                    "settings-warning-needed",
                    "{discussion} of {seconds} s or less needs {variable}",
                    {"variable": f"{prefix}WARNING_SECONDS", "seconds": f"{WARN_BEFORE:g}",
                     "discussion": f"{prefix}DISCUSSION_SECONDS"})
            if warnings[fmt] >= discussion:
                raise PydanticCustomError(
                    "settings-warning-late", "{variable} must be less than {discussion}",
                    {"variable": f"{prefix}WARNING_SECONDS",
                     "discussion": f"{prefix}DISCUSSION_SECONDS"})
        return self
