"""The real-time scheduler of the running bot (``bot.calendar.jobs.CalendarTimers``): the
calendar's keys are APScheduler jobs (a date trigger each, one run for a step found late after
downtime), the games' keys stay on the loop's timer heap, and both reach the one callback."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.calendar.jobs import TIMER_PREFIX, CalendarTimers

WAIT = 30.0
"""How long a test waits for a callback before it fails (never reached when it works)."""


async def test_a_calendar_step_late_after_downtime_fires_once_on_start_and_a_game_timer_too():
    """Given a calendar key scheduled again (replaced) for a moment already past and a game's
    key for now, when the scheduler starts, then each fires once, through its own timer."""
    fired: list[str] = []
    both = asyncio.Event()

    async def callback(key: str) -> None:
        fired.append(key)
        if len(fired) >= 2:
            both.set()

    timers = CalendarTimers(callback)
    past = datetime.now(UTC) - timedelta(days=1)
    timers.schedule(f"{TIMER_PREFIX}7", past + timedelta(hours=1))
    timers.schedule(f"{TIMER_PREFIX}7", past)
    timers.schedule("12:discussion", datetime.now(UTC))
    timers.start()
    try:
        await asyncio.wait_for(both.wait(), WAIT)
        await asyncio.sleep(0.1)  # a second run of either would come now
        assert sorted(fired) == ["12:discussion", f"{TIMER_PREFIX}7"]
        assert timers.armed() == 0
    finally:
        timers.shutdown()


async def test_a_cancelled_calendar_step_does_not_fire():
    """Given a calendar key cancelled before it is due, when the scheduler runs past it, then
    only the other key fires."""
    fired: list[str] = []
    done = asyncio.Event()

    async def callback(key: str) -> None:
        fired.append(key)
        done.set()

    timers = CalendarTimers(callback)
    timers.start()
    try:
        soon = datetime.now(UTC) + timedelta(milliseconds=50)
        timers.schedule(f"{TIMER_PREFIX}1", soon)
        timers.schedule(f"{TIMER_PREFIX}2", soon + timedelta(milliseconds=50))
        timers.cancel(f"{TIMER_PREFIX}1")
        await asyncio.wait_for(done.wait(), WAIT)
        assert fired == [f"{TIMER_PREFIX}2"]
    finally:
        timers.shutdown()
