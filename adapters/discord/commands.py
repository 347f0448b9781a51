"""The slash commands: ``/chgk`` for what every game shares, and one group per format built
from the format's command spec (``bot.formats.spec``), with their translation from the Fluent
catalog.

Every command is a thin callback that turns its options into the chat command the service
understands (``/duel captain pick number:3`` -> ``/pick 3``, as the spec's forms say) and
hands it to the bridge (the way back, a chat command named in a message written as its place
here, is ``spelling``); role checks are the service's (a server's ``default_permissions``
would only be a hint). Layout:

- ``/chgk new | package | team | join | answer | score | table | help | board | timezone`` for
  everyone (``board``: the link of the live scoreboard page; ``timezone``: the chat's time
  zone, which its administrators and the host change), and
  ``/chgk season standings | create | keeper | register | approve | order | record | vote |
  ballot``: the ``/season`` chat command, which works with or without a game;
- ``/league …``: the TV club league's ``/league`` chat command (``bot.league.chat``);
- ``/schedule list | add | move | cancel``: the club's calendar, the ``/schedule`` chat
  command (``bot.calendar.command``), the format a choice and the date suggested as typed;
- ``/<format> <subgroup> <command>`` from each format's ``CommandGroup``: DUEL's is
  ``/duel captain …``, ``/duel host …``, ``/duel keeper …`` (``bot.formats.duel.commands``);
  the host's subgroup also gets this adapter's own ``panel``, ``teams`` and ``voice``.

People are chosen with Discord's member picker and passed by id: the text holds the member's
Discord mention token (``<@id>``) and the bridge sends a ``Mention`` with that id alongside
(``Bridge.command(people=...)``), so the service names exactly the member picked, even one
who never wrote or one whose display name another member shares. Several people (sector 13
with three, club helpers, fair-play voters) are separated by commas.

Names and descriptions are ``locale_str`` objects carrying a ``discord.ftl`` key
(``discord-cmd-<subgroup>-<command>``: formats with a command of the same place share its
strings); the base strings Discord shows by default are in the bot's default language, and
``FluentCommandTranslator`` gives the Russian and English localisations when the tree syncs.
Base command names stay English identifiers: Discord sends them back to dispatch a command.
Discord's limits (tested in ``test_translations``): at most 25 subcommands in a group and 25
options in a command, and 8000 characters for a whole top-level command counting each name,
description and choice in its longest language.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, Optional

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from adapters.discord.bridge import Bridge
from bot.calendar.zone import zone_names
from bot.formats.spec import CommandGroup, CommandSpec, OptionKind, Value
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


def token(member: discord.abc.User) -> str:
    """The text naming a picked member in a chat command: their Discord mention, which the
    service resolves by the id it carries (``Mention``), never by display name."""
    return f"<@{member.id}>"


def tokens(*people: discord.abc.User | None) -> str:
    """The tokens of ``people`` (None skipped) separated by commas."""
    return ", ".join(token(person) for person in people if person is not None)


_KINDS: dict[OptionKind, Any] = {
    OptionKind.MEMBER: discord.Member, OptionKind.MEMBERS: discord.Member,
    OptionKind.NUMBER: app_commands.Range[int, 1, 99], OptionKind.TEXT: str,
    OptionKind.CHOICE: str, OptionKind.FLAG: bool,
}
"""The Python annotation discord.py turns into each kind of option."""


def _parameters(spec: CommandSpec) -> list[inspect.Parameter]:
    """The callback parameters of ``spec``'s options (one per slot of a ``MEMBERS``)."""
    found = []
    for option in spec.options:
        kind = _KINDS[option.kind]
        for name in option.slots or (option.name,):
            if option.required and option.kind is not OptionKind.MEMBERS:
                found.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                               annotation=kind))
            else:
                default = False if option.kind is OptionKind.FLAG else None
                found.append(inspect.Parameter(
                    name, inspect.Parameter.KEYWORD_ONLY, default=default,
                    annotation=kind if option.kind is OptionKind.FLAG else Optional[kind]))  # noqa: UP045 (discord.py reads typing.Optional)
    return found


