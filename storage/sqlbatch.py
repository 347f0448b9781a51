"""The write operations of ``Storage`` as plain functions of an ``Sql``, and the two ways they
run: through a SQLAlchemy connection (``CoreSql``, every backend) or, on SQLite, a whole group
commit inside aiosqlite's own thread on the driver's connection (``SqliteBatch``).

Why (``bench/opening.py``): through SQLAlchemy's asyncio layer each statement costs
three trips to aiosqlite's thread (open a cursor, execute, close it) and each trip a hand-over
of the GIL between the loop and that thread; on a loaded machine the hand-overs, not SQLite,
were most of the time to open 1,000 games. ``SqliteBatch`` makes a group commit one trip:
``BEGIN IMMEDIATE``, every statement, ``COMMIT``. The statements are SQLAlchemy Core ones,
compiled once each by the SQLite dialect, and their values go through the columns' own bind
processors, so the rows written are the ones SQLAlchemy writes; a driver error is raised as
SQLAlchemy's ``DBAPIError`` subclass (``IntegrityError``...) as Core would raise it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement

T = TypeVar("T")


class Sql(Protocol):
    """What a write operation is given: statements run inside one write transaction."""

    def scalar(self, statement: ClauseElement, values: dict[str, Any]) -> Any:
        """The first column of the first row ``statement`` returns, or None."""

    def execute(self, statement: ClauseElement, values: dict[str, Any]) -> None:
        """Run ``statement`` once with ``values``."""

    def insert(self, statement: ClauseElement, values: dict[str, Any]) -> int:
        """Run the insert ``statement`` once; the new row's integer primary key."""

    def insert_many(self, statement: ClauseElement, rows: Sequence[dict[str, Any]]) -> None:
        """Insert ``rows`` (all with the same keys) with the insert ``statement``, in order,
        before any other statement of the transaction runs and before it commits."""


WriteOp = Callable[[Sql], T]
"""A write operation: its statements through the ``Sql`` it is given; returns its result."""


