"""The writes of one process to its database: one at a time, and on SQLite in group commits.

Writes go one at a time per process (PostgreSQL's appends excepted). On SQLite, which lets one
transaction write at a time, writers queue here in order instead of racing for the file lock in
SQLite's busy handler, which sleeps up to 100 ms between tries (timers fired late under load
while racing, ``bench/``); other processes still wait through the busy timeout. On every backend
it keeps a find-or-create (a player, a team) from racing another: under PostgreSQL's read
committed both would find nothing and insert, and one fail on the unique key.

A group commit (SQLite only): writes queue up while the writer ahead holds the lock, then go in
one transaction, so under load a transaction carries many games' writes instead of each waiting
for its own (``bench/opening.py``). A failed batch is retried one write at a time, so only the
write at fault raises. PostgreSQL commits writes side by side, each in its own transaction.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.sqlbatch import CoreSql, SqliteBatch, WriteOp

T = TypeVar("T")

WRITE_OPTION = "chgk_write"
"""The execution option marking a write connection (``storage.db.make_engine`` begins its
transactions with ``BEGIN IMMEDIATE`` on SQLite)."""
WRITES = {WRITE_OPTION: True}
"""Execution options of a write connection."""


class Writer:
    """The write side of one engine in this process (the module docstring says why).

    ``transaction()`` is a write transaction of its own; ``grouped(op)`` runs a write operation
    and returns its result once committed (on SQLite in a group commit); ``lock`` is held by
    whoever writes (the WAL checkpointer takes it to restart the WAL); ``transactions`` counts
    the write transactions committed through ``grouped`` (the checkpointer, ``bench/``).
    ``drain`` waits for queued writes; ``close`` also lets the kept connection go, before the
    engine is disposed.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.lock = asyncio.Lock()
        self.transactions = 0
        self._writes = engine.execution_options(**WRITES)
        self._group_commit = engine.dialect.name == "sqlite"
        self._queued: list[tuple[WriteOp[Any], asyncio.Future[Any]]] = []
        self._committers: set[asyncio.Task[None]] = set()
        self._batch = SqliteBatch(engine.dialect) if self._group_commit else None
        # SQLite's group commits keep one pooled connection between them (``_writer``):
        # checking one out and back in through SQLAlchemy's asyncio layer for every commit
        # cost more than the commit's own trip to the driver (bench/writes.py). A dispose of
        # the engine (new connections wanted) or a failed commit lets it go.
        self._writer: AsyncConnection | None = None
        # Its aiosqlite connection, asked once per writer: asking SQLAlchemy costs a greenlet
        # switch per group commit.
        self._driver: Any = None
        self._writer_stale = False
        if self._group_commit:
            event.listen(engine.sync_engine, "engine_disposed", self._on_dispose)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction of its own (``BEGIN IMMEDIATE`` on SQLite), one at a time in this
        process; committed when the block ends, rolled back when it raises."""
        async with self.lock, self._writes.begin() as conn:
            yield conn

    async def grouped(self, op: WriteOp[T]) -> T:
        """Run the write ``op`` (given an ``Sql``, inside a transaction) and return what it
        returns once it is committed; on SQLite in a group commit, else in a transaction of
        its own. Raises what the database raised for ``op`` (IntegrityError for a taken key)."""
        if not self._group_commit:
            async with self.transaction() as conn:
                result = await conn.run_sync(lambda sync: op(CoreSql(sync)))
            self.transactions += 1
            return result
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queued.append((op, done))
        if len(self._queued) == 1:
            committer = asyncio.create_task(self._commit_queued())
            self._committers.add(committer)
            committer.add_done_callback(self._committers.discard)
        return await done

    async def drain(self) -> None:
        """Wait for the group commits under way."""
        if self._committers:
            await asyncio.wait(set(self._committers))

    async def close(self) -> None:
        """Wait for the group commits under way and let the kept connection go."""
        await self.drain()
        await self._drop_writer()
        if event.contains(self.engine.sync_engine, "engine_disposed", self._on_dispose):
            event.remove(self.engine.sync_engine, "engine_disposed", self._on_dispose)

    async def _commit_queued(self) -> None:
        async with self.lock:
            batch, self._queued = self._queued, []
            try:
                results = await self._run([op for op, _ in batch])
            except asyncio.CancelledError:
                for _, done in batch:
                    done.cancel()
                raise
            except Exception as error:
                if len(batch) == 1:
                    _settle(batch[0][1], error=error)
                    return
                for op, done in batch:
                    try:
                        (result,) = await self._run([op])
                    except Exception as alone:
                        _settle(done, error=alone)
                    else:
                        _settle(done, result)
                return
            for (_, done), result in zip(batch, results, strict=True):
                _settle(done, result)

    async def _run(self, ops: list[WriteOp[Any]]) -> list[Any]:
        """Run ``ops`` in one write transaction (SQLite: in one trip to the driver's thread,
        ``SqliteBatch``, on the kept ``_writer`` connection); their results once committed."""
        assert self._batch is not None
        if self._writer_stale:
            await self._drop_writer()
        try:
            if self._writer is None:
                writer = self._writer = await self.engine.connect()
                self._driver = (await writer.get_raw_connection()).driver_connection
            results = await self._batch.run(self._driver, ops)
        except BaseException:
            await self._drop_writer()
            raise
        self.transactions += 1
        return results

    def _on_dispose(self, _engine: Any) -> None:
        self._writer_stale = True

    async def _drop_writer(self) -> None:
        writer, self._writer, self._writer_stale = self._writer, None, False
        self._driver = None
        if writer is not None:
            await writer.close()


def _settle(done: asyncio.Future[Any], result: Any = None, *,
            error: Exception | None = None) -> None:
    # The caller may have been cancelled while its write was being committed.
    if done.done():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)
