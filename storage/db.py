"""The database: engine set-up (SQLite WAL, BEGIN IMMEDIATE), migrations, the owner's lock, and
``Storage``, which holds the repositories as named parts (its games and their logs in
``storage.log``, its players and teams in ``storage.people``...; the class docstring).

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

import fcntl
import os
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.util import await_only

from storage.boards import BoardStore
from storage.checkpoint import WalCheckpointer
from storage.events import EventStore, GameInfo, StoredEvent
from storage.leagues import LeagueStore
from storage.packages import PackageLike, PackageStore
from storage.people import MAX_EXTERNAL_ID, MAX_LOCALE, PeopleStore, SeenPerson
from storage.seasons import SeasonStore
from storage.writer import WRITE_OPTION, WRITES, Writer

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

OWNER_LOCK_KEY = int.from_bytes(b"chgk-bot", "big")
"""The PostgreSQL advisory lock (a bigint, per database) held by the process owning the games."""


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
            sql = "BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN"
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


class Storage:
    """One database, opened by this process: the engine and its owner's lock, the WAL
    checkpointer, and the named parts that read and write it, each given what it needs:

    - ``writer``: the writes of this process (one at a time; group commits on SQLite);
    - ``log``: games and their append-only event logs (``storage.events``);
    - ``packages``: the question packages (``storage.packages``);
    - ``people``: players, their accounts and sightings, teams (``storage.people``);
    - ``seasons``, ``leagues``, ``boards``: seasons, TV leagues and page tokens, each write a
      transaction of its own (``storage.seasons``, ``storage.leagues``, ``storage.boards``).

    The core's port, what a game does on every action, is flat on ``Storage``: its log
    (``create_game``, ``append``, ``events``, ``game``, ``games``) and its package
    (``save_package``, ``package_data``).
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.revisions: tuple[str | None, str | None] = (None, None)
        """The Alembic revision before and after ``open`` applied the pending migrations."""
        self.writer = Writer(engine)
        self.log = EventStore(engine, self.writer)
        self.packages = PackageStore(engine, self.writer)
        self.people = PeopleStore(engine, self.writer)
        self.seasons = SeasonStore(engine)
        self.leagues = LeagueStore(engine)
        self.boards = BoardStore(engine)
        self.checkpointer: WalCheckpointer | None = None
        """Checkpoints the WAL of the owner's SQLite file (``storage/checkpoint.py``)."""
        self._owner_conn: AsyncConnection | None = None
        self._owner_fd: int | None = None

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
                writer = storage.writer
                storage.checkpointer = WalCheckpointer(path, writer.lock,
                                                      lambda: writer.transactions)
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
        """Finish the writes under way, release the owner's lock, if held, and dispose of the
        engine's connections."""
        await self.writer.drain()
        if self.checkpointer is not None:
            checkpointer, self.checkpointer = self.checkpointer, None
            await checkpointer.stop()
        await self.writer.close()
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

    # --- the core's port: a game's log and its package (the parts say more) ----------------

    async def create_game(self, format_: str, chat_key: str, package_id: int | None,
                          locale: str, first: list[StoredEvent]) -> int:
        """``EventStore.create_game``: a new live game with its ``first`` events; its id."""
        return await self.log.create_game(format_, chat_key, package_id, locale, first)

    async def append(self, game_id: int, events: list[StoredEvent],
                     status: str | None = None, package_id: int | None = None) -> None:
        """``EventStore.append``: ``events`` at the end of the game's log, committed; raises
        IntegrityError when a ``seq`` is taken."""
        await self.log.append(game_id, events, status, package_id)

    async def events(self, game_id: int) -> list[StoredEvent]:
        """``EventStore.events``: the whole log of ``game_id`` in order."""
        return await self.log.events(game_id)

    async def game(self, game_id: int) -> GameInfo | None:
        """``EventStore.game``: the row of game ``game_id``, or None."""
        return await self.log.game(game_id)

    async def games(self, *, status: str | None = None, chat_key: str | None = None
                    ) -> list[GameInfo]:
        """``EventStore.games``: games filtered by status and/or chat, oldest first."""
        return await self.log.games(status=status, chat_key=chat_key)

    async def save_package(self, package: PackageLike, source_name: str, raw: bytes) -> int:
        """``PackageStore.save``: the id of ``package`` (parsed from ``raw``), stored once."""
        return await self.packages.save(package, source_name, raw)

    async def package_data(self, package_id: int) -> dict[str, Any]:
        """``PackageStore.data``: the stored package's data; raises LookupError for none."""
        return await self.packages.data(package_id)


__all__ = ["BUSY_TIMEOUT", "FAULTS", "MAX_EXTERNAL_ID", "MAX_LOCALE", "MIGRATIONS",
           "OWNER_LOCK_KEY", "WRITES", "GameInfo", "PackageLike", "SeenPerson", "Storage",
           "StoreInUse", "StoredEvent", "make_engine", "sqlite_path", "storage_fault"]
