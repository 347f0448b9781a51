"""DUEL: the online series format, one team against the host, to 6 points (RULES.md DUEL-*).

This decider covers the basic flow: the captain picks a question by number (DUEL-4.1), one
minute of discussion with a signal 10 s before the end and at the end (DUEL-3.4, 3.4.2), pause
and resume by the host (DUEL-3.4.1), the captain names the answering player (DUEL-3.5), the host
judges (DUEL-3.7), appeals to the keeper during the game (DUEL-3.7), +1 to the team or the host
(DUEL-3.8), and after 6 points the team's vote for the best question and best player (DUEL-3.9).

The special questions, early answer, hints, credit minute and decisive round (DUEL-4.2, 5, 6.4)
plug in as more actions and events on the same phases: the clock is one ``Clock`` value with
absolute deadlines, so extra minutes are a new deadline, not a new mechanism.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from rules.base import Event, Rejection, Role, event
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    Roster,
    RosterAction,
    TakeOverHost,
    Team,
    decide_roster,
    evolve_roster,
)

FORMAT = "duel"


class Phase(StrEnum):
    """Where a DUEL game is. ``DISCUSSION`` covers a paused clock too (see ``Clock.paused``)."""

    LOBBY = "lobby"
    CHOOSING = "choosing"
    DISCUSSION = "discussion"
    NAMING = "naming"
    ANSWERING = "answering"
    JUDGING = "judging"
    VOTING = "voting"
    FINISHED = "finished"
    ABORTED = "aborted"


class Side(StrEnum):
    """The two sides of a DUEL game (DUEL-3.8)."""

    TEAM = "team"
    HOST = "host"


@dataclass(frozen=True, slots=True)
class DuelConfig:
    """Settings of one DUEL game; times in seconds.

    ``warning_at`` is when the 10-seconds-left signal sounds, counted from the start of
    discussion (DUEL-3.4.2); ``min_players`` is DUEL-2.2's team size.
    """

    discussion: float = 60.0
    warning_at: float = 50.0
    target: int = 6
    set_size: int = 12
    min_players: int = 6


@dataclass(frozen=True, slots=True)
class Clock:
    """The discussion clock: absolute UTC deadlines while running, the time left while paused."""

    ends_at: datetime | None
    warning_at: datetime | None
    remaining: float | None = None
    warned: bool = False

    @property
    def paused(self) -> bool:
        """True while the clock is stopped (DUEL-3.4.1)."""
        return self.remaining is not None


@dataclass(frozen=True, slots=True)
class Played:
    """One question already judged: its number in the set, the verdict, the appeal."""

    number: int
    correct: bool
    answer: str
    appealed: bool = False


@dataclass(frozen=True, slots=True)
class DuelState:
    """The whole state of a DUEL game, a fold of its events.

    ``scored`` lists the package indices (0-based, into ``Package.questions``) of the
    package's scored questions; ``questions`` is the game's set of 12 in set order, so set
    number N is ``questions[N - 1]``.
    """

    config: DuelConfig
    roster: Roster
    package_id: int | None
    scored: tuple[int, ...]
    questions: tuple[int, ...] = ()
    phase: Phase = Phase.LOBBY
    current: int | None = None
    clock: Clock | None = None
    answerer: int | None = None
    answer: str | None = None
    played: tuple[Played, ...] = ()
    appeal_pending: bool = False
    best_question: int | None = None
    best_player: int | None = None
    winner: Side | None = None

    @property
    def team(self) -> Team | None:
        """The playing team, or None before one registers."""
        return self.roster.teams[0] if self.roster.teams else None

    @property
    def score(self) -> tuple[int, int]:
        """(team points, host points) from the judged questions (DUEL-3.8)."""
        team = sum(1 for p in self.played if p.correct)
        return team, len(self.played) - team

    @property
    def live(self) -> bool:
        """True until the game is finished or aborted."""
        return self.phase not in (Phase.FINISHED, Phase.ABORTED)

    def best_question_candidates(self) -> tuple[int, ...]:
        """Set numbers the team did not answer, among those played (DUEL-3.9)."""
        return tuple(p.number for p in self.played if not p.correct)

    def current_question_index(self) -> int | None:
        """Package index of the question being played, or None."""
        return self.questions[self.current - 1] if self.current else None


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttachPackage:
    """The host gives the game its package: ``scored`` lists its scored questions' indices."""

    by: int
    package_id: int
    scored: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SelectQuestions:
    """The host picks the game's set: positions (1-based) among the package's scored questions."""

    by: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartGame:
    """The host starts the game; ``force`` starts with fewer than 6 players (DUEL-2.2, 8.1)."""

    by: int
    force: bool = False


