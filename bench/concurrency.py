"""Concurrency: N DUEL games played at once, in real time, by scripted teams.

Every game is set up first (new game, team, join, start; not part of the measured window);
then, for ``duration`` seconds, each game's people act at random moments: after a "think" delay
drawn uniformly from ``think`` the captain picks a question, the clock runs (the timers fire
the warning and the end), the captain names the answerer, the answerer answers in private, the
host judges, the team votes after 6 points and the host opens a new game.

Action latency runs from the moment a message is due (its think delay is over, so any lag of
the event loop in picking it up counts) to the moment ``GameService.handle`` returns, when its
events are stored and its messages handed to the messenger. Timer lateness is fired minus
deadline. Every pass of the cyclic garbage collector in the measured window is timed (a pass
stops the loop). The baseline replays the same timers' deadlines, from the middle of the run,
as bare ``loop.call_at`` callbacks on an idle loop.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import MutableSequence
from pathlib import Path
from typing import Any

from bench.stats import (
    CollectorProbe,
    RssSampler,
    allocator_stats,
    machine_cpu,
    process_cpu,
    ratio,
    rss_bytes,
    samples,
    summarize,
)
from bench.world import BenchGame, World, open_world, set_up

SETUP_CONCURRENCY = 64
"""How many games are being set up at once before the measured window."""


async def play(game: BenchGame, until: float, think: tuple[float, float],
               latency: MutableSequence[float], by_step: dict[str, MutableSequence[float]],
               counters: Counter[str]) -> None:
    """Play ``game`` until the monotonic time ``until``, recording each action's latency."""
    messenger = game.world.messenger
    low, high = think
    while True:
        now = time.monotonic()
        if now >= until:
            return
        if game.step() is None:  # the clock runs: wait for a signal from a timer
            await messenger.next_message(game.group, until - now)
            continue
        due = now + game.rng.uniform(low, high)
        if due >= until:
            return
        await asyncio.sleep(due - time.monotonic())
        step = game.step()
        if step is None:
            continue
        name, who, text, private = step
        changed = await game.send(who, text, private)
        took = time.monotonic() - due
        latency.append(took)
        by_step[name].append(took)
        counters["actions"] += 1
        if not changed:
            counters["refused"] += 1


async def bare_timer_lateness(offsets: list[float]) -> dict[str, Any]:
    """Lateness of bare ``loop.call_at`` callbacks at ``offsets`` (seconds, relative to one
    another) on this otherwise idle loop: the floor any timer library stands on."""
    if not offsets:
        return summarize([])
    loop = asyncio.get_running_loop()
    lateness = samples()
    done = loop.create_future()
    left = len(offsets)

    def fire(due: float) -> None:
        nonlocal left
        lateness.append(loop.time() - due)
        left -= 1
        if not left:
            done.set_result(None)

    base = loop.time() + 0.5 - min(offsets)
    for offset in offsets:
        loop.call_at(base + offset, fire, base + offset)
    await done
    return summarize(lateness)


async def warm_up(world: World, index: int) -> None:
    """Open one game in a chat of its own (``index``), bring it to its first question and end
    it, so that what the first game of a process loads once for good (the plural rules, the
    compiled statements, the first caches) counts as idle, not as left over by the games."""
    game = BenchGame(world, index, random.Random(index))
    await set_up([game], 1, samples())
    await game.send("host", "/abort", False)
    await world.service.idle()


async def finish_all(world: World, tables: list[BenchGame]) -> float:
    """End every live game of ``tables`` (the host's ``/abort``), ``SETUP_CONCURRENCY`` hosts
    at a time (10,000 at once would be a peak of memory no evening has); returns the seconds
    it took."""
    started = time.monotonic()
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def abort(table: BenchGame) -> None:
        async with gate:
            await table.send("host", "/abort", False)

    await asyncio.gather(*(abort(table) for table in tables
                           if table.live is not None and table.live.state.live))
    await world.service.idle()
    return time.monotonic() - started


def left_over(world: World, rss_before: int, blocks_before: int) -> dict[str, Any]:
    """What is left once every game has finished and the scripted people are gone, after a
    full collection, against the idle figures (taken after one warm-up game, before the games
    were opened): RSS (MB), the Python heap's allocated blocks (``sys.getallocatedblocks``),
    the allocator's arenas (``allocator``: why RSS stays up when the objects are gone), the
    games still held by the service and the people it still keeps."""
    gc.collect()
    rss, blocks = rss_bytes(), sys.getallocatedblocks()
    service = world.service
    return {"rss_mb": rss / 2**20, "idle_mb": rss_before / 2**20, "ratio": rss / rss_before,
            "blocks": blocks, "idle_blocks": blocks_before,
            "blocks_ratio": blocks / blocks_before, "allocator": allocator_stats(),
            "games_in_memory": service.games_in_memory(),
            "people_kept": len(service.directory._players),
            "people_seen": service.people.sightings()}


