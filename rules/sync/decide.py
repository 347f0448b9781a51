"""SYNC's ``decide``: the roster's actions go to ``rules.roster`` (through the O(1) indices),
the rounds (SYNC-5), asking a question and ending the game (SYNC-8) are here, playing a
question goes to ``rules.sync.play`` (the clock to ``rules.clock``, the intake to
``rules.written``, the verdicts to ``rules.judging``).

Team sizes (SYNC-1): a team takes at most 8 players in a training game, 6 in a qualifying game
or a championship, and round 1 of those needs 4 in every team; players join before round 1
(afterwards a player changes by a substitution the host permits, the registration's part).

Decisions where the charter is silent: round 1 is the organisers' (at most 15 questions),
round 2 the teams' (every team the same number, at most the 3 it submitted, SYNC-2), round 3
either; the host asks an organisers' round's questions in the planned order and names the
asking team of a team question; a game ends by the host after round 2 or 3. The shoot-out is
played on the hosts' questions (package questions not asked before) by the teams still in.
"""

from __future__ import annotations

from datetime import datetime

from rules.base import Event, Rejection
from rules.clock import MissedDeadlines, PauseClock, ResumeClock, TimerFired
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    TakeOverHost,
    decide_roster,
)
from rules.sync import play, scoring
from rules.sync.actions import (
    AbortGame,
    Action,
    AskClarification,
    AskQuestion,
    EndGame,
    HandInAnswer,
    JudgeGroup,
    QuestionDelivered,
    QuestionNotDelivered,
    RepeatQuestion,
    StartRound,
)
from rules.sync.club import QUALIFYING_PLAYERS, TEAM_QUESTIONS_MAX, TRAINING_MAX_PLAYERS
from rules.sync.config import MAX_ROUNDS, MIN_ROUNDS, GameKind, Phase, RoundKind
from rules.sync.events import (
    GameAborted,
    GameFinished,
    QuestionAsked,
    QuestionUndelivered,
    RoundStarted,
    ShootoutStarted,
)
from rules.sync.state import RosterView, SyncState, shootout_left, totals
from rules.written import NameAnswerer

MAX_TEAMS = 100_000
"""Teams in one game at most: no limit a club reaches (issue 12 aims past 5,000)."""

_SERVICE = (TimerFired, MissedDeadlines, QuestionDelivered, QuestionNotDelivered)


