"""The bridge between Discord and the ``GameService``: interactions and messages in, service
output back as ephemeral responses, plus the Discord-only features around a game (private
team channels and fault notices in ``channels``, the voice link and what sounds there in
``sounds``; what they share in ``base``). This module holds the interactions and messages.

It holds no game rules and no game state. Commands become ``Incoming`` messages and the
service decides; the only game facts the bridge reads are the ``GameView`` of the core's port
(``bot.ports.GameApi.view``: host, people with their roles and Discord ids, teams), to gate its
own features to the host, to give team channels their members and to find the host when
something breaks.

Where things go:

- ``/chgk …`` and a format's commands (``/duel …``) in a channel speak in that channel's
  game (a private team channel speaks in its game's channel); in a DM with the bot they are
  private. ``/chgk answer`` is always private.
  Everything the service says to the person alone comes back as an ephemeral response (see
  ``DiscordMessenger.capture``); what it says to the game is posted in the channel.
- A button carries its game channel and command; a press is that command from the presser.
- Plain messages: in a DM with the bot they are private messages (a written answer); in a
  private team channel an answer (the service decides whether one is expected, and chatter
  gets no reply); in a game channel they are read like commands (a captain's bare number
  picks a question). Reading guild messages needs the message-content intent; without it
  teams answer with ``/chgk answer``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from adapters.discord.base import (
    PLATFORM,
    TEAM_TOPIC,
    TEXT_PERMISSIONS,
    VoiceLink,
    missing,
    private_chat,
    team_channel_game,
)
from adapters.discord.buttons import left_after, view_of
from adapters.discord.channels import CHANNEL_PERMISSIONS, ChannelFeatures
from adapters.discord.messenger import NO_MENTIONS, DiscordMessenger
from adapters.discord.sounds import ATTACHMENT_BYTES, VOICE_PERMISSIONS, VoiceFeatures
from adapters.discord.spelling import DiscordSpelling
from adapters.discord.voice import VoicePlayer
from adapters.recent import RecentIds
from bot.packages import MAX_PACKAGE_BYTES
from bot.ports import Button, ChatRef, GameApi, Mention

__all__ = ["ATTACHMENT_BYTES", "CHANNEL_PERMISSIONS", "PANEL", "PLAIN_REPLY_SECONDS", "PLATFORM",
           "TEAM_TOPIC", "TEXT_PERMISSIONS", "VOICE_PERMISSIONS", "Bridge", "VoiceLink",
           "missing", "private_chat", "team_channel_game"]

log = logging.getLogger(__name__)

PLAIN_REPLY_SECONDS = 30.0
"""How long a refusal to a plain channel message stays before it deletes itself: Discord
cannot show it to one person, so it does not linger for everyone."""

PANEL = (("discord-button-pause", "pause"), ("button-resume", "resume"),
         ("button-accept", "accept"), ("button-reject", "reject"),
         ("discord-button-score", "score"))
"""The host's control panel: (label key, command)."""


