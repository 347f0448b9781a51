"""The table as a picture on Telegram: a SYNC round's end posts the table by
``sendPhoto`` (an uploaded PNG, the text's first lines as its caption within Telegram's 1024),
``/table`` does the same after a restart, and a photo Telegram refuses leaves the text table."""

from __future__ import annotations

import io

from PIL import Image

from adapters.telegram.messenger import TelegramMessenger
from bot.ports import ChatRef, Outgoing
from tests.adapters.telegram.conftest import ANNA, BORIS, FAST, HOST, make_bot
from tests.adapters.telegram.fake_telegram import GROUP_ID, FakeTelegram, Refusal
from tests.unit.test_table_picture import thirty_by_thirty_six

GROUP = ChatRef("telegram", str(GROUP_ID))


def photos(tg, chat: int = GROUP_ID) -> list:
    return [c for c in tg.fake.sent(chat) if c.method == "sendPhoto"]


def picture_of(call) -> Image.Image:
    [(name, data)] = call.uploads.values()
    assert name == "table.png"
    return Image.open(io.BytesIO(data))


async def sync_round(tg) -> None:
    """A SYNC game of two teams (Совы, Лисы) whose round 1 of one question is played: the
    Owls answer right, the Foxes wrong."""
    for person, text in [(HOST, "/newgame sync"), (HOST, "/announce"),
                         (ANNA, "/register Совы"), (BORIS, "/register Лисы"),
                         (HOST, "/round 1"), (HOST, "/ask")]:
        await tg.say(person, text)
    await tg.say(ANNA, "Эйфель", in_private=True)
    await tg.say(BORIS, "Гюстав", in_private=True)
    await tg.advance(77)
    await tg.say(HOST, "/accept 1")
    await tg.say(HOST, "/reject 2")


async def test_sync_7_the_table_after_a_round_is_a_photo_and_table_after_a_restart_too(tg):
    await sync_round(tg)
    [after_round] = photos(tg)
    assert after_round.text.startswith("The table after round 1")
    assert "Совы" in after_round.text
    image = picture_of(after_round)
    assert image.format == "PNG" and 200 <= image.width <= 1280
    assert not any("1. Совы" in text for text in tg.texts(GROUP_ID)
                   if text is not after_round.text)

    await tg.restart()
    await tg.say(ANNA, "/table")
    [_, on_demand] = photos(tg)
    assert on_demand.text.startswith("The table so far")
    assert on_demand.params.get("reply_parameters")
    assert "1. Совы" in on_demand.text and "2. Лисы" in on_demand.text
    assert picture_of(on_demand).size[1] == image.size[1]


async def test_sync_7_a_table_over_the_caption_limit_keeps_its_first_lines(translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=FAST)
    text = "The final table:\n" + "\n".join(f"{n}. Команда №{n}: 1 0 1 1 — {n} points"
                                            for n in range(1, 61))
    await messenger.send(Outgoing(GROUP, text, picture=thirty_by_thirty_six()))
    await messenger.drain()
    [photo] = [c for c in fake.calls if c.method == "sendPhoto"]
    assert photo.ok
    assert len(photo.text) <= 1024 and photo.text.startswith("The final table:\n1. Команда №1")
    assert photo.text.endswith("…")
    await messenger.close()
    await bot.session.close()


async def test_sync_7_a_photo_telegram_refuses_leaves_the_text_table(tg):
    tg.fake.trouble = lambda call: Refusal(400, "Bad Request: IMAGE_PROCESS_FAILED") \
        if call.method == "sendPhoto" else None
    await sync_round(tg)
    assert photos(tg) == []
    [table] = [t for t in tg.texts(GROUP_ID) if t.startswith("The table after round 1")]
    assert "1. Совы: 1 — 1 point" in table and "2. Лисы: 0 — 0 points" in table
