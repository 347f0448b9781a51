"""The database: engine set-up (SQLite WAL, BEGIN IMMEDIATE), migrations, the owner's lock, and
the repository.

``Storage`` is the only thing the core talks to. Every write is one transaction; the event log
is append-only: a game's events are only ever inserted, with consecutive ``seq`` numbers, so a
second writer racing on the same game fails on the unique (game_id, seq) key instead of
interleaving.

One process at a time owns the games of a database (``Storage.open(url, owner=True)``): on
PostgreSQL a session advisory lock, on SQLite an exclusive ``flock`` on a file beside the
database. Both are released by the system when the process dies, even by SIGKILL, so a restart
after a crash is never refused.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import bindparam, event, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.util import await_only

from storage.tables import (
    ChatPersonRow,
    GameEventRow,
    GameRow,
    IdentityRow,
    PackageRow,
    PlayerRow,
    TeamMemberRow,
    TeamRow,
)

T = TypeVar("T")
_Op = Callable[[AsyncConnection], Awaitable[T]]
"""A write: given a connection inside a transaction, it writes and returns its result."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

MAX_EXTERNAL_ID = IdentityRow.__table__.c.external_id.type.length
"""The longest account id ``Storage.player`` takes (the column's width)."""
MAX_LOCALE = PlayerRow.__table__.c.locale.type.length
"""The longest language code kept for a player (the column's width)."""

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


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of a game's log: ``seq`` from 1, ``at`` UTC, ``kind``, JSON ``payload`` and
    the ``version`` of the event's shape it was written with (``rules.base.event``)."""

    seq: int
    at: datetime
    kind: str
    payload: dict[str, Any]
    version: int = 1


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's row: id, format, chat key, package id, status and locale."""

    id: int
    format: str
    chat_key: str
    package_id: int | None
    status: str
    locale: str


@dataclass(frozen=True, slots=True)
class SeenPerson:
    """A person a chat has seen: the chat's key, their player id, and the display name and
    ``@username`` (without the @, None when they have none) they had there last."""

    chat_key: str
    player_id: int
    name: str
    username: str | None


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


def make_engine(url: str, *, busy_timeout: float = BUSY_TIMEOUT) -> AsyncEngine:
    """An async engine for ``url``; for SQLite: the folder created, WAL, a busy timeout of
    ``busy_timeout`` seconds, foreign keys on, and ``BEGIN IMMEDIATE`` for every transaction of
    a connection with the ``WRITES`` execution options, so writers queue at the start instead of
    failing at commit; other transactions (reads) begin deferred and take no write lock."""
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


def _upgrade(connection: Connection) -> tuple[str | None, str | None]:
    before = _revision(connection)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
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


def _now() -> datetime:
    return datetime.now(UTC)


