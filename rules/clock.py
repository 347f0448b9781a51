"""The discussion clock, shared by every format (DUEL-3.4, 3.4.1, 3.4.2; SYNC-6; TV-2, TV-5).

A period of discussion starts with its length in seconds and a warning signal ``warn_before``
seconds before its end (DUEL and SYNC: 10 s before the end of the minute, at 50 s; TV: at 50 and
60), signals its end, stops with the time left kept and runs on from it, takes added time, and
stops by itself when the bot was down past one of its deadlines (DESIGN.md, Time: a deadline
missed during downtime pauses the game until the host resumes it).

Like ``rules.roster`` it is a sub-decider: the format keeps a ``Clock`` (None while no
discussion runs) in its state, checks its own phase, then delegates with ``decide_clock`` and
``evolve_clock``; ``clock_timers`` are the deadlines to arm. Deadlines are absolute UTC
datetimes in events; nothing here reads a clock. What a format adds (DUEL's early-answer
window, extra minutes, club helpers' 30 s; SYNC's 15 s to hand in written answers) stays in the
format, which may add deadlines of its own that stop with the clock (``also``).

The event kinds keep the ``duel.`` prefix they were first stored with, so stored logs replay.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from rules.base import Event, Rejection, event

END = "end"
"""The timer that ends the period (DUEL-3.4.2: the signal at the end)."""
WARNING = "warning"
"""The timer of the warning signal (DUEL-3.4.2, SYNC-6)."""


@dataclass(frozen=True, slots=True)
class Clock:
    """The discussion clock: absolute UTC deadlines while it runs, the seconds left while it
    is stopped (``remaining``; ``ends_at`` then keeps the deadline it had when it stopped).

    ``warned`` once the warning signal sounded (or the period is too short for one);
    ``paused_for`` says why it stopped: "host", "downtime", or a reason of the format's own
    (DUEL: "helpers", while club helpers are chosen).
    """

    ends_at: datetime | None
    warning_at: datetime | None
    remaining: float | None = None
    warned: bool = False
    paused_for: str | None = None

    @property
    def paused(self) -> bool:
        """True while the clock is stopped (DUEL-3.4.1)."""
        return self.remaining is not None

    def left(self, now: datetime) -> float:
        """Seconds of discussion left at ``now`` (UTC), never below 0."""
        if self.remaining is not None:
            return self.remaining
        return max(0.0, (self.ends_at - now).total_seconds())


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PauseClock:
    """The host stops the discussion clock (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """The host restarts a stopped clock with the time that was left (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class TimerFired:
    """A scheduled deadline arrived; ``name`` is a key of the format's ``timers(state)``."""

    name: str
    deadline: datetime


@dataclass(frozen=True, slots=True)
class MissedDeadlines:
    """The bot was down past a deadline: pause and let the host resume (DESIGN.md, Time)."""


ClockAction = PauseClock | ResumeClock | TimerFired | MissedDeadlines


# --- events --------------------------------------------------------------------------------


@event("duel.discussion_started")
@dataclass(frozen=True, slots=True)
class DiscussionStarted(Event):
    """Discussion began; deadlines are absolute UTC (DUEL-3.4). ``warning_at`` is None when the
    period is too short for a warning; ``early_until`` ends DUEL's early-answer window
    (DUEL-5.1.1), None where there is none (the clock itself ignores it); ``seconds`` is the
    period's length (None: a full minute)."""

    ends_at: datetime
    warning_at: datetime | None
    early_until: datetime | None = None
    seconds: float | None = None


@event("duel.warning")
@dataclass(frozen=True, slots=True)
class WarningSignalled(Event):
    """The warning signal: ten seconds of discussion left (DUEL-3.4.2; SYNC-6: after 50 s)."""


@event("duel.discussion_ended")
@dataclass(frozen=True, slots=True)
class DiscussionEnded(Event):
    """Time (or no discussion at all): the end signal; DUEL's captain names the answerer
    (DUEL-3.4.2, 3.5)."""


@event("duel.clock_paused")
@dataclass(frozen=True, slots=True)
class ClockPaused(Event):
    """The clock stopped with ``remaining`` seconds left; ``reason`` is "host", "downtime" or
    the format's own (DUEL: "helpers", club help being chosen)."""

    remaining: float
    reason: str


@event("duel.clock_resumed")
@dataclass(frozen=True, slots=True)
class ClockResumed(Event):
    """The clock runs again with new absolute deadlines (``warning_at`` None if already past)."""

    ends_at: datetime
    warning_at: datetime | None


# --- deciding ------------------------------------------------------------------------------


def period(now: datetime, seconds: float, *, warn_before: float) -> tuple[datetime,
                                                                           datetime | None]:
    """The deadlines (UTC) of a period of ``seconds`` from ``now``: its end, and its warning
    ``warn_before`` seconds before the end, None when the period is no longer than that."""
    ends = now + timedelta(seconds=seconds)
    return ends, ends - timedelta(seconds=warn_before) if seconds > warn_before else None


def start(now: datetime, seconds: float, *, warn_before: float,
          early_until: datetime | None = None) -> DiscussionStarted:
    """A discussion of ``seconds`` from ``now`` (UTC), warning ``warn_before`` seconds before
    its end (DUEL-3.4, 3.4.2; SYNC-6: 60 s with the warning at 50 s)."""
    ends, warning = period(now, seconds, warn_before=warn_before)
    return DiscussionStarted(ends, warning, early_until, seconds)


def clock_timers(clock: Clock | None) -> dict[str, datetime]:
    """The clock's deadlines to arm while it runs: ``END``, and ``WARNING`` until signalled;
    none while it is stopped or there is no discussion."""
    if clock is None or clock.paused:
        return {}
    due: dict[str, datetime] = {END: clock.ends_at}
    if not clock.warned and clock.warning_at is not None:
        due[WARNING] = clock.warning_at
    return due


def decide_clock(clock: Clock | None, action: ClockAction, now: datetime, *,
                 warn_before: float, reason: str = "host", also: tuple[datetime, ...] = ()
                 ) -> list[Event] | Rejection:
    """Decide a clock action at ``now`` (UTC) on the running discussion's ``clock``.

    ``PauseClock`` stops it with the time left (``reason`` is stored with it, DUEL-3.4.1);
    ``ResumeClock`` restarts it with that time, warning again unless the warning sounded or
    less than ``warn_before`` seconds are left, and ends the discussion when no time was left;
    ``TimerFired`` signals the warning or the end (a timer that no longer matches the clock is
    stale and does nothing); ``MissedDeadlines`` pauses with ``max(0, deadline - now)`` left
    ("downtime") when one of the clock's deadlines, or of the format's ``also`` that stop with
    it, has passed. Returns the events, or a Rejection with a reason key from ``game.ftl``.
    """
    match action:
        case PauseClock():
            if clock is None:
                return Rejection("duel-clock-not-running")
            if clock.paused:
                return Rejection("duel-clock-already-paused")
            return [ClockPaused(clock.left(now), reason)]
        case ResumeClock():
            if clock is None or not clock.paused:
                return Rejection("duel-clock-not-paused")
            if clock.remaining <= 0:
                return [DiscussionEnded()]
            ends_at = now + timedelta(seconds=clock.remaining)
            warning_at = None if clock.warned or clock.remaining <= warn_before else (
                ends_at - timedelta(seconds=warn_before))
            return [ClockResumed(ends_at, warning_at)]
        case TimerFired(name=name, deadline=deadline):
            if clock_timers(clock).get(name) != deadline:
                return []
            return [WarningSignalled()] if name == WARNING else [DiscussionEnded()]
        case MissedDeadlines():
            due = (*clock_timers(clock).values(), *(also if clock_timers(clock) else ()))
            if not due or min(due) > now:
                return []
            return [ClockPaused(clock.left(now), "downtime")]
    raise TypeError(f"not a clock action: {action!r}")


def added(clock: Clock | None, now: datetime, seconds: float, *, warn_before: float,
          restart: bool = False) -> tuple[datetime | None, datetime | None]:
    """The deadlines (UTC) after adding ``seconds`` of discussion at ``now``: a running clock
    ends that much later; a stopped one keeps its pause with more time left (None, None),
    unless ``restart``, when it runs again from ``now`` with its time left plus ``seconds``;
    with no clock (the time had run out) a new period starts at ``now``. The warning sounds
    ``warn_before`` seconds before the new end, None when less is left."""
    if clock is not None and clock.paused:
        if not restart:
            return None, None
        ends = now + timedelta(seconds=clock.remaining + seconds)
    elif clock is not None:
        ends = clock.ends_at + timedelta(seconds=seconds)
    else:
        ends = now + timedelta(seconds=seconds)
    before = timedelta(seconds=warn_before)
    return ends, ends - before if ends - now > before else None


# --- evolving ------------------------------------------------------------------------------


def with_added(clock: Clock | None, seconds: float, ends_at: datetime | None,
               warning_at: datetime | None) -> Clock:
    """The clock after ``added`` time: with no new deadlines a stopped clock keeps its pause
    with ``seconds`` more left and warns again before its new end; else it runs to them."""
    if ends_at is None:
        return replace(clock, remaining=clock.remaining + seconds, warned=False)
    return Clock(ends_at, warning_at, warned=warning_at is None)


def evolve_clock(clock: Clock | None, ev: Event) -> Clock | None:
    """Apply one clock event; other events leave the clock as it is. The discussion's end
    leaves no clock (None)."""
    match ev:
        case DiscussionStarted(ends_at=ends_at, warning_at=warning_at) | ClockResumed(
                ends_at=ends_at, warning_at=warning_at):
            warned = warning_at is None or (isinstance(ev, ClockResumed) and clock.warned)
            return Clock(ends_at, warning_at, warned=warned)
        case WarningSignalled():
            return replace(clock, warned=True)
        case ClockPaused(remaining=remaining, reason=reason):
            return replace(clock, remaining=remaining, paused_for=reason)
        case DiscussionEnded():
            return None
    return clock
