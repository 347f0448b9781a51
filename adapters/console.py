"""The console adapter: the same core in a terminal, for trying the bot and scripted games.

Input lines are ``NAME: text`` (a message in the game chat) or ``NAME (dm): text`` (a private
message to the bot); ``host`` is the host and the game chat's administrator. ``:sleep N``
waits N seconds: really with the real clock, instantly with the virtual one, which fires due
timers in order. Lines starting with ``#`` and blank lines are ignored. Output lines start
with where they went: ``[game]`` or ``[dm NAME]``; continuation lines of a long message are
indented. A terminal cannot edit what it printed: a message that replaces an earlier one
(``Outgoing.slot``) prints only its lines that changed, marked ``✎``, and a question read
again prints whole. A button shows as ``[label → /command]``; typing that command in the
button's chat presses it.
"""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TextIO

from bot.commands import MAX_NAME
from bot.ports import ChatRef, GameApi, MessageKind, Outgoing
from bot.service import Incoming

PLATFORM = "console"
GAME_CHAT = ChatRef(PLATFORM, "game")
HOST = "host"

MAX_SLEEP = 7 * 24 * 3600.0
"""The longest ``:sleep`` a script may ask for, in seconds (a week)."""

_LINE = re.compile(r"^(?P<name>[^:()]+?)\s*(?P<dm>\(dm\))?\s*:\s?(?P<text>.*)$")
_SLEEP = re.compile(r"^:sleep\s+(?P<seconds>\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True, slots=True)
class ConsoleLine:
    """A parsed input line: who wrote it, whether privately, and the text."""

    name: str
    private: bool
    text: str


@dataclass(frozen=True, slots=True)
class Sleep:
    """A ``:sleep N`` line: wait ``seconds``."""

    seconds: float


def parse_line(line: str) -> ConsoleLine | Sleep | None:
    """Parse one input line; None for a blank line or a comment.

    Raises ValueError for a line that is neither ``NAME: text`` nor ``:sleep N``.
    """
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    sleep = _SLEEP.match(line)
    if sleep:
        seconds = float(sleep["seconds"])
        if seconds > MAX_SLEEP:
            raise ValueError(line)
        return Sleep(seconds)
    match = _LINE.match(line)
    if match is None or line.startswith(":"):
        raise ValueError(line)
    return ConsoleLine(match["name"].strip(), bool(match["dm"]), match["text"].strip())


def person_id(name: str) -> str:
    """The console's stable id for a participant name (names are case-insensitive)."""
    return name.casefold()


class ConsoleMessenger:
    """The ``Messenger`` port printing to ``out``; private chats are named by participant."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.out = out
        self.names: dict[str, str] = {}
        # The lines and buttons each status message (by chat and slot) shows now.
        self._slots: dict[tuple[str, str], tuple[list[str], tuple]] = {}

    async def send(self, message: Outgoing) -> None:
        """Print the message with its destination prefix, and its buttons as a hint line
        (``[label → /command]``); printed is delivered, so there is no receipt (a question's
        minute starts at once). An edit of a status message prints the lines that changed,
        marked ``✎``; one that changed no line prints nothing, unless it is a question read
        again (the host's repeat), which prints whole."""
        if message.chat.private:
            prefix = f"[dm {self.names.get(message.chat.chat_id, message.chat.chat_id)}]"
        else:
            prefix = "[game]"
        lines = message.text.splitlines() or [""]
        mark = "⏱ " if message.kind is MessageKind.SIGNAL else ""
        if message.slot:
            slot = (message.chat.key, message.slot)
            shown, buttons = self._slots.get(slot, (None, ()))
            self._slots[slot] = lines, message.buttons
            if shown is not None:
                changed = [line for n, line in enumerate(lines)
                           if n >= len(shown) or shown[n] != line]
                if not changed and message.buttons and message.buttons != buttons:
                    changed = lines[:1]  # new buttons under the same text
                if changed:
                    lines, mark = changed, f"✎ {mark}"
                elif message.kind is not MessageKind.QUESTION:
                    return
        self.out.write(f"{prefix} {mark}{lines[0]}\n")
        for rest in lines[1:]:
            self.out.write(f"    {rest}\n")
        if message.buttons:
            hint = " | ".join(f"{b.label} → /{b.command}" for b in message.buttons)
            self.out.write(f"    [{hint}]\n")
        self.out.flush()


async def read_lines(stream: TextIO) -> Callable[[], Awaitable[str]]:
    """A reader of ``stream``'s lines ("" at the end). A daemon thread reads ahead, so that
    timers keep firing while a person thinks at the prompt, and a stop (Ctrl-C) need not
    wait for the next line: the thread is left behind when the process exits."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def pump() -> None:
        while True:
            line = stream.readline()
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:  # the loop is closed: the console has stopped
                return
            if line == "":
                return

    threading.Thread(target=pump, name="console input", daemon=True).start()
    return lines.get


class ConsoleSession:
    """Feeds input lines to the service and handles ``:sleep``.

    ``advance`` moves virtual time (None with the real clock, where ``:sleep`` really sleeps);
    ``say`` prints a localised console notice; once ``stop`` is set (SIGTERM, Ctrl-C) no
    further line is read and a ``:sleep`` under way ends, while a message being handled is
    finished.
    """

    def __init__(self, service: GameApi, messenger: ConsoleMessenger,
                 say: Callable[[str, dict], None], *, locale: str,
                 advance: Callable[[float], Awaitable[None]] | None = None,
                 stop: asyncio.Event | None = None) -> None:
        self.service = service
        self.messenger = messenger
        self.say = say
        self.locale = locale
        self.advance = advance
        self.stop = stop or asyncio.Event()

    async def feed(self, raw: str) -> None:
        """Handle one raw input line; a malformed line is reported and changes nothing."""
        try:
            parsed = parse_line(raw)
        except ValueError:
            self.say("console-bad-line", {"line": raw.strip()})
            return
        if parsed is None:
            return
        if isinstance(parsed, Sleep):
            if self.advance is not None:
                await self.advance(parsed.seconds)
            else:
                with suppress(TimeoutError):
                    await asyncio.wait_for(self.stop.wait(), parsed.seconds)
            return
        pid = person_id(parsed.name)
        if len(pid) > MAX_NAME:
            # A person's console id is their name: storage keeps ids of up to 64 characters.
            self.say("console-name-too-long", {"max": MAX_NAME})
            return
        self.messenger.names[pid] = parsed.name
        chat = ChatRef(PLATFORM, pid, private=True) if parsed.private else GAME_CHAT
        await self.service.handle(Incoming(chat, pid, parsed.name, parsed.text,
                                           sender_locale=self.locale,
                                           sender_is_admin=pid == HOST and not parsed.private))

    async def run(self, read: Callable[[], Awaitable[str]]) -> bool:
        """Feed lines from ``read`` until it returns end of input (""): True; or until
        ``stop`` is set: False."""
        stopped = asyncio.ensure_future(self.stop.wait())
        try:
            while not self.stop.is_set():
                line = asyncio.ensure_future(read())
                await asyncio.wait([line, stopped], return_when=asyncio.FIRST_COMPLETED)
                if not line.done():
                    line.cancel()
                    return False
                if line.result() == "":
                    return True
                await self.feed(line.result())
            return False
        finally:
            stopped.cancel()
