"""A real kill (DESIGN.md, Events are the record): ``chgk-bot run`` as its own process,
connected to the Discord stand-in, is killed with SIGKILL in the minute of a SYNC question,
with one team's answer handed in; a new bot on the same database takes the other team's
answer, closes the window and judges it, with nothing lost.

The first process keeps real time (it is a real ``chgk-bot run``); the question's minute is
far longer than the few steps taken in it. The second runs on virtual time from the moment it
starts, like the other gateway tests, so the window's end is reached by advancing it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import GAME_CHANNEL_ID, GUILD_ID, TOKEN, user
from tests.adapters.discord.fake_discord_server import FakeDiscordServer
from tests.adapters.discord.gateway import Live, start_bot
from tests.adapters.transcript import assert_in_order

HOST = user(901, "ksenia", global_name="Ксения")
ANNA = user(902, "anna", global_name="Анна")
LENA = user(904, "lena", global_name="Лена")
ROOT = Path(__file__).resolve().parents[3]
WAIT = 60.0
"""The longest wait for the bot process to do one step (a loaded machine is slow): a limit
that only turns a hang into a failure, never a measure of speed."""


@pytest.fixture
def fake() -> FakeDiscord:
    """Discord with the host and two captains on the server."""
    fake = FakeDiscord()
    for person in (HOST, ANNA, LENA):
        fake.add_member(person)
    return fake


async def until(check: Callable[[], bool], what: str) -> None:
    """Wait until ``check()`` holds (the bot process works on its own time)."""
    try:
        async with asyncio.timeout(WAIT):
            while not check():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"the bot never got to: {what}") from None


class Process:
    """``python -m bot run`` with the settings of the test's bot, in its own process."""

    def __init__(self, server: FakeDiscordServer, database_url: str, cwd: Path) -> None:
        self.env = {**{k: v for k, v in os.environ.items() if not k.startswith("CHGK_")},
                    "PYTHONPATH": str(ROOT), "CHGK_DISCORD_TOKEN": TOKEN,
                    "CHGK_DISCORD_API_URL": server.api_url,
                    "CHGK_DISCORD_GATEWAY_URL": server.gateway_url,
                    "CHGK_DISCORD_GUILD_ID": str(GUILD_ID), "CHGK_DATABASE_URL": database_url,
                    "CHGK_LOCALE": "ru"}
        self.cwd = cwd
        self.log = cwd / "bot.log"
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log.open("wb") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", env=self.env, cwd=self.cwd,
                stdout=log, stderr=log)

    async def kill(self) -> str:
        """SIGKILL: no handler runs, nothing is flushed or closed; returns what it logged."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        return self.log.read_text(encoding="utf-8", errors="replace")


async def slash(server: FakeDiscordServer, person: dict[str, Any], path: str, **options: Any
                ) -> None:
    dm = options.pop("dm", False)
    await server.dispatch("INTERACTION_CREATE", server.fake.command_event(
        person, path, options, channel_id=None if dm else GAME_CHANNEL_ID))


def said(fake: FakeDiscord, text: str) -> Callable[[], bool]:
    """Whether the bot has said ``text`` somewhere (channel, DM, ephemeral reply)."""
    return lambda: any(text in p.text for p in fake.posted if not p.deleted)


async def test_sync_6_a_bot_killed_in_the_minute_goes_on_in_a_new_process(
        fake, server, settings, translator, database_url, tmp_path):
    bot = Process(server, database_url, tmp_path)
    await bot.start()
    try:
        await server.connected(timeout=WAIT)
        await until(lambda: GUILD_ID in fake.synced, "commands synced")
        await slash(server, HOST, "chgk package",
                    file=(SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes()))
        await until(said(fake, "Пакет «Пробный пакет chgk-bot для дуэли» загружен"), "package")
        await slash(server, HOST, "chgk new", format="sync")
        await until(said(fake, "открывает синхронную игру"), "the game")
        await slash(server, HOST, "sync host announce")
        await until(said(fake, "Регистрация до"), "the announcement")
        for captain, team in ((ANNA, "Совы"), (LENA, "Лисы")):
            await slash(server, captain, "sync captain register", team=team)
            await until(said(fake, f"Команда «{team}» зарегистрирована"), team)
        await slash(server, HOST, "sync host round", questions="1")
        await until(said(fake, "Раунд 1"), "the round")
        await slash(server, HOST, "sync host ask")
        await until(said(fake, "Минута пошла"), "the minute")
        await server.dispatch("MESSAGE_CREATE", fake.message_event(ANNA, "Эйфель",
                                                                   channel_id=None))
        await until(said(fake, "Ответ принят: «Эйфель»"), "Совы's receipt")
    finally:
        log = await bot.kill()
    assert bot.proc.returncode == -signal.SIGKILL, log
    assert "Traceback" not in log

    # A new process on the same database, its virtual time starting now.
    second = await start_bot(settings, translator)
    fake.clock = second.scheduler.clock.now
    live = Live(fake, server, settings, translator, second)
    try:
        await server.connected(timeout=WAIT)
        await live.write(LENA, "Эйфел", dm=True)
        await live.advance(77)
        groups = next(p for p in reversed(fake.dm(HOST)) if p.text.startswith("Вопрос 1,"))
        while accept := [b["label"] for b in groups.buttons if b["label"].startswith("✓")]:
            await live.press(HOST, groups, accept[0])
    finally:
        await live.bot.stop()
    texts = "\n".join(fake.texts())
    assert_in_order(texts, [
        "Вопрос 1. Это сооружение",
        "Минута пошла",
        # The answer taken before the kill and the one after it are both in (SYNC-6).
        "Приём ответов на вопрос 1 закрыт: 2 ответа.",
        "Вопрос 1: ответ — Эйфель; верно ответили 2 команды из 2",
    ])
    assert any(p.text.startswith("Ответ принят: «Эйфел»") for p in fake.dm(LENA))
    assert len(fake.identifies) == 2
