"""Playing a SYNC question (SYNC-6, SYNC-7, SYNC-8): the host asks it, its delivery starts the
minute and opens the written window, the warning after 50 s, 15 s to hand in, the window's
close one second later, the answers queued for judging in one step, the hosts' verdicts, and
the question scored when no group is pending.

The clock (``rules.clock``) runs the minute, then the hand-in time as a second period with no
warning (``HandInStarted``); the written window (``rules.written``) spans delivery to the end
of the hand-in time, plus one second of grace, and closes by its own timer only once the
clock's end has passed (phase ``CLOSING``). While the host has stopped the clock no time
runs, so no answer handed in meanwhile is late; the deadline moves when the clock runs again.
A deadline missed while the bot was down stops the clock (``downtime``), as in DUEL; a missed
close holds the window open until the host closes it (``ResumeClock``), so that answers sent
in time and delivered after the restart still count.

Scale: a hand-in costs O(1) (the team comes by id from an index, the intake and the prepared
judgements are growing maps); the close queues every answer in one action, O(answers).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from rules.base import Event, Rejection
from rules.clock import (
    ClockResumed,
    DiscussionEnded,
    MissedDeadlines,
    PauseClock,
    ResumeClock,
    TimerFired,
    decide_clock,
    start,
)
from rules.judging import (
    DecideGroup,
    QueueAnswers,
    QueuedAnswer,
    Verdict,
    decide_judging,
    done_after_queue,
    evolve_judging,
)
from rules.sync import scoring
from rules.sync.actions import AskClarification, ExplainAnswer, HandInAnswer, JudgeGroup
from rules.sync.config import Phase
from rules.sync.events import (
    AnswerExplained,
    AnswerPrepared,
    ClarificationAsked,
    ClosingHeld,
    GameFinished,
    HandInStarted,
    QuestionRepeated,
    QuestionScored,
    RoundEnded,
)
from rules.sync.state import SyncState, round_complete, shootout_left
from rules.written import (
    CLOSE_TIMER,
    GRACE,
    CloseWindow,
    DeadlineMoved,
    HandIn,
    NameAnswerer,
    WindowOpened,
    decide_written,
)

Decision = list[Event] | Rejection


def delivered(state: SyncState, at: datetime) -> list[Event]:
    """The question waiting in ``READING`` reached the chat at ``at`` (UTC): its minute
    starts, warning after 50 s, and the window opens until the end of the hand-in time
    (SYNC-6); the asking team does not answer it (SYNC-5)."""
    config, asked = state.config, state.current
    excluded = () if asked.asking_team is None else (asked.asking_team,)
    deadline = at + timedelta(seconds=config.window)
    return [start(at, config.discussion, warn_before=config.warn_before),
            WindowOpened(asked.number, at, deadline, excluded)]


def repeat(state: SyncState) -> Decision:
    """The host reads the question again (SYNC-6): while it is read or answered."""
    if state.phase not in (Phase.READING, Phase.DISCUSSION, Phase.HAND_IN):
        return Rejection("sync-no-question-to-repeat")
    return [QuestionRepeated(state.current.number)]


def pause(state: SyncState, action: PauseClock, now: datetime) -> Decision:
    """The host stops the minute or the hand-in time with the time left."""
    if state.phase not in (Phase.DISCUSSION, Phase.HAND_IN):
        return Rejection("duel-clock-not-running")
    return decide_clock(state.clock, action, now, warn_before=state.config.warn_before)


def resume(state: SyncState, action: ResumeClock, now: datetime) -> Decision:
    """The host starts the clock of a question still waiting for its delivery, runs a stopped
    clock on (the window's deadline moves with it), or closes a window held after a
    downtime."""
    if state.phase is Phase.READING:
        return delivered(state, now)
    if state.phase is Phase.CLOSING and state.held:
        return close(state, now, action.by)
    if state.phase not in (Phase.DISCUSSION, Phase.HAND_IN):
        return Rejection("duel-clock-not-paused")
    events = decide_clock(state.clock, action, now, warn_before=state.config.warn_before)
    if isinstance(events, Rejection):
        return events
    if events and isinstance(events[0], ClockResumed):
        hand_in = state.config.hand_in if state.phase is Phase.DISCUSSION else 0.0
        return [*events, DeadlineMoved(events[0].ends_at + timedelta(seconds=hand_in))]
    return _time_up(state, events, now)


def timer(state: SyncState, fired: TimerFired, now: datetime) -> Decision:
    """A deadline arrived: the warning, the end of the minute (the hand-in time begins), the
    end of the hand-in time, or the window's close. A timer that no longer matches the state
    is stale and does nothing."""
    if fired.name == CLOSE_TIMER:
        if state.phase is Phase.CLOSING and not state.held \
                and fired.deadline == state.written.deadline + GRACE:
            return close(state, now, None)
        return []
    if state.phase not in (Phase.DISCUSSION, Phase.HAND_IN):
        return []
    events = decide_clock(state.clock, fired, now, warn_before=state.config.warn_before)
    return _time_up(state, events, fired.deadline)


def _time_up(state: SyncState, events: Decision, end: datetime) -> Decision:
    """The clock's events; when they end the minute (at ``end``), the hand-in time follows."""
    if isinstance(events, Rejection) or not events or not isinstance(events[-1],
                                                                     DiscussionEnded):
        return events
    if state.phase is not Phase.DISCUSSION:
        return events
    ends_at = end + timedelta(seconds=state.config.hand_in)
    started: list[Event] = [*events, HandInStarted(ends_at, state.config.hand_in)]
    if state.written.deadline != ends_at:
        started.append(DeadlineMoved(ends_at))
    return started


def missed(state: SyncState, now: datetime) -> list[Event]:
    """The bot was down past a deadline: a running clock stops with the time that was left
    (``downtime``, DESIGN.md, Time); a close that should have happened waits for the host."""
    if state.phase in (Phase.DISCUSSION, Phase.HAND_IN):
        return decide_clock(state.clock, MissedDeadlines(), now,
                            warn_before=state.config.warn_before)
    if state.phase is Phase.CLOSING and not state.held \
            and state.written.deadline + GRACE <= now:
        return [ClosingHeld()]
    return []


def hand_in(state: SyncState, action: HandInAnswer, now: datetime) -> Decision:
    """A team's written answer (SYNC-6), by the captain or the player the captain named: the
    intake's ``AnswerHandedIn`` and the bot's judgement of it (``AnswerPrepared``). O(1)."""
    team = state.team(action.team_id)
    if team is not None and action.by not in team.members:
        team = None
    asked = state.current
    if team is not None and asked is not None and asked.playing \
            and team.id not in asked.playing and state.written.open:
        return Rejection("sync-not-in-shootout", {"team": team.name})
    written = state.written
    clock = state.clock
    if clock is not None and clock.paused_for == "host" and written.open:
        # No time runs while the host has stopped the clock: nothing handed in is late.
        written = replace(written, deadline=max(written.deadline, action.sent_at))
    events = decide_written(written, HandIn(action.by, action.text, action.sent_at), now,
                            team=team)
    if isinstance(events, Rejection):
        return events
    return [*events, AnswerPrepared(team.id, action.key, action.suggestion, action.reason,
                                    dict(action.reason_args))]


def name_answerer(state: SyncState, action: NameAnswerer, now: datetime) -> Decision:
    """The captain names the player who hands in for the team (``rules.written``)."""
    return decide_written(state.written, action, now, team=state.player_team(action.by))


def close(state: SyncState, now: datetime, by: int | None) -> Decision:
    """The window closes; every answer goes to the judging queue in one step, grouped by its
    key, sure suggestions decided at once where the game allows it; with nothing left to
    judge the question is scored."""
    closed = decide_written(state.written, CloseWindow(by), now)
    if isinstance(closed, Rejection):
        return closed
    prepared = state.prepared
    answers = tuple(QueuedAnswer(team_id, answer.text, p.key, p.suggestion, p.reason,
                                 p.reason_args)
                    for team_id, answer in state.written.answers.items()
                    for p in (prepared[team_id],))
    asked = state.current
    queued = decide_judging(asked.judging, QueueAnswers(answers), now)
    if isinstance(queued, Rejection):
        return queued
    # Whether anything is left to judge, without folding every queued answer twice (here
    # and in the commit); a shoot-out's teams are few, and its winner needs the fold.
    done = None if asked.shootout else done_after_queue(asked.judging, queued)
    return [*closed, *queued, *_scored_if_done(state, queued, done)]


def _judging_after(state: SyncState, events: list[Event]):
    judging = state.current.judging
    for ev in events:
        judging = evolve_judging(judging, ev)
    return judging


def _scored_if_done(state: SyncState, judged: list[Event], done: bool | None = None
                    ) -> list[Event]:
    """``QuestionScored`` when the current question has no group left to judge after
    ``judged`` (``done`` when the caller knows it, for a question outside the shoot-out),
    with what follows from it: the round's end (SYNC-5), or the shoot-out's winner
    (SYNC-8)."""
    asked = state.current
    judging = None
    if done is None:
        judging = _judging_after(state, judged)
        done = judging.done
    if not done:
        return []
    events: list[Event] = [QuestionScored(asked.number)]
    if judging is not None and asked.shootout:
        right = frozenset(t for g in judging.groups.values() if g.verdict is Verdict.ACCEPT
                          for t in g.teams)
        left = scoring.shootout_left(shootout_left(state), (right,))
        if len(left) == 1:
            events.append(GameFinished(next(iter(left))))
        return events
    if round_complete(state):
        events.append(RoundEnded(asked.round))
    return events


def judge(state: SyncState, action: JudgeGroup, now: datetime) -> Decision:
    """The host judges a group of the latest question (``rules.judging``): while it is being
    judged, or, for a question of the main table, until the next question is asked or the
    game ends. The verdict that leaves nothing pending scores the question."""
    asked = state.current
    later = state.phase in (Phase.ROUND, Phase.BREAK) and asked is not None and asked.scored
    if state.phase is not Phase.JUDGING and not later:
        return Rejection("sync-not-judging")
    events = decide_judging(asked.judging, DecideGroup(action.by, action.key, action.verdict,
                                                       action.seen), now)
    if isinstance(events, Rejection) or later:
        return events
    return [*events, *_scored_if_done(state, events)]


def clarify(state: SyncState, action: AskClarification) -> Decision:
    """The host asks one player of a team to explain its answer to the latest question, once
    per team and question (SYNC-6), once the window has closed."""
    asked = state.current
    if asked is None or state.phase not in (Phase.JUDGING, Phase.ROUND, Phase.BREAK,
                                            Phase.SHOOTOUT):
        return Rejection("sync-clarify-not-now")
    team = state.team(action.team_id)
    if team is None:
        return Rejection("sync-no-such-team")
    if action.player not in team.members:
        return Rejection("sync-clarify-not-member",
                         {"name": state.name(action.player), "team": team.name})
    if team.id not in asked.judging.answers:
        return Rejection("sync-clarify-no-answer", {"team": team.name})
    if team.id in asked.clarified:
        return Rejection("sync-clarify-once",
                         {"team": team.name, "name": state.name(asked.clarified[team.id])})
    return [ClarificationAsked(asked.number, team.id, action.player)]


def explain(state: SyncState, action: ExplainAnswer) -> Decision:
    """The player the host asked explains the team's answer to the latest question, once
    (SYNC-6). The explanation is recorded for the hosts, to read beside the answer the team
    handed in: it is not an answer, so it joins no group, moves no team and changes no
    verdict; the hosts judge what was handed in."""
    asked = state.current
    if asked is None or asked.clarified.get(action.team_id) != action.by:
        return Rejection("sync-explain-not-asked")
    if action.team_id in asked.explained:
        return Rejection("sync-explain-once")
    return [AnswerExplained(asked.number, action.team_id, action.by, action.text)]
