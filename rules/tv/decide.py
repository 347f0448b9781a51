"""TV's ``decide``: the game's flow (TV-1..TV-4), the club tables' intake and judging
(TV-5, through ``rules.written`` and ``rules.judging``), the clock (``rules.clock``), the
spinning top (``rules.top``) and the seating (``rules.tv.seating``).

The flow of a round: the host spins the top (``SpinTop``) for an envelope among those left
(TV-2); the question is read and the game waits for its delivery; on delivery the central
table's minute starts (warning at 50 s, end at 60 s) and the club tables' window opens for
the same minute (TV-5); after the minute the central captain names the answering player and
the host judges the oral answer (the answerer may type it for a private suggestion, which
the host may do without). Correct: experts +1, the team stays; wrong: viewers +1, the team
leaves and the seating follows (``rules.tv.seating``); the first side to the target wins
(TV-4). The host may judge the oral answer before the captain names the answerer in the bot:
the answer is given aloud in the room, and naming is the captain's record of who spoke.

A stopped clock stops the club tables' minute too: while it is stopped no hand-in is late,
and when it runs again their deadline moves with it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.base import Event, Rejection
from rules.clock import (
    ClockResumed,
    MissedDeadlines,
    PauseClock,
    ResumeClock,
    TimerFired,
    decide_clock,
    start,
)
from rules.judging import DecideGroup, Judging, QueueAnswers, decide_judging
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    RegisterTeam,
    TakeOverHost,
    decide_roster,
)
from rules.top import spin
from rules.tv import seating
from rules.tv.actions import (
    AbortGame,
    Action,
    AttachPackage,
    CloseClubAnswers,
    JudgeClubAnswers,
    NameBestPlayer,
    QuestionDelivered,
    QuestionNotDelivered,
    QueueClubAnswers,
    SeatTeam,
    SpinTop,
    StartGame,
)
from rules.tv.config import MIN_TEAMS, Phase, SeatReason, Side
from rules.tv.events import (
    AnswererNamed,
    AnswerTyped,
    BestPlayerNamed,
    CentralJudged,
    ClubJudgingOf,
    EnvelopeDrawn,
    GameAborted,
    GameStarted,
    GameWon,
    PackageAttached,
    QuestionUndelivered,
    TeamSeated,
)
from rules.tv.evolve import evolve
from rules.tv.state import TvState, timers
from rules.written import (
    CLOSE_TIMER,
    CloseWindow,
    DeadlineMoved,
    HandIn,
    HandInBy,
    OpenWindow,
    decide_written,
    evolve_written,
    visible,
)

_AFTER_GAME = (NameBestPlayer, JudgeClubAnswers, QueueClubAnswers, HandIn, CloseClubAnswers,
               TimerFired, MissedDeadlines, QuestionDelivered, QuestionNotDelivered,
               NameAnswerer)
"""What a game takes once a side has won: the best player, the club tables' last answers
with their judging (they count in the ratings, TV-5), and who answered the last question
when the host judged it before the captain named them (``_name_answerer``)."""


def decide(state: TvState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments,
    and who exactly where a role is not enough (the central captain, the answerer). When the
    events complete the club judging that an empty central table waits for and the rules
    leave one team, its seating follows them (``rules.tv.seating``)."""
    decided = _decide(state, action, now)
    if isinstance(decided, Rejection) or not decided:
        return decided
    return [*decided, *_seat_if_settled(state, decided)]


def _seat_if_settled(state: TvState, events: list[Event]) -> list[Event]:
    after = state
    for ev in events:
        after = evolve(after, ev)
    if after.phase is not Phase.SEATING:
        return []
    chosen = seating.pool(after)
    if chosen is None or len(chosen.teams) != 1:
        return []
    return [seating.seated(after, chosen, chosen.teams[0])]