def decide(state: SyncState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments,
    and who exactly where a role is not enough (the player who hands in for a team)."""
    if not state.live and not isinstance(action, _SERVICE):
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameKeeper() | NameCoHost() \
                | TakeOverHost():
            if isinstance(action, NameKeeper):
                return Rejection("sync-no-keeper")
            if isinstance(action, JoinTeam):
                refused = _join(state, action)
                if refused is not None:
                    return refused
            return decide_roster(RosterView(state), action, max_teams=MAX_TEAMS,
                                 open_=state.phase is Phase.LOBBY)
        case StartRound():
            return start_round(state, action)
        case AskQuestion():
            return ask(state, action)
        case QuestionDelivered(number=number, at=at):
            return play.delivered(state, at) if _awaits(state, number) else []
        case QuestionNotDelivered(number=number):
            return [QuestionUndelivered(number)] if _awaits(state, number) else []
        case RepeatQuestion():
            return play.repeat(state)
        case PauseClock():
            return play.pause(state, action, now)
        case ResumeClock():
            return play.resume(state, action, now)
        case TimerFired():
            return play.timer(state, action, now) if state.live else []
        case MissedDeadlines():
            return play.missed(state, now) if state.live else []
        case HandInAnswer():
            return play.hand_in(state, action, now)
        case NameAnswerer():
            return play.name_answerer(state, action, now)
        case JudgeGroup():
            return play.judge(state, action, now)
        case AskClarification():
            return play.clarify(state, action)
        case EndGame():
            return end(state)
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a SYNC action: {action!r}")


def max_players(kind: GameKind) -> int:
    """Players in a team at most in a game of ``kind`` (SYNC-1)."""
    return TRAINING_MAX_PLAYERS if kind is GameKind.TRAINING else QUALIFYING_PLAYERS[1]


def _join(state: SyncState, action: JoinTeam) -> Rejection | None:
    """Why ``action`` may not join a team, or None: a player joins before the game only
    (later a substitution, with the host's permission, SYNC-1), and no team grows past its
    size (8 in a training game, 6 in a qualifying game or a championship)."""
    if state.phase is not Phase.LOBBY:
        return Rejection("roster-closed")
    team = RosterView(state).team_named(action.team_name)
    most = max_players(state.config.kind)
    if team is not None and len(team.members) >= most:
        return Rejection("sync-team-full", {"team": team.name, "count": most})
    return None


def _awaits(state: SyncState, number: int) -> bool:
    """True while the game waits for the delivery of question ``number`` (a report about an
    earlier one, or one whose clock the host started, is stale)."""
    return state.phase is Phase.READING and state.current.number == number


def start_round(state: SyncState, action: StartRound) -> list[Event] | Rejection:
    """The host starts round 1 from the lobby, or the next one after a break (SYNC-5)."""
    number = len(state.rounds) + 1
    if state.phase not in (Phase.LOBBY, Phase.BREAK):
        return Rejection("sync-round-running")
    if number > MAX_ROUNDS:
        return Rejection("sync-no-more-rounds", {"count": MAX_ROUNDS})
    if not state.teams:
        return Rejection("sync-no-teams")
    if number == 1 and state.config.kind is not GameKind.TRAINING:
        fewest = QUALIFYING_PLAYERS[0]
        small = next((t for t in state.teams.values() if len(t.members) < fewest), None)
        if small is not None:
            return Rejection("sync-team-too-small", {"team": small.name, "count": fewest})
    if bool(action.questions) == bool(action.per_team):
        return Rejection("sync-round-kind")
    kind = RoundKind.TEAMS if action.per_team else RoundKind.ORGANISERS
    if number == 1 and kind is not RoundKind.ORGANISERS:
        return Rejection("sync-round-one-organisers", {"count": state.config.round_one_max})
    if number == 2 and kind is not RoundKind.TEAMS:
        return Rejection("sync-round-two-teams")
    if kind is RoundKind.TEAMS:
        if not 1 <= action.per_team <= TEAM_QUESTIONS_MAX:
            return Rejection("sync-per-team", {"count": TEAM_QUESTIONS_MAX})
        return [RoundStarted(number, kind, per_team=action.per_team)]
    if number == 1 and len(action.questions) > state.config.round_one_max:
        return Rejection("sync-round-one-organisers", {"count": state.config.round_one_max})
    used = {i for r in state.rounds for i in r.questions}
    for index in action.questions:
        if index not in state.scored_indices:
            return Rejection("sync-not-in-package", {"number": index + 1})
        if index in used:
            return Rejection("sync-question-reused", {"number": index + 1})
        used.add(index)
    return [RoundStarted(number, kind, questions=action.questions)]


def ask(state: SyncState, action: AskQuestion) -> list[Event] | Rejection:
    """The host posts the next question: the round's next organisers' question, a team
    question naming its asking team (each team ``per_team`` of them, SYNC-5), or a shoot-out
    question for the teams still in (SYNC-8). Its minute starts on delivery."""
    number = len(state.asked) + 1
    if state.phase is Phase.SHOOTOUT:
        if action.index is None or action.asking_team is not None:
            return Rejection("sync-shootout-hosts-questions")
        if action.index not in state.scored_indices:
            return Rejection("sync-not-in-package", {"number": action.index + 1})
        if any(a.index == action.index for a in state.asked):
            return Rejection("sync-question-reused", {"number": action.index + 1})
        playing = tuple(sorted(shootout_left(state)))
        return [QuestionAsked(number, 0, action.index, playing=playing)]
    if state.phase is not Phase.ROUND:
        return Rejection("sync-not-between-questions")
    rnd = state.round
    in_round = [a for a in state.asked if a.round == rnd.number]
    if rnd.kind is RoundKind.ORGANISERS:
        if action.asking_team is not None:
            return Rejection("sync-organisers-round")
        return [QuestionAsked(number, rnd.number, rnd.questions[len(in_round)])]
    team = None if action.asking_team is None else state.team(action.asking_team)
    if team is None:
        return Rejection("sync-name-asking-team")
    count = sum(1 for a in in_round if a.asking_team == team.id)
    if count >= rnd.per_team:
        return Rejection("sync-team-asked-enough", {"team": team.name, "count": rnd.per_team})
    return [QuestionAsked(number, rnd.number, asking_team=team.id,
                          team_question=action.team_question, approved=action.approved)]


def end(state: SyncState) -> list[Event] | Rejection:
    """The host ends the rounds after round 2 or 3 (SYNC-5): a tie for first starts the
    shoot-out of the tied teams (SYNC-8), else the game is over."""
    if state.phase is not Phase.BREAK:
        return Rejection("sync-not-in-break")
    if len(state.rounds) < MIN_ROUNDS:
        return Rejection("sync-too-few-rounds", {"count": MIN_ROUNDS})
    tied = scoring.needs_shootout(totals(state))
    if tied:
        return [ShootoutStarted(tuple(sorted(tied)))]
    return [GameFinished()]
