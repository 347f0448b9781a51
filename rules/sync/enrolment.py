"""SYNC before the game (RULES.md SYNC-1..SYNC-4): the registration's state, actions, events
and who may take each action (``PERMISSIONS``). ``rules.sync.registration`` decides and folds
them; its docstring says the decisions where the charter is silent.

Every question's data and every host's decision is in an event: the log is the record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from rules.base import Event, Role, event
from rules.clock import TimerFired
from rules.growing import GrowingMap
from rules.roster import HandOverCaptaincy, JoinTeam, RegisterTeam, Team

CLOSES_BEFORE = timedelta(days=3)
"""Registration and the teams' questions close this long before the game (SYNC-2)."""
REMINDER_BEFORE = timedelta(hours=24)
"""The reminder goes out this long before the deadline."""


NONE = "-"
"""What a captain writes for a part of a team question left out: only an optional one may
be (accepted answers, comment); text, answer, author and source are required (SYNC-2)."""


class GameKind(StrEnum):
    """What a game counts for; it sets the team size (SYNC-1)."""

    TRAINING = "training"
    QUALIFYING = "qualifying"
    CHAMPIONSHIP = "championship"


class Review(StrEnum):
    """The hosts' review of a team question (SYNC-2: the hosts check the sources)."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class TeamQuestion:
    """A team question as the captain submits it (SYNC-2): its text, the author's answer, the
    other accepted answers, a comment, its author and its source."""

    text: str
    answer: str
    accepted: tuple[str, ...] = ()
    comment: str = ""
    author: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class SubmittedQuestion:
    """A team question as kept: ``id`` unique in the game (the hosts' buttons carry it),
    ``number`` its place among the team's questions (1..3), ``no_cyrillic`` when its text
    has no Cyrillic letter, the hosts' ``review`` and the ``reason`` they gave."""

    id: int
    team_id: int
    number: int
    question: TeamQuestion
    no_cyrillic: bool = False
    review: Review = Review.PENDING
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Substitution:
    """A captain's request ``id`` to take ``player_out`` out of team ``team_id`` and bring
    ``player_in`` in (either may be None: a player only leaves, or only comes), and the host's
    decision (``approved`` None until made) (SYNC-1)."""

    id: int
    team_id: int
    player_out: int | None
    player_in: int | None
    player_in_name: str = ""
    approved: bool | None = None

    def decided(self, approved: bool) -> Substitution:
        """This request with the host's decision."""
        return replace(self, approved=approved)


@dataclass(frozen=True, slots=True)
class Registration:
    """The game before it starts, and its roster as it changes (SYNC-1..SYNC-4).

    ``starts_at`` and ``deadline`` are UTC; ``since`` is when the game was announced or last
    moved; ``reminded`` and ``closed`` the deadline the reminder and the closing went out for
    (None before). ``duty`` is the duty team's name (SYNC-4); ``fee`` the fee per team in
    minor units of ``currency`` (SYNC-3). Indexes, each O(1) to read and grow
    (``rules.growing``): ``teams`` by id in order of registration, ``team_ids`` by folded
    name, ``player_team`` each player's team id (None once substituted out), ``names``
    players' display names, ``paid`` the fee recorded by team id, ``questions`` every
    question submitted by id, ``slots`` each team's current question ids in their order,
    ``substitutions`` every request by id; ``due`` the approved requests that wait for the
    next question, in the order approved.
    """

    starts_at: datetime
    deadline: datetime
    kind: GameKind
    since: datetime
    duty: str | None = None
    fee: int = 0
    currency: str = ""
    reminded: datetime | None = None
    closed: datetime | None = None
    teams: GrowingMap[int, Team] = field(default_factory=GrowingMap)
    team_ids: GrowingMap[str, int] = field(default_factory=GrowingMap)
    player_team: GrowingMap[int, int | None] = field(default_factory=GrowingMap)
    names: GrowingMap[int, str] = field(default_factory=GrowingMap)
    paid: GrowingMap[int, bool] = field(default_factory=GrowingMap)
    questions: GrowingMap[int, SubmittedQuestion] = field(default_factory=GrowingMap)
    slots: GrowingMap[int, tuple[int, ...]] = field(default_factory=GrowingMap)
    substitutions: GrowingMap[int, Substitution] = field(default_factory=GrowingMap)
    due: tuple[int, ...] = ()


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SubmitQuestion:
    """The captain ``by`` submits one whole team question (the guided dialogue, or one
    question of a package file); ``replaces`` is the number (1..3) of the team's question it
    replaces, None for a new one (SYNC-2)."""

    by: int
    question: TeamQuestion
    replaces: int | None = None


@dataclass(frozen=True, slots=True)
class ReviewQuestion:
    """A host approves or rejects team question ``question_id``; a rejection needs a
    ``reason``, which the captain is told (SYNC-2)."""

    by: int
    question_id: int
    approve: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RecordFee:
    """The host records team ``team_id``'s fee as paid or not paid (SYNC-3)."""

    by: int
    team_id: int
    paid: bool


@dataclass(frozen=True, slots=True)
class ChangeDuty:
    """The host makes ``team_name`` the duty team instead of the rotation's (SYNC-4)."""

    by: int
    team_name: str


@dataclass(frozen=True, slots=True)
class MoveGame:
    """The host moves the game to ``starts_at`` (UTC); the deadline moves with it (SYNC-2)."""

    by: int
    starts_at: datetime


@dataclass(frozen=True, slots=True)
class RequestSubstitution:
    """The captain ``by`` asks to take ``player_out`` out and bring ``player_in`` (display
    name ``player_in_name``) in; either may be None, not both (SYNC-1)."""

    by: int
    player_out: int | None
    player_in: int | None
    player_in_name: str = ""


@dataclass(frozen=True, slots=True)
class DecideSubstitution:
    """The host approves or refuses substitution request ``request_id`` in one tap (SYNC-1)."""

    by: int
    request_id: int
    approve: bool


RegistrationAction = (RegisterTeam | JoinTeam | HandOverCaptaincy | SubmitQuestion
                      | ReviewQuestion | RecordFee | ChangeDuty | MoveGame | RequestSubstitution
                      | DecideSubstitution | TimerFired)

_HOSTS = frozenset({Role.HOST})
_CAPTAIN = frozenset({Role.CAPTAIN})

PERMISSIONS: dict[type, frozenset[Role]] = {
    RegisterTeam: frozenset({Role.SPECTATOR}),
    JoinTeam: frozenset({Role.SPECTATOR}),
    HandOverCaptaincy: frozenset({Role.CAPTAIN, Role.HOST}),
    SubmitQuestion: _CAPTAIN,
    ReviewQuestion: _HOSTS,
    RecordFee: _HOSTS,
    ChangeDuty: _HOSTS,
    MoveGame: _HOSTS,
    RequestSubstitution: _CAPTAIN,
    DecideSubstitution: _HOSTS,
}
"""Which roles may take each registration action (the caller checks; timers are the bot's)."""


# --- events --------------------------------------------------------------------------------


@event("sync.registration_opened")
@dataclass(frozen=True, slots=True)
class RegistrationOpened(Event):
    """The game at ``starts_at`` is announced with its registration deadline (UTC), its kind
    (``game_kind``: ``kind`` is the event's own),
    its duty team (SYNC-4; None when the club has no teams yet) and its fee (SYNC-3); ``at``
    when."""

    starts_at: datetime
    deadline: datetime
    game_kind: GameKind
    duty: str | None
    fee: int
    currency: str
    at: datetime


@event("sync.game_moved")
@dataclass(frozen=True, slots=True)
class GameMoved(Event):
    """The host moved the game to ``starts_at``; registration now closes at ``deadline``
    (UTC); ``at`` when."""

    starts_at: datetime
    deadline: datetime
    at: datetime


@event("sync.registration_reminded")
@dataclass(frozen=True, slots=True)
class RegistrationReminded(Event):
    """The reminder: registration and the teams' questions close at ``deadline`` (UTC)."""

    deadline: datetime


@event("sync.registration_closed")
@dataclass(frozen=True, slots=True)
class RegistrationClosed(Event):
    """The deadline came: ``teams`` teams registered."""

    deadline: datetime
    teams: int


@event("sync.question_submitted")
@dataclass(frozen=True, slots=True)
class QuestionSubmitted(Event):
    """Team ``team_id`` submitted its question ``number`` (id ``question_id``), replacing
    question ``replaces`` (its id) or none; ``no_cyrillic`` when the text has no Cyrillic
    letter (SYNC-2), so the captain is told."""

    question_id: int
    team_id: int
    number: int
    text: str
    answer: str
    accepted: tuple[str, ...]
    comment: str
    author: str
    source: str
    no_cyrillic: bool
    replaces: int | None = None


@event("sync.question_reviewed")
@dataclass(frozen=True, slots=True)
class QuestionReviewed(Event):
    """Host ``by`` approved or rejected question ``question_id`` (team ``team_id``, its
    ``number``), with a ``reason`` (SYNC-2)."""

    question_id: int
    team_id: int
    number: int
    approved: bool
    reason: str
    by: int


@event("sync.fee_recorded")
@dataclass(frozen=True, slots=True)
class FeeRecorded(Event):
    """Host ``by`` recorded team ``team_id``'s fee of ``amount`` (minor units of
    ``currency``) as paid or not (SYNC-3)."""

    team_id: int
    paid: bool
    amount: int
    currency: str
    by: int


@event("sync.duty_changed")
@dataclass(frozen=True, slots=True)
class DutyChanged(Event):
    """Host ``by`` made ``team_name`` the duty team (SYNC-4); ``by`` None: the bot named it
    when registration closed with no duty team among the registered ones
    (``registration.duty_on_close``)."""

    team_name: str
    by: int | None


@event("sync.substitution_requested")
@dataclass(frozen=True, slots=True)
class SubstitutionRequested(Event):
    """The captain of team ``team_id`` asked substitution ``request_id`` (SYNC-1)."""

    request_id: int
    team_id: int
    player_out: int | None
    player_in: int | None
    player_in_name: str


@event("sync.substitution_decided")
@dataclass(frozen=True, slots=True)
class SubstitutionDecided(Event):
    """Host ``by`` approved or refused substitution ``request_id`` (SYNC-1)."""

    request_id: int
    team_id: int
    approved: bool
    by: int


@event("sync.substitution_applied")
@dataclass(frozen=True, slots=True)
class SubstitutionApplied(Event):
    """Substitution ``request_id`` took effect (after its roster events): from the first
    question before the game, else from the next question (SYNC-1)."""

    request_id: int
    team_id: int