class Bridge(VoiceFeatures, ChannelFeatures):
    """Turns Discord interactions and messages into service calls (see the module docstring).

    ``spell`` writes commands in its texts (its translator translates them; its formats are
    the command groups the tree has). ``voice`` plays the signals (None, with ``voice_off`` the
    ``discord.ftl`` key saying why, when this process has no voice support). Set ``service``
    before the first event. ``attachment_bytes`` is the largest sound attached to a question
    (``ATTACHMENT_BYTES``).
    """

    def __init__(self, messenger: DiscordMessenger, spell: DiscordSpelling, *,
                 default_locale: str = "ru", voice: VoicePlayer | None = None,
                 voice_off: str | None = None, service: GameApi | None = None) -> None:
        self.messenger = messenger
        self.t = spell.t
        self.spell = spell
        self.default_locale = default_locale
        self.voice = voice
        # Voice is off exactly when there is no player; say why, even if the caller did not.
        self.voice_off = None if voice is not None else voice_off or "discord-voice-no-extra"
        self.service: GameApi | None = service
        self.voice_links: dict[int, VoiceLink] = {}
        self.attachment_bytes = ATTACHMENT_BYTES
        self._told: set[tuple[str, str]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        # Interactions and messages seen by this process, by id (snowflakes are unique
        # across both): a delivery repeated by the gateway is handled once.
        self._seen = RecentIds()
        messenger.on_send = self._on_send
        messenger.on_fault = self._on_fault
        messenger.on_sound = self._on_sound
        messenger.on_attach = self._attachment


    # --- slash commands and buttons ----------------------------------------------------

    async def command(self, interaction: discord.Interaction, text: str, *,
                      private: bool = False, people: tuple[Any, ...] = ()) -> None:
        """Run the chat command ``text`` (``"/team Owls"``) for the interaction's user:
        acknowledge at once, let the service handle it, answer what it said to the user
        alone as ephemeral messages. ``private`` sends it from the user's private chat (a
        written answer). ``people`` are the members picked in the command's options (None
        skipped), whose mention tokens (``<@id>``) ``text`` holds: each goes along as a
        ``Mention`` with their id, so the service names exactly that member, even one who
        never wrote or one whose display name someone else has too."""
        if not await self._acknowledge(interaction):
            return
        here = self.chat_of(interaction)
        mentions = tuple(Mention(f"<@{m.id}>", str(m.id), m.display_name, m.name)
                         for m in people if m is not None)
        if private and not here.private:
            # Typed in a game or team channel: the answer is for that channel's game.
            messages, _ = await self._handle(interaction, private_chat(interaction.user.id),
                                             text, game=here)
        else:
            messages, _ = await self._handle(interaction, here, text, mentions=mentions)
        await self._respond(interaction, messages)

    async def new_game(self, interaction: discord.Interaction, game_format: str) -> None:
        """``/chgk new``: open a game here; when the host sits in a voice channel, the game's
        signals will sound there."""
        if not await self._acknowledge(interaction):
            return
        chat = self.chat_of(interaction)
        messages, refused = await self._handle(interaction, chat, f"/newgame {game_format}")
        voice = getattr(getattr(interaction.user, "voice", None), "channel", None)
        if not refused and voice is not None:
            if self.voice_off is None:
                messages.append(await self._link_voice(interaction, chat, voice))
            elif self._once(chat, "discord-voice-off"):
                messages.append(self._note(interaction, "discord-voice-off",
                                           reason=self._text(interaction, self.voice_off)))
        await self._respond(interaction, messages)

    async def upload(self, interaction: discord.Interaction,
                     attachment: discord.Attachment | None, link: str | None = None) -> None:
        """``/chgk package``: import the attached file, or the package at ``link`` (a link or
        a db.chgk.info id), as the chat's package."""
        if not await self._acknowledge(interaction):
            return
        chat = self.chat_of(interaction)
        if attachment is None:
            with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
                incoming = self._incoming(interaction, chat, f"/package {link or ''}")
                await self._service.handle(incoming)
            await self._respond(interaction, capture.messages)
            return
        if attachment.size > MAX_PACKAGE_BYTES:
            await self._respond(interaction, [self._note(
                interaction, "discord-package-too-big", file=attachment.filename,
                megabytes=MAX_PACKAGE_BYTES // (1024 * 1024))])
            return
        data = await attachment.read()
        with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
            await self._service.upload_package(self._incoming(interaction, chat, ""), data,
                                               attachment.filename)
        await self._respond(interaction, capture.messages)

    async def press(self, interaction: discord.Interaction, mode: str, game: int,
                    command: str) -> None:
        """A button press: ``command`` from the presser in the game of channel ``game`` (0:
        their own game). A service button (``mode`` ``b``) that worked is taken off its
        message with its alternatives (``buttons.left_after``), so a verdict cannot be given
        twice by accident."""
        if not await self._acknowledge(interaction):
            return
        chat = ChatRef(PLATFORM, str(game)) if game else private_chat(interaction.user.id)
        messages, refused = await self._handle(interaction, chat, f"/{command}")
        await self._respond(interaction, messages)
        if mode == "b" and not refused:
            try:
                await interaction.edit_original_response(
                    view=left_after(interaction.message, command))
            except discord.HTTPException as error:
                log.info("could not take the buttons off a message: %r", error)

    async def panel(self, interaction: discord.Interaction) -> None:
        """``/<format> host panel``: the host's buttons (pause, resume, accept, reject, score),
        shown to the caller alone. Anyone may open it; the service checks every press."""
        if not self._fresh(interaction):
            return
        chat = self.chat_of(interaction)
        game = 0 if chat.private else int(chat.chat_id)
        locale = self._locale(interaction)
        view = view_of([Button(self.t(label, locale), command) for label, command in PANEL],
                       "p", game)
        await interaction.response.send_message(self.t("discord-panel", locale), view=view,
                                                ephemeral=True, allowed_mentions=NO_MENTIONS)


    # --- plain messages ----------------------------------------------------------------

    async def on_message(self, message: discord.Message) -> None:
        """A message someone wrote (see the module docstring for where it counts)."""
        if message.author.bot or not message.content.strip():
            return
        if not self._seen.add(message.id):
            log.info("message %s delivered again: ignored", message.id)
            return
        author = message.author
        private = private_chat(author.id)
        if message.guild is None:
            await self._service.handle(self._plain(message, private))
            return
        team_game = team_channel_game(message.channel)
        if team_game is not None:
            await self._team_message(message, private, ChatRef(PLATFORM, str(team_game)))
            return
        chat = ChatRef(PLATFORM, str(message.channel.id))
        if not self._service.has_game(chat):
            return
        with self.messenger.capture(chat, None) as capture:
            await self._service.handle(self._plain(message, chat))
        for reply in capture.messages:
            await self._post(reply, message.channel, reference=message,
                             delete_after=PLAIN_REPLY_SECONDS)

    async def _team_message(self, message: discord.Message, private: ChatRef, game: ChatRef
                            ) -> None:
        if message.content.lstrip().startswith("/"):
            return  # a mistyped slash command, not an answer
        with self.messenger.capture(private, private) as capture:
            await self._service.handle(self._plain(message, private, game))
        # The answer's confirmation is the team's to see; a refusal means it was chatter.
        for said in capture.messages:
            if not said.reply:
                await self._post(said, message.channel, reference=message)

