"""DUEL as the service sees it: chat commands to ``rules.duel`` actions, events to messages.

Commands (with their Russian aliases in ``bot.commands`` and ``commands.ALIASES``): ``team``,
``join``, ``captain``, ``keeper``, ``cohost``, ``takeover``, ``questions``, ``mark``, ``start``,
``pick`` (or a bare number), ``repay``, ``sector``, ``early``, ``extra``, ``hint``, ``helpers``,
``agree``, ``disagree``, ``credit``, ``decisive``, ``pause``, ``resume``, ``answerer``,
``answer``, ``accept``, ``reject``, ``appeal``, ``uphold``, ``overturn``, ``challenge``,
``best``, ``closevote``, ``abort``. A command whose arguments are a fixed set of words (or
none) answers anything else with its usage: ``/start nonsense`` does not start a game. The
host's verdict (``accept``, ``reject``, typed as ``+``/``-``) may carry a remark after it.
The answer's suggested verdict comes from ``bot.answers`` (for a blitz, against the current
mini-question) and goes to the host only. ``season`` is a chat command outside any game,
registered by the bootstrap (``bot.season``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.commands import ALWAYS, Command, is_number
from bot.formats.base import CommandContext, Msg
from bot.formats.duel.board import DuelBoard
from bot.formats.duel.commands import ALIASES, COMMANDS, DUEL_COMMANDS, judged
from bot.formats.duel.messages import (
    _chosen_lines,
    _part_msg,
    _question,
    _question_msg,
    _score_args,
    _stay_line,
    table_msg,
)
from bot.formats.duel.render import render
from bot.packages.model import Package, QuestionKind
from bot.ports import GameView
from rules import duel as d
from rules.base import Event, Rejection, Role

_VERDICT_WORDS = frozenset({"+", "-"})
"""The verdict in one character (``bot.commands.ALIASES``: accept, reject)."""

_STATUS = {d.Phase.FINISHED: "finished", d.Phase.ABORTED: "aborted"}
"""The storage status of a game in each phase that ends it (any other: ``live``)."""

_VOTE_ACTIONS = frozenset({d.VoteBestQuestion, d.VoteBestPlayer, d.CloseVote})
"""The after-game vote's actions: they reach a finished game even after its chat opened the
next one (DUEL-3.9)."""


class DuelFormat:
    """The DUEL format for the service (it plays every role of ``bot.formats.roles``), built
    with the options of its games: ``discussion``, ``warning_at`` (seconds) and ``min_players``
    (``rules.duel.DuelConfig``; others are ignored, the config's defaults stand for those not
    given)."""

    name = d.FORMAT
    decider = d.DUEL
    board = DuelBoard()  # its scoreboard page (bot.board.view.ShowsBoard)
    commands = DUEL_COMMANDS
    permissions = d.PERMISSIONS
    batched: frozenset[type] = frozenset()
    day_scoped = False

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = {k: v for k, v in (options or {}).items()
                        if k in d.DuelConfig.__dataclass_fields__}

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, *, earlier: Any = None) -> Event:
        """``GameCreated`` with the package's scored questions and what it labels, and the
        format's options (a DUEL game owes nothing to earlier ones: ``earlier`` is None)."""
        scored = _scored(package) if package else ()
        facts = package_facts(package) if package else d.Facts()
        cfg = d.DuelConfig(**self.options)
        return d.GameCreated(host, host_name, package_id, scored, cfg.discussion, cfg.warning_at,
                             cfg.target, cfg.set_size, cfg.min_players, facts.pictures,
                             facts.triples, facts.blitzes, facts.superblitzes, facts.sectors13)

    def package_action(self, state: d.DuelState, player: int, package_id: int,
                       package: Package) -> d.AttachPackage:
        """``AttachPackage`` with the package's scored questions and what it labels (the
        decider takes it in the lobby, before the first question, DUEL-4.1)."""
        return d.AttachPackage(player, package_id, _scored(package), package_facts(package))

    def package_problem(self, package: Package) -> Rejection | None:
        """A package with no question to play for points cannot make any DUEL game; fewer
        than 12 (DUEL-4.1) still make a training game, so ``/start`` refuses those, not
        this."""
        return None if _scored(package) else Rejection("duel-package-no-questions")

    def package_id(self, state: d.DuelState) -> int | None:
        """The package of ``GameCreated`` or of the latest ``PackageAttached``."""
        return state.package_id

    def timer_action(self, name: str, deadline: datetime) -> d.TimerFired:
        """The decider's ``TimerFired``."""
        return d.TimerFired(name, deadline)

    def missed_deadlines_action(self) -> d.MissedDeadlines:
        """The decider's ``MissedDeadlines``."""
        return d.MissedDeadlines()

    def awaiting_delivery(self, state: d.DuelState) -> bool:
        """True in phase ``READING``: the question is sent, its clock not started (DUEL-3.4)."""
        return state.phase is d.Phase.READING

    def delivery_action(self, state: d.DuelState, at: datetime | None
                        ) -> d.QuestionDelivered | d.QuestionNotDelivered:
        """``QuestionDelivered`` at ``at``, or ``QuestionNotDelivered`` when ``at`` is None,
        for the question (or mini-question) ``state`` is reading."""
        number = state.current or 0
        if at is None:
            return d.QuestionNotDelivered(number, state.part)
        return d.QuestionDelivered(number, state.part, at)

    def question_again(self, state: d.DuelState, package: Package | None) -> list[Msg]:
        """The question (or mini-question) being read, as it was first posted."""
        q = _question(package, state, state.current or 0)
        if q is None:
            return []
        if state.part is not None:
            return [_part_msg(q, state.current, state.part)]
        if state.sector13 is not None:
            return [_question_msg(q, state.current, [_stay_line(state)])]
        return [_question_msg(q, state.current, _chosen_lines(state))]

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """Parse ``command`` into a DUEL action; unknown commands and bad arguments are
        Rejections carrying the usage key."""
        entry = COMMANDS.get(ALIASES.get(command.name, command.name))
        if entry is None:
            return Rejection("unknown-command", {"command": command.name})
        return await entry[1](command, ctx)

    def judged(self, action: Any, state: d.DuelState, package: Package | None) -> Any:
        """``bot.formats.duel.commands.judged``: a written answer with its suggestion."""
        return judged(action, state, package)

    def command_names(self) -> list[str]:
        """Every command name: the Russian aliases and the always-available ones included."""
        return [*COMMANDS, *ALIASES, *ALWAYS]

    def read_command(self, command: Command) -> Command:
        """A bare number is the captain's pick (DUEL-4.1: the captain sends numbers in the
        chat): ``5`` is ``pick 5``; other commands are as parsed."""
        if is_number(command.name) and not command.args:
            return Command("pick", command.name)
        return command

    def plain_command(self, state: d.DuelState, roles: frozenset[Role], text: str) -> bool:
        """A bare number, from anyone: the captain's pick (DUEL-4.1: the captain sends numbers
        in the chat; anyone else is told who picks). ``+`` and ``-`` for whoever may judge (the
        host, a co-host) while an answer waits for the verdict (DUEL-3.7): the host's quickest
        way to judge in the chat. At any other time, and from anyone else, they are table
        talk."""
        if is_number(text):
            return True
        return text in _VERDICT_WORDS and state.phase is d.Phase.JUDGING and \
            bool(roles & self.permissions[d.JudgeAnswer])

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """Commands usable with ``roles``, for ``help`` (``season`` is everyone's)."""
        return [name for name, (action, _) in COMMANDS.items()
                if roles & self.permissions.get(action, frozenset())] + ["score", "table",
                                                                           "season", "help"]

    def roles_of(self, state: d.DuelState, player: int) -> frozenset[Role]:
        """Roles from the roster; club helpers of the current question are helpers
        (``rules.duel.roles``)."""
        return d.roles(state, player)

    def people(self, state: d.DuelState) -> frozenset[int]:
        """The roster's people and the club helpers; without helpers the roster's own
        frozenset, the same object while the roster is (the service's index then sees at
        once that nobody changed)."""
        people = state.roster.people
        return people | frozenset(state.helpers) if state.helpers else people

    def host_of(self, state: d.DuelState) -> int:
        """The host's player id."""
        return state.roster.host

    def hosts(self, state: d.DuelState) -> tuple[int, ...]:
        """The host and the co-hosts (``Roster.hosts``)."""
        return state.roster.hosts()

    def is_live(self, state: d.DuelState) -> bool:
        """Not finished, not aborted."""
        return state.live

    def is_training(self, state: d.DuelState) -> bool:
        """Started with ``/start training`` (DUEL-2.2: outside any season)."""
        return state.training

    def view(self, state: d.DuelState) -> GameView:
        """The roster and the club helpers with their roles (``roles_of``), for adapters."""
        return GameView.of_roster(self.name, state.roster, state.live,
                                  lambda player: self.roles_of(state, player), state.helpers)

    def claims(self, state: d.DuelState, command: Command, player: int) -> bool:
        """What ``after_game`` says of ``command``'s name: the command alone tells nothing
        more of the game it is for."""
        return self.after_game(state).get(command.name, False)

    def after_game(self, state: d.DuelState) -> dict[str, bool]:
        """The commands a finished game still accepts (``rules.duel.after_game_actions``),
        each with whether it reaches the game after a newer one opened in its chat: the
        vote's do (DUEL-3.9), an appeal of the deciding verdict does not (the chat moved on)."""
        open_ = d.after_game_actions(state)
        names = {name: action in _VOTE_ACTIONS for name, (action, _) in COMMANDS.items()
                 if action in open_}
        return {**names, **{alias: names[name] for alias, name in ALIASES.items()
                            if name in names}}

    def status_of(self, state: d.DuelState) -> str:
        """Storage status."""
        return _STATUS.get(state.phase, "live")

    def status(self, state: d.DuelState) -> tuple[str, dict[str, Any]]:
        """The score line (``duel-score``)."""
        return "duel-score", _score_args(state)

    def table(self, state: d.DuelState) -> Msg:
        """The questions played with their verdicts and the score (``duel-table``)."""
        return table_msg(state)

    def render(self, event: Event, before: d.DuelState | None, after: d.DuelState,
               package: Package | None) -> list[Msg]:
        """The messages for one DUEL event."""
        return render(event, before, after, package)


