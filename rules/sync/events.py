"""SYNC's stored events (kinds ``sync.*``; no field may be called ``kind``, the class attribute
that names the kind). Their kinds and fields are the stored log's format:
a change of either needs an upcast of old logs. The roster's, the clock's, the written
intake's and the judging queue's events are theirs (``rules.roster``, ``rules.clock``,
``rules.written``, ``rules.judging``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.base import Event, event
from rules.judging import Suggestion
from rules.sync.config import RoundKind


@event("sync.created")
@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    """The host opened a SYNC game on a package (``scored``: its scored questions' indices,
    the organisers' questions to choose from); the times of SYNC-6 in seconds; ``auto`` the
    suggestions taken as verdicts at once (values of ``Suggestion``). The registration's
    ``RegistrationOpened`` (``rules.sync.enrolment``: date, kind, duty team, fee) follows."""

    host: int
    host_name: str
    package_id: int | None
    scored: tuple[int, ...]
    discussion: float = 60.0
    warning_at: float = 50.0
    hand_in: float = 15.0
    auto: tuple[str, ...] = ()


@event("sync.package_attached")
@dataclass(frozen=True, slots=True)
class PackageAttached(Event):
    """The host gave the game the package ``package_id`` before the first round; ``scored``
    its scored questions' indices, the organisers' questions to choose from (SYNC-5)."""

    package_id: int
    scored: tuple[int, ...]


@event("sync.round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``number`` began (SYNC-5): of the organisers' ``questions`` (package indices, in
    the order they are asked), or of team questions, ``per_team`` from every team."""

    number: int
    round_kind: RoundKind
    questions: tuple[int, ...] = ()
    per_team: int = 0


@event("sync.question_asked")
@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    """The host posts question ``number`` of the game (1-based, shoot-out questions
    included) in ``round`` (0: the shoot-out): the package question ``index``, or the team
    question ``team_question`` (an id of the registration) asked by ``asking_team``, which
    ``approved`` says the hosts approved (SYNC-7). ``playing`` are the teams that answer it
    in a shoot-out (SYNC-8); empty: every team but the asking one. Its minute starts on
    delivery (phase ``READING``)."""

    number: int
    round: int
    index: int | None = None
    asking_team: int | None = None
    team_question: int | None = None
    approved: bool = True
    playing: tuple[int, ...] = ()


@event("sync.question_undelivered")
@dataclass(frozen=True, slots=True)
class QuestionUndelivered(Event):
    """Question ``number`` did not reach the chat: its clock waits for the host."""

    number: int


@event("sync.question_repeated")
@dataclass(frozen=True, slots=True)
class QuestionRepeated(Event):
    """The host read question ``number`` again on a team's request (SYNC-6); the clock runs
    on as it was."""

    number: int


@event("sync.hand_in_started")
@dataclass(frozen=True, slots=True)
class HandInStarted(Event):
    """The minute is over: ``seconds`` to hand in the written answer, until ``ends_at``
    (UTC, SYNC-6)."""

    ends_at: datetime
    seconds: float


@event("sync.closing_held")
@dataclass(frozen=True, slots=True)
class ClosingHeld(Event):
    """The bot was down when the window should have closed: it stays open until the host
    closes it (``ResumeClock``), so that answers sent in time and delivered late count
    (DESIGN.md, Time)."""


@event("sync.answer_prepared")
@dataclass(frozen=True, slots=True)
class AnswerPrepared(Event):
    """What the bot computed for team ``team_id``'s answer just handed in
    (``bot.answers.prepared``): its judging ``key``, the ``suggestion`` and its ``reason`` with
    arguments; queued for judging when the window closes. Always right after the intake's
    ``AnswerHandedIn``."""

    team_id: int
    key: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any] = field(default_factory=dict)


@event("sync.question_scored")
@dataclass(frozen=True, slots=True)
class QuestionScored(Event):
    """Every answer to question ``number`` has its verdict: the question counts in the table
    (SYNC-7), or in the shoot-out (SYNC-8)."""

    number: int


@event("sync.clarification_asked")
@dataclass(frozen=True, slots=True)
class ClarificationAsked(Event):
    """The host asked ``player``, one player of team ``team_id``, to explain the team's
    answer to question ``number`` (SYNC-6)."""

    number: int
    team_id: int
    player: int


@event("sync.answer_explained")
@dataclass(frozen=True, slots=True)
class AnswerExplained(Event):
    """``player``, asked to explain team ``team_id``'s answer to question ``number``, wrote
    ``text`` (SYNC-6): shown to the hosts beside the answer the team handed in, which stays
    the answer they judge."""

    number: int
    team_id: int
    player: int
    text: str


@event("sync.round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``number``'s last question is scored: a break (SYNC-5)."""

    number: int


@event("sync.shootout_started")
@dataclass(frozen=True, slots=True)
class ShootoutStarted(Event):
    """The rounds are over with ``teams`` tied for first (SYNC-8): they play extra questions
    of the hosts; the main table stays as it is."""

    teams: tuple[int, ...]


@event("sync.finished")
@dataclass(frozen=True, slots=True)
class GameFinished(Event):
    """The game is over: ``winner`` won the shoot-out (SYNC-8), or None when the table's top
    decided it (no tie)."""

    winner: int | None = None


@event("sync.aborted")
@dataclass(frozen=True, slots=True)
class GameAborted(Event):
    """The host ended the game without a result."""
