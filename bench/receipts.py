"""Receipts under Telegram's limit: how long the private receipts of a SYNC
window take to leave through the adapter's outbox (``adapters.telegram.outbox``) when every
team hands in within the last seconds of the window.

Telegram lets one bot send about 30 messages a second in all (and about one a second into one
private chat); the outbox paces under ``Limits()``, the adapter's defaults. The run is the real
``Outbox`` and an aiogram ``Bot`` whose session answers every call as Telegram would after
``rtt`` seconds, on an event loop whose clock jumps to the next timer whenever nothing is
ready: the minutes the pacing takes pass in a moment, and the figures are the outbox's own.

Measured, for each number of teams: from a team's hand-in until its receipt left
(p50/p99/max), when the last receipt left after the window closed (0: before it), and how
late the "answers closed" message in the group and the host's list to judge, both queued as
the window closes, leave while the receipts wait.
"""

from __future__ import annotations

import asyncio
import random
import selectors
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.methods import SendMessage, TelegramMethod
from aiogram.types import Chat, Message

from adapters.telegram.outbox import Job, Limits, Outbox, Part
from bench.stats import summarize

TOKEN = "4242:BENCH-token-of-no-bot"
GROUP = -100_1
HOST = 10_000_000
RTT = 0.08
"""Seconds Telegram takes to answer one call (a round trip from Europe)."""
HAND_IN = 5.0
"""Every team hands in within the last ``HAND_IN`` seconds of the window."""


class _JumpSelector(selectors.SelectSelector):
    """A selector that never sleeps: when nothing is ready it moves the loop's clock on by
    the time the loop meant to wait (to its next timer)."""

    now = 0.0

    def select(self, timeout: float | None = None) -> list[Any]:
        events = super().select(0)
        if not events and timeout:
            self.now += timeout
        return events


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """An event loop on virtual time (seconds from 0): sleeps, timeouts and ``call_at`` run
    in order without waiting. Only for code that does no real I/O."""

    def __init__(self) -> None:
        self._jump = _JumpSelector()
        super().__init__(self._jump)

    def time(self) -> float:
        return self._jump.now


class _Telegram(BaseSession):
    """An aiogram session answering ``sendMessage`` like Telegram after ``rtt`` seconds, and
    counting the calls."""

    def __init__(self, rtt: float) -> None:
        super().__init__(api=TelegramAPIServer.from_base("http://telegram.invalid"))
        self.rtt = rtt
        self.calls = 0

    async def make_request(self, bot: Bot, method: TelegramMethod[Any],
                           timeout: int | None = None) -> Any:
        await asyncio.sleep(self.rtt)
        self.calls += 1
        chat_id = int(method.chat_id)  # type: ignore[attr-defined]
        chat = Chat(id=chat_id, type="private" if chat_id > 0 else "supergroup")
        return Message(message_id=self.calls, date=datetime.now(UTC), chat=chat,
                       text=getattr(method, "text", None))

    async def stream_content(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def close(self) -> None:
        return None


async def _window(teams: int, rng: random.Random, limits: Limits, rtt: float
                  ) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    bot = Bot(TOKEN, session=_Telegram(rtt))
    outbox = Outbox(bot, limits, _nothing, clock=loop.time)
    start = loop.time()
    closes = start + HAND_IN
    waits: list[float] = []
    left: list[float] = []

    def job(chat_id: int, text: str, sent: Callable[[float], None], **kind: bool) -> None:
        receipt: asyncio.Future[float | None] = loop.create_future()
        receipt.add_done_callback(lambda _f: sent(loop.time()))
        outbox.put(Job(chat_id, [Part(SendMessage(chat_id=chat_id, text=text))],
                       receipt=receipt, **kind))

    def hand_in(team: int) -> None:
        at = loop.time()
        job(team, "Ответ принят: «Эйфель», получен в 19:01:14 UTC.",
            lambda done: (waits.append(done - at), left.append(done)))

    for team in range(1, teams + 1):
        loop.call_at(start + rng.uniform(0, HAND_IN), hand_in, team)
    closed: list[float] = []
    listed: list[float] = []
    # As the window closes: the group's notice (a plain message) and the host's list of
    # answer groups to judge (it has buttons: the messenger sends it ahead of receipts).
    loop.call_at(closes, lambda: job(GROUP, "Приём ответов на вопрос 1 закрыт.",
                                     lambda done: closed.append(done - closes)))
    loop.call_at(closes, lambda: job(HOST, "Вопрос 1: 2 группы ответов.",
                                     lambda done: listed.append(done - closes), ahead=True))
    await asyncio.sleep(HAND_IN)
    await outbox.drain()
    await outbox.close()
    return {"teams": teams, "receipt_ms": summarize(waits),
            "last_receipt_after_close_s": max(0.0, max(left) - closes),
            "receipts_per_s": teams / (max(left) - start),
            "group_message_late_s": closed[0], "host_list_late_s": listed[0]}


async def _nothing(_job: Job, _error: Exception) -> None:
    return None


def run_receipts(teams: list[int], *, seed: int = 1, rtt: float = RTT,
                 limits: Limits | None = None) -> list[dict[str, Any]]:
    """One SYNC window per entry of ``teams``, on virtual time; returns the figures of each
    (see the module)."""
    limits = limits or Limits()
    results = []
    for count in teams:
        loop = VirtualTimeLoop()
        try:
            results.append(loop.run_until_complete(
                _window(count, random.Random(seed), limits, rtt)))
        finally:
            loop.close()
    return results


def render_receipts(runs: list[dict[str, Any]], fmt: Callable[[dict[str, Any]], str]
                    ) -> list[str]:
    """The report's lines for ``runs`` (``fmt`` prints a p50/p99/max statistic)."""
    out = [f"Receipts under Telegram's limit: every team hands in within the last "
           f"{HAND_IN:g} s of a SYNC window, one private receipt each, through the outbox "
           f"(about 30 messages/s in all; virtual time, {RTT * 1000:.0f} ms per call)"]
    for r in runs:
        out.append(f"  {r['teams']:>6,} teams: receipt after the hand-in {fmt(r['receipt_ms'])} "
                   f"ms; the last one {r['last_receipt_after_close_s']:.0f} s after the window "
                   f"closed ({r['receipts_per_s']:.1f}/s); the group's 'closed' notice "
                   f"{r['group_message_late_s']:.2f} s and the host's list "
                   f"{r['host_list_late_s']:.2f} s after the close")
    return [*out, ""]
