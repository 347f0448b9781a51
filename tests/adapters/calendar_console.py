"""A console with the club's calendar on virtual time, over one database, which the tests
restart (a new service, scheduler and calendar over the same storage, clock and output, as a
new process would have), or stop for a while (``down``: time passes, nothing fires)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from adapters.console import ConsoleMessenger, ConsoleSession
from bot import bootstrap
from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, route
from bot.i18n import Translator
from bot.service import GameService, game_service
from bot.settings import Settings
from bot.timers import VirtualClock, VirtualScheduler
from storage.calendar import CalendarStore
from storage.db import Storage
from tests.formats import chat_commands

START = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
"""The console's first moment: a Sunday, 15:00 in Moscow."""


class CalendarConsole:
    """``chgk-bot console --clock virtual`` with ``/schedule`` in the club's ``zone``, SYNC's
    fee ``fee`` (SYNC-3), over ``storage``; ``locale`` is the people's language."""

    def __init__(self, storage: Storage, *, zone: str = "Europe/Moscow",
                 locale: str = "ru", start: datetime = START, fee: str = "300 RUB") -> None:
        self.storage = storage
        self.zone = zone
        self.locale = locale
        self.out = io.StringIO()
        self.translator = Translator()
        self.clock = VirtualClock(start)
        self.messenger = ConsoleMessenger(self.out)
        self.formats = bootstrap.formats(Settings(sync_fee=fee))
        self.service: GameService | None = None
        self.calendar: CalendarService | None = None
        self.session: ConsoleSession | None = None

    async def start(self) -> None:
        """Start (again): everything rebuilt and recovered from the database."""
        scheduler = VirtualScheduler(self.clock)
        self.calendar = CalendarService(CalendarStore(self.storage.engine), self.clock,
                                        scheduler, self.messenger, self.translator,
                                        zone=self.zone)
        commands = {**chat_commands(self.storage),
                    "schedule": schedule_command(self.calendar, self.formats)}
        self.service = game_service(self.storage, self.messenger, scheduler, self.clock,
                                   self.translator, formats=self.formats,
                                   chat_commands=commands, default_locale=self.locale)
        self.calendar.games = self.service
        scheduler.callback = route(self.calendar, self.service.on_timer)
        self.session = ConsoleSession(self.service, self.messenger, self.say,
                                      locale=self.locale, advance=scheduler.advance)
        await self.service.recover()
        await self.calendar.recover()

    def down(self, seconds: float) -> None:
        """The bot is down for ``seconds``: time passes and nothing fires (``start`` again
        after)."""
        self.clock.set(self.clock.now() + timedelta(seconds=seconds))

    def say(self, key: str, args: dict) -> None:
        self.out.write(self.translator.format(key, args, self.locale) + "\n")

    async def feed(self, lines: list[str]) -> str:
        """Feed ``lines``; what they printed."""
        assert self.session is not None
        cut = len(self.out.getvalue())
        for line in lines:
            await self.session.feed(line)
        return self.out.getvalue()[cut:]

