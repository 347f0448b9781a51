"""The untranslated messages formats render (``Msg``, ``To``, ``merge``) and what a format is
given to read a command (``CommandContext``); the roles a format plays for the service are in
``bot.formats.roles``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from bot.i18n import Translator
from bot.packages.model import Package, Question
from bot.ports import Button, MessageKind
from bot.tables import Table


class To(StrEnum):
    """Who a message is for: the game chat, the host privately (and each co-host: whoever
    holds the host's role), or one player privately."""

    GAME = "game"
    HOST = "host"
    PLAYER = "player"


@dataclass(frozen=True, slots=True)
class MsgButton:
    """A button before translation: a label key, the command it sends, and the label's
    arguments (a SYNC group's text and count)."""

    label: str
    command: str
    args: dict[str, Any] = field(default_factory=dict)

    def translated(self, t: Translator, locale: str) -> Button:
        """The button with its label in ``locale``."""
        return Button(t(self.label, locale, **self.args), self.command)


@dataclass(frozen=True, slots=True)
class Msg:
    """A message before translation: a Fluent key with its arguments and a recipient.

    ``lines`` are more (key, args) pairs translated and joined below the first, one a line;
    ``deadline`` (UTC) is the end of the time this message announces, for a live countdown;
    ``audio`` is the link of a sound the question plays (its minute starts after it);
    ``table`` is the table the text shows, as data, which the service also sends as a picture
    where the messenger can show one.

    Fewer, fuller messages keep a game chat readable and under Telegram's group limit (about
    20 a minute): a message that ``joins`` goes under the one before it for the same recipient
    among the messages of one action (``merge``), and messages with the same ``slot`` are one
    status message in the game chat, shown anew by each (an edit where the messenger can); one
    that ``joins`` with nothing to join in its action goes under its slot's last text.
    """

    to: To
    key: str
    args: dict[str, Any] = field(default_factory=dict)
    lines: tuple[tuple[str, dict[str, Any]], ...] = ()
    player: int | None = None
    kind: MessageKind = MessageKind.TEXT
    image: str | None = None
    buttons: tuple[MsgButton, ...] = ()
    deadline: datetime | None = None
    joins: bool = False
    slot: str = ""
    audio: str | None = None
    table: Table | None = None


def merge(messages: list[Msg]) -> list[Msg]:
    """The messages of one action as they are sent: each one that ``joins`` is put under the
    last earlier message for the same recipient (its key and lines become lines there; that
    message keeps its kind, picture, table and slot, and takes the joining one's deadline, buttons
    and slot when it has none); with no such message it goes alone."""
    out: list[Msg] = []
    for msg in messages:
        at = next((i for i in range(len(out) - 1, -1, -1)
                   if (out[i].to, out[i].player) == (msg.to, msg.player)), None) \
            if msg.joins else None
        if at is None:
            out.append(msg)
            continue
        base = out[at]
        out[at] = replace(base, lines=(*base.lines, (msg.key, msg.args), *msg.lines),
                          buttons=base.buttons + msg.buttons,
                          deadline=base.deadline or msg.deadline, image=base.image or msg.image,
                          slot=base.slot or msg.slot, table=base.table or msg.table)
    return out


def package_question(package: Package, index: int) -> Question:
    """``package.questions[index]`` (0-based, in package order) without building the whole
    tuple of questions, as every action of a game reads its question. Raises IndexError
    when there is no such question."""
    if index >= 0:
        for tour in package.tours:
            if index < len(tour.questions):
                return tour.questions[index]
            index -= len(tour.questions)
    return package.questions[index]


@dataclass(frozen=True, slots=True)
class CommandContext:
    """What a format needs to turn a command into an action.

    ``team_id`` looks up (or creates) a stored team by name; ``known`` maps casefolded names
    (display names and ``@username``) of the people seen in the game's chat, then on its
    platform, to ``(player id, display name)``, so the host can name a keeper who is not on a
    team; ``mentioned`` maps the casefolded text of the message's mentions (``bot.sightings``) to
    the people they name, who come before anyone else of that name; ``is_admin`` says whether
    the messenger reports the sender as an administrator of the game chat; ``sent_at`` is the
    platform's send time of the message (UTC; the service's clock when the platform gives none),
    which a written answer carries (``rules.written.HandIn``); ``zone`` gives the time zone
    of the game's chat, in which a date the sender types is read (UTC when not given).
    """

    player: int
    name: str
    state: Any
    package: Package | None
    team_id: Callable[[str], Awaitable[int]]
    known: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    mentioned: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    is_admin: bool = False
    sent_at: datetime | None = None
    zone: Callable[[], Awaitable[ZoneInfo]] = field(default=lambda: _utc())


async def _utc() -> ZoneInfo:
    return ZoneInfo("UTC")
