"""The bridge between Discord and the ``GameService``: interactions and messages in, service
output back as ephemeral responses, plus the Discord-only features around a game (private
team channels, the voice link, fault notices).

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
import contextvars
import io
import logging
import re
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

import discord

from adapters.discord.buttons import left_after, view_of
from adapters.discord.messenger import NO_MENTIONS, DiscordMessenger
from adapters.discord.spelling import DiscordSpelling
from adapters.discord.tones import tone, tone_for
from adapters.discord.voice import VoiceError, VoicePlayer
from adapters.recent import RecentIds
from bot.packages import MAX_PACKAGE_BYTES
from bot.packages.fetch import download
from bot.packages.result import PackageReadError
from bot.ports import (
    Button,
    ChatRef,
    GameApi,
    Mention,
    MessageKind,
    Outgoing,
    Person,
    Receipt,
    Role,
)
from bot.service import Incoming

log = logging.getLogger(__name__)

PLATFORM = "discord"
PLAIN_REPLY_SECONDS = 30.0
"""How long a refusal to a plain channel message stays before it deletes itself: Discord
cannot show it to one person, so it does not linger for everyone."""

TEAM_TOPIC = re.compile(r"chgk-team:(?P<game>\d+):(?P<team>\d+)")
"""The marker in a private team channel's topic: its game channel and team id. The channel
itself carries the link, so it survives restarts without storage."""

TEXT_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "read_message_history")
"""What the bot needs in a game channel."""
CHANNEL_PERMISSIONS = ("manage_channels", "manage_roles")
"""What the bot needs to create private team channels with their own permissions."""
VOICE_PERMISSIONS = ("view_channel", "connect", "speak")
"""What the bot needs in a voice channel to play the signals."""
ATTACHMENT_BYTES = 10 * 1024 * 1024
"""The largest file a bot may attach in a server without boosts (10 MB): a bigger sound is not
attached, its link in the question's text stays."""
PANEL = (("discord-button-pause", "pause"), ("button-resume", "resume"),
         ("button-accept", "accept"), ("button-reject", "reject"),
         ("discord-button-score", "score"))
"""The host's control panel: (label key, command)."""


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


