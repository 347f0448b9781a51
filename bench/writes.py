"""Storage writes: the event rows of a concurrency run, written again through ``Storage`` and
through bare aiosqlite, in the same transaction pattern.

The rows come from a finished run's ``game_events``; rows of one ``Storage.append`` (one action's
events) share their game and time, which groups them back into appends. Both replays write the
same appends one after another, one transaction each (what ``Storage.append`` does when appends
do not overlap; in the live runs overlapping appends share a transaction), into fresh files with
the schema the migrations create: ours with ``Storage.append`` (SQLAlchemy, its pool,
``BEGIN IMMEDIATE``), the baseline with one aiosqlite connection doing ``BEGIN IMMEDIATE``, one
``executemany`` and ``COMMIT`` per append, with the same pragmas (WAL, synchronous=NORMAL) and
the same JSON encoding of the payload.
"""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any

import aiosqlite

from bench.stats import ratio, samples, summarize
from storage.db import Storage, StoredEvent

Row = tuple[int, int, str, str, str]
"""A stored event as SQLite holds it: game id, seq, time, kind, JSON payload."""

_INSERT = "INSERT INTO game_events (game_id, seq, at, kind, payload) VALUES (?, ?, ?, ?, ?)"


def read_transactions(db_path: Path, limit: int) -> list[list[Row]]:
    """The last ``limit`` appends of the log in ``db_path`` (the games being played rather
    than set up), in commit order."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT game_id, seq, at, kind, payload FROM game_events "
                            "ORDER BY id").fetchall()
    groups = [list(group) for _, group in groupby(rows, key=lambda r: (r[0], r[2]))]
    return groups[-limit:]


async def _fresh(path: Path, games: list[int]) -> dict[int, int]:
    """Create ``path`` with the migrated schema and one game row per source game; returns
    source game id -> new game id."""
    storage = await Storage.open(f"sqlite+aiosqlite:///{path}")
    try:
        return {g: await storage.create_game("duel", f"bench:g{g}", None, "ru", [])
                for g in games}
    finally:
        await storage.close()


async def replay_ours(path: Path, transactions: list[list[Row]]) -> Any:
    """Write ``transactions`` with ``Storage.append``; returns each one's duration (s)."""
    ids = await _fresh(path, sorted({t[0][0] for t in transactions}))
    batches = [(ids[t[0][0]], [StoredEvent(seq, datetime.fromisoformat(at).replace(tzinfo=UTC),
                                           kind, json.loads(payload))
                               for _, seq, at, kind, payload in t]) for t in transactions]
    storage = await Storage.open(f"sqlite+aiosqlite:///{path}")
    took = samples()
    try:
        for game_id, events in batches:
            started = time.perf_counter()
            await storage.append(game_id, events)
            took.append(time.perf_counter() - started)
    finally:
        await storage.close()
    return took


async def replay_bare(path: Path, transactions: list[list[Row]]) -> Any:
    """Write ``transactions`` with bare aiosqlite; returns each one's duration (s)."""
    ids = await _fresh(path, sorted({t[0][0] for t in transactions}))
    batches = [(ids[t[0][0]], [(seq, datetime.fromisoformat(at).replace(tzinfo=UTC), kind,
                                json.loads(payload)) for _, seq, at, kind, payload in t])
               for t in transactions]
    took = samples()
    async with aiosqlite.connect(path, isolation_level=None) as db:
        for pragma in ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON",
                       "synchronous=NORMAL"):
            await db.execute(f"PRAGMA {pragma}")
        for game_id, events in batches:
            started = time.perf_counter()
            await db.execute("BEGIN IMMEDIATE")
            # The same work as the column types do: a naive UTC time string, JSON text.
            await db.executemany(_INSERT, [
                (game_id, seq, at.replace(tzinfo=None).isoformat(" "), kind, json.dumps(payload))
                for seq, at, kind, payload in events])
            await db.execute("COMMIT")
            took.append(time.perf_counter() - started)
    return took


async def run_writes(source: Path, work_dir: Path, limit: int) -> dict[str, Any]:
    """Replay up to ``limit`` transactions of the log in ``source`` both ways."""
    transactions = read_transactions(source, limit)
    ours = await replay_ours(work_dir / "writes-ours.sqlite3", transactions)
    bare = await replay_bare(work_dir / "writes-bare.sqlite3", transactions)
    ours_s, bare_s = sum(ours), sum(bare)
    return {
        "transactions": len(transactions),
        "rows": sum(len(t) for t in transactions),
        "ours_per_s": len(ours) / ours_s if ours_s else None,
        "bare_per_s": len(bare) / bare_s if bare_s else None,
        "ours_ms": summarize(ours),
        "bare_ms": summarize(bare),
        "time_ratio": ratio(ours_s, bare_s),
    }
