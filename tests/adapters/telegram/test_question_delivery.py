"""The question reaches the group first, and its minute starts when Telegram has it
(DUEL-3.4, DESIGN.md Time); the group limit holds across a restart (DESIGN.md, Messengers)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from aiogram.methods import SendMessage
from aiogram.types import Update

from adapters.telegram import Limits
from adapters.telegram.outbox import Job, Outbox, Part
from bot.i18n import Translator
from bot.ports import Outgoing
from tests.adapters.telegram.conftest import (
    ANNA,
    FAST,
    GAME,
    HOST,
    World,
    close,
    make_bot,
    telegram_world,
)
from tests.adapters.telegram.fake_telegram import (
    GROUP_ID,
    Call,
    FakeTelegram,
    Refusal,
    group,
)


def is_question(number: int) -> Callable[[Call], bool]:
    """Whether a call posts question ``number`` into the group."""
    def check(call: Call) -> bool:
        text = call.params.get("text") or call.params.get("caption") or ""
        return call.chat_id == GROUP_ID and text.startswith(f"Question {number}.")

    return check


async def test_duel_3_4_the_minute_starts_when_telegram_has_the_question(tg: World):
    await tg.started()
    question = is_question(2)

    def queued_for_seven_seconds(call: Call) -> Refusal | None:
        if question(call):  # the question waited in the group's queue meanwhile
            tg.clock.set(tg.clock.now() + timedelta(seconds=7))
        return None

    tg.fake.trouble = queued_for_seven_seconds
    picked = tg.clock.now()
    await tg.say(ANNA, "/pick 2")
    arrived = picked + timedelta(seconds=7)
    assert tg.scheduler.pending() == {"1:warning": arrived + timedelta(seconds=50),
                                      "1:end": arrived + timedelta(seconds=60)}
    texts = tg.texts()  # the question, then shown again with its time (an edit)
    assert texts[-2].startswith("Question 2.")
    assert texts[-1].startswith("Question 2.")
    assert "\nThe clock is running: 60 seconds" in texts[-1]


async def test_duel_3_4_a_question_telegram_refuses_starts_no_clock_and_the_host_is_told(
        tg: World):
    await tg.started()
    question = is_question(2)
    tg.fake.trouble = lambda call: Refusal(
        400, "Bad Request: not enough rights to send text messages to the chat") \
        if question(call) else None
    await tg.say(ANNA, "/pick 2")
    assert tg.scheduler.pending() == {}
    assert not any(t.startswith("The clock is running") for t in tg.texts())
    assert tg.texts(HOST["id"])[-1].startswith("Question 2 did not reach the game chat")
    # The host reads it out in the call and starts the clock from the private chat.
    await tg.say(HOST, "/resume", in_private=True)
    assert tg.scheduler.pending()["1:end"] == tg.clock.now() + timedelta(seconds=60)


async def test_a_restart_sends_a_question_still_waiting_and_starts_its_clock(tg: World):
    await tg.started()
    question = is_question(2)
    tg.fake.trouble = lambda call: Refusal(500, "Internal Server Error") \
        if question(call) else None
    await tg.say(ANNA, "/pick 2")
    assert tg.scheduler.pending() == {}
    # Telegram is well again, and the bot restarts with the game still waiting.
    tg.fake.trouble = lambda _call: None
    await tg.restart()
    assert tg.texts()[-2].startswith("Question 2.")
    assert tg.texts()[-1].startswith("Question 2.")
    assert "\nThe clock is running: 60 seconds" in tg.texts()[-1]
    assert tg.scheduler.pending()["1:end"] == tg.clock.now() + timedelta(seconds=60)


@pytest.mark.parametrize("pick,first", [
    ("2", ["Question 2."]),
    # What is said just before the question goes with it: the blitz's announcement.
    ("6", ["Question 6 is a blitz", "Question 6."]),
])
async def test_under_the_group_limit_the_question_goes_before_queued_chatter(
        database_url, translator: Translator, pick: str, first: list[str]):
    db = database_url
    # The game is set up, then the bot restarts with a group window of 4 messages in 30 s,
    # two of them kept for questions and signals.
    setup = await telegram_world(db, translator, FAST)
    await setup.started()
    await close(setup)
    slow = Limits(group=(4, 30.0), private=(100, 1.0), overall=(100, 1.0), signal_reserve=2)
    tg = await telegram_world(db, translator, slow)
    try:
        await tg.service.recover()
        for n in (1, 2, 3, 4):
            await tg.adapter.messenger.send(Outgoing(GAME, f"chatter {n}"))
        await tg.adapter.dispatcher.feed_update(tg.bot, update(tg, ANNA, f"/pick {pick}"))
        await tg.service.settle()  # the question is delivered and its clock runs
        texts = tg.texts()
        assert texts[:2] == ["chatter 1", "chatter 2"]
        assert len(texts) == 2 + len(first)
        assert all(text.startswith(start) for text, start in zip(texts[2:], first, strict=True))
        assert "1:end" in tg.scheduler.pending()
    finally:
        await close(tg)


async def test_after_a_restart_a_group_gets_its_message_at_once_and_a_429_is_waited_out():
    fake = FakeTelegram()
    # The process before the restart had filled the group's budget: Telegram refuses the
    # first send once, saying how long to wait.
    refused: list[int] = []

    def trouble(call: Call) -> Refusal | None:
        if call.method == "sendMessage" and call.chat_id == GROUP_ID and not refused:
            refused.append(call.chat_id)
            return Refusal.flood(1)
        return None

    fake.trouble = trouble
    bot = make_bot(fake)
    now = [1000.0]
    outbox = Outbox(bot, Limits(), undeliverable, clock=lambda: now[0])
    try:
        # Right after the start the group's message is sent at once, with no clock moved
        outbox.put(job(GROUP_ID, "to the group"))
        outbox.put(job(GROUP_ID, "and more"))
        await outbox.drain()
        # Then the refusal was waited out and the same message sent again, in order
        assert fake.texts(GROUP_ID) == ["to the group", "and more"]
        assert len([c for c in fake.called("sendMessage") if not c.ok]) == 1
    finally:
        await outbox.close()
        await bot.session.close()


# --- helpers ---------------------------------------------------------------------------------


def job(chat_id: int, text: str) -> Job:
    """One plain message for ``chat_id``."""
    return Job(chat_id, [Part(SendMessage(chat_id=chat_id, text=text))])


async def undeliverable(_job: Job, _error: Exception) -> None:
    raise AssertionError("every chat here is reachable")


def update(tg: World, person: dict[str, Any], text: str) -> Update:
    """``person``'s message ``text`` in the group, as an update for the dispatcher."""
    raw = tg.fake.message(group(), person, text, date=tg.now())
    return Update.model_validate(raw, context={"bot": tg.bot})
