"""The Discord messenger: outboxes where signals overtake chatter, start-up without a
connection, and reply capture that only catches the person's own replies."""

from __future__ import annotations

import asyncio
import contextvars

import pytest

from adapters.discord.messenger import DiscordMessenger
from bot.ports import ChatRef, DeliveryFailed, MessageKind, Outgoing
from tests.adapters.discord.stubs import Destinations, Inbox, attach_game_channel

GAME = ChatRef("discord", "1001")
ANNA = ChatRef("discord", "7", private=True)


async def test_signals_overtake_queued_chatter_and_wait_for_the_connection():
    messenger = DiscordMessenger()
    for i in range(3):
        await messenger.send(Outgoing(GAME, f"chatter {i}"))
    await messenger.send(Outgoing(GAME, "Time!", MessageKind.SIGNAL, key="signal-time"))
    await asyncio.sleep(0)
    # Connected only now: nothing was lost meanwhile.
    _, channel = attach_game_channel(messenger)
    await messenger.drain()
    assert channel.texts == ["🔔 **Time!**", "chatter 0", "chatter 1", "chatter 2"]
    await messenger.close()


async def test_a_capture_takes_only_the_persons_replies_and_private_messages():
    messenger = DiscordMessenger()
    destinations, channel = attach_game_channel(messenger)
    with messenger.capture(GAME, ANNA) as capture:
        await messenger.send(Outgoing(GAME, "Only the host may use “start”.", reply=True))
        await messenger.send(Outgoing(ANNA, "Answer received.", game=GAME))
        await messenger.send(Outgoing(GAME, "Team registered.", game=GAME))
        await messenger.send(Outgoing(ChatRef("discord", "8", private=True), "To Boris"))
    await messenger.drain()
    assert [m.text for m in capture.messages] == ["Only the host may use “start”.",
                                                  "Answer received."]
    assert capture.refused
    assert channel.texts == ["Team registered."]
    assert destinations.dms[8].texts == ["To Boris"]
    await messenger.close()


async def test_a_capture_does_not_reach_other_tasks():
    messenger = DiscordMessenger()
    _, channel = attach_game_channel(messenger)

    async def timer() -> None:  # e.g. the scheduler firing while an interaction is handled
        await messenger.send(Outgoing(GAME, "A timer's reply", reply=True))

    with messenger.capture(GAME, ANNA) as capture:
        await asyncio.create_task(timer(), context=contextvars.Context())
    await messenger.drain()
    assert capture.messages == [] and channel.texts == ["A timer's reply"]
    await messenger.close()


async def test_a_failed_delivery_goes_to_the_fault_handler_and_the_rest_goes_on():
    messenger = DiscordMessenger()
    faults = []

    async def on_fault(message, error):
        faults.append((message.text, type(error).__name__))

    messenger.on_fault = on_fault
    destinations = Destinations()  # channel 1001 is unknown: deleted
    destinations.channels[1002] = other = Inbox()
    messenger.attach(destinations)
    await messenger.send(Outgoing(GAME, "lost"))
    await messenger.send(Outgoing(ChatRef("discord", "1002"), "kept"))
    await messenger.drain()
    assert faults == [("lost", "NotFound")] and other.texts == ["kept"]
    await messenger.close()


async def test_duel_3_4_a_question_overtakes_chatter_and_reports_its_delivery():
    # DESIGN.md, Time: the question goes first and its minute starts when Discord has it.
    messenger = DiscordMessenger()
    for i in range(2):
        await messenger.send(Outgoing(GAME, f"chatter {i}"))
    receipt = await messenger.send(Outgoing(GAME, "Question 4.", MessageKind.QUESTION))
    assert receipt is not None and not receipt.done()
    _, channel = attach_game_channel(messenger)
    await receipt
    assert channel.texts[0].startswith("Question 4.")
    await messenger.drain()
    assert channel.texts[1:] == ["chatter 0", "chatter 1"]
    await messenger.close()


async def test_duel_3_4_a_question_discord_refuses_fails_its_receipt():
    messenger = DiscordMessenger()
    messenger.attach(Destinations())  # the game channel was deleted
    receipt = await messenger.send(Outgoing(GAME, "Question 4.", MessageKind.QUESTION))
    with pytest.raises(DeliveryFailed):
        await receipt
    await messenger.close()
