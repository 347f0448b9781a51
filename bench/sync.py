"""SYNC: one game of thousands of teams whose captains all hand in at the end of the window.

The host opens a SYNC game on the bundled package, announces it for now, and ``teams``
captains register their teams in the game chat; the host starts round 1 and asks its first
question. Every captain then sends the written answer privately at a random moment within the
last ``last`` seconds of the window (the minute and the hand-in time, SYNC-6), each in its own
task as a messenger would deliver them, stamped with its send time: 45% the author's
answer, 45% one of five wrong ones, a tenth a text of the team's own.

Measured per answer, from the moment it is due: until ``GameService.handle`` returns, by when
the answer is stored and its receipt handed to the messenger; then, from the window's close
(its deadline and the grace second), until the grouped judging list reaches the host. Memory
per team: RSS after the answers minus RSS before the game, over the teams. On a shared
machine the latencies say as much about the other programs as about the bot: the process CPU
per answer while they arrive (every thread, the database's too), the write transactions they
took and the CPU of the close do not, and the other programs' share of the machine meanwhile
is printed beside them.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.stats import machine_cpu, process_cpu, rss_bytes, samples, summarize
from bench.world import PLATFORM, WRONG_ANSWERS
from bot.bootstrap import SAMPLE_PACKAGE, build_service, formats
from bot.formats.sync import SyncFormat
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef, Outgoing
from bot.service import GameService, Incoming
from bot.settings import Settings
from rules import sync as s
from rules.sync.play import GRACE

GROUP = ChatRef(PLATFORM, "sync-group")
HOST = "sync-host"


class SyncMessenger:
    """A ``Messenger`` that delivers nowhere: it counts the messages each chat got and, once
    ``mark`` is set, keeps the time of the first message to each chat after it."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}
        self.mark: float | None = None
        self.first_after: dict[str, float] = {}

    async def send(self, message: Outgoing) -> None:
        """Take ``message``: count it, time it after the mark."""
        key = message.chat.key
        self.count[key] = self.count.get(key, 0) + 1
        if self.mark is not None:
            self.first_after.setdefault(key, time.monotonic())


def dm(person: str) -> ChatRef:
    """The private chat of ``person`` with the bot."""
    return ChatRef(PLATFORM, person, private=True)


async def say(service: GameService, person: str, text: str, private: bool = False,
              sent_at: datetime | None = None) -> None:
    """``person`` writes ``text`` in the game chat (or privately), sent at ``sent_at`` (UTC,
    the platform's send time a messenger passes on; None: now)."""
    await service.handle(Incoming(dm(person) if private else GROUP, person, person, text,
                                  sender_locale="ru", sent_at=sent_at))


