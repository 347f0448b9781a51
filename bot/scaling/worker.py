"""``python -m bot.scaling.worker``: one worker process of the multi-worker simulation
(docs/scaling.md), on a PostgreSQL database shared with other workers, with console-like input
and output instead of a messenger, so that it needs no network.

Input lines are ``CHAT | NAME: text`` or ``CHAT | NAME (dm): text`` (the console's lines,
``adapters.console``, with the game chat in front; a private line is about that chat's
game). Every worker may be given every line: ``bot.scaling.ownership.Ownership`` applies it only in
the worker owning the chat's game. Output lines are ``[CHAT] text`` and ``[dm NAME] text``,
one line a message, and ``# ...`` notices: ``# ready``, ``# took over game ID CHAT``.
It stops at the end of input or on SIGTERM, releasing its games to the other workers.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from contextlib import AsyncExitStack
from typing import TextIO

from adapters.console import PLATFORM, ConsoleLine, parse_line, person_id, read_lines
from bot import collector
from bot.bootstrap import SAMPLE_PACKAGE, formats, stop_signal
from bot.cli.parser import parser_class, wanted_locale
from bot.collector import CollectorPolicy
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef, Incoming, Outgoing
from bot.scaling.ownership import Ownership
from bot.service import game_service
from bot.timers import LoopTimers, SystemClock
from storage.db import GameInfo, Storage
from storage.gamelocks import GameLocks

log = logging.getLogger(__name__)


class LineMessenger:
    """The ``Messenger`` port writing each message as one line to ``out``, named by its chat;
    printed is delivered (no receipt)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.names: dict[str, str] = {}

    async def send(self, message: Outgoing) -> None:
        """Write ``message`` as ``[CHAT] text`` or ``[dm NAME] text``, newlines as `` / ``."""
        chat = message.chat
        where = f"dm {self.names.get(chat.chat_id, chat.chat_id)}" if chat.private \
            else chat.chat_id
        self.out.write(f"[{where}] {' / '.join(message.text.splitlines())}\n")
        self.out.flush()


def parse(raw: str, names: dict[str, str], locale: str) -> Incoming | None:
    """The ``Incoming`` of a ``CHAT | console line``; None for a blank or malformed line."""
    chat_id, bar, rest = raw.partition("|")
    try:
        line = parse_line(rest) if bar else None
    except ValueError:
        return None
    if not isinstance(line, ConsoleLine) or not chat_id.strip():
        return None
    game_chat = ChatRef(PLATFORM, chat_id.strip())
    pid = person_id(line.name)
    names[pid] = line.name
    if line.private:
        return Incoming(ChatRef(PLATFORM, pid, private=True), pid, line.name, line.text,
                        sender_locale=locale, game_chat=game_chat)
    return Incoming(game_chat, pid, line.name, line.text, sender_locale=locale)


async def work(database_url: str, duel: dict[str, float], locale: str, stdin: TextIO,
               stdout: TextIO) -> int:
    """Run one worker until the end of ``stdin`` or SIGTERM; returns the exit code (0).
    Raises DBAPIError when the database or the lock connection fails."""
    stop, _ = stop_signal()
    # Everything opened is closed again on every path, a failed start included: a worker
    # that gave up early must not leave its connections (and the locks on them) behind.
    async with AsyncExitStack() as opened:
        storage = await Storage.open(database_url)
        opened.push_async_callback(storage.close)
        locks = await GameLocks.open(storage.engine)
        opened.push_async_callback(locks.close)
        messenger = LineMessenger(stdout)
        clock, scheduler = SystemClock(), LoopTimers()
        service = game_service(storage, messenger, scheduler, clock,
                               Translator(default=locale), formats=formats(duel=duel),
                               default_locale=locale)
        opened.callback(service.parser.close)
        scheduler.callback = service.on_timer
        scheduler.start()
        opened.callback(scheduler.shutdown)
        # A worker holds many live games: no garbage collector pass may walk them all.
        collector.install(CollectorPolicy(load=service.games_in_memory))
        opened.callback(collector.uninstall)

        def taken(info: GameInfo) -> None:
            stdout.write(f"# took over game {info.id} {info.chat_key}\n")
            stdout.flush()

        ownership = Ownership(service, locks, on_taken=taken)
        package = load_package(SAMPLE_PACKAGE).package
        package_id = await storage.save_package(package, SAMPLE_PACKAGE.name,
                                                SAMPLE_PACKAGE.read_bytes())
        scanning = asyncio.create_task(ownership.run())
        try:
            read = await read_lines(stdin)
            stdout.write("# ready\n")
            stdout.flush()
            while not stop.is_set() and not scanning.done():
                line = asyncio.ensure_future(read())
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait([line, stopping, scanning],
                                   return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if not line.done():
                    line.cancel()
                    break
                if line.result() == "":
                    break
                incoming = parse(line.result(), messenger.names, locale)
                if incoming is not None:
                    if not incoming.chat.private:
                        service.set_chat_package(incoming.chat, package_id)
                    await ownership.handle(incoming)
        finally:
            scheduler.shutdown()
            scanning.cancel()
            await asyncio.gather(scanning, return_exceptions=True)
            await service.idle()
            await service.settle()
    if scanning.done() and not scanning.cancelled() and scanning.exception() is not None:
        raise scanning.exception()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv``: ``--database URL`` (PostgreSQL), DUEL's ``--discussion`` and
    ``--warning`` seconds, ``--target`` wins, ``--min-players``, ``--locale``; run ``work``."""
    argv = sys.argv[1:] if argv is None else argv
    # Its help and errors in the language of chgk-bot's (bot.cli.parser), its games in --locale.
    parser = parser_class(wanted_locale(argv, None))(prog="python -m bot.scaling.worker",
                                                     description="cli-help-worker")
    parser.add_argument("--database", required=True, help="cli-help-worker-database")
    parser.add_argument("--discussion", type=float, default=60.0,
                        help="cli-help-worker-discussion")
    parser.add_argument("--warning", type=float, default=50.0, help="cli-help-worker-warning")
    parser.add_argument("--target", type=int, default=6, help="cli-help-worker-target")
    parser.add_argument("--min-players", type=int, default=6,
                        help="cli-help-worker-min-players")
    parser.add_argument("--locale", default="en", choices=["ru", "en"],
                        help="cli-help-worker-locale")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    duel = {"discussion": args.discussion, "warning_at": args.warning, "target": args.target,
            "min_players": args.min_players}
    return asyncio.run(work(args.database, duel, args.locale, sys.stdin, sys.stdout))


if __name__ == "__main__":
    sys.exit(main())
