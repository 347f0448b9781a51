"""End to end over a real connection: the adapter as ``chgk-bot run`` builds it (bootstrap's
``messenger_adapters`` and ``build_service``, SQLite in ``tmp_path``, virtual time) with the
real discord.py client logged in to a Discord stand-in on 127.0.0.1 (``fake_discord``): its
REST API and its gateway websocket."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from adapters.discord import DiscordAdapter
from bot.bootstrap import build_service, messenger_adapters, shutdown
from bot.i18n import Translator
from bot.ports import ChatRef, RoutingMessenger
from bot.service import GameService
from bot.settings import Settings
from bot.timers import VirtualScheduler
from storage.db import Storage
from tests.adapters.discord.fake_discord import (
    GAME_CHANNEL_ID,
    GUILD_ID,
    TOKEN,
    FakeDiscord,
    FakeDiscordServer,
    Posted,
    user,
)
from tests.conftest import shared_package

HOST = user(901, "ksenia", global_name="Ксения")
ANNA = user(902, "anna", global_name="Анна")
BORIS = user(903, "boris", global_name="Борис")
VERA = user(904, "vera", global_name="Вера")
PLAYERS = [user(910 + n, name.lower(), global_name=name)
           for n, name in enumerate(("Глеб", "Дарья", "Егор"))]
"""The rest of the team: DUEL plays with at least six (DUEL-2)."""
BORIS_NAMESAKE = user(905, "boris_k", global_name="Борис")
"""Another member called Борис: a member option names exactly the one picked."""

GAME = ChatRef("discord", str(GAME_CHANNEL_ID))
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


async def start_bot(settings: Settings, translator: Translator) -> Bot:
    """A bot process started as ``chgk-bot run`` starts one (``bot.bootstrap._serve``)."""
    (adapter,) = messenger_adapters(settings, translator)
    assert isinstance(adapter, DiscordAdapter)
    service, storage, scheduler = await build_service(
        settings, translator, RoutingMessenger({adapter.platform: adapter.messenger}),
        settings.locale, virtual=True, spellings={adapter.platform: adapter.spelling})
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

    async def restart(self) -> None:
        """Stop the bot and start a new one over the same database (the old virtual time
        carried over): nothing of the old process is left but what it stored."""
        reached = self.bot.scheduler.clock.now()
        await self.bot.stop()
        self.bot = await start_bot(self.settings, self.translator)
        self.fake.clock = self.bot.scheduler.clock.now
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
        attachment = options.pop("attachment", None)
        await self.server.dispatch("INTERACTION_CREATE", self.fake.command_event(
            person, path, options, channel_id=None if dm else GAME_CHANNEL_ID,
            attachment=attachment))
        await self.settled()

    async def press(self, person: dict[str, Any], posted: Posted, label: str) -> None:
        await self.server.dispatch("INTERACTION_CREATE",
                                   self.fake.press_event(person, posted, label))
        await self.settled()

    async def write(self, person: dict[str, Any], text: str, *, dm: bool = False) -> None:
        await self.server.dispatch("MESSAGE_CREATE", self.fake.message_event(
            person, text, channel_id=None if dm else GAME_CHANNEL_ID))
        await self.settled()

    async def advance(self, seconds: float) -> None:
        await self.bot.scheduler.advance(seconds)
        await self.settled()

    def answer(self, number: int) -> str:
        """The author's answer to question ``number`` of the game in the channel."""
        game = self.bot.service.game_in(GAME)
        return game.package.questions[game.state.questions[number - 1]].answer


@pytest.fixture
async def live(database_url, translator, monkeypatch) -> AsyncIterator[Live]:
    """A bot connected to a fake Discord server with HOST, ANNA, BORIS, VERA, the
    PLAYERS and BORIS_NAMESAKE in it."""
    fake = FakeDiscord()
    for person in (HOST, ANNA, BORIS, VERA, *PLAYERS, BORIS_NAMESAKE):
        fake.add_member(person)
    async with FakeDiscordServer(fake) as server:
        # The adapter sets Route.BASE from its api_url; put it back after the test.
        monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            discord.gateway.yarl.URL(server.gateway_url))
        settings = Settings(_env_file=None, discord_token=TOKEN, telegram_token=None,
                            discord_api_url=server.api_url, discord_guild_id=GUILD_ID,
                            database_url=database_url, locale="ru",
                            discussion_seconds=1.0, warning_seconds=0.5)
        bot = await start_bot(settings, translator)
        fake.clock = bot.scheduler.clock.now
        live = Live(fake, server, settings, translator, bot)
        async with _up(live):
            yield live


