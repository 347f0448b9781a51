"""The timer keeper: a scheduler callback turned into the decider's ``TimerFired``, retried
while the database refuses the events."""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.ports import Clock, Metrics, Scheduler
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.model import LiveGame
from storage.db import storage_fault

log = logging.getLogger(__name__)

RETRY_FIRST = 1.0
"""Seconds before a timer whose events could not be stored is tried again; doubled each time."""
RETRY_MAX = 30.0
"""The longest wait between two tries of a timer, in seconds."""
ALERT_AFTER = 5.0
"""Seconds a game's timer may go unsaved because the database is locked before its host is
told (a read-only or full database is reported at the first failure: it does not pass)."""


class TimerKeeper:
    """Fires a game's timers: decides the timer's action and commits it (``committer``).

    A deadline is never lost (DESIGN.md, Time): when the database refuses the timer's events,
    the timer stays armed and is tried again on ``scheduler`` after ``RETRY_FIRST`` seconds,
    doubling up to ``RETRY_MAX``, until they are stored; the host is told privately
    (``deliverer``) when the game cannot be saved (``ALERT_AFTER``) and again once it can.
    Refused writes are counted in ``metrics``.

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core``'s decider and the ``course`` (a timer's action)."""

    def __init__(self, scheduler: Scheduler, clock: Clock, committer: Committer,
                 deliverer: Deliverer, metrics: Metrics) -> None:
        self.scheduler = scheduler
        self.clock = clock
        self.committer = committer
        self.deliverer = deliverer
        self.metrics = metrics

    async def fire(self, game: LiveGame, key: str, name: str) -> None:
        """Fire the timer ``name`` of ``game`` (scheduled as ``key``), once the commands
        that reached the bot by its deadline are decided (``LiveGame.arrivals``, waited for a
        bounded time); never raises (a failure is logged)."""
        try:
            due = game.armed.get(name)
            if due is not None and game.arrivals is not None:
                # What reached the bot before the deadline is decided first (SYNC-6).
                await game.arrivals.settled(due)
            async with game.lock:
                deadline = game.armed.get(name)
                if deadline is None:
                    return
                if any(game.armed.get(other, deadline) < deadline for other in game.retries):
                    # An earlier deadline of this game waits for the database: this one goes
                    # after it ("Time!" never overtakes the warning), rescheduled by a commit.
                    game.retries.setdefault(name, 0)
                    return
                del game.armed[name]
                result = game.core.decider.decide(
                    game.state, game.course.timer_action(name, deadline), self.clock.now())
                if not isinstance(result, list) or not result:
                    game.retries.pop(name, None)
                    return
                try:
                    await self.committer.commit(game, result, None)
                except Exception as error:
                    fault = storage_fault(error)
                    if fault is None:
                        raise
                    game.armed[name] = deadline
                    await self._retry_later(game, key, name, fault, error)
                    return
                game.retries.pop(name, None)
        except Exception:
            log.exception("timer %s failed", key)

    async def _retry_later(self, game: LiveGame, key: str, name: str, fault: str,
                           error: Exception) -> None:
        self.metrics.write_refused(fault)
        tries = game.retries[name] = game.retries.get(name, 0) + 1
        delay = min(RETRY_FIRST * 2 ** (tries - 1), RETRY_MAX)
        now = self.clock.now()
        log.warning("timer %s not stored, the database is %s (%s); try %d again in %.0f s",
                    key, fault, getattr(error, "orig", error), tries, delay)
        self.scheduler.schedule(key, now + timedelta(seconds=delay))
        if game.unsaved_since is None:
            game.unsaved_since = now
        lasting = (now - game.unsaved_since).total_seconds() >= ALERT_AFTER
        if not game.host_alerted and (lasting or fault in ("readonly", "full")):
            game.host_alerted = True
            await self.deliverer.tell_host(game, f"storage-down-{fault}")
