"""The club's calendar as values: a scheduled game (``Entry``), when it is played (a single
date, or every week at the same wall time in the club's zone), the steps the bot takes by
itself before it (``steps``) and whether a step found late after downtime still makes sense
(``still_due``). Pure: no I/O, no clock read; ``bot.calendar.jobs`` runs it.

Decisions:

* Times are wall times in the club's IANA zone, stored as typed (``YYYY-MM-DD HH:MM`` and the
  zone), so a weekly game stays at 19:00 across a change of daylight saving time; the UTC
  moments follow from them (APScheduler's ``CronTrigger`` walks the weeks in the zone). A
  wall time that does not exist (the hour skipped in spring) or exists twice (the hour
  repeated in autumn) is refused: the host names another.
* Two games of one chat overlap when their starts are less than ``GAME_LENGTH`` apart (a
  chat plays one game at a time), looked for over ``HORIZON`` of a weekly entry's weeks.
* The steps (SYNC-2, SYNC-3 for SYNC): the announcement ``ANNOUNCE_BEFORE`` the game (at once
  when scheduled later than that); for SYNC, a reminder to the captains whose team has not
  sent its three questions a day before registration closes (``CLOSES_BEFORE``, 3 days
  before the game; the closing itself is the SYNC game's own deadline, in its log); the fee
  reminder to unpaid teams and a reminder a day before; a reminder an hour before; at the
  time, the game opened for the host. A step whose moment had passed when the game was
  scheduled is left out (but the announcement and the opening).
* A TV league's session (TV-7, planned with ``/league plan``) is an entry of format
  ``LEAGUE`` in the league's chat: announced a day before and at its start, with its two
  games named; no game is opened for it (the league's host opens each game with its teams).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from apscheduler.triggers.cron import CronTrigger

from rules.base import Rejection

DEFAULT_ZONE = "Europe/Moscow"
"""The club's zone when none is configured."""
ANNOUNCE_BEFORE = timedelta(days=6)
"""The announcement's lead: under a week, so a weekly game's comes after the last one."""
CLOSES_BEFORE = timedelta(days=3)
"""SYNC-2: registration and the teams' questions close this long before the game."""
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
GAME_LENGTH = timedelta(hours=3)
"""Starts of two games of one chat at least this far apart (a club evening)."""
HORIZON = timedelta(days=366)
"""How far ahead weekly games are compared for overlaps."""
OPEN_GRACE = timedelta(hours=3)
"""How late the opening may still come after downtime: while the evening lasts."""
STAMP = "%Y-%m-%d %H:%M"
"""How a wall time is typed and stored."""
LEAGUE = "league"
"""The format of a TV league session's entry (its ``host_name`` is the league's name)."""


class Step(StrEnum):
    """What the bot does by itself for a scheduled game, in the order of the day."""

    ANNOUNCE = "announce"
    QUESTIONS = "questions"
    DAY = "day"
    FEE = "fee"
    HOUR = "hour"
    OPEN = "open"


@dataclass(frozen=True, slots=True)
class Entry:
    """A scheduled game: ``number`` in its chat (``chat_key``, ``ChatRef.key``), the format's
    name, the first start as a naive wall time in ``zone`` (an IANA name), ``weekly`` for a
    club night every week, ``state`` (``scheduled``/``cancelled``), who scheduled it
    (``host_id`` on the chat's platform, ``host_name``), the ``locale`` the bot posts in,
    ``created_at`` (UTC) and, for SYNC, the ``kind`` of game (``GameKind``'s value, SYNC-1:
    what it counts for; "" for another format, and a training game). ``id`` is storage's (0
    before it is stored)."""

    id: int
    chat_key: str
    number: int
    format: str
    starts_local: datetime
    zone: str
    weekly: bool
    state: str
    host_id: str
    host_name: str
    locale: str
    created_at: datetime
    kind: str = ""

    def trigger(self) -> CronTrigger:
        """The weekly trigger of this entry's wall time in its zone, from its first game."""
        zone = ZoneInfo(self.zone)
        return CronTrigger(day_of_week=self.starts_local.weekday(),
                           hour=self.starts_local.hour, minute=self.starts_local.minute,
                           timezone=zone, start_date=self.starts_local.replace(tzinfo=zone))

    def first_start(self) -> datetime:
        """The first game's start, UTC (the wall time was checked to exist once)."""
        return self.starts_local.replace(tzinfo=ZoneInfo(self.zone)).astimezone(UTC)

    def start_from(self, moment: datetime) -> datetime | None:
        """The start (UTC) of this entry's first game at or after ``moment`` (UTC), or None
        when there is none (a single game already past)."""
        if not self.weekly:
            first = self.first_start()
            return first if first >= moment else None
        fire = self.trigger().get_next_fire_time(None, moment.astimezone(ZoneInfo(self.zone)))
        return None if fire is None else fire.astimezone(UTC)

    def starts(self, since: datetime, until: datetime) -> list[datetime]:
        """The starts (UTC) from ``since`` to before ``until``, in order."""
        found = []
        start = self.start_from(since)
        while start is not None and start < until:
            found.append(start)
            start = self.start_from(start + timedelta(minutes=1)) if self.weekly else None
        return found


