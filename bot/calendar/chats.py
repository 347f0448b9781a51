"""Each chat's time zone: the one its host set with ``/timezone`` (stored, so it survives a
restart), else the bot's default (``CHGK_TIMEZONE``). Read from storage each time: a zone is
needed rarely (a game opened, a date typed or shown), and several workers then never disagree."""

from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

from bot.calendar.zone import DEFAULT_ZONE, UnknownZone, parse_zone
from storage.chats import ChatSettingsStore

log = logging.getLogger(__name__)


class ChatZones:
    """The zones of chats, stored in ``store``; ``default`` (an IANA name, checked here:
    UnknownZone) is the zone of a chat that set none."""

    def __init__(self, store: ChatSettingsStore, default: str = DEFAULT_ZONE) -> None:
        self.store = store
        self.default = parse_zone(default)

    async def of(self, chat_key: str) -> ZoneInfo:
        """The zone of chat ``chat_key`` (``ChatRef.key``)."""
        name = await self.store.timezone(chat_key)
        if name is None:
            return self.default
        try:
            return parse_zone(name)
        except UnknownZone:
            # A zone this machine's time zone data does not have (an older copy of it).
            log.warning("chat %s: time zone %r is unknown here; using %s", chat_key, name,
                        self.default.key)
            return self.default

    async def set(self, chat_key: str, zone: ZoneInfo) -> None:
        """Store ``zone`` as chat ``chat_key``'s zone."""
        await self.store.set_timezone(chat_key, zone.key)
