"""Stand-ins for the discord.py objects the bridge touches: interactions, members, guilds,
channels, a voice player. They record what the bot did; nothing here talks to Discord."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.ports import ChatRef

_ids = itertools.count(100_000_000_000_000_001)


def new_id() -> int:
    """A fresh snowflake-sized id."""
    return next(_ids)


def http_error(kind: type[discord.HTTPException], status: int) -> discord.HTTPException:
    """A discord.py HTTP error as the library raises it (NotFound, Forbidden…)."""
    return kind(SimpleNamespace(status=status, reason="stub"), {"code": 0, "message": "stub"})


@dataclass
class Sent:
    """One message the bot sent somewhere: its text, embed, buttons and send options."""

    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    options: dict[str, Any]
    edits: int = 0

    @property
    def text(self) -> str:
        """The content, or the embed's description when there is no content."""
        if self.content:
            return self.content
        return self.embed.description if self.embed is not None else ""

    @property
    def ephemeral(self) -> bool:
        """True when sent to the interaction's user alone."""
        return bool(self.options.get("ephemeral"))

    async def edit(self, *, content: str | None = None, embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None, **options: Any) -> None:
        """Replace the message's text, embed and buttons, as Discord's ``Message.edit``."""
        self.content, self.embed, self.view = content, embed, view
        self.edits += 1

    def button(self, command: str) -> discord.ui.Item:
        """The button that sends ``command``; KeyError when there is none."""
        for item in self.view.children if self.view else []:
            if getattr(item, "command", None) == command:
                return item
        raise KeyError(command)


def _record(into: list[Sent], content: str | None, kwargs: dict[str, Any]) -> Sent:
    sent = Sent(content, kwargs.pop("embed", None), kwargs.pop("view", None), kwargs)
    into.append(sent)
    return sent


class Inbox:
    """Something that can be sent to (a channel, a DM, a followup webhook)."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.fail_with: discord.HTTPException | None = None
        self.refuse_files: discord.HTTPException | None = None

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        """Record a message and return it (it can be edited), or raise ``fail_with`` (a
        message with a ``file``: ``refuse_files`` too, as without the right to attach)."""
        if self.fail_with is not None:
            raise self.fail_with
        if self.refuse_files is not None and "file" in kwargs:
            raise self.refuse_files
        return _record(self.sent, content, kwargs)

    @property
    def texts(self) -> list[str]:
        """Every message's text, in order."""
        return [s.text for s in self.sent]


class Member:
    """A server member (or a user in DMs): id, names and the voice channel they sit in."""

    def __init__(self, name: str, *, bot: bool = False) -> None:
        self.id = new_id()
        self.name = name
        self.display_name = name
        self.mention = f"<@{self.id}>"
        self.bot = bot
        self.voice: Any = None
        self.guild_permissions = discord.Permissions.none()


class TextChannel(Inbox):
    """A guild text channel with a topic, a category and the bot's permissions in it."""

    def __init__(self, guild: Guild, name: str, *, topic: str | None = None,
                 overwrites: dict | None = None, category: Any = None) -> None:
        super().__init__()
        self.id = new_id()
        self.guild = guild
        self.name = name
        self.topic = topic
        self.overwrites = overwrites or {}
        self.category = category
        self.mention = f"<#{self.id}>"
        self.bot_permissions = discord.Permissions(view_channel=True, send_messages=True,
                                                   embed_links=True,
                                                   read_message_history=True)

    def permissions_for(self, member: Any) -> discord.Permissions:
        """The bot's permissions here (the only member the bridge asks about)."""
        return self.bot_permissions

    async def edit(self, *, overwrites: dict) -> None:
        """Replace the permission overwrites."""
        self.overwrites = overwrites


class VoiceChannel:
    """A guild voice channel."""

    def __init__(self, guild: Guild, name: str) -> None:
        self.id = new_id()
        self.guild = guild
        self.name = name
        self.mention = f"<#{self.id}>"
        self.bot_permissions = discord.Permissions(view_channel=True, connect=True, speak=True)

    def permissions_for(self, member: Any) -> discord.Permissions:
        """The bot's permissions here."""
        return self.bot_permissions


class Role:
    """A server role (hashable, as permission overwrites key on it)."""

    def __init__(self, name: str) -> None:
        self.name = name


class Guild:
    """A server: its members, channels, the bot itself and @everyone."""

    def __init__(self, name: str = "Клуб") -> None:
        self.id = new_id()
        self.name = name
        self.me = Member("chgk-bot", bot=True)
        self.me.guild_permissions = discord.Permissions(manage_channels=True,
                                                        manage_roles=True)
        self.default_role = Role("@everyone")
        self.members: dict[int, Member] = {}
        self.text_channels: list[TextChannel] = []

    def add(self, member: Member) -> Member:
        """Make ``member`` a member of this server."""
        self.members[member.id] = member
        return member

    def channel(self, name: str) -> TextChannel:
        """A new text channel."""
        channel = TextChannel(self, name)
        self.text_channels.append(channel)
        return channel

    def get_member(self, user_id: int) -> Member | None:
        """A cached member; the cache is empty, as without the members intent."""
        return None

    async def fetch_member(self, user_id: int) -> Member:
        """A member by id; NotFound for someone who left."""
        if user_id not in self.members:
            raise http_error(discord.NotFound, 404)
        return self.members[user_id]

    async def create_text_channel(self, name: str, *, overwrites: dict, category: Any,
                                  topic: str) -> TextChannel:
        """A new text channel with these overwrites and topic."""
        channel = TextChannel(self, name, topic=topic, overwrites=overwrites,
                              category=category)
        self.text_channels.append(channel)
        return channel