def parse_zone(name: str) -> ZoneInfo | Rejection:
    """The IANA zone ``name``, or a Rejection ``calendar-zone-unknown``."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return Rejection("calendar-zone-unknown", {"zone": name})


def parse_wall(date: str, time: str) -> datetime | Rejection:
    """``YYYY-MM-DD`` and ``HH:MM`` as a naive wall time, or ``calendar-bad-date``."""
    try:
        return datetime.strptime(f"{date} {time}", STAMP)
    except ValueError:
        return Rejection("calendar-bad-date", {"date": f"{date} {time}".strip()})


def to_utc(wall: datetime, zone: ZoneInfo) -> datetime | Rejection:
    """The UTC moment of the naive ``wall`` time in ``zone``, or a Rejection when that wall
    time does not exist there (``calendar-time-skipped``: clocks jump over it) or exists twice
    (``calendar-time-twice``: clocks go back over it)."""
    early = wall.replace(tzinfo=zone, fold=0)
    late = wall.replace(tzinfo=zone, fold=1)
    shown = {"date": wall.strftime(STAMP), "zone": zone.key}
    if early.utcoffset() != late.utcoffset():
        # Both folds agree on an ordinary time; a round trip finds the one that is skipped.
        back = early.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
        return Rejection("calendar-time-skipped" if back != wall else "calendar-time-twice",
                         shown)
    return early.astimezone(UTC)


def check_new(entry: Entry, others: list[Entry], now: datetime) -> Rejection | None:
    """Why ``entry`` cannot be scheduled at ``now`` (UTC) next to the chat's ``others``, or
    None: its wall time must exist once in its zone, be in the future, leave SYNC's
    registration its three days (SYNC-2), and no game of the chat may start within
    ``GAME_LENGTH`` of one of its games."""
    start = to_utc(entry.starts_local, ZoneInfo(entry.zone))
    if isinstance(start, Rejection):
        return start
    shown = {"date": entry.starts_local.strftime(STAMP), "zone": entry.zone}
    if start <= now:
        return Rejection("calendar-date-past", shown)
    if entry.format == "sync" and start - CLOSES_BEFORE <= now:
        return Rejection("calendar-sync-too-soon", {**shown, "days": CLOSES_BEFORE.days})
    mine = entry.starts(now, now + HORIZON)
    for other in others:
        if other.state != "scheduled" or other.id == entry.id:
            continue
        for theirs in other.starts(now - GAME_LENGTH, now + HORIZON + GAME_LENGTH):
            if any(abs(theirs - start) < GAME_LENGTH for start in mine):
                return Rejection("calendar-overlap", {
                    "number": other.number,
                    "date": theirs.astimezone(ZoneInfo(entry.zone)).strftime(STAMP),
                    "zone": entry.zone})
    return None


def steps(fmt: str, start: datetime, since: datetime) -> dict[Step, datetime]:
    """The steps (UTC moments) for a game of format ``fmt`` starting at ``start`` (UTC),
    scheduled at ``since`` (UTC): those whose moment had passed by ``since`` left out, but the
    announcement (then at ``since``) and the opening. A league session (``LEAGUE``, TV-7) has
    two: the day before (``Step.DAY``) and its start (``Step.OPEN``)."""
    if fmt == LEAGUE:
        return {step: at for step, at in ((Step.DAY, start - DAY), (Step.OPEN, start))
                if step is Step.OPEN or at > since}
    due = {Step.ANNOUNCE: max(since, start - ANNOUNCE_BEFORE)}
    if fmt == "sync":
        due[Step.QUESTIONS] = start - CLOSES_BEFORE - DAY
        due[Step.FEE] = start - DAY
    due[Step.DAY] = start - DAY
    due[Step.HOUR] = start - HOUR
    due[Step.OPEN] = start
    return {step: at for step, at in due.items()
            if step in (Step.ANNOUNCE, Step.OPEN) or at > since}


def still_due(step: Step, start: datetime, now: datetime, fmt: str = "") -> bool:
    """Whether ``step`` of the game of format ``fmt`` starting at ``start`` (UTC), found due
    at ``now`` (UTC), after downtime perhaps, still makes sense: the announcement and the
    reminders until the game starts (a SYNC game's announcement and the questions' reminder
    until its registration closes, SYNC-2), the opening while the evening lasts
    (``OPEN_GRACE``). A step that no longer does is dropped, and logged."""
    match step:
        case Step.QUESTIONS:
            return now < start - CLOSES_BEFORE
        case Step.ANNOUNCE if fmt == "sync":
            return now < start - CLOSES_BEFORE
        case Step.OPEN:
            return now < start + OPEN_GRACE
    return now < start
