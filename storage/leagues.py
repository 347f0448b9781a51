"""The TV league repository (TV-7): seasons of the club league and their event logs.

A league is its log, like a game (DESIGN.md, Events are the record): ``rules.tv.league``
folds it. This module stores names and rows only; it works over the engine of
``storage.db.Storage`` and every write is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.events import StoredEvent
from storage.tables import LeagueEventRow, LeagueRow
from storage.writer import WRITES


@dataclass(frozen=True, slots=True)
class LeagueInfo:
    """A league's row: its id and name."""

    id: int
    name: str


def _utc(value: datetime) -> datetime:
    # SQLite keeps no zone: the values we write are UTC, so read them back as UTC.
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


class LeagueStore:
    """Repository of TV leagues over ``engine`` (``storage.db.Storage.leagues``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    async def create(self, name: str, first: StoredEvent) -> int | None:
        """Create a league called ``name`` whose log starts with ``first`` (its ``seq`` is
        1), in one transaction; its id, or None when one of that name (ignoring case)
        exists."""
        folded = name.strip().casefold()
        async with self._writes.begin() as conn:
            if await conn.scalar(select(LeagueRow.id).where(LeagueRow.name_folded == folded)):
                return None
            result = await conn.execute(insert(LeagueRow).values(
                name=name.strip(), name_folded=folded, created_at=datetime.now(UTC)))
            league_id = result.inserted_primary_key[0]
            await conn.execute(insert(LeagueEventRow).values(
                league_id=league_id, seq=1, at=first.at, kind=first.kind,
                version=first.version, payload=first.payload))
            return league_id

    async def league(self, name: str | None = None) -> LeagueInfo | None:
        """The league called ``name`` (ignoring case), or the newest when ``name`` is None."""
        query = select(LeagueRow.id, LeagueRow.name)
        if name is None:
            query = query.order_by(LeagueRow.id.desc()).limit(1)
        else:
            query = query.where(LeagueRow.name_folded == name.strip().casefold())
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return LeagueInfo(*row) if row else None

    async def leagues(self) -> list[LeagueInfo]:
        """Every league, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(LeagueRow.id, LeagueRow.name).order_by(LeagueRow.id))
            return [LeagueInfo(*row) for row in rows]

    async def append(self, league_id: int, events: list[StoredEvent]) -> None:
        """Append ``events`` to the league's log after its last one (their ``seq`` is
        renumbered to follow it), in one transaction."""
        async with self._writes.begin() as conn:
            last = await conn.scalar(select(func.max(LeagueEventRow.seq))
                                     .where(LeagueEventRow.league_id == league_id)) or 0
            rows = [{"league_id": league_id, "seq": last + n, "at": e.at, "kind": e.kind,
                     "version": e.version, "payload": e.payload}
                    for n, e in enumerate(events, 1)]
            if rows:
                await conn.execute(insert(LeagueEventRow), rows)

    async def events(self, league_id: int) -> list[StoredEvent]:
        """The league's whole log in order."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(LeagueEventRow.seq, LeagueEventRow.at, LeagueEventRow.kind,
                       LeagueEventRow.payload, LeagueEventRow.version)
                .where(LeagueEventRow.league_id == league_id).order_by(LeagueEventRow.seq))
            return [StoredEvent(seq, _utc(at), kind, payload, version)
                    for seq, at, kind, payload, version in rows]
