"""The people directory: senders as players, their private chats, languages and held private
messages, and who each chat has seen."""

from __future__ import annotations

import logging

from sqlalchemy.exc import DBAPIError

from bot.i18n import Translator
from bot.ports import ChatRef, Incoming
from bot.service.model import LiveGame
from bot.sightings import ChatPeople
from storage.db import Storage, storage_fault

log = logging.getLogger(__name__)


class PeopleDirectory:
    """Players by platform id, their private chats and locales, for the service.

    ``storage`` stores players and tells their private chats; ``translator`` names the
    locale a platform's language code is served in; ``seen`` is who each chat has seen
    (``bot.sightings.ChatPeople``); ``default_locale`` is the bot's language."""

    def __init__(self, storage: Storage, translator: Translator, seen: ChatPeople, *,
                 default_locale: str) -> None:
        self.storage = storage
        self.t = translator
        self.seen = seen
        self.default_locale = default_locale
        # (platform, sender) -> (player id, name, locale), as last stored.
        self._players: dict[tuple[str, str], tuple[int, str, str | None]] = {}
        self._dm: dict[int, ChatRef] = {}
        self._locales: dict[int, str | None] = {}
        # Player -> their private message held while they say which of their games it is
        # for (``bot.service.private``).
        self._held: dict[int, Incoming] = {}

    async def sender(self, incoming: Incoming) -> tuple[int, str]:
        """The sender of ``incoming`` as a player (stored on first sight), remembered as seen
        in its chat with their private chat and language; returns ``(player id, locale)``.

        A database that takes no writes (read-only, full, locked) does not stop a person it
        already knows: what only reads (``/score``, ``/help``) still works, and whatever
        must be stored says at its own commit why it was not. Raises the storage error for a
        person never stored."""
        chat = incoming.chat
        try:
            player = await self.player(chat.platform, incoming.sender_id,
                                       incoming.sender_name, incoming.sender_locale)
        except DBAPIError as error:
            known = await self.storage.people.known_player(chat.platform, incoming.sender_id) \
                if storage_fault(error) is not None else None
            if known is None:
                raise
            log.warning("the sender's new name or language is not stored (%s)", error.orig)
            player = known
        await self.remember(chat, incoming.sender_id, incoming.sender_name, player,
                            incoming.sender_locale, incoming.sender_username)
        return player, self.locale_of(player)

    async def player(self, platform: str, sender_id: str, name: str, locale: str | None
                     ) -> int:
        """The player id of ``sender_id`` on ``platform``, stored with ``name`` and
        ``locale`` on first sight or when either changed."""
        # Every message names its sender, but names and languages rarely change: storage is
        # written only on first sight or a change, not once per message (this write was half
        # of all write transactions).
        known = self._players.get((platform, sender_id))
        if known is not None and known[1] == name and (not locale or known[2] == locale):
            return known[0]
        player = await self.storage.people.player(platform, sender_id, name, locale)
        self._players[(platform, sender_id)] = (player, name,
                                                locale or (known[2] if known else None))
        return player

    async def remember(self, chat: ChatRef, sender_id: str, name: str, player: int,
                       locale: str | None, username: str | None) -> None:
        """Remember ``player`` as seen in ``chat``, with their private chat (``sender_id`` on
        the chat's platform) and language."""
        dm = self._dm.get(player)
        if dm is None or dm.chat_id != sender_id or dm.platform != chat.platform:
            self._dm[player] = ChatRef(chat.platform, sender_id, private=True)
        try:
            await self.seen.saw(chat, player, name, username)
        except DBAPIError as error:
            # A sighting only helps name people: it is written again with the next message.
            if storage_fault(error) is None:
                raise
            log.warning("a sighting is not stored (%s)", error.orig)
        if locale:
            self._locales[player] = self.t.locale_for(locale)
        else:
            self._locales.setdefault(player, None)

    async def mentioned(self, incoming: Incoming, game_chat: ChatRef | None = None
                        ) -> dict[str, tuple[int, str]]:
        """The people ``incoming`` mentions, by the casefolded text naming them. One with a
        platform id becomes known (a player, seen in ``game_chat``, else the message's chat);
        an ``@username`` alone is looked up among the people seen."""
        chat = incoming.chat
        found: dict[str, tuple[int, str]] = {}
        for mention in incoming.mentions:
            if mention.user_id is not None:
                name = mention.name or mention.text.lstrip("@")
                player = await self.player(chat.platform, mention.user_id, name, None)
                await self.seen.saw(game_chat or chat, player, name, mention.username)
                found[mention.text.casefold()] = (player, name)
            elif mention.username:
                seen = await (await self.seen.names(game_chat or chat)).find(
                    f"@{mention.username.casefold()}")
                if seen is not None:
                    found[mention.text.casefold()] = seen
        return found

    def own_locale(self, player: int) -> str | None:
        """The locale ``player``'s platform told, or None."""
        return self._locales.get(player)

    def locale_of(self, player: int) -> str:
        """``player``'s own locale, else the bot's default."""
        return self._locales.get(player) or self.default_locale

    def locale_in(self, player: int, game: LiveGame | None) -> str:
        """The language of a reply to ``player`` about ``game`` (README "Languages"): the
        person's own when their platform told it (a reply may be shown to them alone), else
        the game's, stored when it opened, so a restart with another ``CHGK_LOCALE`` changes
        no running game; with no game the person's, else the bot's default."""
        return self._locales.get(player) or (game.info.locale if game else self.default_locale)

    async def dm_chat(self, player: int, platform: str) -> ChatRef | None:
        """``player``'s private chat on ``platform`` (read from storage when not known), or
        None when they were never seen there."""
        chat = self._dm.get(player)
        if chat is not None and chat.platform == platform:
            return chat
        identity = await self.storage.people.identity(player, platform)
        if identity is None:
            return None
        external_id, locale = identity
        chat = ChatRef(platform, external_id, private=True)
        self._dm[player] = chat
        self._locales.setdefault(player, self.t.locale_for(locale) if locale else None)
        return chat

    def hold(self, player: int, incoming: Incoming) -> None:
        """Keep ``player``'s private message ``incoming`` until they say which game it is for."""
        self._held[player] = incoming

    def take_held(self, player: int) -> Incoming | None:
        """``player``'s held private message, no longer held; None when there is none."""
        return self._held.pop(player, None)

    def forget_person(self, player: int, platform: str) -> None:
        """Drop what is remembered of ``player`` (their id by platform account, private chat
        and language, held message, and who their private chat has seen), whose last game in
        memory has just left it (about five objects a person, kept for good, 350,000 for the
        70,000 people of 10,000 games). All of it is in storage: their next message reads it
        back (``player``), and a message to them finds their private chat and language there
        (``dm_chat``)."""
        dm = self._dm.pop(player, None)
        if dm is not None:
            self.seen.forget(dm.key)
            if dm.platform == platform:
                self._players.pop((platform, dm.chat_id), None)
        self._locales.pop(player, None)
        self._held.pop(player, None)

    def forget_chat(self, chat_key: str) -> None:
        """Drop who the chat ``chat_key`` has seen (read back from storage when needed)."""
        self.seen.forget(chat_key)
