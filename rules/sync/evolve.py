"""SYNC's ``evolve``: the state after each stored event, and ``initial_state``. The teams' and
the registration's events go to ``rules.sync.registration``, the appeals' to
``rules.sync.appeals``, the host's and co-hosts' to ``rules.roster``, the clock's to
``rules.clock``, the intake's to ``rules.written``, the judging queue's to ``rules.judging``
(on the latest question)."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.clock import (
    Clock,
    ClockPaused,
    ClockResumed,
    DiscussionEnded,
    DiscussionStarted,
    WarningSignalled,
    evolve_clock,
)
from rules.growing import GrowingMap
from rules.judging import (
    AnswerQueued,
    AnswerRegrouped,
    GroupAutoDecided,
    GroupDecided,
    Judging,
    Suggestion,
    VerdictChanged,
    evolve_judging,
)
from rules.roster import (
    CaptainChanged,
    CoHostNamed,
    HostTakenOver,
    PlayerJoined,
    PlayerLeft,
    Roster,
    TeamRegistered,
    evolve_roster,
)
from rules.sync.appeals import (
    AppealDecided,
    AppealDeferred,
    AppealFiled,
    AppealVoted,
    EvidenceAttached,
    JurorsReminded,
    evolve_appeals,
)
from rules.sync.config import Phase, SyncConfig
from rules.sync.drafts import DraftClosed, DraftFilled, DraftStarted, evolve_drafts
from rules.sync.enrolment import (
    DutyChanged,
    FeeRecorded,
    GameMoved,
    QuestionReviewed,
    QuestionSubmitted,
    RegistrationClosed,
    RegistrationOpened,
    RegistrationReminded,
    SubstitutionApplied,
    SubstitutionDecided,
    SubstitutionRequested,
)
from rules.sync.events import (
    AnswerExplained,
    AnswerPrepared,
    ClarificationAsked,
    ClosingHeld,
    GameAborted,
    GameCreated,
    GameFinished,
    HandInStarted,
    PackageAttached,
    QuestionAsked,
    QuestionScored,
    RoundEnded,
    RoundStarted,
    ShootoutStarted,
)
from rules.sync.registration import evolve_registration, initial_registration
from rules.sync.state import Asked, Prepared, Round, SyncState
from rules.written import (
    AnswererNamed,
    AnswerHandedIn,
    DeadlineMoved,
    WindowClosed,
    WindowOpened,
    evolve_written,
)

_CLOCK = (DiscussionStarted, WarningSignalled, ClockPaused, ClockResumed)
_WRITTEN = (WindowOpened, AnswerHandedIn, DeadlineMoved, AnswererNamed)
_JUDGING = (AnswerQueued, GroupAutoDecided, GroupDecided, VerdictChanged, AnswerRegrouped)
_REGISTRATION = (TeamRegistered, PlayerJoined, PlayerLeft, CaptainChanged, QuestionSubmitted,
                 QuestionReviewed, FeeRecorded, DutyChanged, GameMoved, RegistrationReminded,
                 RegistrationClosed, SubstitutionRequested, SubstitutionDecided,
                 SubstitutionApplied)
_APPEALS = (AppealFiled, AppealVoted, AppealDeferred, EvidenceAttached, JurorsReminded,
            AppealDecided)


def initial_state(created: GameCreated) -> SyncState:
    """The state right after ``GameCreated``."""
    config = SyncConfig(discussion=created.discussion,
                        warning_at=created.warning_at, hand_in=created.hand_in,
                        auto=frozenset(Suggestion(s) for s in created.auto))
    roster = Roster(host=created.host, names={created.host: created.host_name})
    return SyncState(config=config, roster=roster, package_id=created.package_id,
                     scored_indices=created.scored)


def evolve(state: SyncState | None, ev: Event) -> SyncState:
    """Apply one stored event. ``state`` is None only for the first event, ``GameCreated``;
    other events leave it as it is. O(1) for a hand-in, a queued answer and a team's
    registration."""
    if isinstance(ev, GameCreated):
        return initial_state(ev)
    if state is None:
        raise ValueError(f"a SYNC log must start with GameCreated, not {ev.kind}")
    if isinstance(ev, AnswerHandedIn | AnswerPrepared):
        return _handed_in(state, ev)
    if isinstance(ev, AnswerQueued):
        return _with_judging(state, evolve_judging(state.current.judging, ev))
    if isinstance(ev, _CLOCK):
        phase = Phase.DISCUSSION if isinstance(ev, DiscussionStarted) else state.phase
        return replace(state, clock=evolve_clock(state.clock, ev), phase=phase)
    if isinstance(ev, _WRITTEN):
        return replace(state, written=evolve_written(state.written, ev))
    if isinstance(ev, _JUDGING):
        return _with_judging(state, evolve_judging(state.current.judging, ev))
    if isinstance(ev, _REGISTRATION) and state.registration is not None:
        return replace(state, registration=evolve_registration(state.registration, ev))
    if isinstance(ev, _APPEALS):
        return replace(state, appeals=evolve_appeals(state.appeals, ev))
    if isinstance(ev, DraftStarted | DraftFilled | DraftClosed):
        return replace(state, drafts=evolve_drafts(state.drafts, ev))
    return _evolve_rest(state, ev)


def _evolve_rest(state: SyncState, ev: Event) -> SyncState:
    match ev:
        case CoHostNamed() | HostTakenOver():
            return replace(state, roster=evolve_roster(state.roster, ev))
        case RegistrationOpened():
            return replace(state, registration=initial_registration(ev))
        case PackageAttached():
            return replace(state, package_id=ev.package_id, scored_indices=ev.scored)
        case RoundStarted():
            rnd = Round(ev.number, ev.round_kind, ev.questions, ev.per_team)
            # No team question is submitted once the game has started: drafts end.
            return replace(state, rounds=(*state.rounds, rnd), phase=Phase.ROUND, drafts={})
        case QuestionAsked():
            asked = Asked(ev.number, ev.round, ev.index, ev.asking_team, ev.team_question,
                          ev.approved, ev.playing, Judging(auto=state.config.auto))
            return replace(state, asked=(*state.asked, asked), phase=Phase.READING,
                           clock=None, prepared=GrowingMap(), held=False)
        case DiscussionEnded():
            phase = Phase.CLOSING if state.phase is Phase.HAND_IN else state.phase
            return replace(state, clock=None, phase=phase)
        case HandInStarted():
            return replace(state, clock=Clock(ev.ends_at, None, warned=True),
                           phase=Phase.HAND_IN)
        case ClosingHeld():
            return replace(state, held=True)
        case WindowClosed():
            return replace(state, written=evolve_written(state.written, ev), clock=None,
                           held=False, phase=Phase.JUDGING)
        case QuestionScored():
            current = replace(state.current, scored=True)
            phase = Phase.SHOOTOUT if current.shootout else Phase.ROUND
            return replace(state, asked=(*state.asked[:-1], current), phase=phase)
        case ClarificationAsked():
            current = state.current
            current = replace(current, clarified=current.clarified.set(ev.team_id, ev.player))
            return replace(state, asked=(*state.asked[:-1], current))
        case AnswerExplained():
            current = state.current
            current = replace(current, explained=current.explained.set(ev.team_id, ev.text))
            return replace(state, asked=(*state.asked[:-1], current))
        case RoundEnded():
            rnd = replace(state.rounds[-1], ended=True)
            return replace(state, rounds=(*state.rounds[:-1], rnd), phase=Phase.BREAK)
        case ShootoutStarted():
            return replace(state, shootout=ev.teams, phase=Phase.SHOOTOUT)
        case GameFinished():
            return replace(state, winner=ev.winner, phase=Phase.FINISHED)
        case GameAborted():
            return replace(state, phase=Phase.ABORTED)
    return state


def _handed_in(state: SyncState, ev: AnswerHandedIn | AnswerPrepared) -> SyncState:
    """``state`` after a hand-in's two events: the answer to the intake, the bot's judgement
    of it to ``prepared``. Built directly rather than with ``dataclasses.replace``: this
    runs twice per hand-in of thousands, and replace costs several times a constructor."""
    s = state
    written, prepared = s.written, s.prepared
    if isinstance(ev, AnswerHandedIn):
        written = evolve_written(written, ev)
    else:
        prepared = prepared.set(ev.team_id, Prepared(ev.key, ev.suggestion, ev.reason,
                                                     ev.reason_args))
    return SyncState(s.config, s.roster, s.package_id, s.scored_indices, s.phase, s.rounds,
                     s.asked, s.clock, written, prepared, s.held, s.registration, s.appeals,
                     s.shootout, s.winner, s.drafts)


def _with_judging(state: SyncState, judging: Judging) -> SyncState:
    """``state`` with the latest question's judging queue replaced; O(questions), no copy of
    the queue."""
    a = state.current
    current = Asked(a.number, a.round, a.index, a.asking_team, a.team_question, a.approved,
                    a.playing, judging, a.scored, a.clarified, a.explained)
    s = state
    return SyncState(s.config, s.roster, s.package_id, s.scored_indices, s.phase, s.rounds,
                     (*s.asked[:-1], current), s.clock, s.written, s.prepared, s.held,
                     s.registration, s.appeals, s.shootout, s.winner, s.drafts)
