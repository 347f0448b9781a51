"""Readiness on Discord (the ops endpoint, ``CHGK_OPS_PORT``): ``/readyz`` counts the gateway
session of a real ``chgk-bot run`` connected to the Discord stand-in."""

from __future__ import annotations

import asyncio
import os

from aiohttp import ClientSession

from tests.adapters.discord.test_kill import WAIT, Process, fake  # noqa: F401 (a fixture)
from tests.integration.test_startup_failures import closed_port


async def test_the_discord_session_is_part_of_readiness(fake, server, database_url,  # noqa: F811
                                                        tmp_path):
    # Given the bot on Discord with the ops endpoint on
    port = closed_port()
    bot = Process(server, database_url, tmp_path)
    bot.env["CHGK_OPS_PORT"] = str(port)
    bot.env["PYTHONPATH"] = os.pathsep.join(
        filter(None, (bot.env["PYTHONPATH"], os.environ.get("PYTHONPATH"))))
    await bot.start()
    ready = None
    try:
        # When its gateway session is ready
        await server.connected(timeout=WAIT)
        async with ClientSession() as http, asyncio.timeout(WAIT):
            while ready is None or ready[0] != 200:
                try:
                    async with http.get(f"http://127.0.0.1:{port}/readyz") as answer:
                        ready = (answer.status, await answer.json())
                except OSError:
                    pass
                await asyncio.sleep(0.1)
    finally:
        log = await bot.kill()
    # Then readiness counts the database and Discord
    assert ready == (200, {"database": True, "discord": True}), log
