"""Games and their event logs: ``storage.db.Storage.log``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.sqlbatch import Sql
from storage.tables import GameEventRow, GameRow
from storage.times import _now, _utc
from storage.writer import Writer


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of a game's log: ``seq`` from 1, ``at`` UTC, ``kind``, JSON ``payload`` and
    the ``version`` of the event's shape it was written with (``rules.base.event``);
    ``delivery``, the messenger's id of the message whose action it opens (``GameEventRow``).
    """

    seq: int
    at: datetime
    kind: str
    payload: dict[str, Any]
    version: int = 1
    delivery: str | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's row: id, format, chat key, package id, status and locale."""

    id: int
    format: str
    chat_key: str
    package_id: int | None
    status: str
    locale: str


class EventStore:
    """Games and their append-only logs: reads on ``engine``, writes through ``writer``
    (group commits on SQLite)."""

    def __init__(self, engine: AsyncEngine, writer: Writer) -> None:
        self._engine = engine
        self._writer = writer

    async def create_game(self, format_: str, chat_key: str, package_id: int | None,
                          locale: str, first: list[StoredEvent]) -> int:
        """Create a live game and store its first events in the same transaction."""
        values = {"format": format_, "chat_key": chat_key, "package_id": package_id,
                  "status": "live", "locale": locale, "created_at": _now()}

        def create(sql: Sql) -> int:
            game_id = sql.insert(_ADD_GAME, values)
            _insert_events(sql, game_id, first)
            return game_id

        return await self._writer.grouped(create)

    async def append(self, game_id: int, events: list[StoredEvent],
                     status: str | None = None, package_id: int | None = None) -> None:
        """Append ``events`` (their ``seq`` continuing the log) and optionally set the game's
        status and package (the log says which package a game plays; the row follows it), in
        one transaction. Raises IntegrityError if a ``seq`` is already taken.

        On SQLite, writes made while another is under way share the next transaction (a group
        commit, ``storage.writer``); each call still returns only once its events are
        committed.
        """
        row = {name: value for name, value in (("status", status), ("package_id", package_id))
               if value is not None}

        def add(sql: Sql) -> None:
            _insert_events(sql, game_id, events)
            if row:
                sql.execute(_UPDATE_GAME, {"game": game_id, **row})

        await self._writer.grouped(add)

    async def events(self, game_id: int) -> list[StoredEvent]:
        """The whole log of ``game_id`` in order."""
        async with self._engine.connect() as conn:
            rows = await conn.execute(
                select(GameEventRow.seq, GameEventRow.at, GameEventRow.kind, GameEventRow.payload,
                       GameEventRow.version, GameEventRow.delivery)
                .where(GameEventRow.game_id == game_id).order_by(GameEventRow.seq))
            return [StoredEvent(seq, _utc(at), kind, payload, version, delivery)
                    for seq, at, kind, payload, version, delivery in rows]

    async def game(self, game_id: int) -> GameInfo | None:
        """The row of game ``game_id``, or None when there is no such game."""
        async with self._engine.connect() as conn:
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
        async with self._engine.connect() as conn:
            return [GameInfo(*row) for row in await conn.execute(query)]


# Built once on the tables (not the ORM classes, whose statements go through the ORM's
# per-row handling) with their values bound at execution, so that SQLAlchemy compiles each
# once and finds it in its cache after (bench/: building and compiling the statements anew
# was a third of a game's set-up).
_games = GameRow.__table__
_ADD_GAME = insert(_games)
_UPDATE_GAME = update(_games).where(_games.c.id == bindparam("game"))
_ADD_EVENTS = insert(GameEventRow.__table__)


def _insert_events(sql: Sql, game_id: int, events: list[StoredEvent]) -> None:
    """The rows of ``events`` of game ``game_id``, inside a write transaction."""
    sql.insert_many(_ADD_EVENTS, [{"game_id": game_id, "seq": e.seq, "at": e.at,
                                   "kind": e.kind, "version": e.version,
                                   "payload": e.payload, "delivery": e.delivery}
                                  for e in events])
