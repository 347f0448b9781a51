"""The ``/chgk`` slash commands and their translation from the Fluent catalog.

Every command is a thin callback that turns its options into the chat command the service
understands (``/chgk team Owls`` -> ``/team Owls``) and hands it to the bridge (the way back,
a chat command named in a message written as its place here, is ``spelling.SLASH``); role checks
are the service's (a server's ``default_permissions`` would only be a hint). Layout:

- ``/chgk new | package | team | join | answer | score | help`` for everyone;
- ``/chgk captain pick | answerer | handover | appeal | best | sector | early | extra | hint |
  helpers | credit | repay | decisive`` (``hint`` is also the superblitz player's);
- ``/chgk host start | pause | resume | accept | reject | keeper | cohost | questions | abort |
  closevote | takeover | panel | teams | voice | mark | extra | helpers``;
- ``/chgk keeper uphold | overturn | challenge | agree | disagree``;
- ``/chgk season standings | create | keeper | register | approve | order | record | vote |
  ballot``: the ``/season`` chat command, which works with or without a game.

People are chosen with Discord's member picker and passed by display name in the text, and
with their ids alongside (``Bridge.command(people=...)``), so the service knows a member who
never wrote; several people (sector 13 with three, club helpers, fair-play voters) are
separated by commas, since display names may hold spaces.

Names and descriptions are ``locale_str`` objects carrying a ``discord.ftl`` key; the base
strings Discord shows by default are in the bot's default language, and
``FluentCommandTranslator`` gives the Russian and English localisations when the tree syncs.
Base command names stay English identifiers: Discord sends them back to dispatch a command.
Discord's limits (tested in ``test_translations``): at most 25 subcommands in a group and 25
options in a command, and 8000 characters for the whole ``/chgk`` tree counting each name,
description and choice in its longest language.
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

    def choice(self, param: str, value: str) -> Choice[str]:
        """A choice of option ``param``, key ``discord-choice-<param>-<value>``."""
        return Choice(name=self._text(f"discord-choice-{param}-{value}"), value=value)

    def _text(self, key: str) -> locale_str:
        return locale_str(self.t(key, self.locale), key=key)


def names(*people: discord.Member | None) -> str:
    """The display names of ``people`` (None skipped) for a command taking several: separated
    by commas, which the service then splits on (display names may hold spaces); a lone name
    with a space ends in a comma so that it is not split into words."""
    found = [person.display_name for person in people if person is not None]
    text = ", ".join(found)
    return f"{text}," if len(found) == 1 and " " in text else text


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
        await bridge.command(interaction, f"/answerer {player.display_name}",
                             people=(player,))

    @command(captain, "captain-handover", player=None)
    async def handover(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/captain {player.display_name}",
                             people=(player,))

    simple(captain, "captain-appeal", "/appeal")

    @command(captain, "captain-best", question=None, player=None)
    async def best(interaction: discord.Interaction,
                   question: app_commands.Range[int, 1, 99] | None = None,
                   player: discord.Member | None = None) -> None:
        if question is not None:
            await bridge.command(interaction, f"/best question {question}")
        elif player is not None:
            await bridge.command(interaction, f"/best player {player.display_name}",
                                 people=(player,))
        else:
            await bridge.command(interaction, "/best")  # the service explains the usage

    @command(host, "host-start", anyway=None, training=None)
    async def start(interaction: discord.Interaction, anyway: bool = False,
                    training: bool = False) -> None:
        text = "/start training" if training else "/start anyway" if anyway else "/start"
        await bridge.command(interaction, text)

    for path, text in (("host-pause", "/pause"), ("host-resume", "/resume"),
                       ("host-accept", "/accept"), ("host-reject", "/reject"),
                       ("host-abort", "/abort"), ("host-takeover", "/takeover"),
                       ("host-closevote", "/closevote"), ("keeper-uphold", "/uphold"),
                       ("keeper-overturn", "/overturn"), ("keeper-challenge", "/challenge")):
        simple(keeper if path.startswith("keeper") else host, path, text)

    @command(host, "host-keeper", player=None)
    async def name_keeper(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/keeper {player.display_name}",
                             people=(player,))

    @command(host, "host-cohost", player=None)
    async def cohost(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/cohost {player.display_name}",
                             people=(player,))

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

    # --- DUEL: special questions, hints, credit, decisive round (DUEL-4.2, 5, 6.4) ---------

    kinds = [s.choice("kind", v) for v in ("picture", "sector", "blitz", "superblitz")]
    stays = [s.choice("who", v) for v in ("all", "3", "1")]
    hints = [s.choice("what", v) for v in ("minute", "club")]

    @command(host, "host-mark", kind=kinds, number=None)
    async def mark(interaction: discord.Interaction, kind: str,
                   number: app_commands.Range[int, 1, 99]) -> None:
        await bridge.command(interaction, f"/mark {kind} {number}")

    @command(captain, "captain-sector", who=stays, player=None, player2=None, player3=None)
    async def sector(interaction: discord.Interaction, who: str,
                     player: discord.Member | None = None,
                     player2: discord.Member | None = None,
                     player3: discord.Member | None = None) -> None:
        people = [p for p in (player, player2, player3) if p is not None]
        if who == "all":
            text = "/sector all"
        elif who == "1" and len(people) == 1:
            text = f"/sector 1 {people[0].display_name}"
        elif who == "3" and people:
            text = f"/sector 3 {names(*people)}"  # the rules count them
        else:
            text = "/sector"  # the service explains the usage
        await bridge.command(interaction, text, people=tuple(people))

    for group, path, text in ((captain, "captain-early", "/early"),
                              (captain, "captain-extra", "/extra"),
                              (host, "host-extra", "/extra"),
                              (captain, "captain-credit", "/credit"),
                              (keeper, "keeper-agree", "/agree"),
                              (keeper, "keeper-disagree", "/disagree")):
        simple(group, path, text)

    @command(captain, "captain-hint", what=hints)
    async def hint(interaction: discord.Interaction, what: str) -> None:
        await bridge.command(interaction, f"/hint {what}")

    def helpers(group: app_commands.Group, path: str) -> None:
        """``/helpers``: up to three club helpers, or ``nobody`` (the hint is given back)."""
        @command(group, path, player=None, player2=None, player3=None, nobody=None)
        async def run(interaction: discord.Interaction,
                      player: discord.Member | None = None,
                      player2: discord.Member | None = None,
                      player3: discord.Member | None = None, nobody: bool = False) -> None:
            if nobody:
                text = "/helpers none"
            elif player or player2 or player3:
                text = f"/helpers {names(player, player2, player3)}"
            else:
                text = "/helpers"  # the service explains the usage
            await bridge.command(interaction, text, people=(player, player2, player3))

    helpers(captain, "captain-helpers")
    helpers(host, "host-helpers")

    @command(captain, "captain-repay", number=None)
    async def repay(interaction: discord.Interaction,
                    number: app_commands.Range[int, 1, 99]) -> None:
        await bridge.command(interaction, f"/repay {number}")

    @command(captain, "captain-decisive", player=None)
    async def decisive(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/decisive {player.display_name}",
                             people=(player,))

    # --- seasons (DUEL-6, 7): the /season chat command, with or without a game ------------

    seasons = app_commands.Group(name=s.name("season"), description=s.about("season"),
                                 parent=root)

    @command(seasons, "season-standings", season=None)
    async def standings(interaction: discord.Interaction, season: str | None = None) -> None:
        await bridge.command(interaction, f"/season standings {season}" if season else "/season")

    @command(seasons, "season-create", name=None, after=None)
    async def create(interaction: discord.Interaction, name: str, after: str | None = None
                     ) -> None:
        text = f"/season create {name}"
        await bridge.command(interaction, f"{text} after {after}" if after else text)

    @command(seasons, "season-keeper", player=None)
    async def season_keeper(interaction: discord.Interaction, player: discord.Member) -> None:
        await bridge.command(interaction, f"/season keeper {player.display_name}",
                             people=(player,))

    @command(seasons, "season-register", team=None)
    async def register(interaction: discord.Interaction, team: str) -> None:
        await bridge.command(interaction, f"/season register {team}")

    @command(seasons, "season-approve", team=None)
    async def approve(interaction: discord.Interaction, team: str) -> None:
        await bridge.command(interaction, f"/season approve {team}")

    simple(seasons, "season-order", "/season order")
    simple(seasons, "season-record", "/season record")

    @command(seasons, "season-vote", team=None, **{f"captain{n}": None for n in range(1, 10)})
    async def vote(interaction: discord.Interaction, team: str, captain1: discord.Member,
                   captain2: discord.Member, captain3: discord.Member,
                   captain4: discord.Member | None = None,
                   captain5: discord.Member | None = None,
                   captain6: discord.Member | None = None,
                   captain7: discord.Member | None = None,
                   captain8: discord.Member | None = None,
                   captain9: discord.Member | None = None) -> None:
        captains = (captain1, captain2, captain3, captain4, captain5, captain6, captain7,
                    captain8, captain9)
        voters = ", ".join(c.display_name for c in captains if c is not None)
        await bridge.command(interaction, f"/season vote {team}: {voters}", people=captains)

    @command(seasons, "season-ballot", verdict=[s.choice("verdict", v) for v in ("yes", "no")])
    async def ballot(interaction: discord.Interaction, verdict: str) -> None:
        await bridge.command(interaction, f"/season vote {verdict}")

    return root
