"""SYNC's ``decide``: the teams, their questions, fees, duty and substitutions go to
``rules.sync.registration`` (SYNC-1..SYNC-4), the appeals to ``rules.sync.appeals``
(SYNC-9..SYNC-11), the co-host and the host's take-over to ``rules.roster``; the rounds
(SYNC-5), asking a question and ending the game (SYNC-8) are here; playing a question goes to
``rules.sync.play`` (the clock to ``rules.clock``, the intake to ``rules.written``, the
verdicts to ``rules.judging``).

What the game does for its parts: round 1 starts only with every team's size right for the
game's kind (``size_problems``, SYNC-1); the approved substitutions take effect as the next
question is asked (their events come before it); a team question is one the team submitted,
asked once, approved or not as the hosts reviewed it (SYNC-7); appeals are filed with the
facts of their question, the game ends only when no appeal waits on the spot (each decided
or deferred, SYNC-10), and a finished game still takes the deferred appeals' votes.

Decisions where the charter is silent: round 1 is the organisers' (at most 15 questions),
round 2 the teams' (every team the same number, at most the 3 it submitted, SYNC-2), round 3
either; the host asks an organisers' round's questions in the planned order and names the
asking team of a team question; a game ends by the host after round 2 or 3. The shoot-out is
played on the hosts' questions (package questions not asked before) by the teams still in.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

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
    AnnounceGame,
    AskClarification,
    AskQuestion,
    AttachPackage,
    EndGame,
    ExplainAnswer,
    HandInAnswer,
    JudgeGroup,
    QuestionDelivered,
    QuestionNotDelivered,
    RepeatQuestion,
    StartRound,
)
from rules.sync.appeals import (
    DEADLINE as APPEAL_DEADLINE,
)
from rules.sync.appeals import (
    REMINDER as APPEAL_REMINDER,
)
from rules.sync.appeals import (
    AttachEvidence,
    DeferAppeal,
    FileAppeal,
    QuestionFacts,
    VoteOnAppeal,
    after_game_actions,
    decide_appeals,
    on_the_spot,
)
from rules.sync.club import TEAM_QUESTIONS_MAX
from rules.sync.config import MAX_ROUNDS, MIN_ROUNDS, QUESTION_PHASES, Phase, RoundKind
from rules.sync.drafts import (
    CancelDraft,
    FillDraft,
    StartDraft,
    SubmitQuestions,
    decide_drafts,
)
from rules.sync.enrolment import (
    ChangeDuty,
    DecideSubstitution,
    MoveGame,
    RecordFee,
    RequestSubstitution,
    Review,
    ReviewQuestion,
    SubmitQuestion,
)
from rules.sync.events import (
    GameAborted,
    GameFinished,
    PackageAttached,
    QuestionAsked,
    QuestionUndelivered,
    RoundStarted,
    ShootoutStarted,
)
from rules.sync.jury import ClubTeam
from rules.sync.registration import CLOSE as REGISTRATION_CLOSE
from rules.sync.registration import REMINDER as REGISTRATION_REMINDER
from rules.sync.registration import (
    decide_registration,
    due_substitutions,
    duty_on_close,
    duty_team,
    open_registration,
    questions_of,
    size_problems,
)
from rules.sync.state import RosterView, SyncState, shootout_left, totals
from rules.written import NameAnswerer

MAX_TEAMS = 100_000
"""Teams in one game at most: no limit a club reaches (a game is built for 5,000 teams and more)."""

PLAYED_NOW = timedelta(hours=1)
"""A game announced without a date (the console's) starts this long after it; its
registration closes then, or at round 1."""

_SERVICE = (TimerFired, MissedDeadlines, QuestionDelivered, QuestionNotDelivered)


def decide(state: SyncState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments,
    and who exactly where a role is not enough (the player who hands in for a team)."""
    if not state.live and not isinstance(action, _SERVICE) and not (
            state.phase is Phase.FINISHED
            and isinstance(action, tuple(after_game_actions(state.appeals)))):
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameKeeper() | NameCoHost() \
                | TakeOverHost():
            if isinstance(action, NameKeeper):
                return Rejection("sync-no-keeper")
            if isinstance(action, NameCoHost | TakeOverHost):
                return decide_roster(RosterView(state), action, max_teams=MAX_TEAMS,
                                     open_=state.phase is Phase.LOBBY)
            return _registration(state, action, now)
        case SubmitQuestion() | ReviewQuestion() | RecordFee() | ChangeDuty() | MoveGame() \
                | RequestSubstitution() | DecideSubstitution():
            return _registration(state, action, now)
        case StartDraft() | FillDraft() | CancelDraft() | SubmitQuestions():
            if state.registration is None:
                return Rejection("sync-no-registration")
            return decide_drafts(state.registration, state.drafts, action, now,
                                 max_teams=MAX_TEAMS, started=state.phase is not Phase.LOBBY)
        case FileAppeal() | VoteOnAppeal() | DeferAppeal() | AttachEvidence():
            return appeal(state, action, now)
        case TimerFired(name=name) if name in (REGISTRATION_REMINDER, REGISTRATION_CLOSE):
            return _registration(state, action, now) if state.live else []
        case TimerFired(name=name) if name.startswith((APPEAL_REMINDER, APPEAL_DEADLINE)):
            return appeal(state, action, now)
        case AnnounceGame():
            return announce(state, action, now)
        case AttachPackage(package_id=package_id, scored=scored):
            # Round 1 chooses the organisers' questions from the package (SYNC-5): it is
            # the game's until then.
            if state.phase is not Phase.LOBBY:
                return Rejection("sync-package-fixed")
            if not scored:
                return Rejection("sync-package-no-questions")
            return [PackageAttached(package_id, scored)]
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
        case ExplainAnswer():
            return play.explain(state, action)
        case EndGame():
            return end(state)
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a SYNC action: {action!r}")


def _registration(state: SyncState, action: Any, now: datetime) -> list[Event] | Rejection:
    """A registration action (``rules.sync.registration``), refused before the game has one."""
    if state.registration is None:
        return Rejection("sync-no-registration")
    return decide_registration(state.registration, action, now, max_teams=MAX_TEAMS,
                               started=state.phase is not Phase.LOBBY)


def announce(state: SyncState, action: AnnounceGame, now: datetime
             ) -> list[Event] | Rejection:
    """The host announces the game once, in the lobby (SYNC-2: registration closes 3 days
    before it); without a date the game is played now: it starts in ``PLAYED_NOW`` and
    registration stays open until then or round 1."""
    if state.registration is not None:
        return Rejection("sync-already-announced")
    club = {"club_teams": action.club_teams, "last_duty": action.last_duty,
            "fee": action.fee, "currency": action.currency}
    if action.starts_at is None:
        return open_registration(now, now + PLAYED_NOW, action.game_kind,
                                 closes_before=timedelta(0), **club)
    return open_registration(now, action.starts_at, action.game_kind, **club)


def appeal(state: SyncState, action: Any, now: datetime) -> list[Event] | Rejection:
    """An appeal action (``rules.sync.appeals``) with the game's context: the hosts, the teams
    with their captains, the duty team (SYNC-10) and, for a filing, the facts of the appealed
    question for the filing team (SYNC-9). O(teams) per appeal action: appeals are few."""
    reg = state.registration
    teams = [ClubTeam(t.id, t.name, t.captain) for t in state.teams.values()]
    duty = None if reg is None else duty_team(reg)
    facts = None
    if isinstance(action, FileAppeal):
        team = state.player_team(action.by)
        facts = question_facts(state, action.question, None if team is None else team.id)
    return decide_appeals(state.appeals, action, now, over=state.phase is Phase.FINISHED,
                          hosts=(state.roster.host, *state.roster.cohosts), teams=teams,
                          duty=None if duty is None else duty.id, question=facts)


def question_facts(state: SyncState, number: int, team_id: int | None) -> QuestionFacts | None:
    """What an appeal on question ``number`` by team ``team_id`` needs to know of it (None:
    no such question): played once its answers went to judging, in the main table only."""
    if not 1 <= number <= len(state.asked):
        return None
    asked = state.asked[number - 1]
    open_now = asked is state.current and state.phase in QUESTION_PHASES
    if asked.shootout or open_now:
        return QuestionFacts(played=False)
    answer = None if team_id is None else asked.judging.answers.get(team_id)
    return QuestionFacts(True, asked.asking_team, None if answer is None else answer.key,
                         None if team_id is None else asked.judging.verdict_of(team_id))


def _awaits(state: SyncState, number: int) -> bool:
    """True while the game waits for the delivery of question ``number`` (a report about an
    earlier one, or one whose clock the host started, is stale)."""
    return state.phase is Phase.READING and state.current.number == number


def start_round(state: SyncState, action: StartRound) -> list[Event] | Rejection:
    """The host starts round 1 from the lobby, or the next one after a break (SYNC-5);
    round 1 names the duty team when no registered team is on duty (SYNC-4)."""
    number = len(state.rounds) + 1
    if state.phase not in (Phase.LOBBY, Phase.BREAK):
        return Rejection("sync-round-running")
    if number > MAX_ROUNDS:
        return Rejection("sync-no-more-rounds", {"count": MAX_ROUNDS})
    if not state.scored_indices:
        # Opened with no package (one without scored questions is never attached).
        return Rejection("game-no-package")
    if not state.teams:
        return Rejection("sync-no-teams")
    if number == 1:
        wrong = size_problems(state.registration)
        if wrong is not None:
            return wrong
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
        short = next((t for t in state.teams.values()
                      if len(questions_of(state.registration, t.id)) < action.per_team), None)
        if short is not None:
            return Rejection("sync-per-team-short", {"team": short.name,
                                                     "count": action.per_team})
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
    # Round 1 closes the registration of a game played now: its duty team is named then.
    closing = duty_on_close(state.registration) if number == 1 else []
    return [*closing, RoundStarted(number, kind, questions=action.questions)]


def ask(state: SyncState, action: AskQuestion) -> list[Event] | Rejection:
    """The host posts the next question: the round's next organisers' question, a team
    question naming its asking team (each team ``per_team`` of them, SYNC-5), or a shoot-out
    question for the teams still in (SYNC-8). Its minute starts on delivery; the approved
    substitutions take effect before it (SYNC-1)."""
    asked = _ask(state, action)
    if isinstance(asked, Rejection) or state.registration is None:
        return asked
    return [*due_substitutions(state.registration), *asked]


def _ask(state: SyncState, action: AskQuestion) -> list[Event] | Rejection:
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
        return Rejection("sync-not-between-questions", {"phase": state.phase.value})
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
    mine = {q.id: q for q in questions_of(state.registration, team.id)}
    question = mine.get(action.team_question)
    if question is None:
        return Rejection("sync-not-team-question", {"team": team.name})
    if any(a.team_question == question.id for a in state.asked):
        return Rejection("sync-team-question-asked", {"team": team.name,
                                                      "number": question.number})
    return [QuestionAsked(number, rnd.number, asking_team=team.id, team_question=question.id,
                          approved=question.review is Review.APPROVED)]


def end(state: SyncState) -> list[Event] | Rejection:
    """The host ends the rounds after round 2 or 3 (SYNC-5): a tie for first starts the
    shoot-out of the tied teams (SYNC-8), else the game is over."""
    if state.phase is not Phase.BREAK:
        return Rejection("sync-not-in-break")
    if len(state.rounds) < MIN_ROUNDS:
        return Rejection("sync-too-few-rounds", {"count": MIN_ROUNDS})
    waiting = on_the_spot(state.appeals)
    if waiting:
        return Rejection("sync-appeals-waiting", {"count": len(waiting)})
    tied = scoring.needs_shootout(totals(state))
    if tied:
        return [ShootoutStarted(tuple(sorted(tied)))]
    return [GameFinished()]
