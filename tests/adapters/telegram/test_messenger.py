"""The messenger and its outbox: photos, splitting, signals first, retries, countdowns."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace

import pytest
from aiogram.methods import SendMessage

from adapters.telegram import Limits
from adapters.telegram.messenger import TelegramMessenger
from adapters.telegram.outbox import Job, Outbox, Part, Window
from bot.i18n import Translator
from bot.ports import Button, ChatRef, MessageKind, Outgoing
from bot.timers import SystemClock
from tests.adapters.telegram.conftest import FAST, make_bot
from tests.adapters.telegram.fake_telegram import (
    BOT_USERNAME,
    GROUP_ID,
    FakeTelegram,
    Refusal,
)

GROUP = ChatRef("telegram", str(GROUP_ID))
PICTURE = "https://example.org/eiffel.jpg"


@pytest.fixture
async def sent(translator: Translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=FAST)
    yield fake, messenger
    await messenger.close()
    await bot.session.close()


async def deliver(messenger: TelegramMessenger, *messages: Outgoing) -> None:
    for message in messages:
        await messenger.send(message)
    await messenger.drain()


async def test_a_question_picture_is_a_photo_with_its_text_as_caption(sent):
    fake, messenger = sent
    text = f"Question 1.\nWhat is it?\nPicture: {PICTURE}"
    await deliver(messenger, Outgoing(GROUP, text, MessageKind.QUESTION, image=PICTURE))
    (photo,) = fake.sent()
    assert photo.method == "sendPhoto" and photo.params["photo"] == PICTURE
    assert photo.text == text
    assert photo.buttons[0]["url"] == f"https://t.me/{BOT_USERNAME}?start=g{GROUP_ID}"


async def test_a_picture_telegram_cannot_fetch_falls_back_to_the_text_with_the_link(sent):
    fake, messenger = sent
    fake.unfetchable.add(PICTURE)
    await deliver(messenger, Outgoing(GROUP, "Question 1.", MessageKind.QUESTION, image=PICTURE))
    (text,) = fake.sent()
    assert text.method == "sendMessage"
    assert text.text == f"Question 1.\n{PICTURE}"
    assert text.buttons[0]["text"] == "Private chat with the bot"


async def test_a_long_question_is_the_photo_then_the_text(sent):
    fake, messenger = sent
    text = "Question 7. " + " ".join(["word"] * 400)
    await deliver(messenger, Outgoing(GROUP, text, MessageKind.QUESTION, image=PICTURE))
    photo, rest = fake.sent()
    assert photo.method == "sendPhoto" and "caption" not in photo.params
    assert rest.text == text
    assert rest.buttons  # the keyboard goes under the text
    fake.unfetchable.add(PICTURE)
    await deliver(messenger, Outgoing(GROUP, text, MessageKind.QUESTION, image=PICTURE))
    assert [c.text for c in fake.sent()[2:]] == [PICTURE, text]


async def test_a_long_text_is_split_under_4096_with_buttons_on_the_last_part(sent):
    fake, messenger = sent
    text = "\n".join(f"Source {i}: " + "x" * 80 for i in range(100))
    await deliver(messenger, Outgoing(GROUP, text, buttons=(Button("Resume", "resume"),)))
    parts = fake.sent()
    assert len(parts) == 3
    assert all(len(p.text) <= 4096 for p in parts)
    assert "\n".join(p.text for p in parts) == text
    assert [bool(p.buttons) for p in parts] == [False, False, True]


async def test_buttons_in_private_carry_the_game_chat(sent):
    fake, messenger = sent
    host = ChatRef("telegram", "1", private=True)
    await deliver(messenger, Outgoing(host, "Judge it", buttons=(Button("Accept", "accept"),),
                                      game=GROUP))
    (message,) = fake.sent(1)
    assert message.buttons == [{"text": "Accept", "callback_data": f"{GROUP_ID}|accept"}]


async def test_a_signal_overtakes_queued_chatter(translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    slow = Limits(group=(1, 0.15), private=(1, 0.15), overall=(100, 1.0), signal_reserve=0)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=slow)
    try:
        for n in (1, 2, 3):
            await messenger.send(Outgoing(GROUP, f"chatter {n}"))
        await asyncio.sleep(0.05)
        await messenger.send(Outgoing(GROUP, "Time!", MessageKind.SIGNAL))
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    assert fake.texts(GROUP_ID) == ["chatter 1", "Time!", "chatter 2", "chatter 3"]


def test_windows_pace_and_keep_room_for_signals():
    window = Window(3, 60.0)
    for t in (0.0, 1.0):
        assert window.delay(t) == 0
        window.note(t)
    # Chatter keeps one slot for signals: it waits for the first send to age out.
    assert window.delay(2.0, reserve=1) == pytest.approx(58.0)
    assert window.delay(2.0) == 0
    window.note(2.0)
    assert window.delay(3.0) == pytest.approx(57.0)
    assert window.delay(60.5) == 0  # the send at 0 s has left the window


async def test_a_server_error_is_retried_and_the_message_arrives_once(sent):
    fake, messenger = sent
    failures = iter([Refusal(500, "Internal Server Error")])
    fake.trouble = lambda call: next(failures, None) if call.method == "sendMessage" else None
    await deliver(messenger, Outgoing(GROUP, "one"), Outgoing(GROUP, "two"))
    assert fake.texts(GROUP_ID) == ["one", "two"]
    assert [c.ok for c in fake.called("sendMessage")] == [False, True, True]


async def counted_down(translator: Translator, text: str, locale: str = "") -> list[str]:
    """The texts the group saw of ``text`` posted with a deadline 1.2 s away, a countdown
    step of 0.5 s, by a messenger whose own language is English."""
    fake = FakeTelegram()
    bot = make_bot(fake)
    limits = Limits(group=(100, 1.0), overall=(100, 1.0), countdown_step=0.5)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=limits)
    try:
        deadline = SystemClock().now() + timedelta(seconds=1.2)
        await deliver(messenger, Outgoing(GROUP, text, deadline=deadline, locale=locale))
        await asyncio.sleep(1.4)
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    return fake.texts(GROUP_ID)


async def test_a_countdown_edits_a_few_times_and_clears_at_the_end(translator):
    assert await counted_down(translator, "The clock is running.") == [
        "The clock is running.", "The clock is running.\n⏳ 1 second left",
        "The clock is running.\n⏳ 0 seconds left", "The clock is running."]


async def test_a_countdown_stops_when_the_game_stops_its_clock(translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    limits = Limits(group=(100, 1.0), overall=(100, 1.0), countdown_step=0.3)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=limits)
    messenger.service = SimpleNamespace(deadline_pending=lambda chat, at: False)
    try:
        deadline = SystemClock().now() + timedelta(seconds=0.7)
        await deliver(messenger, Outgoing(GROUP, "The clock is running.", deadline=deadline))
        await asyncio.sleep(0.9)
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    assert fake.called("editMessageText") == []


async def test_the_groups_messages_and_the_hosts_list_go_before_a_windows_receipts(translator):
    # Thousands of receipts wait for the bot-wide ~30/s; the group's
    # messages and the host's list to judge (buttons) must not wait behind them (DESIGN.md,
    # Time).
    fake = FakeTelegram()
    bot = make_bot(fake)
    slow = Limits(overall=(2, 0.02))
    messenger = TelegramMessenger(bot, translator, locale="en", limits=slow)
    try:
        for team in range(1, 41):
            await messenger.send(Outgoing(ChatRef("telegram", str(team), private=True),
                                          f"Answer received: team {team}"))
        await messenger.send(Outgoing(GROUP, "Time!", MessageKind.SIGNAL))
        await messenger.send(Outgoing(GROUP, "Answers to question 1 closed"))
        await messenger.send(Outgoing(ChatRef("telegram", "999", private=True),
                                      "Question 1: 2 groups to judge",
                                      buttons=(Button("Accept", "accept 1"),)))
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    order = [c.text for c in fake.sent()]
    assert len(order) == 43
    assert order[0] == "Time!"
    assert set(order[1:3]) == {"Answers to question 1 closed", "Question 1: 2 groups to judge"}
    assert [t for t in order if t.startswith("Answer received")] == \
        [f"Answer received: team {n}" for n in range(1, 41)]


async def test_the_countdown_speaks_the_language_of_its_message_not_the_default(translator):
    # README "Languages": a game opened in Russian keeps Russian after a restart with
    # CHGK_LOCALE=en, the adapter's own countdown line included.
    assert await counted_down(translator, "Время пошло.", "ru") == [
        "Время пошло.", "Время пошло.\n⏳ Осталась 1 секунда",
        "Время пошло.\n⏳ Осталось 0 секунд", "Время пошло."]


async def test_the_private_chat_button_and_notice_speak_the_games_language(translator):
    # The question's button to the private chat, and the notice in the group that a player's
    # private chat is closed, are in the language the game speaks in that group.
    fake = FakeTelegram(closed_private=True)
    bot = make_bot(fake)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=FAST)
    try:
        await deliver(messenger, Outgoing(GROUP, "Вопрос 1", MessageKind.QUESTION,
                                          locale="ru"))
        await deliver(messenger, Outgoing(ChatRef("telegram", "7", private=True),
                                          "Your answer is recorded", game=GROUP, locale="en"))
        await asyncio.sleep(0.1)
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    question, notice = fake.sent(GROUP_ID)
    assert [b["text"] for b in question.buttons] == ["Личный чат с ботом"]
    assert "я не могу написать вам в личные сообщения" in notice.text
    assert [b["text"] for b in notice.buttons] == ["Личный чат с ботом"]


async def test_the_outbox_tells_how_long_its_oldest_message_has_waited():
    # The ops endpoint's chgk_outbox_oldest_seconds: a group over its budget shows here.
    now = [10.0]
    bot = make_bot(FakeTelegram())
    outbox = Outbox(bot, Limits(group=(1, 60.0)), _nobody_refuses, clock=lambda: now[0])
    try:
        assert outbox.oldest_wait() == 0
        # Given two registrations for a group that allows one message a minute
        for team in (1, 2):
            outbox.put(Job(GROUP_ID, [Part(SendMessage(chat_id=GROUP_ID,
                                                       text=f"Team {team} registered"))]))
        # When 15 seconds pass and the first has gone
        now[0] = 25.0
        while len(outbox._lanes[GROUP_ID].jobs()) > 1:
            await asyncio.sleep(0.01)
        # Then the second has waited 15 seconds
        assert outbox.oldest_wait() == 15.0
    finally:
        await outbox.close()
        await bot.session.close()


async def _nobody_refuses(*_args: object) -> None:
    """No chat refuses the bot here."""