def _scored(package: Package) -> tuple[int, ...]:
    """Indices into ``package.questions`` of the questions that can be played for points."""
    return tuple(i for i, q in enumerate(package.questions) if q.kind is not QuestionKind.ZERO)


def package_facts(package: Package) -> d.Facts:
    """What ``package`` says about its scored questions (DUEL-4.2): pictures, three-part
    questions and how they are labelled, and sector 13 labels ("13-й сектор" at the start of
    the text or in a host note, or the SECTOR13 kind)."""
    pictures, triples, blitzes, superblitzes, sectors13 = [], [], [], [], []
    for i, q in enumerate(package.questions):
        if q.kind is QuestionKind.ZERO:
            continue
        if q.picture:
            pictures.append(i)
        if len(q.parts) == d.PARTS:
            triples.append(i)
            if q.kind is QuestionKind.BLITZ:
                blitzes.append(i)
            elif q.kind is QuestionKind.SUPERBLITZ:
                superblitzes.append(i)
        elif q.for_sector13:
            sectors13.append(i)
    return d.Facts(tuple(pictures), tuple(triples), tuple(blitzes), tuple(superblitzes),
                   tuple(sectors13))


__all__ = ["ALIASES", "COMMANDS", "DUEL_COMMANDS", "DuelFormat", "package_facts"]
