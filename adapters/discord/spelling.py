"""How a command named in a message is written on Discord: its path in the command tree.

The core's messages name chat commands (``{ CMD("answerer") }`` in the catalog, see
``bot.i18n``); on Discord each lives in ``/chgk`` or in its format's group, in the language of
the text: ``/duel капитан отвечает`` in Russian, ``/duel captain answerer`` in English, as
Discord shows the localised tree to a client in that language. A fixed word that is an option
on Discord is written as the option with its value (``/start anyway`` is
``/duel host start anyway:True``). ``slash_table`` is the one table from chat commands to the
tree that ``commands.build_commands`` builds: the fixed ``/chgk`` commands below and each
format's forms (``bot.formats.spec``); ``test_spelling`` checks both against each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from bot.formats.spec import CommandGroup, OptionKind
from bot.i18n import Translator, plain_spelling


@dataclass(frozen=True, slots=True)
class Slash:
    """A place in the tree: ``root`` (``chgk`` or a format's group), ``path`` as in
    ``discord.ftl`` keys (``captain-hint``: a subgroup and its command, or one command of the
    root), and ``option`` when a fixed word is an option there, with ``value``: a choice
    (``what``, ``minute``), ``True`` for a boolean option that is set (``anyway``), or none
    when the text goes on with the option's value (``question``, then ``N``)."""

    path: str
    option: str = ""
    value: str = ""
    root: str = "chgk"
    sub: str = ""


Table = dict[tuple[tuple[str, ...], str | None], Slash]

CHGK: Table = {
    (("newgame",), None): Slash("new"),
    (("newgame", "duel"), None): Slash("new"),
    (("newgame", "sync"), None): Slash("new", "format", "sync"),
    (("newgame", "tv"), None): Slash("new", "format", "tv"),
    (("package",), None): Slash("package", "link"),
    (("team",), None): Slash("team"),
    (("join",), None): Slash("join"),
    (("answer",), None): Slash("answer"),
    (("score",), None): Slash("score"),
    (("table",), None): Slash("table"),
    (("help",), None): Slash("help"),
    (("board",), None): Slash("board"),
    (("board", "season"), None): Slash("board", "season"),
    (("timezone",), None): Slash("timezone"),
    (("season",), None): Slash("season-standings", sub="season"),
    (("season", "create"), None): Slash("season-create", sub="season"),
    (("season", "keeper"), None): Slash("season-keeper", sub="season"),
    (("season", "register"), None): Slash("season-register", sub="season"),
    (("season", "approve"), None): Slash("season-approve", sub="season"),
    (("season", "order"), None): Slash("season-order", sub="season"),
    (("season", "record"), None): Slash("season-record", sub="season"),
    (("season", "vote"), None): Slash("season-vote", sub="season"),
    (("season", "vote", "yes"), None): Slash("season-ballot", "verdict", "yes", sub="season"),
    (("season", "vote", "no"), None): Slash("season-ballot", "verdict", "no", sub="season"),
    (("league",), None): Slash("league-standings", root="league"),
    (("league", "admin"), None): Slash("league-admin", root="league"),
    (("league", "join"), None): Slash("league-join", root="league"),
    (("league", "approve"), None): Slash("league-approve", root="league"),
    (("league", "refuse"), None): Slash("league-refuse", root="league"),
    (("league", "end"), None): Slash("league-end", root="league"),
    (("league", "members"), None): Slash("league-members", root="league"),
    (("league", "plan"), None): Slash("league-plan", root="league"),
    (("league", "days"), None): Slash("league-days", root="league"),
    (("league", "register"), None): Slash("league-register", root="league"),
    (("league", "withdraw"), None): Slash("league-withdraw", root="league"),
    (("league", "team"), None): Slash("league-team", root="league"),
    (("league", "fee"), None): Slash("league-fee", root="league"),
    (("league", "teams"), None): Slash("league-teams", root="league"),
    (("league", "move"), None): Slash("league-move", root="league"),
    (("league", "record"), None): Slash("league-record", root="league"),
    (("league", "final"), None): Slash("league-final", root="league"),
    (("league", "decline"), None): Slash("league-decline", root="league"),
    (("league", "select"), None): Slash("league-select", root="league"),
    (("league", "add"), None): Slash("league-add", root="league"),
    (("league", "best"), None): Slash("league-best", root="league"),
    (("league", "create"), None): Slash("league-create", root="league"),
    (("league", "standings"), None): Slash("league-standings", root="league"),
    (("schedule",), None): Slash("schedule-list", root="schedule"),
    (("schedule", "add"), None): Slash("schedule-add", root="schedule"),
    (("schedule", "move"), None): Slash("schedule-move", root="schedule"),
    (("schedule", "cancel"), None): Slash("schedule-cancel", root="schedule"),
}
"""The ``/chgk`` commands: chat command words (and the role giving it, when the tree files
it twice) -> its place."""


def slash_table(formats: Sequence[CommandGroup]) -> Table:
    """``CHGK`` and the places of every form of ``formats``' commands: by the form's words
    and the subgroup (the role) that has it, and by the words alone for the first subgroup
    that has them."""
    table = dict(CHGK)
    for group in formats:
        for sub, spec in group.commands():
            kinds = {o.name: o.kind for o in spec.options}
            for form in spec.forms or ():
                option = value = ""
                for condition in form.when:
                    name, _, word = condition.partition("=")
                    if kinds.get(name) is OptionKind.CHOICE:
                        option, value = name, word
                        break
                    if kinds.get(name) is OptionKind.FLAG:
                        option, value = name, "True"
                        break
                else:
                    fields = form.fields
                    if len(form.words) > 1 and fields:
                        option = fields[0]
                places = {form.words: Slash(f"{sub}-{spec.name}", option, value, group.name,
                                            sub)}
                # A choice written right after the fixed words (``/hint minute``).
                chosen = next((o for o in spec.options if form.fields and
                               o.name == form.fields[0] and o.kind is OptionKind.CHOICE), None)
                for word in chosen.choices if chosen is not None else ():
                    places[(*form.words, word)] = Slash(f"{sub}-{spec.name}", chosen.name, word,
                                                        group.name, sub)
                for words, place in places.items():
                    table.setdefault((words, sub), place)
                    table.setdefault((words, None), place)
            if not spec.forms:
                place = Slash(f"{sub}-{spec.name}", root=group.name, sub=sub)
                table.setdefault(((spec.command,), sub), place)
                table.setdefault(((spec.command,), None), place)
    return table


@cache
def _slash(formats: tuple[CommandGroup, ...]) -> Table:
    # One table per set of formats (one a process): chat command words (and the role giving
    # it, when the tree files it twice) -> its place.
    return slash_table(formats)


def slash_of(words: Sequence[str], formats: tuple[CommandGroup, ...], by: str | None = None
             ) -> Slash | None:
    """Where the chat command ``words`` (given by role ``by``) is in the tree of ``/chgk``
    and the groups of ``formats``, or None; a command several groups have is the first's."""
    key = tuple(w.casefold() for w in words)
    table = _slash(formats)
    return table.get((key, by)) or table.get((key, None))


@dataclass(frozen=True, slots=True)
class DiscordSpelling:
    """The ``bot.i18n.Spelling`` of Discord: tree paths in the localised names of
    ``discord.ftl``, in the tree of ``/chgk`` and the groups of ``formats`` (the formats'
    ``commands``, from the bootstrap). A command several formats have (``start``) is written
    as the group of ``game_format``'s (``within``: the messages of a TV game say ``/tv host
    start``), else of the first format that has it. A command missing from the tree (a test
    keeps that from happening) is written plainly rather than failing a message. Two over the
    same translator, formats and game format are equal, so the translator keeps one set of
    bundles for each."""

    t: Translator
    formats: tuple[CommandGroup, ...]
    game_format: str | None = None

    def within(self, game_format: str) -> DiscordSpelling:
        """This spelling for the messages of a game of ``game_format`` (``bot.i18n``'s
        ``spelling_within``)."""
        return replace(self, game_format=game_format)

    def __call__(self, words: Sequence[str], locale: str, by: str | None = None) -> str:
        """``/<root> <subgroup> <command>`` and the option, in ``locale``."""
        ordered = sorted(self.formats, key=lambda group: group.name != self.game_format)
        slash = slash_of(words, tuple(ordered), by)
        if slash is None:
            return plain_spelling(words, locale, by)
        names = [slash.root, *([slash.sub] if slash.sub else []), slash.path]
        text = "/" + " ".join(self.t(f"discord-cmd-{name}", locale) for name in names)
        if slash.option:
            value = slash.value if slash.value in ("", "True") else self.t(
                f"discord-choice-{slash.option}-{slash.value}", locale)
            text += f" {self.t(f'discord-param-{slash.option}', locale)}:{value}"
        return text
