"""A Discord server in a test: the real service, messenger, bridge and command tree on
SQLite and virtual time, with stub members, channels and interactions."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from adapters.discord.bridge import Bridge
from adapters.discord.buttons import CommandButton
from adapters.discord.commands import build_commands
from adapters.discord.messenger import DiscordMessenger
from adapters.discord.spelling import DiscordSpelling
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef
from bot.service import GameService, game_service
from bot.settings import Settings
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.adapters.discord.fake_discord_objects import GUILD_ID, TOKEN
from tests.adapters.discord.fake_discord_server import FakeDiscordServer
from tests.adapters.discord.stubs import (
    Destinations,
    FakeVoice,
    Guild,
    Interaction,
    Member,
    Message,
    Sent,
    TextChannel,
)
from tests.conftest import shared_package
from tests.formats import COMMAND_GROUPS, chat_commands, formats

OPTIONS = {"min_players": 2}
"""DUEL's options: teams of two may start, so that a test needs few people."""

_DM = object()
"""``channel=_DM``: the interaction happens in a DM with the bot."""


@dataclass
class World:
    """One server with a game channel, and everything behind it."""

    service: GameService
    storage: Storage
    scheduler: VirtualScheduler
    clock: VirtualClock
    messenger: DiscordMessenger
    bridge: Bridge
    groups: list[Any]
    destinations: Destinations
    voice: FakeVoice
    guild: Guild
    channel: TextChannel
    t: Translator

    DM = _DM

    def person(self, name: str) -> Member:
        """A new member of the server."""
        return self.guild.add(Member(name))

    def text_channel(self, name: str) -> TextChannel:
        """A new text channel the bot can post in."""
        channel = self.guild.channel(name)
        self.destinations.channels[channel.id] = channel
        return channel

    def interaction(self, who: Member, channel: Any = None, *, locale: str = "en-US",
                    button: bool = False, admin: bool = False,
                    interaction_id: int | None = None) -> Interaction:
        """An interaction by ``who`` in ``channel`` (default: the game channel); with
        ``interaction_id``, the gateway delivering that interaction again."""
        where = None if channel is _DM else channel or self.channel
        interaction = Interaction(who, where, locale=locale, at=self.clock.now(),
                                  button=button, admin=admin)
        if interaction_id is not None:
            interaction.id = interaction_id
        interaction.client = SimpleNamespace(chgk=self.bridge)
        return interaction

    def command(self, path: str) -> Any:
        """The app command at ``path``: ``"duel captain pick"`` in a format's group, or
        ``"team"`` in ``/chgk`` when the first word is no top-level group."""
        first, _, rest = path.partition(" ")
        tops = {group.name: group for group in self.groups}
        node, names = (tops[first], rest.split()) if first in tops else \
            (tops["chgk"], path.split())
        for name in names:
            node = node.get_command(name)
        return node

    async def slash(self, who: Member, path: str, /, where: Any = None, *,
                    locale: str = "en-US", admin: bool = False,
                    interaction_id: int | None = None, **options: Any) -> Interaction:
        """``/chgk <path> options…`` by ``who`` in ``where`` (default: the game channel);
        returns the interaction once everything it caused has been sent. ``interaction_id``
        delivers an interaction again."""
        interaction = self.interaction(who, where, locale=locale, admin=admin,
                                       interaction_id=interaction_id)
        await self.command(path).callback(interaction, **options)
        await self.bridge.settle()
        return interaction

    async def press(self, who: Member, sent: Sent, command: str, where: Any = None, *,
                    interaction_id: int | None = None) -> Interaction:
        """``who`` presses the ``command`` button under ``sent``, rebuilt from its
        ``custom_id`` as discord.py does for a persistent button. ``interaction_id``
        delivers a press again."""
        custom_id = sent.button(command).custom_id
        match = re.match(CommandButton.__discord_ui_compiled_template__, custom_id)
        interaction = self.interaction(who, where, button=True, interaction_id=interaction_id)
        item = await CommandButton.from_custom_id(interaction, sent.button(command).item, match)
        await item.callback(interaction)
        await self.bridge.settle()
        return interaction

    async def write(self, who: Member, channel: Any, text: str, *,
                    message_id: int | None = None) -> Message:
        """``who`` writes a plain message in ``channel`` (``World.DM``: a DM); returns it.
        ``message_id`` delivers a message again."""
        dm = channel is _DM
        message = Message(who, None if dm else channel, text, self.clock.now(),
                          None if dm else self.guild)
        if message_id is not None:
            message.id = message_id
        await self.bridge.on_message(message)
        await self.bridge.settle()
        return message

    async def advance(self, seconds: float) -> None:
        """Let virtual time pass; timers fire."""
        await self.scheduler.advance(seconds)
        await self.bridge.settle()

    def dm(self, who: Member) -> list[str]:
        """What the bot wrote to ``who`` in DMs."""
        return self.destinations.dm(who).texts

    async def package(self, prefix: str = "01_", *, path: Path | None = None) -> None:
        """Make a real package from ``../shared/packages`` (or the file ``path``) the game
        channel's package."""
        path = path or shared_package(prefix)
        package_id = await self.storage.save_package(load_package(path).package, path.name,
                                                     path.read_bytes())
        self.service.set_chat_package(self.chat, package_id)

    async def restart(self) -> None:
        """The bot process starts again over the same database and the same server: a new
        messenger, bridge, ``/chgk`` tree and service with nothing in memory, every live game
        recovered, at the time the old process had reached."""
        await self.bridge.close()
        await self.messenger.close()
        self.clock = VirtualClock(self.clock.now())
        self.scheduler = VirtualScheduler(self.clock)
        self.messenger = DiscordMessenger()
        self.messenger.attach(self.destinations)
        self.service = game_service(self.storage, self.messenger, self.scheduler, self.clock,
                                    self.t, formats=formats(**OPTIONS),
                                    chat_commands=chat_commands(self.storage),
                                    default_locale="en")
        self.scheduler.callback = self.service.on_timer
        self.bridge = Bridge(self.messenger, DiscordSpelling(self.t, COMMAND_GROUPS),
                             default_locale="en", voice=self.voice, service=self.service)
        self.groups = build_commands(self.bridge, self.t, "ru", COMMAND_GROUPS)
        await self.service.recover()
        await self.bridge.settle()

    @property
    def chat(self) -> ChatRef:
        """The game channel as the service knows it."""
        return ChatRef("discord", str(self.channel.id))