def _decide(state: TvState, action: Action, now: datetime) -> list[Event] | Rejection:
    if state.phase is Phase.ABORTED or (not state.live and not isinstance(action, _AFTER_GAME)):
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameCoHost() | TakeOverHost():
            return decide_roster(state.roster, action, max_teams=state.config.max_teams,
                                 open_=state.phase is Phase.LOBBY)
        case AttachPackage(package_id=package_id, questions=questions):
            return _attach(state, package_id, questions)
        case StartGame(seat=seat, seed=seed):
            return _start(state, seat, seed)
        case SpinTop(seed=seed):
            return _spin(state, seed)
        case SeatTeam(team_id=team_id):
            return _seat_by_hand(state, team_id)
        case QuestionDelivered(number=number, at=delivered):
            return _delivered(state, delivered) if _awaits(state, number) else []
        case QuestionNotDelivered(number=number):
            return [QuestionUndelivered(number)] if _awaits(state, number) else []
        case PauseClock():
            if state.phase is not Phase.DISCUSSION:
                return Rejection("duel-clock-not-running")
            return decide_clock(state.clock, action, now, warn_before=state.config.warn_before)
        case ResumeClock():
            return _resume(state, action, now)
        case TimerFired(name=name, deadline=deadline):
            if name == CLOSE_TIMER:
                if timers(state).get(name) != deadline:
                    return []
                return decide_written(state.written, CloseWindow(), now)
            clock = state.clock if state.phase is Phase.DISCUSSION else None
            return decide_clock(clock, action, now, warn_before=state.config.warn_before)
        case MissedDeadlines():
            return _missed(state, now)
        case NameAnswerer(by=by, player=player):
            return _name_answerer(state, by, player)
        case GiveAnswer():
            return _typed(state, action)
        case JudgeAnswer(correct=correct):
            return _judge(state, correct)
        case HandIn():
            return _hand_in(state, action, now)
        case CloseClubAnswers(by=by):
            return decide_written(state.written, CloseWindow(by), now)
        case QueueClubAnswers(number=number, answers=answers):
            if number != state.written.question or state.written.closed_at is None:
                return Rejection("tv-club-window-open", {"number": number})
            return _judging(state, number, QueueAnswers(answers), now)
        case JudgeClubAnswers(number=number):
            if number not in state.judgings:
                return Rejection("tv-no-club-answers", {"number": number})
            return _judging(state, number, DecideGroup(action.by, action.key, action.verdict,
                                                       action.seen), now)
        case NameBestPlayer(player=player):
            if state.phase is not Phase.BEST_PLAYER:
                return Rejection("tv-best-player-not-now")
            if player not in state.best_player_candidates():
                return Rejection("tv-best-player-not-central", {"name": state.roster.name(player)})
            return [BestPlayerNamed(player)]
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a TV action: {action!r}")


def _attach(state: TvState, package_id: int, questions: tuple[int, ...]
            ) -> list[Event] | Rejection:
    """The package's envelopes replace the game's until the top gives the first one (TV-2);
    a package that cannot last a game (TV-4: ``2 * target - 1`` envelopes) is refused."""
    if state.phase not in (Phase.LOBBY, Phase.SPINNING) or state.rounds:
        return Rejection("tv-package-fixed")
    need = state.config.envelopes_needed
    if len(questions) < need:
        return Rejection("tv-too-few-questions", {"count": len(questions), "need": need})
    return [PackageAttached(package_id, questions)]


def _start(state: TvState, seat: int | None, seed: int) -> list[Event] | Rejection:
    """The host starts with the teams present; the first central team is the host's choice
    or the top's (TV-2, TV-10), of a size that fits (TV-14): the start is refused when the
    host's team does not fit, or when none the top could draw does. A game with no package
    yet is refused with how to give one."""
    if state.phase is not Phase.LOBBY:
        return Rejection("tv-already-started")
    if not state.questions:
        # Opened with no package (one too short for a game is never attached).
        return Rejection("game-no-package")
    teams = tuple(t.id for t in state.roster.teams)
    if len(teams) < MIN_TEAMS:
        return Rejection("tv-too-few-teams", {"count": MIN_TEAMS})
    need = state.config.envelopes_needed
    if len(state.questions) < need:
        return Rejection("tv-too-few-questions", {"count": len(state.questions), "need": need})
    if seat is not None and seat not in teams:
        return Rejection("tv-no-such-team")
    if seat is not None and not state.fits(seat):
        return _size_refused(state, seat)
    started = GameStarted(teams)
    after = evolve(state, started)
    if seat is None and not seating.eligible(after, None)[0]:
        return _none_fits(after)
    return [started, seating.first(after, seat, seed)]


