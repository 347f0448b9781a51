"""The people each chat has seen, so that commands can name them (``/answerer @dasha``,
``/keeper Ksenia``) after a restart too.

A chat has seen a person who wrote in it, or whom a message there named with their platform
id (a Telegram text mention, a Discord member pick). Each sighting keeps the display name and
``@username`` the person had there; it is stored (``storage.people.PeopleStore.saw_person``) the
first time and whenever they change.

What is held in memory is bounded (measured in bench/): a chat's sightings made since its game came
into memory (enough to store a sighting only when it is new or changed), dropped when the
service no longer holds a game of that chat (``forget``). A name not among them is looked up
in storage among everyone seen on the platform, by the keys it was asked under, the chat's
own sightings first (``KnownNames``). Before, every sighting of the platform was kept for
good: 78,920 entries after 10,000 games, all read at a restart's first message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterator, Mapping

from bot.ports import ChatRef
from storage.db import Storage
from storage.people import SeenPerson, sighting_keys

Names = Mapping[str, tuple[int, str]]
"""A casefolded name (a display name, or ``@username``) -> ``(player id, display name)``."""


def name_keys(name: str, username: str | None) -> tuple[str, ...]:
    """The keys a person is found by: the casefolded display name and ``@username``."""
    return tuple(key for key in sighting_keys(name, username) if key is not None)


def by_keys(seen: list[SeenPerson], wanted: Collection[str], chat_key: str
            ) -> dict[str, tuple[int, str]]:
    """The sightings ``seen`` (the longest unseen first) as ``Names`` for the keys in
    ``wanted``: those of the chat ``chat_key`` first, then the platform's; among either, a
    key the newer sightings share goes to the newest."""
    platform: dict[str, tuple[int, str]] = {}
    own: dict[str, tuple[int, str]] = {}
    for person in seen:
        names = own if person.chat_key == chat_key else platform
        for key in name_keys(person.name, person.username):
            if key in wanted:
                names[key] = (person.player_id, person.name)
    return platform | own


class KnownNames(Mapping[str, tuple[int, str]]):
    """The people a chat can name: those a message mentions (``first``), then those the chat
    has seen (``own``), then those seen anywhere on its platform, which storage is asked for
    only by the keys looked up here and not found (``missed``, ``find_missed``, ``find``).

    Looking a key up is synchronous, as the formats' command parsers do it; a parse that
    missed a name is done again once ``find_missed`` has found it (``GameService``)."""

    def __init__(self, own: Names, platform: Callable[[Collection[str]], Awaitable[Names]],
                 first: Names | None = None) -> None:
        self._maps: tuple[Names, ...] = (first or {}, own)
        self._platform = platform
        self._found: dict[str, tuple[int, str]] = {}
        self.missed: set[str] = set()
        """Keys looked up and not found since the last ``find_missed``."""

    def __getitem__(self, key: str) -> tuple[int, str]:
        """The person called ``key``; KeyError (the key is remembered as missed) when
        neither the message, the chat nor what storage found so far knows them."""
        for names in (*self._maps, self._found):
            found = names.get(key)
            if found is not None:
                return found
        self.missed.add(key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        """The keys known so far (the platform's only as far as they were found)."""
        return iter({key: None for names in (self._found, *self._maps) for key in names})

    def __len__(self) -> int:
        """How many keys are known so far."""
        return sum(1 for _ in self)

    async def find_missed(self) -> bool:
        """Ask storage for the keys missed so far among everyone seen on the platform; True
        when it found someone (a parse that missed them may now succeed)."""
        keys, self.missed = self.missed, set()
        found = await self._platform(keys) if keys else {}
        self._found.update(found)
        return bool(found)

    async def find(self, key: str) -> tuple[int, str] | None:
        """The person called ``key``: known here, else found on the platform in storage;
        None when nobody is."""
        found = self.get(key)
        if found is None and await self.find_missed():
            found = self.get(key)
        return found


class ChatPeople:
    """Who each chat has seen, for name resolution; backed by ``storage``.

    ``names(chat)`` finds people seen in ``chat`` first, then anyone seen on its platform
    (a keeper who only wrote to the bot privately can still be named in the game chat).
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # Chat key -> player -> (display name, username) there, as stored since the chat came
        # into memory.
        self._seen: dict[str, dict[int, tuple[str, str | None]]] = {}
        # Chat key -> name key -> (player, display name), from ``_seen``.
        self._chats: dict[str, dict[str, tuple[int, str]]] = {}

    def sightings(self) -> int:
        """How many sightings are held in memory (bench/)."""
        return sum(len(seen) for seen in self._seen.values())

    async def saw(self, chat: ChatRef, player: int, name: str, username: str | None) -> None:
        """``chat`` has seen ``player`` as ``name`` with ``username`` (without the @, or
        None); stored when new or changed since the chat came into memory (every message
        names its sender; a sighting stored before is written again once, unchanged)."""
        if self._seen.get(chat.key, {}).get(player) == (name, username):
            return
        await self.storage.people.saw_person(chat.key, player, name, username)
        self._put(chat.key, player, name, username)

    async def names(self, chat: ChatRef, first: Names | None = None) -> KnownNames:
        """The people ``chat`` can name (``KnownNames``): ``first`` (a message's mentions),
        then its own, then the rest of its platform."""

        async def in_storage(keys: Collection[str]) -> Names:
            seen = await self.storage.people.seen_named(chat.platform, keys)
            return by_keys(seen, keys, chat.key)

        return KnownNames(self._chats.get(chat.key) or {}, in_storage, first)

    def forget(self, chat_key: str) -> None:
        """Drop the sightings of ``chat_key`` from memory (they stay in storage)."""
        self._seen.pop(chat_key, None)
        self._chats.pop(chat_key, None)

    def _put(self, chat_key: str, player: int, name: str, username: str | None) -> None:
        seen = self._seen.setdefault(chat_key, {})
        chat = self._chats.setdefault(chat_key, {})
        before = seen.get(player)
        if before is not None:
            # A new name or username in this chat replaces the old one here.
            for key in name_keys(*before):
                if chat.get(key, (None,))[0] == player:
                    del chat[key]
        seen[player] = (name, username)
        for key in name_keys(name, username):
            chat[key] = (player, name)
