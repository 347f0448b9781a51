"""TV as the service sees it (RULES.md TV-1..TV-6, TV-9..TV-11): chat commands to
``rules.tv`` actions (``commands``), events to messages (``render``).

The spinning top's seed is drawn here, when a command builds the action that spins it
(``StartGame`` without a team, ``SpinTop``): randomness stays out of ``rules``, and the
event records where the top stopped. The club tables' written answers and the central
answer's private suggestion are judged by one prepared ``bot.answers.prepared.QuestionJudge`` per
question, kept while the game plays it.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, ClassVar

from bot.answers.prepared import QuestionJudge
from bot.commands import ALWAYS, Command
from bot.formats.base import CommandContext, Msg
from bot.formats.tv.board import TvBoard
from bot.formats.tv.commands import ALIASES, COMMANDS, TV_COMMANDS, Seeds
from bot.formats.tv.render import (
    envelopes,
    question_msg,
    ratings_text,
    render,
    score_args,
    table_msg,
)
from bot.formats.tv.sheet import TvSheet
from bot.packages.model import Package
from bot.ports import GameView
from rules import tv
from rules.base import Event, Rejection, Role

_VERDICT_WORDS = frozenset({"+", "-"})
_JUDGES_KEPT = 32
"""Prepared judges kept at once (one per question being played or judged, per game)."""


class TvFormat:
    """The TV format for the service (it plays every role of ``bot.formats.roles``), built with
    the options of its games (``rules.tv.TvConfig`` fields: ``discussion``, ``warning_at``,
    ``target``, ``max_teams``, ``min_players``, ``max_players``; others are ignored) and
    ``seeds``, where the spinning top's seeds come from (``secrets.randbits(64)`` unless
    given: a test fixes it)."""

    name = tv.FORMAT
    decider = tv.TV
    board = TvBoard  # its scoreboard page (bot.board.view.ShowsBoard)
    sheet = TvSheet()  # the club tables' answer sheet and the desk (bot.board.view.ShowsSheet)
    commands = TV_COMMANDS
    batched: frozenset[type] = frozenset()
    day_scoped = True
    permissions: ClassVar[dict[type, frozenset[Role]]] = {
        **tv.PERMISSIONS,
        # The club answers go to judging when the host opens them (after their window).
        tv.QueueClubAnswers: frozenset({Role.HOST}),
    }

    def __init__(self, options: Mapping[str, Any] | None = None, *,
                 seeds: Seeds | None = None) -> None:
        fields = ("discussion", "warning_at", "target", "max_teams", "min_players",
                  "max_players")
        self.options = {k: v for k, v in (options or {}).items() if k in fields}
        self.seeds: Seeds = seeds or (lambda: secrets.randbits(64))
        self._judges: OrderedDict[tuple[int, int], tuple[Package, QuestionJudge]] = \
            OrderedDict()

    def judge_of(self, package: Package | None, index: int) -> QuestionJudge | None:
        """The prepared judge of ``package``'s question ``index`` (built once, then kept
        among the last ``_JUDGES_KEPT``), or None without a package or such a question."""
        if package is None or not 0 <= index < len(package.questions):
            return None
        key = (id(package), index)
        kept = self._judges.get(key)
        if kept is not None and kept[0] is package:
            self._judges.move_to_end(key)
            return kept[1]
        judge = QuestionJudge(package.questions[index])
        self._judges[key] = (package, judge)
        while len(self._judges) > _JUDGES_KEPT:
            self._judges.popitem(last=False)
        return judge

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, *, earlier: tv.TvState | None = None) -> Event:
        """``GameCreated`` with the package's ordinary questions as the envelopes (sector N
        holds the N-th; ``render.envelopes`` says which TV leaves out, and why), and the
        format's options. The game day is the day in the chat's time zone (TV-10):
        the teams that lost their round at the central table in ``earlier``, the chat's
        game played before this one that day (None: none), may sit there again only when
        the experts have 5 points or every club team has lost its round. A team is the same
        in both games by its name (``CommandContext.team_id``)."""
        cfg = tv.TvConfig(**self.options)
        lost = tv.lost_rounds(earlier) if earlier is not None else ()
        return tv.GameCreated(host, host_name, package_id, envelopes(package) if package else (),
                              cfg.discussion, cfg.warning_at, cfg.target, cfg.max_teams,
                              tv.ReturnScope.DAY, lost, cfg.min_players, cfg.max_players)

    def package_action(self, state: tv.TvState, player: int, package_id: int,
                       package: Package) -> tv.AttachPackage:
        """``AttachPackage`` with the package's ordinary questions as the envelopes
        (``render.envelopes``; the decider takes it until the top gives the first one)."""
        return tv.AttachPackage(player, package_id, envelopes(package))

    def package_problem(self, package: Package) -> Rejection | None:
        """A game may need ``2 * target - 1`` envelopes (11 for 6, TV-4), of the package's
        ordinary questions (``render.envelopes``)."""
        need = tv.TvConfig(**self.options).envelopes_needed
        count = len(envelopes(package))
        return None if count >= need else Rejection("tv-too-few-questions",
                                                    {"count": count, "need": need})

    def package_id(self, state: tv.TvState) -> int | None:
        """The package of ``GameCreated``."""
        return state.package_id

    def timer_action(self, name: str, deadline: datetime) -> tv.TimerFired:
        """The decider's ``TimerFired``."""
        return tv.TimerFired(name, deadline)

    def missed_deadlines_action(self) -> tv.MissedDeadlines:
        """The decider's ``MissedDeadlines``."""
        return tv.MissedDeadlines()

    def awaiting_delivery(self, state: tv.TvState) -> bool:
        """True in phase ``READING``: the question is sent, its minute not started."""
        return state.phase is tv.Phase.READING

    def delivery_action(self, state: tv.TvState, at: datetime | None) -> Any:
        """``QuestionDelivered`` at ``at`` (UTC), or ``QuestionNotDelivered`` with None."""
        number = state.last.sector if state.last else 0
        return tv.QuestionNotDelivered(number) if at is None else \
            tv.QuestionDelivered(number, at)

    def question_again(self, state: tv.TvState, package: Package | None) -> list[Msg]:
        """The question being read, as first posted."""
        return question_msg(state, package)

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """Parse ``command`` into a TV action (``commands``); unknown commands and bad
        arguments are Rejections carrying the usage key."""
        entry = COMMANDS.get(ALIASES.get(command.name, command.name))
        if entry is None:
            return Rejection("unknown-command", {"command": command.name})
        return await entry[1](command, ctx, self.seeds)

    def judged(self, action: Any, state: tv.TvState, package: Package | None) -> Any:
        """The judging step, by the question's prepared judge (``judge_of``): the central
        answerer's typed answer (``GiveAnswer``) with its suggestion; the club answers to
        judge (``QueueClubAnswers``, TV-5) queued, each with its key and suggestion; any
        other action, or one with no question to judge by, as it is."""
        if isinstance(action, tv.GiveAnswer) and state.current is not None:
            judge = self.judge_of(package, state.current.question_index)
            if judge is None:
                return action
            verdict = judge.judge(action.text).verdict
            return replace(action, suggestion=verdict.kind.value.lower(), reason=verdict.reason,
                           reason_args={k: str(v) for k, v in verdict.args.items()})
        if isinstance(action, tv.QueueClubAnswers):
            judge = self.judge_of(package, state.questions[action.number - 1])
            if judge is None:
                return action
            return replace(action, answers=judge.queue(state.written.answers.values()).answers)
        return action

    def command_names(self) -> list[str]:
        """Every command name, the Russian aliases and the always-available ones included."""
        return [*COMMANDS, *ALIASES, *ALWAYS]

    def read_command(self, command: Command) -> Command:
        """Commands as parsed."""
        return command

    def plain_command(self, state: tv.TvState, roles: frozenset[Role], text: str) -> bool:
        """``+`` and ``-`` from the host while the central answer waits for the verdict."""
        return text in _VERDICT_WORDS and state.phase is tv.Phase.ANSWERING and \
            bool(roles & self.permissions[tv.JudgeAnswer])

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """Commands usable with ``roles``, for ``help`` (``league``, the season's, is
        everyone's)."""
        return [name for name, (action, _) in COMMANDS.items()
                if roles & self.permissions.get(action, frozenset())] + ["score", "table",
                                                                           "league", "help"]

    def roles_of(self, state: tv.TvState, player: int) -> frozenset[Role]:
        """The roster's roles (``rules.tv.roles``)."""
        return tv.roles(state, player)

    def people(self, state: tv.TvState) -> frozenset[int]:
        """The roster's people."""
        return state.roster.people

    def host_of(self, state: tv.TvState) -> int:
        """The host's player id."""
        return state.roster.host

    def hosts(self, state: tv.TvState) -> tuple[int, ...]:
        """The host and the co-hosts (``Roster.hosts``)."""
        return state.roster.hosts()

    def is_live(self, state: tv.TvState) -> bool:
        """Not finished, not aborted (naming the best player still is)."""
        return state.phase not in (tv.Phase.FINISHED, tv.Phase.ABORTED)

    def is_training(self, state: tv.TvState) -> bool:
        """TV has no training game."""
        return False

    def view(self, state: tv.TvState) -> GameView:
        """The roster with its roles, for adapters."""
        return GameView.of_roster(self.name, state.roster, self.is_live(state),
                                  lambda player: self.roles_of(state, player))

    def claims(self, state: tv.TvState, command: Command, player: int) -> bool:
        """What ``after_game`` says of ``command``'s name: the command alone tells nothing
        more of the game it is for."""
        return self.after_game(state).get(command.name, False)

    def after_game(self, state: tv.TvState) -> dict[str, bool]:
        """After the game the host still judges the club answers (they count in the
        ratings, TV-5), and the captain may still name who answered the last question when
        the host judged it first (``rules.tv.decide``), within the game's chat only."""
        if self.is_live(state) or state.phase is tv.Phase.ABORTED:
            return {}
        names = ("clubs", "club", "клубы", "клуб")
        if state.last is not None and state.last.answerer is None:
            # The last answer was judged before the captain named who spoke (TV-2).
            names = (*names, "answerer", "отвечает")
        return dict.fromkeys(names, False)

    def status_of(self, state: tv.TvState) -> str:
        """Storage status."""
        return {tv.Phase.FINISHED: "finished", tv.Phase.ABORTED: "aborted"}.get(
            state.phase, "live")

    def status(self, state: tv.TvState) -> tuple[str, dict[str, Any]]:
        """The score of experts against viewers, the central team and every player's rating
        of the game (``tv-score``, TV-5, TV-6)."""
        return "tv-score", {**score_args(state), "ratings": ratings_text(state)}

    def table(self, state: tv.TvState) -> Msg:
        """The rounds played with the score and the ratings (``tv-table``)."""
        return table_msg(state)

    def render(self, event: Event, before: tv.TvState | None, after: tv.TvState,
               package: Package | None) -> list[Msg]:
        """The messages for one TV event (``render``)."""
        return render(event, before, after, package)


__all__ = ["TvFormat"]