def _size_refused(state: TvState, team_id: int) -> Rejection:
    """Team ``team_id`` may not sit at the central table for its size (TV-14)."""
    return Rejection("tv-team-size", {"team": state.team(team_id).name,
                                      "count": state.players(team_id), **_sizes(state)})


def _none_fits(state: TvState) -> Rejection:
    """No team the top could draw for the central table has a size that fits (TV-14)."""
    unfit = ", ".join(f"«{state.team(t).name}» — {state.players(t)}" for t in state.unfit())
    return Rejection("tv-no-team-fits", {"teams": unfit or "-", **_sizes(state)})


def _sizes(state: TvState) -> dict[str, int]:
    """The team sizes allowed at the central table, for a refusal's text (``max`` 0: any)."""
    return {"min": state.config.min_players, "max": state.config.max_players or 0}


def _spin(state: TvState, seed: int) -> list[Event] | Rejection:
    """The top picks an envelope among those left (TV-2), or the team among several
    candidates for the empty central table (TV-9, TV-11)."""
    if state.phase is Phase.SPINNING:
        sector = spin(seed, state.sectors_left())
        return [EnvelopeDrawn(sector, state.questions[sector - 1])]
    if state.phase is not Phase.SEATING:
        return Rejection("tv-no-spin-now", {"phase": state.phase.value})
    chosen = seating.pool(state)
    if chosen is None:
        return Rejection("tv-seating-waits", {"number": state.last.sector})
    if not chosen.teams:
        return _none_fits(state)
    return [seating.seated(state, chosen, spin(seed, chosen.teams))]


def _seat_by_hand(state: TvState, team_id: int) -> list[Event] | Rejection:
    """The host seats a club team at the empty central table (``rules.tv.seating``)."""
    if state.phase is not Phase.SEATING:
        return Rejection("tv-table-taken")
    team = state.team(team_id)
    if team is None or team_id not in state.teams:
        return Rejection("tv-no-such-team")
    if team_id == state.last.central:
        return Rejection("tv-seat-just-left", {"team": team.name})
    if not state.fits(team_id):
        return _size_refused(state, team_id)
    return [TeamSeated(team_id, SeatReason.HOST)]


def _awaits(state: TvState, number: int) -> bool:
    """True while the game waits for the delivery of question ``number``."""
    return state.phase is Phase.READING and state.last.sector == number


def _delivered(state: TvState, at: datetime) -> list[Event]:
    """The central table's minute from ``at`` and the club tables' window for the same
    minute (TV-2, TV-5; ``rules.written.TV_WINDOW`` for the standard minute); a window
    still open from the last question closes first."""
    events: list[Event] = []
    written = state.written
    if written.open:
        events += decide_written(written, CloseWindow(), at)
        for ev in events:
            written = evolve_written(written, ev)
    started = start(at, state.config.discussion, warn_before=state.config.warn_before)
    opened = decide_written(written, OpenWindow(
        state.last.sector, at, at + timedelta(seconds=state.config.discussion),
        (state.central,)), at)
    return [*events, started, *opened]


def _resume(state: TvState, action: ResumeClock, now: datetime) -> list[Event] | Rejection:
    """The host starts the clock of a question still waiting for its delivery, or restarts
    a stopped clock with the time left; the club tables' deadline moves with it."""
    if state.phase is Phase.READING:
        return _delivered(state, now)
    if state.phase is not Phase.DISCUSSION:
        return Rejection("duel-clock-not-paused")
    events = decide_clock(state.clock, action, now, warn_before=state.config.warn_before)
    if isinstance(events, list) and events and isinstance(events[0], ClockResumed) \
            and state.written.open:
        events = [*events, DeadlineMoved(events[0].ends_at)]
    return events


