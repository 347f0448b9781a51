"""The stack under test, wired as ``chgk-bot run`` wires it, and scripted DUEL games on it.

``open_world`` calls ``bot.bootstrap.build_service`` (SQLite in WAL mode, migrations, a started
``LoopTimers``, ``GameService``) with a ``BenchMessenger`` in place of Telegram or Discord, and
wraps the timer callback in a ``TimerProbe`` that measures how late each timer fires.
``BenchGame`` is one game chat with its host and a team of six, who act by looking at the
game's phase, the way people in a chat would.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import MutableSequence
from dataclasses import dataclass
from pathlib import Path

from bench.stats import samples
from bot.bootstrap import SAMPLE_PACKAGE, build_service
from bot.i18n import Translator
from bot.packages import load_package
from bot.packages.model import Package
from bot.ports import ChatRef, Outgoing, TimerCallback
from bot.service import GameService, Incoming, LiveGame
from bot.settings import Settings
from bot.timers import LoopTimers
from rules import duel as d
from storage.db import Storage

PLATFORM = "bench"


class BenchMessenger:
    """A ``Messenger`` that delivers nowhere: it counts messages and wakes a script waiting for
    the next message to a chat.

    With ``record_first`` set, the first message each chat gets from then on is timed in
    ``first_at`` (the burst uses it to see when a confirmation or suggestion went out).
    """

    def __init__(self) -> None:
        self.count = 0
        self.record_first = False
        self.first_at: dict[str, float] = {}
        self._waiters: dict[str, asyncio.Future[None]] = {}

    async def send(self, message: Outgoing) -> None:
        """Take ``message``: count it and wake whoever waits on its chat."""
        self.count += 1
        key = message.chat.key
        if self.record_first:
            self.first_at.setdefault(key, time.monotonic())
        waiter = self._waiters.pop(key, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def next_message(self, chat: ChatRef, timeout: float) -> bool:
        """Wait until ``chat`` gets a message; False when ``timeout`` seconds pass first."""
        waiter = asyncio.get_running_loop().create_future()
        self._waiters[chat.key] = waiter
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            return False
        finally:
            if self._waiters.get(chat.key) is waiter:
                del self._waiters[chat.key]
        return True


class TimerProbe:
    """Wraps the service's timer callback to measure each timer against its deadline.

    ``fired`` is the lateness when the callback starts (fired - deadline), ``done`` when the
    service has stored the timer's events and handed its signal to the messenger; both in
    seconds. ``deadlines`` holds each deadline (UTC timestamp) for the bare-timer baseline.
    Recording stops once ``active`` is False.
    """

    def __init__(self, service: GameService, inner: TimerCallback) -> None:
        self.service = service
        self.inner = inner
        self.active = True
        self.fired = samples()
        self.done = samples()
        self.deadlines = samples()

    async def __call__(self, key: str) -> None:
        """The scheduler's callback."""
        started = time.time()
        game_id, _, name = key.partition(":")
        game = self.service.game(int(game_id))
        deadline = game.armed.get(name) if game is not None else None
        await self.inner(key)
        if deadline is not None and self.active:
            at = deadline.timestamp()
            self.fired.append(started - at)
            self.done.append(time.time() - at)
            self.deadlines.append(at)

    def reset(self) -> None:
        """Forget what was measured so far (after the games are set up)."""
        for series in (self.fired, self.done, self.deadlines):
            del series[:]


@dataclass
class World:
    """One wired application on a fresh SQLite file."""

    service: GameService
    storage: Storage
    scheduler: LoopTimers
    messenger: BenchMessenger
    probe: TimerProbe
    package: Package
    package_id: int

    async def close(self, games: list[BenchGame]) -> None:
        """Disarm the timers of ``games``, let callbacks already running finish, stop the
        scheduler and close the database."""
        self.probe.active = False
        for game in games:
            live = game.live
            for name in list(live.armed) if live is not None else ():
                self.scheduler.cancel(f"{live.info.id}:{name}")
        running = asyncio.all_tasks() - {asyncio.current_task()}
        if running:
            await asyncio.wait(running, timeout=30)
        self.scheduler.shutdown()
        await self.storage.close()


