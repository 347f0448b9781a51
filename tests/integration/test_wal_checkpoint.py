"""The owner's SQLite database is checkpointed in a thread of its own (``storage/checkpoint.py``):
no commit of a game waits for the WAL to be copied and synced, the WAL does not grow
without end, and a reader holding old pages does not hold the games' writes up."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import text

from storage.db import Storage, StoredEvent

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
PAYLOAD = {"text": "x" * 2000}
"""An event big enough that a few hundred fill some hundred WAL pages."""


def url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


async def fill(storage: Storage, game: int, first_seq: int, count: int) -> int:
    """Append ``count`` events to ``game`` one commit each; the next seq."""
    for seq in range(first_seq, first_seq + count):
        await storage.append(game, [StoredEvent(seq, T0, "note", PAYLOAD, 1)])
    return first_seq + count


async def test_the_owner_commits_without_checkpoints_and_its_checkpointer_copies(tmp_path):
    storage = await Storage.open(url(tmp_path / "club.db"), owner=True)
    try:
        # The games' connections leave checkpoints to the checkpointer's thread.
        async with storage.engine.connect() as conn:
            assert await conn.scalar(text("PRAGMA wal_autocheckpoint")) == 0
        assert storage.checkpointer is not None
        game = await storage.create_game("duel", "test:wal", None, "ru", [])
        await fill(storage, game, 1, 50)
        frames, copied = await storage.checkpointer.tick()
        assert frames > 0 and copied == frames
    finally:
        await storage.close()
    # Nothing was lost, and the last close took the WAL away.
    assert not (tmp_path / "club.db-wal").exists()
    reopened = await Storage.open(url(tmp_path / "club.db"))
    try:
        assert len(await reopened.events(game)) == 50
    finally:
        await reopened.close()


async def test_the_wal_starts_over_once_it_has_reached_the_restart_size(tmp_path):
    storage = await Storage.open(url(tmp_path / "club.db"), owner=True)
    try:
        checkpointer = storage.checkpointer
        assert checkpointer is not None
        checkpointer.restart_frames = 100
        game = await storage.create_game("duel", "test:wal", None, "ru", [])
        seq, rounds = 1, []
        for _ in range(6):
            seq = await fill(storage, game, seq, 100)
            rounds.append((await checkpointer.tick())[0])
        # Six rounds of writes, each past the restart size: the WAL was started over each
        # time, so it holds one round's pages, not six (without restarts: 3,000).
        assert checkpointer.restarts >= 5
        assert rounds[-1] < 1.5 * rounds[0]
        assert (tmp_path / "club.db-wal").stat().st_size < 2 * rounds[0] * 4200
        assert len(await storage.events(game)) == seq - 1
    finally:
        await storage.close()


async def test_a_reader_on_old_pages_makes_the_restart_wait_not_the_games(tmp_path):
    path = tmp_path / "club.db"
    storage = await Storage.open(url(path), owner=True)
    reader = sqlite3.connect(path, isolation_level=None)
    try:
        checkpointer = storage.checkpointer
        assert checkpointer is not None
        checkpointer.restart_frames = 10
        game = await storage.create_game("duel", "test:wal", None, "ru", [])
        seq = await fill(storage, game, 1, 20)
        # Given a reader in a transaction on the pages as they were (an export, say).
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM game_events").fetchone() == (20,)
        seq = await fill(storage, game, seq, 20)
        # When a tick wants a restart, it gives up at once instead of waiting for the reader.
        await checkpointer.tick()
        assert checkpointer.restarts == 0
        # And the games' writes go on meanwhile.
        seq = await fill(storage, game, seq, 5)
        # Once the reader is done, the next tick restarts the WAL.
        reader.execute("COMMIT")
        await checkpointer.tick()
        assert checkpointer.restarts == 1
        assert len(await storage.events(game)) == 45
    finally:
        reader.close()
        await storage.close()


async def test_a_database_not_owned_checkpoints_at_commit_as_sqlite_does(tmp_path):
    # The season and export commands write beside the owner: they keep SQLite's own
    # checkpoints, as there is no checkpointer of theirs.
    storage = await Storage.open(url(tmp_path / "club.db"))
    try:
        assert storage.checkpointer is None
        async with storage.engine.connect() as conn:
            assert await conn.scalar(text("PRAGMA wal_autocheckpoint")) == 1000
    finally:
        await storage.close()