class CoreSql:
    """``Sql`` on a SQLAlchemy (sync-facing) ``Connection``, e.g. inside
    ``AsyncConnection.run_sync``."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def scalar(self, statement: ClauseElement, values: dict[str, Any]) -> Any:
        """See ``Sql.scalar``."""
        return self._conn.scalar(statement, values)

    def execute(self, statement: ClauseElement, values: dict[str, Any]) -> None:
        """See ``Sql.execute``."""
        self._conn.execute(statement, values)

    def insert(self, statement: ClauseElement, values: dict[str, Any]) -> int:
        """See ``Sql.insert``."""
        return self._conn.execute(statement, values).inserted_primary_key[0]

    def insert_many(self, statement: ClauseElement, rows: Sequence[dict[str, Any]]) -> None:
        """See ``Sql.insert_many``."""
        if rows:
            self._conn.execute(statement, list(rows))


class _Compiled:
    """One statement compiled for a set of value keys: its SQL and, in parameter order, each
    parameter's key and bind processor (None when the value goes as it is)."""

    def __init__(self, statement: ClauseElement, keys: Sequence[str], dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        self.sql = str(compiled)
        self.params = [(name, compiled.binds[name].type.dialect_impl(dialect)
                        .bind_processor(dialect)) for name in compiled.positiontup or ()]
        head, values, tail = self.sql.partition(" VALUES ")
        self._head = head + values
        self._row = tail if values and tail.startswith("(") and tail.endswith(")") else ""

    def many(self, count: int) -> str:
        """The SQL inserting ``count`` rows in one statement (an insert's only)."""
        assert self._row, self.sql
        return self._head + ", ".join([self._row] * count)

    def bind(self, values: dict[str, Any]) -> tuple[Any, ...]:
        """``values`` (by key) as the driver takes them, in parameter order."""
        return tuple(values[name] if process is None else process(values[name])
                     for name, process in self.params)


class SqliteBatch:
    """Runs a group commit's operations in aiosqlite's thread, in one transaction.

    ``run`` takes the aiosqlite ``Connection`` under a pooled SQLAlchemy connection (in no
    transaction) and the operations; returns their results once committed. Statements are
    compiled on first use and kept (a handful: the module-level statements of ``storage``).
    """

    def __init__(self, dialect: Dialect) -> None:
        self._dialect = dialect
        self._compiled: dict[tuple[int, tuple[str, ...]], _Compiled] = {}
        self._statements: list[ClauseElement] = []  # keeps each id() above meaning one thing

    async def run(self, driver: Any, ops: list[WriteOp[Any]]) -> list[Any]:
        """Run ``ops`` on the aiosqlite connection ``driver``; raises DBAPIError (after a
        rollback) when SQLite refuses a statement, the whole batch then written by none."""
        # aiosqlite's own way to run a function in its thread (its execute, commit... are
        # built on it); sqlite3 connections may only be used in the thread that opened them.
        return await driver._execute(self._in_thread, driver, ops)

    def _in_thread(self, driver: Any, ops: list[WriteOp[Any]]) -> list[Any]:
        conn: sqlite3.Connection = driver._conn
        sql = _SqliteSql(conn, self)
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise DBAPIError.instance("BEGIN IMMEDIATE", None, error, sqlite3.Error) from error
        try:
            results = [op(sql) for op in ops]
            sql.flush()
            conn.execute("COMMIT")
        except BaseException as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise DBAPIError.instance(sql.last, None, error, sqlite3.Error) from error
            raise
        return results

    def compiled(self, statement: ClauseElement, keys: tuple[str, ...]) -> _Compiled:
        """``statement`` compiled for ``keys`` (cached)."""
        key = (id(statement), keys)
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = _Compiled(statement, keys, self._dialect)
            self._statements.append(statement)
        return found


ROWS_PER_INSERT = 500
"""Rows one insert statement carries at most (SQLite allows 32,766 values in a statement)."""


class _SqliteSql:
    """``Sql`` on the raw sqlite3 connection, inside ``SqliteBatch``'s transaction.

    The rows of consecutive ``insert_many`` calls with the same statement (every game's new
    events in a group commit) go in one multi-row insert, at the next other statement or at
    ``flush``. Why: sqlite3 lets the GIL go around each row it writes, and this thread must
    take it back from a busy event loop for the next one (docs/performance.md, Checkpoints);
    one statement takes it back once.
    """

    def __init__(self, conn: sqlite3.Connection, batch: SqliteBatch) -> None:
        self._conn = conn
        self._batch = batch
        self.last = ""
        """The SQL of the statement run last (for the error of a refused one)."""
        self._pending: _Compiled | None = None
        self._rows: list[tuple[Any, ...]] = []

    def flush(self) -> None:
        """Insert the rows ``insert_many`` holds."""
        compiled, rows = self._pending, self._rows
        if compiled is None:
            return
        self._pending, self._rows = None, []
        for start in range(0, len(rows), ROWS_PER_INSERT):
            chunk = rows[start:start + ROWS_PER_INSERT]
            self.last = compiled.many(len(chunk))
            self._conn.execute(self.last, [value for row in chunk for value in row])

    def _cursor(self, statement: ClauseElement, values: dict[str, Any]) -> sqlite3.Cursor:
        self.flush()
        compiled = self._batch.compiled(statement, tuple(values))
        self.last = compiled.sql
        return self._conn.execute(compiled.sql, compiled.bind(values))

    def scalar(self, statement: ClauseElement, values: dict[str, Any]) -> Any:
        """See ``Sql.scalar``."""
        row = self._cursor(statement, values).fetchone()
        return None if row is None else row[0]

    def execute(self, statement: ClauseElement, values: dict[str, Any]) -> None:
        """See ``Sql.execute``."""
        self._cursor(statement, values)

    def insert(self, statement: ClauseElement, values: dict[str, Any]) -> int:
        """See ``Sql.insert``."""
        row_id = self._cursor(statement, values).lastrowid
        assert row_id is not None
        return row_id

    def insert_many(self, statement: ClauseElement, rows: Sequence[dict[str, Any]]) -> None:
        """See ``Sql.insert_many``."""
        if not rows:
            return
        compiled = self._batch.compiled(statement, tuple(rows[0]))
        if self._pending is not compiled:
            self.flush()
            self._pending = compiled
        self._rows.extend(compiled.bind(row) for row in rows)
