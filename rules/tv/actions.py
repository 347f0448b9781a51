"""TV's actions: what people (and the service: timers, recovery, delivery, the judging
queue) ask a game to do, and ``PERMISSIONS``, which roles may take each.

An action that spins the top carries ``seed``: a random number the bot chooses (the rules
draw nothing themselves, ``rules.top``); the event it produces records the outcome.

The oral answer's actions (``NameAnswerer``, ``GiveAnswer``, ``JudgeAnswer``) are the ones
DUEL has too (``rules.answering``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.base import Role
from rules.clock import MissedDeadlines, PauseClock, ResumeClock, TimerFired
from rules.judging import QueuedAnswer, Verdict
from rules.roster import HandOverCaptaincy, JoinTeam, NameCoHost, RegisterTeam, TakeOverHost
from rules.written import HandIn


@dataclass(frozen=True, slots=True)
class AttachPackage:
    """The host gives the game its package before the first envelope (a game opened
    without one, or on another): ``package_id`` the stored package, ``questions`` the
    envelopes' package indices, sector N holding ``questions[N - 1]``."""

    by: int
    package_id: int
    questions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartGame:
    """The host starts the game with the teams present (registered); ``seat`` is the team
    the host seats at the central table, or None: the top draws it with ``seed``."""

    by: int
    seed: int
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class SpinTop:
    """The host spins the top with the bot's ``seed``: for the next envelope (TV-2), or,
    while the central table is empty, for the team among several candidates (TV-9, TV-11)."""

    by: int
    seed: int


@dataclass(frozen=True, slots=True)
class SeatTeam:
    """The host seats ``team_id`` at the empty central table by hand (instead of the
    rules' choice, without waiting for the club tables' verdicts)."""

    by: int
    team_id: int


@dataclass(frozen=True, slots=True)
class QuestionDelivered:
    """The platform confirmed at ``at`` (UTC) that question ``number`` (the sector the top
    stopped at) reached the chat: the minute starts then (TV-2, TV-5; DESIGN.md, Time)."""

    number: int
    at: datetime


@dataclass(frozen=True, slots=True)
class QuestionNotDelivered:
    """The platform could not deliver question ``number``: the clock waits, the host is
    told and may start it (``ResumeClock``)."""

    number: int


@dataclass(frozen=True, slots=True)
class CloseClubAnswers:
    """The host closes the club tables' window before its deadline (every table handed in)."""

    by: int


@dataclass(frozen=True, slots=True)
class QueueClubAnswers:
    """The service queues the club tables' answers to question ``number`` for judging once
    their window closed, each with its normalised key and the bot's suggestion
    (``bot.answers.prepared``); every team that handed in is queued."""

    number: int
    answers: tuple[QueuedAnswer, ...]


@dataclass(frozen=True, slots=True)
class JudgeClubAnswers:
    """The host judges the group of ``key`` among the club answers to question ``number``:
    ``verdict`` for all its teams; ``seen`` is the verdict the host saw (``rules.judging``)."""

    by: int
    number: int
    key: str
    verdict: Verdict
    seen: Verdict | None = None


@dataclass(frozen=True, slots=True)
class NameBestPlayer:
    """The host names the best player of the central table after the experts won (TV-4)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class AbortGame:
    """The host ends the game without a result."""

    by: int


Action = (
    RegisterTeam | JoinTeam | HandOverCaptaincy | NameCoHost | TakeOverHost | AttachPackage
    | StartGame
    | SpinTop | SeatTeam | QuestionDelivered | QuestionNotDelivered | PauseClock | ResumeClock
    | TimerFired | MissedDeadlines | NameAnswerer | GiveAnswer | JudgeAnswer | HandIn
    | CloseClubAnswers | QueueClubAnswers | JudgeClubAnswers | NameBestPlayer | AbortGame
)

_ANYONE = frozenset(Role)
_HOSTS = frozenset({Role.HOST})

PERMISSIONS: dict[type, frozenset[Role]] = {
    RegisterTeam: frozenset({Role.SPECTATOR}),
    JoinTeam: frozenset({Role.SPECTATOR}),
    HandOverCaptaincy: frozenset({Role.CAPTAIN, Role.HOST}),
    NameCoHost: _HOSTS,
    TakeOverHost: _ANYONE,
    AttachPackage: _HOSTS,
    StartGame: _HOSTS,
    SpinTop: _HOSTS,
    SeatTeam: _HOSTS,
    PauseClock: _HOSTS,
    ResumeClock: _HOSTS,
    # Only the central table's captain: decide() checks which captain.
    NameAnswerer: frozenset({Role.CAPTAIN}),
    # Only the named answerer: decide() checks who.
    GiveAnswer: frozenset({Role.PLAYER}),
    JudgeAnswer: _HOSTS,
    # Any member of a club table (TV-5): decide() refuses the central table.
    HandIn: frozenset({Role.PLAYER}),
    CloseClubAnswers: _HOSTS,
    JudgeClubAnswers: _HOSTS,
    NameBestPlayer: _HOSTS,
    AbortGame: _HOSTS,
}
"""Which roles may take each action (DESIGN.md: one table of role -> allowed actions).

Timer, recovery, delivery and queueing actions come from the service itself and are not in
the table. TV has no keeper of traditions: the host's verdict is final (TV-2)."""
