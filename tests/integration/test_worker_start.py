"""A worker process that cannot start (docs/scaling.md) closes what it opened
before it gives up: a database it cannot own games on is refused, and no connection is left."""

from __future__ import annotations

import io
import threading

import pytest

from bot.scaling.worker import work


async def test_a_worker_refused_by_a_sqlite_database_leaves_no_connection_open(tmp_path):
    # SQLite has no game locks: the worker stops after opening the storage. Each open
    # aiosqlite connection runs on a thread of its own, so a connection left open is a thread
    # that never ends.
    before = set(threading.enumerate())
    with pytest.raises(ValueError, match="PostgreSQL"):
        await work(f"sqlite+aiosqlite:///{tmp_path / 'chgk.sqlite3'}", {}, "en",
                   io.StringIO(), io.StringIO())
    left = [t for t in threading.enumerate() if t not in before]
    for thread in left:
        thread.join(10)
    assert [t.name for t in left if t.is_alive()] == []
