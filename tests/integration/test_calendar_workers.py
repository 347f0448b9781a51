"""Two workers sharing one PostgreSQL database (docs/scaling.md) run the club's calendar: a
reminder is sent once, by the owner of the chat's live game when there is one (the same
ownership as the games), else by whichever worker claims it first; and a restart of both
sends nothing again."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.calendar.jobs import CalendarService, chat_owner
from bot.calendar.schedule import Entry
from bot.i18n import Translator
from bot.timers import VirtualClock, VirtualScheduler
from storage.calendar import CalendarStore
from storage.db import Storage, StoredEvent
from storage.gamelocks import GameLocks
from tests.databases import on_postgresql
from tests.integration.world import GROUP, Recorder

pytestmark = pytest.mark.skipif(not on_postgresql(),
                                reason="game locks are PostgreSQL advisory locks: "
                                       "run under .ci/with-postgres")

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
DAY = 86_400


async def _workers(storage: Storage, clock: VirtualClock, locks: list[GameLocks]
                   ) -> list[tuple[CalendarService, VirtualScheduler, Recorder]]:
    """One calendar per lock connection (a worker each), recovered from the tables, each
    sending to a recorder of its own."""
    workers = []
    for lock in locks:
        scheduler, recorder = VirtualScheduler(clock), Recorder()
        calendar = CalendarService(CalendarStore(storage.engine), clock, scheduler, recorder,
                                   Translator(), owns=chat_owner(storage, lock))
        scheduler.callback = calendar.on_timer
        await calendar.recover()
        workers.append((calendar, scheduler, recorder))
    return workers


def _reminders(recorder: Recorder) -> list[str]:
    return [m.text for m in recorder.sent if m.key == "calendar-day"]


@pytest.mark.parametrize("game_live", [False, True], ids=["no game", "a live game owned"])
async def test_two_workers_send_a_reminder_once(database_url, game_live):
    """Given a DUEL game scheduled for Tuesday 19:00 in Moscow and two workers that both armed
    its steps (the second owning the chat's live game, or no game live there), when both
    reach the day before, the first one first, then the chat is reminded once: by the
    owner of its game when there is one, else by the first; restarted, neither sends it
    again."""
    storage = await Storage.open(database_url)
    locks = [await GameLocks.open(storage.engine), await GameLocks.open(storage.engine)]
    try:
        clock = VirtualClock(NOW)
        first = (await _workers(storage, clock, locks[:1]))[0][0]
        assert isinstance(await first.schedule(GROUP, "host", "Host", "en", "duel",
                                               datetime(2026, 12, 8, 19, 0), False), Entry)
        if game_live:
            game_id = await storage.create_game("duel", GROUP.key, None, "en", [
                StoredEvent(1, NOW, "duel.created", {}, 1)])
            assert await locks[1].take(game_id)
        workers = await _workers(storage, clock, locks)
        for _, scheduler, _ in workers:
            await scheduler.advance(DAY + 4 * 3_600)
        sender = 1 if game_live else 0
        assert _reminders(workers[sender][2]) == [
            "Reminder: a game (Duel) on 2026-12-08 19:00 (Europe/Moscow)."]
        assert _reminders(workers[1 - sender][2]) == []
        again = await _workers(storage, clock, locks)
        for _, scheduler, _ in again:
            await scheduler.advance(60)
        assert all(_reminders(recorder) == [] for _, _, recorder in again)
    finally:
        for lock in locks:
            await lock.close()
        await storage.close()
