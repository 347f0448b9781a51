"""Time (DUEL-3.4.1, 5.1.2, 5.2, 5.3): the clock's pause, resume and deadlines, delegated to
the shared clock (``rules.clock``), and what DUEL adds to it: stored extra minutes, the hint
(a minute or club help with its helpers' 30 s) and the credit minute.

Extra minutes (DUEL-5.1.2, 6.4.4) are stored and spent one per ``UseExtraMinute``, during the
discussion or after its end before the answerer is named; one covers one mini-question. In the
decisive round only minutes from early answers count (6.4.4 names them alone), so a sector 13
minute is spent first elsewhere.

Hints (DUEL-5.2): once per game, while the team is behind: an extra minute, or club help: the
clock stops until 1..3 helpers are named by the host, or by the captain with the keeper's
consent, then they talk with the team for 30 s added to the discussion (a signal when their
30 s end). In a superblitz the playing player takes the hint (5.2.1).

Credit minute (DUEL-5.3): once per game, when the host has 5 points, after the time ran out
(the main minute or a hint's time); it must be repaid (5.3.1), see the package's docstring.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from rules.base import Event, Rejection
from rules.clock import (
    ClockPaused,
    DiscussionEnded,
    MissedDeadlines,
    PauseClock,
    ResumeClock,
    TimerFired,
    added,
    decide_clock,
)
from rules.duel.config import CLUB_SECONDS, MAX_HELPERS, Hint, MinuteSource, Phase, Play, TimeReason
from rules.duel.events import (
    ClubHelpWithdrawn,
    CreditTaken,
    HelpersDone,
    HelpersNamed,
    HelpersProposed,
    HelpersRefused,
    HintTaken,
    TimeAdded,
)
from rules.duel.question import delivered, time_up
from rules.duel.state import HELPERS, DuelState, cannot_grow, discussion_clock, timers


def grow(state: DuelState, now: datetime, seconds: float, reason: TimeReason,
         spent: MinuteSource | None = None) -> TimeAdded:
    """``seconds`` more discussion at ``now`` for ``reason`` (``spent``: the stored minute
    used): added to a running or stopped clock, or a new period after the time ran out
    (``rules.clock.added``). A clock stopped while helpers are chosen runs again."""
    ends, warning = added(discussion_clock(state), now, seconds,
                          warn_before=state.config.warn_before, restart=state.helpers_pending)
    return TimeAdded(reason, seconds, ends, warning, spent)


def use_extra_minute(state: DuelState, now: datetime) -> list[Event] | Rejection:
    """Spend one stored extra minute (DUEL-5.1.2); in the decisive round only one from an
    early answer (DUEL-6.4.4)."""
    refused = cannot_grow(state)
    if refused is not None:
        return refused
    usable = [m for m in state.minutes if not state.decisive or m is MinuteSource.EARLY]
    if not usable:
        return Rejection("duel-no-minutes-decisive" if state.minutes else "duel-no-minutes")
    # A sector 13 minute goes first: only early-answer minutes serve in the decisive round.
    spent = MinuteSource.SECTOR13 if MinuteSource.SECTOR13 in usable else usable[0]
    return [grow(state, now, state.config.discussion, TimeReason.EXTRA, spent)]


def take_hint(state: DuelState, by: int, hint: Hint, now: datetime) -> list[Event] | Rejection:
    """The game's one hint, while the team is behind (DUEL-5.2): a minute, or club help (the
    clock stops until the helpers are named); in a superblitz its player takes it (5.2.1)."""
    if state.hint_used:
        return Rejection("duel-hint-used")
    refused = cannot_grow(state)
    if refused is not None:
        return refused
    if state.play is Play.SUPERBLITZ:
        if by != state.solo:
            return Rejection("duel-hint-superblitz-player", {"name": state.roster.name(state.solo)})
    elif state.team is None or by != state.team.captain:
        return Rejection("duel-hint-captain")
    team, host = state.score
    if team >= host:
        return Rejection("duel-hint-not-behind")
    if hint is Hint.MINUTE:
        return [HintTaken(hint), grow(state, now, state.config.discussion, TimeReason.HINT)]
    events: list[Event] = []
    clock = discussion_clock(state)
    if clock is not None and not clock.paused:
        # The clock waits while the helpers are chosen.
        events.append(ClockPaused(clock.left(now), "helpers"))
    return [*events, HintTaken(hint)]


def name_helpers(state: DuelState, by: int, players: tuple[int, ...], names: tuple[str, ...],
                 now: datetime) -> list[Event] | Rejection:
    """Club helpers (DUEL-5.2b): 1 to 3 people outside the game, named by the host, or
    proposed by the captain for the keeper's consent; none withdraws the club help."""
    if not state.helpers_pending:
        return Rejection("duel-no-club-help")
    if not players:
        return withdraw_club_help(state, now)
    if not 1 <= len(players) <= MAX_HELPERS or len(set(players)) != len(players):
        return Rejection("duel-helpers-count", {"count": MAX_HELPERS})
    roster = state.roster
    officials = {roster.host, roster.keeper, *roster.cohosts}
    for player in players:
        if player in officials or (state.team is not None and player in state.team.members):
            return Rejection("duel-helper-invalid", {"name": roster.name(player)})
    if by == roster.host or by in roster.cohosts:
        return helpers_named(state, players, names, now)
    if state.team is None or by != state.team.captain:
        return Rejection("duel-helpers-who")
    if roster.keeper is None:
        return Rejection("duel-no-keeper")
    return [HelpersProposed(players, names)]


