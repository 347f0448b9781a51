"""SYNC as the service sees it (RULES.md SYNC-1..SYNC-11): chat commands to ``rules.sync``
actions (``commands``), events to messages (``render``), and ``SyncFormat``.

A game: ``/newgame sync``, the host's ``/announce`` (with a date, or none in the console: the
game is played now), captains register their teams (``/team``) and players ``/join``; the host
starts ``/round``s and ``/ask``s questions; each team's captain (or the player the captain
names with ``/answerer``) sends the written answer to the bot privately, and gets a receipt;
after the window the hosts judge the groups by their buttons (``/accept N``, ``/reject N``);
the table follows each round; ``/endgame`` after round 2 or 3 ends it or starts the shoot-out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.answers.prepared import QuestionJudge
from bot.commands import ALWAYS, Command
from bot.formats.base import CommandContext, Msg
from bot.formats.sync.board import SyncBoard
from bot.formats.sync.commands import ALIASES, SYNC_COMMANDS, Club, commands
from bot.formats.sync.dialogue import questions_of_package
from bot.formats.sync.render import question_msg, render, table
from bot.formats.sync.sheet import SyncSheet
from bot.packages.model import Package, Question, QuestionKind
from bot.ports import GameView
from rules import sync as s
from rules.base import Event, Rejection, Role
from rules.judging import Suggestion
from rules.sync.drafts import SubmitQuestions

JUDGES_KEPT = 256
"""Prepared judges kept at most (one per question being played across the bot's games)."""


class SyncFormat:
    """The SYNC format for the service (it plays every role of ``bot.formats.roles``), built with
    the options of its games: ``discussion``, ``warning_at`` and ``hand_in`` (seconds,
    ``rules.sync.SyncConfig``), ``fee`` and ``currency`` (the club's fee per team in minor
    units, SYNC-3; none when not given: no amount is stated); others are ignored.

    ``club`` gives ``/announce`` the club's teams, last duty team and last fee (SYNC-3,
    SYNC-4); without it a game starts with no club history. The ``fee`` set wins over the
    last game's, which a club with none set carries.

    It keeps one prepared judge (``bot.answers.prepared.QuestionJudge``) per question played, so a
    window's thousands of answers cost only the matcher's comparisons."""

    name = s.FORMAT
    decider = s.SYNC
    board = SyncBoard  # its scoreboard page (bot.board.view.ShowsBoard)
    sheet = SyncSheet()  # its answer sheet and jury desk (bot.board.view.ShowsSheet)
    commands = SYNC_COMMANDS
    permissions = s.PERMISSIONS
    # A window's thousands of hand-ins are stored a batch at a time (measured in bench/).
    batched: frozenset[type] = frozenset({s.HandInAnswer})
    day_scoped = False

    def __init__(self, options: Mapping[str, Any] | None = None, *,
                 club: Club | None = None) -> None:
        fields = ("discussion", "warning_at", "hand_in")
        self.options = {k: v for k, v in (options or {}).items() if k in fields}
        fee = (options or {}).get("fee", 0), (options or {}).get("currency", "")
        self._commands = commands(self._hand_in, club, fee)
        self._judges: OrderedDict[Question, QuestionJudge] = OrderedDict()
        # By the roster's id: (roster, registration, people) of a game's latest state.
        self._people: OrderedDict[int, tuple[Any, Any, frozenset[int]]] = OrderedDict()

    def create(self, host: int, host_name: str, package_id: int | None,
               package: Package | None, *, earlier: Any = None) -> Event:
        """``GameCreated`` with the package's scored questions and the format's times (a
        SYNC game owes nothing to earlier ones: ``earlier`` is None)."""
        cfg = s.SyncConfig(**self.options)
        return s.GameCreated(host, host_name, package_id, _scored(package) if package else (),
                             cfg.discussion, cfg.warning_at, cfg.hand_in)

    def package_action(self, state: s.SyncState, player: int, package_id: int,
                       package: Package) -> SubmitQuestions | s.AttachPackage:
        """A package file a captain sends is the team's questions (SYNC-2); anyone else's
        asks to be the game's package (``AttachPackage``: the host's, until round 1 chooses
        the organisers' questions from it, SYNC-5)."""
        if Role.CAPTAIN in self.roles_of(state, player):
            return questions_of_package(player, package)
        return s.AttachPackage(player, package_id, _scored(package))

    def package_problem(self, package: Package) -> Rejection | None:
        """A package with no scored question has no organisers' questions for round 1."""
        return None if _scored(package) else Rejection("sync-package-no-questions")

    def package_id(self, state: s.SyncState) -> int | None:
        """The package of ``GameCreated``."""
        return state.package_id

    def timer_action(self, name: str, deadline: datetime) -> s.TimerFired:
        """The decider's ``TimerFired``."""
        return s.TimerFired(name, deadline)

    def missed_deadlines_action(self) -> s.MissedDeadlines:
        """The decider's ``MissedDeadlines``."""
        return s.MissedDeadlines()

    def awaiting_delivery(self, state: s.SyncState) -> bool:
        """``rules.sync.awaiting_delivery``."""
        return s.awaiting_delivery(state)

    def delivery_action(self, state: s.SyncState, at: datetime | None) -> Any:
        """``rules.sync.delivery_action``."""
        return s.delivery_action(state, at)

    def question_again(self, state: s.SyncState, package: Package | None) -> list[Msg]:
        """The question being read, as it was first posted."""
        return [] if state.current is None else [question_msg(state, state.current, package)]

    async def action_for(self, command: Command, ctx: CommandContext) -> Any:
        """Parse ``command`` into a SYNC action; unknown commands and bad arguments are
        Rejections carrying the usage key."""
        entry = self._commands.get(ALIASES.get(command.name, command.name))
        if entry is None:
            return Rejection("unknown-command", {"command": command.name})
        return await entry[1](command, ctx)

    def command_names(self) -> list[str]:
        """Every command name: the Russian aliases and the always-available ones included."""
        return [*self._commands, *ALIASES, *ALWAYS]

    def read_command(self, command: Command) -> Command:
        """Commands as parsed: SYNC has no bare-word commands."""
        return command

    def plain_command(self, state: s.SyncState, roles: frozenset[Role], text: str) -> bool:
        """Nothing written without the slash in the game chat is for the bot: the answers
        come privately (SYNC-6)."""
        return False

    def commands_for(self, roles: frozenset[Role]) -> list[str]:
        """Commands usable with ``roles``, for ``help``: each once, by its first name (an
        alias such as ``register`` for ``team`` is not listed again); ``season`` (the club's
        season of points, duty and fees) is everyone's."""
        named = {}
        for name, (action, parse) in self._commands.items():
            if roles & self.permissions.get(action, frozenset()):
                named.setdefault(parse, name)
        return [*named.values(), "score", "table", "season", "help"]

    def roles_of(self, state: s.SyncState, player: int) -> frozenset[Role]:
        """``rules.sync.roles``."""
        return s.roles(state, player)

    def people(self, state: s.SyncState) -> frozenset[int]:
        """The hosts and every registered player; the same frozenset while the roster and
        the registration are the same objects (the service asks after every event: a
        window's thousands of hand-ins change neither)."""
        reg, roster = state.registration, state.roster
        kept = self._people.get(id(state.roster))
        if kept is not None and kept[0] is roster and kept[1] is reg:
            self._people.move_to_end(id(roster))
            return kept[2]
        players = frozenset() if reg is None else frozenset(
            p for team in reg.teams.values() for p in team.members)
        people = frozenset({roster.host, *roster.cohosts}) | players
        self._people[id(roster)] = (roster, reg, people)
        if len(self._people) > JUDGES_KEPT:
            self._people.popitem(last=False)
        return people

    def host_of(self, state: s.SyncState) -> int:
        """The host's player id."""
        return state.roster.host

    def hosts(self, state: s.SyncState) -> tuple[int, ...]:
        """The host and the co-hosts (``Roster.hosts``)."""
        return state.roster.hosts()

    def is_live(self, state: s.SyncState) -> bool:
        """Not finished, not aborted."""
        return state.live

    def is_training(self, state: s.SyncState) -> bool:
        """A training game (SYNC-1) counts in no season."""
        reg = state.registration
        return reg is None or reg.kind is s.GameKind.TRAINING

    def view(self, state: s.SyncState) -> GameView:
        """The hosts and the teams with their roles, for adapters."""
        return GameView.of_roster(self.name, _RosterOf(state), state.live,
                                  lambda player: self.roles_of(state, player))

    def after_game(self, state: s.SyncState) -> dict[str, bool]:
        """A finished game still takes the jurors' votes on deferred appeals (SYNC-10), also
        after a newer game was opened in its chat where ``claims`` says the vote is for it."""
        if state.phase is not s.Phase.FINISHED or not state.appeals.open_teams:
            return {}
        return {"vote": True, "голос": True}

    def claims(self, state: s.SyncState, command: Command, player: int) -> bool:
        """A juror's vote is for this finished game, even after a newer game was opened in its
        chat, when the team it names (``/vote TEAM yes|no``) has a deferred appeal here that
        waits for this juror's vote (SYNC-10: the jury has 3 days, whatever the club plays
        meanwhile)."""
        if command.name not in ("vote", "голос") or state.phase is not s.Phase.FINISHED:
            return False
        typed = command.args.strip().casefold()
        for team_id in state.appeals.open_teams:
            appeal = state.appeals.by_team[team_id]
            team = state.team(team_id)
            if team is not None and appeal.deferred and player in appeal.waiting_for and \
                    typed.startswith(team.name.casefold()) and \
                    typed[len(team.name):len(team.name) + 1] in ("", " "):
                return True
        return False

    def status_of(self, state: s.SyncState) -> str:
        """Storage status."""
        return {s.Phase.FINISHED: "finished", s.Phase.ABORTED: "aborted"}.get(state.phase,
                                                                              "live")

    def status(self, state: s.SyncState) -> tuple[str, dict[str, Any]]:
        """Where the game is (``sync-status``)."""
        return "sync-status", {"phase": state.phase.value, "rounds": len(state.rounds),
                               "questions": len(state.asked), "teams": len(state.teams)}

    def table(self, state: s.SyncState) -> Msg:
        """The main table as it stands (``sync-table-now``, SYNC-7)."""
        return table(state, "sync-table-now", {"phase": state.phase.value})

    def render(self, event: Event, before: s.SyncState | None, after: s.SyncState,
               package: Package | None) -> list[Msg]:
        """``bot.formats.sync.render.render``."""
        return render(event, before, after, package)

    def _hand_in(self, ctx: CommandContext, text: str) -> s.HandInAnswer:
        """The written answer ``text`` of the sender's team to the question being played,
        unjudged: the suggestion and the key it is grouped by come with ``judged``."""
        state: s.SyncState = ctx.state
        team = state.player_team(ctx.player)
        return s.HandInAnswer(ctx.player, team.id if team else 0, text, ctx.sent_at,
                              text.casefold(), Suggestion.UNSURE, "suggestion-none", {})

    def judged(self, action: Any, state: s.SyncState, package: Package | None) -> Any:
        """A hand-in (``HandInAnswer``) judged by the question's prepared judge (built once
        per question, SYNC-6): its suggestion and the key it is grouped by; any other action,
        or a hand-in with no question to judge by, as it is."""
        if not isinstance(action, s.HandInAnswer):
            return action
        question = _question(state, package)
        if question is None:
            return action
        judged = self._judge(question).judge(action.text)
        return replace(action, key=judged.key, suggestion=judged.suggestion,
                       reason=judged.verdict.reason,
                       reason_args={k: str(v) for k, v in judged.verdict.args.items()})

    def _judge(self, question: Question) -> QuestionJudge:
        judge = self._judges.get(question)
        if judge is None:
            judge = self._judges[question] = QuestionJudge(question)
            if len(self._judges) > JUDGES_KEPT:
                self._judges.popitem(last=False)
        else:
            self._judges.move_to_end(question)
        return judge


def _scored(package: Package) -> tuple[int, ...]:
    """Indices into ``package.questions`` of the questions that can be played for points."""
    return tuple(i for i, q in enumerate(package.questions) if q.kind is not QuestionKind.ZERO)


def _question(state: s.SyncState, package: Package | None) -> Question | None:
    """The question being played, as the judge reads it: the package's, or the team
    question as a package question (its text, the author's answer, the accepted ones)."""
    asked = state.current
    if asked is None:
        return None
    if asked.team_question is not None and state.registration is not None:
        submitted = state.registration.questions.get(asked.team_question)
        if submitted is None:
            return None
        q = submitted.question
        return Question(0, q.text, q.answer, accepted=q.accepted, comment=q.comment or None)
    if asked.index is not None and package is not None and asked.index < len(package.questions):
        return package.questions[asked.index]
    return None


class _RosterOf:
    """The game's people as ``GameView.of_roster`` reads a roster: the hosts, the teams."""

    def __init__(self, state: s.SyncState) -> None:
        self._state = state
        self.host = state.roster.host
        self.cohosts = state.roster.cohosts
        self.keeper = None
        self.names = (self.host, *self.cohosts)
        self.teams = tuple(state.teams.values())

    @property
    def people(self) -> frozenset[int]:
        """Everyone with a role."""
        return frozenset({self.host, *self.cohosts}) | frozenset(
            p for t in self.teams for p in t.members)

    def name(self, player: int | None) -> str:
        """Display name of ``player``."""
        return self._state.name(player)
