"""Stopping gracefully: SIGTERM (systemd, Docker) and SIGINT (Ctrl-C) end
``chgk-bot console`` and ``chgk-bot run`` with exit code 0, no traceback, the database closed
and the game kept, so that the next start goes on with it (DESIGN.md, Time: the deadlines
are in the log)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys

from bench.soak import read_log
from storage.db import Storage
from tests.adapters.telegram.fake_telegram import (
    TOKEN,
    FakeBotAPIServer,
    FakeTelegram,
    group,
    private,
    user,
)
from tests.integration.test_recovery import LOBBY, Console
from tests.integration.world import GROUP, say, service_world


def test_sigterm_and_ctrl_c_stop_the_console_and_the_game_goes_on_after(database_url):
    db = database_url
    bot = Console(db)
    bot.wait_for("A DUEL game is open")
    bot.send(*LOBBY)
    bot.wait_for("choose a question")
    # The console waits for the next line: the signal must not wait for it.
    bot.proc.send_signal(signal.SIGTERM)
    bot.wait_for("Stopped. The game is saved")
    assert bot.proc.wait(timeout=30) == 0
    bot.close()
    kinds = [e.kind for e in read_log(db)]

    again = Console(db)
    again.wait_for("Going on with unfinished game #1")
    again.send("anna: 4")
    again.wait_for("seconds of discussion")
    before_sleep = len(again.seen)
    # Ctrl-C in the middle of a long real-clock sleep: the line after it is never read.
    again.send(":sleep 3600", "host: /score")
    again.proc.send_signal(signal.SIGINT)
    again.wait_for("Stopped. The game is saved")
    assert again.proc.wait(timeout=30) == 0
    again.close()
    for seen in (bot.seen, again.seen):
        assert not any("Traceback" in line or "Error" in line for line in seen), seen
    assert not any("Score" in line for line in again.seen[before_sleep:]), again.seen
    after = [e.kind for e in read_log(db)]
    assert after[:len(kinds)] == kinds and "duel.question_chosen" in after[len(kinds):]


HOST = user(10, "Ksenia", language="en")


async def _wait_for(predicate, what: str, timeout: float = 60.0) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not predicate():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"{what} never happened") from None


async def _run_bot(env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=env)


async def test_sigint_and_sigterm_stop_chgk_bot_run_and_a_restart_recovers_the_game(
        database_url):
    fake = FakeTelegram()
    env = {**os.environ, "CHGK_TELEGRAM_TOKEN": TOKEN, "CHGK_LOCALE": "en",
           "CHGK_DATABASE_URL": database_url}
    env.pop("CHGK_DISCORD_TOKEN", None)
    async with FakeBotAPIServer(fake) as server:
        env["CHGK_TELEGRAM_API_SERVER"] = server.base_url
        bot = await _run_bot(env)
        newgame = fake.message(group(), HOST, "/newgame duel")
        # Handled once the bot asks for the updates after it. (The group's opening message
        # may wait for the group's minute budget: the stop does not wait for it.)
        await _wait_for(lambda: fake.offset > newgame["update_id"], "the /newgame update")
        bot.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(bot.communicate(), 60)
        assert bot.returncode == 0, err.decode()
        log_lines = err.decode().splitlines()
        assert "Traceback" not in err.decode() + out.decode()
        stopped = [line.split(" ", 1)[1] for line in log_lines if "stopped on" in line]
        assert stopped == ["INFO bot.bootstrap: stopped on SIGINT: 1 live games kept, "
                           "their deadlines resume on the next start"]

        again = await _run_bot(env)
        fake.message(private(HOST), HOST, "/score")
        await _wait_for(lambda: fake.texts(HOST["id"]), "the answer to /score")
        again.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(again.communicate(), 60)
        assert again.returncode == 0, err.decode()
        assert "stopped on SIGTERM" in err.decode() and "Traceback" not in err.decode()
    # The restarted bot knew the game and its host: /score got the game's status, not "You
    # are in no running game".
    assert fake.texts(HOST["id"]) == ["No team has registered yet: /team NAME."]
    storage = await Storage.open(database_url)
    try:
        (game,) = await storage.games()
        assert game.status == "live"
    finally:
        await storage.close()


async def test_a_message_whose_caller_is_cancelled_is_still_stored_and_answered(database_url):
    # A stopping adapter cancels the handlers it started; what a message did must still be
    # stored and its answer sent (and ``idle`` wait for both), not cut off between the two.
    world = await service_world(database_url)
    sending, release = asyncio.Event(), asyncio.Event()
    sent = []

    class Held:
        async def send(self, message):
            sending.set()
            await release.wait()
            sent.append(message.text)

    world.service.messenger = Held()
    caller = asyncio.create_task(say(world.service, "host", "/newgame duel"))
    await asyncio.wait_for(sending.wait(), 30)
    caller.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await caller
    release.set()
    await asyncio.wait_for(world.service.idle(), 30)
    assert any("DUEL" in text for text in sent), sent
    assert world.service.game_in(GROUP) is not None
    assert [e.kind for e in await world.storage.events(world.service.game_in(GROUP).info.id)]
    await world.close()
