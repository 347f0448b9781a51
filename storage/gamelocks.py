"""Which worker process owns a game, when several share one PostgreSQL database
(docs/scaling.md): a session-level advisory lock per game, held on one connection kept open
for this purpose.

Why session locks on a dedicated connection rather than transaction locks: a game is owned
for minutes, across many transactions on pooled connections, and the lock must end exactly
when the owner does. PostgreSQL drops a session's advisory locks when its connection ends,
so a worker that dies (even by SIGKILL: the server sees the socket close) frees its games
without anyone cleaning up; a transaction lock would end with each commit. Every lock is
taken with ``pg_try_advisory_lock``, so nothing ever waits on a lock held by a live worker,
except the short creation hand-over in ``take(..., wait=True)``.

Keys use PostgreSQL's two-int4 form, whose key space does not overlap the single-bigint one of
the process-wide owner's lock (``storage.db.OWNER_LOCK_KEY``): ``(GAME_SPACE, game id)`` for a
game, ``(CHAT_SPACE, crc32 of the chat key)`` for a chat while a game is being opened in it. A
crc32 collision between two chats only makes one of them wait for the other's opening.
"""

from __future__ import annotations

import asyncio
import zlib

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

GAME_SPACE = int.from_bytes(b"chgg", "big")
"""The first int4 of a game's advisory lock key; the second is the game id."""
CHAT_SPACE = GAME_SPACE + 1
"""The first int4 of a chat's advisory lock key while a game is opened there."""

_TRY = text("SELECT pg_try_advisory_lock(:space, :key)")
_WAIT = text("SELECT pg_advisory_lock(:space, :key)")
_FREE = text("SELECT pg_advisory_unlock(:space, :key)")


def chat_key_id(chat_key: str) -> int:
    """The int4 (0 to 2**31 - 1) standing for ``chat_key`` in its advisory lock key: stable
    across processes (crc32, unlike ``hash``)."""
    return zlib.crc32(chat_key.encode()) & 0x7FFFFFFF


class GameLocks:
    """The game locks of one worker, on its own connection (``open``); PostgreSQL only.

    ``held`` is the set of game ids this worker owns. Calls are serialised on the connection
    (asyncpg runs one statement at a time on it). A statement that fails because the
    connection is gone raises SQLAlchemy's DBAPIError: the locks went with it, and the caller
    must stop acting on its games (``bot.scaling.ownership`` stops the worker).
    """

    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn
        self._mutex = asyncio.Lock()
        self.held: set[int] = set()

    @classmethod
    async def open(cls, engine: AsyncEngine) -> GameLocks:
        """A new connection of ``engine`` in autocommit (a session lock outlives transactions;
        none is left open). Raises ValueError when ``engine`` is not PostgreSQL: SQLite keeps
        one owner process for the whole database (``Storage.open(owner=True)``)."""
        if engine.dialect.name != "postgresql":
            raise ValueError("game locks need PostgreSQL")
        conn = await engine.connect()
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        return cls(conn)

    async def _ask(self, statement: object, space: int, key: int) -> bool:
        async with self._mutex:
            return bool(await self._conn.scalar(statement, {"space": space, "key": key}))

    async def take(self, game_id: int, *, wait: bool = False) -> bool:
        """Own the game ``game_id``: True when this worker holds its lock now (already held is
        True, and not taken twice). Without ``wait`` a lock held elsewhere answers False at
        once; with it, the call waits for it (only for a game this worker has just created,
        which another worker's ``take`` may hold for an instant, ``bot.scaling.ownership``)."""
        if game_id in self.held:
            return True
        got = await self._ask(_WAIT if wait else _TRY, GAME_SPACE, game_id)
        if got or wait:
            self.held.add(game_id)
            return True
        return False

    async def release(self, game_id: int) -> None:
        """Give up the game ``game_id`` (finished, or not to be kept); nothing if not held."""
        if game_id in self.held:
            self.held.discard(game_id)
            await self._ask(_FREE, GAME_SPACE, game_id)

    async def take_chat(self, chat_key: str, *, wait: bool = False) -> bool:
        """Lock the chat ``chat_key`` while a game is opened in it (``release_chat`` after);
        False when another worker holds it and ``wait`` is not set."""
        got = await self._ask(_WAIT if wait else _TRY, CHAT_SPACE, chat_key_id(chat_key))
        return got or wait

    async def release_chat(self, chat_key: str) -> None:
        """Unlock the chat ``chat_key`` locked by ``take_chat``."""
        await self._ask(_FREE, CHAT_SPACE, chat_key_id(chat_key))

    async def close(self) -> None:
        """Release every lock this worker holds and give the connection back."""
        self.held.clear()
        async with self._mutex:
            try:
                # The connection goes back to the engine's pool: its session, and the locks
                # with it, would outlive this close.
                await self._conn.execute(text("SELECT pg_advisory_unlock_all()"))
            finally:
                await self._conn.close()