@dataclass(frozen=True, slots=True)
class PickQuestion:
    """The captain chooses the next question by its number in the set (DUEL-4.1)."""

    by: int
    number: int


@dataclass(frozen=True, slots=True)
class PauseClock:
    """The host stops the discussion clock (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """The host restarts a stopped clock with the time that was left (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class NameAnswerer:
    """The captain names the player who answers (DUEL-3.5)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class GiveAnswer:
    """The named player's answer, with the bot's suggested verdict for the host.

    ``suggestion`` is "accept", "reject" or "unsure"; ``reason`` the matcher's reason key and
    ``reason_args`` its arguments, shown to the host.
    """

    by: int
    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class JudgeAnswer:
    """The host's verdict on the answer (DUEL-3.7)."""

    by: int
    correct: bool


@dataclass(frozen=True, slots=True)
class FileAppeal:
    """The captain appeals the last verdict to the keeper (DUEL-3.7)."""

    by: int


@dataclass(frozen=True, slots=True)
class DecideAppeal:
    """The keeper upholds or overturns the last verdict; with no appeal filed, ``overturn``
    is the keeper's own challenge (DUEL-3.7)."""

    by: int
    overturn: bool


@dataclass(frozen=True, slots=True)
class VoteBestQuestion:
    """The team's choice of the best question among those it did not answer (DUEL-3.9)."""

    by: int
    number: int


@dataclass(frozen=True, slots=True)
class VoteBestPlayer:
    """The team's choice of its best player (DUEL-3.9)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class AbortGame:
    """The host ends the game without a result."""

    by: int


@dataclass(frozen=True, slots=True)
class TimerFired:
    """A scheduled deadline arrived; ``name`` is a key of ``timers(state)``."""

    name: str
    deadline: datetime


@dataclass(frozen=True, slots=True)
class MissedDeadlines:
    """The bot was down past a deadline: pause and let the host resume (DESIGN.md, Time)."""


Action = (
    RosterAction | AttachPackage | SelectQuestions | StartGame | PickQuestion | PauseClock
    | ResumeClock | NameAnswerer | GiveAnswer | JudgeAnswer | FileAppeal | DecideAppeal
    | VoteBestQuestion | VoteBestPlayer | AbortGame | TimerFired | MissedDeadlines
)

_ANYONE = frozenset(Role)
_HOSTS = frozenset({Role.HOST})
_CAPTAIN = frozenset({Role.CAPTAIN})

PERMISSIONS: dict[type, frozenset[Role]] = {
    RegisterTeam: frozenset({Role.SPECTATOR, Role.KEEPER}),
    JoinTeam: frozenset({Role.SPECTATOR}),
    HandOverCaptaincy: frozenset({Role.CAPTAIN, Role.HOST}),
    NameKeeper: _HOSTS,
    NameCoHost: _HOSTS,
    TakeOverHost: _ANYONE,
    AttachPackage: _HOSTS,
    SelectQuestions: _HOSTS,
    StartGame: _HOSTS,
    PickQuestion: _CAPTAIN,
    PauseClock: _HOSTS,
    ResumeClock: _HOSTS,
    NameAnswerer: _CAPTAIN,
    GiveAnswer: frozenset({Role.PLAYER}),
    JudgeAnswer: _HOSTS,
    FileAppeal: _CAPTAIN,
    DecideAppeal: frozenset({Role.KEEPER}),
    VoteBestQuestion: _CAPTAIN,
    VoteBestPlayer: _CAPTAIN,
    AbortGame: _HOSTS,
}
"""Which roles may take each action (DESIGN.md: one table of role -> allowed actions).

Timer and recovery actions come from the service itself and are not in the table."""


# --- events --------------------------------------------------------------------------------


@event("duel.created")
@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    """The host opened a DUEL game on a package (``scored``: the package's scored indices)."""

    host: int
    host_name: str
    package_id: int | None
    scored: tuple[int, ...]
    discussion: float
    warning_at: float
    target: int
    set_size: int
    min_players: int


@event("duel.package_attached")
@dataclass(frozen=True, slots=True)
class PackageAttached(Event):
    """The game now plays this package; an earlier selection of questions is dropped."""

    package_id: int
    scored: tuple[int, ...]


@event("duel.questions_selected")
@dataclass(frozen=True, slots=True)
class QuestionsSelected(Event):
    """The host chose the game's set (package indices, in set order)."""

    questions: tuple[int, ...]


@event("duel.started")
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game began with this set of questions (package indices, in set order)."""

    questions: tuple[int, ...]


@event("duel.question_chosen")
@dataclass(frozen=True, slots=True)
class QuestionChosen(Event):
    """The captain chose set number ``number``; the bot reads it out (DUEL-3.6, 4.1)."""

    number: int
    question_index: int


@event("duel.discussion_started")
@dataclass(frozen=True, slots=True)
class DiscussionStarted(Event):
    """The minute began; deadlines are absolute UTC (DUEL-3.4)."""

    ends_at: datetime
    warning_at: datetime


@event("duel.warning")
@dataclass(frozen=True, slots=True)
class WarningSignalled(Event):
    """Ten seconds of discussion left (DUEL-3.4.2)."""


@event("duel.discussion_ended")
@dataclass(frozen=True, slots=True)
class DiscussionEnded(Event):
    """Time: no more discussion; the captain names the answerer (DUEL-3.4.2, 3.5)."""


@event("duel.clock_paused")
@dataclass(frozen=True, slots=True)
class ClockPaused(Event):
    """The clock stopped with ``remaining`` seconds left; ``reason`` is "host" or "downtime"."""

    remaining: float
    reason: str


@event("duel.clock_resumed")
@dataclass(frozen=True, slots=True)
class ClockResumed(Event):
    """The clock runs again with new absolute deadlines (``warning_at`` None if already past)."""

    ends_at: datetime
    warning_at: datetime | None


@event("duel.answerer_named")
@dataclass(frozen=True, slots=True)
class AnswererNamed(Event):
    """The captain named the answering player (DUEL-3.5)."""

    player: int


@event("duel.answer_given")
@dataclass(frozen=True, slots=True)
class AnswerGiven(Event):
    """The named player answered; the bot's suggestion goes to the host."""

    player: int
    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@event("duel.judged")
@dataclass(frozen=True, slots=True)
class AnswerJudged(Event):
    """The host's verdict on set number ``number`` (DUEL-3.7, 3.8)."""

    number: int
    correct: bool


@event("duel.appeal_filed")
@dataclass(frozen=True, slots=True)
class AppealFiled(Event):
    """The captain appealed the verdict on ``number`` to the keeper (DUEL-3.7)."""

    number: int


@event("duel.appeal_decided")
@dataclass(frozen=True, slots=True)
class AppealDecided(Event):
    """The keeper's decision on ``number``; ``own`` when the keeper challenged unasked."""

    number: int
    overturned: bool
    own: bool = False


@event("duel.won")
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A side reached the target score; the team votes next (DUEL-3.8, 3.9)."""

    winner: Side


@event("duel.reopened")
@dataclass(frozen=True, slots=True)
class GameReopened(Event):
    """An overturned verdict took the winner below the target: play goes on (DUEL-3.7)."""


@event("duel.best_question")
@dataclass(frozen=True, slots=True)
class BestQuestionVoted(Event):
    """The team's best question (DUEL-3.9)."""

    number: int


@event("duel.best_player")
@dataclass(frozen=True, slots=True)
class BestPlayerVoted(Event):
    """The team's best player (DUEL-3.9)."""

    player: int


@event("duel.finished")
@dataclass(frozen=True, slots=True)
class GameFinished(Event):
    """The game is over; no appeals after this (DUEL-3.7)."""

    winner: Side
    team_score: int
    host_score: int


@event("duel.aborted")
@dataclass(frozen=True, slots=True)
class GameAborted(Event):
    """The host ended the game without a result."""


# --- the decider ---------------------------------------------------------------------------


def initial_state(created: GameCreated) -> DuelState:
    """The state right after ``GameCreated``."""
    config = DuelConfig(
        discussion=created.discussion,
        warning_at=created.warning_at,
        target=created.target,
        set_size=created.set_size,
        min_players=created.min_players,
    )
    roster = Roster(host=created.host, names={created.host: created.host_name})
    return DuelState(config=config, roster=roster, package_id=created.package_id,
                     scored=created.scored)


def timers(state: DuelState) -> dict[str, datetime]:
    """The deadlines that must be armed now, by name: "warning" and "end" while the clock runs."""
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None or clock.paused:
        return {}
    due: dict[str, datetime] = {"end": clock.ends_at}
    if not clock.warned and clock.warning_at is not None:
        due["warning"] = clock.warning_at
    return due


def decide(state: DuelState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments.
    """
    if not state.live and not isinstance(action, TimerFired | MissedDeadlines):
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameKeeper() | NameCoHost() \
                | TakeOverHost():
            return decide_roster(state.roster, action, max_teams=1,
                                 open_=state.phase is Phase.LOBBY)
        case AttachPackage(package_id=package_id, scored=scored):
            if state.phase is not Phase.LOBBY:
                return Rejection("duel-already-started")
            return [PackageAttached(package_id, scored)]
        case SelectQuestions(positions=positions):
            return _select(state, positions)
        case StartGame(force=force):
            return _start(state, force)
        case PickQuestion(number=number):
            return _pick(state, number, now)
        case PauseClock():
            return _pause(state, now, "host")
        case ResumeClock():
            return _resume(state, now)
        case TimerFired():
            return _timer(state, action)
        case MissedDeadlines():
            due = timers(state)
            if not due or min(due.values()) > now:
                return []
            return _pause(state, now, "downtime")
        case NameAnswerer(player=player):
            if state.phase is not Phase.NAMING:
                return Rejection("duel-not-naming")
            if state.team is None or player not in state.team.members:
                return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
            return [AnswererNamed(player)]
        case GiveAnswer():
            if state.phase is not Phase.ANSWERING:
                return Rejection("duel-not-answering")
            if action.by != state.answerer:
                return Rejection("duel-not-the-answerer",
                                 {"name": state.roster.name(state.answerer)})
            text = action.text.strip()
            if not text:
                return Rejection("duel-empty-answer")
            return [AnswerGiven(action.by, text, action.suggestion, action.reason,
                                dict(action.reason_args))]
        case JudgeAnswer(correct=correct):
            if state.phase is not Phase.JUDGING:
                return Rejection("duel-nothing-to-judge")
            events: list[Event] = [AnswerJudged(state.current, correct)]
            return events + _winner_events(state, _rescored(state.played, state.current, correct))
        case FileAppeal():
            return _appeal(state)
        case DecideAppeal(overturn=overturn):
            return _decide_appeal(state, overturn)
        case VoteBestQuestion(number=number):
            return _vote_question(state, number)
        case VoteBestPlayer(player=player):
            return _vote_player(state, player)
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a DUEL action: {action!r}")


def _select(state: DuelState, positions: tuple[int, ...]) -> list[Event] | Rejection:
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    size = state.config.set_size
    bad = [p for p in positions if not 1 <= p <= len(state.scored)]
    if bad:
        return Rejection("duel-select-out-of-range", {"number": bad[0], "count": len(state.scored)})
    if len(positions) != size or len(set(positions)) != size:
        return Rejection("duel-select-count", {"count": size})
    return [QuestionsSelected(tuple(state.scored[p - 1] for p in positions))]


def _start(state: DuelState, force: bool) -> list[Event] | Rejection:
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    team = state.team
    if team is None:
        return Rejection("duel-no-team")
    if len(team.members) < state.config.min_players and not force:
        return Rejection("duel-too-few-players",
                         {"count": len(team.members), "min": state.config.min_players})
    if state.package_id is None:
        return Rejection("duel-no-package")
    questions = state.questions or state.scored[: state.config.set_size]
    if len(questions) < state.config.set_size:
        return Rejection("duel-package-too-small",
                         {"count": len(questions), "need": state.config.set_size})
    return [GameStarted(tuple(questions))]


def _pick(state: DuelState, number: int, now: datetime) -> list[Event] | Rejection:
    if state.phase is not Phase.CHOOSING:
        return Rejection("duel-not-choosing")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    if not 1 <= number <= len(state.questions):
        return Rejection("duel-number-out-of-range", {"count": len(state.questions)})
    if any(p.number == number for p in state.played):
        return Rejection("duel-number-played", {"number": number})
    cfg = state.config
    return [
        QuestionChosen(number, state.questions[number - 1]),
        DiscussionStarted(now + timedelta(seconds=cfg.discussion),
                          now + timedelta(seconds=cfg.warning_at)),
    ]


def _pause(state: DuelState, now: datetime, reason: str) -> list[Event] | Rejection:
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None:
        return Rejection("duel-clock-not-running")
    if clock.paused:
        return Rejection("duel-clock-already-paused")
    remaining = max(0.0, (clock.ends_at - now).total_seconds())
    return [ClockPaused(remaining, reason)]


def _resume(state: DuelState, now: datetime) -> list[Event] | Rejection:
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None or not clock.paused:
        return Rejection("duel-clock-not-paused")
    if clock.remaining <= 0:
        return [DiscussionEnded()]
    ends_at = now + timedelta(seconds=clock.remaining)
    to_end = state.config.discussion - state.config.warning_at
    warning_at = None if clock.warned or clock.remaining <= to_end else ends_at - timedelta(
        seconds=to_end)
    return [ClockResumed(ends_at, warning_at)]


def _timer(state: DuelState, fired: TimerFired) -> list[Event]:
    # A timer whose deadline no longer matches the state is stale (the clock was paused,
    # resumed or the phase moved on): it does nothing.
    if timers(state).get(fired.name) != fired.deadline:
        return []
    return [WarningSignalled()] if fired.name == "warning" else [DiscussionEnded()]


def _rescored(played: tuple[Played, ...], number: int, correct: bool) -> tuple[int, int]:
    results = {p.number: p.correct for p in played}
    results[number] = correct
    team = sum(results.values())
    return team, len(results) - team


def _winner_events(state: DuelState, score: tuple[int, int]) -> list[Event]:
    team, host = score
    target = state.config.target
    if team >= target:
        return [GameWon(Side.TEAM)]
    if host >= target:
        return [GameWon(Side.HOST)]
    if state.winner is not None:
        return [GameReopened()]
    return []


def _appeal(state: DuelState) -> list[Event] | Rejection:
    if state.phase not in (Phase.CHOOSING, Phase.VOTING) or not state.played:
        return Rejection("duel-no-verdict-to-appeal")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    last = state.played[-1]
    if last.appealed:
        return Rejection("duel-already-appealed", {"number": last.number})
    if state.roster.keeper is None:
        return Rejection("duel-no-keeper")
    return [AppealFiled(last.number)]


def _decide_appeal(state: DuelState, overturn: bool) -> list[Event] | Rejection:
    if state.phase not in (Phase.CHOOSING, Phase.VOTING) or not state.played:
        return Rejection("duel-no-verdict-to-appeal")
    last = state.played[-1]
    if not state.appeal_pending:
        if not overturn:
            return Rejection("duel-no-appeal-pending")
        if last.appealed:
            return Rejection("duel-already-appealed", {"number": last.number})
    events: list[Event] = [AppealDecided(last.number, overturn, own=not state.appeal_pending)]
    if overturn:
        events += _winner_events(state, _rescored(state.played, last.number, not last.correct))
    return events


def _vote_question(state: DuelState, number: int) -> list[Event] | Rejection:
    if state.phase is not Phase.VOTING or state.appeal_pending:
        return Rejection("duel-not-voting")
    candidates = state.best_question_candidates()
    if number not in candidates:
        return Rejection("duel-best-question-invalid",
                         {"numbers": ", ".join(map(str, candidates)) or "-"})
    return [BestQuestionVoted(number), *_finish_if_done(replace(state, best_question=number))]


def _vote_player(state: DuelState, player: int) -> list[Event] | Rejection:
    if state.phase is not Phase.VOTING or state.appeal_pending:
        return Rejection("duel-not-voting")
    if state.team is None or player not in state.team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    return [BestPlayerVoted(player), *_finish_if_done(replace(state, best_player=player))]


def _finish_if_done(state: DuelState) -> list[Event]:
    question_done = state.best_question is not None or not state.best_question_candidates()
    if question_done and state.best_player is not None:
        team, host = state.score
        return [GameFinished(state.winner, team, host)]
    return []


def evolve(state: DuelState | None, ev: Event) -> DuelState:
    """Apply one stored event. ``state`` is None only for the first event, ``GameCreated``."""
    if isinstance(ev, GameCreated):
        return initial_state(ev)
    if state is None:
        raise ValueError(f"a DUEL log must start with GameCreated, not {ev.kind}")
    match ev:
        case PackageAttached(package_id=package_id, scored=scored):
            return replace(state, package_id=package_id, scored=scored, questions=())
        case QuestionsSelected(questions=questions):
            return replace(state, questions=questions)
        case GameStarted(questions=questions):
            return replace(state, questions=questions, phase=Phase.CHOOSING)
        case QuestionChosen(number=number):
            return replace(state, current=number, answerer=None, answer=None)
        case DiscussionStarted(ends_at=ends_at, warning_at=warning_at):
            return replace(state, phase=Phase.DISCUSSION, clock=Clock(ends_at, warning_at))
        case WarningSignalled():
            return replace(state, clock=replace(state.clock, warned=True))
        case ClockPaused(remaining=remaining):
            return replace(state, clock=replace(state.clock, remaining=remaining))
        case ClockResumed(ends_at=ends_at, warning_at=warning_at):
            warned = state.clock.warned or warning_at is None
            return replace(state, clock=Clock(ends_at, warning_at, None, warned))
        case DiscussionEnded():
            return replace(state, phase=Phase.NAMING, clock=None)
        case AnswererNamed(player=player):
            return replace(state, phase=Phase.ANSWERING, answerer=player)
        case AnswerGiven(text=text):
            return replace(state, phase=Phase.JUDGING, answer=text)
        case AnswerJudged(number=number, correct=correct):
            played = (*state.played, Played(number, correct, state.answer or ""))
            return replace(state, played=played, phase=Phase.CHOOSING, current=None)
        case AppealFiled():
            return replace(state, appeal_pending=True)
        case AppealDecided(overturned=overturned):
            last = state.played[-1]
            last = replace(last, appealed=True, correct=last.correct != overturned)
            return replace(state, played=(*state.played[:-1], last), appeal_pending=False)
        case GameWon(winner=winner):
            return replace(state, phase=Phase.VOTING, winner=winner)
        case GameReopened():
            return replace(state, phase=Phase.CHOOSING, winner=None, best_question=None,
                           best_player=None)
        case BestQuestionVoted(number=number):
            return replace(state, best_question=number)
        case BestPlayerVoted(player=player):
            return replace(state, best_player=player)
        case GameFinished():
            return replace(state, phase=Phase.FINISHED)
        case GameAborted():
            return replace(state, phase=Phase.ABORTED, clock=None)
    return replace(state, roster=evolve_roster(state.roster, ev))
