"""What the service needs from a format, and the untranslated messages formats render.

A format joins three things: the pure decider in ``rules/`` (its ``Decider`` value: decide,
evolve, timers, result; and its permissions), the mapping from chat commands to the decider's
actions, and the rendering of its events as messages. The service calls nothing else, so TV and
SYNC plug in as new ``GameFormat`` values, built by the bootstrap, without touching it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from bot.commands import Command
from bot.formats.spec import CommandGroup
from bot.i18n import Translator
from bot.packages.model import Package, Question
from bot.ports import Button, GameView, MessageKind
from bot.tables import Table
from rules.base import Decider, Event, Rejection, Role


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


class GameFormat(Protocol):
    """One game format as the service sees it: a value holding its options (built by
    ``bot.bootstrap.formats``), its pure ``decider`` (the service folds, decides and arms
    timers through it; ``bot.results`` reads finished games' results through it) and its role
    table ``permissions`` (action type -> the roles that may take it)."""

    name: str
    decider: Decider[Any, Any]
    permissions: dict[type, frozenset[Role]]
    commands: CommandGroup
    """The format's commands for a command picker (``bot.formats.spec``)."""
    batched: frozenset[type]
    """Action types whose events the service may store in one transaction with the actions
    taken right after them (``bot.service.batch``: a SYNC window's hand-ins); none may leave
    the game waiting for a question's delivery. Empty: every action is stored on its own."""
    day_scoped: bool
    """True when a new game owes something to the chat's earlier game of the same day in the
    chat's time zone (TV-10: the rounds lost at the central table this game day); the service
    then reads that game and passes its state to ``create``."""

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, *, earlier: Any = None) -> Event:
        """The first event of a new game, with the format's options; ``earlier`` is the
        state of the chat's newest finished game of this format played the same day there
        (only for a ``day_scoped`` format, else None)."""

    def package_action(self, state: Any, player: int, package_id: int, package: Package
                       ) -> Any:
        """The action ``player``'s package ``package`` (stored as ``package_id``) asks of the
        game in ``state``: the one that makes it the game's package (the decider takes it
        until the first question), a SYNC captain's team questions, or a Rejection when the
        package cannot make a game of this format (``package_problem``)."""

    def package_problem(self, package: Package) -> Rejection | None:
        """Why a game of this format cannot be played on ``package`` at all, or None."""

    def package_id(self, state: Any) -> int | None:
        """The stored package the game plays now, as its log says (the one it was opened
        with, or the one attached later), or None."""

    def timer_action(self, name: str, deadline: datetime) -> Any:
        """The action for a fired timer."""

    def missed_deadlines_action(self) -> Any:
        """The action that handles deadlines missed while the bot was down."""

    def awaiting_delivery(self, state: Any) -> bool:
        """True while the clock waits for the question just sent to reach the chat (its
        minute starts at the confirmed delivery, DESIGN.md, Time)."""

    def delivery_action(self, state: Any, at: datetime | None) -> Any:
        """The action reporting that the question ``state`` waits for was delivered at ``at``
        (UTC), or could not be delivered (``at`` None)."""

    def question_again(self, state: Any, package: Package | None) -> list[Msg]:
        """The messages of the question ``state`` waits for, to send it again (after a
        restart nobody knows whether it arrived)."""

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """The action a command asks for, or a Rejection (unknown command, bad arguments).
        It only reads the command: a written answer comes unjudged (``judged``)."""

    def judged(self, action: Any, state: Any, package: Package | None) -> Any:
        """The judging step, taken once the sender may give ``action``: a written answer with
        the answer matcher's suggestion for the host (``bot.answers.prepared``) on the question
        ``state`` plays from ``package``; any other action as it is."""

    def command_names(self) -> Iterable[str]:
        """Every command name this format knows."""

    def read_command(self, command: Command) -> Command:
        """``command`` as this format reads it (DUEL: a bare number ``5`` is ``pick 5``)."""

    def plain_command(self, state: Any, player: int, text: str) -> bool:
        """Whether ``text`` (stripped), written alone in the game chat without the slash, is a
        command for ``player`` now, beyond the command names (DUEL: a bare number, ``+``)."""

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """The command names someone with ``roles`` may use, for ``help``."""

    def roles_of(self, state: Any, player: int) -> frozenset[Role]:
        """The player's roles in this game."""

    def people(self, state: Any) -> frozenset[int]:
        """Every player to whom ``roles_of`` gives a role other than spectator (more is
        allowed: the service checks ``roles_of`` again)."""

    def host_of(self, state: Any) -> int:
        """The host's player id."""

    def hosts(self, state: Any) -> tuple[int, ...]:
        """Who gets the host's private messages (``To.HOST``): ``host_of``, then everyone
        else of ``people`` to whom ``roles_of`` gives ``Role.HOST`` (co-hosts), in id order;
        read from the roster instead of asking every person (a SYNC game has
        thousands)."""

    def is_live(self, state: Any) -> bool:
        """False once the game is finished or aborted."""

    def is_training(self, state: Any) -> bool:
        """True for a game played for practice, which counts in no season or rating."""

    def view(self, state: Any) -> GameView:
        """What adapters may know of the game (``bot.ports.GameView``): host, people with
        their roles, teams, live or not; the service fills in the game's id, chat, locale and
        the people's platform ids."""

    def after_game(self, state: Any) -> dict[str, bool]:
        """The command names (aliases included) an ended game still accepts, each with
        whether it reaches the game even after a newer game was opened in its chat; empty
        while the game is live or when nothing is left to do after it."""

    def claims(self, state: Any, command: Command, player: int) -> bool:
        """Whether ``command`` from ``player`` is meant for this ended game rather than a
        newer game of its chat (or another game ``player`` plays): what ``after_game`` says of
        the command's name, or more precisely where the command itself tells (a SYNC juror's
        vote names the team whose deferred appeal it decides, SYNC-10)."""

    def status_of(self, state: Any) -> str:
        """``live``, ``finished`` or ``aborted``, for storage."""

    def status(self, state: Any) -> tuple[str, dict[str, Any]]:
        """A message key and arguments describing the game now (the ``score`` command)."""

    def table(self, state: Any) -> Msg:
        """The game's table now as a message with its ``table`` data (the ``table`` command;
        sent as a picture where the messenger can)."""

    def render(self, event: Event, before: Any, after: Any, package: Package | None
               ) -> list[Msg]:
        """The messages an event produces; ``before``/``after`` are the states around it."""