class Storage:
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
        # (bench/: with 1,000 games, timers fired up to 1.3 s late at p99 while racing, 45 ms
        # once queued); other processes still wait through busy_timeout. On every backend it
        # keeps a find-or-create (a player, a team) from racing another: under PostgreSQL's
        # read committed both would find nothing and insert, and one fail on the unique key.
        self._write_lock = asyncio.Lock()
        self._writes = engine.execution_options(**WRITES)
        # Writes share transactions only on SQLite: PostgreSQL commits them side by side.
        self._group_commit = engine.dialect.name == "sqlite"
        self._queued: list[tuple[_Op[Any], asyncio.Future[Any]]] = []
        self._committers: set[asyncio.Task[None]] = set()
        self._event_insert = _EventInsert(engine.dialect) if self._group_commit else None
        self._upserts = _Upserts(engine.dialect.name)

    @classmethod
    async def open(cls, url: str, *, owner: bool = False,
                   busy_timeout: float = BUSY_TIMEOUT) -> Storage:
        """Connect to ``url`` and apply every pending Alembic migration.

        With ``owner``, first take the owner's lock (the module docstring): the process that
        runs games, or migrates on request, must be the only one. Raises StoreInUse when
        another process holds it. Without ``owner`` (the season and export commands) nothing
        is locked: those write through transactions alongside the owner. A SQLite write waits
        ``busy_timeout`` seconds for another process's lock. Raises SQLAlchemy's DBAPIError
        when the database cannot be opened (``storage_fault`` says why) and ImportError when
        the URL's driver is not installed.
        """
        engine = make_engine(url, busy_timeout=busy_timeout)
        storage = cls(engine)
        try:
            if owner:
                await storage._claim(url)
            async with engine.begin() as conn:
                storage.revisions = await conn.run_sync(_upgrade)
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
        lock = path.with_name(path.name + ".lock")
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            # A folder no one may write to: no process can store games there either, and
            # SQLite says so at the first write.
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise StoreInUse(str(lock), int(holder) if holder.isdigit() else None) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._owner_fd = fd

    async def close(self) -> None:
        """Release the owner's lock, if held, and dispose of the engine's connections."""
        if self._committers:
            await asyncio.wait(set(self._committers))
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

    async def _grouped(self, op: _Op[T]) -> T:
        """Run the write ``op`` (given the connection, inside a transaction) and return what it
        returns once it is committed; on SQLite in a group commit (``_commit_queued``), else in
        a transaction of its own."""
        if not self._group_commit:
            async with self._write() as conn:
                return await op(conn)
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

    # --- people and teams ----------------------------------------------------------------

    async def player(self, platform: str, external_id: str, name: str,
                     locale: str | None = None) -> int:
        """The player id of an account, created on first sight; the name and locale are
        refreshed each time so the bot shows what the messenger shows.

        ``external_id`` is the platform's id (or a console name), at most ``MAX_EXTERNAL_ID``
        characters: longer raises ValueError on every backend (PostgreSQL would refuse it, SQLite
        would not). ``locale`` is the platform's language code; only its first subtags are kept,
        up to ``MAX_LOCALE`` characters (``zh-hant-tw`` is kept as ``zh-hant``): the bot reads
        only the language.
        """
        if len(external_id) > MAX_EXTERNAL_ID:
            raise ValueError(f"an external id has at most {MAX_EXTERNAL_ID} characters")
        if locale:
            locale = locale[:MAX_LOCALE].rstrip("-_") if len(locale) > MAX_LOCALE else locale
        return await self._grouped(
            lambda conn: _find_or_add_player(conn, platform, external_id, name, locale))

    async def identity(self, player_id: int, platform: str) -> tuple[str, str | None] | None:
        """``(external id, locale)`` of the player's account on ``platform``, or None."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(IdentityRow.external_id, PlayerRow.locale)
                .join(PlayerRow, PlayerRow.id == IdentityRow.player_id)
                .where(IdentityRow.player_id == player_id, IdentityRow.platform == platform)
            )).first()
        return (row[0], row[1]) if row else None

    async def saw_person(self, chat_key: str, player_id: int, name: str,
                         username: str | None) -> None:
        """Record that the chat ``chat_key`` (``"<platform>:<id>"``) has seen the player
        under ``name`` and ``username``; a later sighting replaces both."""
        values = {"chat_key": chat_key, "player_id": player_id,
                  "platform": chat_key.partition(":")[0], "display_name": name,
                  "username": username, "seen_at": _now()}
        statement = self._upserts.saw
        await self._grouped(lambda conn: conn.execute(statement, values))

    async def seen_people(self, platform: str) -> list[SeenPerson]:
        """Everyone the chats of ``platform`` have seen, the longest unseen first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(ChatPersonRow.chat_key, ChatPersonRow.player_id,
                       ChatPersonRow.display_name, ChatPersonRow.username)
                .where(ChatPersonRow.platform == platform)
                .order_by(ChatPersonRow.seen_at, ChatPersonRow.player_id))
            return [SeenPerson(*row) for row in rows]

    async def team(self, name: str) -> int:
        """The id of the team called ``name`` (ignoring case), created when new."""
        folded = name.strip().casefold()

        async def find_or_add(conn: AsyncConnection) -> int:
            team_id = await conn.scalar(_FIND_TEAM, {"folded": folded})
            if team_id is None:
                result = await conn.execute(_ADD_TEAM, {
                    "name": name.strip(), "name_folded": folded, "created_at": _now()})
                team_id = result.inserted_primary_key[0]
            return team_id

        return await self._grouped(find_or_add)

    async def add_member(self, team_id: int, player_id: int) -> None:
        """Record that ``player_id`` plays for ``team_id`` (no-op when already a member)."""
        values = {"team_id": team_id, "player_id": player_id, "joined_at": _now()}
        statement = self._upserts.member
        await self._grouped(lambda conn: conn.execute(statement, values))

    # --- games and their logs ------------------------------------------------------------

    async def create_game(self, format_: str, chat_key: str, package_id: int | None,
                          locale: str, first: list[StoredEvent]) -> int:
        """Create a live game and store its first events in the same transaction."""
        values = {"format": format_, "chat_key": chat_key, "package_id": package_id,
                  "status": "live", "locale": locale, "created_at": _now()}

        async def create(conn: AsyncConnection) -> int:
            result = await conn.execute(_ADD_GAME, values)
            game_id = result.inserted_primary_key[0]
            await self._insert_events(conn, [(game_id, first)])
            return game_id

        return await self._grouped(create)

    async def append(self, game_id: int, events: list[StoredEvent],
                     status: str | None = None, package_id: int | None = None) -> None:
        """Append ``events`` (their ``seq`` continuing the log) and optionally set the game's
        status and package (the log says which package a game plays; the row follows it), in
        one transaction. Raises IntegrityError if a ``seq`` is already taken.

        On SQLite, writes made while another is under way share the next transaction (a group
        commit, ``_commit_queued``); each call still returns only once its events are
        committed.
        """
        row = {name: value for name, value in (("status", status), ("package_id", package_id))
               if value is not None}

        async def add(conn: AsyncConnection) -> None:
            await self._insert_events(conn, [(game_id, events)])
            if row:
                await conn.execute(_UPDATE_GAME, {"game": game_id, **row})

        await self._grouped(add)

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

    async def _run(self, ops: list[_Op[Any]]) -> list[Any]:
        """Run ``ops`` in one write transaction; their results once committed."""
        async with self._writes.begin() as conn:
            return [await op(conn) for op in ops]

    async def _insert_events(self, conn: AsyncConnection,
                             logs: list[tuple[int, list[StoredEvent]]]) -> None:
        if self._event_insert is not None:
            await self._event_insert(conn, logs)
            return
        rows = [{"game_id": game_id, "seq": e.seq, "at": e.at, "kind": e.kind,
                 "version": e.version, "payload": e.payload}
                for game_id, events in logs for e in events]
        if rows:
            await conn.execute(insert(GameEventRow), rows)

    async def events(self, game_id: int) -> list[StoredEvent]:
        """The whole log of ``game_id`` in order."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(GameEventRow.seq, GameEventRow.at, GameEventRow.kind, GameEventRow.payload,
                       GameEventRow.version)
                .where(GameEventRow.game_id == game_id).order_by(GameEventRow.seq))
            return [StoredEvent(seq, _utc(at), kind, payload, version)
                    for seq, at, kind, payload, version in rows]

    async def game(self, game_id: int) -> GameInfo | None:
        """The row of game ``game_id``, or None when there is no such game."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(GameRow.id, GameRow.format, GameRow.chat_key, GameRow.package_id,
                       GameRow.status, GameRow.locale).where(GameRow.id == game_id))).first()
            return GameInfo(*row) if row is not None else None

    async def games(self, *, status: str | None = None, chat_key: str | None = None
                    ) -> list[GameInfo]:
        """Games filtered by status and/or chat, oldest first."""
        query = select(GameRow.id, GameRow.format, GameRow.chat_key, GameRow.package_id,
                       GameRow.status, GameRow.locale).order_by(GameRow.id)
        if status is not None:
            query = query.where(GameRow.status == status)
        if chat_key is not None:
            query = query.where(GameRow.chat_key == chat_key)
        async with self.engine.connect() as conn:
            return [GameInfo(*row) for row in await conn.execute(query)]


