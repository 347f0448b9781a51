"""A format's commands as data, for messengers with a command picker (Discord's slash
commands): which commands a format offers, grouped by who uses them, their options, and the
chat command each choice of options stands for.

A format contributes one ``CommandGroup`` (``Commands.commands``); an adapter turns it into
its platform's commands (``adapters.discord.commands`` makes one ``app_commands.Group`` of it)
without knowing the format. The core still reads chat commands: an adapter writes the chosen
options into the chat command of the first ``Form`` they fill, and passes each picked person
as a mention with their platform id (``bot.ports.Mention``), written into the text as the
platform's token for them, so the core resolves the person by id, never by display name.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

Value = str | int | bool | tuple[str, ...] | None
"""A chosen option as a form reads it: text (a number, a choice's word, the platform's token
for a person), True for a set flag, the tokens of the people of a ``MEMBERS`` option, None
when not given."""


class OptionKind(StrEnum):
    """What an option holds: one person (``MEMBER``), up to ``slots`` people (``MEMBERS``),
    a whole number 1..99 (``NUMBER``), free text (``TEXT``), one of fixed words (``CHOICE``)
    or a switch that is set or not (``FLAG``)."""

    MEMBER = "member"
    MEMBERS = "members"
    NUMBER = "number"
    TEXT = "text"
    CHOICE = "choice"
    FLAG = "flag"


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a command: its ``name`` (an identifier; a platform localises it), its
    ``kind``, whether it is ``required``, the words of a ``CHOICE``, and for ``MEMBERS`` the
    names of its ``slots`` (a picker shows one per person; the first ``required`` of them
    must be filled)."""

    name: str
    kind: OptionKind
    required: bool = False
    choices: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Form:
    """One way of writing the command in chat: ``text`` with ``{option}`` placeholders
    (``"/pick {number}"``; people are put in separated by commas). It applies when every
    option it names has a value and every ``when`` holds: ``"flag"`` for a set flag,
    ``"option=word"`` for a choice, ``"option=N"`` for exactly N people picked in a
    ``MEMBERS`` option."""

    text: str
    when: tuple[str, ...] = ()

    @property
    def fields(self) -> tuple[str, ...]:
        """The options named in ``text``."""
        return tuple(f for _, f, _, _ in string.Formatter().parse(self.text) if f)

    @property
    def words(self) -> tuple[str, ...]:
        """The command's fixed words before the first placeholder (``("best", "player")``):
        how a message that names this form finds it."""
        head = self.text.split("{", 1)[0]
        return tuple(head.lstrip("/").split())

    def applies(self, values: Mapping[str, Value]) -> bool:
        """Whether this form fits the chosen ``values`` (see ``Value``)."""
        if any(not values.get(name) for name in self.fields):
            return False
        for condition in self.when:
            name, _, word = condition.partition("=")
            value = values.get(name)
            if isinstance(value, tuple):
                value = str(len(value))
            if (value != word) if word else not value:
                return False
        return True

    def write(self, values: Mapping[str, Value]) -> str:
        """``text`` with the ``values`` put in."""
        return self.text.format_map({k: ", ".join(v) if isinstance(v, tuple) else v
                                     for k, v in values.items() if v})


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command in a picker: ``name`` (an identifier, also its place in the group), the
    chat ``command`` it writes (whose ``usage-<command>`` text is its help), its
    ``options``, and its ``forms`` tried in order (the last one, with no condition, is
    usually the bare command, which the core answers with the usage). ``private`` commands
    are sent from the person's private chat (a written answer)."""

    name: str
    command: str
    options: tuple[Option, ...] = ()
    forms: tuple[Form, ...] = ()
    private: bool = False

    @property
    def help(self) -> str:
        """The message key of the command's usage (``bot.formats`` help)."""
        return f"usage-{self.command}"

    def text(self, values: Mapping[str, Value]) -> str:
        """The chat command for the chosen ``values``: the first form that applies, with the
        values put in; ``/<command>`` when none does."""
        for form in self.forms or (Form(f"/{self.command}"),):
            if form.applies(values):
                return form.write(values)
        return f"/{self.command}"


@dataclass(frozen=True, slots=True)
class CommandGroup:
    """A format's commands (``name``: the format's, ``duel``), in ``subgroups`` by who uses
    them (``captain``, ``host``, ``keeper``: each a name and its commands)."""

    name: str
    subgroups: tuple[tuple[str, tuple[CommandSpec, ...]], ...]

    def commands(self) -> list[tuple[str, CommandSpec]]:
        """Every command with the name of its subgroup, in order."""
        return [(group, spec) for group, specs in self.subgroups for spec in specs]
