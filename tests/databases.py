"""Fresh databases for tests: SQLite in the test's folder, or, when CHGK_TEST_DATABASE_URL names
a PostgreSQL server (``.ci/with-postgres`` sets it), a new database there, dropped afterwards.

Every test that stores anything takes its database from here (the ``database_url`` fixture in
``tests/conftest.py``), so the whole suite runs on both backends.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

SERVER_URL = os.environ.get("CHGK_TEST_DATABASE_URL") or None
"""The PostgreSQL server the suite runs on, or None for SQLite."""

_names = itertools.count(1)


def on_postgresql() -> bool:
    """Whether this run's databases are PostgreSQL ones."""
    return SERVER_URL is not None


@contextmanager
def fresh_database(folder: Path) -> Iterator[str]:
    """The SQLAlchemy async URL of a new empty database, removed on exit: a SQLite file in
    ``folder``, or a new database on the ``CHGK_TEST_DATABASE_URL`` server."""
    if SERVER_URL is None:
        yield f"sqlite+aiosqlite:///{folder / f'chgk-{next(_names)}.sqlite3'}"
        return
    server = make_url(SERVER_URL)
    name = f"chgk_test_{os.getpid()}_{next(_names)}"
    _admin(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        # FORCE: a bot process the test killed may not have been noticed gone yet.
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _admin(sql: str) -> None:
    """Run one statement on the server's own database, outside any test's event loop."""
    import asyncpg

    dsn = make_url(SERVER_URL).set(drivername="postgresql").render_as_string(
        hide_password=False)

    async def run() -> None:
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    # A thread of its own: the test's event loop may be running in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, run()).result()