class Response:
    """``Interaction.response``: one acknowledgement only, as Discord allows."""

    def __init__(self) -> None:
        self.deferred: dict[str, bool] | None = None
        self.sent: list[Sent] = []

    def is_done(self) -> bool:
        """True once the interaction was acknowledged."""
        return self.deferred is not None or bool(self.sent)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Acknowledge now, answer later."""
        assert not self.is_done(), "an interaction can be acknowledged only once"
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        """Answer at once."""
        assert not self.is_done(), "an interaction can be acknowledged only once"
        _record(self.sent, content, kwargs)


class Interaction:
    """A slash command or a button press by ``user`` in ``channel`` (None: a DM)."""

    def __init__(self, user: Member, channel: TextChannel | None, *, locale: str = "ru",
                 at: datetime, button: bool = False, admin: bool = False) -> None:
        self.id = new_id()
        self.user = user
        self.channel = channel
        self.guild = channel.guild if channel is not None else None
        self.channel_id = channel.id if channel is not None else new_id()
        self.locale = discord.Locale(locale)
        self.created_at = at
        self.type = (discord.InteractionType.component if button
                     else discord.InteractionType.application_command)
        self.permissions = discord.Permissions(manage_guild=admin)
        self.response = Response()
        self.followup = Inbox()
        self.deleted_original = False
        self.edits: list[dict[str, Any]] = []
        self.client: Any = None
        self.message: Any = None  # the message a pressed button is under (not kept here)

    async def delete_original_response(self) -> None:
        """Remove the "thinking…" placeholder."""
        self.deleted_original = True

    async def edit_original_response(self, **kwargs: Any) -> None:
        """Edit the message a button is on."""
        self.edits.append(kwargs)

    @property
    def replies(self) -> list[Sent]:
        """Everything said to this interaction (its response and followups)."""
        return self.response.sent + self.followup.sent

    @property
    def texts(self) -> list[str]:
        """The text of every reply."""
        return [s.text for s in self.replies]


class Destinations:
    """The messenger's ``Destinations``: known channels by id, a DM inbox per user."""

    def __init__(self) -> None:
        self.channels: dict[int, Inbox] = {}
        self.dms: dict[int, Inbox] = {}

    async def resolve(self, chat: ChatRef) -> Inbox:
        """The channel or DM of ``chat``; NotFound for an unknown (deleted) channel."""
        if chat.private:
            return self.dms.setdefault(int(chat.chat_id), Inbox())
        channel = self.channels.get(int(chat.chat_id))
        if channel is None:
            raise http_error(discord.NotFound, 404)
        return channel

    def dm(self, member: Member) -> Inbox:
        """The DM inbox of ``member``."""
        return self.dms.setdefault(member.id, Inbox())


def attach_game_channel(messenger: Any) -> tuple[Destinations, Inbox]:
    """Connect ``messenger`` (a DiscordMessenger) to destinations that know the game channel
    1001; returns them and that channel's inbox."""
    destinations = Destinations()
    destinations.channels[1001] = channel = Inbox()
    messenger.attach(destinations)
    return destinations, channel


@dataclass
class FakeVoice:
    """The ``VoicePlayer`` port, recording joins, clips and sounds (a stub voice client:
    ``clock``, when set, is the virtual clock a sound's playing time passes on)."""

    joined: list[Any] = field(default_factory=list)
    played: list[tuple[int, bytes]] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    sounds: list[tuple[int, str]] = field(default_factory=list)
    sound_seconds: dict[str, float] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)
    files: list[bytes] = field(default_factory=list)
    clock: Any = None

    async def join(self, channel: Any) -> None:
        """Record the channel."""
        self.joined.append(channel)

    async def play(self, guild_id: int, pcm: bytes) -> None:
        """Record the clip."""
        self.played.append((guild_id, pcm))

    async def play_sound(self, guild_id: int, url: str, path: str) -> bool:
        """Record the sound and the bytes of its download ``path`` (in ``files``), and let
        ``sound_seconds[url]`` pass on ``clock`` while it plays (as a voice client does); a
        URL in ``broken`` does not play."""
        self.sounds.append((guild_id, url))
        self.files.append(Path(path).read_bytes())
        if url in self.broken:
            return False
        if self.clock is not None:
            self.clock.set(self.clock.now() + timedelta(seconds=self.sound_seconds.get(url, 0)))
        return True

    async def leave(self, guild_id: int) -> None:
        """Record the guild."""
        self.left.append(guild_id)


@dataclass
class Message:
    """A plain message someone wrote."""

    author: Member
    channel: Any
    content: str
    created_at: datetime
    guild: Any = None
    id: int = field(default_factory=new_id)
