"""TV: one whole game of ``teams`` teams through the service, on virtual time.

The host opens a TV game on the bundled TV package, each team's captain registers it and three
players join (four: the fewest the central table takes, TV-14); the top seats the first
central team. Each envelope: the host spins, every club table's captain hands in a written
answer privately during the minute (half the author's answer, half a wrong one), the minute
runs out (virtual time: no waiting), the central captain names the answerer, who answers
privately, the host judges, then sends the club answers to judging (``/clubs``) and judges
their groups (``/club N G yes|no``); after a lost round the host spins for the next central
team. Until the game ends and the best player is named.

Measured, in wall time: each action's latency by step (handle called until it returned, its
events stored and its messages handed to the messenger), and the club tables' judging
(``/clubs``: every written answer of the envelope judged and grouped, the list to the host).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import MutableSequence
from pathlib import Path
from typing import Any

from bench.stats import samples, summarize
from bench.world import PLATFORM, WRONG_ANSWERS
from bot.bootstrap import SAMPLE_TV_PACKAGE, build_service
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef, Outgoing
from bot.service import Incoming
from bot.settings import Settings
from rules import tv

GROUP = ChatRef(PLATFORM, "tv-group")
HOST = "tv-host"
MAX_ACTIONS = 20_000
"""A game that has not ended after this many actions is stuck (a bug): the bench stops."""


class CountingMessenger:
    """A ``Messenger`` that delivers nowhere and counts."""

    def __init__(self) -> None:
        self.count = 0

    async def send(self, message: Outgoing) -> None:
        """Count ``message``."""
        self.count += 1


async def run_tv(db_path: Path, *, teams: int, seed: int) -> dict[str, Any]:
    """Play one TV game of ``teams`` teams to its end; returns the measurements (ms)."""
    settings = Settings(_env_file=None, database_url=f"sqlite+aiosqlite:///{db_path}")
    messenger = CountingMessenger()
    service, storage, scheduler = await build_service(settings, Translator(), messenger, "ru",
                                                      virtual=True)
    package = load_package(SAMPLE_TV_PACKAGE).package
    package_id = await storage.save_package(package, SAMPLE_TV_PACKAGE.name,
                                            SAMPLE_TV_PACKAGE.read_bytes())
    service.set_chat_package(GROUP, package_id)
    rng = random.Random(seed)
    by_step: dict[str, MutableSequence[float]] = defaultdict(samples)
    latency = samples()

    async def say(step: str, person: str, text: str, private: bool = False) -> None:
        chat = ChatRef(PLATFORM, person, private=True) if private else GROUP
        started = time.perf_counter()
        await service.handle(Incoming(chat, person, person, text, sender_locale="ru"))
        took = time.perf_counter() - started
        by_step[step].append(took)
        latency.append(took)

    started = time.perf_counter()
    await say("setup", HOST, "/start", private=True)
    await say("setup", HOST, "/newgame tv")
    for i in range(teams):
        captain, players = f"tv-c{i}", [f"tv-p{i}-{k}" for k in range(1, 4)]
        for person in (captain, *players):
            await say("setup", person, "/start", private=True)
        await say("setup", captain, f"/team Команда{i}")
        for player in players:
            await say("setup", player, f"/join Команда{i}")
    await say("setup", HOST, "/start")
    game = service.game_in(GROUP)
    # Each team's captain as the person who writes ("tv-c3" for Команда3).
    captains = {team.id: f"tv-c{team.name.removeprefix('Команда')}"
                for team in game.state.roster.teams}
    envelopes = 0
    for _ in range(MAX_ACTIONS):
        state: tv.TvState = (await service.load_game(game.info.id)).state
        if state.phase in (tv.Phase.FINISHED, tv.Phase.ABORTED):
            break
        if state.phase is tv.Phase.BEST_PLAYER:
            await say("best", HOST, f"/best {captains[state.rounds[-1].central]}")
        elif state.phase in (tv.Phase.SPINNING, tv.Phase.SEATING):
            await say("spin", HOST, "/spin")
        elif state.phase is tv.Phase.READING:
            await scheduler.advance(1)
        elif state.phase is tv.Phase.DISCUSSION:
            envelopes += 1
            right = package.questions[state.rounds[-1].question_index].answer
            for team_id, captain in captains.items():
                if team_id != state.central:
                    text = right if rng.random() < 0.5 else rng.choice(WRONG_ANSWERS)
                    await say("club hand-in", captain, text, private=True)
            await scheduler.advance(state.config.discussion + 1)
        elif state.phase is tv.Phase.ANSWERING:
            sector = state.rounds[-1].sector
            if state.rounds[-1].answerer is None:
                captain = captains[state.central]
                await say("answerer", captain, f"/answerer {captain}")
                await say("central answer", captain, "не знаем", private=True)
                continue
            await say("verdict", HOST, rng.choice(("+", "-")))
            await say("club judging (/clubs)", HOST, f"/clubs {sector}")
            for group in (1, 2, 3, 4, 5, 6):
                await say("club verdict", HOST, f"/club {sector} {group} "
                          f"{rng.choice(('yes', 'no'))}")
        else:
            raise RuntimeError(f"the TV bench does not play the phase {state.phase}")
    seconds = time.perf_counter() - started
    final: tv.TvState = (await service.load_game(game.info.id)).state
    await storage.close()
    return {
        "teams": teams,
        "envelopes": envelopes,
        "phase": final.phase.value,
        "score": list(final.score),
        "seconds": seconds,
        "actions": len(latency),
        "messages": messenger.count,
        "latency_ms": summarize(latency),
        "latency_by_step_ms": {name: summarize(v) for name, v in sorted(by_step.items())},
    }
