"""Start-up failures: each is one clear line on stderr, what is wrong
and what to do, with exit code 1 and no traceback; and no token or secret is ever printed.

Every case runs ``chgk-bot`` as a process: a database another process holds, a file that is
not a database, a read-only database, a PostgreSQL URL whose driver is missing, Telegram
answering 401 (a stand-in Bot API on 127.0.0.1), Discord refusing the token or unreachable
(a stand-in HTTP API on 127.0.0.1, or a closed port).
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from aiohttp import web

from bot.settings import Settings
from tests.adapters.telegram.fake_telegram import TOKEN, FakeBotAPIServer, FakeTelegram

DISCORD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.discord-token-that-must-not-leak"
WEBHOOK_SECRET = "webhook-secret-that-must-not-leak"


def bot(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    """``chgk-bot ARGS`` with ``CHGK_*`` settings from ``env`` only (English messages)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("CHGK_")}
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, text=True,
                          capture_output=True, timeout=120, check=False,
                          env={**clean, "CHGK_LOCALE": "en", **env})


LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO|WARNING) ")
"""A log line of ``CHGK_LOG_FORMAT=text`` (``bot.ops.logs``) no worse than a warning."""


def one_clear_line(result: subprocess.CompletedProcess, code: int = 1) -> str:
    """The one line on stderr that is not a log line, of a process that exited with
    ``code`` and showed no traceback."""
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    # Log lines of the start ("logging in") may come first; nothing worse than a warning, and
    # one line that is not a log line.
    lines = [line for line in result.stderr.splitlines() if not LOG_LINE.match(line)]
    assert len(lines) == 1, result.stderr
    return lines[0]


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def test_a_database_locked_by_another_process(tmp_path):
    path = tmp_path / "chgk.sqlite3"
    sqlite3.connect(path).close()
    holder = "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); " \
             "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(120)"
    with subprocess.Popen([sys.executable, "-c", holder, str(path)], stdout=subprocess.PIPE,
                          text=True) as locker:
        try:
            assert locker.stdout.readline() == "locked\n"
            line = one_clear_line(bot("console", "--database", sqlite_url(path)))
        finally:
            locker.kill()
    assert line.startswith(f"The database {sqlite_url(path)} is locked by another program")
    assert "Stop that program" in line


def test_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Что? Где? Когда?\n" * 500, encoding="utf-8")
    line = one_clear_line(bot("console", "--database", sqlite_url(path)))
    assert line == (f"{sqlite_url(path)} is not a SQLite database, or the file is damaged. "
                    "Restore it from a backup, or set CHGK_DATABASE_URL to another file, and "
                    "start again.")


def test_a_read_only_database(tmp_path):
    path = tmp_path / "chgk.sqlite3"
    sqlite3.connect(path).close()
    url = f"sqlite+aiosqlite:///file:{path}?mode=ro&uri=true"
    line = one_clear_line(bot("console", "--database", url))
    assert line.endswith("is read-only. Make the file and its folder writable for the bot, "
                         "and start again.")


@asynccontextmanager
async def refusing_server(path: str, body: dict) -> AsyncIterator[str]:
    """An HTTP server on 127.0.0.1 answering every request under ``path`` with 401 ``body``;
    yields its base URL."""
    async def refuse(_request: web.Request) -> web.Response:
        return web.json_response(body, status=401)

    app = web.Application()
    app.router.add_route("*", path + "{tail:.*}", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def test_telegram_refusing_the_token(tmp_path):
    async with refusing_server("/", {"ok": False, "error_code": 401,
                                     "description": "Unauthorized"}) as base:
        result = await asyncio.to_thread(
            bot, "run", CHGK_TELEGRAM_TOKEN=TOKEN, CHGK_TELEGRAM_API_SERVER=base,
            CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result) == (
        "Telegram refused the token (401 Unauthorized). Check CHGK_TELEGRAM_TOKEN: it must be "
        "the token @BotFather gave the bot.")
    assert TOKEN not in result.stdout + result.stderr


def test_a_telegram_token_that_is_not_a_token(tmp_path):
    """A setting that cannot work exits with 2, as the README says."""
    result = bot("run", CHGK_TELEGRAM_TOKEN="paste-the-token-here",
                 CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result, code=2).startswith("CHGK_TELEGRAM_TOKEN is not a Telegram token")
    assert "paste-the-token-here" not in result.stdout + result.stderr


async def test_discord_refusing_the_token(tmp_path):
    async with refusing_server("/api/v10/", {"message": "401: Unauthorized", "code": 0}) as base:
        result = await asyncio.to_thread(
            bot, "run", CHGK_DISCORD_TOKEN=DISCORD_TOKEN, CHGK_DISCORD_API_URL=f"{base}/api/v10",
            CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result).startswith("Discord refused the token. Check CHGK_DISCORD_TOKEN")
    assert DISCORD_TOKEN not in result.stdout + result.stderr


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_unreachable_discord_next_to_a_working_telegram_leaks_no_secret(tmp_path):
    """With every secret set, Telegram starting and Discord failing to
    start, no log line and no message shows a token or the webhook secret."""
    async with FakeBotAPIServer(FakeTelegram()) as telegram:
        result = await asyncio.to_thread(
            bot, "run", CHGK_TELEGRAM_TOKEN=TOKEN, CHGK_TELEGRAM_API_SERVER=telegram.base_url,
            CHGK_TELEGRAM_WEBHOOK_SECRET=WEBHOOK_SECRET, CHGK_DISCORD_TOKEN=DISCORD_TOKEN,
            CHGK_DISCORD_API_URL=f"http://127.0.0.1:{closed_port()}/api/v10",
            CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result).startswith("Discord cannot be reached (")
    output = result.stdout + result.stderr
    for secret in (TOKEN, TOKEN.split(":")[1], DISCORD_TOKEN, WEBHOOK_SECRET):
        assert secret not in output


def test_the_settings_repr_hides_tokens_and_the_webhook_secret():
    settings = Settings(_env_file=None, telegram_token=TOKEN, discord_token=DISCORD_TOKEN,
                        telegram_webhook_secret=WEBHOOK_SECRET)
    for shown in (repr(settings), str(settings), str(settings.model_dump())):
        for secret in (TOKEN, DISCORD_TOKEN, WEBHOOK_SECRET):
            assert secret not in shown
