"""The process's logging: a level and a format the operator picks (``CHGK_LOG_LEVEL``,
``CHGK_LOG_FORMAT``), timestamps in UTC, and the libraries' routine lines kept out.

``text`` is one line per record, ``2026-12-06T20:30:00.123Z INFO bot.bootstrap: message``;
``json`` is one JSON object per line (``time``, ``level``, ``logger``, ``message`` and
``exception`` when there is one) for log collectors (journald, Loki, Docker's json driver).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from datetime import UTC, datetime
from importlib import metadata
from typing import TextIO

QUIET_LOGGERS = ("aiogram.event", "aiohttp.access", "alembic")
"""Loggers kept at WARNING whatever the level: aiogram's line per update handled, aiohttp's
line per HTTP request (the ops endpoint and the scoreboard are polled), Alembic's lines about
the migrations it checks at every start."""


class UtcFormatter(logging.Formatter):
    """``text`` records: ISO 8601 UTC time with milliseconds, level, logger, message."""

    converter = time.gmtime

    def __init__(self) -> None:
        super().__init__("%(asctime)s.%(msecs)03dZ %(levelname)s %(name)s: %(message)s",
                         datefmt="%Y-%m-%dT%H:%M:%S")


class JsonFormatter(logging.Formatter):
    """``json`` records: one JSON object a line, non-ASCII text kept as it is."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as ``{"time", "level", "logger", "message"[, "exception"]}``."""
        line = {"time": datetime.fromtimestamp(record.created, UTC)
                .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "level": record.levelname, "logger": record.name,
                "message": record.getMessage()}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure_logging(level: str, fmt: str, stream: TextIO | None = None) -> None:
    """Send every log record of at least ``level`` (a ``logging`` level name such as
    ``INFO``) to ``stream`` (default: stderr) formatted as ``fmt`` (``text`` or ``json``),
    replacing the handlers the root logger had; the ``QUIET_LOGGERS`` only from WARNING."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else UtcFormatter())
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, logging.getLevelName(level)))


def version() -> str:
    """The installed chgk-bot's version (its package metadata), or ``unknown`` when the
    code runs without being installed."""
    try:
        return metadata.version("chgk-bot")
    except metadata.PackageNotFoundError:
        return "unknown"
