"""A TV league planned before the calendar kept leagues (an older database: the plan is in
the league's log, its chat's calendar has no entry of it) gets its sessions in the calendar
when the bot starts (TV-7), once: two workers starting together store them once and announce
each session once, and a later start adds nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from bot.calendar.jobs import CalendarService, route
from bot.i18n import Translator
from bot.league.service import LeagueService, route_timers
from bot.results import GameResults
from bot.timers import VirtualClock, VirtualScheduler
from rules.base import Rejection
from rules.tv import league_decide as ld
from storage.calendar import CalendarStore
from storage.db import Storage
from tests.integration.world import Recorder

NOW = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
CHAT = "test:group"
FIRST_SUNDAY = datetime(2026, 3, 8, 19, 0, tzinfo=ZoneInfo("Europe/Moscow"))
DAY_BEFORE = (FIRST_SUNDAY.astimezone(UTC) - NOW).total_seconds() - 86_400


@dataclass
class Worker:
    """One bot process's league and calendar over its own connection to the database."""

    storage: Storage
    league: LeagueService
    calendar: CalendarService
    scheduler: VirtualScheduler
    sent: Recorder


async def _start(url: str, at: datetime = NOW) -> Worker:
    """A worker as ``bot.bootstrap`` wires the league and the calendar, not yet recovered,
    its clock at ``at``."""
    storage, clock = await Storage.open(url), VirtualClock(at)
    scheduler, sent, translator = VirtualScheduler(clock), Recorder(), Translator()
    calendar = CalendarService(CalendarStore(storage.engine), clock, scheduler, sent,
                               translator)
    league = LeagueService(storage, GameResults(storage, {}), clock, scheduler=scheduler,
                           messenger=sent, translator=translator, locale="en")
    league.calendar = calendar
    scheduler.callback = route(calendar, route_timers(_no_game, league))
    return Worker(storage, league, calendar, scheduler, sent)


async def _no_game(key: str) -> None:
    """No game is played in these tests."""


async def _recovered(workers: list[Worker]) -> None:
    """The workers start together: the league, then the calendar, as at a bot's start."""
    await asyncio.gather(*(w.league.recover() for w in workers))
    await asyncio.gather(*(w.calendar.recover() for w in workers))


def _announced(workers: list[Worker]) -> list[str]:
    return [m.text for w in workers for m in w.sent.sent if m.key == "calendar-league-day"]


async def test_tv_7_two_workers_give_an_old_plan_its_calendar_once(database_url):
    """Given a league whose season was planned while the calendar kept no league (no entry in
    its chat's calendar), when two workers start together and the eve of the first Sunday
    comes, then the chat's calendar holds the season's 11 sessions once and the session is
    announced once; restarted, the workers add and announce nothing more."""
    old = await Storage.open(database_url)
    try:
        before = LeagueService(old, GameResults(old, {}), VirtualClock(NOW))
        await before.create("Spring", None, CHAT)
        assert not isinstance(await before.act("Spring", ld.Plan(None, FIRST_SUNDAY)),
                              Rejection)
        assert await CalendarStore(old.engine).entries(CHAT, state=None) == []
    finally:
        await old.close()
    workers = [await _start(database_url), await _start(database_url)]
    try:
        await _recovered(workers)
        entries = await CalendarStore(workers[0].storage.engine).entries(CHAT, state=None)
        assert [e.starts_local for e in entries][:2] == ["2026-03-08 19:00", "2026-03-11 19:00"]
        assert [e.number for e in entries] == list(range(1, 12))
        for worker in workers:
            await worker.scheduler.advance(DAY_BEFORE + 60)
        assert _announced(workers) == [
            "League “Spring”, day 1, Sunday: tomorrow, 2026-03-08 19:00 (Europe/Moscow). Two "
            "games: the season's games 1 and 2."]
    finally:
        for worker in workers:
            await worker.storage.close()
    later = workers[0].scheduler.clock.now()
    again = [await _start(database_url, later), await _start(database_url, later)]
    try:
        await _recovered(again)
        for worker in again:
            await worker.scheduler.advance(60)
        assert _announced(again) == []
        assert len(await CalendarStore(again[0].storage.engine).entries(CHAT, state=None)) == 11
    finally:
        for worker in again:
            await worker.storage.close()
