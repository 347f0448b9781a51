"""The minute starts when the question has reached the chat (DUEL-3.4, DESIGN.md Time).

The GameService with real storage and virtual time over a messenger whose deliveries the test
confirms or fails by hand: a question may wait in a platform's queue for seconds (Telegram's
group limit), or never arrive (the bot was removed from the group).
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.ports import ChatRef, DeliveryFailed, MessageKind, Outgoing, Receipt
from bot.service import Incoming, game_service
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.formats import chat_commands, formats
from tests.integration.world import TRANSLATOR

GROUP = ChatRef("test", "group")
PLAIN, BLITZ, SECTOR13 = 4, 6, 12
"""Set numbers in the sample package: a plain question, the blitz, sector 13."""


class HeldDelivery:
    """A Messenger that delivers everything at once except questions: their receipts wait
    until the test confirms (``deliver``) or fails (``fail``) them."""

    def __init__(self) -> None:
        self.sent: list[Outgoing] = []
        self.held: list[Receipt] = []

    async def send(self, message: Outgoing) -> Receipt | None:
        self.sent.append(message)
        if message.kind is not MessageKind.QUESTION:
            return None
        receipt: Receipt = asyncio.get_running_loop().create_future()
        self.held.append(receipt)
        return receipt

    def deliver(self) -> None:
        for receipt in self.held:
            receipt.set_result(None)
        self.held.clear()

    def fail(self) -> None:
        for receipt in self.held:
            receipt.set_exception(DeliveryFailed("Forbidden: bot was kicked from the group"))
        self.held.clear()

    def posted(self, chat_id: str = "group") -> list[str]:
        return [m.key for m in self.sent if m.chat.chat_id == chat_id]


class World:
    def __init__(self, storage: Storage, messenger: HeldDelivery) -> None:
        self.storage = storage
        self.messenger = messenger
        self.clock = VirtualClock()
        self.scheduler = VirtualScheduler(self.clock)
        self.service = game_service(storage, messenger, self.scheduler, self.clock, TRANSLATOR,
                                    formats=formats(min_players=2),
                                    chat_commands=chat_commands(storage), default_locale="en")
        self.scheduler.callback = self.service.on_timer

    async def say(self, who: str, text: str, private: bool = False) -> None:
        chat = ChatRef("test", who, private=True) if private else GROUP
        await self.service.handle(Incoming(chat, who, who, text, sender_locale="en"))

    async def started(self) -> None:
        for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"),
                          ("boris", "/join owls"), ("host", "/start")]:
            await self.say(who, text)

    def timers(self) -> dict[str, datetime]:
        return self.scheduler.pending()

    async def kinds(self) -> list[str]:
        return [e.kind for e in await self.storage.events(1)]


@pytest.fixture
async def world(database_url):
    storage = await Storage.open(database_url)
    package_id = await storage.save_package(load_package(SAMPLE_PACKAGE).package,
                                            SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes())
    world = World(storage, HeldDelivery())
    world.service.set_chat_package(GROUP, package_id)
    yield world
    await storage.close()


async def test_duel_3_4_a_slow_delivery_starts_the_minute_at_its_confirmation(world):
    await world.started()
    await world.say("anna", str(PLAIN))
    assert world.messenger.posted()[-1] == "duel-question"
    # The question waits in the chat's queue: no clock yet, and the game still answers.
    assert world.timers() == {}
    await world.say("anna", "/early")
    assert world.messenger.posted()[-1] == "duel-early-not-here"
    await world.scheduler.advance(7)
    confirmed = world.clock.now()
    world.messenger.deliver()
    await world.service.settle()
    assert world.messenger.posted()[-1] == "duel-discussion"
    # DUEL-3.4, 3.4.2: the warning 50 s and the end 60 s after the question arrived.
    assert world.timers() == {"1:warning": confirmed + timedelta(seconds=50),
                              "1:end": confirmed + timedelta(seconds=60)}
    await world.scheduler.advance(49)
    assert "signal-warning" not in world.messenger.posted()
    await world.scheduler.advance(1)
    assert world.messenger.posted()[-1] == "signal-warning"


async def test_duel_3_4_a_failed_delivery_starts_no_clock_and_tells_the_host(world):
    await world.started()
    await world.say("anna", str(PLAIN))
    world.messenger.fail()
    await world.service.settle()
    assert world.timers() == {}
    told = world.messenger.sent[-1]
    assert told.chat == ChatRef("test", "host", private=True)
    assert told.text.startswith(f"Question {PLAIN} did not reach the game chat")
    assert [b.command for b in told.buttons] == ["resume"]
    assert "duel.question_undelivered" in await world.kinds()
    # The host starts the clock once the team has the question.
    await world.scheduler.advance(30)
    await world.say("host", "/resume")
    started = world.clock.now()
    assert world.timers() == {"1:warning": started + timedelta(seconds=50),
                              "1:end": started + timedelta(seconds=60)}


async def test_duel_3_4_the_host_may_start_the_clock_before_the_confirmation(world):
    await world.started()
    await world.say("anna", str(PLAIN))
    await world.say("host", "/resume")
    started = world.clock.now()
    await world.scheduler.advance(5)
    world.messenger.deliver()  # late: the clock already runs and keeps its deadline
    await world.service.settle()
    assert world.timers()["1:end"] == started + timedelta(seconds=60)
    assert (await world.kinds()).count("duel.discussion_started") == 1


async def test_duel_4_2c_each_blitz_mini_question_starts_its_20_seconds_on_delivery(world):
    await world.started()
    await world.say("anna", str(BLITZ))
    assert world.timers() == {}
    world.messenger.deliver()
    await world.service.settle()
    assert world.timers()["1:end"] == world.clock.now() + timedelta(seconds=20)
    await world.scheduler.advance(20)
    await world.say("anna", "/answerer boris")
    await world.say("boris", "anything", private=True)
    await world.say("host", "/reject")
    # The second mini-question is sent; its 20 s wait for it to arrive.
    assert world.messenger.posted()[-1] == "duel-part" and world.timers() == {}
    await world.scheduler.advance(3)
    world.messenger.deliver()
    await world.service.settle()
    assert world.timers()["1:end"] == world.clock.now() + timedelta(seconds=20)


async def test_duel_4_2b_sector13_is_timed_from_the_delivery_after_the_choice(world):
    await world.started()
    await world.say("anna", str(SECTOR13))
    assert "duel-question" not in world.messenger.posted()  # read after the choice
    await world.say("anna", "/sector 1 boris")
    assert world.messenger.posted()[-1] == "duel-question" and world.timers() == {}
    await world.scheduler.advance(4)
    world.messenger.deliver()
    await world.service.settle()
    assert world.timers()["1:end"] == world.clock.now() + timedelta(seconds=60)


async def test_a_game_stopped_before_the_confirmation_sends_the_question_again(world):
    await world.started()
    await world.say("anna", str(PLAIN))
    first = [m.text for m in world.messenger.sent if m.kind is MessageKind.QUESTION]
    # The bot stops while the question waits; nothing says whether it arrived.
    again = World(world.storage, HeldDelivery())
    again.clock.set(world.clock.now() + timedelta(seconds=20))
    await again.service.recover()
    resent = [m.text for m in again.messenger.sent if m.kind is MessageKind.QUESTION]
    assert resent == first
    assert again.timers() == {}
    await again.scheduler.advance(2)
    again.messenger.deliver()
    await again.service.settle()
    assert again.timers()["1:end"] == again.clock.now() + timedelta(seconds=60)


async def test_a_recovered_game_whose_question_cannot_be_sent_waits_for_the_host(world):
    await world.started()
    await world.say("anna", str(PLAIN))
    again = World(world.storage, HeldDelivery())
    await again.service.recover()
    again.messenger.fail()
    await again.service.settle()
    assert again.timers() == {}
    assert again.messenger.posted("host")[-1] == "duel-question-undelivered"
    await again.say("host", "/resume")
    assert again.timers()["1:end"] == again.clock.now() + timedelta(seconds=60)