async def _find_or_add_player(conn: AsyncConnection, platform: str, external_id: str,
                              name: str, locale: str | None) -> int:
    """``Storage.player``'s write, inside a transaction on ``conn``."""
    player_id = await conn.scalar(_FIND_PLAYER, {"platform": platform,
                                                 "external_id": external_id})
    if player_id is None:
        result = await conn.execute(_ADD_PLAYER, {"display_name": name, "locale": locale,
                                                  "created_at": _now()})
        player_id = result.inserted_primary_key[0]
        await conn.execute(_ADD_IDENTITY, {"platform": platform, "external_id": external_id,
                                           "player_id": player_id})
    else:
        values: dict[str, Any] = {"player": player_id, "display_name": name}
        if locale:
            values["locale"] = locale
        await conn.execute(_RENAME_PLAYER, values)
    return player_id


# The writes of every action, built once on the tables (not the ORM classes, whose statements
# go through the ORM's per-row handling) with their values bound at execution, so that
# SQLAlchemy compiles each once and finds it in its cache after (bench/: building and
# compiling the statements anew was a third of a game's set-up).
_players, _identities = PlayerRow.__table__, IdentityRow.__table__
_teams, _games = TeamRow.__table__, GameRow.__table__
_FIND_PLAYER = select(_identities.c.player_id).where(
    _identities.c.platform == bindparam("platform"),
    _identities.c.external_id == bindparam("external_id"))
