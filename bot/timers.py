"""Clocks and schedulers behind the ``Clock`` and ``Scheduler`` ports.

Real time uses APScheduler 3 (one date-triggered job per key); virtual time is a heap of
deadlines that ``VirtualScheduler.advance`` fires in order, for scripted games and tests.
"""

from __future__ import annotations

import heapq
import itertools
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from bot.ports import TimerCallback


class SystemClock:
    """The machine's clock, in UTC."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


class APSchedulerTimers:
    """The ``Scheduler`` port on APScheduler's ``AsyncIOScheduler``.

    Jobs are keyed by ``key`` (``"<game id>:<timer name>"``); ``misfire_grace_time=None`` makes
    a late job run however late it is instead of being skipped silently (DESIGN.md, Time).
    Call ``start`` inside the running event loop; set ``callback`` before the first timer.
    """

    def __init__(self, callback: TimerCallback | None = None) -> None:
        self.callback = callback
        self._scheduler = AsyncIOScheduler(timezone=UTC)

    async def _fire(self, key: str) -> None:
        # A coroutine function, so APScheduler awaits it on the loop instead of a thread.
        if self.callback is not None:
            await self.callback(key)

    def start(self) -> None:
        """Start the underlying scheduler (needs a running asyncio loop)."""
        self._scheduler.start()

    def shutdown(self) -> None:
        """Stop without waiting for running jobs."""
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)

    def schedule(self, key: str, at: datetime) -> None:
        """Run the callback with ``key`` at ``at``; replaces an earlier job of that key."""
        self._scheduler.add_job(
            self._fire, DateTrigger(run_date=at), args=[key], id=key,
            replace_existing=True, misfire_grace_time=None, coalesce=True,
        )

    def cancel(self, key: str) -> None:
        """Remove the job of ``key`` if there is one."""
        job = self._scheduler.get_job(key)
        if job is not None:
            job.remove()


class VirtualClock:
    """A clock that only moves when told to; starts at ``start`` (UTC)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, 19, 0, tzinfo=UTC)

    def now(self) -> datetime:
        """The virtual current time."""
        return self._now

    def set(self, when: datetime) -> None:
        """Move the clock to ``when`` (never backwards)."""
        self._now = max(self._now, when)


class VirtualScheduler:
    """The ``Scheduler`` port in virtual time: ``advance`` fires due timers in deadline order."""

    def __init__(self, clock: VirtualClock, callback: TimerCallback | None = None) -> None:
        self.clock = clock
        self.callback = callback
        self._heap: list[tuple[datetime, int, str]] = []
        self._live: dict[str, datetime] = {}
        self._order = itertools.count()

    def schedule(self, key: str, at: datetime) -> None:
        """Arm ``key`` for ``at``; replaces an earlier deadline of that key."""
        self._live[key] = at
        heapq.heappush(self._heap, (at, next(self._order), key))

    def cancel(self, key: str) -> None:
        """Disarm ``key``."""
        self._live.pop(key, None)

    def pending(self) -> dict[str, datetime]:
        """The armed keys and their deadlines."""
        return dict(self._live)

    async def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` ahead, firing every timer due on the way, in order.

        A callback may arm new timers; those due before the end are fired too.
        """
        end = self.clock.now() + timedelta(seconds=seconds)
        while self._heap and self._heap[0][0] <= end:
            at, _, key = heapq.heappop(self._heap)
            if self._live.get(key) != at:
                continue  # replaced or cancelled since it was pushed
            del self._live[key]
            self.clock.set(at)
            if self.callback is not None:
                await self.callback(key)
        self.clock.set(end)