async def open_sync(db_path: Path, *, teams: int, discussion: float, warning_at: float,
                    hand_in: float) -> tuple[Any, SyncMessenger, list[str], int]:
    """The wired application on ``db_path`` with a SYNC game of ``teams`` registered teams
    whose first question has just been asked; returns (service, storage, scheduler),
    the messenger, the captains' ids and the RSS (bytes) before the game was opened."""
    settings = Settings(_env_file=None, database_url=f"sqlite+aiosqlite:///{db_path}")
    messenger = SyncMessenger()
    games = {**formats(settings), "sync": SyncFormat(
        {"discussion": discussion, "warning_at": warning_at, "hand_in": hand_in})}
    wired = await build_service(settings, Translator(), messenger, "ru", games=games)
    service, storage, _ = wired
    imported = load_package(SAMPLE_PACKAGE)
    package_id = await storage.save_package(imported.package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    service.set_chat_package(GROUP, package_id)
    gc.collect()
    rss_before = rss_bytes()
    await say(service, HOST, "/start", private=True)
    await say(service, HOST, "/newgame sync")
    await say(service, HOST, "/announce")
    captains = [f"sync-c{i}" for i in range(teams)]
    for i, captain in enumerate(captains):
        await say(service, captain, "/start", private=True)
        await say(service, captain, f"/register Команда {i}")
    await say(service, HOST, "/round 1 2 3")
    await say(service, HOST, "/ask")
    return wired, messenger, captains, rss_before


async def run_sync(db_path: Path, *, teams: int, discussion: float, warning_at: float,
                   hand_in: float, last: float, seed: int) -> dict[str, Any]:
    """Play one SYNC window of ``teams`` teams handing in within the ``last`` seconds of it
    (times in seconds); returns the measurements (latencies in ms)."""
    started = time.monotonic()
    (service, storage, scheduler), messenger, captains, rss_before = await open_sync(
        db_path, teams=teams, discussion=discussion, warning_at=warning_at, hand_in=hand_in)
    setup_seconds = time.monotonic() - started
    live = service.game_in(GROUP)
    state: s.SyncState = live.state
    if state.current is None or state.written is None:
        raise RuntimeError("the SYNC game did not reach its first question")
    package = load_package(SAMPLE_PACKAGE).package
    right = package.questions[state.current.index].answer
    # The window on the monotonic clock: its deadline (UTC) as seconds from now.
    close_in = (state.written.deadline + GRACE - service.clock.now()).total_seconds()
    opened = time.monotonic()
    window_end = opened + close_in - GRACE.total_seconds()
    rng = random.Random(seed)
    latency = samples()
    counts_before = dict(messenger.count)

    async def hand_in_one(captain: str) -> None:
        due = window_end - rng.uniform(0.05, last)
        draw = rng.random()
        # Most teams type one of a few answers; a tenth type something of their own.
        text = f"{rng.choice(WRONG_ANSWERS)} {captain}" if draw < 0.1 else \
            right if draw < 0.55 else rng.choice(WRONG_ANSWERS)
        await asyncio.sleep(due - time.monotonic())
        # The platform stamps the message when it is sent; the bot may take it up later.
        sent_at = datetime.now(UTC) - timedelta(seconds=time.monotonic() - due)
        await say(service, captain, text, private=True, sent_at=sent_at)
        latency.append(time.monotonic() - due)

    cpu, machine, transactions = process_cpu(), machine_cpu(), storage.writer.transactions
    window_started = time.monotonic()
    await asyncio.gather(*(hand_in_one(c) for c in captains))
    hand_in_cpu = process_cpu() - cpu
    others = None if machine is None else 100 * max(
        0.0, machine_cpu() - machine - hand_in_cpu) / (time.monotonic() - window_started)
    transactions = storage.writer.transactions - transactions
    gc.collect()
    rss_after = rss_bytes()
    messenger.mark = window_end + GRACE.total_seconds()
    host_key = dm(HOST).key
    await asyncio.sleep(max(0.0, messenger.mark - time.monotonic()))
    while host_key not in messenger.first_after and time.monotonic() < messenger.mark + 30:
        await asyncio.sleep(0.01)
    judging_ready = messenger.first_after.get(host_key)
    close_cpu = process_cpu() - cpu - hand_in_cpu
    receipted = sum(messenger.count.get(dm(c).key, 0) > counts_before.get(dm(c).key, 0)
                    for c in captains)
    stored = await stored_answers(storage, live.info.id)
    scheduler.shutdown()
    await storage.close()
    return {
        "teams": teams,
        "setup_seconds": setup_seconds,
        "window_s": close_in,
        "last_s": last,
        "answers_stored": stored,
        "receipted": receipted,
        "stored_receipted_ms": summarize(latency),
        "cpu_ms_per_answer": hand_in_cpu / teams * 1000,
        "transactions": transactions,
        "close_cpu_s": close_cpu,
        "other_programs_percent": others,
        "judging_ready_after_close_s": None if judging_ready is None
        else judging_ready - messenger.mark,
        "rss": {"before_mb": rss_before / 2**20, "after_mb": rss_after / 2**20,
                "per_team_kb": (rss_after - rss_before) / teams / 1024},
    }


async def stored_answers(storage: Any, game_id: int) -> int:
    """How many answers the game's stored log holds."""
    return sum(row.kind == "written.handed_in" for row in await storage.events(game_id))
