"""What the parts of the Discord bridge (``bridge``) share: the platform's chat references,
the marker of a private team channel, permission checks, and ``Relay``, which every part is
given to talk to the service and to answer an interaction (acknowledge, capture what the
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


class Relay:
    """How every part of the bridge talks to the service and answers a Discord user.

    Given the ``messenger`` (delivers and captures what the service says), ``spell`` (its
    translator ``t`` writes commands the way Discord spells them) and the ``service`` (the
    core's port; None only where no event is ever handled, e.g. building the command tree).
    It keeps what this process has seen (interaction and message ids: a delivery repeated by
    the gateway is handled once), what it has told once per chat, and its background tasks.
    """

    def __init__(self, messenger: DiscordMessenger, spell: DiscordSpelling,
                 service: GameApi | None) -> None:
        self.messenger = messenger
        self.spell = spell
        self.t: Translator = spell.t
        self.service = service
        self._told: set[tuple[str, str]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        # Snowflakes are unique across interactions and messages: one set serves both.
        self._seen = RecentIds()

    async def host_only(self, interaction: discord.Interaction, chat: ChatRef, command: str
                        ) -> Outgoing | None:
        """None when the user hosts the live game of ``chat``, else the note saying why not."""
        if interaction.guild is None or chat.private:
            return self.note(interaction, "discord-guild-only")
        game = await self.api.view(chat)
        if game is None or not game.live:
            return self.note(interaction, "no-game-here")
        if Role.HOST not in game.roles_for(str(interaction.user.id)):
            return self.note(interaction, "not-allowed", command=command,
                             roles=self.text(interaction, "role-host"))
        return None


    # --- helpers -----------------------------------------------------------------------

    @property
    def api(self) -> GameApi:
        """The service; raises RuntimeError when the relay was built without one."""
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

    def incoming(self, interaction: discord.Interaction, chat: ChatRef, text: str,
                 game: ChatRef | None = None, mentions: tuple[Mention, ...] = ()) -> Incoming:
        """``text`` from the interaction's user in ``chat`` (about the game of ``game``, for a
        private chat), naming ``mentions``, as the service reads it; a server's administrator
        or manager counts as an admin."""
        permissions = interaction.permissions
        admin = interaction.guild is not None and (permissions.administrator or
                                                   permissions.manage_guild)
        return Incoming(chat, str(interaction.user.id), interaction.user.display_name, text,
                        sender_locale=interaction.locale.value,
                        sent_at=interaction.created_at, sender_is_admin=admin, game_chat=game,
                        sender_username=interaction.user.name, mentions=mentions,
                        delivery=f"dc:{interaction.id}")

    def plain(self, message: discord.Message, chat: ChatRef, game: ChatRef | None = None
              ) -> Incoming:
        """The plain ``message`` as said in ``chat`` (about the game of ``game``)."""
        return Incoming(chat, str(message.author.id), message.author.display_name,
                        message.content.strip(), sent_at=message.created_at, game_chat=game,
                        sender_username=message.author.name, delivery=f"dc:{message.id}")

    async def handle(self, interaction: discord.Interaction, chat: ChatRef, text: str,
                     game: ChatRef | None = None, mentions: tuple[Mention, ...] = ()
                     ) -> tuple[list[Outgoing], bool]:
        """The service's handling of ``text`` from ``chat`` (about the game of ``game``, for
        a private chat) with the members ``mentions`` names: what it said to the user alone,
        and whether that was a refusal."""
        with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
            await self.api.handle(self.incoming(interaction, chat, text, game, mentions))
        return capture.messages, capture.refused

    async def acknowledge(self, interaction: discord.Interaction) -> bool:
        """Acknowledge ``interaction``; False, doing nothing, when it was delivered before
        (the same id again after a gateway reconnect): its command ran once already."""
        if not self.fresh(interaction):
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

    def fresh(self, interaction: discord.Interaction) -> bool:
        """False for an interaction this process has seen already (logged)."""
        if self._seen.add(interaction.id):
            return True
        log.info("interaction %s delivered again: ignored", interaction.id)
        return False

    def fresh_message(self, message: discord.Message) -> bool:
        """False for a message this process has seen already (logged)."""
        if self._seen.add(message.id):
            return True
        log.info("message %s delivered again: ignored", message.id)
        return False

    async def respond(self, interaction: discord.Interaction, messages: list[Outgoing]
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

    async def post(self, message: Outgoing, channel: Any, **extra: Any) -> None:
        """Deliver ``message`` in ``channel`` with the messenger's ``extra`` options (a
        reference, a deletion delay); a refusal by Discord is only logged."""
        try:
            await self.messenger.deliver(message, channel, **extra)
        except discord.HTTPException as error:
            log.warning("could not reply in channel %s: %r", channel.id, error)

    def locale(self, interaction: discord.Interaction) -> str:
        """The bot's language nearest to the user's Discord language."""
        return self.t.locale_for(interaction.locale.value)

    def text(self, interaction: discord.Interaction, key: str, **args: Any) -> str:
        """The message ``key`` with ``args`` in the user's language, commands spelled the
        Discord way."""
        return self.t.format(key, args, self.locale(interaction), self.spell)

    def note(self, interaction: discord.Interaction, key: str, **args: Any) -> Outgoing:
        """An adapter's own reply to the interaction's user, shaped like the service's."""
        return Outgoing(private_chat(interaction.user.id), self.text(interaction, key, **args),
                        key=key, reply=True)

    def permission_names(self, names: list[str] | tuple[str, ...], locale: str) -> str:
        """The Discord permissions ``names`` as Discord shows them in ``locale``, listed."""
        return ", ".join(self.t(f"discord-permission-{n.replace('_', '-')}", locale)
                         for n in names)

    def once(self, chat: ChatRef, key: str) -> bool:
        """True the first time ``key`` is told about ``chat`` in this process."""
        if (chat.key, key) in self._told:
            return False
        self._told.add((chat.key, key))
        return True

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` in the background (``settle`` waits for it, ``close`` cancels it)."""
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
        """Stop background work (the adapter is stopping)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
