"""Fresh databases for tests: SQLite in the test's folder, or, when CHGK_TEST_DATABASE_URL names
a PostgreSQL server (``.ci/with-postgres`` sets it), a new database there, dropped afterwards.

Every test that stores anything takes its database from here (the ``database_url`` fixture in
``tests/conftest.py``), so the whole suite runs on both backends.

A test's database starts already migrated to the newest revision: the migrations run once per
test process, on a template (a SQLite file copied for each test; a PostgreSQL database each
test's is created from with ``CREATE DATABASE ... TEMPLATE``). Running them for every test
cost most of a storing test's set-up, on PostgreSQL about a second. A test of what a new
database looks like (``chgk-bot db upgrade`` creating one) asks for an empty one instead
(``migrated=False``, the ``empty_database_url`` fixture).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

SERVER_URL = os.environ.get("CHGK_TEST_DATABASE_URL") or None
"""The PostgreSQL server the suite runs on, or None for SQLite."""

_names = itertools.count(1)
_template: str | None = None
"""This process's migrated template: a SQLite file's path, or a PostgreSQL database's name."""


def on_postgresql() -> bool:
    """Whether this run's databases are PostgreSQL ones."""
    return SERVER_URL is not None


@contextmanager
def fresh_database(folder: Path, *, migrated: bool = True) -> Iterator[str]:
    """The SQLAlchemy async URL of a new database, removed on exit: a SQLite file in
    ``folder``, or a new database on the ``CHGK_TEST_DATABASE_URL`` server. With ``migrated``
    it holds every table at the newest Alembic revision (a copy of this process's template);
    without, it is empty (a SQLite file not yet created)."""
    if SERVER_URL is None:
        path = folder / f"chgk-{next(_names)}.sqlite3"
        if migrated:
            shutil.copyfile(_migrated_template(), path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    server = make_url(SERVER_URL)
    name = f"chgk_test_{os.getpid()}_{next(_names)}"
    template = f' TEMPLATE "{_migrated_template()}"' if migrated else ""
    _admin(f'CREATE DATABASE "{name}"{template}')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        # FORCE: a bot process the test killed may not have been noticed gone yet.
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def drop_template() -> None:
    """Remove this process's template, if one was made (the end of the test session)."""
    global _template
    template, _template = _template, None
    if template is None:
        return
    if SERVER_URL is None:
        shutil.rmtree(Path(template).parent, ignore_errors=True)
    else:
        _admin(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


def _migrated_template() -> str:
    """This process's template, made on first use: every migration applied, nothing else, and
    no connection left open (PostgreSQL copies a template only while no one is connected)."""
    global _template
    if _template is not None:
        return _template
    from storage.db import Storage

    if SERVER_URL is None:
        template = str(Path(tempfile.mkdtemp(prefix="chgk-template-")) / "template.sqlite3")
        url = f"sqlite+aiosqlite:///{template}"
    else:
        template = f"chgk_template_{os.getpid()}"
        _admin(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
        _admin(f'CREATE DATABASE "{template}"')
        url = make_url(SERVER_URL).set(database=template).render_as_string(hide_password=False)

    async def migrate() -> None:
        storage = await Storage.open(url)
        await storage.close()

    _in_thread(migrate())
    # Closing the last connection folds SQLite's write-ahead log into the file: a copy of the
    # file alone is the whole database.
    assert SERVER_URL is not None or not Path(template + "-wal").exists()
    _template = template
    return template


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

    _in_thread(run())


def _in_thread(coroutine) -> None:
    """Run ``coroutine`` to its end in a thread of its own: the test's event loop may be
    running in this one."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coroutine).result()
