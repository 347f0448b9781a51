"""The people each chat has seen, so that commands can name them (``/answerer @dasha``,
``/keeper Ksenia``) after a restart too.

A chat has seen a person who wrote in it, or whom a message there named with their platform
id (a Telegram text mention, a Discord member pick). Each sighting keeps the display name and
``@username`` the person had there; it is stored (``storage.db.Storage.saw_person``) the
first time and whenever they change, and a platform's sightings are loaded from storage the
first time a chat of that platform needs them.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping

from bot.ports import ChatRef
from storage.db import Storage

Names = Mapping[str, tuple[int, str]]
"""A casefolded name (a display name, or ``@username``) -> ``(player id, display name)``."""


def name_keys(name: str, username: str | None) -> tuple[str, ...]:
    """The keys a person is found by: the casefolded display name and ``@username``."""
    keys = (name.strip().casefold(),)
    return (*keys, f"@{username.casefold()}") if username else keys


class ChatPeople:
    """Who each chat has seen, for name resolution; backed by ``storage``.

    ``names(chat)`` finds people seen in ``chat`` first, then anyone seen on its platform
    (a keeper who only wrote to the bot privately can still be named in the game chat).
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._loaded: set[str] = set()
        self._seen: dict[tuple[str, int], tuple[str, str | None]] = {}
        self._chats: dict[str, dict[str, tuple[int, str]]] = {}
        self._platforms: dict[str, dict[str, tuple[int, str]]] = {}

    async def saw(self, chat: ChatRef, player: int, name: str, username: str | None) -> None:
        """``chat`` has seen ``player`` as ``name`` with ``username`` (without the @, or
        None); stored only when new or changed (every message names its sender)."""
        await self._load(chat.platform)
        if self._seen.get((chat.key, player)) == (name, username):
            return
        await self.storage.saw_person(chat.key, player, name, username)
        self._put(chat.key, chat.platform, player, name, username)

    async def names(self, chat: ChatRef) -> Names:
        """The people ``chat`` can name: its own first, then the rest of its platform."""
        await self._load(chat.platform)
        return ChainMap(self._chats.get(chat.key, {}), self._platforms.get(chat.platform, {}))

    async def _load(self, platform: str) -> None:
        if platform in self._loaded:
            return
        self._loaded.add(platform)
        for person in await self.storage.seen_people(platform):
            self._put(person.chat_key, platform, person.player_id, person.name, person.username)

    def _put(self, chat_key: str, platform: str, player: int, name: str,
             username: str | None) -> None:
        chat = self._chats.setdefault(chat_key, {})
        before = self._seen.get((chat_key, player))
        if before is not None:
            # A new name or username in this chat replaces the old one here; elsewhere on
            # the platform the old one may still be right.
            for key in name_keys(*before):
                if chat.get(key, (None,))[0] == player:
                    del chat[key]
        self._seen[(chat_key, player)] = (name, username)
        everyone = self._platforms.setdefault(platform, {})
        for key in name_keys(name, username):
            chat[key] = everyone[key] = (player, name)
