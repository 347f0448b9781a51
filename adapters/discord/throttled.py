"""Discord's 429s as a count for the ops endpoint's metrics.

discord.py waits out a 429 by itself and retries the request; it tells nobody but its log
(a warning of ``discord.http``: "We are being rate limited ..."). ``RateLimitCount`` is a
filter on that logger that counts those lines and lets them through unchanged.
"""

from __future__ import annotations

import logging

HTTP_LOGGER = "discord.http"
_RATE_LIMITED = "We are being rate limited"


class RateLimitCount(logging.Filter):
    """Counts discord.py's 429 warnings while attached (``attach``/``detach``); ``count`` is
    how many since it was made."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """Count ``record`` when it reports a 429; every record passes."""
        if isinstance(record.msg, str) and record.msg.startswith(_RATE_LIMITED):
            self.count += 1
        return True

    def attach(self) -> None:
        """Start counting (what ``CHGK_LOG_LEVEL=ERROR`` keeps discord.py from logging is
        not counted: the count is of its warnings)."""
        logging.getLogger(HTTP_LOGGER).addFilter(self)

    def detach(self) -> None:
        """Stop counting."""
        logging.getLogger(HTTP_LOGGER).removeFilter(self)
