"""The console shows no pictures: ``/table`` prints the text table, also after a
restart between a round's end and the command."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from storage.db import Storage
from tests.adapters.test_console_sync import REGISTRATION, WINDOW, Console


async def test_sync_7_table_in_the_console_is_the_text_table_after_a_restart(database_url):
    storage = await Storage.open(database_url)
    package = load_package(SAMPLE_PACKAGE).package
    console = Console(storage, await storage.save_package(package, SAMPLE_PACKAGE.name,
                                                          SAMPLE_PACKAGE.read_bytes()))
    console.start()
    await console.feed([*REGISTRATION, "host: /round 1", "host: /ask", "anna (dm): Эйфель",
                        "lena (dm): Гюстав", WINDOW, "host: /accept 1", "host: /reject 2"])
    console.start()
    await console.service.recover()
    printed = len(console.out.getvalue())
    await console.feed(["boris: /table"])
    await storage.close()
    out = console.out.getvalue()[printed:]
    assert "Таблица на сейчас:" in out
    assert "1. Совы: 1 — 1 очко" in out
    assert "2–3. Ежи: 0 — 0 очков" in out and "2–3. Лисы: 0 — 0 очков" in out
