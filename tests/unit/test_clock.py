"""The discussion clock, the sub-decider every format shares (``rules.clock``; RULES.md
DUEL-3.4, 3.4.1, 3.4.2, SYNC-6; DESIGN.md, Time): given clock events, when a clock action at
a moment, then the events it produces, or the rejection's reason."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rules import clock as c
from rules.base import Event, Rejection

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
WARN_BEFORE = 10.0
"""DUEL-3.4.2 and SYNC-6: the warning 10 s before the end of the minute, at 50 s."""
HOST = 1


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0``."""
    return T0 + timedelta(seconds=seconds)


def given(*events: Event) -> c.Clock | None:
    """The clock after ``events``, from no discussion."""
    clock = None
    for ev in events:
        clock = c.evolve_clock(clock, ev)
    return clock


def when(clock: c.Clock | None, action, now: datetime, **options) -> list[Event] | Rejection:
    """What ``action`` at ``now`` does to ``clock``."""
    return c.decide_clock(clock, action, now, warn_before=WARN_BEFORE, **options)


MINUTE = c.start(T0, 60, warn_before=WARN_BEFORE)
"""A minute of discussion started at ``T0`` (DUEL-3.4)."""


def test_duel_3_4_a_minute_of_discussion_ends_60_s_after_it_starts():
    assert (MINUTE.ends_at, MINUTE.warning_at, MINUTE.seconds) == (at(60), at(50), 60)
    assert c.clock_timers(given(MINUTE)) == {"end": at(60), "warning": at(50)}


def test_duel_3_4_2_the_warning_sounds_10_s_before_the_end_and_the_end_signal_at_the_end():
    assert when(given(MINUTE), c.TimerFired("warning", at(50)), at(50)) == [
        c.WarningSignalled()]
    warned = given(MINUTE, c.WarningSignalled())
    assert c.clock_timers(warned) == {"end": at(60)}
    assert when(warned, c.TimerFired("end", at(60)), at(60)) == [c.DiscussionEnded()]
    assert given(MINUTE, c.WarningSignalled(), c.DiscussionEnded()) is None


def test_duel_3_4_2_a_period_no_longer_than_10_s_has_no_warning():
    short = c.start(T0, 10, warn_before=WARN_BEFORE)
    assert short.warning_at is None
    assert c.clock_timers(given(short)) == {"end": at(10)}


def test_duel_3_4_2_a_timer_the_clock_no_longer_waits_for_does_nothing():
    paused = given(MINUTE, c.ClockPaused(40, "host"))
    assert when(paused, c.TimerFired("end", at(60)), at(60)) == []
    resumed = given(MINUTE, c.ClockPaused(40, "host"), c.ClockResumed(at(140), at(130)))
    assert when(resumed, c.TimerFired("end", at(60)), at(60)) == []
    assert when(None, c.TimerFired("end", at(60)), at(60)) == []


def test_duel_3_4_1_a_pause_keeps_the_time_left_and_arms_nothing():
    assert when(given(MINUTE), c.PauseClock(HOST), at(20)) == [c.ClockPaused(40, "host")]
    paused = given(MINUTE, c.ClockPaused(40, "host"))
    assert paused.paused and paused.left(at(500)) == 40
    assert c.clock_timers(paused) == {}
    assert when(paused, c.PauseClock(HOST), at(30)) == Rejection("duel-clock-already-paused")
    assert when(None, c.PauseClock(HOST), at(30)) == Rejection("duel-clock-not-running")


def test_duel_3_4_1_resuming_counts_the_time_already_spent():
    paused = given(MINUTE, c.ClockPaused(40, "host"))
    assert when(paused, c.ResumeClock(HOST), at(300)) == [c.ClockResumed(at(340), at(330))]
    resumed = given(MINUTE, c.ClockPaused(40, "host"), c.ClockResumed(at(340), at(330)))
    assert c.clock_timers(resumed) == {"end": at(340), "warning": at(330)}
    assert when(given(MINUTE), c.ResumeClock(HOST), at(30)) == Rejection(
        "duel-clock-not-paused")


