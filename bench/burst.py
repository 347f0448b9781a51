"""The burst: many DUEL games whose answers all arrive within the same couple of seconds.

Every game is set up, every captain picks at the same moment, so every minute ends at about the
same time (a burst of timers too); every captain then names an answerer. Once every game waits
for its answer, the answer window opens: each game's answer arrives at a random moment within
``window`` seconds, each in its own task, as a messenger would deliver them.

Measured per answer, from the moment it arrives: until it is stored and its confirmation
("answer received") is handed to the messenger; and until the bot's suggested verdict reaches
the host. DUEL has no written-answer window of its own: the verdict shown to the host is that
suggestion, sent as soon as the answer is stored, so "verdicts ready after the window closes" is
the time from the end of the window to the last suggestion handed to a host (0 when every
suggestion was out before the window closed).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import MutableSequence
from pathlib import Path
from typing import Any

from bench.stats import samples, summarize
from bench.world import BenchGame, open_world, set_up
from rules import duel as d

SETUP_CONCURRENCY = 64
OPEN_DELAY = 0.2
"""Seconds between scheduling the answers and the window opening."""


async def _advance(game: BenchGame, latency: MutableSequence[float]) -> None:
    """Send the game's next message now and record how long it took."""
    step = game.step()
    if step is None:
        return
    _, who, text, private = step
    started = time.monotonic()
    await game.send(who, text, private)
    latency.append(time.monotonic() - started)


async def _name_answerer(game: BenchGame, latency: MutableSequence[float]) -> None:
    """Wait for the end of the minute, then name the answerer at once."""
    live = game.live
    while live is not None and live.state.phase is d.Phase.DISCUSSION:
        await game.world.messenger.next_message(game.group, 60)
    await _advance(game, latency)


async def run_burst(db_path: Path, *, games: int, window: float, discussion: float,
                    warning_at: float, seed: int) -> dict[str, Any]:
    """Run the burst on ``games`` games with answers spread over ``window`` seconds."""
    world = await open_world(db_path, discussion=discussion, warning_at=warning_at)
    rng = random.Random(seed)
    tables = [BenchGame(world, i, random.Random(rng.random())) for i in range(games)]
    await set_up(tables, SETUP_CONCURRENCY, samples())
    world.probe.reset()

    picks, namings = samples(), samples()
    await asyncio.gather(*(_advance(t, picks) for t in tables))
    await asyncio.gather(*(_name_answerer(t, namings) for t in tables))
    waiting = sum(1 for t in tables if t.live.state.phase is d.Phase.ANSWERING)
    timers_fired, timers_out = summarize(world.probe.fired), summarize(world.probe.done)

    messenger = world.messenger
    messenger.first_at.clear()
    messenger.record_first = True
    opens = time.monotonic() + OPEN_DELAY
    closes = opens + window

    async def answer(game: BenchGame, at: float) -> tuple[float, float, str, str]:
        await asyncio.sleep(at - time.monotonic())
        _, who, text, _ = game.step()
        await game.send(who, text, True)
        return at, time.monotonic(), game.dm(who).key, game.dm("host").key

    arrivals = [opens + rng.uniform(0, window) for _ in tables]
    results = await asyncio.gather(*(answer(t, at) for t, at in zip(tables, arrivals,
                                                                    strict=True)))
    messenger.record_first = False
    confirmed, handled, suggested = samples(), samples(), samples()
    last_suggestion, missing = opens, 0
    for at, done, answerer_chat, host_chat in results:
        handled.append(done - at)
        confirmation = messenger.first_at.get(answerer_chat)
        suggestion = messenger.first_at.get(host_chat)
        if confirmation is None or suggestion is None:
            missing += 1  # refused: the reply went to the answerer, nothing to the host
            continue
        confirmed.append(confirmation - at)
        suggested.append(suggestion - at)
        last_suggestion = max(last_suggestion, suggestion)
    judged = sum(1 for t in tables if t.live.state.phase is d.Phase.JUDGING)
    await world.close(tables)
    return {
        "games": games,
        "window_s": window,
        "answering": waiting,
        "judging_after": judged,
        "answers_without_suggestion": missing,
        "picks_ms": summarize(picks),
        "end_of_minute_timers": {"fired_late_ms": timers_fired,
                                 "signal_out_late_ms": timers_out},
        "namings_ms": summarize(namings),
        "answer_confirmed_ms": summarize(confirmed),
        "answer_handled_ms": summarize(handled),
        "answer_to_suggestion_ms": summarize(suggested),
        "verdicts_ready_after_close_s": max(0.0, last_suggestion - closes),
    }
