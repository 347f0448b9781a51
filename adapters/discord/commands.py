"""The ``/chgk`` slash commands and their translation from the Fluent catalog.

Every command is a thin callback that turns its options into the chat command the service
understands (``/chgk team Owls`` -> ``/team Owls``) and hands it to the bridge; role checks
are the service's (a server's ``default_permissions`` would only be a hint). Layout:

- ``/chgk new | package | team | join | answer | score | help`` for everyone;
- ``/chgk captain pick | answerer | handover | appeal | best``;
- ``/chgk host start | pause | resume | accept | reject | keeper | cohost | questions | abort |
  takeover | panel | teams | voice``;
- ``/chgk keeper uphold | overturn``.

Names and descriptions are ``locale_str`` objects carrying a ``discord.ftl`` key; the base
strings Discord shows by default are in the bot's default language, and
``FluentCommandTranslator`` gives the Russian and English localisations when the tree syncs.
Base command names stay English identifiers: Discord sends them back to dispatch a command.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from adapters.discord.bridge import Bridge
from bot.formats import FORMATS
from bot.i18n import Translator

_DISCORD_LOCALES = {"ru": "ru", "en-US": "en", "en-GB": "en"}
"""Discord's locale codes the catalog has a language for."""


class FluentCommandTranslator(app_commands.Translator):
    """discord.py's ``Translator`` over the project's Fluent catalog: a ``locale_str`` with a
    ``key`` extra is looked up in ``locales/<lang>/discord.ftl``."""

    def __init__(self, translator: Translator) -> None:
        super().__init__()
        self.t = translator

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The text of ``string``'s key in ``locale``; None (Discord shows the base string)
        for a language the catalog lacks or a string without a key."""
        key = string.extras.get("key")
        lang = _DISCORD_LOCALES.get(locale.value)
        if key is None or lang is None:
            return None
        text = self.t(key, lang)
        return None if text == key else text


class _Strings:
    """Makes the ``locale_str`` objects of the command tree in one default language."""

    def __init__(self, translator: Translator, locale: str) -> None:
        self.t = translator
        self.locale = locale

    def name(self, path: str) -> locale_str:
        """A command or group name: English ``path``'s last word, key ``discord-cmd-<path>``."""
        return locale_str(path.rsplit("-", 1)[-1], key=f"discord-cmd-{path}")

    def about(self, path: str) -> locale_str:
        """A command or group description, key ``discord-cmd-<path>-desc``."""
        return self._text(f"discord-cmd-{path}-desc")

    def param(self, name: str) -> locale_str:
        """An option name, key ``discord-param-<name>``."""
        return locale_str(name, key=f"discord-param-{name}")

    def param_about(self, name: str) -> locale_str:
        """An option description, key ``discord-param-<name>-desc``."""
        return self._text(f"discord-param-{name}-desc")

    def _text(self, key: str) -> locale_str:
        return locale_str(self.t(key, self.locale), key=key)


