"""Opening games: ``games`` DUEL game chats brought to their first question (new game, team,
five joins, start: ``bench.world.set_up``) on a fresh SQLite file, as many at a time as the
concurrency runs do; how long it took and how many write transactions it cost.

``python -m bench.opening [games]`` prints the figures as JSON (the "opening 1,000 games"
target, docs/performance.md).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import process_cpu, samples, summarize
from bench.world import BenchGame, open_world, set_up

SETUP_CONCURRENCY = 64
"""Game chats being opened at once (as in the concurrency runs)."""


async def run_opening(db_path: Path, *, games: int, seed: int = 1) -> dict[str, Any]:
    """Open ``games`` games on the SQLite file ``db_path``; returns the seconds it took, the
    write transactions committed (in all and per game), the CPU seconds the process took
    meanwhile (every thread: on a busy machine the wall-clock seconds also count the waits for
    a CPU) and the actions' latency (ms)."""
    world = await open_world(db_path, discussion=60.0, warning_at=50.0)
    before = world.storage.writer.transactions
    rng = random.Random(seed)
    tables = [BenchGame(world, i, random.Random(rng.random())) for i in range(games)]
    latency = samples()
    started, cpu = time.monotonic(), process_cpu()
    refused = await set_up(tables, SETUP_CONCURRENCY, latency)
    seconds, cpu = time.monotonic() - started, process_cpu() - cpu
    commits = world.storage.writer.transactions - before
    await world.close(tables)
    return {"games": games, "seconds": seconds, "cpu_seconds": cpu, "actions": len(latency),
            "refused": refused,
            "transactions": commits, "transactions_per_game": commits / games,
            "latency_ms": summarize(latency)}


def main(argv: list[str]) -> int:
    """Open ``argv[0]`` games (default 1,000) in a temporary folder; print the figures."""
    games = int(argv[0]) if argv else 1000
    with tempfile.TemporaryDirectory(prefix="chgk-opening-") as tmp:
        result = asyncio.run(run_opening(Path(tmp) / "opening.sqlite3", games=games))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
