"""SYNC's actions: what people (and the service: timers, recovery, delivery) ask a game to
do, and ``PERMISSIONS``, which roles may take each. The roster's, the clock's, the written
intake's (``NameAnswerer``) and the judging queue's actions are reused where they fit."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.base import Role
from rules.clock import MissedDeadlines, PauseClock, ResumeClock, TimerFired
from rules.judging import Suggestion, Verdict
from rules.roster import NameCoHost, RosterAction, TakeOverHost
from rules.sync.appeals import AppealAction, AttachEvidence, DeferAppeal, FileAppeal, VoteOnAppeal
from rules.sync.drafts import CancelDraft, DraftAction, FillDraft, StartDraft, SubmitQuestions
from rules.sync.enrolment import PERMISSIONS as REGISTRATION_PERMISSIONS
from rules.sync.enrolment import GameKind, RegistrationAction
from rules.written import NameAnswerer


@dataclass(frozen=True, slots=True)
class AnnounceGame:
    """The host announces the game opened with ``GameCreated`` (SYNC-2): at ``starts_at``
    (UTC), registration closing 3 days before; None for a game played now (the console),
    whose registration stays open until round 1 starts. ``club_teams``, ``last_duty``,
    ``fee`` (minor units of ``currency``) are the club's (``open_registration``)."""

    by: int
    starts_at: datetime | None = None
    game_kind: GameKind = GameKind.TRAINING
    club_teams: tuple[str, ...] = ()
    last_duty: str | None = None
    fee: int = 0
    currency: str = ""


@dataclass(frozen=True, slots=True)
class AttachPackage:
    """The host gives the game its package before the first round (a game opened without
    one, or on another): ``package_id`` the stored package, ``scored`` its scored questions'
    indices, the organisers' questions to choose from (SYNC-5)."""

    by: int
    package_id: int
    scored: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartRound:
    """The host starts the next round (SYNC-5): of the organisers' ``questions`` (package
    indices, in order), or of team questions, ``per_team`` from every team (the host sets it;
    ``rules.sync.club.proposed_team_questions`` is the bot's proposal)."""

    by: int
    questions: tuple[int, ...] = ()
    per_team: int = 0


@dataclass(frozen=True, slots=True)
class AskQuestion:
    """The host posts the next question: the round's next organisers' question (or, in the
    shoot-out, the package question ``index``), or in a team round the team question
    ``team_question`` (its id in the registration) of ``asking_team``; whether the hosts
    approved it (SYNC-7) is the registration's."""

    by: int
    index: int | None = None
    asking_team: int | None = None
    team_question: int | None = None


@dataclass(frozen=True, slots=True)
class QuestionDelivered:
    """The platform confirmed at ``at`` (UTC) that question ``number`` reached the chat: its
    minute starts then (SYNC-6, DESIGN.md, Time)."""

    number: int
    at: datetime


@dataclass(frozen=True, slots=True)
class QuestionNotDelivered:
    """The platform could not deliver question ``number``: the clock does not start, the host
    is told and may start it (``ResumeClock``)."""

    number: int


@dataclass(frozen=True, slots=True)
class RepeatQuestion:
    """The host reads the question again on a team's request (SYNC-6)."""

    by: int


@dataclass(frozen=True, slots=True)
class HandInAnswer:
    """Player ``by`` hands in ``text`` for team ``team_id`` (the caller finds the team by an
    index); ``sent_at`` is the platform's send time (UTC); ``key``, ``suggestion``, ``reason``
    and ``reason_args`` what the question's prepared judge (``bot.answers.prepared``) made of it."""

    by: int
    team_id: int
    text: str
    sent_at: datetime
    key: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class JudgeGroup:
    """The host ``by`` judges the group of ``key`` of the latest question: ``verdict`` for
    all its teams; ``seen`` the verdict it had when the host looked (``rules.judging``)."""

    by: int
    key: str
    verdict: Verdict
    seen: Verdict | None = None


@dataclass(frozen=True, slots=True)
class AskClarification:
    """The host asks ``player`` of team ``team_id`` to explain the team's answer to the
    latest question (SYNC-6: one player, once per team and question)."""

    by: int
    team_id: int
    player: int


@dataclass(frozen=True, slots=True)
class ExplainAnswer:
    """Player ``by``, asked to explain team ``team_id``'s answer to the latest question,
    writes ``text`` (SYNC-6): words for the hosts, never an answer."""

    by: int
    team_id: int
    text: str


@dataclass(frozen=True, slots=True)
class EndGame:
    """The host ends the rounds after round 2 or 3 (SYNC-5): a shoot-out for a tie for first
    (SYNC-8), else the game is over."""

    by: int


@dataclass(frozen=True, slots=True)
class AbortGame:
    """The host ends the game without a result."""

    by: int


Action = (
    RosterAction | RegistrationAction | DraftAction | AppealAction | AnnounceGame
    | AttachPackage | StartRound
    | AskQuestion | QuestionDelivered | QuestionNotDelivered | RepeatQuestion | HandInAnswer
    | NameAnswerer | JudgeGroup | AskClarification | ExplainAnswer | EndGame | AbortGame
    | PauseClock | ResumeClock | TimerFired | MissedDeadlines
)

_HOSTS = frozenset({Role.HOST})

PERMISSIONS: dict[type, frozenset[Role]] = {
    **REGISTRATION_PERMISSIONS,
    StartDraft: frozenset({Role.CAPTAIN}),
    FillDraft: frozenset({Role.CAPTAIN}),
    CancelDraft: frozenset({Role.CAPTAIN}),
    # A package file a captain sends is the team's questions; the host's is the game's.
    SubmitQuestions: frozenset({Role.CAPTAIN}),
    AttachPackage: _HOSTS,
    # A juror is a host or a captain (SYNC-10): the appeals part checks which exactly.
    FileAppeal: frozenset({Role.CAPTAIN}),
    VoteOnAppeal: frozenset({Role.HOST, Role.CAPTAIN}),
    DeferAppeal: _HOSTS,
    AttachEvidence: frozenset({Role.CAPTAIN}),
    NameCoHost: _HOSTS,
    TakeOverHost: frozenset(Role),
    AnnounceGame: _HOSTS,
    StartRound: _HOSTS,
    AskQuestion: _HOSTS,
    RepeatQuestion: _HOSTS,
    PauseClock: _HOSTS,
    ResumeClock: _HOSTS,
    # The captain or the player the captain named: decide() checks which.
    HandInAnswer: frozenset({Role.CAPTAIN, Role.PLAYER}),
    NameAnswerer: frozenset({Role.CAPTAIN}),
    JudgeGroup: _HOSTS,
    AskClarification: _HOSTS,
    # The one player the host asked (SYNC-6): play.explain checks who.
    ExplainAnswer: frozenset({Role.CAPTAIN, Role.PLAYER}),
    EndGame: _HOSTS,
    AbortGame: _HOSTS,
}
"""Which roles may take each action (DESIGN.md: one table of role -> allowed actions): the
registration's (``rules.sync.enrolment.PERMISSIONS``), the appeals' and the game's.

Timer, recovery and delivery actions come from the service itself and are not in the table;
a SYNC game has no keeper (its appeals go to a jury, SYNC-10)."""
