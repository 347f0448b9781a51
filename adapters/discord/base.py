"""What the parts of the Discord bridge (``bridge``) share: the platform's chat references,
the marker of a private team channel, permission checks, and ``BridgeBase``, the helpers every
part uses to talk to the service and to answer an interaction (acknowledge, capture what the
service says to the user alone, answer it ephemerally, notes of the adapter's own).

It holds no game rules and no game state; see ``bridge`` for where things go.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

import discord

from adapters.discord.messenger import DiscordMessenger
from adapters.discord.spelling import DiscordSpelling
from adapters.discord.voice import VoicePlayer
from adapters.recent import RecentIds
from bot.i18n import Translator
from bot.ports import ChatRef, GameApi, Mention, Outgoing, Role
from bot.service import Incoming

log = logging.getLogger(__name__)

PLATFORM = "discord"

TEAM_TOPIC = re.compile(r"chgk-team:(?P<game>\d+):(?P<team>\d+)")
"""The marker in a private team channel's topic: its game channel and team id. The channel
itself carries the link, so it survives restarts without storage."""

TEXT_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "read_message_history")
"""What the bot needs in a game channel."""


def private_chat(user_id: int | str) -> ChatRef:
    """The private chat with a Discord user (DMs with the bot)."""
    return ChatRef(PLATFORM, str(user_id), private=True)


def team_channel_game(channel: Any) -> int | None:
    """The game channel id a private team channel belongs to, or None for other channels."""
    match = TEAM_TOPIC.search(getattr(channel, "topic", None) or "")
    return int(match["game"]) if match else None


def missing(permissions: discord.Permissions, needed: tuple[str, ...]) -> list[str]:
    """The names in ``needed`` that ``permissions`` lacks (administrators lack nothing)."""
    if permissions.administrator:
        return []
    return [name for name in needed if not getattr(permissions, name)]


@dataclass(frozen=True, slots=True)
class VoiceLink:
    """A game channel's voice channel: where its signals sound."""

    guild_id: int
    channel_id: int


