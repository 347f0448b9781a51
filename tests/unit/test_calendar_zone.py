"""The club's clock (``bot.calendar.zone``): local days, a host's local time to UTC with
Europe/Berlin's DST changes (the March gap refused, the October overlap refused naming both
offsets), and zone names in any letter case, anything else refused."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.calendar.zone import (
    AmbiguousTime,
    MissingTime,
    UnknownZone,
    local_day,
    parse_zone,
    time_refusal,
    to_utc,
)

BERLIN = ZoneInfo("Europe/Berlin")


def test_a_moment_after_utc_midnight_is_the_day_before_in_new_york_the_same_in_vladivostok():
    at = datetime(2026, 3, 8, 0, 30, tzinfo=UTC)
    assert local_day(at, "America/New_York") == date(2026, 3, 7)
    assert local_day(at, "Asia/Vladivostok") == date(2026, 3, 8)
    assert local_day(datetime(2026, 3, 7, 15, 0, tzinfo=UTC), "Asia/Vladivostok") == \
        date(2026, 3, 8)


def test_a_berlin_time_is_read_with_its_offset_of_the_day():
    assert to_utc(datetime(2026, 1, 15, 19, 0), BERLIN) == \
        datetime(2026, 1, 15, 18, 0, tzinfo=UTC)
    assert to_utc(datetime(2026, 7, 15, 19, 0), "Europe/Berlin") == \
        datetime(2026, 7, 15, 17, 0, tzinfo=UTC)


def test_a_time_in_the_march_gap_is_refused():
    # Given 02:30 on 29 March 2026, when Berlin's clocks jump from 02:00 to 03:00,
    with pytest.raises(MissingTime) as refused:
        to_utc(datetime(2026, 3, 29, 2, 30), BERLIN)
    # then the host reads that the time does not exist and to choose another.
    assert time_refusal(refused.value).reason == "time-missing"
    assert time_refusal(refused.value).args == {"time": "2026-03-29 02:30",
                                                 "zone": "Europe/Berlin"}


def test_a_time_in_the_october_overlap_is_refused_naming_both_offsets():
    # Given 02:30 on 25 October 2026, which Berlin's clocks show twice (03:00 back to 02:00),
    with pytest.raises(AmbiguousTime) as refused:
        to_utc(datetime(2026, 10, 25, 2, 30), BERLIN)
    # then both moments are known, an hour apart, and the host reads both offsets.
    assert refused.value.first == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
    assert refused.value.second == datetime(2026, 10, 25, 1, 30, tzinfo=UTC)
    assert time_refusal(refused.value).args == {
        "time": "2026-10-25 02:30", "zone": "Europe/Berlin", "first": "UTC+02:00",
        "second": "UTC+01:00"}


@pytest.mark.parametrize("name", ["Europe/Atlantis", "", "../../etc/passwd", "/etc/localtime",
                                  "Berlin"])
def test_an_unknown_zone_name_is_refused(name):
    with pytest.raises(UnknownZone):
        parse_zone(name)


def test_a_zone_name_is_read_in_any_letter_case():
    assert parse_zone("  asia/VLADIVOSTOK ").key == "Asia/Vladivostok"

