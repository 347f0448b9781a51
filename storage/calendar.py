"""The club's calendar repository: the games scheduled in each chat (``calendar_entries``) and
the steps derived from them (``calendar_jobs``), the source of truth the bot's jobs are
rebuilt from at start.

A job is claimed once (``claim``: a conditional update, so of two workers or of a process and
its restart exactly one gets it) before what it does is sent. It works over the engine of
``storage.db.Storage``; every write is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.db import WRITES
from storage.tables import CalendarEntryRow, CalendarJobRow
from storage.times import _utc

SCHEDULED = "scheduled"
CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """A ``calendar_entries`` row (the table's docstring says what each field holds)."""

    id: int
    chat_key: str
    number: int
    format: str
    starts_local: str
    zone: str
    weekly: bool
    state: str
    host_id: str
    host_name: str
    locale: str
    created_at: datetime
    kind: str = ""


@dataclass(frozen=True, slots=True)
class JobRecord:
    """A ``calendar_jobs`` row: step ``step`` of entry ``entry_id``'s game starting at
    ``occurrence``, due at ``due_at``; ``done_at``/``outcome`` once claimed (UTC times)."""

    id: int
    entry_id: int
    occurrence: datetime
    step: str
    due_at: datetime
    done_at: datetime | None
    outcome: str | None


_ENTRY = (CalendarEntryRow.id, CalendarEntryRow.chat_key, CalendarEntryRow.number,
          CalendarEntryRow.format, CalendarEntryRow.starts_local, CalendarEntryRow.zone,
          CalendarEntryRow.weekly, CalendarEntryRow.state, CalendarEntryRow.host_id,
          CalendarEntryRow.host_name, CalendarEntryRow.locale, CalendarEntryRow.created_at,
          CalendarEntryRow.kind)
_JOB = (CalendarJobRow.id, CalendarJobRow.entry_id, CalendarJobRow.occurrence,
        CalendarJobRow.step, CalendarJobRow.due_at, CalendarJobRow.done_at,
        CalendarJobRow.outcome)


def _entry(row: object) -> EntryRecord:
    fields = list(row)  # type: ignore[call-overload]
    fields[-2] = _utc(fields[-2])
    return EntryRecord(*fields)


def _job(row: object) -> JobRecord:
    id_, entry_id, occurrence, step, due_at, done_at, outcome = row  # type: ignore[misc]
    return JobRecord(id_, entry_id, _utc(occurrence), step, _utc(due_at),
                     None if done_at is None else _utc(done_at), outcome)


class CalendarStore:
    """Repository of the calendar over ``engine`` (the engine of ``storage.db.Storage``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    async def add(self, entry: EntryRecord, jobs: list[tuple[datetime, str, datetime]]
                  ) -> EntryRecord:
        """Store ``entry`` (its ``id`` and ``number`` are ignored: the next of its chat is
        given) with its ``jobs`` (occurrence, step, due at), in one transaction; the entry
        as stored."""
        async with self._writes.begin() as conn:
            number = (await conn.scalar(select(func.max(CalendarEntryRow.number))
                                        .where(CalendarEntryRow.chat_key == entry.chat_key))
                      or 0) + 1
            entry_id = await self._insert(conn, entry, number, jobs)
        return EntryRecord(entry_id, entry.chat_key, number, entry.format, entry.starts_local,
                           entry.zone, entry.weekly, entry.state, entry.host_id,
                           entry.host_name, entry.locale, entry.created_at, entry.kind)

    async def _insert(self, conn: AsyncConnection, entry: EntryRecord, number: int,
                      jobs: list[tuple[datetime, str, datetime]]) -> int:
        """Insert ``entry`` as its chat's game ``number`` with its ``jobs``; its new id."""
        result = await conn.execute(insert(CalendarEntryRow).values(
            chat_key=entry.chat_key, number=number, format=entry.format,
            starts_local=entry.starts_local, zone=entry.zone, weekly=entry.weekly,
            state=entry.state, host_id=entry.host_id, host_name=entry.host_name,
            locale=entry.locale, created_at=entry.created_at, kind=entry.kind))
        entry_id = result.inserted_primary_key[0]
        await self._insert_jobs(conn, entry_id, jobs)
        return entry_id

    async def add_plan(self, entries: list[tuple[EntryRecord, list[tuple[datetime, str,
                                                                         datetime]]]]
                       ) -> list[EntryRecord]:
        """Store ``entries`` (each with its jobs, as ``add``; all of one chat, format and
        ``host_name``: a TV league's plan) in one transaction, numbered in order, unless that
        chat has an entry of that format and ``host_name`` already, in any state: then store
        nothing. Of several callers at once (workers starting together) one stores them. The
        entries as stored, or [] when nothing was."""
        if not entries:
            return []
        first = entries[0][0]
        mine = (CalendarEntryRow.chat_key == first.chat_key,
                CalendarEntryRow.format == first.format,
                CalendarEntryRow.host_name == first.host_name)
        stored = []
        try:
            async with self._writes.begin() as conn:
                # The chat's last number before the check: a plan stored by another caller
                # after this read makes this one's first number taken (IntegrityError below).
                number = await conn.scalar(select(func.max(CalendarEntryRow.number)).where(
                    CalendarEntryRow.chat_key == first.chat_key)) or 0
                if await conn.scalar(select(func.count()).select_from(CalendarEntryRow)
                                     .where(*mine)):
                    return []
                for entry, jobs in entries:
                    number += 1
                    entry_id = await self._insert(conn, entry, number, jobs)
                    stored.append(replace(entry, id=entry_id, number=number))
        except IntegrityError:
            return []
        return stored

    async def entries(self, chat_key: str | None = None, *, state: str | None = SCHEDULED
                      ) -> list[EntryRecord]:
        """The entries of ``chat_key`` (None: of every chat) in ``state`` (None: any),
        by chat and number."""
        query = select(*_ENTRY).order_by(CalendarEntryRow.chat_key, CalendarEntryRow.number)
        if chat_key is not None:
            query = query.where(CalendarEntryRow.chat_key == chat_key)
        if state is not None:
            query = query.where(CalendarEntryRow.state == state)
        async with self.engine.connect() as conn:
            return [_entry(row) for row in await conn.execute(query)]

    async def entry(self, entry_id: int) -> EntryRecord | None:
        """The entry ``entry_id``, or None."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(*_ENTRY)
                                      .where(CalendarEntryRow.id == entry_id))).first()
        return _entry(row) if row else None

    async def change(self, entry_id: int, jobs: list[tuple[datetime, str, datetime]], *,
                     starts_local: str | None = None, state: str | None = None) -> None:
        """Set the entry's start (a wall time) or state, drop its jobs not done yet and add
        ``jobs`` (occurrence, step, due at), in one transaction."""
        values = {key: value for key, value in
                  (("starts_local", starts_local), ("state", state)) if value is not None}
        async with self._writes.begin() as conn:
            if values:
                await conn.execute(update(CalendarEntryRow)
                                   .where(CalendarEntryRow.id == entry_id).values(**values))
            await conn.execute(delete(CalendarJobRow).where(
                CalendarJobRow.entry_id == entry_id, CalendarJobRow.done_at.is_(None)))
            await self._insert_jobs(conn, entry_id, jobs)

    async def ensure_jobs(self, entry_id: int, jobs: list[tuple[datetime, str, datetime]]
                          ) -> None:
        """Add ``jobs`` (occurrence, step, due at), the steps of one game of the entry,
        unless that game has its steps already (some may have been left out on purpose: the
        moment of a step had passed when the game was scheduled or moved)."""
        if not jobs:
            return
        async with self._writes.begin() as conn:
            known = await conn.scalar(select(func.count()).select_from(CalendarJobRow).where(
                CalendarJobRow.entry_id == entry_id, CalendarJobRow.occurrence == jobs[0][0]))
            if not known:
                await self._insert_jobs(conn, entry_id, jobs)

    @staticmethod
    async def _insert_jobs(conn: object, entry_id: int,
                           jobs: list[tuple[datetime, str, datetime]]) -> None:
        if jobs:
            await conn.execute(insert(CalendarJobRow), [  # type: ignore[attr-defined]
                {"entry_id": entry_id, "occurrence": occurrence, "step": step, "due_at": due}
                for occurrence, step, due in jobs])

    async def pending(self, entry_id: int | None = None) -> list[JobRecord]:
        """The jobs not done yet (of ``entry_id``, or of every scheduled entry), by due time."""
        query = (select(*_JOB).join(CalendarEntryRow)
                 .where(CalendarJobRow.done_at.is_(None), CalendarEntryRow.state == SCHEDULED)
                 .order_by(CalendarJobRow.due_at, CalendarJobRow.id))
        if entry_id is not None:
            query = query.where(CalendarJobRow.entry_id == entry_id)
        async with self.engine.connect() as conn:
            return [_job(row) for row in await conn.execute(query)]

    async def jobs(self, entry_id: int) -> list[JobRecord]:
        """Every job of ``entry_id``, done or not, by due time."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(*_JOB).where(CalendarJobRow.entry_id == entry_id)
                                      .order_by(CalendarJobRow.due_at, CalendarJobRow.id))
            return [_job(row) for row in rows]

    async def job(self, job_id: int) -> JobRecord | None:
        """The job ``job_id``, or None (dropped when its entry moved)."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(*_JOB).where(CalendarJobRow.id == job_id))).first()
        return _job(row) if row else None

    async def claim(self, job_id: int, at: datetime, outcome: str) -> bool:
        """Mark the job done at ``at`` with ``outcome`` if nobody has yet: True for the one
        caller that did (it then does the job), False for every other."""
        async with self._writes.begin() as conn:
            result = await conn.execute(
                update(CalendarJobRow)
                .where(CalendarJobRow.id == job_id, CalendarJobRow.done_at.is_(None))
                .values(done_at=at, outcome=outcome))
            return result.rowcount == 1