class BridgeBase:
    """The state and helpers of the bridge's parts (``Bridge`` sets the state up)."""

    messenger: DiscordMessenger
    t: Translator
    spell: DiscordSpelling
    default_locale: str
    voice: VoicePlayer | None
    voice_off: str | None
    service: GameApi | None
    voice_links: dict[int, VoiceLink]
    attachment_bytes: int
    _told: set[tuple[str, str]]
    _tasks: set[asyncio.Task[None]]
    _seen: RecentIds

    async def _host_only(self, interaction: discord.Interaction, chat: ChatRef, command: str
                         ) -> Outgoing | None:
        """None when the user hosts the live game of ``chat``, else the note saying why not."""
        if interaction.guild is None or chat.private:
            return self._note(interaction, "discord-guild-only")
        game = await self._service.view(chat)
        if game is None or not game.live:
            return self._note(interaction, "no-game-here")
        if Role.HOST not in game.roles_for(str(interaction.user.id)):
            return self._note(interaction, "not-allowed", command=command,
                              roles=self._text(interaction, "role-host"))
        return None


    # --- helpers -----------------------------------------------------------------------

    @property
    def _service(self) -> GameApi:
        if self.service is None:
            raise RuntimeError("the bridge has no service yet")
        return self.service

    def chat_of(self, interaction: discord.Interaction) -> ChatRef:
        """The chat an interaction speaks in: the user's private chat in DMs, the game
        channel for a private team channel, else the channel itself."""
        if interaction.guild is None:
            return private_chat(interaction.user.id)
        game = team_channel_game(interaction.channel)
        return ChatRef(PLATFORM, str(game or interaction.channel_id))

    def _incoming(self, interaction: discord.Interaction, chat: ChatRef, text: str,
                  game: ChatRef | None = None, mentions: tuple[Mention, ...] = ()) -> Incoming:
        permissions = interaction.permissions
        admin = interaction.guild is not None and (permissions.administrator or
                                                   permissions.manage_guild)
        return Incoming(chat, str(interaction.user.id), interaction.user.display_name, text,
                        sender_locale=interaction.locale.value,
                        sent_at=interaction.created_at, sender_is_admin=admin, game_chat=game,
                        sender_username=interaction.user.name, mentions=mentions,
                        delivery=f"dc:{interaction.id}")

    def _plain(self, message: discord.Message, chat: ChatRef, game: ChatRef | None = None
               ) -> Incoming:
        return Incoming(chat, str(message.author.id), message.author.display_name,
                        message.content.strip(), sent_at=message.created_at, game_chat=game,
                        sender_username=message.author.name, delivery=f"dc:{message.id}")

    async def _handle(self, interaction: discord.Interaction, chat: ChatRef, text: str,
                      game: ChatRef | None = None, mentions: tuple[Mention, ...] = ()
                      ) -> tuple[list[Outgoing], bool]:
        """The service's handling of ``text`` from ``chat`` (about the game of ``game``, for
        a private chat) with the members ``mentions`` names: what it said to the user alone,
        and whether that was a refusal."""
        with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
            await self._service.handle(self._incoming(interaction, chat, text, game, mentions))
        return capture.messages, capture.refused

    async def _acknowledge(self, interaction: discord.Interaction) -> bool:
        """Acknowledge ``interaction``; False, doing nothing, when it was delivered before
        (the same id again after a gateway reconnect): its command ran once already."""
        if not self._fresh(interaction):
            return False
        # Discord drops an interaction not acknowledged within 3 s: defer before any work.
        # A slash command shows "thinking…" to the user alone; a button press shows nothing.
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            log.warning("could not acknowledge an interaction: %r", error)
        return True

    def _fresh(self, interaction: discord.Interaction) -> bool:
        """False for an interaction this process has seen already (logged)."""
        if self._seen.add(interaction.id):
            return True
        log.info("interaction %s delivered again: ignored", interaction.id)
        return False

    async def _respond(self, interaction: discord.Interaction, messages: list[Outgoing]
                       ) -> None:
        """Deliver ``messages`` as ephemeral followups; with nothing to say, remove the
        "thinking…" placeholder of a slash command (what happened is in the channel)."""
        try:
            for message in messages:
                await self.messenger.deliver(message, interaction.followup, ephemeral=True)
            if not messages and interaction.type is not discord.InteractionType.component:
                await interaction.delete_original_response()
        except discord.HTTPException as error:
            log.warning("could not answer an interaction: %r", error)

    async def _post(self, message: Outgoing, channel: Any, **extra: Any) -> None:
        try:
            await self.messenger.deliver(message, channel, **extra)
        except discord.HTTPException as error:
            log.warning("could not reply in channel %s: %r", channel.id, error)

    def _locale(self, interaction: discord.Interaction) -> str:
        return self.t.locale_for(interaction.locale.value)

    def _text(self, interaction: discord.Interaction, key: str, **args: Any) -> str:
        return self.t.format(key, args, self._locale(interaction), self.spell)

    def _note(self, interaction: discord.Interaction, key: str, **args: Any) -> Outgoing:
        """An adapter's own reply to the interaction's user, shaped like the service's."""
        return Outgoing(private_chat(interaction.user.id), self._text(interaction, key, **args),
                        key=key, reply=True)

    def _permission_names(self, names: list[str] | tuple[str, ...], locale: str) -> str:
        return ", ".join(self.t(f"discord-permission-{n.replace('_', '-')}", locale)
                         for n in names)

    def _once(self, chat: ChatRef, key: str) -> bool:
        """True the first time ``key`` is told about ``chat`` in this process."""
        if (chat.key, key) in self._told:
            return False
        self._told.add((chat.key, key))
        return True

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        # A fresh context, so background work never lands in someone's reply capture.
        task = asyncio.create_task(coro, context=contextvars.Context())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait until background work (voice signals) is done, queued messages are out and
        the clocks of delivered questions run."""
        while self._tasks:
            await asyncio.gather(*self._tasks)
        await self.messenger.drain()
        if self.service is not None:
            await self.service.settle()
            await self.messenger.drain()

    async def close(self) -> None:
        """Stop background work and leave the voice channels (the adapter is stopping)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.voice is not None:
            for guild_id in {link.guild_id for link in self.voice_links.values()}:
                await self.voice.leave(guild_id)
        self.voice_links.clear()
