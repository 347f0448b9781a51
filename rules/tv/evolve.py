"""TV's ``evolve``: the state after each stored event, and ``initial_state``. The roster's
events go to ``rules.roster``, the clock's to ``rules.clock``, the club tables' hand-ins to
``rules.written`` and their judging to ``rules.judging`` (for the sector ``ClubJudgingOf``
named last)."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.clock import (
    ClockPaused,
    ClockResumed,
    DiscussionEnded,
    DiscussionStarted,
    WarningSignalled,
    evolve_clock,
)
from rules.judging import (
    AnswerQueued,
    GroupAutoDecided,
    GroupDecided,
    Judging,
    VerdictChanged,
    evolve_judging,
)
from rules.roster import Roster, evolve_roster
from rules.tv.config import Phase, ReturnScope, Side, TvConfig
from rules.tv.events import (
    AnswererNamed,
    AnswerTyped,
    BestPlayerNamed,
    CentralJudged,
    ClubJudgingOf,
    EnvelopeDrawn,
    GameAborted,
    GameCreated,
    GameStarted,
    GameWon,
    PackageAttached,
    QuestionUndelivered,
    TeamSeated,
)
from rules.tv.state import Round, TvState
from rules.written import (
    AnswererNamed as WrittenAnswererNamed,
)
from rules.written import (
    AnswerHandedIn,
    DeadlineMoved,
    WindowClosed,
    WindowOpened,
    evolve_written,
)

_WRITTEN = (WindowOpened, AnswerHandedIn, DeadlineMoved, WindowClosed, WrittenAnswererNamed)
_JUDGING = (AnswerQueued, GroupAutoDecided, GroupDecided, VerdictChanged)
_CLOCK = (WarningSignalled, ClockPaused, ClockResumed)


def initial_state(created: GameCreated) -> TvState:
    """The state right after ``GameCreated``; with ``ReturnScope.DAY`` the day's earlier
    lost rounds count from the start (TV-10)."""
    config = TvConfig(created.discussion, created.warning_at, created.target,
                      created.max_teams, created.return_scope, created.lost_earlier,
                      created.min_players, created.max_players)
    roster = Roster(host=created.host, names={created.host: created.host_name})
    lost = created.lost_earlier if created.return_scope is ReturnScope.DAY else ()
    return TvState(config=config, roster=roster, package_id=created.package_id,
                   questions=created.questions, lost=lost)


def evolve(state: TvState | None, ev: Event) -> TvState:
    """Apply one stored event. ``state`` is None only for the first event, ``GameCreated``."""
    if isinstance(ev, GameCreated):
        return initial_state(ev)
    if state is None:
        raise ValueError(f"a TV log must start with GameCreated, not {ev.kind}")
    if isinstance(ev, _WRITTEN):
        return replace(state, written=evolve_written(state.written, ev))
    if isinstance(ev, _JUDGING):
        sector = state.judging_of
        judging = evolve_judging(state.judgings.get(sector, Judging()), ev)
        return replace(state, judgings={**state.judgings, sector: judging})
    if isinstance(ev, _CLOCK):
        return replace(state, clock=evolve_clock(state.clock, ev))
    match ev:
        case PackageAttached(package_id=package_id, questions=questions):
            return replace(state, package_id=package_id, questions=questions)
        case GameStarted(teams=teams):
            return replace(state, teams=teams)
        case TeamSeated(team_id=team_id):
            return replace(state, central=team_id, phase=Phase.SPINNING)
        case EnvelopeDrawn(sector=sector, question_index=index):
            members = {t.id: t.members for t in state.roster.teams if t.id in state.teams}
            played = Round(sector, index, state.central, members)
            return replace(state, rounds=(*state.rounds, played), phase=Phase.READING,
                           answer=None)
        case QuestionUndelivered():
            return state  # the record says the clock waited for the host
        case DiscussionStarted():
            return replace(state, phase=Phase.DISCUSSION, clock=evolve_clock(state.clock, ev))
        case DiscussionEnded():
            return replace(state, phase=Phase.ANSWERING, clock=None)
        case AnswererNamed(player=player):
            return _with_current(state, answerer=player)
        case AnswerTyped():
            return replace(state, answer=(ev.text, ev.suggestion, ev.reason, ev.reason_args))
        case CentralJudged(correct=correct, team_id=team_id):
            state = _with_current(state, correct=correct)
            if correct:
                return replace(state, phase=Phase.SPINNING, answer=None)
            lost = state.lost if team_id in state.lost else (*state.lost, team_id)
            return replace(state, phase=Phase.SEATING, central=None, lost=lost, answer=None)
        case ClubJudgingOf(sector=sector):
            return replace(state, judging_of=sector)
        case GameWon(winner=winner):
            phase = Phase.BEST_PLAYER if winner is Side.EXPERTS else Phase.FINISHED
            return replace(state, phase=phase, winner=winner)
        case BestPlayerNamed(player=player):
            return replace(state, phase=Phase.FINISHED, best_player=player)
        case GameAborted():
            return replace(state, phase=Phase.ABORTED, clock=None)
    return replace(state, roster=evolve_roster(state.roster, ev))


def _with_current(state: TvState, **changes: object) -> TvState:
    """The state with the current round changed."""
    return replace(state, rounds=(*state.rounds[:-1], replace(state.rounds[-1], **changes)))
