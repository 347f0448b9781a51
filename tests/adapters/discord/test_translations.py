"""The ``/chgk`` and ``/duel`` trees as Discord receives them: localised names and
descriptions, all valid."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast

from adapters.discord import bridge
from adapters.discord.bridge import Bridge
from adapters.discord.commands import FluentCommandTranslator, build_commands
from adapters.discord.messenger import DiscordMessenger
from adapters.discord.spelling import DiscordSpelling
from bot.i18n import LOCALES_DIR, Translator
from tests.formats import COMMAND_GROUPS

ADAPTER = Path(bridge.__file__).parent

NAME = re.compile(r"^[-_\w]{1,32}$")
KEY = re.compile(r"^discord-[a-z0-9]+(-[a-z0-9]+)*$")


def keys(lang: str) -> set[str]:
    """The message keys of ``locales/<lang>/discord.ftl``."""
    text = (LOCALES_DIR / lang / "discord.ftl").read_text(encoding="utf-8")
    body = FluentParser().parse(text).body
    assert not [e for e in body if isinstance(e, fast.Junk)], f"{lang}/discord.ftl is broken"
    return {e.id.name for e in body if isinstance(e, fast.Message)}


@pytest.fixture
async def payload():
    translator = Translator()
    groups = build_commands(Bridge(DiscordMessenger(), DiscordSpelling(translator, COMMAND_GROUPS)),
                            translator, "ru", COMMAND_GROUPS)
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for group in groups:
        tree.add_command(group)
    yield {group.name: await group.get_translated_payload(tree, FluentCommandTranslator(
        translator)) for group in groups}
    await client.close()


def nodes(node: dict):
    """Every command, group and option in a payload (each top-level command's, when given
    the payloads by name)."""
    if "name" not in node:
        for top in node.values():
            yield from nodes(top)
        return
    yield node
    for option in node.get("options", []):
        yield from nodes(option)


def test_every_name_and_description_is_valid_in_every_language(payload):
    for node in nodes(payload):
        for name in [node["name"], *node.get("name_localizations", {}).values()]:
            assert NAME.match(name) and name == name.lower(), name
        for text in [node["description"], *node.get("description_localizations", {}).values()]:
            assert 1 <= len(text) <= 100, text


def test_names_and_descriptions_come_in_russian_and_english(payload):
    new = next(n for n in nodes(payload) if n["name"] == "new")
    assert new["name_localizations"] == {"ru": "новая", "en-US": "new", "en-GB": "new"}
    assert new["description"] == new["description_localizations"]["ru"]  # Russian by default
    assert new["description_localizations"]["en-US"].startswith("Open a new game")
    for node in nodes(payload):
        if node["type"] in (1, 2) or "name_localizations" in node:
            assert set(node["name_localizations"]) == {"ru", "en-US", "en-GB"}, node["name"]


def test_sibling_names_are_unique_in_every_language(payload):
    for node in nodes(payload):
        options = node.get("options", [])
        for lang in ("ru", "en-US"):
            names = [o.get("name_localizations", {}).get(lang, o["name"]) for o in options]
            assert len(names) == len(set(names)), (node["name"], lang)


def test_every_discord_string_exists_in_both_languages():
    assert keys("ru") == keys("en")


def test_every_key_the_adapter_uses_exists():
    used = {node.value for path in ADAPTER.glob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and KEY.match(node.value)}
    permissions = {f"discord-permission-{name.replace('_', '-')}"
                   for name in (*bridge.TEXT_PERMISSIONS, *bridge.CHANNEL_PERMISSIONS,
                                *bridge.VOICE_PERMISSIONS)}
    assert "discord-voice-off" in used
    assert (used | permissions) - keys("ru") == set()


async def test_a_language_discord_has_but_the_catalog_lacks_gets_the_default():
    translator = FluentCommandTranslator(Translator())
    text = app_commands.locale_str("new", key="discord-cmd-new")
    assert await translator.translate(text, discord.Locale.german, None) is None
    assert await translator.translate(text, discord.Locale.russian, None) == "новая"


def test_every_choice_comes_in_russian_and_english_within_discords_limits(payload):
    choices = [c for node in nodes(payload) for c in node.get("choices", [])]
    assert len(choices) > 10
    for choice in choices:
        assert set(choice["name_localizations"]) == {"ru", "en-US", "en-GB"}, choice["value"]
        for name in [choice["name"], *choice["name_localizations"].values()]:
            assert 1 <= len(name) <= 100, name


def test_the_tree_stays_within_discords_limits(payload):
    # At most 25 subcommands or options under any node; the whole command at most 8000
    # characters of names, descriptions and choices, counting each field's longest
    # localisation (Discord's rule for the size of a command).
    for node in nodes(payload):
        assert len(node.get("options", [])) <= 25, node["name"]
        assert len(node.get("choices", [])) <= 25, node["name"]

    def longest(item: dict, field: str) -> int:
        return max(len(text) for text in
                   [item[field], *item.get(f"{field}_localizations", {}).values()])

    for top in payload.values():
        size = sum(longest(node, "name") + longest(node, "description") +
                   sum(longest(c, "name") + len(str(c["value"])) for c in node.get("choices", []))
                   for node in nodes(top))
        assert size <= 8000, top["name"]


def test_the_duel_specials_and_seasons_have_commands(payload):
    groups = {g["name"]: {c["name"] for c in g["options"]}
              for name, top in payload.items() if name in ("chgk", "duel")
              for g in top["options"] if g["type"] == 2}
    assert {"sector", "early", "extra", "hint", "helpers", "credit", "repay",
            "decisive", "best"} <= groups["captain"]
    assert {"mark", "extra", "helpers"} <= groups["host"]
    assert {"agree", "disagree"} <= groups["keeper"]
    assert groups["season"] == {"standings", "create", "keeper", "register", "approve",
                                "order", "record", "vote", "ballot"}
