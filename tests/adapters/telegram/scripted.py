"""The console's game scripts played through the Telegram harness (issues 12 and 13).

A script line ``NAME: text`` is a message of that person in the group, ``NAME (dm): text``
one in their private chat with the bot, ``:sleep N`` lets N seconds of virtual time pass
(``adapters.console.parse_line``); a callable runs between lines (a test steering the
spinning top). The people are Telegram users named like the script's people, so that
``/answerer boris`` names the same person. ``transcript`` writes what Telegram shows in the
console's form (``[game] text``, ``[dm NAME] text``, an edit marked ``✎``), so the console
tests' expectations read the same; ``handed_in`` lists the written answers the script sent
privately, with the index of the first call after each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from adapters.console import ConsoleLine, Sleep, parse_line
from tests.adapters.telegram.conftest import World
from tests.adapters.telegram.fake_telegram import GROUP_ID, user

Line = str | Callable[[], None]


def people(names: Iterable[str], *, first_id: int = 100) -> dict[str, dict[str, Any]]:
    """Telegram users (Russian clients) for the script's ``names``, in order from
    ``first_id``; ``host`` among them hosts."""
    return {name: user(first_id + n, name, language="ru") for n, name in enumerate(names)}


class Player:
    """Plays script lines through ``world`` as the ``cast`` (script name -> Telegram user)."""

    def __init__(self, world: World, cast: dict[str, dict[str, Any]]) -> None:
        self.world = world
        self.cast = cast
        self.names = {person["id"]: name for name, person in cast.items()}
        self.handed_in: list[tuple[int, str, str]] = []

    async def play(self, lines: Iterable[Line]) -> None:
        """Play ``lines`` in order; a person's message reaches the bot only as Telegram
        would deliver it (``FakeTelegram.privacy``: a group's plain text does not)."""
        for line in lines:
            if callable(line):
                line()
                continue
            parsed = parse_line(line)
            if isinstance(parsed, Sleep):
                await self.world.advance(parsed.seconds)
            elif isinstance(parsed, ConsoleLine):
                if parsed.private and not parsed.text.startswith("/"):
                    self.handed_in.append((len(self.world.fake.calls), parsed.name,
                                           parsed.text))
                await self.world.say(self.cast[parsed.name], parsed.text,
                                     in_private=parsed.private)

    def transcript(self, start: int = 0) -> str:
        """What Telegram shows, from call ``start`` (an index of ``FakeTelegram.calls``)
        on: each successful send or edit as ``[game] text`` or ``[dm NAME] text``
        (continuation lines indented)."""
        out = []
        for call in self.world.fake.calls[start:]:
            if not call.ok or call.text is None:
                continue
            where = "[game]" if call.chat_id == GROUP_ID else \
                f"[dm {self.names.get(call.chat_id, call.chat_id)}]"
            first, *rest = call.text.splitlines() or [""]
            edit = "✎ " if call.method == "editMessageText" else ""
            out.append(f"{where} {edit}{first}")
            out.extend(f"    {line}" for line in rest)
        return "\n".join(out) + "\n"
