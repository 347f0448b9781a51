"""The written-answer intake for N teams on one question (SYNC-6, TV-5): a sub-decider.

Composed the way ``rules.roster`` is: a format's state holds a ``Written`` and delegates the
actions below to ``decide_written`` / ``evolve_written``; it arms ``timers_written``.

The window opens when the question has been delivered (its ``deadline`` given by the format:
``SYNC_WINDOW`` after delivery, one minute of discussion and 15 s to hand in, SYNC-6;
``TV_WINDOW`` for club tables, TV-5) and closes by its deadline (the ``written-close`` timer)
or earlier by the host. Choices where the seeds are silent, following DESIGN.md:

* A team may hand in again until the deadline; the last answer counts (each hand-in gets its
  receipt: ``AnswerHandedIn.replaces`` says it replaced an earlier one).
* An answer counts when the platform's send time (``HandIn.sent_at``) is at most ``GRACE``
  (one second: Telegram dates are whole seconds) outside the window: not before the question
  was delivered, not after the deadline. A later one is refused with the time it was sent.
  Once the window has closed nothing is taken, whatever its send time: the close timer fires
  at the deadline plus ``GRACE``, and what comes after it goes to judging too late.
* Who hands in: ``HandInBy.CAPTAIN``, the captain or the one player the captain names
  (``NameAnswerer``; SYNC), or ``HandInBy.MEMBER``, any member of the team (club
  tables, TV-5: the seed says only that the tables answer in writing).
* A team that does not answer this question (``excluded``: the asking team, SYNC-5; the
  central table, which answers aloud, TV-2) is refused.

Scale: one question takes thousands of hand-ins, so the answers are a ``GrowingMap`` (O(1)
per hand-in, see ``rules.growing``); nothing here scans the teams. The caller finds the
hand-in's team by an index and passes it in.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from rules.base import Event, Rejection, event
from rules.growing import GrowingMap
from rules.roster import Team

GRACE = timedelta(seconds=1)
"""How far outside the window a send time may be: Telegram's dates are whole seconds."""

SYNC_WINDOW = timedelta(seconds=60 + 15)
"""From delivery to the SYNC deadline: one minute of discussion, 15 s to hand in (SYNC-6)."""

TV_WINDOW = timedelta(seconds=60)
"""From delivery to the club tables' deadline: within the minute (TV-5)."""

CLOSE_TIMER = "written-close"
"""The name of the timer that closes the window."""


class HandInBy(StrEnum):
    """Who may hand in a team's answer."""

    CAPTAIN = "captain"
    """The captain, or the one player the captain named (SYNC)."""
    MEMBER = "member"
    """Any member of the team (club tables, TV-5)."""


@dataclass(frozen=True, slots=True)
class WrittenAnswer:
    """A team's answer as kept: the text as handed in (stripped), who handed it in (player
    id) and the platform's send time (UTC)."""

    team_id: int
    by: int
    text: str
    sent_at: datetime


@dataclass(frozen=True, slots=True)
class Written:
    """The intake of one question, and who may hand in for each team (kept across questions).

    ``question`` is the number of the question the window is or was for (0 before the first);
    ``opened_at`` the delivery time and ``deadline`` the last send time (UTC, before
    ``GRACE``); ``closed_at`` when it closed (None while open); ``answers`` each team's
    last answer by team id, in order of first hand-in; ``answerers`` the player each captain
    named, by team id."""

    question: int = 0
    opened_at: datetime | None = None
    deadline: datetime | None = None
    closed_at: datetime | None = None
    excluded: tuple[int, ...] = ()
    answers: GrowingMap[int, WrittenAnswer] = field(default_factory=GrowingMap)
    answerers: GrowingMap[int, int] = field(default_factory=GrowingMap)

    @property
    def open(self) -> bool:
        """True while answers are taken."""
        return self.opened_at is not None and self.closed_at is None


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenWindow:
    """The format opens the window of ``question``: delivered at ``opened_at``, answers sent
    until ``deadline`` (UTC) count; the teams in ``excluded`` do not answer it."""

    question: int
    opened_at: datetime
    deadline: datetime
    excluded: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandIn:
    """Player ``by`` hands in ``text`` for their team; ``sent_at`` is the platform's send
    time (UTC)."""

    by: int
    text: str
    sent_at: datetime


@dataclass(frozen=True, slots=True)
class MoveDeadline:
    """The format moves the deadline (the clock was paused and resumed, time was added)."""

    deadline: datetime


@dataclass(frozen=True, slots=True)
class CloseWindow:
    """The window closes: by the close timer (``by`` None) or by the host (``by`` the host's
    player id)."""

    by: int | None = None


@dataclass(frozen=True, slots=True)
class NameAnswerer:
    """The captain ``by`` names ``player`` to hand in for the team (the captain: nobody
    else)."""

    by: int
    player: int


WrittenAction = OpenWindow | HandIn | MoveDeadline | CloseWindow | NameAnswerer


# --- events --------------------------------------------------------------------------------


@event("written.window_opened")
@dataclass(frozen=True, slots=True)
class WindowOpened(Event):
    """Answers to ``question`` are taken from ``opened_at`` until ``deadline`` (UTC)."""

    question: int
    opened_at: datetime
    deadline: datetime
    excluded: tuple[int, ...] = ()


@event("written.handed_in")
@dataclass(frozen=True, slots=True)
class AnswerHandedIn(Event):
    """Team ``team_id``'s answer, handed in by ``by``, sent at ``sent_at``; ``replaces`` is
    True when it replaced the team's earlier answer to this question."""

    team_id: int
    by: int
    text: str
    sent_at: datetime
    replaces: bool = False


