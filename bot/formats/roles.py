"""The roles a game format plays for the service, each a small Protocol.

A format is one value (built by ``bot.bootstrap.formats``) that plays every role: the core
``GameFormat`` (its pure decider in ``rules/``, its role table and who holds which role),
``Commands`` (a chat command to the decider's action, and the judging step), ``Presenting``
(its events and state as messages and as a view for adapters), ``LifeCycle`` (live or ended,
after the game, the clock's waits and timers) and ``Packages`` (what a question package does to a
game). ``Format`` joins them for what holds a whole format (a game in memory, the bootstrap's
table of formats); a part of the service reaches a game's format through the role it needs
(``bot.service.model.LiveGame``'s ``core``, ``commands``, ``course``, ``presenting``,
``packages``), and one given formats names the role it asks of them. No role has more
than 12 members, so each reads in one screen; TV and SYNC plug in as new values that satisfy
them, built by the bootstrap, without touching the service.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from bot.commands import Command
from bot.formats.base import CommandContext, Msg
from bot.formats.spec import CommandGroup
from bot.packages.model import Package
from bot.ports import GameView
from rules.base import Decider, Event, Rejection, Role


@runtime_checkable
class GameFormat(Protocol):
    """One game format's core as the service sees it: its name, its pure ``decider`` (the
    service folds, decides and arms timers through it; ``bot.results`` reads finished games'
    results through it), its role table ``permissions`` (action type -> the roles that may
    take it) and who holds which role in a game's state."""

    name: str
    decider: Decider[Any, Any]
    permissions: dict[type, frozenset[Role]]

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


@runtime_checkable
class Commands(Protocol):
    """How a format reads its chat commands: names, the reading of a command (or plain
    text) into the decider's action, and the judging step of a written answer."""

    commands: CommandGroup
    """The format's commands for a command picker (``bot.formats.spec``)."""

    batched: frozenset[type]
    """Action types whose events the service may store in one transaction with the actions
    taken right after them (``bot.service.batch``: a SYNC window's hand-ins); none may leave
    the game waiting for a question's delivery. Empty: every action is stored on its own."""

    def command_names(self) -> Iterable[str]:
        """Every command name this format knows."""

    def read_command(self, command: Command) -> Command:
        """``command`` as this format reads it (DUEL: a bare number ``5`` is ``pick 5``)."""

    def plain_command(self, state: Any, roles: frozenset[Role], text: str) -> bool:
        """Whether ``text`` (stripped), written alone in the game chat without the slash, is a
        command now for someone with ``roles`` (``roles_of``, which the service asks once a
        message), beyond the command names (DUEL: a bare number, ``+``)."""

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """The command names someone with ``roles`` may use, for ``help``."""

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """The action a command asks for, or a Rejection (unknown command, bad arguments).
        It only reads the command: a written answer comes unjudged (``judged``)."""

    def judged(self, action: Any, state: Any, package: Package | None) -> Any:
        """The judging step, taken once the sender may give ``action``: a written answer with
        the answer matcher's suggestion for the host (``bot.answers.prepared``) on the question
        ``state`` plays from ``package``; any other action as it is."""


@runtime_checkable
class Presenting(Protocol):
    """How a format shows a game: its events as messages, its state as a status line, a
    table, a view for adapters, and the question it waits for sent again."""

    def render(self, event: Event, before: Any, after: Any, package: Package | None
               ) -> list[Msg]:
        """The messages an event produces; ``before``/``after`` are the states around it."""

    def status(self, state: Any) -> tuple[str, dict[str, Any]]:
        """A message key and arguments describing the game now (the ``score`` command)."""

    def table(self, state: Any) -> Msg:
        """The game's table now as a message with its ``table`` data (the ``table`` command;
        sent as a picture where the messenger can)."""

    def view(self, state: Any) -> GameView:
        """What adapters may know of the game (``bot.ports.GameView``): host, people with
        their roles, teams, live or not; the service fills in the game's id, chat, locale and
        the people's platform ids."""

    def question_again(self, state: Any, package: Package | None) -> list[Msg]:
        """The messages of the question ``state`` waits for, to send it again (after a
        restart nobody knows whether it arrived)."""


@runtime_checkable
class LifeCycle(Protocol):
    """A game's course as the service follows it: opened (with what it owes the chat's
    earlier game that day), live or ended and stored as such, what it takes after it ends, and
    the clock's waits (a question's delivery, the timers, deadlines missed while the bot was
    down)."""

    day_scoped: bool
    """True when a new game owes something to the chat's earlier game of the same day in the
    chat's time zone (TV-10: the rounds lost at the central table this game day); the service
    then reads that game and passes its state to ``create``."""

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, *, earlier: Any = None) -> Event:
        """The first event of a new game, with the format's options; ``earlier`` is the
        state of the chat's newest finished game of this format played the same day there
        (only for a ``day_scoped`` format, else None)."""

    def is_live(self, state: Any) -> bool:
        """False once the game is finished or aborted."""

    def is_training(self, state: Any) -> bool:
        """True for a game played for practice, which counts in no season or rating."""

    def status_of(self, state: Any) -> str:
        """``live``, ``finished`` or ``aborted``, for storage."""

    def after_game(self, state: Any) -> dict[str, bool]:
        """The command names (aliases included) an ended game still accepts, each with
        whether it reaches the game even after a newer game was opened in its chat; empty
        while the game is live or when nothing is left to do after it."""

    def claims(self, state: Any, command: Command, player: int) -> bool:
        """Whether ``command`` from ``player`` is meant for this ended game rather than a
        newer game of its chat (or another game ``player`` plays): what ``after_game`` says of
        the command's name, or more precisely where the command itself tells (a SYNC juror's
        vote names the team whose deferred appeal it decides, SYNC-10)."""

    def awaiting_delivery(self, state: Any) -> bool:
        """True while the clock waits for the question just sent to reach the chat (its
        minute starts at the confirmed delivery, DESIGN.md, Time)."""

    def delivery_action(self, state: Any, at: datetime | None) -> Any:
        """The action reporting that the question ``state`` waits for was delivered at ``at``
        (UTC), or could not be delivered (``at`` None)."""

    def timer_action(self, name: str, deadline: datetime) -> Any:
        """The action for a fired timer."""

    def missed_deadlines_action(self) -> Any:
        """The action that handles deadlines missed while the bot was down."""


@runtime_checkable
class Packages(Protocol):
    """What a question package does to a format's game: whether it can make one, the action
    it asks of a game, and which package the game plays."""

    def package_problem(self, package: Package) -> Rejection | None:
        """Why a game of this format cannot be played on ``package`` at all, or None."""

    def package_action(self, state: Any, player: int, package_id: int, package: Package
                       ) -> Any:
        """The action ``player``'s package ``package`` (stored as ``package_id``) asks of the
        game in ``state``: the one that makes it the game's package (the decider takes it
        until the first question), a SYNC captain's team questions, or a Rejection when the
        package cannot make a game of this format (``package_problem``)."""

    def package_id(self, state: Any) -> int | None:
        """The stored package the game plays now, as its log says (the one it was opened
        with, or the one attached later), or None."""


@runtime_checkable
class Format(GameFormat, Commands, Presenting, LifeCycle, Packages, Protocol):
    """A whole format: the core and every role, for what holds one (``LiveGame.fmt``, the
    bootstrap's table of formats). It adds no member of its own."""
