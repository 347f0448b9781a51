"""End to end over real HTTP: the real aiogram Bot, polling (or serving a webhook), against a
fake Bot API server on 127.0.0.1, with the real GameService and storage in virtual time."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp import ClientSession

from adapters.telegram import Limits, TelegramAdapter, create_adapter
from bot.i18n import Translator
from bot.ports import ChatRef, Outgoing
from bot.service import GameService, game_service
from bot.settings import Settings
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from storage.sends import RecentSends
from tests.adapters.telegram.conftest import FAST
from tests.adapters.telegram.fake_telegram import (
    BOT_USERNAME,
    GROUP_ID,
    TOKEN,
    Call,
    FakeBotAPIServer,
    FakeTelegram,
    Refusal,
    group,
    private,
    user,
)
from tests.conftest import shared_package
from tests.formats import chat_commands, formats

GAME = ChatRef("telegram", str(GROUP_ID))
HOST = user(10, "Ксения", last_name="Ведущая")
ANNA = user(11, "Анна")
BORIS = user(12, "Борис")
VERA = user(13, "Вера")


@dataclass
class Live:
    """A running adapter and what it talks to."""

    fake: FakeTelegram
    server: FakeBotAPIServer
    adapter: TelegramAdapter
    service: GameService
    scheduler: VirtualScheduler
    clock: VirtualClock

    async def deliver(self, update: dict[str, Any]) -> None:
        """Wait until the bot has polled ``update`` and sent what it causes."""
        await self.server.processed(update)
        await self.settled()

    async def settled(self) -> None:
        """Wait until everything queued is sent and the clocks of delivered questions run."""
        await self.adapter.messenger.drain()
        await self.service.settle()
        await self.adapter.messenger.drain()

    async def say(self, person: dict[str, Any], text: str | None, *, in_private: bool = False,
                  **extra: Any) -> None:
        chat = private(person) if in_private else group()
        await self.deliver(self.fake.message(chat, person, text,
                                             date=int(self.clock.now().timestamp()), **extra))

    async def advance(self, seconds: float) -> None:
        await self.scheduler.advance(seconds)
        await self.settled()

    def answer(self, number: int) -> str:
        game = self.service.game_in(GAME)
        return game.package.questions[game.state.questions[number - 1]].answer

    def last_with_buttons(self, chat: int) -> Call:
        return next(c for c in reversed(self.fake.sent(chat)) if c.buttons)


@asynccontextmanager
async def running(database_url: str, translator: Translator, *, limits: Limits = FAST,
                  trouble: Callable[[Call], Refusal | None] | None = None,
                  remember_sends: bool = False, **telegram: Any) -> AsyncIterator[Live]:
    """The adapter running against a fake Bot API server (answering with ``trouble`` when
    given), keeping its recent send times in the database with ``remember_sends`` (as
    ``chgk-bot run`` does); ``telegram`` sets more ``telegram_*`` settings (webhook mode)."""
    fake = FakeTelegram()
    if trouble is not None:
        fake.trouble = trouble
    async with FakeBotAPIServer(fake) as server:
        settings = Settings(_env_file=None, telegram_token=TOKEN,
                            telegram_api_server=server.base_url, locale="ru",
                            **{"telegram_webhook_url": None, **telegram})
        adapter = create_adapter(settings, translator, limits=limits, polling_timeout=1)
        storage = await Storage.open(database_url)
        clock = VirtualClock()
        scheduler = VirtualScheduler(clock)
        service = game_service(storage, adapter.messenger, scheduler, clock, translator,
                               default_locale="ru",
                               formats=formats(discussion=1.0, warning_at=0.5, min_players=2),
                               chat_commands=chat_commands(storage))
        scheduler.callback = service.on_timer
        if remember_sends:
            adapter.remember_sends(RecentSends(storage.engine))
        task = asyncio.create_task(adapter.run(service))
        try:
            yield Live(fake, server, adapter, service, scheduler, clock)
        finally:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
            await storage.close()


async def test_a_duel_game_to_the_end_over_http(database_url, translator):
    path = shared_package("01_")
    async with running(database_url, translator) as live:
        fake = live.fake
        await live.say(HOST, "/newgame duel")
        fake.upload("pkg01", path.read_bytes())
        await live.say(HOST, None, document={"file_id": "pkg01", "file_unique_id": "u01",
                                             "file_name": path.name})
        await live.say(ANNA, "/team Знатоки")
        await live.say(BORIS, "/join Знатоки")
        await live.say(VERA, f"/join@{BOT_USERNAME} Знатоки")
        await live.say(HOST, "/start anyway")

        given: list[tuple[str, int, int]] = []  # (text, answerer, calls before the verdict)
        for number in range(1, 8):
            await live.say(ANNA, f"/pick {number}")
            await live.advance(2)
            answerer = (BORIS, VERA)[number % 2]
            await live.say(ANNA, f"/answerer {answerer['first_name']}")
            text = live.answer(number) if number != 6 else "не знаем"
            await live.say(answerer, text, in_private=True)
            given.append((text, answerer["id"], len(fake.calls)))
            suggestion = live.last_with_buttons(HOST["id"])
            await live.deliver(fake.press(HOST, suggestion, "Засчитать" if number != 6
                                          else "Не засчитывать"))
        await live.say(ANNA, "/best question 6")
        await live.say(ANNA, "/best player Борис")

        group_calls = [c for c in fake.sent(GROUP_ID)]
        texts = [c.text or "" for c in group_calls]  # a photo without a caption has none
        assert texts[0].startswith("Игра «Дуэль» открыта")
        assert any(t.startswith("Пакет «") for t in texts)
        assert any("\nПобеда знатоков! Команда «Знатоки» выиграла со счётом 6:1." in t
                   for t in texts)
        assert texts[-1].startswith("Голосование окончено. Победили знатоки, 6:1.")
        # The game's table at the win is an uploaded PNG (sendPhoto).
        [table] = [c for c in group_calls if c.method == "sendPhoto" and c.uploads]
        assert table.text.startswith("Счёт: команда «Знатоки» 6 — ведущий 1.")
        assert [name for name, _ in table.uploads.values()] == ["table.png"]
        # Question 1 has a picture: it went as a photo, then its text with the time left
        # (a caption cannot count down) and the private-chat link under it.
        at = next(i for i, c in enumerate(group_calls) if c.method == "sendPhoto")
        photo, text = group_calls[at], group_calls[at + 1]
        assert photo.params["photo"] == "https://db.chgk.info/images/db/20080328.jpg"
        assert text.text.startswith("Вопрос 1.")
        assert text.buttons[-1]["url"] == f"https://t.me/{BOT_USERNAME}?start=g{GROUP_ID}"
        # Privacy (DUEL-3.5): until the verdict an answer reaches the host and, as a receipt,
        # the answerer, privately; the group sees it with the verdict. What the host alone
        # may see (the author's answer beside the team's) never reaches the group.
        for text, answerer, before in given:
            early = [c.text for c in fake.calls[:before]
                     if c.ok and c.chat_id == GROUP_ID and c.text]
            assert not any(f"«{text}»" in t for t in early), text
            assert f"Ответ принят: «{text}»." in fake.texts(answerer)
            assert any(f"Ответ команды: «{text}»" in t for t in texts), text
        assert not any("Авторский ответ" in t for t in texts)
        assert sum("Авторский ответ" in t for t in fake.texts(HOST["id"])) == 7
        # The game talked to Telegram the way Telegram expects.
        assert {c.params["language_code"] for c in fake.called("setMyCommands")
                if "language_code" in c.params} == {"ru", "en"}
        assert fake.called("deleteWebhook")
        assert all(c.ok for c in fake.calls if c.method != "editMessageReplyMarkup")
        assert len(fake.called("answerCallbackQuery")) == 7


async def test_flood_limits_are_waited_out_without_loss_or_reordering(database_url, translator):
    calls = {"getMe": 0, "sendMessage": 0}

    def trouble(call: Call) -> Refusal | None:
        if call.method not in calls:
            return None
        calls[call.method] += 1
        if call.method == "getMe":  # Telegram is down as the bot starts: it waits
            return Refusal(502, "Bad Gateway") if calls["getMe"] == 1 else None
        return Refusal.flood(1) if calls["sendMessage"] in (2, 5) else None

    async with running(database_url, translator, trouble=trouble) as live:
        async with asyncio.timeout(5):
            while not live.fake.called("setMyCommands"):
                await asyncio.sleep(0.01)
        expected = [f"Сообщение {n}" for n in range(1, 8)]
        for text in expected:
            await live.adapter.messenger.send(Outgoing(GAME, text))
        await live.adapter.messenger.drain()
        assert live.fake.texts(GROUP_ID) == expected
        assert [c.ok for c in live.fake.called("sendMessage")].count(False) == 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_webhook_mode_checks_the_secret_token(database_url, translator):
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    async with running(database_url, translator, telegram_webhook_url=url,
                       telegram_webhook_secret="s3cret", telegram_webhook_host="127.0.0.1",
                       telegram_webhook_port=port) as live:
        async with asyncio.timeout(5):
            while not live.fake.called("setWebhook"):
                await asyncio.sleep(0.01)
        (hook,) = live.fake.called("setWebhook")
        assert hook.params["url"] == url and hook.params["secret_token"] == "s3cret"
        update = live.fake.message(group(), HOST, "/newgame duel")
        async with ClientSession() as http:
            wrong = await http.post(url, json=update,
                                    headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
            assert wrong.status == 401
            right = await http.post(url, json=update,
                                    headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"})
            assert right.status == 200
        async with asyncio.timeout(5):
            while not live.fake.texts(GROUP_ID):
                await asyncio.sleep(0.01)
        assert live.fake.texts(GROUP_ID)[0].startswith("Игра «Дуэль» открыта")
        assert live.fake.called("getUpdates") == []


async def test_settings_choose_the_api_server_and_need_a_token(translator):
    with pytest.raises(ValueError, match="CHGK_TELEGRAM_TOKEN"):
        create_adapter(Settings(_env_file=None, telegram_token=None), translator)
    adapter = create_adapter(Settings(_env_file=None, telegram_token=TOKEN,
                                      telegram_api_server=None, telegram_webhook_url=None),
                             translator)
    try:
        assert adapter.bot.session.api.base == "https://api.telegram.org/bot{token}/{method}"
        assert adapter.webhook is None and adapter.platform == "telegram"
    finally:
        await adapter.bot.session.close()
