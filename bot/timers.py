"""Clocks and schedulers behind the ``Clock`` and ``Scheduler`` ports.

Real time uses the event loop's timer heap (one ``loop.call_at`` per key, ``LoopTimers``);
virtual time is a heap of deadlines that ``VirtualScheduler.advance`` fires in order, for
scripted games and tests.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from datetime import UTC, datetime, timedelta

from bot.ports import NO_METRICS, Clock, Metrics, TimerCallback

log = logging.getLogger(__name__)


class SystemClock:
    """The machine's clock, in UTC."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


class LoopTimers:
    """The ``Scheduler`` port on the event loop's own timer heap: one ``loop.call_at`` handle
    per key (``"<game id>:<timer name>"``).

    Why not APScheduler (bench/): ``bench/timers.py`` arms the same deadlines through both;
    APScheduler 3 spends about 80 us of CPU on every ``add_job`` (``inspect.signature`` of the
    callable, a ``Job`` built and checked, the job store's sorted list) against 3-5 us for a
    ``call_at``, and a burst of minutes starting at once (1,000 games' warning and end timers)
    held the loop for that long, which made the timers themselves late. A job per due second
    would still pay that per second and need a finer timer inside it; the loop's heap is that
    finer timer already. Kept from the APScheduler setup the bot relied on (DESIGN.md, Time):

    - a late deadline fires however late it is, never skipped (``misfire_grace_time=None``):
      a handle that is due runs at the loop's next turn;
    - one pending deadline per key: scheduling a key again replaces it (``replace_existing``);
    - nothing lives only here: deadlines are in the games' logs and ``GameService.recover``
      arms them again after a restart, those already past at once;
    - never early by the wall clock: deadlines are UTC datetimes read against ``clock``; the
      handle waits on the loop's monotonic clock, and a handle that comes due while ``clock``
      is still before the deadline (the system clock was set back) waits again for the rest;
    - a callback that raises is logged and the other timers go on.

    Keys scheduled before ``start`` wait for it; after ``shutdown`` nothing fires and new keys
    are ignored (their deadlines are in the log for the next start). Set ``callback`` before
    the first deadline comes due.
    """

    def __init__(self, callback: TimerCallback | None = None,
                 clock: Clock | None = None) -> None:
        self.callback = callback
        self.metrics: Metrics = NO_METRICS
        """Where each timer's lateness is counted (``bot.ports.Metrics``)."""
        self._clock = clock or SystemClock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped = False
        self._pending: dict[str, datetime] = {}
        self._handles: dict[str, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        """Start firing on the running asyncio loop; arms the keys scheduled so far."""
        self._loop = asyncio.get_running_loop()
        pending, self._pending = self._pending, {}
        for key, at in pending.items():
            self._arm(key, at)

    def shutdown(self) -> None:
        """Stop: disarm every key; callbacks already running are not waited for."""
        self._stopped = True
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        self._pending.clear()

    @property
    def running(self) -> bool:
        """Started and not shut down."""
        return self._loop is not None and not self._stopped

    def schedule(self, key: str, at: datetime) -> None:
        """Run the callback with ``key`` at ``at`` (UTC), at once if that is past; replaces an
        earlier deadline of that key."""
        if self._stopped:
            return
        self.cancel(key)
        if self._loop is None:
            self._pending[key] = at
        else:
            self._arm(key, at)

    def cancel(self, key: str) -> None:
        """Forget the deadline of ``key`` if there is one."""
        self._pending.pop(key, None)
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def _arm(self, key: str, at: datetime) -> None:
        assert self._loop is not None
        delay = (at - self._clock.now()).total_seconds()
        self._handles[key] = self._loop.call_at(self._loop.time() + max(0.0, delay),
                                                self._due, key, at)

    def armed(self) -> int:
        """How many keys have a deadline now."""
        return len(self._handles) + len(self._pending)

    def _due(self, key: str, at: datetime) -> None:
        assert self._loop is not None
        now = self._clock.now()
        if now < at:
            self._arm(key, at)
            return
        self.metrics.timer_fired((now - at).total_seconds())
        del self._handles[key]
        task = self._loop.create_task(self._fire(key))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _fire(self, key: str) -> None:
        if self.callback is None:
            return
        try:
            await self.callback(key)
        except Exception:
            log.exception("timer %s failed", key)


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