@event("written.deadline_moved")
@dataclass(frozen=True, slots=True)
class DeadlineMoved(Event):
    """Answers sent until ``deadline`` (UTC) count now."""

    deadline: datetime


@event("written.window_closed")
@dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    """No more answers to ``question``: closed at ``at`` (UTC) by the host ``by``, or by the
    deadline (``by`` None). ``answers`` is how many teams handed one in."""

    question: int
    at: datetime
    by: int | None
    answers: int


@event("written.answerer_named")
@dataclass(frozen=True, slots=True)
class AnswererNamed(Event):
    """``player`` hands in for team ``team_id`` from now on (besides the captain); the
    captain naming themself takes the right back."""

    team_id: int
    player: int


def visible(text: str) -> bool:
    """True when ``text`` has a character that shows: not a space, a control or format
    character (U+200B, U+200F, U+FEFF, bidi controls), a lone combining mark or a blank
    letter (Hangul fillers, the blank Braille cell)."""
    return any(unicodedata.category(ch)[0] not in "ZCM" and ch not in _BLANK_LETTERS
               for ch in text)


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _clock(moment: datetime) -> str:
    """``moment`` as HH:MM:SS UTC, for a refusal that says when an answer came."""
    return moment.strftime("%H:%M:%S")


def decide_written(written: Written, action: WrittenAction, now: datetime, *,
                   team: Team | None = None, by: HandInBy = HandInBy.CAPTAIN
                   ) -> list[Event] | Rejection:
    """Validate a written-intake action at ``now`` (UTC).

    ``team`` is the team the acting player plays for (None when none): the caller looks it
    up by index. ``by`` says who may hand in for a team in this format. Returns the events
    to store, or a Rejection with a reason key from ``answers.ftl``. Never raises for an
    action of this module.
    """
    match action:
        case OpenWindow():
            if written.open:
                return Rejection("answer-window-already-open", {"number": written.question})
            return [WindowOpened(action.question, action.opened_at, action.deadline,
                                 action.excluded)]
        case HandIn():
            return _hand_in(written, action, team, by)
        case MoveDeadline():
            if not written.open:
                return Rejection("answer-window-not-open")
            return [DeadlineMoved(action.deadline)]
        case CloseWindow():
            if not written.open:
                return Rejection("answer-window-not-open")
            return [WindowClosed(written.question, now, action.by, len(written.answers))]
        case NameAnswerer():
            if team is None or action.by != team.captain:
                return Rejection("answer-answerer-by-captain")
            if action.player not in team.members:
                return Rejection("answer-answerer-not-member", {"team": team.name})
            return [AnswererNamed(team.id, action.player)]
    raise TypeError(f"not a written-intake action: {action!r}")


def _hand_in(written: Written, action: HandIn, team: Team | None, by: HandInBy
             ) -> list[Event] | Rejection:
    if team is None:
        return Rejection("answer-not-playing")
    if written.closed_at is not None:
        return Rejection("answer-window-closed", {"number": written.question})
    if not written.open:
        return Rejection("answer-window-not-open")
    if team.id in written.excluded:
        return Rejection("answer-team-sits-out", {"team": team.name})
    if by is HandInBy.CAPTAIN and action.by != team.captain \
            and written.answerers.get(team.id) != action.by:
        return Rejection("answer-not-answerer", {"team": team.name})
    assert written.opened_at is not None and written.deadline is not None
    if action.sent_at < written.opened_at - GRACE:
        return Rejection("answer-before-question", {"sent": _clock(action.sent_at)})
    if action.sent_at > written.deadline + GRACE:
        late = math.ceil((action.sent_at - written.deadline).total_seconds())
        return Rejection("answer-late", {"sent": _clock(action.sent_at),
                                         "deadline": _clock(written.deadline),
                                         "seconds": late})
    text = action.text.strip()
    if not visible(text):
        return Rejection("answer-empty")
    return [AnswerHandedIn(team.id, action.by, text, action.sent_at,
                           team.id in written.answers)]


def evolve_written(written: Written, ev: Event) -> Written:
    """Apply one written-intake event; other events leave the intake as it is. O(1) for a
    hand-in (``rules.growing``)."""
    match ev:
        case WindowOpened():
            return replace(written, question=ev.question, opened_at=ev.opened_at,
                           deadline=ev.deadline, closed_at=None, excluded=ev.excluded,
                           answers=GrowingMap())
        case AnswerHandedIn():
            # Built directly rather than with dataclasses.replace: this runs once per hand-in
            # of thousands, and replace costs several times a plain constructor.
            answer = WrittenAnswer(ev.team_id, ev.by, ev.text, ev.sent_at)
            return Written(written.question, written.opened_at, written.deadline,
                           written.closed_at, written.excluded,
                           written.answers.set(ev.team_id, answer), written.answerers)
        case DeadlineMoved():
            return replace(written, deadline=ev.deadline)
        case WindowClosed():
            return replace(written, closed_at=ev.at)
        case AnswererNamed():
            return replace(written, answerers=written.answerers.set(ev.team_id, ev.player))
    return written


def timers_written(written: Written) -> dict[str, datetime]:
    """``{CLOSE_TIMER: deadline + GRACE}`` while the window is open, else nothing."""
    if not written.open or written.deadline is None:
        return {}
    return {CLOSE_TIMER: written.deadline + GRACE}
