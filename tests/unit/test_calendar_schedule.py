"""The calendar's values (``bot.calendar.schedule``): a weekly club night keeps its wall time
in the club's zone across changes of daylight saving time (Europe/Berlin, March and
October); the steps of a SYNC game (SYNC-2, SYNC-3) and which of them still make sense
late."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.calendar.schedule import Entry, Step, steps, still_due, to_utc
from rules.base import Rejection

T0 = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


def _weekly(local: str, zone: str = "Europe/Berlin") -> Entry:
    return Entry(1, "console:game", 1, "duel", datetime.strptime(local, "%Y-%m-%d %H:%M"),
                 zone, True, "scheduled", "host", "host", "ru", T0)


def test_a_weekly_night_keeps_19_00_local_across_the_march_change():
    """Given every Friday 19:00 in Berlin from 2027-03-19, then the games are at 18:00 UTC
    until the clocks go forward on 2027-03-28 and at 17:00 UTC after."""
    entry = _weekly("2027-03-19 19:00")
    assert entry.starts(T0, datetime(2027, 4, 10, tzinfo=UTC)) == [
        datetime(2027, 3, 19, 18, 0, tzinfo=UTC), datetime(2027, 3, 26, 18, 0, tzinfo=UTC),
        datetime(2027, 4, 2, 17, 0, tzinfo=UTC), datetime(2027, 4, 9, 17, 0, tzinfo=UTC)]


def test_a_weekly_night_keeps_19_00_local_across_the_october_change():
    """Given every Friday 19:00 in Berlin, then the games before the clocks go back on
    2027-10-31 are at 17:00 UTC and the one after at 18:00 UTC."""
    entry = _weekly("2027-10-22 19:00")
    assert entry.starts(datetime(2027, 10, 1, tzinfo=UTC), datetime(2027, 11, 6, tzinfo=UTC)) \
        == [datetime(2027, 10, 22, 17, 0, tzinfo=UTC), datetime(2027, 10, 29, 17, 0, tzinfo=UTC),
            datetime(2027, 11, 5, 18, 0, tzinfo=UTC)]


def test_a_wall_time_skipped_or_repeated_has_no_single_moment():
    """Given Berlin's changes of 2027, then 02:30 on 2027-03-28 is skipped, 02:30 on
    2027-10-31 repeated, and 19:00 on either day one moment."""
    berlin = ZoneInfo("Europe/Berlin")
    skipped = to_utc(datetime(2027, 3, 28, 2, 30), berlin)
    twice = to_utc(datetime(2027, 10, 31, 2, 30), berlin)
    assert isinstance(skipped, Rejection) and skipped.reason == "calendar-time-skipped"
    assert isinstance(twice, Rejection) and twice.reason == "calendar-time-twice"
    assert to_utc(datetime(2027, 3, 28, 19, 0), berlin) == datetime(2027, 3, 28, 17, 0,
                                                                   tzinfo=UTC)


def test_sync_2_3_steps_of_a_game_five_days_ahead():
    """Given a SYNC game five days after it is scheduled, then it is announced at once, the
    captains reminded a day before registration closes (3 days before, SYNC-2), the unpaid
    teams (SYNC-3) and everyone a day before, everyone an hour before, and it opens on
    time."""
    start = T0 + timedelta(days=5)
    assert steps("sync", start, T0) == {
        Step.ANNOUNCE: T0, Step.QUESTIONS: start - timedelta(days=4),
        Step.FEE: start - timedelta(days=1), Step.DAY: start - timedelta(days=1),
        Step.HOUR: start - timedelta(hours=1), Step.OPEN: start}


def test_steps_already_past_when_scheduled_are_left_out():
    """Given a DUEL game scheduled 20 hours ahead, then there is no reminder a day before;
    the announcement (at once) and the rest are kept."""
    start = T0 + timedelta(hours=20)
    assert steps("duel", start, T0) == {Step.ANNOUNCE: T0, Step.HOUR: start - timedelta(hours=1),
                                        Step.OPEN: start}


def test_a_late_step_still_makes_sense_only_before_its_event():
    """A reminder found late is due until the game starts; the captains' reminder until
    registration closes; the opening while the evening lasts (three hours)."""
    start = T0 + timedelta(days=5)
    assert still_due(Step.DAY, start, start - timedelta(minutes=1))
    assert not still_due(Step.HOUR, start, start)
    assert not still_due(Step.QUESTIONS, start, start - timedelta(days=3))
    assert still_due(Step.OPEN, start, start + timedelta(hours=2, minutes=59))
    assert not still_due(Step.OPEN, start, start + timedelta(hours=3))


def test_sync_2_an_announcement_found_late_is_dropped_once_registration_would_have_closed():
    """A SYNC game's announcement found late still comes while its registration could be
    open (until three days before, SYNC-2); a DUEL game's until it starts."""
    start = T0 + timedelta(days=5)
    assert still_due(Step.ANNOUNCE, start, start - timedelta(days=3, minutes=1), "sync")
    assert not still_due(Step.ANNOUNCE, start, start - timedelta(days=3), "sync")
    assert still_due(Step.ANNOUNCE, start, start - timedelta(days=1), "duel")