@pytest.fixture
async def world(database_url, translator) -> World:
    """A server whose game channel the bot can post in; DUEL teams of two may start. The
    session's translator: parsing the locales took about half a second a test."""
    storage = await Storage.open(database_url)
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    messenger = DiscordMessenger()
    destinations = Destinations()
    messenger.attach(destinations)
    spell = DiscordSpelling(translator, COMMAND_GROUPS)
    service = game_service(storage, messenger, scheduler, clock, translator,
                           formats=formats(**OPTIONS), chat_commands=chat_commands(storage),
                           default_locale="en", spellings={"discord": spell})
    scheduler.callback = service.on_timer
    voice = FakeVoice()
    bridge = Bridge(messenger, spell, default_locale="en", voice=voice, service=service)
    guild = Guild()
    world = World(service, storage, scheduler, clock, messenger, bridge,
                  build_commands(bridge, translator, "ru", COMMAND_GROUPS), destinations,
                  voice, guild,
                  guild.channel("игра"), translator)
    destinations.channels[world.channel.id] = world.channel
    yield world
    await world.bridge.close()
    await world.messenger.close()
    await storage.close()


@pytest.fixture
async def server(fake, monkeypatch) -> AsyncIterator[FakeDiscordServer]:
    """``fake`` (each test module's own fixture) served on 127.0.0.1; discord.py's gateway
    address is the fake's for the test."""
    async with FakeDiscordServer(fake) as server:
        # The adapter points discord.py at the settings' addresses, process-wide; put them
        # back after the test.
        monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        yield server


@pytest.fixture
def settings(server, database_url) -> Settings:
    """The settings of a bot that uses ``server``: the token, the API and gateway addresses,
    the server to sync the commands to, the database, 1 s of discussion (DUEL's: SYNC and TV
    keep their charters' times)."""
    return Settings(_env_file=None, discord_token=TOKEN, telegram_token=None,
                    discord_api_url=server.api_url, discord_gateway_url=server.gateway_url,
                    discord_guild_id=GUILD_ID,
                    database_url=database_url, locale="ru",
                    discussion_seconds=1.0, warning_seconds=0.5)
