"""The real-time scheduler (``bot.timers.LoopTimers``, DESIGN.md, Time; RULES.md DUEL-3.4.2):
a late deadline still fires, a key has one deadline, nothing fires early by the wall clock or
after the stop, and a minute running when the bot stops sounds both its signals after the
restart, once each."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.timers import LoopTimers, SystemClock
from tests.integration.world import service_world

from .test_storage_faults import discussing


class Fired:
    """The callback: records each key with the wall-clock time it fired at."""

    def __init__(self, clock=None) -> None:
        self.clock = clock or SystemClock()
        self.keys: list[str] = []
        self.at: dict[str, datetime] = {}
        self.event = asyncio.Event()

    async def __call__(self, key: str) -> None:
        self.keys.append(key)
        self.at[key] = self.clock.now()
        self.event.set()

    async def until(self, count: int) -> None:
        async with asyncio.timeout(30):
            while len(self.keys) < count:
                self.event.clear()
                await self.event.wait()


def soon(seconds: float) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


async def test_a_deadline_already_past_fires_at_once_not_skipped():
    """DESIGN.md, Time: a late timer (the bot was busy or down) is never silently skipped."""
    fired = Fired()
    timers = LoopTimers(fired)
    timers.start()
    try:
        timers.schedule("1:end", datetime.now(UTC) - timedelta(hours=1))
        await fired.until(1)
        assert fired.keys == ["1:end"]
    finally:
        timers.shutdown()


async def test_scheduling_a_key_again_replaces_it_and_cancel_forgets_it():
    fired = Fired()
    timers = LoopTimers(fired)
    timers.start()
    try:
        timers.schedule("1:end", soon(0.05))
        timers.schedule("1:end", soon(0.2))
        timers.schedule("2:end", soon(0.05))
        timers.cancel("2:end")
        timers.schedule("3:end", soon(0.3))
        await fired.until(2)
        assert fired.keys == ["1:end", "3:end"]
    finally:
        timers.shutdown()


class BehindClock:
    """The wall clock set back by ``behind`` seconds once the timer is armed."""

    def __init__(self) -> None:
        self.behind = 0.0

    def now(self) -> datetime:
        return datetime.now(UTC) - timedelta(seconds=self.behind)


async def test_a_timer_never_fires_before_its_deadline_by_the_wall_clock():
    """The handle waits on the loop's clock; when the system clock has been set back
    meanwhile, the timer waits for the rest instead of firing early."""
    clock = BehindClock()
    fired = Fired(clock)
    timers = LoopTimers(fired, clock)
    timers.start()
    try:
        deadline = clock.now() + timedelta(seconds=0.05)
        timers.schedule("1:end", deadline)
        clock.behind = 0.3
        await fired.until(1)
        assert fired.at["1:end"] >= deadline
    finally:
        timers.shutdown()


async def test_keys_scheduled_before_start_wait_for_it_and_nothing_fires_after_shutdown():
    fired = Fired()
    timers = LoopTimers(fired)
    timers.schedule("1:end", datetime.now(UTC) - timedelta(seconds=1))
    await asyncio.sleep(0.05)
    assert fired.keys == []
    timers.start()
    await fired.until(1)
    timers.schedule("2:end", soon(0.05))
    timers.shutdown()
    timers.schedule("3:end", soon(0.01))
    await asyncio.sleep(0.3)
    assert fired.keys == ["1:end"]


async def test_duel_3_4_2_both_signals_sound_once_after_a_restart_mid_minute(tmp_path):
    """The bot stops just after the captain's pick in a 3-second minute (the warning is due at
    1.5 s); started again with fresh timers on the same database, it re-arms them from the log
    and, over both runs, each signal comes once."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'chgk.sqlite3'}"
    duel = {"discussion": 3.0, "warning_at": 1.5}
    first = LoopTimers()
    world = await service_world(url, duel=duel, scheduler=first, clock=SystemClock())
    first.start()
    await discussing(world.service)
    first.shutdown()
    await world.service.idle()
    before = world.recorder.signals()
    await world.close()

    second = LoopTimers()
    world = await service_world(url, duel=duel, scheduler=second, clock=SystemClock(),
                                package=None)
    second.start()
    try:
        await world.service.recover()
        async with asyncio.timeout(30):
            while len(before + world.recorder.signals()) < 2:
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert before + world.recorder.signals() == ["2 seconds left!", "Time!"]
        kinds = [e.kind for e in await world.storage.events(1)]
        assert kinds.count("duel.warning") == 1
    finally:
        second.shutdown()
        await world.service.idle()
        await world.close()