def test_duel_3_4_1_resumed_after_the_warning_the_clock_does_not_warn_again():
    late = given(MINUTE, c.ClockPaused(5, "host"))
    assert when(late, c.ResumeClock(HOST), at(100)) == [c.ClockResumed(at(105), None)]
    warned = given(MINUTE, c.WarningSignalled(), c.ClockPaused(8, "host"))
    assert when(warned, c.ResumeClock(HOST), at(100)) == [c.ClockResumed(at(108), None)]
    assert c.clock_timers(given(MINUTE, c.WarningSignalled(), c.ClockPaused(8, "host"),
                                c.ClockResumed(at(108), None))) == {"end": at(108)}


def test_duel_3_4_1_resuming_a_clock_stopped_with_no_time_left_ends_the_discussion():
    spent = given(MINUTE, c.ClockPaused(0, "downtime"))
    assert when(spent, c.ResumeClock(HOST), at(300)) == [c.DiscussionEnded()]


@pytest.mark.parametrize(("now", "left"), [(at(55), 5), (at(60), 0), (at(3600), 0)])
def test_duel_3_4_1_a_deadline_missed_while_the_bot_was_down_pauses_with_what_was_left(now,
                                                                                         left):
    assert when(given(MINUTE), c.MissedDeadlines(), now) == [c.ClockPaused(left, "downtime")]


def test_duel_3_4_1_no_deadline_missed_no_pause():
    assert when(given(MINUTE), c.MissedDeadlines(), at(30)) == []
    assert when(given(MINUTE, c.ClockPaused(40, "host")), c.MissedDeadlines(), at(90)) == []
    assert when(None, c.MissedDeadlines(), at(90)) == []


def test_duel_3_4_1_a_missed_deadline_of_the_format_that_stops_with_the_clock_pauses_it():
    assert when(given(MINUTE), c.MissedDeadlines(), at(40), also=(at(35),)) == [
        c.ClockPaused(20, "downtime")]


def test_duel_3_4_added_time_moves_a_running_clocks_end_and_warning():
    assert c.added(given(MINUTE), at(20), 60, warn_before=WARN_BEFORE) == (at(120), at(110))
    longer = c.with_added(given(MINUTE, c.WarningSignalled()), 60, at(120), at(110))
    assert c.clock_timers(longer) == {"end": at(120), "warning": at(110)}


def test_duel_3_4_1_added_time_on_a_stopped_clock_keeps_it_stopped_with_more_left():
    paused = given(MINUTE, c.WarningSignalled(), c.ClockPaused(5, "host"))
    assert c.added(paused, at(100), 60, warn_before=WARN_BEFORE) == (None, None)
    longer = c.with_added(paused, 60, None, None)
    assert longer.paused and longer.remaining == 65 and not longer.warned
    assert when(longer, c.ResumeClock(HOST), at(200)) == [c.ClockResumed(at(265), at(255))]
    assert c.added(paused, at(100), 30, warn_before=WARN_BEFORE, restart=True) == (
        at(135), at(125))


def test_duel_3_4_added_time_after_the_time_ran_out_is_a_new_period():
    assert c.added(None, at(90), 60, warn_before=WARN_BEFORE) == (at(150), at(140))
    assert c.added(None, at(90), 5, warn_before=WARN_BEFORE) == (at(95), None)


def test_sync_6_one_minute_with_the_warning_after_50_seconds_then_the_end():
    minute = c.start(T0, 60, warn_before=WARN_BEFORE)
    assert (minute.ends_at, minute.warning_at) == (at(60), at(50))
    clock = given(minute)
    assert when(clock, c.TimerFired("warning", at(50)), at(50)) == [c.WarningSignalled()]
    assert when(given(minute, c.WarningSignalled()), c.TimerFired("end", at(60)), at(60)) == [
        c.DiscussionEnded()]


def test_sync_6_the_15_seconds_to_hand_in_are_a_period_of_their_own_after_the_minute():
    # SYNC's written answers are handed in within 15 s of the end: a period with no warning
    # when the format warns only before the minute's end.
    hand_in = c.start(at(60), 15, warn_before=15)
    assert (hand_in.ends_at, hand_in.warning_at) == (at(75), None)
    assert c.clock_timers(given(hand_in)) == {"end": at(75)}
