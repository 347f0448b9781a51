"""A status message (``Outgoing.slot``) on Telegram: posted once, then edited, also when the
edit was queued before Telegram answered the post."""

from __future__ import annotations

from adapters.telegram.messenger import TelegramMessenger
from bot.i18n import Translator
from bot.ports import ChatRef, MessageKind, Outgoing
from tests.adapters.telegram.conftest import FAST, make_bot
from tests.adapters.telegram.fake_telegram import GROUP_ID, FakeTelegram

GROUP = ChatRef("telegram", str(GROUP_ID))


async def test_a_status_message_is_posted_once_and_edited_after(translator: Translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=FAST)
    try:
        # All three are queued before the first is sent: the edits wait for its id.
        await messenger.send(Outgoing(GROUP, "Time!\nAnna, who answers?", MessageKind.SIGNAL,
                                      slot="1:answer-3-"))
        await messenger.send(Outgoing(GROUP, "Boris answers.", slot="1:answer-3-"))
        await messenger.send(Outgoing(GROUP, "Boris answers: “Paris”.", slot="1:answer-3-"))
        await messenger.send(Outgoing(GROUP, "Time!", MessageKind.SIGNAL, slot="1:answer-4-"))
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    calls = fake.sent(GROUP_ID)
    assert [c.method for c in calls] == ["sendMessage", "sendMessage", "editMessageText",
                                         "editMessageText"]
    first = calls[0].result["message_id"]
    assert [int(c.params["message_id"]) for c in calls[2:]] == [first, first]
    assert fake.messages[(GROUP_ID, first)]["text"] == "Boris answers: “Paris”."


async def test_a_status_message_that_is_gone_is_posted_anew(translator: Translator):
    fake = FakeTelegram()
    bot = make_bot(fake)
    messenger = TelegramMessenger(bot, translator, locale="en", limits=FAST)
    try:
        await messenger.send(Outgoing(GROUP, "Time!", MessageKind.SIGNAL, slot="1:answer-3-"))
        await messenger.drain()
        fake.messages.clear()  # deleted in the group
        await messenger.send(Outgoing(GROUP, "Boris answers.", slot="1:answer-3-"))
        await messenger.drain()
    finally:
        await messenger.close()
        await bot.session.close()
    assert fake.texts(GROUP_ID) == ["Time!", "Boris answers."]
    assert fake.sent(GROUP_ID)[-1].method == "sendMessage"
