"""A bot process connected to the Discord stand-in (``fake_discord``) with the real
discord.py client, as ``chgk-bot run`` builds it (bootstrap's ``messenger_adapters`` and
``build_service``, virtual time), and what a test does through it: slash commands, button
presses, messages, time passing, a graceful restart and a kill."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Any

from adapters.discord import DiscordAdapter
from bot.bootstrap import build_service, messenger_adapters, shutdown
from bot.formats import Format
from bot.i18n import Translator
from bot.ports import RoutingMessenger
from bot.service import GameService
from bot.settings import Settings
from bot.timers import VirtualScheduler
from storage.db import Storage
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import GAME_CHANNEL_ID, Posted
from tests.adapters.discord.fake_discord_server import FakeDiscordServer

_HANDLERS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_message")
"""The names discord.py gives the tasks that run a command, a button press and a message."""


@dataclass
class Bot:
    """One bot process: the adapter running, the service, its storage and virtual time."""

    adapter: DiscordAdapter
    service: GameService
    storage: Storage
    scheduler: VirtualScheduler
    task: asyncio.Task[None]

    async def stop(self) -> None:
        """Stop as ``chgk-bot run`` does on SIGTERM: the adapter stops taking events and
        lets the service finish, then the database is closed."""
        self.task.cancel()
        with suppress(asyncio.CancelledError):
            await self.task
        await self.service.idle()
        await self.service.settle()
        await shutdown(self.storage, self.scheduler)

    async def kill(self) -> None:
        """Stop the way a killed process stops, as far as one process can show it: the
        connection drops at once, whatever is still queued for Discord is lost, no timer
        fires and nothing is settled; only what was stored survives."""
        self.scheduler.callback = None
        await self.adapter.messenger.close()
        self.task.cancel()
        with suppress(asyncio.CancelledError):
            await self.task
        await shutdown(self.storage, self.scheduler)


async def start_bot(settings: Settings, translator: Translator,
                    games: Mapping[str, Format] | None = None) -> Bot:
    """A bot process started as ``chgk-bot run`` starts one (``bot.bootstrap._serve``), on
    virtual time, playing ``games`` (default: the settings' formats)."""
    (adapter,) = messenger_adapters(settings, translator)
    assert isinstance(adapter, DiscordAdapter)
    service, storage, scheduler = await build_service(
        settings, translator, RoutingMessenger({adapter.platform: adapter.messenger}),
        settings.locale, virtual=True, spellings={adapter.platform: adapter.spelling},
        games=games)
    assert isinstance(scheduler, VirtualScheduler)
    return Bot(adapter, service, storage, scheduler, asyncio.create_task(adapter.run(service)))


@dataclass
class Live:
    """A bot connected to the fake Discord, and the fake."""

    fake: FakeDiscord
    server: FakeDiscordServer
    settings: Settings
    translator: Translator
    bot: Bot
    games: Mapping[str, Format] | None = None

    async def restart(self, *, kill: bool = False) -> None:
        """Stop the bot (``kill``: abruptly, ``Bot.kill``) and start a new one over the same
        database, the old virtual time carried over: nothing of the old process is left but
        what it stored."""
        reached = self.bot.scheduler.clock.now()
        await (self.bot.kill() if kill else self.bot.stop())
        self.bot = await start_bot(self.settings, self.translator, self.games)
        self.fake.clock = self.bot.scheduler.clock.now
        await self.server.connected()
        await self.advance((reached - self.bot.scheduler.clock.now()).total_seconds())

    async def settled(self) -> None:
        """Wait until the handlers discord.py started are done and everything queued is
        sent."""
        while pending := [t for t in asyncio.all_tasks()
                          if t.get_name().startswith(_HANDLERS) and not t.done()]:
            await asyncio.wait(pending)
        messenger = self.bot.adapter.messenger
        await messenger.drain()
        await self.bot.service.settle()
        await messenger.drain()

    async def slash(self, person: dict[str, Any], path: str, **options: Any) -> None:
        """``person`` runs ``/path`` with ``options`` in the game channel (``dm=True``: in a
        DM with the bot)."""
        dm = options.pop("dm", False)
        await self.server.dispatch("INTERACTION_CREATE", self.fake.command_event(
            person, path, options, channel_id=None if dm else GAME_CHANNEL_ID))
        await self.settled()

    async def press(self, person: dict[str, Any], posted: Posted, label: str) -> None:
        """``person`` presses the button ``label`` under ``posted``."""
        await self.server.dispatch("INTERACTION_CREATE",
                                   self.fake.press_event(person, posted, label))
        await self.settled()

    async def write(self, person: dict[str, Any], text: str, *, dm: bool = False) -> None:
        """``person`` writes ``text`` in the game channel (``dm``: to the bot)."""
        await self.server.dispatch("MESSAGE_CREATE", self.fake.message_event(
            person, text, channel_id=None if dm else GAME_CHANNEL_ID))
        await self.settled()

    async def advance(self, seconds: float) -> None:
        """Let virtual time pass; timers fire."""
        await self.bot.scheduler.advance(seconds)
        await self.settled()


@asynccontextmanager
async def running(server: FakeDiscordServer, settings: Settings, translator: Translator,
                  games: Mapping[str, Format] | None = None) -> AsyncIterator[Live]:
    """A bot process connected to ``server`` until the block ends (then stopped)."""
    bot = await start_bot(settings, translator, games)
    server.fake.clock = bot.scheduler.clock.now
    live = Live(server.fake, server, settings, translator, bot, games)
    try:
        await server.connected()
        yield live
    finally:
        await live.bot.stop()
