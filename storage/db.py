"""The database: engine set-up (SQLite WAL, BEGIN IMMEDIATE), migrations, the owner's lock, and
the repository (``Storage``: its players and teams in ``storage.people``, its games and their
logs in ``storage.events``).

``Storage`` is the only thing the core talks to. Every write is one transaction; the event log
is append-only: a game's events are only ever inserted, with consecutive ``seq`` numbers, so a
second writer racing on the same game fails on the unique (game_id, seq) key instead of
interleaving.

One process at a time owns the games of a database (``Storage.open(url, owner=True)``): on
PostgreSQL a session advisory lock, on SQLite an exclusive ``flock`` on a file beside the
database. Both are released by the system when the process dies, even by SIGKILL, so a restart
after a crash is never refused. Several worker processes sharing one PostgreSQL database open it
without ``owner`` and own one game at a time each instead (``storage.gamelocks``,
docs/scaling.md).
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, insert, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.util import await_only

from storage.checkpoint import WalCheckpointer
from storage.events import EventStore, GameInfo, StoredEvent
from storage.people import MAX_EXTERNAL_ID, MAX_LOCALE, PeopleStore, SeenPerson, _Upserts
from storage.sqlbatch import CoreSql, SqliteBatch, WriteOp
from storage.tables import PackageRow
from storage.times import _now

T = TypeVar("T")
"""A write: given a connection inside a transaction, it writes and returns its result."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

OWNER_LOCK_KEY = int.from_bytes(b"chgk-bot", "big")
"""The PostgreSQL advisory lock (a bigint, per database) held by the process owning the games."""


class PackageLike(Protocol):
    """What storage keeps of a parsed package (``bot.packages.model.Package``): storage
    depends on nothing above it (DESIGN.md), so it names only the parts it reads."""

    title: str
    source_format: str

    def to_dict(self) -> dict[str, Any]:
        """The package as JSON-ready data."""


class StoreInUse(Exception):
    """Another process owns the games of this database (``Storage.open(owner=True)``).

    ``where`` names the lock: the lock file of a SQLite database, or the PostgreSQL database;
    ``pid`` is the owning process when known (SQLite).
    """

    def __init__(self, where: str, pid: int | None = None) -> None:
        super().__init__(f"another process owns the games of {where}"
                         + (f" (process {pid})" if pid else ""))
        self.where = where
        self.pid = pid


_WRITE = "chgk_write"
WRITES = {_WRITE: True}
"""Execution options of a write connection (``make_engine``: ``BEGIN IMMEDIATE`` on SQLite)."""

BUSY_TIMEOUT = 5.0
"""Seconds a SQLite write waits for another process's lock before failing as "locked"."""

FAULTS = ("locked", "readonly", "full", "unavailable")
"""What ``storage_fault`` may answer."""
_SQLITE_FAULTS = {"SQLITE_BUSY": "locked", "SQLITE_LOCKED": "locked",
                  "SQLITE_READONLY": "readonly", "SQLITE_FULL": "full"}
# PostgreSQL SQLSTATE classes and codes (asyncpg's ``sqlstate``).
_PG_FAULTS = {"25006": "readonly", "53100": "full", "55P03": "locked", "40P01": "locked",
              "40001": "locked"}
_PG_CLASSES = {"08": "unavailable", "53": "full", "57": "unavailable"}


def storage_fault(error: BaseException) -> str | None:
    """Why the database refused a read or a write, when the fault is the database's and not
    the data's: ``"locked"`` (another program holds it; passes by itself), ``"readonly"``,
    ``"full"`` (the disk, or a size limit), ``"unavailable"`` (disk I/O, connection lost, the
    server down). None for anything else (a taken key, a bug), which retrying cannot mend."""
    if isinstance(error, IntegrityError) or not isinstance(error, DBAPIError):
        return None
    orig = error.orig
    name = getattr(orig, "sqlite_errorname", None)
    if name is not None:
        return _SQLITE_FAULTS.get(name, "unavailable" if name.startswith("SQLITE_IOERR")
                                  or name == "SQLITE_CANTOPEN" else None)
    code = str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")
    if code:
        return _PG_FAULTS.get(code) or _PG_CLASSES.get(code[:2])
    return "unavailable" if error.connection_invalidated else None


