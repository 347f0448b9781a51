"""Commands named in messages are written as Discord shows them: every one
is a real ``/chgk`` path of the tree this adapter registers, in the language of the text, and
no message types a chat command itself."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from discord import app_commands
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from fluent.syntax.visitor import Visitor

from adapters.discord.bridge import Bridge
from adapters.discord.commands import FluentCommandTranslator, build_commands
from adapters.discord.messenger import DiscordMessenger
from adapters.discord.spelling import DiscordSpelling, slash_of
from bot.commands import ALWAYS
from bot.i18n import LOCALES_DIR, Translator, plain_spelling
from tests.formats import CHAT_COMMAND_NAMES, COMMAND_GROUPS, formats

LANGS = {"ru": "ru", "en": "en-US"}
"""The catalog's languages and Discord's locale for each."""

TYPED = re.compile(r"(?<![\w/.:<])/[a-zа-яё]", re.IGNORECASE)
"""A slash command typed into a text, not a path or a URL."""


def messages() -> list[tuple[str, fast.Message]]:
    """Every message of every catalog file, with its ``lang/file`` name."""
    found = []
    for path in sorted(Path(LOCALES_DIR).glob("*/*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fast.Message) and entry.value is not None:
                found.append((f"{path.parent.name}/{path.name}", entry))
    return found


class _Parts(Visitor):
    """The text, the ``CMD`` calls and the variables of one message."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.commands: list[tuple[tuple[str, ...], str | None]] = []
        self.variables: set[str] = set()

    def visit_TextElement(self, node: fast.TextElement) -> None:
        self.texts.append(node.value)

    def visit_FunctionReference(self, node: fast.FunctionReference) -> None:
        if node.id.name == "CMD":
            words = tuple(a.value for a in node.arguments.positional)
            named = {a.name.name: a.value.value for a in node.arguments.named}
            self.commands.append((words, named.get("by")))
        self.generic_visit(node)

    def visit_VariableReference(self, node: fast.VariableReference) -> None:
        self.variables.add(node.id.name)


def parts(message: fast.Message) -> _Parts:
    found = _Parts()
    found.visit(message.value)
    return found


def _commands(payload: dict, lang: str) -> dict[str, dict[str, set[str] | None]]:
    """The commands of a translated ``/chgk`` payload in ``lang``: path (``chgk captain
    hint``) -> option name -> the names of its choices (True/False for a boolean; None: any
    value)."""
    locale = LANGS[lang]

    def name(node: dict) -> str:
        return node.get("name_localizations", {}).get(locale, node["name"])

    found: dict[str, dict[str, set[str] | None]] = {}

    def walk(node: dict, path: list[str]) -> None:
        here = [*path, name(node)]
        subs = [o for o in node.get("options", []) if o["type"] in (1, 2)]
        if not subs:
            found[" ".join(here)] = {
                name(o): {name(c) for c in o["choices"]} if o.get("choices") else
                {"True", "False"} if o["type"] == 5 else None
                for o in node.get("options", [])}
        for sub in subs:
            walk(sub, here)

    walk(payload, [])
    return found


@pytest.fixture
async def tree() -> dict[str, dict[str, dict[str, set[str] | None]]]:
    """The ``/chgk`` tree as Discord shows it, per catalog language (see ``_commands``)."""
    translator = Translator()
    groups = build_commands(Bridge(DiscordMessenger(), DiscordSpelling(translator, COMMAND_GROUPS)),
                            translator, "ru", COMMAND_GROUPS)
    client = discord.Client(intents=discord.Intents.none())
    commands = app_commands.CommandTree(client)
    for group in groups:
        commands.add_command(group)
    found: dict[str, dict] = {lang: {} for lang in LANGS}
    for group in groups:
        payload = await group.get_translated_payload(commands,
                                                     FluentCommandTranslator(translator))
        for lang in LANGS:
            found[lang].update(_commands(payload, lang))
    yield found
    await client.close()


