"""Settings that cannot work, each one line on stderr in the operator's language naming the
``CHGK_`` variable and what to do (exit 2), and a database server that cannot be reached (exit
1): ``python -m bot run`` as a process, as in ``test_startup_failures``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.test_startup_failures import bot, closed_port, one_clear_line, sqlite_url


@pytest.mark.parametrize("scheme", ["postgresql+asyncpg", "postgresql", "postgres"])
def test_a_postgresql_server_that_is_down_is_one_line_whatever_the_scheme(scheme):
    """``postgres://`` and ``postgresql://``, as hosting providers write them, are read as
    ``postgresql+asyncpg://``; the server that is not there is one line, password hidden."""
    pytest.importorskip("asyncpg")
    port = closed_port()
    result = bot("run", CHGK_DATABASE_URL=f"{scheme}://club:s3cret@127.0.0.1:{port}/chgk")
    line = one_clear_line(result)
    assert line.startswith(f"The database server of postgresql+asyncpg://club:***@127.0.0.1:"
                           f"{port}/chgk cannot be reached (")
    assert line.endswith("Check that PostgreSQL runs and that the host and port in "
                         "CHGK_DATABASE_URL are right, and start again.")
    assert "s3cret" not in result.stdout + result.stderr


def test_an_unknown_database_host_is_one_line():
    pytest.importorskip("asyncpg")
    result = bot("run", CHGK_DATABASE_URL="postgres://club@no-such-host.invalid/chgk")
    assert one_clear_line(result).startswith(
        "The database server of postgresql+asyncpg://club@no-such-host.invalid/chgk cannot be "
        "reached (")


def test_an_unsupported_database_is_named_as_such():
    result = bot("run", CHGK_DATABASE_URL="mysql+aiomysql://club:pw@127.0.0.1/chgk")
    assert one_clear_line(result, code=2) == (
        "CHGK_DATABASE_URL names a mysql database: the bot keeps its games in SQLite or "
        "PostgreSQL only. Set it to sqlite+aiosqlite:////path/to/chgk.sqlite3 or "
        "postgresql://user:password@host/chgk.")


def test_settings_errors_name_the_variable_and_the_value_in_english(tmp_path):
    result = bot("run", CHGK_BOARD_PORT="abc", CHGK_OPS_PORT="99999",
                 CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result, code=2) == (
        "Settings that cannot work: CHGK_BOARD_PORT must be a whole number, not “abc”; "
        "CHGK_OPS_PORT must be 65535 or less, not 99999. Correct them in the environment or "
        "the .env file and start again.")


def test_settings_errors_are_all_russian_by_default(tmp_path):
    result = bot("run", CHGK_LOCALE="ru", CHGK_BOARD_PORT="abc", CHGK_LOG_FORMAT="xml",
                 CHGK_SYNC_FEE="300")
    line = one_clear_line(result, code=2)
    assert line == (
        "Настройки не годятся: CHGK_BOARD_PORT: нужно целое число, а не «abc»; "
        "CHGK_SYNC_FEE — это сумма и код валюты, например 300 RUB или 12.50 USD, а не «300»; "
        "CHGK_LOG_FORMAT: нужно одно из значений text, json, а не «xml». Исправьте их в окружении "
        "или в файле .env и запустите снова.")
    assert "board_port" not in line and "Input should" not in line


def test_an_unknown_time_zone_stops_the_start_with_one_line(tmp_path):
    # Given a time zone name that the time zone database does not have,
    result = bot("run", CHGK_LOCALE="en", CHGK_TIMEZONE="Europe/Atlantis",
                 CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    # when the bot starts, then it stops at once, naming the variable and the form that works.
    assert one_clear_line(result, code=2) == (
        "Settings that cannot work: CHGK_TIMEZONE is a time zone name, such as Europe/Moscow "
        "or Asia/Vladivostok, not “Europe/Atlantis”. Correct them in the environment or the "
        ".env file and start again.")


def test_a_webhook_url_without_a_telegram_token_is_refused(tmp_path):
    result = bot("run", CHGK_TELEGRAM_WEBHOOK_URL="https://bot.example.org/telegram",
                 CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    assert one_clear_line(result, code=2) == (
        "CHGK_TELEGRAM_WEBHOOK_URL is set but CHGK_TELEGRAM_TOKEN is not: Telegram would never "
        "send updates there. Set the bot's token, or remove CHGK_TELEGRAM_WEBHOOK_URL, and "
        "start again.")


ROOT = Path(__file__).resolve().parents[2]


def _without_state_settings(home: Path) -> dict[str, str]:
    """The environment of a bot started from another folder, with ``home`` as its home and no
    setting of where its data goes; the code under test is still this checkout's."""
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith("CHGK_") and k not in ("XDG_STATE_HOME", "STATE_DIRECTORY")}
    path = os.pathsep.join(filter(None, (str(ROOT), clean.get("PYTHONPATH"))))
    return {**clean, "HOME": str(home), "CHGK_LOCALE": "en", "PYTHONPATH": path}


def test_the_default_database_is_the_same_whatever_the_folder(tmp_path):
    """Started from two folders, the console plays on one database in the state folder:
    the second start resumes the game of the first."""
    env = _without_state_settings(tmp_path / "home")
    outputs = []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        done = subprocess.run([sys.executable, "-m", "bot", "console", "--clock", "virtual"],
                              input="", capture_output=True, text=True, timeout=120,
                              cwd=tmp_path / folder, env=env, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert (tmp_path / "home" / ".local" / "state" / "chgk-bot" / "chgk.sqlite3").is_file()
    assert not (tmp_path / "a" / "data").exists()
    assert "A DUEL game is open" in outputs[0]
    assert outputs[1].startswith("Going on with unfinished game #1.")


def test_an_older_database_in_the_folder_is_not_left_behind_silently(tmp_path):
    env = _without_state_settings(tmp_path / "home")
    old = tmp_path / "club" / "data" / "chgk.sqlite3"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"")
    done = subprocess.run([sys.executable, "-m", "bot", "run"], input="", capture_output=True,
                          text=True, timeout=120, cwd=tmp_path / "club", env=env, check=False)
    folder = tmp_path / "home" / ".local" / "state" / "chgk-bot"
    assert one_clear_line(done, code=2) == (
        f"The database is now kept in {folder}, and there is none there yet, but an older "
        f"one lies in {old}. Move it there (mkdir -p {folder} && mv {old} {folder}/), or set "
        f"CHGK_DATABASE_URL=sqlite+aiosqlite:///{old} to keep it where it is, and start again.")
    assert not folder.exists()
