"""A status message (``Outgoing.slot``) in the console: a terminal cannot edit, so it is
printed again, marked."""

from __future__ import annotations

import io

from adapters.console import GAME_CHAT, ConsoleMessenger
from bot.ports import MessageKind, Outgoing


async def test_the_console_prints_a_status_message_again_marked_as_edited():
    out = io.StringIO()
    messenger = ConsoleMessenger(out)
    await messenger.send(Outgoing(GAME_CHAT, "Time!", MessageKind.SIGNAL, slot="1:answer-3-"))
    await messenger.send(Outgoing(GAME_CHAT, "Boris answers.", slot="1:answer-3-"))
    assert out.getvalue() == "[game] ⏱ Time!\n[game] ✎ Boris answers.\n"
