"""``chgk-bot run`` killed with SIGKILL: Telegram then hands out again the updates the bot had
not confirmed, and the restarted bot applies none of them a second time (DUEL-3.5: the named
answerer's answer is handed in once). The bot is a real process polling a Bot API server of
its own on 127.0.0.1; its memory of the updates it saw dies with it, so what stops the repeat
is the game's stored log."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from storage.db import Storage
from tests.adapters.telegram.fake_telegram import (
    GROUP_ID,
    TOKEN,
    FakeBotAPIServer,
    FakeTelegram,
    group,
    private,
    user,
)
from tests.integration.test_stopping import _wait_for

HOST = user(10, "Ксения")
ANNA = user(11, "Анна")
BORIS = user(12, "Борис")


async def start_bot(env: dict[str, str], log: Path) -> asyncio.subprocess.Process:
    """``chgk-bot run`` with ``env``, its log appended to the file ``log``."""
    with log.open("ab") as err:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", stdout=asyncio.subprocess.DEVNULL,
            stderr=err, env=env)


async def test_duel_3_5_an_answer_handed_out_again_after_kill_9_is_handed_in_once(database_url,
        tmp_path):
    fake = FakeTelegram()
    env = {**os.environ, "CHGK_TELEGRAM_TOKEN": TOKEN, "CHGK_LOCALE": "ru",
           "CHGK_DATABASE_URL": database_url, "CHGK_DISCUSSION_SECONDS": "1",
           "CHGK_WARNING_SECONDS": "0.5"}
    for name in ("CHGK_DISCORD_TOKEN", "CHGK_BOARD_PORT", "CHGK_TELEGRAM_WEBHOOK_URL"):
        env.pop(name, None)
    storage = await Storage.open(database_url)
    async with FakeBotAPIServer(fake) as server:
        env["CHGK_TELEGRAM_API_SERVER"] = server.base_url
        bot = await start_bot(env, tmp_path / "bot.log")
        try:
            # Given a DUEL game in the group whose host has just pressed "Засчитать"
            for person in (HOST, BORIS):
                fake.message(private(person), person, "/start")
            fake.message(group(), HOST, "/newgame duel")
            fake.upload("pkg", SAMPLE_PACKAGE.read_bytes())
            fake.message(group(), HOST, None, document={
                "file_id": "pkg", "file_unique_id": "u1", "file_name": SAMPLE_PACKAGE.name})
            fake.message(group(), ANNA, "/team Знатоки")
            fake.message(group(), BORIS, "/join Знатоки")
            fake.message(group(), HOST, "/start training")
            fake.message(group(), ANNA, "/pick 7")
            await _wait_for(lambda: any("Время!" in t or "ответ" in t.casefold()
                                        for t in fake.texts(GROUP_ID)[-1:]), "the minute's end")
            fake.message(group(), ANNA, "/answerer Борис")
            answer = fake.message(private(BORIS), BORIS, "Австралия")
            await _wait_for(lambda: any(c.buttons for c in fake.sent(HOST["id"])),
                            "the host's buttons")
            # When the bot is killed outright, and Telegram hands the answer out again
            bot.send_signal(signal.SIGKILL)
            await bot.wait()
            told = len(fake.texts(BORIS["id"]))
            # The dead process's last long poll ends first: it would take the repeat away.
            await asyncio.sleep(server.max_poll * 2)
            fake.repeat(answer)
            bot = await start_bot(env, tmp_path / "bot.log")
            score = fake.message(private(BORIS), BORIS, "/score")
            await server.processed(score, timeout=60)
            await _wait_for(lambda: len(fake.texts(BORIS["id"])) > told, "the score")
            # And the host judges the answer after the restart
            suggestion = next(c for c in reversed(fake.sent(HOST["id"])) if c.buttons)
            fake.press(HOST, suggestion, "Засчитать")
            await _wait_for(lambda: any(t.startswith("Ответ засчитан")
                                        for t in fake.texts(GROUP_ID)), "the verdict")
        finally:
            bot.send_signal(signal.SIGTERM)
            await asyncio.wait_for(bot.wait(), 60)
        # Then the answer was handed in once: no second receipt or refusal reached Boris,
        # and the game went on to its verdict
        [game] = await storage.games()
        kinds = [event.kind for event in await storage.events(game.id)]
        await storage.close()
        assert kinds.count("duel.answer_given") == 1, kinds
        assert [t.split(" ", 1)[0] for t in fake.texts(BORIS["id"])[told:]] == ["Счёт:"], \
            fake.texts(BORIS["id"])[told:]
        assert kinds.count("duel.judged") == 1
        assert "Traceback" not in (tmp_path / "bot.log").read_text()
