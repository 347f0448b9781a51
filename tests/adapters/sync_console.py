"""A SYNC console over one database that the tests restart in the middle of a flow
(``tests.adapters.test_console_sync.Console``), and the lines that open a game of three
teams."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from adapters.console import PLATFORM, person_id
from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.ports import ChatRef
from bot.service import Incoming
from rules import sync as s
from rules.base import decode, encode
from storage.db import Storage
from tests.adapters.test_console_sync import Console

OPENING = [
    "host: /newgame sync", "host: /announce",
    "anna: /register Совы", "boris: /join Совы",
    "lena: /register Лисы", "ivan: /register Ежи",
]
"""A game announced to be played now, with three teams (Совы of two players)."""

WINDOW = ":sleep 77"
"""The minute, the 15 s to hand in and the second of grace: the window closes."""


Step = str | Callable[[Console], Awaitable[None]]
"""A console line, or something done to the running console (a file sent to the bot)."""


def upload(sender: str, data: bytes, filename: str) -> Step:
    """``sender`` sends the bot the file ``filename`` privately."""
    async def send(console: Console) -> None:
        chat = ChatRef(PLATFORM, person_id(sender), private=True)
        await console.service.upload_package(
            Incoming(chat, person_id(sender), sender, "", sender_locale="ru"), data, filename)

    return send


async def _play(console: Console, steps: list[Step]) -> None:
    for step in steps:
        if isinstance(step, str):
            await console.feed([step])
        else:
            await step(console)


async def restarted(database_url: str, before: list[Step], after: list[Step]
                    ) -> tuple[Console, s.SyncState, str, str]:
    """Play ``before``, restart the bot (a new service over the same database, recovered),
    play ``after``; returns the console, the state the stored log folds to (equal to the
    live one, checked), the output before the restart and the output after it."""
    storage = await Storage.open(database_url)
    package = load_package(SAMPLE_PACKAGE).package
    package_id = await storage.save_package(package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    console = Console(storage, package_id)
    console.start()
    await _play(console, before)
    cut = len(console.out.getvalue())
    console.start()
    await console.service.recover()
    await _play(console, after)
    state = None
    for row in await storage.events(1):
        event = decode(row.kind, row.payload, row.version)
        assert encode(event) == row.payload, row.kind
        state = s.SYNC.evolve(state, event)
    assert state == console.service.game(1).state
    await storage.close()
    out = console.out.getvalue()
    assert "Traceback" not in out
    return console, state, out[:cut], out[cut:]