async def run_concurrency(db_path: Path, *, games: int, duration: float, discussion: float,
                          warning_at: float, think: tuple[float, float], seed: int,
                          baseline_window: float, finish: bool = False,
                          again: float = 0.0) -> dict[str, Any]:
    """Set up and play ``games`` games for ``duration`` seconds; returns the measurements.

    Latencies are in ms; RSS per game is (peak RSS while playing - RSS before the games were
    created) / games. With ``finish``, every host then ends the game (``/abort``) and what is
    left is compared with idle (``left_over``); with ``again`` seconds too, the same chats and
    people then play a second wave of games for that long, which also ends, and what is left
    after it is measured the same way (memory the first wave's games freed is reused: it does
    not grow).
    """
    world = await open_world(db_path, discussion=discussion, warning_at=warning_at)
    if finish:
        await warm_up(world, games)
    gc.collect()
    rss_before, blocks_before = rss_bytes(), sys.getallocatedblocks()
    rng = random.Random(seed)
    tables = [BenchGame(world, i, random.Random(rng.random())) for i in range(games)]
    setup_latency = samples()
    started, setup_cpu = time.monotonic(), process_cpu()
    setup_refused = await set_up(tables, SETUP_CONCURRENCY, setup_latency)
    setup_seconds, setup_cpu = time.monotonic() - started, process_cpu() - setup_cpu
    world.probe.reset()
    messages_before = world.messenger.count

    sampler = RssSampler()
    sampler.start()
    collector = CollectorProbe()
    collector.start()
    latency = samples()
    by_step: dict[str, MutableSequence[float]] = defaultdict(samples)
    counters: Counter[str] = Counter()
    start, start_wall = time.monotonic(), time.time()
    cpu, loop_cpu, machine = process_cpu(), time.thread_time(), machine_cpu()
    await asyncio.gather(*(play(t, start + duration, think, latency, by_step, counters)
                           for t in tables))
    elapsed = time.monotonic() - start
    cpu, loop_cpu = process_cpu() - cpu, time.thread_time() - loop_cpu
    # What other programs took from the machine meanwhile, in percent of one CPU like the rest.
    others = None if machine is None else 100 * max(0.0, machine_cpu() - machine - cpu) / elapsed
    world.probe.active = False
    collector.stop()
    peak = await sampler.stop()
    probe = world.probe
    messages = world.messenger.count - messages_before
    finished = None
    if finish:
        seconds = await finish_all(world, tables)
        tables = []
        finished = {**left_over(world, rss_before, blocks_before), "seconds": seconds}
        if again:
            finished["again"] = await second_wave(world, games, again, think, seed,
                                                  rss_before, blocks_before)
    await world.close(tables)

    middle = duration / 2
    window = [at - start_wall for at in probe.deadlines
              if abs(at - start_wall - middle) <= baseline_window / 2]
    bare = await bare_timer_lateness(window)
    fired = summarize(probe.fired)
    return {
        "games": games,
        "duration_s": elapsed,
        "setup": {"actions": len(setup_latency), "seconds": setup_seconds,
                  "cpu_seconds": setup_cpu,
                  "refused": setup_refused, "latency_ms": summarize(setup_latency)},
        "actions": counters["actions"],
        "refused": counters["refused"],
        "actions_per_s": counters["actions"] / elapsed,
        "messages_per_s": messages / elapsed,
        "cpu": {"process_percent": 100 * cpu / elapsed, "loop_percent": 100 * loop_cpu / elapsed,
                "other_programs_percent": others},
        "latency_ms": summarize(latency),
        "latency_by_step_ms": {name: summarize(v) for name, v in sorted(by_step.items())},
        "timers": {
            "count": len(probe.fired),
            "per_s": len(probe.fired) / elapsed,
            "fired_late_ms": fired,
            "signal_out_late_ms": summarize(probe.done),
            "bare_call_at_late_ms": {**bare, "timers": len(window)},
            "p99_ratio": ratio(fired["p99"], bare["p99"]),
        },
        "rss": {"before_mb": rss_before / 2**20, "peak_mb": peak / 2**20,
                "per_game_kb": (peak - rss_before) / games / 1024},
        "collector": collector.summary(),
        "finished": finished,
    }


async def second_wave(world: World, games: int, duration: float, think: tuple[float, float],
                      seed: int, rss_before: int, blocks_before: int) -> dict[str, Any]:
    """The same ``games`` chats and their people open new games and play them for
    ``duration`` seconds, then every game ends; ``left_over`` after it, with the seconds of
    play and the peak RSS meanwhile (MB)."""
    rng = random.Random(seed + 1)
    tables = [BenchGame(world, i, random.Random(rng.random())) for i in range(games)]
    await set_up(tables, SETUP_CONCURRENCY, samples())
    sampler = RssSampler()
    sampler.start()
    start = time.monotonic()
    await asyncio.gather(*(play(t, start + duration, think, samples(), defaultdict(samples),
                                Counter()) for t in tables))
    played = time.monotonic() - start
    peak = await sampler.stop()
    await finish_all(world, tables)
    del tables
    return {**left_over(world, rss_before, blocks_before), "played_s": played,
            "peak_mb": peak / 2**20}
