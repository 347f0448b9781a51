"""The console's game scripts played through the Telegram harness.

A script line ``NAME: text`` is a message of that person in the group, ``NAME (dm): text``
one in their private chat with the bot, ``:sleep N`` lets N seconds of virtual time pass
(``adapters.console.parse_line``); a callable runs between lines (a test steering the
spinning top; a coroutine function is awaited: a button pressed). The people are Telegram
users named like the script's people, so that ``/answerer boris`` names the same person.
``transcript`` writes what Telegram shows in the console's form (``[game] text``,
``[dm NAME] text``, an edit marked ``✎``), so the console tests' expectations read the same;
``handed_in`` lists the written answers the script sent privately, with the index of the
first call after each.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from adapters.console import ConsoleLine, Sleep, parse_line
from tests.adapters.telegram.conftest import World
from tests.adapters.telegram.fake_telegram import GROUP_ID, user

Line = str | Callable[[], None] | Callable[[], Awaitable[None]]


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
                done = line()
                if inspect.isawaitable(done):
                    await done
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

    def press(self, name: str, label: str) -> Callable[[], Awaitable[None]]:
        """A script step: ``name`` presses the button ``label`` under the latest group
        message that has it."""
        async def step() -> None:
            fake = self.world.fake
            call = next(c for c in reversed(fake.sent(GROUP_ID))
                        if any(b.get("text") == label for b in c.buttons))
            await self.world.feed(fake.press(self.cast[name], call, label))
        return step

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


def leaks(script: Player, teams: dict[str, str],
          handed_in: list[tuple[int, str, str]] | None = None) -> list[tuple[str, str, str]]:
    """``(who handed in, the answer, the text that showed it)`` for every message that
    showed a written answer (of ``handed_in``, by default all the script's), before its
    window closed ("Приём ответов ... закрыт" in the group), in the group or in a private
    chat of a player of another team (``teams``: script name -> team) who had not handed in
    the same words."""
    fake = script.world.fake
    chats = {person["id"]: name for name, person in script.cast.items()}
    found = []
    for index, name, text in script.handed_in if handed_in is None else handed_in:
        closing = next(i for i, c in enumerate(fake.calls) if i > index and c.ok
                       and c.chat_id == GROUP_ID and (c.text or "").startswith("Приём ответов"))
        for call in fake.calls[index:closing]:
            reader = chats.get(call.chat_id or 0)
            if not call.ok or call.text is None or text.casefold() not in call.text.casefold():
                continue
            own = any(text.casefold() in mine.casefold() for at, who, mine in script.handed_in
                      if who == reader and at <= closing)
            other_team = reader in teams and teams[reader] != teams[name]
            if call.chat_id == GROUP_ID or (other_team and not own):
                found.append((name, text, call.text))
    return found