def _missed(state: TvState, now: datetime) -> list[Event]:
    """The bot was down past a deadline: a running clock stops with the time that was left
    (``rules.clock``, the club tables' minute with it); a club window whose close was missed
    after the minute closes now (hand-ins are taken by their send time anyway)."""
    clock = state.clock if state.phase is Phase.DISCUSSION else None
    close = timers(state).get(CLOSE_TIMER)
    events = decide_clock(clock, MissedDeadlines(), now, warn_before=state.config.warn_before,
                          also=() if close is None else (close,))
    if events or close is None or close > now or clock is not None:
        return events
    return decide_written(state.written, CloseWindow(), now)


def _name_answerer(state: TvState, by: int, player: int) -> list[Event] | Rejection:
    """The central captain names the answering player after the minute (TV-2). The host
    may have judged the oral answer first (the module's docstring): then the captain of
    the team that answered may still record who spoke, until the next envelope is drawn,
    so the round's record names its answerer (the rating counts the whole team, TV-6)."""
    last, answered = state.last, state.team(state.last.central if state.last else None)
    if state.phase is not Phase.ANSWERING and last is not None and answered is not None and \
            last.correct is not None and last.answerer is None and \
            state.phase is not Phase.ABORTED:
        if by != answered.captain:
            return Rejection("tv-not-central-captain", {"team": answered.name})
        if player not in last.members.get(last.central, ()):
            return Rejection("tv-answerer-not-central", {"name": state.roster.name(player),
                                                         "team": answered.name})
        return [AnswererNamed(player)]
    if state.phase is not Phase.ANSWERING:
        return Rejection("tv-not-answering")
    team = state.central_team
    if by != team.captain:
        return Rejection("tv-not-central-captain", {"team": team.name})
    if player not in team.members:
        return Rejection("tv-answerer-not-central", {"name": state.roster.name(player),
                                                     "team": team.name})
    return [AnswererNamed(player)]


def _typed(state: TvState, action: GiveAnswer) -> list[Event] | Rejection:
    """The named answerer types the oral answer, for the host's private suggestion."""
    if state.phase is not Phase.ANSWERING:
        return Rejection("tv-not-answering")
    if action.by != state.current.answerer:
        return Rejection("tv-not-answerer")
    text = action.text.strip()
    if not visible(text):
        return Rejection("answer-empty")
    return [AnswerTyped(text, action.suggestion, action.reason, action.reason_args)]


def _judge(state: TvState, correct: bool) -> list[Event] | Rejection:
    """The host's verdict on the central answer (TV-3), and the win at the target (TV-4)."""
    if state.phase is not Phase.ANSWERING:
        return Rejection("tv-not-answering")
    events: list[Event] = [CentralJudged(state.current.sector, state.central, correct)]
    experts, viewers = state.score
    experts, viewers = (experts + 1, viewers) if correct else (experts, viewers + 1)
    target = state.config.target
    if experts >= target or viewers >= target:
        events.append(GameWon(Side.EXPERTS if experts >= target else Side.VIEWERS))
    return events


def _hand_in(state: TvState, action: HandIn, now: datetime) -> list[Event] | Rejection:
    """A club table's written answer (TV-5): any member hands in, the central table is
    excluded; while the clock is stopped nothing is late."""
    written = state.written
    clock = state.clock if state.phase is Phase.DISCUSSION else None
    if clock is not None and clock.paused and written.deadline is not None:
        written = replace(written, deadline=max(written.deadline, action.sent_at))
    return decide_written(written, action, now, team=state.roster.team_of(action.by),
                          by=HandInBy.MEMBER)


def _judging(state: TvState, number: int, action: QueueAnswers | DecideGroup, now: datetime
             ) -> list[Event] | Rejection:
    """A judging action on the club answers to ``number``, after ``ClubJudgingOf`` when the
    judging events were about another question."""
    events = decide_judging(state.judgings.get(number, Judging()), action, now)
    if isinstance(events, Rejection) or not events or state.judging_of == number:
        return events
    return [ClubJudgingOf(number), *events]
