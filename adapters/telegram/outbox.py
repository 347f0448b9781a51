"""The outgoing queue: one lane per chat, paced under Telegram's limits, retried after a 429.

Telegram allows about 20 messages a minute into one group, about one a second into a private
chat (short bursts are fine) and about 30 a second in all; beyond that it answers 429 with
``retry_after``. Each chat has a lane that sends its jobs one at a time, in order, when its
own sliding window has room and the bot-wide one hands it a turn. The bot-wide turns go to
urgent jobs first, then to group messages and to jobs someone must act on (``Job.ahead``:
the host's list to judge, a juror's vote), then to the other private messages, each in the
order the lanes asked (a ``_Gate``, one sleeper for all lanes):
thousands of receipts of a SYNC window wait in line without each lane waking at every free
slot, and the group's signal or next question does not wait behind them. A job is one
outgoing message, possibly several API calls (a photo, then the text in chunks); after a 429
the lane sleeps and retries the same call, so nothing is lost, repeated or reordered.
Questions and signals are urgent: they go before queued chatter, and chatter leaves a few
slots of a group's window free for them (DESIGN.md, Time). A job may carry a receipt,
completed once every call of it went through, or failed with ``DeliveryFailed`` when one did
not: a question's minute starts on it.

The windows of this process start from what the process before it sent: the adapter saves the
send times still inside each group's window now and then and when it stops (``recent``), and
gives them back at start (``restore``). A bot restarted in a quiet moment posts at once; one
restarted right after filling a group's budget waits only for the part of the minute it owes.
What a killed process sent after its last save is not known; Telegram then answers 429 with
``retry_after`` and the lane waits that long and sends the same call again, so nothing is lost.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramEntityTooLarge,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import TelegramMethod

from bot.ports import DeliveryFailed, Outgoing

log = logging.getLogger(__name__)

_UNFETCHED = re.compile(r"failed to get HTTP URL content|wrong file identifier/HTTP URL"
                        r"|wrong type of the web page content", re.IGNORECASE)
"""Telegram's 400s for a file it could not fetch by URL."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Sending limits: ``(messages, seconds)`` windows for a group chat, a private chat and
    the whole bot; ``signal_reserve`` slots of a group's window that only signals may use;
    ``network_retries`` tries of a call that failed on the network or a Telegram 5xx;
    ``countdown_step`` seconds between countdown edits (three a minute by default)."""

    group: tuple[int, float] = (20, 60.0)
    private: tuple[int, float] = (3, 3.0)
    overall: tuple[int, float] = (30, 1.0)
    signal_reserve: int = 2
    network_retries: int = 3
    countdown_step: float = 20.0


class Window:
    """A sliding window: at most ``count`` sends in any ``period`` seconds."""

    def __init__(self, count: int, period: float) -> None:
        self.count = count
        self.period = period
        self._times: deque[float] = deque()

    def delay(self, now: float, reserve: int = 0) -> float:
        """Seconds from ``now`` (monotonic) until one more send fits while ``reserve`` slots
        stay free; 0 when it fits now."""
        while self._times and self._times[0] <= now - self.period:
            self._times.popleft()
        allowed = max(1, self.count - reserve)
        if len(self._times) < allowed:
            return 0.0
        return self._times[len(self._times) - allowed] + self.period - now

    def note(self, now: float) -> None:
        """Count a send at ``now``."""
        self._times.append(now)

    def recent(self, now: float) -> list[float]:
        """The times (monotonic, oldest first) of the sends still inside the window at
        ``now``."""
        return [t for t in self._times if t > now - self.period]

    def restore(self, times: Iterable[float]) -> None:
        """Count sends made at ``times`` (monotonic, oldest first) before any noted here."""
        self._times.extendleft(reversed(list(times)))


class _Gate:
    """The bot-wide ``window`` handed out in turns: ``turn`` waits until a send fits and it
    is the caller's turn, lower ``rank`` first, each rank in arrival order. One task sleeps
    until the next slot frees, whatever the number of waiting lanes."""

    def __init__(self, window: Window, clock: Callable[[], float]) -> None:
        self.window = window
        self._clock = clock
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._task: asyncio.Task[None] | None = None

    async def turn(self, rank: int) -> None:
        """Wait for a send slot of the bot-wide window (``rank`` 0 goes first); the send is
        counted when it returns. Cancelled, the caller gives up its place."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (rank, next(self._order), waiter))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._hand_out())
        await waiter

    async def _hand_out(self) -> None:
        while self._waiting:
            waiter = self._waiting[0][2]
            if waiter.done():  # its lane was cancelled
                heapq.heappop(self._waiting)
                continue
            now = self._clock()
            wait = self.window.delay(now)
            if wait > 0:
                # An urgent caller arriving meanwhile is first in line when the slot frees.
                await asyncio.sleep(wait)
                continue
            heapq.heappop(self._waiting)
            self.window.note(now)
            waiter.set_result(None)

    async def close(self) -> None:
        """Stop handing out turns."""
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task