def withdraw_club_help(state: DuelState, now: datetime) -> list[Event]:
    """No helper can be found (nobody else is in the call): the club help is called off, the
    hint is not spent, and a clock stopped for the choice runs on (DUEL-5.2b, 8.1)."""
    events: list[Event] = [ClubHelpWithdrawn()]
    clock = state.clock
    if state.phase is Phase.DISCUSSION and clock is not None and clock.paused_for == "helpers":
        resumed = resume(replace(state, helpers_pending=False), ResumeClock(state.roster.host),
                         now)
        if isinstance(resumed, list):
            events += resumed
    return events


def helpers_named(state: DuelState, players: tuple[int, ...], names: tuple[str, ...],
                  now: datetime) -> list[Event]:
    """The helpers talk with the team for 30 s added to the discussion (DUEL-5.2b)."""
    return [grow(state, now, CLUB_SECONDS, TimeReason.CLUB),
            HelpersNamed(players, now + timedelta(seconds=CLUB_SECONDS), names)]


def answer_helpers(state: DuelState, agree: bool, now: datetime) -> list[Event] | Rejection:
    """The keeper agrees to the captain's helpers, who then talk for 30 s, or not: then the
    host chooses them (DUEL-5.2b)."""
    if not state.helpers_pending or not state.helpers_proposed:
        return Rejection("duel-no-helpers-proposed")
    if agree:
        names = tuple(state.roster.name(p) for p in state.helpers_proposed)
        return helpers_named(state, state.helpers_proposed, names, now)
    return [HelpersRefused()]


def take_credit(state: DuelState, now: datetime) -> list[Event] | Rejection:
    """The credit minute, once, when the host has 5 points, after the time ran out, and only
    if a later question could repay it (DUEL-5.3, 5.3.1)."""
    if state.credit_taken or state.decisive:
        return Rejection("duel-credit-used")
    target = state.config.target
    if state.score[1] != target - 1:
        return Rejection("duel-credit-not-now", {"points": target - 1})
    refused = cannot_grow(state)
    if refused is not None:
        return refused
    if state.phase is Phase.DISCUSSION:
        return Rejection("duel-credit-after-time")
    # DUEL-5.3.1: the minute must be repaid on a later question before the game ends.
    if state.score[0] == target - 1:
        return Rejection("duel-credit-game-point", {"points": target - 1})
    if not [n for n in state.repayable() if n != state.current]:
        return Rejection("duel-credit-no-repay")
    return [CreditTaken(state.current),
            grow(state, now, state.config.discussion, TimeReason.CREDIT)]


def pause(state: DuelState, action: PauseClock, now: datetime) -> list[Event] | Rejection:
    """The host stops the clock of the running discussion (DUEL-3.4.1)."""
    if state.phase is not Phase.DISCUSSION or state.clock is None:
        return Rejection("duel-clock-not-running")
    return decide_clock(state.clock, action, now,
                        warn_before=state.config.warn_before)


def resume(state: DuelState, action: ResumeClock, now: datetime) -> list[Event] | Rejection:
    """The host restarts a stopped clock with the time left (DUEL-3.4.1), or starts the
    clock of a question still waiting for its delivery (DUEL-3.4); not while club helpers
    are being chosen. With no time left the discussion ends."""
    if state.phase is Phase.READING:
        # The host starts the clock of a question that did not (or not yet) reach the chat.
        return [delivered(state, now)]
    clock = discussion_clock(state)
    if clock is None or not clock.paused:
        return Rejection("duel-clock-not-paused")
    if state.helpers_pending:
        return Rejection("duel-helpers-pending")
    return _with_answerer(state, decide_clock(clock, action, now,
                                              warn_before=state.config.warn_before))


def timer(state: DuelState, fired: TimerFired, now: datetime) -> list[Event]:
    """A deadline arrived: the warning, the end of discussion (DUEL-3.4.2), or the end of the
    club helpers' 30 s (DUEL-5.2b). A timer that no longer matches the state is stale (the
    clock was paused, resumed, extended, or the phase moved on): it does nothing."""
    if fired.name == HELPERS:
        return [HelpersDone()] if timers(state).get(HELPERS) == fired.deadline else []
    return _with_answerer(state, decide_clock(discussion_clock(state), fired, now,
                                              warn_before=state.config.warn_before))


def missed(state: DuelState, now: datetime) -> list[Event]:
    """The bot was down past a deadline of the running clock: it stops with the time that
    was left at the deadline's passing, ``max(0, end - now)`` (DESIGN.md, Time)."""
    extra = tuple(at for name, at in timers(state).items() if name == HELPERS)
    return decide_clock(discussion_clock(state), MissedDeadlines(), now,
                        warn_before=state.config.warn_before, also=extra)


def _with_answerer(state: DuelState, events: list[Event] | Rejection) -> list[Event] | Rejection:
    """The clock's events, and when they end the discussion, the solo player (superblitz,
    decisive round, lone sector 13) as the answerer without being named."""
    if isinstance(events, list) and events and isinstance(events[-1], DiscussionEnded):
        return [*events[:-1], *time_up(state)]
    return events
