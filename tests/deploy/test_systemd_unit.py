"""``deploy/chgk-bot.service``, the systemd unit of docs/admin.md: systemd itself reads it
without a complaint (``systemd-analyze verify``: every directive known and well-formed, its
commands executable once the venv is where the unit expects it), and what it runs is the bot's
own command line (``db upgrade`` before ``run``), with the database in the unit's state
directory and time for the bot's graceful stop on SIGTERM."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.telegram.adapter import SHUTDOWN_FLUSH
from bot.cli.main import _parser
from bot.cli.parser import parser_class

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "chgk-bot.service"
INSTALLED = "/opt/chgk-bot"
"""Where the unit expects the clone (its venv in ``.venv``), as docs/admin.md installs it."""


def directives() -> dict[str, list[str]]:
    """The unit's ``Key=value`` lines, each key's values in order."""
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_systemd_reads_the_unit_without_a_warning(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI") == "true":
            pytest.fail("systemd-analyze is missing, and CI must have it")
        pytest.skip("systemd-analyze is not installed")
    # Given the unit, with its clone moved under a temporary folder where the venv's
    # chgk-bot is an executable,
    bin_dir = tmp_path / INSTALLED.lstrip("/") / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "chgk-bot").symlink_to(sys.executable)
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text(encoding="utf-8").replace(
        INSTALLED, str(tmp_path / INSTALLED.lstrip("/"))), encoding="utf-8")
    # when systemd verifies it,
    verified = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True,
                              timeout=60, check=False)
    # then it has nothing to say: systemd would ignore an unknown or malformed line with a
    # warning and still answer 0, so the output must be empty too.
    assert (verified.returncode, verified.stdout + verified.stderr) == (0, "")


def test_the_unit_upgrades_the_database_then_runs_the_bot():
    # Given the commands the unit runs,
    found = directives()
    commands = [*found["ExecStartPre"], *found["ExecStart"]]
    parse = _parser(parser_class("en")).parse_args
    # when each is read by the bot's own command line,
    parsed = [parse(shlex.split(command)[1:]) for command in commands]
    # then the database is migrated first and the bot runs last, both from the clone's venv.
    assert [(args.command, getattr(args, "db_command", None)) for args in parsed] == [
        ("db", "upgrade"), ("run", None)]
    assert all(command.startswith(f"{INSTALLED}/.venv/bin/chgk-bot ") for command in commands)


def test_the_database_lives_in_the_state_directory_and_the_env_file_may_move_it():
    # Given the unit's state directory and environment,
    found = directives()
    state = f"/var/lib/{found['StateDirectory'][0]}"
    environment = dict(value.partition("=")[::2] for value in found["Environment"])
    # then its SQLite database is a file of that directory, whatever folder the bot starts
    # from, and the operator's env file is read after it (so a PostgreSQL URL set there wins).
    assert environment["CHGK_DATABASE_URL"] == f"sqlite+aiosqlite:///{state}/chgk.sqlite3"
    assert found["WorkingDirectory"] == [state]
    text = UNIT.read_text(encoding="utf-8")
    assert text.index("EnvironmentFile=/etc/chgk-bot/env") > text.index("Environment=")


def test_a_stop_is_sigterm_with_time_for_the_queued_messages():
    # Given how the unit stops the bot and how long it waits before killing it,
    found = directives()
    seconds = int(re.fullmatch(r"(\d+)s?", found["TimeoutStopSec"][0])[1])
    # then the bot gets the signal it stops gracefully on, and far more time than it gives
    # its queued messages to go out; a crash (not a stop) is restarted.
    assert found["KillSignal"] == ["SIGTERM"]
    assert seconds >= 10 * SHUTDOWN_FLUSH
    assert found["Restart"] == ["on-failure"]