def is_real(tree: dict, lang: str, spelled: str) -> bool:
    """Whether ``spelled`` (``/duel captain hint what:Club help``) is a command of the tree in
    ``lang``, with an option of that command and one of its values."""
    if not spelled.startswith("/"):
        return False
    text = spelled[1:]
    path = max((p for p in tree[lang] if text == p or text.startswith(p + " ")), key=len,
               default=None)
    if path is None:
        return False
    rest = text[len(path):].strip()
    if not rest:
        return True
    option, colon, value = rest.partition(":")
    choices = tree[lang][path].get(option, "missing")
    return bool(colon) and choices != "missing" and ((choices is None and value == "") or
                                                     (choices is not None and value in choices))


def test_no_message_types_a_command_itself():
    typed = {f"{where}:{m.id.name}": text for where, m in messages()
             for text in parts(m).texts if TYPED.search(text)}
    assert typed == {}, "write commands as { CMD(...) } so each platform spells them"


def test_every_command_a_message_names_is_a_real_chgk_path(tree):
    spell = DiscordSpelling(Translator(), COMMAND_GROUPS)
    named = {command for _, m in messages() for command in parts(m).commands}
    assert ("answerer",) in {words for words, _ in named}
    for words, by in sorted(named, key=str):
        assert slash_of(words, COMMAND_GROUPS, by) is not None, \
            f"{words} has no place in the /chgk tree"
        for lang in LANGS:
            spelled = spell(words, lang, by)
            assert is_real(tree, lang, spelled), (words, by, lang, spelled)


def test_a_discord_message_never_shows_a_command_outside_the_tree(tree):
    translator = Translator()
    tops = {f"/{path.split()[0]}" for lang in LANGS for path in tree[lang]}
    spell = DiscordSpelling(translator, COMMAND_GROUPS)
    for where, message in messages():
        lang = where.split("/")[0]
        args = {name: "x" for name in parts(message).variables}
        text = translator.format(message.id.name, args, lang, spell)
        for found in re.finditer(r"(?:^|(?<=[\s(«“]))/\S+", text):
            assert found[0] in tops, (where, message.id.name, text)


def test_a_telegram_message_names_only_chat_commands_the_bot_knows():
    translator = Translator()
    known = {*ALWAYS, *CHAT_COMMAND_NAMES, *(name for fmt in formats().values()
                                             for name in fmt.command_names())}
    for where, message in messages():
        lang = where.split("/")[0]
        args = {name: "x" for name in parts(message).variables}
        text = translator.format(message.id.name, args, lang, plain_spelling)
        for found in re.finditer(r"(?:^|(?<=[\s(«“]))/(\w+)", text):
            assert found[1] in known, (where, message.id.name, text)


def test_the_same_message_on_each_platform(translator: Translator):
    discord_spell = DiscordSpelling(translator, COMMAND_GROUPS)
    who = {"captain": "Anna"}
    assert translator.format("duel-name-answerer", who, "en", discord_spell) == \
        "Anna, who answers? /duel captain answerer NAME"
    assert translator.format("duel-name-answerer", who, "ru", discord_spell) == \
        "Anna, кто отвечает? /дуэль капитан отвечает ИМЯ"
    for spell in (None, plain_spelling):  # the console, Telegram
        assert translator.format("duel-name-answerer", who, "en", spell) == \
            "Anna, who answers? /answerer NAME"
    assert translator.format("no-game-here", {}, "en", discord_spell) == \
        "There is no game here. The host can start one with /chgk new."
    assert translator.format("usage-start", {}, "en", discord_spell).startswith(
        "/duel host start — start the game (/duel host start anyway:True — with five players")
    assert "/duel keeper uphold or /duel keeper overturn" in translator.format(
        "duel-appeal-filed", {"number": 2, "keeper": "Ksenia"}, "en", discord_spell)


def test_a_command_several_formats_share_is_written_as_the_games_own():
    spell = DiscordSpelling(Translator(), COMMAND_GROUPS)
    # TV-1..TV-4 are hosted with /tv's commands, though DUEL has a start and a best too.
    assert spell.within("tv")(("start",), "ru") == "/тв ведущий старт"
    assert spell.within("tv")(("best",), "en") == "/tv host best"
    assert spell.within("duel")(("start",), "ru") == "/дуэль ведущий старт"
    # Outside any game the first format that has it.
    assert spell(("start",), "ru") == "/дуэль ведущий старт"
    assert spell.within("tv") == spell.within("tv")  # one set of bundles per format