async def open_world(db_path: Path, *, discussion: float, warning_at: float) -> World:
    """Build the application on the SQLite file ``db_path`` with the bundled DUEL package.

    ``discussion`` and ``warning_at`` are the DUEL minute and its warning, in seconds.
    """
    settings = Settings(_env_file=None, database_url=f"sqlite+aiosqlite:///{db_path}",
                        discussion_seconds=discussion, warning_seconds=warning_at)
    messenger = BenchMessenger()
    service, storage, scheduler = await build_service(settings, Translator(), messenger, "ru")
    probe = TimerProbe(service, service.on_timer)
    scheduler.callback = probe
    imported = load_package(SAMPLE_PACKAGE)
    package_id = await storage.save_package(imported.package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    return World(service, storage, scheduler, messenger, probe, imported.package, package_id)


TEAM_SIZE = 6
"""Players in a team, the captain included (DUEL-2.2)."""
WRONG_ANSWERS = ("не знаю", "Пушкин", "сталактит", "1889", "Наполеон Бонапарт")


def regular_left(state: d.DuelState) -> list[int]:
    """Set numbers not played yet that are played the regular way (a picture question is;
    sector 13, blitz and superblitz have fixed times and choices the script does not make)."""
    played = {p.number for p in state.played}
    return [n for n in range(1, len(state.questions) + 1)
            if n not in played and state.kinds.get(n) in (None, d.Special.PICTURE)]


class BenchGame:
    """One game chat and its people: host ``h<i>``, captain ``c<i>`` and players ``p<i>-1`` to
    ``p<i>-5``, a team of six as DUEL-2.2 asks.

    ``step`` looks at the game's phase and sends what the person whose turn it is would send
    (register, join, start, pick, name the answerer, answer privately, judge, vote, start a new
    game after the end); ``None`` while the clock runs. Only regular questions are picked;
    when none is left the host aborts and opens a new game.
    """

    def __init__(self, world: World, index: int, rng: random.Random) -> None:
        self.world = world
        self.index = index
        self.rng = rng
        self.group = ChatRef(PLATFORM, f"g{index}")
        self.people = {"host": (f"h{index}", f"host{index}"),
                       "captain": (f"c{index}", f"cap{index}"),
                       **{f"player{k}": (f"p{index}-{k}", f"pl{index}-{k}")
                          for k in range(1, TEAM_SIZE)}}
        self.team = ["captain", *(f"player{k}" for k in range(1, TEAM_SIZE))]
        self.answerer = "captain"
        world.service.set_chat_package(self.group, world.package_id)

    @property
    def live(self) -> LiveGame | None:
        """The chat's current game, or None before the first ``/newgame``."""
        return self.world.service.game_in(self.group)

    def dm(self, who: str) -> ChatRef:
        """The private chat of ``who`` ("host", "captain", "player1"...) with the bot."""
        return ChatRef(PLATFORM, self.people[who][0], private=True)

    def step(self) -> tuple[str, str, str, bool] | None:
        """The next message as ``(step name, who, text, private)``, or None while the clock
        runs (a timer moves the game on)."""
        game = self.live
        if game is None or not game.state.live:
            return "newgame", "host", "/newgame duel", False
        state: d.DuelState = game.state
        team = f"Team{self.index}"
        match state.phase:
            case d.Phase.LOBBY:
                if state.team is None:
                    return "lobby", "captain", f"/team {team}", False
                joined = len(state.team.members)
                if joined < TEAM_SIZE:
                    return "lobby", f"player{joined}", f"/join {team}", False
                return "lobby", "host", "/start", False
            case d.Phase.CHOOSING:
                left = regular_left(state)
                if not left:  # only special questions remain: end the game, start another
                    return "abort", "host", "/abort", False
                return "pick", "captain", str(self.rng.choice(left)), False
            case d.Phase.DISCUSSION:
                return None
            case d.Phase.NAMING:
                self.answerer = self.rng.choice(self.team)
                return "answerer", "captain", f"/answerer {self.people[self.answerer][1]}", False
            case d.Phase.ANSWERING:
                return "answer", self.answerer, self.answer_text(state), True
            case d.Phase.JUDGING:
                return "judge", "host", self.rng.choice(("/accept", "/reject")), False
        # A phase the script does not play (a special question): end the game.
        return "abort", "host", "/abort", False

    def answer_text(self, state: d.DuelState) -> str:
        """The author's answer half the time, else a wrong one: both go through the matcher."""
        index = state.current_question_index()
        if index is not None and self.rng.random() < 0.5:
            return self.world.package.questions[index].answer
        return self.rng.choice(WRONG_ANSWERS)

    async def send(self, who: str, text: str, private: bool) -> bool:
        """Hand one message to the service; True when it changed the game (it was not
        refused)."""
        before = self.live
        before_state = before.state if before is not None else None
        sender_id, name = self.people[who]
        chat = self.dm(who) if private else self.group
        await self.world.service.handle(Incoming(chat, sender_id, name, text,
                                                 sender_locale="ru"))
        after = self.live
        return after is not before or (after is not None and after.state is not before_state)


SETUP_STEPS = 2 * (TEAM_SIZE + 2)
"""A new game needs TEAM_SIZE + 2 messages to reach its first question (new game, team, joins,
start); twice that means it is stuck."""


async def set_up(games: list[BenchGame], concurrency: int,
                 latencies: MutableSequence[float]) -> int:
    """Bring every game to its first question (new game, team, join, start), ``concurrency``
    games at a time; appends each action's latency (s) and returns the number refused."""
    gate = asyncio.Semaphore(concurrency)
    refused = 0

    async def one(game: BenchGame) -> None:
        nonlocal refused
        async with gate:
            for _ in range(SETUP_STEPS):
                live = game.live
                if live is not None and live.state.phase is d.Phase.CHOOSING:
                    return
                step = game.step()
                if step is None:  # cannot happen before the first pick
                    break
                _, who, text, private = step
                started = time.monotonic()
                if not await game.send(who, text, private):
                    refused += 1
                latencies.append(time.monotonic() - started)
            raise RuntimeError(f"game chat {game.group.key} did not reach its first question")

    await asyncio.gather(*(one(g) for g in games))
    return refused
