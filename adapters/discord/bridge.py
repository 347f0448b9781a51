"""The bridge between Discord and the ``GameService``: interactions and messages in, service
output back as ephemeral responses, plus the Discord-only features around a game, each a part
the bridge is built with: private team channels and fault notices (``channels``), the voice
link and what sounds there (``sounds``), and the ``Relay`` every part is given to talk to the
service and answer a user (``base``). This module holds the interactions and messages.

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

import logging
from typing import Any

import discord

from adapters.discord.base import (
    PLATFORM,
    TEAM_TOPIC,
    TEXT_PERMISSIONS,
    Relay,
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


class Bridge:
    """Turns Discord interactions and messages into service calls (see the module docstring).

    ``spell`` writes commands in its texts (its translator translates them; its formats are
    the command groups the tree has). ``voice`` plays the signals (None, with ``voice_off`` the
    ``discord.ftl`` key saying why, when this process has no voice support). ``service`` is
    the core's port (None only to build the command tree). Its parts: ``relay`` (talking to
    the service, answering a user), ``voice`` (``VoiceFeatures``: the voice link, signals,
    sounds) and ``channels`` (``ChannelFeatures``: team channels, fault notices); it hooks
    them to the ``messenger``.
    """

    def __init__(self, messenger: DiscordMessenger, spell: DiscordSpelling, *,
                 default_locale: str = "ru", voice: VoicePlayer | None = None,
                 voice_off: str | None = None, service: GameApi | None = None) -> None:
        self.messenger = messenger
        self.spell = spell
        self.default_locale = default_locale
        self.relay = Relay(messenger, spell, service)
        self.voice = VoiceFeatures(self.relay, voice, voice_off)
        self.channels = ChannelFeatures(self.relay)
        messenger.on_send = self.voice.on_send
        messenger.on_fault = self.channels.on_fault
        messenger.on_sound = self.voice.on_sound
        messenger.on_attach = self.voice.attachment

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
        if not await self.relay.acknowledge(interaction):
            return
        here = self.relay.chat_of(interaction)
        mentions = tuple(Mention(f"<@{m.id}>", str(m.id), m.display_name, m.name)
                         for m in people if m is not None)
        if private and not here.private:
            # Typed in a game or team channel: the answer is for that channel's game.
            messages, _ = await self.relay.handle(interaction, private_chat(interaction.user.id),
                                             text, game=here)
        else:
            messages, _ = await self.relay.handle(interaction, here, text, mentions=mentions)
        await self.relay.respond(interaction, messages)

    async def new_game(self, interaction: discord.Interaction, game_format: str) -> None:
        """``/chgk new``: open a game here; when the host sits in a voice channel, the game's
        signals will sound there."""
        if not await self.relay.acknowledge(interaction):
            return
        chat = self.relay.chat_of(interaction)
        messages, refused = await self.relay.handle(interaction, chat, f"/newgame {game_format}")
        voice = getattr(getattr(interaction.user, "voice", None), "channel", None)
        if not refused and voice is not None:
            if self.voice.off is None:
                messages.append(await self.voice.link(interaction, chat, voice))
            elif self.relay.once(chat, "discord-voice-off"):
                messages.append(self.relay.note(interaction, "discord-voice-off",
                                                reason=self.relay.text(interaction,
                                                                       self.voice.off)))
        await self.relay.respond(interaction, messages)

    async def upload(self, interaction: discord.Interaction,
                     attachment: discord.Attachment | None, link: str | None = None) -> None:
        """``/chgk package``: import the attached file, or the package at ``link`` (a link or
        a db.chgk.info id), as the chat's package."""
        if not await self.relay.acknowledge(interaction):
            return
        chat = self.relay.chat_of(interaction)
        if attachment is None:
            with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
                incoming = self.relay.incoming(interaction, chat, f"/package {link or ''}")
                await self.relay.api.handle(incoming)
            await self.relay.respond(interaction, capture.messages)
            return
        if attachment.size > MAX_PACKAGE_BYTES:
            await self.relay.respond(interaction, [self.relay.note(
                interaction, "discord-package-too-big", file=attachment.filename,
                megabytes=MAX_PACKAGE_BYTES // (1024 * 1024))])
            return
        data = await attachment.read()
        with self.messenger.capture(chat, private_chat(interaction.user.id)) as capture:
            await self.relay.api.upload_package(self.relay.incoming(interaction, chat, ""), data,
                                               attachment.filename)
        await self.relay.respond(interaction, capture.messages)

    async def press(self, interaction: discord.Interaction, mode: str, game: int,
                    command: str) -> None:
        """A button press: ``command`` from the presser in the game of channel ``game`` (0:
        their own game). A service button (``mode`` ``b``) that worked is taken off its
        message with its alternatives (``buttons.left_after``), so a verdict cannot be given
        twice by accident."""
        if not await self.relay.acknowledge(interaction):
            return
        chat = ChatRef(PLATFORM, str(game)) if game else private_chat(interaction.user.id)
        messages, refused = await self.relay.handle(interaction, chat, f"/{command}")
        await self.relay.respond(interaction, messages)
        if mode == "b" and not refused:
            try:
                await interaction.edit_original_response(
                    view=left_after(interaction.message, command))
            except discord.HTTPException as error:
                log.info("could not take the buttons off a message: %r", error)

    async def panel(self, interaction: discord.Interaction) -> None:
        """``/<format> host panel``: the host's buttons (pause, resume, accept, reject, score),
        shown to the caller alone. Anyone may open it; the service checks every press."""
        if not self.relay.fresh(interaction):
            return
        chat = self.relay.chat_of(interaction)
        game = 0 if chat.private else int(chat.chat_id)
        locale = self.relay.locale(interaction)
        view = view_of([Button(self.relay.t(label, locale), command) for label, command in PANEL],
                       "p", game)
        await interaction.response.send_message(self.relay.t("discord-panel", locale), view=view,
                                                ephemeral=True, allowed_mentions=NO_MENTIONS)


    # --- plain messages ----------------------------------------------------------------

    async def on_message(self, message: discord.Message) -> None:
        """A message someone wrote (see the module docstring for where it counts)."""
        if message.author.bot or not message.content.strip():
            return
        if not self.relay.fresh_message(message):
            return
        author = message.author
        private = private_chat(author.id)
        if message.guild is None:
            await self.relay.api.handle(self.relay.plain(message, private))
            return
        team_game = team_channel_game(message.channel)
        if team_game is not None:
            await self._team_message(message, private, ChatRef(PLATFORM, str(team_game)))
            return
        chat = ChatRef(PLATFORM, str(message.channel.id))
        if not self.relay.api.has_game(chat):
            return
        with self.messenger.capture(chat, None) as capture:
            await self.relay.api.handle(self.relay.plain(message, chat))
        for reply in capture.messages:
            await self.relay.post(reply, message.channel, reference=message,
                             delete_after=PLAIN_REPLY_SECONDS)

    async def _team_message(self, message: discord.Message, private: ChatRef, game: ChatRef
                            ) -> None:
        if message.content.lstrip().startswith("/"):
            return  # a mistyped slash command, not an answer
        with self.messenger.capture(private, private) as capture:
            await self.relay.api.handle(self.relay.plain(message, private, game))
        # The answer's confirmation is the team's to see; a refusal means it was chatter.
        for said in capture.messages:
            if not said.reply:
                await self.relay.post(said, message.channel, reference=message)



    # --- life cycle ----------------------------------------------------------------------

    async def settle(self) -> None:
        """Wait until background work (voice signals) is done, queued messages are out and
        the clocks of delivered questions run."""
        await self.relay.settle()

    async def close(self) -> None:
        """Stop background work and leave the voice channels (the adapter is stopping)."""
        await self.relay.close()
        await self.voice.close()
