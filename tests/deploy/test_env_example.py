"""``.env.example``, the settings file an operator copies, lists every setting the bot reads
(``bot.settings.Settings``, variables prefixed ``CHGK_``) with its default, so that it cannot
drift from the code: a setting added without its line, a line left for a setting removed, or a
default changed in one place only fails here."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / ".env.example"

LINE = re.compile(r"^(?P<off># )?(?P<name>CHGK_[A-Z0-9_]+)=(?P<value>.*)$")
"""A setting's line: ``CHGK_NAME=value``, or ``# CHGK_NAME=value`` when left at its default."""


@pytest.fixture(autouse=True)
def no_outside_settings(monkeypatch, tmp_path):
    for name in list(os.environ):
        if name.startswith("CHGK_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout


def example_lines() -> dict[str, tuple[bool, str]]:
    """Each variable of ``.env.example`` as (commented out, value as written)."""
    found: dict[str, tuple[bool, str]] = {}
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if parsed := LINE.match(line):
            assert parsed["name"] not in found, f"{parsed['name']} is listed twice"
            found[parsed["name"]] = (bool(parsed["off"]), parsed["value"])
    return found


def variable(field: str) -> str:
    return f"CHGK_{field.upper()}"


def test_every_setting_is_listed_and_nothing_else():
    # Given the settings the bot reads,
    wanted = {variable(field) for field in Settings.model_fields}
    # when .env.example is read,
    listed = set(example_lines())
    # then it lists each of them, and no variable the bot would ignore.
    assert sorted(wanted - listed) == []
    assert sorted(listed - wanted) == []


def test_each_line_with_a_value_says_the_default(monkeypatch):
    # Given each listed setting whose default is a value (not unset), the database's being
    # chgk.sqlite3 in the state folder, which the example shows as the systemd unit's,
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/chgk-bot")
    defaults = Settings()
    for field, info in Settings.model_fields.items():
        if info.default is None:
            continue
        _, value = example_lines()[variable(field)]
        # when the value written in .env.example is read as the setting,
        read = Settings(**{field: value})
        # then it is the default the bot uses when the line stays commented out.
        assert getattr(read, field) == getattr(defaults, field), variable(field)


def test_a_copy_as_env_starts_with_the_defaults_and_no_messenger(tmp_path):
    # Given .env.example copied unchanged as .env into the folder the bot starts from,
    (tmp_path / ".env").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    # when the bot reads its settings,
    settings = Settings()
    # then they are valid, every one at its default, and no messenger is set up yet (the
    # token lines left empty for the operator to fill in).
    assert not settings.telegram_token and not settings.discord_token
    ignored = {"telegram_token", "discord_token"}
    assert settings.model_dump(exclude=ignored) == Settings(_env_file=None).model_dump(
        exclude=ignored)