def _values(spec: CommandSpec, given: dict[str, Any]) -> tuple[dict[str, Value], list[Any]]:
    """The values ``spec``'s forms read from the options ``given``, and the members picked."""
    values: dict[str, Value] = {}
    people: list[Any] = []
    for option in spec.options:
        if option.kind is OptionKind.MEMBERS:
            picked = [given[slot] for slot in option.slots if given.get(slot) is not None]
            people += picked
            values[option.name] = tuple(token(m) for m in picked)
            continue
        value = given.get(option.name)
        if option.kind is OptionKind.MEMBER and value is not None:
            people.append(value)
            value = token(value)
        values[option.name] = str(value) if isinstance(value, int) and \
            not isinstance(value, bool) else value
    return values, people


def build_commands(bridge: Bridge, translator: Translator, locale: str,
                   formats: Sequence[CommandGroup]) -> list[app_commands.Group]:
    """The ``/chgk`` group and one group per format's ``CommandGroup`` in ``formats`` (the
    first is the default of ``/chgk new``), every command calling into ``bridge``;
    ``locale`` is the language of the base strings (the bot's default)."""
    s = _Strings(translator, locale)
    root = app_commands.Group(name=s.name("chgk"), description=s.about("chgk"))

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

    def from_spec(group: app_commands.Group, path: str, spec: CommandSpec) -> None:
        """The command ``spec`` as ``path`` in ``group``: its options as parameters, its
        chat command written by the spec's forms."""
        async def run(interaction: discord.Interaction, **given: Any) -> None:
            values, people = _values(spec, given)
            await bridge.command(interaction, spec.text(values), private=spec.private,
                                 people=tuple(people))

        run.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                              annotation=discord.Interaction), *_parameters(spec)])
        params: dict[str, Any] = {}
        for option in spec.options:
            choices = [s.choice(option.name, v) for v in option.choices] or None
            for name in option.slots or (option.name,):
                params[name] = choices
        command(group, path, **params)(run)

    def host_features(host: app_commands.Group) -> None:
        """This adapter's own commands for the host: buttons, team channels, voice."""
        @command(host, "host-panel")
        async def panel(interaction: discord.Interaction) -> None:
            await bridge.panel(interaction)

        @command(host, "host-teams")
        async def teams(interaction: discord.Interaction) -> None:
            await bridge.channels.team_channels(interaction)

        @command(host, "host-voice", channel=None, off=None)
        async def voice(interaction: discord.Interaction,
                        channel: discord.VoiceChannel | None = None, off: bool = False
                        ) -> None:
            await bridge.voice.command(interaction, channel, off)

    groups = [root]
    for spec in formats:
        top = app_commands.Group(name=s.name(spec.name), description=s.about(spec.name))
        for sub, commands in spec.subgroups:
            group = app_commands.Group(name=s.name(sub), description=s.about(sub), parent=top)
            for one in commands:
                from_spec(group, f"{sub}-{one.name}", one)
            if sub == "host":
                host_features(group)
        groups.append(top)

    choices = [Choice(name=locale_str(f.name, key=f"discord-format-{f.name}"), value=f.name)
               for f in formats]

    @command(root, "new", format=choices)
    async def new(interaction: discord.Interaction, format: str | None = None) -> None:
        await bridge.new_game(interaction, format or formats[0].name)

    @command(root, "package", file=None, link=None)
    async def package(interaction: discord.Interaction, file: discord.Attachment | None = None,
                      link: str | None = None) -> None:
        await bridge.upload(interaction, file, link)

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
    simple(root, "table", "/table")
    simple(root, "help", "/help")

    @command(root, "board", season=None)
    async def board(interaction: discord.Interaction, season: str | None = None) -> None:
        await bridge.command(interaction, f"/board season {season}" if season else "/board")

    @command(root, "sheet")
    async def sheet(interaction: discord.Interaction) -> None:
        # The link acts as its holder: it goes to the person alone, never to the channel.
        await bridge.command(interaction, "/sheet", private=True)

    @command(root, "timezone", zone=None)
    async def timezone(interaction: discord.Interaction, zone: str | None = None) -> None:
        await bridge.command(interaction, f"/timezone {zone}" if zone else "/timezone")

    @timezone.autocomplete("zone")
    async def zones(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        return [Choice(name=name, value=name) for name in zone_names(typed)]

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
        await bridge.command(interaction, f"/season keeper {token(player)}", people=(player,))

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
        await bridge.command(interaction, f"/season vote {team}: {tokens(*captains)}",
                             people=captains)

    @command(seasons, "season-ballot", verdict=[s.choice("verdict", v) for v in ("yes", "no")])
    async def ballot(interaction: discord.Interaction, verdict: str) -> None:
        await bridge.command(interaction, f"/season vote {verdict}")

    groups.append(_league_group(s, command, bridge))
    groups.append(_schedule_group(s, command, bridge, [f.name for f in formats]))
    return groups


SUGGESTED_DAYS = 25
"""Dates ``/schedule``'s date option suggests: the next days, within Discord's 25 choices."""


async def suggest_dates(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
    """The next ``SUGGESTED_DAYS`` dates (``YYYY-MM-DD``, from the interaction's day) that
    start as ``typed``: a host picks the day rather than types it."""
    day = interaction.created_at.date()
    dates = (str(day + timedelta(days=n)) for n in range(SUGGESTED_DAYS))
    return [Choice(name=date, value=date) for date in dates if date.startswith(typed.strip())]


def _schedule_group(s: _Strings, command: Any, bridge: Bridge, formats: list[str]
                    ) -> app_commands.Group:
    """``/schedule …``: the club's calendar (``bot.calendar.command``), a top-level group;
    the format is a choice of ``formats``, the date suggested (``suggest_dates``), the time
    typed as HH:MM in the club's zone, a SYNC game's kind (SYNC-1) an optional choice."""
    schedule = app_commands.Group(name=s.name("schedule"), description=s.about("schedule"))
    choices = [Choice(name=locale_str(name, key=f"discord-format-{name}"), value=name)
               for name in formats]

    @command(schedule, "schedule-list")
    async def listing(interaction: discord.Interaction) -> None:
        await bridge.command(interaction, "/schedule")

    kinds = [s.choice("counts", kind) for kind in ("training", "qualifying", "championship")]

    @command(schedule, "schedule-add", format=choices, on=None, at=None, weekly=None,
             counts=kinds)
    @app_commands.autocomplete(on=suggest_dates)
    async def add(interaction: discord.Interaction, format: str, on: str, at: str,
                  weekly: bool = False, counts: str | None = None) -> None:
        extra = (" weekly" if weekly else "") + (f" {counts}" if counts else "")
        await bridge.command(interaction, f"/schedule {format} {on} {at}{extra}")

    @command(schedule, "schedule-move", game=None, on=None, at=None)
    @app_commands.autocomplete(on=suggest_dates)
    async def move(interaction: discord.Interaction, game: app_commands.Range[int, 1, 999],
                   on: str, at: str) -> None:
        await bridge.command(interaction, f"/schedule move {game} {on} {at}")

    @command(schedule, "schedule-cancel", game=None)
    async def cancel(interaction: discord.Interaction, game: app_commands.Range[int, 1, 999]
                     ) -> None:
        await bridge.command(interaction, f"/schedule cancel {game}")

    return schedule


def _league_group(s: _Strings, command: Any, bridge: Bridge) -> app_commands.Group:
    """``/league …``: the TV club league's chat command (``bot.league.chat``), a top-level
    group of its own (the /chgk tree is near Discord's size limit); ``command`` registers a
    callback as in ``build_commands``."""
    league = app_commands.Group(name=s.name("league"), description=s.about("league"))
    days = [s.choice("day", d) for d in ("1", "2", "3", "4", "5", "final")]
    sessions = [s.choice("session", w) for w in ("sun", "wed")]

    async def send(interaction: discord.Interaction, text: str,
                   *people: discord.Member | None) -> None:
        picked = tuple(p for p in people if p is not None)
        await bridge.command(interaction, text.strip(), people=picked)

    @command(league, "league-standings", league=None)
    async def standings(interaction: discord.Interaction, league: str | None = None) -> None:
        await send(interaction, f"/league standings {league}" if league else "/league")

    @command(league, "league-create", league=None)
    async def create(interaction: discord.Interaction, league: str) -> None:
        await send(interaction, f"/league create {league}")

    def about_person(path: str, word: str) -> None:
        @command(league, path, player=None)
        async def run(interaction: discord.Interaction, player: discord.Member) -> None:
            await send(interaction, f"/league {word} {token(player)}", player)

    for word in ("admin", "approve", "refuse", "end", "decline", "best"):
        about_person(f"league-{word}", word)

    def plain(path: str, text: str) -> None:
        @command(league, path)
        async def run(interaction: discord.Interaction) -> None:
            await send(interaction, text)

    for word in ("join", "members", "days"):
        plain(f"league-{word}", f"/league {word}")

    @command(league, "league-plan", date=None, tables=None)
    async def plan(interaction: discord.Interaction, date: str, tables: int | None = None
                   ) -> None:
        await send(interaction, f"/league plan {date} {tables if tables is not None else ''}")

    def for_session(path: str, word: str) -> None:
        @command(league, path, day=days, session=sessions, player=None)
        async def run(interaction: discord.Interaction, day: str, session: str,
                      player: discord.Member | None = None) -> None:
            who = token(player) if player is not None else ""
            await send(interaction, f"/league {word} {day} {session} {who}", player)

    for word in ("register", "withdraw"):
        for_session(f"league-{word}", word)

    @command(league, "league-team", day=days, session=sessions, team=None,
             **{f"player{n}": None for n in ("", 2, 3, 4, 5)})
    async def team(interaction: discord.Interaction, day: str, session: str, team: str,
                   player: discord.Member | None = None, player2: discord.Member | None = None,
                   player3: discord.Member | None = None, player4: discord.Member | None = None,
                   player5: discord.Member | None = None) -> None:
        people = (player, player2, player3, player4, player5)
        await send(interaction, f"/league team {day} {session} {team}: {tokens(*people)}",
                   *people)

    @command(league, "league-fee", day=days, session=sessions, payer=None, paid=None)
    async def fee(interaction: discord.Interaction, day: str, session: str, payer: str,
                  paid: bool) -> None:
        await send(interaction, f"/league fee {day} {session} {payer} {'yes' if paid else 'no'}")

    @command(league, "league-teams", day=days, session=sessions)
    async def teams(interaction: discord.Interaction, day: str, session: str) -> None:
        await send(interaction, f"/league teams {day} {session}")

    @command(league, "league-move", day=days, session=sessions, player=None, to=None)
    async def move(interaction: discord.Interaction, day: str, session: str,
                   player: discord.Member, to: int) -> None:
        await send(interaction, f"/league move {day} {session} {token(player)} {to}", player)

    @command(league, "league-record", day=days, session=sessions)
    async def record(interaction: discord.Interaction, day: str, session: str = "sun"
                     ) -> None:
        await send(interaction, "/league record final" if day == "final"
                   else f"/league record {day} {session}")

    def several(path: str, word: str) -> None:
        @command(league, path, players=None)
        async def run(interaction: discord.Interaction, players: str | None = None) -> None:
            await send(interaction, f"/league {word} {players or ''}")

    for word in ("final", "select", "add"):
        several(f"league-{word}", word)
    return league