class Bridge:
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
        a db.chgk.info id, issue 17), as the chat's package."""
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

    async def voice_command(self, interaction: discord.Interaction, channel: Any | None,
                            off: bool) -> None:
        """``/<format> host voice``: link the game to ``channel`` (default: the host's voice
        channel) so the signals sound there, or unlink it with ``off``."""
        if not await self._acknowledge(interaction):
            return
        chat = self.chat_of(interaction)
        note = await self._host_only(interaction, chat, "voice")
        if note is None:
            if off:
                note = await self._unlink_voice(interaction, chat)
            else:
                channel = channel or getattr(getattr(interaction.user, "voice", None),
                                             "channel", None)
                if channel is None:
                    note = self._note(interaction, "discord-voice-which")
                elif self.voice_off is not None:
                    note = self._note(interaction, "discord-voice-off",
                                      reason=self._text(interaction, self.voice_off))
                else:
                    note = await self._link_voice(interaction, chat, channel)
        await self._respond(interaction, [note])

    async def team_channels(self, interaction: discord.Interaction) -> None:
        """``/<format> host teams``: a private text channel per team of the game, visible to its
        members, the host and co-hosts; run it again after the roster changes to update who
        sees which channel."""
        if not await self._acknowledge(interaction):
            return
        chat = self.chat_of(interaction)
        note = await self._host_only(interaction, chat, "teams")
        if note is None:
            note = await self._make_team_channels(interaction, chat)
        await self._respond(interaction, [note])

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
        if await self._service.view(chat) is None:
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

    # --- what the service sends --------------------------------------------------------

    def _on_send(self, message: Outgoing) -> None:
        # Called before the message is queued: the tone sounds ahead of any text.
        if message.kind is not MessageKind.SIGNAL or message.chat.private:
            return
        link = self.voice_links.get(int(message.chat.chat_id))
        if link is not None and self.voice is not None:
            self._spawn(self._play(link, message))

    async def _play(self, link: VoiceLink, message: Outgoing) -> None:
        try:
            await self.voice.play(link.guild_id, tone(tone_for(message.key)))
        except Exception:
            log.exception("could not play the %s signal", message.key)

    def _on_sound(self, message: Outgoing, receipt: Receipt) -> None:
        self._spawn(self._sound(message, receipt))

    async def _sound(self, message: Outgoing, receipt: Receipt) -> None:
        """Play a question's sound in the game's voice channel; its receipt completes once it
        has played (0 seconds more: the minute starts then), or, with no voice channel or a
        sound that could not be played, with no length (the host starts the minute)."""
        plays = None
        try:
            link = self.voice_links.get(int(message.chat.chat_id))
            if link is not None and self.voice is not None and message.audio and \
                    await self.voice.play_sound(link.guild_id, message.audio):
                plays = 0.0
        except asyncio.CancelledError:
            receipt.cancel()
            raise
        except Exception:
            log.exception("could not play the sound %s", message.audio)
        if not receipt.done():
            receipt.set_result(plays)

    async def _attachment(self, message: Outgoing) -> discord.File | None:
        """The sound of the question ``message`` as a file to attach to it, when it will not
        play in a voice channel (the game has none, or this process has no voice support):
        downloaded like a package (``bot.packages.fetch.download``), at most
        ``attachment_bytes``. None when it plays there, or when it is bigger or cannot be
        downloaded: its link is in the question's text, and the host starts the minute."""
        url = message.audio or ""
        voiced = self.voice is not None and int(message.chat.chat_id) in self.voice_links
        if voiced or urlsplit(url).scheme not in ("http", "https"):
            return None
        try:
            data = await download(url, max_bytes=self.attachment_bytes)
        except PackageReadError as error:
            log.warning("the sound %s is not attached: %s %s", url, error.key, error.args)
            return None
        name = unquote(urlsplit(url).path.rpartition("/")[2]) or "sound.mp3"
        return discord.File(io.BytesIO(data), filename=name)

    async def _on_fault(self, message: Outgoing, error: Exception) -> None:
        """Tell someone who can fix it that a message did not arrive: a closed DM is said in
        the game channel, a broken game channel to the host privately. Each problem is told
        once per chat; a notice that itself fails is only logged."""
        log.warning("could not deliver %s to %s: %r", message.key, message.chat.key, error)
        if message.key.startswith("discord-") or not isinstance(error, discord.HTTPException):
            return
        if message.chat.private:
            game = await self._service.view(message.game) if message.game else None
            if game is None or not self._once(message.chat, "discord-fault-dm"):
                return
            person = game.person(message.chat.chat_id)
            name = person.name if person is not None else "?"
            await self.messenger.send(Outgoing(message.game, self.t.format(
                "discord-fault-dm", {"user": name}, game.locale, self.spell),
                key="discord-fault-dm"))
            return
        host = await self._service.host_contact(message.chat)
        if host is None:
            return
        chat, locale = host
        key, args = await self._explain(message.chat, error, locale)
        if self._once(message.chat, key):
            await self.messenger.send(Outgoing(chat, self.t.format(key, args, locale), key=key))

    async def _explain(self, chat: ChatRef, error: discord.HTTPException, locale: str
                       ) -> tuple[str, dict[str, Any]]:
        """The message key and arguments saying why the game channel ``chat`` failed."""
        channel = f"<#{chat.chat_id}>"
        if isinstance(error, discord.NotFound):
            return "discord-fault-channel-gone", {"channel": channel}
        if isinstance(error, discord.Forbidden):
            try:
                target = await self.messenger.resolve(chat)
                lacking = missing(target.permissions_for(target.guild.me), TEXT_PERMISSIONS)
            except (discord.HTTPException, AttributeError):
                lacking = []
            return "discord-fault-permissions", {
                "channel": channel,
                "what": self._permission_names(lacking or TEXT_PERMISSIONS, locale)}
        return "discord-fault-send", {"channel": channel}

    # --- the host's features -----------------------------------------------------------

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

    async def _link_voice(self, interaction: discord.Interaction, chat: ChatRef,
                          channel: Any) -> Outgoing:
        lacking = missing(channel.permissions_for(channel.guild.me), VOICE_PERMISSIONS)
        if lacking:
            return self._note(interaction, "discord-missing-permissions",
                              channel=channel.mention,
                              what=self._permission_names(lacking, self._locale(interaction)))
        try:
            await self.voice.join(channel)
        except VoiceError as error:
            return self._note(interaction, error.key, channel=channel.mention)
        self.voice_links[int(chat.chat_id)] = VoiceLink(channel.guild.id, channel.id)
        return self._note(interaction, "discord-voice-linked", channel=channel.mention)

    async def _unlink_voice(self, interaction: discord.Interaction, chat: ChatRef) -> Outgoing:
        link = self.voice_links.pop(int(chat.chat_id), None)
        if link is not None and self.voice is not None and \
                link not in self.voice_links.values():
            await self.voice.leave(link.guild_id)
        return self._note(interaction, "discord-voice-unlinked")

    async def _make_team_channels(self, interaction: discord.Interaction, chat: ChatRef
                                  ) -> Outgoing:
        guild = interaction.guild
        locale = self._locale(interaction)
        lacking = missing(guild.me.guild_permissions, CHANNEL_PERMISSIONS)
        if lacking:
            return self._note(interaction, "discord-missing-permissions",
                              channel=guild.name, what=self._permission_names(lacking, locale))
        game = await self._service.view(chat)
        hosts, gone = await self._members(guild, game.hosts)
        existing = {int(m["team"]): ch for ch in guild.text_channels
                    if (m := TEAM_TOPIC.search(ch.topic or "")) and m["game"] == chat.chat_id}
        made = []
        for team in game.teams:
            members, left = await self._members(guild, team.members)
            gone += left
            overwrites = {
                guild.default_role: discord.PermissionOverwrite(view_channel=False),
                guild.me: discord.PermissionOverwrite(
                    view_channel=True, send_messages=True, embed_links=True,
                    read_message_history=True),
                **{m: discord.PermissionOverwrite(view_channel=True, send_messages=True,
                                                  read_message_history=True)
                   for m in (*hosts, *members)},
            }
            channel = existing.get(team.id)
            try:
                if channel is None:
                    channel = await guild.create_text_channel(
                        team.name, overwrites=overwrites,
                        category=getattr(interaction.channel, "category", None),
                        topic=f"{self.t('discord-team-topic', locale, team=team.name)} "
                              f"chgk-team:{chat.chat_id}:{team.id}")
                else:
                    await channel.edit(overwrites=overwrites)
            except discord.Forbidden:
                return self._note(interaction, "discord-missing-permissions",
                                  channel=guild.name,
                                  what=self._permission_names(CHANNEL_PERMISSIONS, locale))
            except discord.HTTPException as error:
                log.warning("could not make the channel of team %s: %r", team.name, error)
                return self._note(interaction, "discord-team-channels-failed")
            made.append(channel.mention)
        if not made:
            return self._note(interaction, "discord-team-channels-none")
        note = self._note(interaction, "discord-team-channels-ready",
                          channels=", ".join(made), count=len(made))
        if gone:
            left = self._text(interaction, "discord-members-left", names=", ".join(gone))
            note = Outgoing(note.chat, f"{note.text}\n{left}", key=note.key, reply=True)
        return note

    async def _members(self, guild: Any, people: tuple[Person, ...]
                       ) -> tuple[list[Any], list[str]]:
        """The guild members who are ``people``, and the names of those no longer on the
        server (or never seen on Discord)."""
        found, gone = [], []
        for person in people:
            member = None
            if person.user_id is not None:
                user_id = int(person.user_id)
                member = guild.get_member(user_id)
                if member is None:
                    try:
                        member = await guild.fetch_member(user_id)
                    except discord.HTTPException:
                        member = None
            if member is None:
                gone.append(person.name)
            else:
                found.append(member)
        return found, gone

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
                        sender_username=interaction.user.name, mentions=mentions)

    def _plain(self, message: discord.Message, chat: ChatRef, game: ChatRef | None = None
               ) -> Incoming:
        return Incoming(chat, str(message.author.id), message.author.display_name,
                        message.content.strip(), sent_at=message.created_at, game_chat=game,
                        sender_username=message.author.name)

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