def build_commands(bridge: Bridge, translator: Translator, locale: str) -> app_commands.Group:
    """The ``/chgk`` group with every subcommand calling into ``bridge``; ``locale`` is the
    language of the base strings (the bot's default)."""
    s = _Strings(translator, locale)
    root = app_commands.Group(name=s.name("chgk"), description=s.about("chgk"))
    captain = app_commands.Group(name=s.name("captain"), description=s.about("captain"),
                                 parent=root)
    host = app_commands.Group(name=s.name("host"), description=s.about("host"), parent=root)
    keeper = app_commands.Group(name=s.name("keeper"), description=s.about("keeper"),
                                parent=root)

    def command(group: app_commands.Group, path: str, **params: Any) -> Any:
        """Register a callback as ``path`` in ``group``, naming and describing ``params``
        (option name -> None, or a list of choices)."""
        def register(callback: Any) -> Any:
            for name, choices in params.items():
                callback = app_commands.rename(**{name: s.param(name)})(callback)
                callback = app_commands.describe(**{name: s.param_about(name)})(callback)
                if choices:
                    callback = app_commands.choices(**{name: choices})(callback)
            return group.command(name=s.name(path), description=s.about(path))(callback)
        return register

    def simple(group: app_commands.Group, path: str, text: str) -> None:
        """A command without options that sends ``text``."""
        @command(group, path)
        async def run(interaction: discord.Interaction) -> None:
            await bridge.command(interaction, text)

    formats = [Choice(name=locale_str(name, key=f"discord-format-{name}"), value=name)
               for name in FORMATS]

    @command(root, "new", format=formats)
    async def new(interaction: discord.Interaction, format: str = "duel") -> None:
        await bridge.new_game(interaction, format)

    @command(root, "package", file=None)
    async def package(interaction: discord.Interaction, file: discord.Attachment) -> None:
        await bridge.upload(interaction, file)

    @command(root, "team", team=None)
    async def team(interaction: discord.Interaction, team: str) -> None:
        await bridge.command(interaction, f"/team {team}")

    @command(root, "join", team=None)
    async def join(interaction: discord.Interaction, team: str) -> None:
        await bridge.command(interaction, f"/join {team}")

    @command(root, "answer", text=None)
    async def answer(interaction: discord.Interaction, text: str) -> None:
        await bridge.command(interaction, f"/answer {text}", private=True)

    simple(root, "score", "/score")
    simple(root, "help", "/help")

    @command(captain, "captain-pick", number=None)
    async def pick(interaction: discord.Interaction,
                   number: app_commands.Range[int, 1, 99]) -> None:
        await bridge.command(interaction, f"/pick {number}")

    @command(captain, "captain-answerer", player=None)
    async def answerer(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/answerer {player.display_name}")

    @command(captain, "captain-handover", player=None)
    async def handover(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/captain {player.display_name}")

    simple(captain, "captain-appeal", "/appeal")

    @command(captain, "captain-best", question=None, player=None)
    async def best(interaction: discord.Interaction,
                   question: app_commands.Range[int, 1, 99] | None = None,
                   player: discord.Member | None = None) -> None:
        if question is not None:
            await bridge.command(interaction, f"/best question {question}")
        elif player is not None:
            await bridge.command(interaction, f"/best player {player.display_name}")
        else:
            await bridge.command(interaction, "/best")  # the service explains the usage

    @command(host, "host-start", anyway=None)
    async def start(interaction: discord.Interaction, anyway: bool = False) -> None:
        await bridge.command(interaction, "/start anyway" if anyway else "/start")

    for path, text in (("host-pause", "/pause"), ("host-resume", "/resume"),
                       ("host-accept", "/accept"), ("host-reject", "/reject"),
                       ("host-abort", "/abort"), ("host-takeover", "/takeover"),
                       ("keeper-uphold", "/uphold"), ("keeper-overturn", "/overturn")):
        simple(keeper if path.startswith("keeper") else host, path, text)

    @command(host, "host-keeper", player=None)
    async def name_keeper(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/keeper {player.display_name}")

    @command(host, "host-cohost", player=None)
    async def cohost(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/cohost {player.display_name}")

    @command(host, "host-questions", numbers=None)
    async def questions(interaction: discord.Interaction, numbers: str) -> None:
        await bridge.command(interaction, f"/questions {numbers}")

    @command(host, "host-panel")
    async def panel(interaction: discord.Interaction) -> None:
        await bridge.panel(interaction)

    @command(host, "host-teams")
    async def teams(interaction: discord.Interaction) -> None:
        await bridge.team_channels(interaction)

    @command(host, "host-voice", channel=None, off=None)
    async def voice(interaction: discord.Interaction,
                    channel: discord.VoiceChannel | None = None, off: bool = False) -> None:
        await bridge.voice_command(interaction, channel, off)

    return root
