"""An update Telegram delivers twice is handled once (idempotency).

Telegram repeats an update when it believes the bot did not get it: by long polling, an answer
to ``getUpdates`` that went missing hands the same updates out again; by webhook, a request
that got no answer in time is posted again. A repeated Accept press must be neither a second
verdict nor a refusal ("there is no answer to judge") shown to the host (DUEL-3.7).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram.types import Update
from aiohttp import ClientSession

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from tests.adapters.telegram import conftest as handlers_world
from tests.adapters.telegram.conftest import World
from tests.adapters.telegram.fake_telegram import GROUP_ID, group, private
from tests.adapters.telegram.test_e2e import ANNA, BORIS, GAME, HOST, Live, free_port, running

CORRECT = "Ответ засчитан!"
"""How the verdict "correct" starts in Russian, the e2e world's language."""

Send = Callable[[dict[str, Any]], Awaitable[None]]


async def verdicts(live_or_world: Live | World) -> int:
    """How many verdicts the log of the game in the group holds."""
    service = live_or_world.service
    events = await service.storage.events(service.game_in(GAME).info.id)
    return [e.kind for e in events].count("duel.judged")


async def test_the_same_accept_press_fed_twice_is_one_verdict(tg: World):
    host = handlers_world.HOST
    await tg.answering()
    await tg.say(handlers_world.BORIS, "Эйфель", in_private=True)
    press = tg.fake.press(host, tg.fake.sent(host["id"])[-1], "Accept")
    told = len(tg.texts(host["id"]))
    await tg.feed(press)
    await tg.feed(press)
    assert sum(t.startswith("Correct!") for t in tg.texts()) == 1
    assert len(tg.fake.called("answerCallbackQuery")) == 1
    assert tg.texts(host["id"])[told:] == []
    assert await verdicts(tg) == 1


async def to_the_verdict(live: Live, send: Send) -> dict[str, Any]:
    """A game on the sample package in the group, question 2 answered by Boris; returns the
    host's press of "Засчитать" under the suggestion, not yet sent."""
    package = load_package(SAMPLE_PACKAGE).package
    live.service.set_chat_package(GAME, await live.service.storage.save_package(
        package, SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes()))
    fake = live.fake
    for person, text in [(HOST, "/newgame duel"), (ANNA, "/team Знатоки"),
                         (BORIS, "/join Знатоки"), (HOST, "/start"), (ANNA, "/pick 2")]:
        await send(fake.message(group(), person, text, date=int(live.clock.now().timestamp())))
    await live.advance(2)
    await send(fake.message(group(), ANNA, "/answerer Борис",
                            date=int(live.clock.now().timestamp())))
    await send(fake.message(private(BORIS), BORIS, "Ртуть",
                            date=int(live.clock.now().timestamp())))
    return fake.press(HOST, live.last_with_buttons(HOST["id"]), "Засчитать")


def no_refusal_to_the_host(live: Live, told: int) -> None:
    """Nothing more than the first ``told`` messages in the host's private chat, where a
    refused press would be answered."""
    assert live.fake.texts(HOST["id"])[told:] == []


async def test_a_press_polling_hands_out_twice_is_one_verdict(database_url, translator):
    async with running(database_url, translator) as live:
        press = await to_the_verdict(live, live.deliver)
        told = len(live.fake.texts(HOST["id"]))
        await live.deliver(press)
        live.fake.repeat(press)
        # Updates are handled in order: once the next one is done, so is the repeat.
        await live.say(HOST, "/score")
        assert sum(t.startswith(CORRECT) for t in live.fake.texts(GROUP_ID)) == 1
        assert len(live.fake.called("answerCallbackQuery")) == 1
        no_refusal_to_the_host(live, told)
        assert await verdicts(live) == 1


async def test_a_press_posted_twice_to_the_webhook_is_one_verdict(database_url, translator):
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    secret = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
    async with running(database_url, translator, telegram_webhook_url=url,
                       telegram_webhook_secret="s3cret", telegram_webhook_host="127.0.0.1",
                       telegram_webhook_port=port) as live, ClientSession() as http:
        async with asyncio.timeout(10):
            while not live.fake.called("setWebhook"):
                await asyncio.sleep(0.01)

        async def feed(update: dict[str, Any]) -> None:
            # The game is set up through the dispatcher the webhook feeds; only the press
            # goes over HTTP.
            bot = live.adapter.bot
            await live.adapter.dispatcher.feed_update(
                bot, Update.model_validate(update, context={"bot": bot}))
            await live.settled()

        press = await to_the_verdict(live, feed)
        told = len(live.fake.texts(HOST["id"]))
        for _ in range(2):
            reply = await http.post(url, json=press, headers=secret)
            assert reply.status == 200
        # The webhook answers at once and handles updates in the background, in arrival
        # order: once the next update is answered, the two presses are done with.
        score = live.fake.message(group(), HOST, "/score", date=int(live.clock.now().timestamp()))
        assert (await http.post(url, json=score, headers=secret)).status == 200
        async with asyncio.timeout(10):
            while not any(t.startswith("Счёт: ") for t in live.fake.texts(GROUP_ID)):
                await asyncio.sleep(0.01)
        await live.settled()
        assert sum(t.startswith(CORRECT) for t in live.fake.texts(GROUP_ID)) == 1
        assert len(live.fake.called("answerCallbackQuery")) == 1
        no_refusal_to_the_host(live, told)
        assert await verdicts(live) == 1