@dataclass(eq=False, slots=True)
class Part:
    """One API call of a job. ``fallback`` replaces ``method`` once when Telegram refuses it
    as a bad request (a picture URL it cannot fetch); ``upload``, when Telegram says it could
    not get the file at the call's URL, is awaited once for the call that uploads the file
    instead (None: the bot could not download it either); ``on_sent`` gets the call's
    result; a part that is not ``required`` may fail without failing the job's delivery (a
    photo whose link the text carries)."""

    method: TelegramMethod[Any]
    fallback: TelegramMethod[Any] | None = None
    on_sent: Callable[[Any], None] | None = None
    required: bool = True
    upload: Callable[[], Awaitable[TelegramMethod[Any] | None]] | None = None


@dataclass(eq=False, slots=True)
class Job:
    """One outgoing message for ``chat_id``: its calls in order and how many are done.

    ``message`` is the core's message it renders (None for the adapter's own notices and
    edits), handed to the undeliverable callback when Telegram refuses the chat; ``urgent``
    jobs (questions, signals) go before queued chatter; ``ahead`` ones (a message with
    buttons: someone must act on it) and group messages before the other private chatter of
    the bot as a whole, such as thousands of answer receipts; ``receipt``, when given, is
    completed
    with ``result`` (a question's sound: how long it plays, ``bot.ports.Receipt``) once every
    required part was sent, or failed with ``DeliveryFailed``; ``lost`` once a required part
    was given up; ``queued_at`` the outbox's clock when it was queued."""

    chat_id: int
    parts: list[Part]
    urgent: bool = False
    ahead: bool = False
    message: Outgoing | None = None
    receipt: asyncio.Future[float | None] | None = None
    result: float | None = None
    done: int = 0
    failures: int = 0
    lost: bool = False
    queued_at: float = 0.0


Undeliverable = Callable[[Job, TelegramAPIError], Awaitable[None]]


class _Outcome(Enum):
    NEXT = "next"      # the part is sent
    SKIP = "skip"      # the part is given up after a logged error; the job goes on
    RETRY = "retry"    # try the same part again
    DROP = "drop"      # give up the whole job


class _Lane:
    """One chat's queue: urgent jobs first, but a job already half sent is finished first."""

    def __init__(self, window: Window, reserve: int) -> None:
        self.window = window
        self.reserve = reserve
        self.urgent: deque[Job] = deque()
        self.chatter: deque[Job] = deque()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def peek(self) -> Job | None:
        if self.chatter and self.chatter[0].done:
            return self.chatter[0]
        if self.urgent:
            return self.urgent[0]
        return self.chatter[0] if self.chatter else None

    def pop(self, job: Job) -> None:
        queue = self.urgent if self.urgent and self.urgent[0] is job else self.chatter
        queue.popleft()

    def jobs(self) -> list[Job]:
        return [*self.urgent, *self.chatter]


