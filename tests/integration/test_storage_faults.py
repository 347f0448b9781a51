"""The database refusing writes: a deadline is never lost, and nothing
that was not stored is confirmed.

Real SQLite files: "locked" is another connection or process holding the write lock, past a
short busy timeout; "read-only" and "full" are SQLite's own ``query_only`` and
``max_page_count`` limits on the service's connections. DUEL-3.4.2: the warning signal and the
end of the minute.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event

from bot.i18n import Translator
from bot.ports import Incoming
from bot.service import GameService
from bot.timers import LoopTimers, SystemClock
from storage.db import FAULTS, Storage
from tests.integration.world import GROUP, World, restarted, say, service_world

BUSY = 0.1
"""The service's busy timeout in these tests, in seconds: a lock held longer fails a write."""


async def open_world(path: Path, **timers) -> World:
    """The service over the SQLite file at ``path`` (these faults are SQLite's own), with a
    3-second minute that warns at 1 second; ``timers`` are ``scheduler`` and ``clock``."""
    return await service_world(f"sqlite+aiosqlite:///{path}", busy_timeout=BUSY,
                               duel={"discussion": 3.0, "warning_at": 1.0}, **timers)


@pytest.fixture
async def world(tmp_path):
    world = await open_world(tmp_path / "chgk.sqlite3")
    yield (world.service, world.recorder, world.scheduler, world.storage,
           tmp_path / "chgk.sqlite3")
    await world.close()


async def discussing(service: GameService) -> None:
    """A started game whose captain has just picked question 3: the minute runs."""
    for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"), ("boris", "/join owls"),
                      ("host", "/start"), ("anna", "3")]:
        await say(service, who, text)


