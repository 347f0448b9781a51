"""Time zones: IANA names checked with ``zoneinfo``, local days, and local times to UTC.

A club lives in one zone (``CHGK_TIMEZONE`` by default, ``/timezone`` per chat); the bot
stores and compares UTC, and uses these functions wherever a date is read from or shown to a
person. A local time that a DST change skips, or that it makes happen twice, is refused with
an error the caller turns into a message.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from rules.base import Rejection

DEFAULT_ZONE = "Europe/Moscow"
"""The zone of a chat that set none, unless ``CHGK_TIMEZONE`` says otherwise."""

EXAMPLE_ZONE = "Europe/Berlin"
"""The zone a message shows as an example of a name."""


class ZoneError(ValueError):
    """A time zone or a local time that cannot be used."""


class UnknownZone(ZoneError):
    """``name`` is no IANA time zone."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown time zone {name!r}")
        self.name = name


class MissingTime(ZoneError):
    """``local`` (naive) does not exist in ``zone``: the clocks skip it (DST starts)."""

    def __init__(self, local: datetime, zone: ZoneInfo) -> None:
        super().__init__(f"{local:%Y-%m-%d %H:%M} does not exist in {zone.key}")
        self.local, self.zone = local, zone


class AmbiguousTime(ZoneError):
    """``local`` (naive) happens twice in ``zone`` (DST ends): at ``first`` and at
    ``second`` (UTC), an hour or so apart."""

    def __init__(self, local: datetime, zone: ZoneInfo, first: datetime, second: datetime
                 ) -> None:
        super().__init__(f"{local:%Y-%m-%d %H:%M} happens twice in {zone.key}")
        self.local, self.zone, self.first, self.second = local, zone, first, second


@cache
def _names() -> dict[str, str]:
    # The zones this machine knows, by their casefolded name: "europe/berlin" is meant too.
    return {name.casefold(): name for name in available_timezones()}


def zone_names(typed: str, limit: int = 25) -> list[str]:
    """Up to ``limit`` zone names containing ``typed`` (any letter case; spaces count as
    underscores: "new york"), those whose name or city starts with it first, each group in
    alphabetical order: what a command picker offers while a host types a zone."""
    wanted = typed.strip().casefold().replace(" ", "_")
    found = sorted((not folded.startswith(wanted) and "/" + wanted not in folded, name)
                   for folded, name in _names().items() if wanted in folded)
    return [name for _, name in found[:limit]]


def parse_zone(name: str) -> ZoneInfo:
    """The zone called ``name``, an IANA name such as ``Europe/Berlin`` (any letter case,
    spaces around ignored). Raises UnknownZone for anything else."""
    wanted = name.strip()
    key = _names().get(wanted.casefold(), wanted)
    if not key or key.startswith(("/", ".")) or ".." in key:
        raise UnknownZone(name)
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise UnknownZone(name) from None


def zone_of(zone: ZoneInfo | str) -> ZoneInfo:
    """``zone`` itself, or the zone its name names (``parse_zone``)."""
    return zone if isinstance(zone, ZoneInfo) else parse_zone(zone)


def to_local(at_utc: datetime, zone: ZoneInfo | str) -> datetime:
    """The aware moment ``at_utc`` as the wall clock in ``zone`` shows it (aware, in
    ``zone``)."""
    return at_utc.astimezone(zone_of(zone))


def local_day(at_utc: datetime, zone: ZoneInfo | str) -> date:
    """The calendar day in ``zone`` at the aware moment ``at_utc`` (a club's game day:
    TV-7, TV-10)."""
    return to_local(at_utc, zone).date()


def to_utc(local: datetime, zone: ZoneInfo | str) -> datetime:
    """The UTC moment of the naive wall-clock time ``local`` in ``zone``. Raises MissingTime
    when DST skips that time, AmbiguousTime when it happens twice."""
    tz = zone_of(zone)
    first = local.replace(tzinfo=tz, fold=0)
    second = local.replace(tzinfo=tz, fold=1)
    as_utc = first.astimezone(UTC)
    if as_utc.astimezone(tz).replace(tzinfo=None) != local:
        raise MissingTime(local, tz)
    if first.utcoffset() != second.utcoffset():
        raise AmbiguousTime(local, tz, as_utc, second.astimezone(UTC))
    return as_utc


def stamp(at_utc: datetime, zone: ZoneInfo | str) -> str:
    """The aware moment ``at_utc`` as a club reads it in ``zone``: ``2026-03-01 19:00``."""
    return f"{to_local(at_utc, zone):%Y-%m-%d %H:%M}"


def offset(at_utc: datetime, zone: ZoneInfo | str) -> str:
    """The offset from UTC of ``zone`` at ``at_utc``: ``UTC+03:00``, ``UTC-04:00``."""
    minutes = int(to_local(at_utc, zone).utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
    sign = "-" if minutes < 0 else "+"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def localised(args: dict[str, Any], zone: ZoneInfo | str) -> dict[str, Any]:
    """A message's ``args`` with each aware datetime among them written as ``stamp`` in
    ``zone``; the rest as they are."""
    if not any(isinstance(v, datetime) for v in args.values()):
        return args
    return {k: stamp(v, zone) if isinstance(v, datetime) else v for k, v in args.items()}


def time_refusal(error: ZoneError) -> Rejection:
    """The refusal telling a host why the local date and time they typed cannot be used
    (``time-missing``, ``time-twice``: the form that works is another time)."""
    if isinstance(error, AmbiguousTime):
        return Rejection("time-twice", {
            "time": f"{error.local:%Y-%m-%d %H:%M}", "zone": error.zone.key,
            "first": offset(error.first, error.zone), "second": offset(error.second, error.zone)})
    if isinstance(error, MissingTime):
        return Rejection("time-missing", {"time": f"{error.local:%Y-%m-%d %H:%M}",
                                          "zone": error.zone.key})
    raise error
