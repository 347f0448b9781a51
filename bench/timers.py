"""Timers: the same deadlines through the project's scheduler (``bot.timers.LoopTimers``),
through APScheduler 3 as the bot once used it (one date-triggered job per key,
``misfire_grace_time=None``, ``coalesce``, ``replace_existing``) and through bare
``loop.call_at`` on an otherwise idle loop.

``count`` deadlines spread uniformly over ``spread`` seconds, starting half a second from now,
are armed at once, the way the games arm their warning and end timers; every one re-armed once
(as a game does when its minute is paused and resumed) and a tenth of them cancelled. Measured
for each path: the CPU seconds per armed timer, the CPU seconds per fired timer (the loop's
whole thread time from the first arm to the last fire, divided by the timers fired) and the
lateness, fired minus deadline (ms). ``python -m bench.timers [count]`` prints the JSON.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from bench.stats import ratio, samples, summarize
from bot.timers import LoopTimers


class _Timers(Protocol):
    def schedule(self, key: str, at: datetime) -> None: ...

    def cancel(self, key: str) -> None: ...


class APSchedulerTimers:
    """The bot's former scheduler, kept here as the measured alternative: one
    APScheduler job per key."""

    def __init__(self, callback: Any) -> None:
        self._callback = callback
        self._scheduler = AsyncIOScheduler(timezone=UTC)

    async def _fire(self, key: str) -> None:
        await self._callback(key)

    def start(self) -> None:
        """Start APScheduler on the running loop."""
        self._scheduler.start()

    def shutdown(self) -> None:
        """Stop APScheduler without waiting for running jobs."""
        self._scheduler.shutdown(wait=False)

    def schedule(self, key: str, at: datetime) -> None:
        """Arm (or re-arm) ``key`` for the UTC datetime ``at``: one date-triggered job."""
        self._scheduler.add_job(self._fire, DateTrigger(run_date=at), args=[key], id=key,
                                replace_existing=True, misfire_grace_time=None, coalesce=True)

    def cancel(self, key: str) -> None:
        """Disarm ``key``; nothing happens when it is not armed."""
        job = self._scheduler.get_job(key)
        if job is not None:
            job.remove()


class _BareTimers:
    """The floor: ``loop.call_at`` handles kept by key, so re-arming and cancelling cost what
    they must (a handle cancelled, another one armed)."""

    def __init__(self, callback: Any) -> None:
        self._loop = asyncio.get_running_loop()
        self._handles: dict[str, asyncio.TimerHandle] = {}
        self._callback = callback

    def schedule(self, key: str, at: datetime) -> None:
        old = self._handles.pop(key, None)
        if old is not None:
            old.cancel()
        delay = (at - datetime.now(UTC)).total_seconds()
        self._handles[key] = self._loop.call_at(self._loop.time() + delay, self._fire, key)

    def _fire(self, key: str) -> None:
        del self._handles[key]
        self._loop.create_task(self._callback(key))

    def cancel(self, key: str) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()


async def _measure(make: Any, count: int, spread: float, seed: int) -> dict[str, Any]:
    """Arm, re-arm and cancel ``count`` timers on the scheduler ``make(callback)`` builds."""
    rng = random.Random(seed)
    base = datetime.now(UTC) + timedelta(seconds=0.5)
    due = {f"{n}:end": base + timedelta(seconds=rng.uniform(0, spread)) for n in range(count)}
    cancelled = set(rng.sample(sorted(due), count // 10))
    lateness = samples()
    expected = count - len(cancelled)
    done = asyncio.get_running_loop().create_future()

    async def fired(key: str) -> None:
        lateness.append((datetime.now(UTC) - due[key]).total_seconds())
        if len(lateness) == expected:
            done.set_result(None)

    timers: _Timers = make(fired)
    gc.collect()  # each path starts without the garbage of the one before
    cpu = time.thread_time()
    for key, at in due.items():
        timers.schedule(key, at)
    for key, at in due.items():
        timers.schedule(key, at)
    for key in cancelled:
        timers.cancel(key)
    armed_cpu = time.thread_time() - cpu
    await asyncio.wait_for(done, spread + 60)
    total_cpu = time.thread_time() - cpu
    return {"armed": 2 * count, "fired": len(lateness),
            "arm_us": 1e6 * armed_cpu / (2 * count),
            "cpu_per_fired_us": 1e6 * total_cpu / len(lateness),
            "late_ms": summarize(lateness)}


async def run_timers(count: int = 10_000, spread: float = 5.0, seed: int = 1) -> dict[str, Any]:
    """The three paths on the same deadlines; ours/bare ratios of CPU per timer, of the cost
    of arming one and of p99 lateness, and APScheduler's."""

    async def started(kind: Any) -> dict[str, Any]:
        made: list[Any] = []

        def make(callback: Any) -> Any:
            scheduler = kind(callback)
            scheduler.start()
            made.append(scheduler)
            return scheduler

        try:
            return await _measure(make, count, spread, seed)
        finally:
            for scheduler in made:
                scheduler.shutdown()

    project = await started(LoopTimers)
    aps = await started(APSchedulerTimers)
    bare = await _measure(_BareTimers, count, spread, seed)

    def ratios(of: dict[str, Any]) -> dict[str, float | None]:
        return {"arm_ratio": ratio(of["arm_us"], bare["arm_us"]),
                "cpu_ratio": ratio(of["cpu_per_fired_us"], bare["cpu_per_fired_us"]),
                "p99_ratio": ratio(of["late_ms"]["p99"], bare["late_ms"]["p99"])}

    return {"count": count, "spread_s": spread, "ours": project, "apscheduler": aps,
            "bare": bare, **ratios(project),
            "apscheduler_ratios": ratios(aps)}


def main(argv: list[str]) -> int:
    """Measure ``argv[0]`` timers (default 10,000); print the JSON."""
    count = int(argv[0]) if argv else 10_000
    print(json.dumps(asyncio.run(run_timers(count)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
