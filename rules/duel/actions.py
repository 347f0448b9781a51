"""DUEL's actions: what people (and the service: timers, recovery, delivery) ask a game to do,
and ``PERMISSIONS``, which roles may take each.

The oral answer's actions (``NameAnswerer``, ``GiveAnswer``, ``JudgeAnswer``) are the ones
TV has too (``rules.answering``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.base import Role
from rules.clock import MissedDeadlines, PauseClock, ResumeClock, TimerFired
from rules.duel.config import Facts, Hint, Sector13Mode, Special
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    RosterAction,
    TakeOverHost,
)

# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttachPackage:
    """The host gives the game its package: ``scored`` lists its scored questions' indices,
    ``facts`` what it labels (DUEL-4.2)."""

    by: int
    package_id: int
    scored: tuple[int, ...]
    facts: Facts = Facts()  # noqa: RUF009 (Facts is frozen)


@dataclass(frozen=True, slots=True)
class SelectQuestions:
    """The host picks the game's set: positions (1-based) among the package's scored questions."""

    by: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarkQuestion:
    """The host marks set number ``number`` as the ``kind`` question (DUEL-4.2)."""

    by: int
    kind: Special
    number: int


@dataclass(frozen=True, slots=True)
class StartGame:
    """The host starts the game; ``force`` starts with 5 players instead of 6 (DUEL-2.2) or
    without some special question (DUEL-4.2), the host's decision under DUEL-8.1;
    ``training`` starts a training game with any number of players (see the module)."""

    by: int
    force: bool = False
    training: bool = False


@dataclass(frozen=True, slots=True)
class PickQuestion:
    """The captain chooses the next question by its number in the set (DUEL-4.1); with
    ``repay`` it repays the credit minute: no discussion (DUEL-5.3.1)."""

    by: int
    number: int
    repay: bool = False


@dataclass(frozen=True, slots=True)
class ChooseSector13:
    """The captain's sector 13 choice: the mode and, for 3 or 1, who stays (DUEL-4.2b)."""

    by: int
    mode: Sector13Mode
    players: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclareEarly:
    """The captain declares an early answer (DUEL-5.1.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class UseExtraMinute:
    """The captain or the host spends one stored extra minute (DUEL-5.1.2, 6.4.4)."""

    by: int


@dataclass(frozen=True, slots=True)
class TakeHint:
    """The captain (in a superblitz, its player) takes the game's hint (DUEL-5.2, 5.2.1)."""

    by: int
    hint: Hint


@dataclass(frozen=True, slots=True)
class NameHelpers:
    """Club helpers: named by the host, or proposed by the captain for the keeper (DUEL-5.2b);
    ``names`` are their display names (they are not in the game's roster). No players
    withdraws the club help: nobody can help, the hint is given back (DUEL-8.1)."""

    by: int
    players: tuple[int, ...]
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AnswerHelpers:
    """The keeper agrees or not to the captain's helpers (DUEL-5.2b)."""

    by: int
    agree: bool


@dataclass(frozen=True, slots=True)
class TakeCredit:
    """The captain takes the credit minute (DUEL-5.3)."""

    by: int


@dataclass(frozen=True, slots=True)
class AskDecisiveRound:
    """The captain asks for the decisive round, naming the one player (DUEL-6.4.1-2)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class FileAppeal:
    """The captain appeals the last verdict, when it went against the team, to the keeper
    (DUEL-3.7)."""

    by: int


@dataclass(frozen=True, slots=True)
class DecideAppeal:
    """The keeper upholds or overturns the verdict the captain appealed (DUEL-3.7)."""

    by: int
    overturn: bool


@dataclass(frozen=True, slots=True)
class ChallengeVerdict:
    """The keeper, unasked, overturns the host's last verdict, whichever way it went
    (DUEL-3.7: "the keeper may challenge the host on their own")."""

    by: int


@dataclass(frozen=True, slots=True)
class VoteBestQuestion:
    """The team's choice of the best question among those it did not answer (DUEL-3.9)."""

    by: int
    number: int