_ADD_PLAYER = insert(_players)
_ADD_IDENTITY = insert(_identities)
_RENAME_PLAYER = update(_players).where(_players.c.id == bindparam("player"))
_FIND_TEAM = select(_teams.c.id).where(_teams.c.name_folded == bindparam("folded"))
_ADD_TEAM = insert(_teams)
_ADD_GAME = insert(_games)
_UPDATE_GAME = update(_games).where(_games.c.id == bindparam("game"))


class _Upserts:
    """The writes that insert a row or, when its key is taken, update it (a sighting) or
    leave it (a membership): one statement instead of a look-up and a write. SQLite and
    PostgreSQL spell ``ON CONFLICT`` alike, each through its dialect's ``insert``."""

    def __init__(self, dialect_name: str) -> None:
        upsert = postgresql_insert if dialect_name == "postgresql" else sqlite_insert
        people = ChatPersonRow.__table__
        saw = upsert(people)
        self.saw = saw.on_conflict_do_update(
            index_elements=[people.c.chat_key, people.c.player_id],
            set_={name: saw.excluded[name] for name in ("display_name", "username", "seen_at")})
        members = TeamMemberRow.__table__
        self.member = upsert(members).on_conflict_do_nothing(
            index_elements=[members.c.team_id, members.c.player_id])


class _EventInsert:
    """The insert of event rows on SQLite, compiled once by SQLAlchemy Core and run by the
    driver itself in one ``executemany``: through a SQLAlchemy cursor each insert costs three
    trips to aiosqlite's thread (open, execute, close) and its per-row processing (bench/: the
    appends ran 6x slower than bare aiosqlite). The values go through the columns' own bind
    processors (``DateTime``, ``JSON``), so the rows are those SQLAlchemy writes."""

    COLUMNS = ("game_id", "seq", "at", "kind", "version", "payload")

    def __init__(self, dialect: Any) -> None:
        table = GameEventRow.__table__
        self.sql = str(insert(table).compile(dialect=dialect, column_keys=list(self.COLUMNS)))
        self.at = table.c.at.type.dialect_impl(dialect).bind_processor(dialect)
        self.payload = table.c.payload.type.dialect_impl(dialect).bind_processor(dialect)

    async def __call__(self, conn: AsyncConnection,
                      logs: list[tuple[int, list[StoredEvent]]]) -> None:
        """Insert the events of ``logs`` (game id, its events) inside ``conn``'s transaction;
        raises SQLAlchemy's DBAPIError (IntegrityError for a taken ``seq``) as Core would."""
        at, payload = self.at, self.payload
        rows = [(game_id, e.seq, at(e.at) if at else e.at, e.kind, e.version,
                 payload(e.payload) if payload else e.payload)
                for game_id, events in logs for e in events]
        if not rows:
            return
        raw = await conn.get_raw_connection()
        try:
            await raw.driver_connection.executemany(self.sql, rows)
        except sqlite3.Error as error:
            raise DBAPIError.instance(self.sql, rows, error, sqlite3.Error) from error


def _settle(done: asyncio.Future[Any], result: Any = None, *,
            error: Exception | None = None) -> None:
    # The caller may have been cancelled while its write was being committed.
    if done.done():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)


def _utc(value: datetime) -> datetime:
    # SQLite keeps no zone: the values we write are UTC, so read them back as UTC.
    return value if value.tzinfo else value.replace(tzinfo=UTC)
