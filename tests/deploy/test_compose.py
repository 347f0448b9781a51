"""``deploy/compose.yaml`` (checked as text: this machine has neither Docker compose nor a YAML
library): its one-shot service migrates the database with the bot's own ``db upgrade``, the bot
runs ``run`` only once that succeeded and PostgreSQL answers ``pg_isready``, and every
``CHGK_`` variable it sets is one the bot reads."""

from __future__ import annotations

import json
import re

from bot.cli.main import _parser
from bot.cli.parser import parser_class
from bot.settings import Settings
from tests.deploy.dockerfile import ROOT

COMPOSE = ROOT / "deploy" / "compose.yaml"


def services() -> dict[str, str]:
    """Each service's block of the file (its lines, as text), by name."""
    text = COMPOSE.read_text(encoding="utf-8").split("\nservices:\n", 1)[1]
    text = text.split("\nvolumes:\n", 1)[0]
    blocks = re.split(r"^  (\w[\w-]*):\n", text, flags=re.MULTILINE)[1:]
    return dict(zip(blocks[::2], blocks[1::2], strict=True))


def command(block: str) -> list[str]:
    return json.loads(re.search(r"^    command: (\[.*\])$", block, re.MULTILINE)[1])


def test_migrations_run_once_postgres_is_healthy_and_the_bot_after_them():
    # Given the compose file's services,
    found = services()
    parse = _parser(parser_class("en")).parse_args
    # when their commands are read by the bot's command line,
    migrate, bot = parse(command(found["migrate"])[1:]), parse(command(found["bot"])[1:])
    # then the one-shot service upgrades the database and the bot service runs the bot,
    assert (migrate.command, migrate.db_command, bot.command) == ("db", "upgrade", "run")
    # the migrations wait for PostgreSQL's own health check, and the bot for both.
    assert 'test: ["CMD", "pg_isready"' in found["postgres"]
    assert re.search(r"postgres:\n\s+condition: service_healthy", found["migrate"])
    assert re.search(r"postgres:\n\s+condition: service_healthy", found["bot"])
    assert re.search(r"migrate:\n\s+condition: service_completed_successfully", found["bot"])


def test_every_bot_variable_it_sets_is_a_setting():
    # Given the CHGK_ variables the compose file sets,
    named = set(re.findall(r"\b(CHGK_[A-Z0-9_]+):", COMPOSE.read_text(encoding="utf-8")))
    # then the bot reads each of them (a misspelt one would be silently ignored).
    assert named
    assert named <= {f"CHGK_{field.upper()}" for field in Settings.model_fields}