@dataclass(frozen=True, slots=True)
class VoteBestPlayer:
    """The team's choice of its best player (DUEL-3.9)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class CloseVote:
    """The host closes the after-game vote (DUEL-3.9) with what has been voted so far."""

    by: int


@dataclass(frozen=True, slots=True)
class AbortGame:
    """The host ends the game without a result."""

    by: int


@dataclass(frozen=True, slots=True)
class QuestionDelivered:
    """The platform confirmed at ``at`` (UTC) that set number ``number`` (mini-question
    ``part``, 0-based, or None for a whole question) reached the chat: its discussion starts
    then (DUEL-3.4, DESIGN.md, Time)."""

    number: int
    part: int | None
    at: datetime


@dataclass(frozen=True, slots=True)
class QuestionNotDelivered:
    """The platform could not deliver set number ``number`` (mini-question ``part``): the
    clock does not start, the host is told and may start it (``ResumeClock``)."""

    number: int
    part: int | None


Action = (
    RosterAction | AttachPackage | SelectQuestions | MarkQuestion | StartGame | PickQuestion
    | ChooseSector13 | DeclareEarly | UseExtraMinute | TakeHint | NameHelpers | AnswerHelpers
    | TakeCredit | AskDecisiveRound | PauseClock | ResumeClock | NameAnswerer | GiveAnswer
    | JudgeAnswer | FileAppeal | DecideAppeal | ChallengeVerdict | VoteBestQuestion
    | VoteBestPlayer | CloseVote | AbortGame | TimerFired | MissedDeadlines | QuestionDelivered
    | QuestionNotDelivered
)

_ANYONE = frozenset(Role)
_HOSTS = frozenset({Role.HOST})
_CAPTAIN = frozenset({Role.CAPTAIN})

PERMISSIONS: dict[type, frozenset[Role]] = {
    RegisterTeam: frozenset({Role.SPECTATOR}),
    JoinTeam: frozenset({Role.SPECTATOR}),
    HandOverCaptaincy: frozenset({Role.CAPTAIN, Role.HOST}),
    NameKeeper: _HOSTS,
    NameCoHost: _HOSTS,
    TakeOverHost: _ANYONE,
    AttachPackage: _HOSTS,
    SelectQuestions: _HOSTS,
    MarkQuestion: _HOSTS,
    StartGame: _HOSTS,
    PickQuestion: _CAPTAIN,
    ChooseSector13: _CAPTAIN,
    DeclareEarly: _CAPTAIN,
    UseExtraMinute: frozenset({Role.CAPTAIN, Role.HOST}),
    # The superblitz player takes the hint (DUEL-5.2.1): decide() checks who exactly.
    TakeHint: frozenset({Role.CAPTAIN, Role.PLAYER}),
    NameHelpers: frozenset({Role.HOST, Role.CAPTAIN}),
    AnswerHelpers: frozenset({Role.KEEPER}),
    TakeCredit: _CAPTAIN,
    AskDecisiveRound: _CAPTAIN,
    PauseClock: _HOSTS,
    ResumeClock: _HOSTS,
    NameAnswerer: _CAPTAIN,
    GiveAnswer: frozenset({Role.PLAYER}),
    JudgeAnswer: _HOSTS,
    FileAppeal: _CAPTAIN,
    DecideAppeal: frozenset({Role.KEEPER}),
    ChallengeVerdict: frozenset({Role.KEEPER}),
    VoteBestQuestion: _CAPTAIN,
    VoteBestPlayer: _CAPTAIN,
    CloseVote: _HOSTS,
    AbortGame: _HOSTS,
}
"""Which roles may take each action (DESIGN.md: one table of role -> allowed actions).

Timer, recovery and delivery actions come from the service itself and are not in the table."""

