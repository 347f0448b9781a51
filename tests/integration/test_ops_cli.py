"""The operator's side of ``chgk-bot``: ``--version``, the log's level and format
(``CHGK_LOG_LEVEL``, ``CHGK_LOG_FORMAT``: UTC timestamps, JSON lines; no migration lines at
every start), and ``discord invite`` with the permissions the bot uses."""

from __future__ import annotations

import asyncio
import json
import re
from importlib import metadata
from urllib.parse import parse_qs, urlsplit

from tests.adapters.telegram.fake_telegram import TOKEN
from tests.integration.test_startup_failures import (
    DISCORD_TOKEN,
    bot,
    refusing_server,
    sqlite_url,
)


def test_version_is_the_installed_package_s():
    result = bot("--version")
    assert (result.returncode, result.stdout) == (0, f"chgk-bot {metadata.version('chgk-bot')}\n")


async def _refused_start(tmp_path, **env: str):
    """``chgk-bot run`` on a new database with a Telegram that refuses the token: the start's
    log, then the one line why it stopped."""
    async with refusing_server("/", {"ok": False, "error_code": 401,
                                     "description": "Unauthorized"}) as base:
        return await asyncio.to_thread(
            bot, "run", CHGK_TELEGRAM_TOKEN=TOKEN, CHGK_TELEGRAM_API_SERVER=base,
            CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"), **env)


async def test_text_logs_have_utc_timestamps_and_no_migration_lines(tmp_path):
    result = await _refused_start(tmp_path)
    *logs, last = result.stderr.splitlines()
    assert last.startswith("Telegram refused the token")
    assert logs, "the start is logged"
    for line in logs:
        assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO|WARNING) [\w.]+: ", line)
    assert any(f"chgk-bot {metadata.version('chgk-bot')}, database " in line for line in logs)
    # A new database was migrated: Alembic's lines stay out of the log.
    assert not any("alembic" in line.lower() for line in logs)


async def test_json_logs_are_one_object_a_line(tmp_path):
    result = await _refused_start(tmp_path, CHGK_LOG_FORMAT="json")
    *logs, _ = result.stderr.splitlines()
    records = [json.loads(line) for line in logs]
    assert records
    for record in records:
        assert set(record) >= {"time", "level", "logger", "message"}
        assert record["time"].endswith("Z")


async def test_log_level_warning_keeps_the_start_s_info_lines_out(tmp_path):
    result = await _refused_start(tmp_path, CHGK_LOG_LEVEL="warning")
    assert result.stderr.splitlines() == [
        "Telegram refused the token (401 Unauthorized). Check CHGK_TELEGRAM_TOKEN: it must be "
        "the token @BotFather gave the bot."]


DISCORD_BITS = {"manage_channels": 4, "view_channel": 10, "send_messages": 11,
                "embed_links": 14, "attach_files": 15, "read_message_history": 16,
                "connect": 20, "speak": 21, "manage_roles": 28}
"""The permissions the bot uses and their bits in Discord's documentation (Permissions)."""
ADMINISTRATOR = 3


def test_the_discord_invite_asks_for_what_the_bot_uses_attach_files_included():
    """The application id comes from the token's first segment; the permissions are those the
    adapter checks in game channels, for team channels and voice, and Attach Files for
    ``/table``'s pictures and the questions' sounds."""
    result = bot("discord", "invite", CHGK_DISCORD_TOKEN=DISCORD_TOKEN)
    assert result.returncode == 0, result.stderr
    url = urlsplit(result.stdout.strip())
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    query = parse_qs(url.query)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    granted = int(query["permissions"][0])
    for name, bit in DISCORD_BITS.items():
        assert granted & 1 << bit, name
    assert not granted & 1 << ADMINISTRATOR


def test_the_discord_invite_takes_a_client_id_or_says_what_it_needs():
    given = bot("discord", "invite", "--client-id", "987654321098765432")
    assert "client_id=987654321098765432&" in given.stdout
    missing = bot("discord", "invite")
    assert missing.returncode == 2
    assert missing.stderr.splitlines() == [
        "Which application? Give its id (chgk-bot discord invite --client-id "
        "123456789012345678: the Application ID on discord.com/developers), or set "
        "CHGK_DISCORD_TOKEN to the bot's token."]
