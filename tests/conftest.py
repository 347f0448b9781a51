"""Shared fixtures: where the real packages live, a fresh database, and a translator."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from bot.i18n import Translator
from storage.db import Storage
from tests.databases import drop_template, fresh_database

# Property tests: no deadline (a shared CI machine is slow at times); under CI=true the same
# examples every run (derandomised, no example database), so a red build is reproducible.
# Locally, failures found are kept in .hypothesis/ (ignored by git) and tried first next time.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "local")

SHARED_PACKAGES = Path(__file__).resolve().parents[2] / "shared" / "packages"


def shared_package(name_prefix: str) -> Path:
    """The file in ``../shared/packages/`` whose name starts with ``name_prefix``.

    Skips the test when ``../shared`` is absent (a user's own clone), but fails under CI=true,
    where the folder must be there.
    """
    if not SHARED_PACKAGES.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{SHARED_PACKAGES} is missing, and CI must have it")
        pytest.skip("../shared/packages is not beside this clone")
    matches = sorted(SHARED_PACKAGES.glob(f"{name_prefix}*"))
    if not matches:
        pytest.fail(f"no package starting with {name_prefix!r} in {SHARED_PACKAGES}")
    return matches[0]


@pytest.fixture(scope="session")
def translator() -> Translator:
    """The project's translator over the real ``locales/`` folder."""
    return Translator()


@pytest.fixture(scope="session", autouse=True)
def _database_template() -> Iterator[None]:
    """Removes the migrated template ``tests/databases.py`` made, once the session ends."""
    yield
    drop_template()


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """A new database for this test, already migrated to the newest revision (SQLite in
    ``tmp_path``, or PostgreSQL when CHGK_TEST_DATABASE_URL is set: see
    ``tests/databases.py``), removed after it."""
    with fresh_database(tmp_path) as url:
        yield url


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    """The project's storage over this test's new database (``database_url``), closed after
    the test."""
    store = await Storage.open(database_url)
    yield store
    await store.close()


@pytest.fixture(autouse=True)
async def _storages_closed(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Every ``Storage`` a test opens in its event loop is closed when the test ends, passed
    or failed, and none is closed from another event loop than its own. A test that fails
    halfway would otherwise leave its PostgreSQL connections open after its loop is gone, and
    a close from another loop aborts them half-way: either is reported, as unclosed sockets,
    during some later test."""
    opened: list[tuple[Storage, asyncio.AbstractEventLoop]] = []
    closed: set[int] = set()
    open_, close = Storage.open.__func__, Storage.close

    async def tracked_open(cls: type[Storage], *args: object, **kwargs: object) -> Storage:
        storage = await open_(cls, *args, **kwargs)
        opened.append((storage, asyncio.get_running_loop()))
        return storage

    async def tracked_close(storage: Storage) -> None:
        closed.add(id(storage))
        opened_in = next((loop for kept, loop in opened if kept is storage), None)
        # A PostgreSQL connection cannot be closed from another loop than its own: it would
        # be aborted half-way and reported, unclosed, during some later test.
        assert opened_in in (None, asyncio.get_running_loop()), \
            "a Storage is closed in the event loop that opened it"
        await close(storage)

    monkeypatch.setattr(Storage, "open", classmethod(tracked_open))
    monkeypatch.setattr(Storage, "close", tracked_close)
    yield
    loop = asyncio.get_running_loop()
    for storage, opened_in in opened:
        if id(storage) not in closed and opened_in is loop:
            await close(storage)


@pytest.fixture
def empty_database_url(tmp_path: Path) -> Iterator[str]:
    """Like ``database_url``, but a database with nothing in it yet: no table, no revision
    (a SQLite file not yet created)."""
    with fresh_database(tmp_path, migrated=False) as url:
        yield url