@asynccontextmanager
async def _up(live: Live) -> AsyncIterator[None]:
    try:
        await live.server.connected()
        yield
    finally:
        await live.bot.stop()


async def test_a_duel_game_to_the_end_over_the_gateway_with_a_restart(live):
    fake, path = live.fake, shared_package("01_")
    await live.slash(HOST, "chgk new", format="duel")
    await live.slash(HOST, "chgk package", attachment=(path.name, path.read_bytes()))
    await live.slash(ANNA, "chgk team", team="Знатоки")
    await live.slash(BORIS, "chgk join", team="Знатоки")
    for player in (VERA, *PLAYERS):
        await live.slash(player, "chgk join", team="Знатоки")
    await live.slash(HOST, "duel host start", anyway=True)  # no sector 13, blitz, superblitz

    given: list[tuple[str, dict[str, Any], int]] = []  # (text, answerer, posts before verdict)
    for number in range(1, 8):
        if number == 2:
            await live.write(ANNA, "2")  # a captain's bare number in the channel picks
        else:
            await live.slash(ANNA, "duel captain pick", number=number)
        await live.advance(2)
        answerer = (BORIS, VERA)[number % 2]
        await live.slash(ANNA, "duel captain answerer", player=answerer)
        text = live.answer(number) if number != 6 else "не знаем"
        if number == 5:
            await live.slash(answerer, "chgk answer", text=text)
        else:
            await live.write(answerer, text, dm=True)
        given.append((text, answerer, len(fake.posted)))
        suggestion = next(p for p in reversed(fake.dm(HOST)) if p.buttons)
        if number == 3:
            # Discord asks the client to reconnect; the press meanwhile comes on RESUME.
            await live.server.reconnect()
        if number == 4:
            # The bot is stopped with the host's verdict pending and started again: the new
            # process takes the press of the button the old one posted.
            await live.restart()
        await live.press(HOST, suggestion, "Засчитать" if number != 6 else "Не засчитывать")
    await live.slash(ANNA, "duel captain best", question=6)
    await live.slash(ANNA, "duel captain best", player=BORIS)

    texts = fake.texts()
    assert texts[0].startswith("Игра «Дуэль» открыта")
    assert "Пакет для игры выбран: 36 вопросов." in texts
    assert any(t.startswith("Пакет «") for t in fake.ephemeral(HOST))  # the check, to the host
    assert any("\nПобеда знатоков! Команда «Знатоки» выиграла со счётом 6:1." in t
               for t in texts)
    assert texts[-1].startswith("Голосование окончено. Победили знатоки, 6:1.")
    # Privacy (DUEL-3.5): until the verdict an answer reaches the host and, as a receipt,
    # the answerer, privately; the channel sees it with the verdict. What the host alone
    # may see (the author's answer beside the team's) never reaches the channel.
    for text, answerer, before in given:
        early = [p.text for p in fake.posted[:before]
                 if p.channel_id == GAME_CHANNEL_ID and not p.ephemeral]
        assert not any(f"«{text}»" in t for t in early), text
        receipts = [p.text for p in fake.dm(answerer)] + fake.ephemeral(answerer)
        assert f"Ответ принят: «{text}»." in receipts
        assert any(f"Ответ команды: «{text}»" in t for t in texts), text
    assert not any("Авторский ответ" in t for t in texts)
    assert sum("Авторский ответ" in p.text for p in fake.dm(HOST)) == 7
    # The member picked was named by id: the namesake of Boris heard nothing.
    assert fake.dm(BORIS_NAMESAKE) == [] and fake.ephemeral(BORIS_NAMESAKE) == []
    # Two processes logged in and synced the commands to the server, one connection
    # resumed; every interaction was acknowledged once and in time; no unknown route.
    assert len(fake.identifies) == 2 and len(fake.resumes) == 1
    synced = fake.synced[GUILD_ID]
    assert {c["name"] for c in synced} == {"chgk", "duel"}
    assert all(c["name_localizations"].keys() >= {"ru", "en-US"} for c in synced)
    assert all(len(i.callbacks) == 1 for i in fake.interactions.values())
    assert [r for r in fake.requests if not r.ok] == []
