"""``chgk-bot run`` serves the scoreboard pages beside its messengers: with
``CHGK_BOARD_PORT`` set it logs where, ``/board`` is on (a private chat is told the pages show
a group's game), a game opened in a Telegram group (the fake Bot API server) has its page at
its stored token, and any other address is 404."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys

import aiohttp

from storage.db import Storage
from tests.adapters.telegram.fake_telegram import (
    TOKEN,
    FakeBotAPIServer,
    FakeTelegram,
    group,
    private,
    user,
)
from tests.integration.test_stopping import _wait_for

HOST = user(10, "Ksenia", language="en")
SERVING = re.compile(r"The scoreboard pages are served at (http://127\.0\.0\.1:\d+) ")


async def test_chgk_bot_run_serves_the_page_of_a_telegram_groups_game(database_url):
    fake = FakeTelegram()
    env = {**os.environ, "CHGK_TELEGRAM_TOKEN": TOKEN, "CHGK_LOCALE": "en",
           "CHGK_DATABASE_URL": database_url, "CHGK_BOARD_PORT": "0"}
    for name in ("CHGK_DISCORD_TOKEN", "CHGK_BOARD_URL", "CHGK_BOARD_HOST"):
        env.pop(name, None)
    storage = await Storage.open(database_url)
    async with FakeBotAPIServer(fake) as server:
        env["CHGK_TELEGRAM_API_SERVER"] = server.base_url
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env)
        log: list[str] = []
        try:
            async with asyncio.timeout(60):
                while not (found := SERVING.search(log[-1] if log else "")):
                    line = await bot.stderr.readline()
                    assert line, "".join(log)
                    log.append(line.decode())
            base = found.group(1)
            # /board is asked in private too: the pages show a group's game.
            fake.message(private(HOST), HOST, "/board")
            fake.message(group(), HOST, "/newgame duel")
            await _wait_for(lambda: fake.texts(HOST["id"]), "the answer to /board")
            assert fake.texts(HOST["id"])[0].startswith("There is no game in this chat yet")
            await _wait_for(lambda: fake.offset > 2, "the /newgame update")
            [game] = await storage.games()
            token = await storage.boards.game_token(game.id)
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{base}/g/{token}") as page:
                    assert page.status == 200
                    assert "<title>DUEL: “-” against the host</title>" in await page.text()
                async with http.get(f"{base}/g/{token}x") as other:
                    assert other.status == 404
                    assert await other.text() == "No such page."
        finally:
            bot.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(bot.communicate(), 60)
            await storage.close()
        assert bot.returncode == 0, err.decode()
        assert "Traceback" not in "".join(log) + err.decode()
