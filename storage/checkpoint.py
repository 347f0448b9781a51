"""WAL checkpoints of the owner's SQLite database, in a thread of their own (the figures:
docs/performance.md, Checkpoints).

Why. In WAL mode a commit appends pages to the ``-wal`` file, and a checkpoint copies them back
into the database file and syncs both (``fdatasync``; with ``synchronous=NORMAL`` nothing else
syncs). SQLite's default runs a checkpoint inside the commit that brings the WAL past 1,000
pages, on the committing connection: ours is the one writer of every game, so a slow sync
held up every game's writes behind it, and a sync on a virtual disk can take most of a
second.

What. The owner's connections do not checkpoint (``PRAGMA wal_autocheckpoint=0``, set by
``make_engine``); ``WalCheckpointer`` does, on its own connection in its own thread, once
``commits`` write transactions were committed since its last pass (about SQLite's own 1,000
pages; looked at every ``interval`` seconds):

- a PASSIVE checkpoint, which copies and syncs what the WAL holds without taking the write
  lock, so writers go on meanwhile;
- when the WAL has reached ``restart_frames`` pages, a RESTART checkpoint under the storage's
  write lock (no writer of this process waits on SQLite meanwhile): it copies the little
  written since the passive one and makes the next commit write the WAL from its start again.
  Without it the WAL would only grow: a commit starts the file over only when it finds every
  page already copied, which never happens while writes go on beside a checkpoint. Its
  connection has no busy timeout: when another process writes, or a reader still needs the
  old pages, the restart gives up at once (as a passive checkpoint) and is tried at the next
  tick, instead of holding the write lock while it waits.

Not more often: ext4 makes a write that changes the file's times wait for the journal
commit a sync has started, so a sync every 0.1 s whatever the load held lone commits up, where
a sync per 1,000 pages came every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

INTERVAL = 0.1
"""Seconds between looks at the count of commits."""
COMMITS = 250
"""Write transactions between checkpoints: about 1,000 WAL pages (4 to 5 pages a group commit
of the bench), the size at which SQLite's own checkpoint comes."""
RESTART_FRAMES = 8192
"""WAL pages (4 KB each by default: 32 MB) from which a tick also restarts the WAL."""


class WalCheckpointer:
    """Checkpoints the SQLite database file ``path`` (in WAL mode) in its own thread once
    ``written()`` (the write transactions committed so far) has grown by ``commits`` since its
    last pass, looking every ``interval`` seconds, and restarts the WAL under ``write_lock``
    once it holds ``restart_frames`` pages; see the module's docstring for why. ``start`` on
    a running loop, ``stop`` before the engine is disposed. ``passes`` and ``restarts`` count
    what was done (tests, bench/)."""

    def __init__(self, path: Path, write_lock: asyncio.Lock, written: Callable[[], int], *,
                 interval: float = INTERVAL, commits: int = COMMITS,
                 restart_frames: int = RESTART_FRAMES) -> None:
        self.path = path
        self.interval = interval
        self.commits = commits
        self.restart_frames = restart_frames
        self._written = written
        self._seen = 0
        self.passes = 0
        self.restarts = 0
        self._write_lock = write_lock
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wal-checkpoint")
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Open the checkpointer's connection (in its thread) and start ticking."""
        await self._in_thread(self._connect)
        self._task = asyncio.create_task(self._run(), name="wal-checkpoint")

    async def stop(self) -> None:
        """Stop ticking, let a checkpoint under way finish and close the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._in_thread(self._close)
        self._thread.shutdown(wait=True)

    async def tick(self) -> tuple[int, int]:
        """One checkpoint now (and a restart if the WAL has grown to ``restart_frames``); the
        WAL's pages and those copied into the database file, after it. Raises sqlite3.Error
        when SQLite refuses (a full disk...)."""
        _, frames, copied = await self._in_thread(self._checkpoint, "PASSIVE")
        self.passes += 1
        if frames >= self.restart_frames:
            async with self._write_lock:
                busy, frames, copied = await self._in_thread(self._checkpoint, "RESTART")
            if not busy:
                self.restarts += 1
        return frames, copied

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            if self._written() - self._seen < self.commits:
                continue
            self._seen = self._written()
            try:
                await self.tick()
            except sqlite3.Error as error:
                # The next tick tries again; meanwhile commits only make the WAL longer.
                log.warning("WAL checkpoint of %s failed: %s", self.path, error)

    async def _in_thread(self, function: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._thread, function, *args)

    def _connect(self) -> None:
        # No busy timeout (the module docstring): a checkpoint that would wait gives up.
        self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                     timeout=0)

    def _checkpoint(self, mode: str) -> tuple[int, int, int]:
        assert self._conn is not None
        busy, frames, copied = self._conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        return busy, frames, copied

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
