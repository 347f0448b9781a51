"""The crash soak's reference (``bench.soak``): the script played once in virtual time,
without kills, and the folds that lay a killed game's log beside it."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from adapters.console import GAME_CHAT, HOST, ConsoleMessenger, ConsoleSession
from bench.soak_script import Step
from bot.bootstrap import SAMPLE_PACKAGE, chat_commands, formats
from bot.i18n import Translator
from bot.packages import load_package
from bot.service import game_service
from bot.settings import Settings
from bot.timers import SystemClock, VirtualClock, VirtualScheduler
from rules import duel as d
from rules.base import decode
from storage.db import Storage, StoredEvent

LOCALE = "en"
"""The language the soak's bot and reference speak."""

# A deadline missed while the bot was down adds a pause and the host's resume to the log, and
# may skip the warning (DUEL-3.4.2: resumed with less time left than it announces). Those are
# left out when a killed game's log is laid beside the reference's.
_DOWNTIME_KINDS = frozenset({"duel.clock_paused", "duel.clock_resumed", "duel.warning"})


@dataclass(slots=True)
class Reference:
    """What the script does without kills: per step, how many events (``counted``) the log
    holds once it is over, the last message line it prints (None: it prints nothing), and
    whether the game is still live after it; then the whole log, the final score and the
    console's final line."""

    over: list[int] = field(default_factory=list)
    last_line: list[str | None] = field(default_factory=list)
    live: list[bool] = field(default_factory=list)
    log: list[StoredEvent] = field(default_factory=list)
    score: tuple[int, int] = (0, 0)
    final: str = ""


async def play_reference(steps: list[Step], database_url: str, *, discussion: float,
                         warning_at: float, translator: Translator) -> Reference:
    """Play ``steps`` as ``chgk-bot console --clock virtual`` does, on the sample package, in
    a fresh database at ``database_url``; a timed step moves time on until its discussion
    has ended."""
    settings = Settings(_env_file=None, database_url=database_url,
                        discussion_seconds=discussion, warning_seconds=warning_at)
    storage = await Storage.open(database_url)
    reference = Reference()
    try:
        out = io.StringIO()
        clock = VirtualClock(SystemClock().now())
        scheduler = VirtualScheduler(clock)
        messenger = ConsoleMessenger(out)
        service = game_service(storage, messenger, scheduler, clock, translator,
                               formats=formats(settings),
                               chat_commands=chat_commands(storage, formats(settings)),
                               default_locale=LOCALE)
        scheduler.callback = service.on_timer
        package = load_package(SAMPLE_PACKAGE).package
        service.set_chat_package(GAME_CHAT, await storage.save_package(
            package, SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes()))
        game_id = await service.create_game(GAME_CHAT, "duel", HOST, HOST, locale=LOCALE,
                                            host_locale=LOCALE)
        session = ConsoleSession(service, messenger, lambda key, args: None, locale=LOCALE,
                                 advance=scheduler.advance)
        game = service.game(game_id)
        over = []
        for step in steps:
            printed = len(out.getvalue())
            await session.feed(step.line)
            if step.timed:
                # Nothing else is armed: this fires the discussion's warning and end only.
                await scheduler.advance(3600)
            over.append(game.next_seq - 1)
            heads = [line for line in out.getvalue()[printed:].splitlines()
                     if line.startswith("[")]
            reference.last_line.append(heads[-1] if heads else None)
            reference.live.append(game.fmt.is_live(game.state))
        reference.log = await storage.events(game_id)
        reference.score = game.state.score
        reference.final = final_line(translator, game.state)
    finally:
        await storage.close()
    # Steps are counted in events that a killed game's log holds just the same.
    counts = [counted(reference.log[:seq]) for seq in range(len(reference.log) + 1)]
    reference.over = [counts[seq] for seq in over]
    return reference


def final_line(translator: Translator, state: d.DuelState) -> str:
    """The line ``chgk-bot console`` prints at the end of input for a game in ``state``."""
    key, args = formats()["duel"].status(state)
    return translator.format("console-final", {"score": translator.format(key, args, LOCALE)},
                             LOCALE)


def counted(log: list[StoredEvent]) -> int:
    """How many events of ``log`` a killed game's log must hold in the same order."""
    return sum(1 for e in log if e.kind not in _DOWNTIME_KINDS)


def fold(log: list[StoredEvent]) -> d.DuelState:
    """The DUEL state ``log`` folds to."""
    state = None
    for row in log:
        state = d.evolve(state, decode(row.kind, row.payload, row.version))
    return state


def _timeless(value: Any) -> Any:
    """``value`` (an event payload) without its timestamps, which differ from run to run."""
    if isinstance(value, dict):
        return tuple(sorted((k, _timeless(v)) for k, v in value.items() if not _is_time(v)))
    if isinstance(value, list):
        return tuple(_timeless(v) for v in value)
    return value


def _is_time(value: Any) -> bool:
    if not isinstance(value, str) or "T" not in value:
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def comparable(log: list[StoredEvent]) -> list[tuple[str, Any]]:
    """``log``'s events as kinds and payloads without timestamps, the pauses for missed
    deadlines left out: what a killed game's log must share with the reference's."""
    return [(e.kind, _timeless(e.payload)) for e in log if e.kind not in _DOWNTIME_KINDS]


def read_log(database_url: str) -> list[StoredEvent]:
    """The log of the one game in the database at ``database_url``."""

    async def read() -> list[StoredEvent]:
        storage = await Storage.open(database_url)
        try:
            (game,) = await storage.games()
            return await storage.events(game.id)
        finally:
            await storage.close()

    return asyncio.run(read())
