"""TV's stored events. Their kinds (``tv.*``) and fields are the stored log's format: a change
of either needs an upcast of old logs. The clock's events live in ``rules.clock``, the club
tables' hand-ins in ``rules.written`` and their judging in ``rules.judging``; the roster's in
``rules.roster``."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import Event, Payload, event, upcast
from rules.tv.config import ReturnScope, ReturnWhy, SeatReason, Side


@event("tv.created", version=2)
@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    """The host opened a TV game on a package: ``questions`` are the package indices of the
    envelopes, sector N holding ``questions[N - 1]``; the rest is ``TvConfig``, except that
    the team size is not checked by default (``min_players`` 1, ``max_players`` None): the
    bot creates every game with the rules' sizes (TV-14), and a game stored before it checked
    them (version 1) goes on without the check (``_created_v1``)."""

    host: int
    host_name: str
    package_id: int | None
    questions: tuple[int, ...]
    discussion: float = 60.0
    warning_at: float = 50.0
    target: int = 6
    max_teams: int = 60
    return_scope: ReturnScope = ReturnScope.GAME
    lost_earlier: tuple[int, ...] = ()
    min_players: int = 1
    max_players: int | None = None


@upcast("tv.created", 1)
def _created_v1(payload: Payload) -> Payload:
    """A game created before the team size was checked: no bound (``GameCreated``)."""
    return {**payload, "min_players": 1, "max_players": None}


@event("tv.package_attached")
@dataclass(frozen=True, slots=True)
class PackageAttached(Event):
    """The host gave the game the package ``package_id`` before the first envelope;
    ``questions`` are the envelopes' package indices (sector N holds ``questions[N - 1]``)."""

    package_id: int
    questions: tuple[int, ...]


@event("tv.started")
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game began with these teams (ids, in order of registration)."""

    teams: tuple[int, ...]


@event("tv.team_seated")
@dataclass(frozen=True, slots=True)
class TeamSeated(Event):
    """Team ``team_id`` sits at the central table for ``reason``; ``among`` are the teams
    the top drew from (the only one when there was no choice; empty when the host seated
    it); ``answered`` when those are the teams that answered the viewers' question correctly
    (TV-9); ``why`` what opened the table again to a team that had lost its round (TV-10)."""

    team_id: int
    reason: SeatReason
    among: tuple[int, ...] = ()
    answered: bool = False
    why: ReturnWhy | None = None


@event("tv.envelope_drawn")
@dataclass(frozen=True, slots=True)
class EnvelopeDrawn(Event):
    """The top stopped at ``sector``: its envelope's question (package index
    ``question_index``) is read now, and the game waits for its delivery (TV-2)."""

    sector: int
    question_index: int


@event("tv.question_undelivered")
@dataclass(frozen=True, slots=True)
class QuestionUndelivered(Event):
    """Question ``number`` did not reach the chat: the clock waits for the host."""

    number: int


@event("tv.answerer_named")
@dataclass(frozen=True, slots=True)
class AnswererNamed(Event):
    """The central table's captain named ``player`` to answer (TV-2)."""

    player: int


@event("tv.answer_typed")
@dataclass(frozen=True, slots=True)
class AnswerTyped(Event):
    """The answerer typed the oral answer; the bot's suggestion is for the host alone."""

    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@event("tv.central_judged")
@dataclass(frozen=True, slots=True)
class CentralJudged(Event):
    """The host judged the central table's answer to question ``sector``: correct, the
    experts score and team ``team_id`` stays; wrong, the viewers score and it leaves the
    table, having lost its round (TV-3)."""

    sector: int
    team_id: int
    correct: bool


@event("tv.club_judging_of")
@dataclass(frozen=True, slots=True)
class ClubJudgingOf(Event):
    """The ``judging.*`` events that follow are about the club answers to question
    ``sector`` (the host may judge an earlier question's answers while the game goes on)."""

    sector: int


@event("tv.won")
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """``winner`` reached the target (TV-4); the experts' win waits for the best player."""

    winner: Side


@event("tv.best_player_named")
@dataclass(frozen=True, slots=True)
class BestPlayerNamed(Event):
    """The host named the best player of the central table (TV-4); the game is finished."""

    player: int


@event("tv.aborted")
@dataclass(frozen=True, slots=True)
class GameAborted(Event):
    """The host ended the game without a result."""
