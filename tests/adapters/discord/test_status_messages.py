"""A status message (``Outgoing.slot``) on Discord: posted once, then edited."""

from __future__ import annotations

import discord

from adapters.discord.messenger import DiscordMessenger
from bot.ports import ChatRef, MessageKind, Outgoing
from tests.adapters.discord.stubs import attach_game_channel, http_error

GAME = ChatRef("discord", "1001")


async def test_a_status_message_is_edited_in_place_on_discord():
    messenger = DiscordMessenger()
    _, channel = attach_game_channel(messenger)
    await messenger.send(Outgoing(GAME, "Time!\nAnna, who answers?", MessageKind.SIGNAL,
                                  slot="1:answer-3-"))
    await messenger.send(Outgoing(GAME, "Boris answers.", slot="1:answer-3-"))
    await messenger.send(Outgoing(GAME, "Time!", MessageKind.SIGNAL, slot="1:answer-4-"))
    await messenger.drain()
    assert channel.texts == ["Boris answers.", "🔔 **Time!**"]
    assert [s.edits for s in channel.sent] == [1, 0]
    await messenger.close()


async def test_a_status_message_that_is_gone_is_posted_anew_on_discord():
    messenger = DiscordMessenger()
    _, channel = attach_game_channel(messenger)
    await messenger.send(Outgoing(GAME, "Time!", MessageKind.SIGNAL, slot="1:answer-3-"))
    await messenger.drain()

    async def gone(**_options):
        raise http_error(discord.NotFound, 404)

    channel.sent[0].edit = gone
    await messenger.send(Outgoing(GAME, "Boris answers.", slot="1:answer-3-"))
    await messenger.drain()
    assert channel.texts == ["🔔 **Time!**", "Boris answers."]
    await messenger.close()
