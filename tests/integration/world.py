"""The GameService as the integration tests run it: real storage at a test's database URL
(the ``database_url`` fixture, so SQLite or PostgreSQL), virtual time, and a recording
messenger in place of a chat. People write in English in the group ``GROUP`` or privately."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from bot.formats import Format
from bot.i18n import Translator
from bot.packages import load_package
from bot.packages.worker import PackageParser
from bot.ports import ChatRef, Clock, MessageKind, Outgoing, Scheduler
from bot.service import GameService, Incoming, game_service
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import BUSY_TIMEOUT, Storage
from tests.formats import chat_commands, formats

GROUP = ChatRef("test", "group")
TRANSLATOR = Translator()


class Recorder:
    """A Messenger that keeps what each chat received."""

    def __init__(self) -> None:
        self.sent: list[Outgoing] = []

    async def send(self, message: Outgoing) -> None:
        """Keep ``message``."""
        self.sent.append(message)

    def texts(self, chat_id: str = "group") -> list[str]:
        """The texts the chat ``chat_id`` received, oldest first."""
        return [m.text for m in self.sent if m.chat.chat_id == chat_id]

    def signals(self) -> list[str]:
        """The first line of each signal (the end of the minute goes on with a prompt)."""
        return [m.text.splitlines()[0] for m in self.sent if m.kind is MessageKind.SIGNAL]


def dm(who: str) -> ChatRef:
    """The private chat of the person called ``who`` (their platform id is their name)."""
    return ChatRef("test", who, private=True)


def say(service: GameService, who: str, text: str, private: bool = False):
    """``who`` writes ``text`` in the group (or privately); an awaitable of the handling."""
    return service.handle(Incoming(dm(who) if private else GROUP, who, who, text,
                                   sender_locale="en"))


@dataclass
class World:
    """One service over its storage, with the clock, scheduler and recorder it was given;
    ``package_id`` is the group's package (None when it has none)."""

    storage: Storage
    service: GameService
    recorder: Recorder
    scheduler: Scheduler
    clock: Clock
    package_id: int | None = None

    async def close(self) -> None:
        """Stop the package parser's worker and close the database."""
        self.service.parser.close()
        await self.storage.close()


def serve(storage: Storage, recorder: Recorder, scheduler: Scheduler, clock: Clock, *,
          games: Mapping[str, Format] | None = None, parser: PackageParser | None = None,
          package_id: int | None = None) -> World:
    """A GameService in English over ``storage`` whose timers fire on ``scheduler``, playing
    ``games`` (the formats with their default options unless given) with the bot's chat
    commands; with ``package_id``, that stored package is the group's next package."""
    service = game_service(storage, recorder, scheduler, clock, TRANSLATOR,
                           formats=formats() if games is None else games,
                           chat_commands=chat_commands(storage), default_locale="en",
                           parser=parser)
    scheduler.callback = service.on_timer
    if package_id is not None:
        service.set_chat_package(GROUP, package_id)
    return World(storage, service, recorder, scheduler, clock, package_id)


async def restarted(service: GameService) -> World:
    """The bot started again over ``service``'s database: a new service with nothing in
    memory (a new recorder, a virtual clock at the time ``service`` reached, no chat's
    package set) and the same formats, every live game recovered from its log."""
    clock = VirtualClock(service.clock.now())
    world = serve(service.storage, Recorder(), VirtualScheduler(clock), clock,
                  games=service.formats)
    await world.service.recover()
    return world


async def service_world(url: str, *, min_players: int | None = 2,
                        duel: dict[str, float] | None = None,
                        parser: PackageParser | None = None,
                        package: Path | None = SAMPLE_PACKAGE,
                        busy_timeout: float = BUSY_TIMEOUT,
                        scheduler: Scheduler | None = None,
                        clock: Clock | None = None) -> World:
    """A service over the database at ``url`` (migrated on opening; a SQLite write waits
    ``busy_timeout`` seconds for another's lock).

    ``min_players`` and ``duel`` are DUEL options (``duel``: e.g. ``discussion`` and
    ``warning_at`` in seconds); with neither, the formats' defaults. ``package`` (a package
    file, stored here) becomes the group's package unless None. Time is virtual unless
    ``scheduler`` and ``clock`` are given. Close it with ``World.close``.
    """
    storage = await Storage.open(url, busy_timeout=busy_timeout)
    options = {**({"min_players": min_players} if min_players is not None else {}),
               **(duel or {})}
    package_id = None
    if package is not None:
        package_id = await storage.save_package(load_package(package).package, package.name,
                                                package.read_bytes())
    if clock is None:
        clock = VirtualClock()
        scheduler = VirtualScheduler(clock)
    return serve(storage, Recorder(), scheduler, clock,
                 games=formats(**options), parser=parser,
                 package_id=package_id)


async def sync_asked(service: GameService, teams: int) -> None:
    """A SYNC game of ``teams`` teams (captains ``cap0``...) whose first question is asked."""
    await say(service, "host", "/start", private=True)
    await say(service, "host", "/newgame sync")
    await say(service, "host", "/announce")
    for i in range(teams):
        await say(service, f"cap{i}", "/start", private=True)
        await say(service, f"cap{i}", f"/register Team {i}")
    await say(service, "host", "/round 1 2 3")
    await say(service, "host", "/ask")