def make_engine(url: str, *, busy_timeout: float = BUSY_TIMEOUT,
                autocheckpoint: bool = True) -> AsyncEngine:
    """An async engine for ``url``; for SQLite: the folder created, WAL, a busy timeout of
    ``busy_timeout`` seconds, foreign keys on, and ``BEGIN IMMEDIATE`` for every transaction of
    a connection with the ``WRITES`` execution options, so writers queue at the start instead of
    failing at commit; other transactions (reads) begin deferred and take no write lock.
    Without ``autocheckpoint`` no connection checkpoints the WAL at commit (a
    ``WalCheckpointer`` does, ``storage/checkpoint.py``)."""
    parsed = make_url(url)
    is_sqlite = parsed.get_backend_name() == "sqlite"
    path = sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    # A connection goes back to the pool with its transaction ended (``Connection.close`` rolls
    # back what is left): on SQLite the pool's own rollback on return would be one more trip to
    # aiosqlite's thread per transaction.
    engine = create_async_engine(url, **({"pool_reset_on_return": None} if is_sqlite else {}))
    if is_sqlite:
        @event.listens_for(engine.sync_engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy's "begin" event below issue BEGIN itself.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            if not autocheckpoint:
                cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        @event.listens_for(engine.sync_engine, "begin")
        def _on_begin(conn: Connection) -> None:
            # Straight to the driver: one trip to aiosqlite's thread instead of a cursor's
            # three (open, execute, close) through exec_driver_sql.
            sql = "BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN"
            try:
                await_only(conn.connection.driver_connection.execute(sql))
            except sqlite3.Error as error:
                raise DBAPIError.instance(sql, None, error, sqlite3.Error) from error

    return engine


def _revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@cache
def _head() -> str | None:
    """The newest revision in ``storage/migrations`` (read once per process)."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def _upgrade(connection: Connection) -> tuple[str | None, str | None]:
    before = _revision(connection)
    # A database at the newest revision is left alone: Alembic's upgrade would load every
    # migration script and its environment to find nothing to do, at each start of a command.
    if before is not None and before == _head():
        return before, before
    cfg = _config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")
    return before, _revision(connection)


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite ``url``; None for another database or an in-memory one. A URI
    filename (``sqlite+aiosqlite:///file:/srv/chgk.sqlite3?mode=ro&uri=true``) names its path
    after ``file:``."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    database = parsed.database
    if database.startswith("file:"):
        if parsed.query.get("mode") == "memory":
            return None
        database = urlsplit(database).path
    return Path(database).expanduser()


def claim_sqlite(path: Path) -> int | None:
    """Take the owner's lock of the SQLite database at ``path`` (an exclusive ``flock`` on
    ``<path>.lock``, which then holds this process's id) and return its file descriptor; close
    it to let go. None when the lock file cannot be made (a folder no one may write to: no
    process can store games there either, and SQLite says so at the first write). Raises
    StoreInUse when another process holds it."""
    lock = path.with_name(path.name + ".lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        raise StoreInUse(str(lock), int(holder) if holder.isdigit() else None) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


class Storage(PeopleStore, EventStore):
    """Repository over one engine: packages, players, teams, games and their event logs."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.revisions: tuple[str | None, str | None] = (None, None)
        """The Alembic revision before and after ``open`` applied the pending migrations."""
        self._owner_conn: AsyncConnection | None = None
        self._owner_fd: int | None = None
        # Writes go one at a time per process (PostgreSQL's appends excepted). On SQLite, which
        # lets one transaction write at a time, writers queue here in order instead of racing
        # for the file lock in SQLite's busy handler, which sleeps up to 100 ms between tries
        # (it made the timers late: docs/performance.md, Checkpoints); other processes still
        # wait through busy_timeout. On every backend it
        # keeps a find-or-create (a player, a team) from racing another: under PostgreSQL's
        # read committed both would find nothing and insert, and one fail on the unique key.
        self._write_lock = asyncio.Lock()
        self._writes = engine.execution_options(**WRITES)
        # Writes share transactions only on SQLite: PostgreSQL commits them side by side.
        self._group_commit = engine.dialect.name == "sqlite"
        self._queued: list[tuple[WriteOp[Any], asyncio.Future[Any]]] = []
        self._committers: set[asyncio.Task[None]] = set()
        self._batch = SqliteBatch(engine.dialect) if self._group_commit else None
        self._upserts = _Upserts(engine.dialect.name)
        self.transactions = 0
        """Write transactions this process has committed through ``_grouped`` (bench/)."""
        # SQLite's group commits keep one pooled connection between them (``_writer``):
        # checking one out and back in through SQLAlchemy's asyncio layer for every commit
        # cost more than the commit's own trip to the driver (bench/writes.py). A dispose of
        # the engine (new connections wanted) or a failed commit lets it go.
        self._writer: AsyncConnection | None = None
        # Its aiosqlite connection, asked once per writer: asking SQLAlchemy costs a greenlet
        # switch per group commit (bench/).
        self._driver: Any = None
        self._writer_stale = False
        self.checkpointer: WalCheckpointer | None = None
        """Checkpoints the WAL of the owner's SQLite file (``storage/checkpoint.py``)."""
        if self._group_commit:
            event.listen(engine.sync_engine, "engine_disposed", self._on_dispose)

    @classmethod
    async def open(cls, url: str, *, owner: bool = False,
                   busy_timeout: float = BUSY_TIMEOUT) -> Storage:
        """Connect to ``url`` and apply every pending Alembic migration.

        With ``owner``, first take the owner's lock (the module docstring): the process that
        runs games, or migrates on request, must be the only one. Raises StoreInUse when
        another process holds it. Without ``owner`` (the season and export commands) nothing
        is locked: those write through transactions alongside the owner. The owner of a SQLite
        file checkpoints its WAL in a thread of its own (``WalCheckpointer``), not at commit.
        A SQLite write waits ``busy_timeout`` seconds for another process's lock. Raises
        SQLAlchemy's DBAPIError when the database cannot be opened (``storage_fault`` says why)
        and ImportError when the URL's driver is not installed.
        """
        path = sqlite_path(url) if owner else None
        engine = make_engine(url, busy_timeout=busy_timeout, autocheckpoint=path is None)
        storage = cls(engine)
        try:
            if owner:
                await storage._claim(url)
            async with engine.begin() as conn:
                storage.revisions = await conn.run_sync(_upgrade)
            if path is not None:
                storage.checkpointer = WalCheckpointer(path, storage._write_lock,
                                                      lambda: storage.transactions)
                await storage.checkpointer.start()
        except BaseException:
            await storage.close()
            raise
        return storage

    async def _claim(self, url: str) -> None:
        if self.engine.dialect.name == "postgresql":
            conn = await self.engine.connect()
            got = await conn.scalar(text("SELECT pg_try_advisory_lock(:key)"),
                                    {"key": OWNER_LOCK_KEY})
            # A session lock outlives the transaction: end it so the connection is not left
            # idle in a transaction for the life of the process.
            await conn.commit()
            if not got:
                await conn.close()
                raise StoreInUse(f"PostgreSQL database {self.engine.url.database}")
            self._owner_conn = conn
            return
        path = sqlite_path(url)
        if path is None:
            return  # an in-memory database belongs to its process anyway
        self._owner_fd = claim_sqlite(path)

    async def ping(self) -> bool:
        """True when the database answers a trivial query (``SELECT 1``); raises SQLAlchemy's
        DBAPIError or OSError when it cannot be reached."""
        async with self.engine.connect() as conn:
            return await conn.scalar(text("SELECT 1")) == 1

    async def close(self) -> None:
        """Release the owner's lock, if held, and dispose of the engine's connections."""
        if self._committers:
            await asyncio.wait(set(self._committers))
        if self.checkpointer is not None:
            checkpointer, self.checkpointer = self.checkpointer, None
            await checkpointer.stop()
        await self._drop_writer()
        if event.contains(self.engine.sync_engine, "engine_disposed", self._on_dispose):
            event.remove(self.engine.sync_engine, "engine_disposed", self._on_dispose)
        if self._owner_conn is not None:
            conn, self._owner_conn = self._owner_conn, None
            try:
                await conn.execute(text("SELECT pg_advisory_unlock(:key)"),
                                   {"key": OWNER_LOCK_KEY})
                await conn.commit()
            finally:
                await conn.close()
        if self._owner_fd is not None:
            fd, self._owner_fd = self._owner_fd, None
            os.close(fd)
        await self.engine.dispose()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction of its own (``BEGIN IMMEDIATE`` on SQLite), one at a time in this
        process."""
        async with self._write_lock, self._writes.begin() as conn:
            yield conn

    async def _grouped(self, op: WriteOp[T]) -> T:
        """Run the write ``op`` (given an ``Sql``, inside a transaction) and return what it
        returns once it is committed; on SQLite in a group commit (``_commit_queued``), else in
        a transaction of its own."""
        if not self._group_commit:
            async with self._write() as conn:
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

    # --- packages ------------------------------------------------------------------------

    async def save_package(self, package: PackageLike, source_name: str, raw: bytes) -> int:
        """Store ``package`` (parsed from ``raw``) once; the same bytes again give the same id."""
        digest = hashlib.sha256(raw).hexdigest()
        async with self._write() as conn:
            existing = await conn.scalar(select(PackageRow.id).where(PackageRow.sha256 == digest))
            if existing is not None:
                return existing
            result = await conn.execute(insert(PackageRow).values(
                title=package.title, source_name=source_name,
                source_format=package.source_format, sha256=digest, data=package.to_dict(),
                created_at=_now()))
            return result.inserted_primary_key[0]

    async def package_data(self, package_id: int) -> dict[str, Any]:
        """The stored package ``package_id`` as ``to_dict`` gave it (the caller rebuilds it,
        e.g. ``Package.from_dict``). Raises LookupError when there is none."""
        async with self.engine.connect() as conn:
            data = await conn.scalar(select(PackageRow.data).where(PackageRow.id == package_id))
        if data is None:
            raise LookupError(f"no package {package_id}")
        return data
    async def _commit_queued(self) -> None:
        # A group commit: writes queue up while the writer ahead holds the lock, then go in
        # one transaction, so under load a transaction carries many games' writes instead of
        # each waiting for its own (bench/: with one transaction per append, 1,000 games'
        # actions waited seconds; opening a game took some 27). A failed batch is retried one
        # write at a time, so only the write at fault raises.
        async with self._write_lock:
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


__all__ = ["BUSY_TIMEOUT", "FAULTS", "MAX_EXTERNAL_ID", "MAX_LOCALE", "MIGRATIONS",
           "OWNER_LOCK_KEY", "WRITES", "GameInfo", "PackageLike", "SeenPerson", "Storage",
           "StoreInUse", "StoredEvent", "make_engine", "sqlite_path", "storage_fault"]