@contextmanager
def write_lock(path: Path) -> Iterator[None]:
    """Another connection holds the database's write lock (a backup, the season CLI)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("COMMIT")
        other.close()


@asynccontextmanager
async def pragma_on_connect(storage: Storage, pragma: str) -> AsyncIterator[None]:
    """Every connection of ``storage`` runs ``pragma`` inside the block (the pooled ones are
    dropped at both ends)."""
    def on_connect(dbapi_connection, _record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(pragma)
        cursor.close()

    event.listen(storage.engine.sync_engine, "connect", on_connect)
    await storage.engine.dispose()
    try:
        yield
    finally:
        event.remove(storage.engine.sync_engine, "connect", on_connect)
        await storage.engine.dispose()


async def test_a_signal_refused_by_a_locked_database_sounds_once_the_lock_is_gone(world):
    """A lock longer than the busy timeout at the warning and at the end
    of the minute loses neither signal; the host hears why they wait."""
    service, recorder, scheduler, storage, path = world
    await discussing(service)
    with write_lock(path):
        await scheduler.advance(10)  # the warning, the end and every retry fail
        assert recorder.signals() == []
        assert "1:warning" in scheduler.pending()  # still armed
        alert = recorder.texts("host")[-1]
        assert alert.startswith("The game cannot be saved right now: the database is busy")
    await scheduler.advance(10)
    assert recorder.signals() == ["2 seconds left!", "Time!"]
    assert "The game is saved again; the clock goes on." in recorder.texts("host")
    kinds = [e.kind for e in await storage.events(1)]
    assert kinds.count("duel.warning") == 1


async def test_a_lock_shorter_than_the_first_retry_does_not_trouble_the_host(world):
    service, recorder, scheduler, _, path = world
    await discussing(service)
    before = len(recorder.texts("host"))
    with write_lock(path):
        await scheduler.advance(1)  # the warning fails once
    await scheduler.advance(2)
    assert recorder.signals() == ["2 seconds left!", "Time!"]
    assert len(recorder.texts("host")) == before


async def test_an_action_refused_by_a_locked_database_is_not_confirmed(world):
    service, recorder, scheduler, storage, path = world
    await discussing(service)
    await scheduler.advance(3)
    stored = len(await storage.events(1))
    with write_lock(path):
        await say(service, "anna", "/answerer boris")
    assert recorder.texts("group")[-1] == ("Not saved: the database is busy, another program is "
                                           "holding it. Nothing of this was recorded: send it "
                                           "again in a few seconds.")
    assert len(await storage.events(1)) == stored
    await say(service, "anna", "/answerer boris")
    assert "boris" in recorder.texts("group")[-1]
    assert len(await storage.events(1)) > stored


@pytest.mark.parametrize(("pragma", "reason"), [
    ("PRAGMA query_only=ON", "the database is read-only"),
    ("PRAGMA max_page_count=1", "the disk of the database is full"),
])
async def test_an_answer_that_cannot_be_saved_is_not_confirmed(world, pragma, reason):
    """A read-only database or a full disk. The answerer hears that the
    game cannot be saved and what to do, never "Something went wrong" and never a receipt."""
    service, recorder, scheduler, storage, _ = world
    await discussing(service)
    await scheduler.advance(3)
    await say(service, "anna", "/answerer boris")
    stored = await storage.events(1)
    # A long answer: more than the free room left in the file's last pages.
    answer = "Булгаков, Мастер и Маргарита " * 30
    async with pragma_on_connect(storage, pragma):
        await say(service, "boris", answer, private=True)
    (reply,) = recorder.texts("boris")[-1:]
    assert reply.startswith(f"Not saved: the game cannot be saved because {reason}.")
    assert "Something went wrong" not in reply
    assert not any("Булгаков" in text for text in recorder.texts("host"))
    assert await storage.events(1) == stored


async def test_a_read_only_database_at_a_deadline_tells_the_host_at_once(world):
    """It does not pass by itself, so the host hears it at the first
    failure, with what to do; the warning still sounds once the database takes writes."""
    service, recorder, scheduler, storage, _ = world
    await discussing(service)
    async with pragma_on_connect(storage, "PRAGMA query_only=ON"):
        await scheduler.advance(1)
        assert recorder.signals() == []
        assert recorder.texts("host")[-1] == (
            "The game cannot be saved: the database is read-only. The clock waits: the next "
            "signal sounds as soon as it is saved, nothing is lost. The bot's operator must "
            "make the database file and its folder writable.")
        assert "1:warning" in scheduler.pending()
    await scheduler.advance(1)
    assert recorder.signals() == ["2 seconds left!"]


async def test_reading_commands_work_on_a_read_only_database_after_a_restart(world):
    """The sender's sighting is bookkeeping: a read-only database still answers /score and
    /help, even when the restarted bot has not seen the sender in this chat yet and would
    store the sighting first; what must be stored still says it was not (DUEL-3.7)."""
    service, _, scheduler, storage, _ = world
    await discussing(service)
    await scheduler.advance(3)
    again = await restarted(service)
    async with pragma_on_connect(storage, "PRAGMA query_only=ON"):
        # A renamed host, too: the new name is not stored, the command still reads
        await again.service.handle(Incoming(GROUP, "host", "Host Renamed", "/score",
                                            sender_locale="en"))
        await say(again.service, "anna", "/help")
        await say(again.service, "anna", "/answerer boris")
    said = again.recorder.texts("group") + again.recorder.texts("anna")
    assert not any(text.startswith("Not saved") for text in said[:2]), said
    assert any(text.startswith("Score") or "0:0" in text for text in said), said
    assert any("/answerer" in text for text in said), said
    assert said[-1].startswith("Not saved: the game cannot be saved because the database "
                               "is read-only."), said


def test_every_fault_has_its_messages(translator: Translator):
    for fault in FAULTS:
        for key in (f"error-not-stored-{fault}", f"storage-down-{fault}"):
            for locale in ("ru", "en"):
                assert translator(key, locale) != key


LOCKER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("COMMIT")
"""


async def test_real_time_signals_survive_another_process_holding_the_database(tmp_path):
    """Another process takes the write lock for three
    seconds while the minute runs on the real clock; both signals still come, once each."""
    path = tmp_path / "chgk.sqlite3"
    scheduler = LoopTimers()
    world = await open_world(path, scheduler=scheduler, clock=SystemClock())
    service, recorder, storage = world.service, world.recorder, world.storage
    scheduler.start()
    try:
        await discussing(service)
        with subprocess.Popen([sys.executable, "-c", LOCKER, str(path), "3"],
                              stdout=subprocess.PIPE, text=True) as locker:
            assert locker.stdout.readline() == "locked\n"
            async with asyncio.timeout(60):
                while len(recorder.signals()) < 2:
                    await asyncio.sleep(0.05)
            await asyncio.to_thread(locker.wait, 10)
        assert recorder.signals() == ["2 seconds left!", "Time!"]
        kinds = [e.kind for e in await storage.events(1)]
        assert kinds.count("duel.warning") == 1
    finally:
        scheduler.shutdown()
        await service.idle()
        await storage.close()
