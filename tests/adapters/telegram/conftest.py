"""A Telegram world for the handler tests: the real adapter and GameService over a
``RecordingSession``, SQLite storage and virtual time; updates go in through
``Dispatcher.feed_update``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.enums import ParseMode
from aiogram.types import Update

from adapters.telegram import Limits, TelegramAdapter
from bot.bootstrap import SAMPLE_PACKAGE
from bot.formats import Format
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef
from bot.service import GameService, game_service
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.adapters.telegram.fake_telegram import (
    GROUP_ID,
    TOKEN,
    FakeTelegram,
    RecordingSession,
    group,
    private,
    user,
)
from tests.formats import chat_commands, formats

FAST = Limits(group=(10_000, 1.0), private=(10_000, 1.0), overall=(10_000, 1.0),
              signal_reserve=0, network_retries=1)
"""No pacing: the tests of pacing set their own limits."""

HOST = user(1, "Ksenia", last_name="Hostova", username="host_k", language="en")
ANNA = user(2, "Anna", username="anna_cap", language="en")
BORIS = user(3, "Boris", username="boris_b", language="en")
GLEB = user(4, "Gleb", language="en")
GAME = ChatRef("telegram", str(GROUP_ID))
OPTIONS = {"min_players": 2}
"""DUEL's options: teams of two may start, so that a test needs few people."""


def duel_of_two() -> dict[str, Format]:
    """The bot's formats, DUEL with ``OPTIONS``."""
    return formats(**OPTIONS)


def make_bot(fake: FakeTelegram) -> Bot:
    """A Bot like the adapter's, talking to ``fake`` through a RecordingSession."""
    return Bot(TOKEN, session=RecordingSession(fake),
               default=DefaultBotProperties(parse_mode=ParseMode.HTML,
                                            link_preview_is_disabled=True))


@dataclass
class World:
    """The adapter and the service around one fake Telegram."""

    fake: FakeTelegram
    bot: Bot
    adapter: TelegramAdapter
    service: GameService
    scheduler: VirtualScheduler
    clock: VirtualClock
    storage: Storage
    translator: Translator
    make_formats: Callable[[], dict[str, Format]] = field(default=duel_of_two)
    locale: str = "en"

    async def restart(self, downtime: float = 0.0) -> None:
        """The bot process starts again over the same database and the same Telegram: a new
        Bot, adapter and service with nothing in memory, every live game recovered,
        ``downtime`` seconds after the time the old process had reached."""
        await self.adapter.messenger.close()
        await self.bot.session.close()
        self.bot = make_bot(self.fake)
        self.adapter = TelegramAdapter(self.bot, self.translator, locale=self.locale,
                                       limits=FAST)
        self.clock = VirtualClock(self.clock.now() + timedelta(seconds=downtime))
        self.scheduler = VirtualScheduler(self.clock)
        self.service = game_service(self.storage, self.adapter.messenger, self.scheduler,
                                    self.clock, self.translator, default_locale=self.locale,
                                    formats=self.make_formats(),
                                    chat_commands=chat_commands(self.storage))
        self.scheduler.callback = self.service.on_timer
        self.adapter.bind(self.service)
        await self.service.recover()
        await self.settled()

    def now(self) -> int:
        return int(self.clock.now().timestamp())

    async def feed(self, update: dict[str, Any] | None) -> None:
        """Hand ``update`` to the dispatcher and wait for what it sends (None: Telegram
        handed the bot nothing)."""
        if update is None:
            return
        await self.adapter.dispatcher.feed_update(
            self.bot, Update.model_validate(update, context={"bot": self.bot}))
        await self.settled()

    async def settled(self) -> None:
        """Wait until everything queued is sent and the clocks of delivered questions run."""
        await self.adapter.messenger.drain()
        await self.service.settle()
        await self.adapter.messenger.drain()

    async def say(self, person: dict[str, Any], text: str, *, in_private: bool = False,
                  **extra: Any) -> dict[str, Any] | None:
        """``person`` writes ``text`` in the group (or to the bot privately); returns the
        update, None when Telegram kept it from the bot (privacy mode)."""
        chat = private(person) if in_private else group()
        update = self.fake.message(chat, person, text, date=self.now(), **extra)
        await self.feed(update)
        return update

    async def advance(self, seconds: float) -> None:
        """Let virtual time pass (timers fire) and wait for what they send."""
        await self.scheduler.advance(seconds)
        await self.settled()

    def texts(self, chat: int = GROUP_ID) -> list[str]:
        return self.fake.texts(chat)

    def answer(self, number: int) -> str:
        """The author's answer to question ``number`` of the running game's set."""
        game = self.service.game_in(GAME)
        return game.package.questions[game.state.questions[number - 1]].answer

    async def started(self) -> None:
        """A DUEL game on the sample package: Ksenia hosts, Anna captains "Owls", Boris
        plays, the game is on."""
        for person, text in [(HOST, "/newgame duel"), (ANNA, "/team Owls"),
                             (BORIS, "/join Owls"), (HOST, "/start anyway")]:
            await self.say(person, text)

    async def answering(self) -> None:
        """Started, question 2 (a plain one) played out, Boris named to answer."""
        await self.started()
        await self.say(ANNA, "/pick 2")
        await self.advance(60)
        await self.say(ANNA, "/answerer Boris")


async def telegram_world(url: str, translator: Translator, limits: Limits = FAST, *,
                         make_formats: Callable[[], dict[str, Format]] = duel_of_two,
                         locale: str = "en", fake: FakeTelegram | None = None,
                         clock: VirtualClock | None = None, package: Path = SAMPLE_PACKAGE
                         ) -> World:
    """The adapter with ``limits`` and the service over the database at ``url``, playing the
    formats ``make_formats`` builds (again at each restart) with ``locale`` as the bot's
    language, against ``fake`` (a new FakeTelegram by default) from ``clock``'s time; the
    ``package`` (the bundled DUEL sample by default) is the game chat's unless a live game
    is stored (a restart: the game has its own). Close it with ``close``."""
    fake = fake or FakeTelegram()
    bot = make_bot(fake)
    adapter = TelegramAdapter(bot, translator, locale=locale, limits=limits)
    storage = await Storage.open(url)
    clock = clock or VirtualClock()
    scheduler = VirtualScheduler(clock)
    service = game_service(storage, adapter.messenger, scheduler, clock, translator,
                           default_locale=locale, formats=make_formats(),
                           chat_commands=chat_commands(storage))
    scheduler.callback = service.on_timer
    adapter.bind(service)
    if not await storage.games(status="live"):
        package_id = await storage.save_package(load_package(package).package,
                                                package.name, package.read_bytes())
        service.set_chat_package(GAME, package_id)
    return World(fake, bot, adapter, service, scheduler, clock, storage, translator,
                 make_formats, locale)


async def close(tg: World) -> None:
    """Stop ``tg``'s messenger (what is still queued is dropped) and close what it opened."""
    await tg.adapter.messenger.close()
    await tg.storage.close()
    await tg.bot.session.close()


@pytest.fixture
async def tg(database_url, translator: Translator):
    world = await telegram_world(database_url, translator)
    yield world
    await close(world)