class Outbox:
    """Sends jobs through ``bot``, one lane per chat, under ``limits``.

    ``on_undeliverable`` is awaited when Telegram refuses a chat for good (the bot was
    removed, the user blocked it or never opened it). ``clock`` is a monotonic time in
    seconds. Group chats have negative ids, people positive ones.
    """

    def __init__(self, bot: Bot, limits: Limits, on_undeliverable: Undeliverable, *,
                 clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.bot = bot
        self.limits = limits
        self.on_undeliverable = on_undeliverable
        self._clock = clock
        self._wall = wall
        self._overall = _Gate(self._window(*limits.overall), clock)
        self._lanes: dict[int, _Lane] = {}
        self.throttled = 0
        """How many times Telegram answered 429 (flood limit) since the start."""
        self.sends = 0
        """How many calls were sent (or tried) since the start."""

    def _window(self, count: int, period: float) -> Window:
        return Window(count, period)

    def put(self, job: Job) -> None:
        """Queue ``job`` behind its chat's earlier jobs (an urgent one: behind earlier urgent
        ones)."""
        lane = self._lane(job.chat_id)
        job.queued_at = self._clock()
        (lane.urgent if job.urgent else lane.chatter).append(job)
        lane.wake.set()
        if lane.task is None or lane.task.done():
            lane.task = asyncio.create_task(self._work(lane))

    def _lane(self, chat_id: int) -> _Lane:
        lane = self._lanes.get(chat_id)
        if lane is None:
            group = chat_id < 0
            count, period = self.limits.group if group else self.limits.private
            lane = self._lanes[chat_id] = _Lane(self._window(count, period),
                                                self.limits.signal_reserve if group else 0)
        return lane

    def recent(self) -> dict[int, list[datetime]]:
        """The UTC times of the sends still inside each group chat's window, by chat (a
        private chat's window of a few seconds is over before a restart is, and there may be
        thousands of them)."""
        now, wall = self._clock(), self._wall()
        kept: dict[int, list[datetime]] = {}
        for chat_id, lane in self._lanes.items():
            if chat_id < 0 and (times := lane.window.recent(now)):
                kept[chat_id] = [wall - timedelta(seconds=now - t) for t in times]
        return kept

    def restore(self, recent: Mapping[int, Iterable[datetime]]) -> None:
        """Count the sends another process made at the UTC times in ``recent`` (by chat, as
        ``recent`` gives them) in the chats' windows; call it before anything is queued."""
        now, wall = self._clock(), self._wall()
        for chat_id, times in recent.items():
            self._lane(chat_id).window.restore(
                now - (wall - at).total_seconds() for at in sorted(times))

    def queued(self) -> int:
        """How many jobs wait in all the chats' lanes (the one being sent included)."""
        return sum(len(lane.urgent) + len(lane.chatter) for lane in self._lanes.values())

    def oldest_wait(self) -> float:
        """Seconds the longest-waiting queued job has waited (0 with none queued)."""
        first = [queue[0].queued_at for lane in self._lanes.values()
                 for queue in (lane.urgent, lane.chatter) if queue]
        return self._clock() - min(first) if first else 0.0

    async def drain(self) -> None:
        """Wait until every queued job has been sent or given up."""
        while tasks := [lane.task for lane in self._lanes.values()
                        if lane.task is not None and not lane.task.done()]:
            await asyncio.wait(tasks)

    async def close(self) -> None:
        """Stop every lane; what is still queued is dropped (its receipts cancelled)."""
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(asyncio.CancelledError):
                await task
        await self._overall.close()
        for lane in self._lanes.values():
            for job in lane.jobs():
                if job.receipt is not None:
                    job.receipt.cancel()

    async def _work(self, lane: _Lane) -> None:
        while (job := lane.peek()) is not None:
            now = self._clock()
            reserve = 0 if job.urgent else lane.reserve
            wait = lane.window.delay(now, reserve)
            if wait > 0:
                # Sleep until a slot frees, or until a new job (maybe a signal) arrives.
                lane.wake.clear()
                # asyncio.timeout, not wait_for: wait_for swallows a cancellation that comes
                # with a wake-up (Python 3.11), and close() would wait out the whole delay.
                with suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await lane.wake.wait()
                continue
            await self._overall.turn(0 if job.urgent else 1 if job.ahead or job.chat_id < 0
                                     else 2)
            # An urgent job that came while this one waited for its turn takes the turn (it
            # fits the chat's window: it keeps no reserve).
            job = lane.peek() or job
            lane.window.note(self._clock())
            self.sends += 1
            outcome = await self._attempt(job)
            if outcome in (_Outcome.NEXT, _Outcome.SKIP):
                job.lost = job.lost or (outcome is _Outcome.SKIP and job.parts[job.done].required)
                job.done += 1
                job.failures = 0
            if outcome is _Outcome.DROP or job.done == len(job.parts):
                lane.pop(job)
                _settle(job, delivered=outcome is not _Outcome.DROP and not job.lost)

    async def _attempt(self, job: Job) -> _Outcome:
        part = job.parts[job.done]
        name = part.method.__api_method__
        try:
            result = await self.bot(part.method)
        except TelegramRetryAfter as error:
            self.throttled += 1
            log.warning("%s to %s: flood limit, retrying in %s s", name, job.chat_id,
                        error.retry_after)
            await asyncio.sleep(error.retry_after)
            return _Outcome.RETRY
        except TelegramMigrateToChat as error:
            log.error("%s to %s: the group became supergroup %s; message dropped", name,
                      job.chat_id, error.migrate_to_chat_id)
            return _Outcome.DROP
        except TelegramForbiddenError as error:
            await self._undeliverable(job, error)
            return _Outcome.DROP
        except TelegramBadRequest as error:
            if part.upload is not None and _UNFETCHED.search(error.message):
                upload, part.upload = part.upload, None
                method = await upload()
                if method is not None:
                    log.info("%s to %s: Telegram could not fetch the file (%s); uploading it",
                             name, job.chat_id, error.message)
                    part.method = method
                    return _Outcome.RETRY
            if part.fallback is not None:
                log.info("%s to %s refused (%s); sending the fallback", name, job.chat_id,
                         error.message)
                part.method, part.fallback = part.fallback, None
                return _Outcome.RETRY
            if "not modified" in error.message:
                return _Outcome.NEXT
            if "chat not found" in error.message:
                await self._undeliverable(job, error)
                return _Outcome.DROP
            log.warning("%s to %s refused: %s", name, job.chat_id, error.message)
            return _Outcome.SKIP
        except TelegramEntityTooLarge as error:
            log.warning("%s to %s too large: %s", name, job.chat_id, error.message)
            return _Outcome.SKIP
        except (TelegramNetworkError, TelegramServerError) as error:
            # The message may have arrived before the failure: a rare duplicate is better
            # than a lost signal.
            job.failures += 1
            if job.failures <= self.limits.network_retries:
                await asyncio.sleep(2 ** (job.failures - 1))
                return _Outcome.RETRY
            log.error("%s to %s failed %d times: %s", name, job.chat_id, job.failures,
                      error.message)
            return _Outcome.SKIP
        except TelegramAPIError as error:
            log.error("%s to %s failed: %s", name, job.chat_id, error.message)
            return _Outcome.SKIP
        if part.on_sent is not None:
            part.on_sent(result)
        return _Outcome.NEXT

    async def _undeliverable(self, job: Job, error: TelegramAPIError) -> None:
        log.warning("chat %s cannot be reached: %s", job.chat_id, error.message)
        try:
            await self.on_undeliverable(job, error)
        except Exception:
            log.exception("handling the undeliverable chat %s failed", job.chat_id)


def _settle(job: Job, *, delivered: bool) -> None:
    """Complete ``job``'s receipt: delivered, or failed."""
    if job.receipt is None or job.receipt.done():
        return
    if delivered:
        job.receipt.set_result(job.result)
    else:
        job.receipt.set_exception(DeliveryFailed(f"a message to {job.chat_id} was not sent"))
