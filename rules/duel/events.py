"""DUEL's stored events. Their kinds (``duel.*``) and fields are the stored log's format: a
change of either needs an upcast of old logs. The clock's events live in ``rules.clock``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from rules.base import Event, event
from rules.duel.config import Hint, MinuteSource, Sector13Mode, Side, Special, TimeReason

# --- events --------------------------------------------------------------------------------


@event("duel.created")
@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    """The host opened a DUEL game on a package (``scored``: the package's scored indices;
    ``pictures`` … ``sectors13``: its ``Facts``)."""

    host: int
    host_name: str
    package_id: int | None
    scored: tuple[int, ...]
    discussion: float
    warning_at: float
    target: int
    set_size: int
    min_players: int
    pictures: tuple[int, ...] = ()
    triples: tuple[int, ...] = ()
    blitzes: tuple[int, ...] = ()
    superblitzes: tuple[int, ...] = ()
    sectors13: tuple[int, ...] = ()


@event("duel.package_attached")
@dataclass(frozen=True, slots=True)
class PackageAttached(Event):
    """The game now plays this package; an earlier selection and marks are dropped."""

    package_id: int
    scored: tuple[int, ...]
    pictures: tuple[int, ...] = ()
    triples: tuple[int, ...] = ()
    blitzes: tuple[int, ...] = ()
    superblitzes: tuple[int, ...] = ()
    sectors13: tuple[int, ...] = ()


@event("duel.questions_selected")
@dataclass(frozen=True, slots=True)
class QuestionsSelected(Event):
    """The host chose the game's set (package indices, in set order)."""

    questions: tuple[int, ...]


@event("duel.question_marked")
@dataclass(frozen=True, slots=True)
class QuestionMarked(Event):
    """The host marked a package question as the ``kind`` question (DUEL-4.2); it replaces
    the kind's earlier mark and any other kind's mark on the same question."""

    special: Special
    question_index: int


@event("duel.started")
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game began with this set (package indices, in set order) and these set numbers of
    the special questions (None when the host started without one, DUEL-8.1); ``training``
    when it is a training game (DUEL-2.2, never counted in a season)."""

    questions: tuple[int, ...]
    picture: int | None = None
    sector13: int | None = None
    blitz: int | None = None
    superblitz: int | None = None
    training: bool = False


@event("duel.question_chosen")
@dataclass(frozen=True, slots=True)
class QuestionChosen(Event):
    """The captain chose set number ``number`` (DUEL-4.1); ``repay`` when it repays the credit
    minute (DUEL-5.3.1). A sector 13 or superblitz question is read after the captain's choice
    of players."""

    number: int
    question_index: int
    repay: bool = False


@event("duel.sector13_chosen")
@dataclass(frozen=True, slots=True)
class Sector13Chosen(Event):
    """Who stays for sector 13 (DUEL-4.2b); the question is read now."""

    mode: Sector13Mode
    players: tuple[int, ...]


@event("duel.solo_named")
@dataclass(frozen=True, slots=True)
class SoloNamed(Event):
    """The one player who plays the superblitz (DUEL-4.2d)."""

    player: int


@event("duel.part_started")
@dataclass(frozen=True, slots=True)
class PartStarted(Event):
    """Mini-question ``part`` (0-based) of a blitz or superblitz is read (DUEL-4.2c, d)."""

    part: int


@event("duel.question_sent")
@dataclass(frozen=True, slots=True)
class QuestionSent(Event):
    """The question (or mini-question) just read was handed to the messenger; a discussion of
    ``seconds`` starts when its delivery is confirmed, with an early-answer window when
    ``early`` (DUEL-3.4, 5.1.1)."""

    seconds: float
    early: bool = False


@event("duel.question_undelivered")
@dataclass(frozen=True, slots=True)
class QuestionUndelivered(Event):
    """The question did not reach the chat: the clock waits for the host (DUEL-3.4)."""

    number: int
    part: int | None = None


@event("duel.early_answer")
@dataclass(frozen=True, slots=True)
class EarlyAnswerDeclared(Event):
    """The captain declared an early answer: discussion ends now (DUEL-5.1)."""


@event("duel.time_added")
@dataclass(frozen=True, slots=True)
class TimeAdded(Event):
    """``seconds`` more discussion, for ``reason``; ``spent`` names the stored minute used.

    With ``ends_at`` the clock runs to these deadlines (discussion reopens after the time ran
    out); without, a paused clock keeps its pause with more time left.
    """

    reason: TimeReason
    seconds: float
    ends_at: datetime | None
    warning_at: datetime | None
    spent: MinuteSource | None = None


@event("duel.hint_taken")
@dataclass(frozen=True, slots=True)
class HintTaken(Event):
    """The game's one hint (DUEL-5.2)."""

    hint: Hint


@event("duel.helpers_proposed")
@dataclass(frozen=True, slots=True)
class HelpersProposed(Event):
    """The captain proposed club helpers (``names``: theirs); the keeper may agree (5.2b)."""

    players: tuple[int, ...]
    names: tuple[str, ...] = ()


@event("duel.helpers_refused")
@dataclass(frozen=True, slots=True)
class HelpersRefused(Event):
    """The keeper did not agree: the host chooses the helpers (DUEL-5.2b)."""


@event("duel.club_help_withdrawn")
@dataclass(frozen=True, slots=True)
class ClubHelpWithdrawn(Event):
    """Nobody could help: the club help is off and the hint may be taken again (DUEL-8.1)."""


@event("duel.helpers_named")
@dataclass(frozen=True, slots=True)
class HelpersNamed(Event):
    """Club helpers (``names``: theirs) talk with the team until ``until`` (UTC) (DUEL-5.2b)."""

    players: tuple[int, ...]
    until: datetime
    names: tuple[str, ...] = ()


@event("duel.helpers_done")
@dataclass(frozen=True, slots=True)
class HelpersDone(Event):
    """The helpers' 30 seconds are over; the team goes on alone."""


@event("duel.credit_taken")
@dataclass(frozen=True, slots=True)
class CreditTaken(Event):
    """The captain took the credit minute on set number ``number`` (DUEL-5.3)."""

    number: int


@event("duel.decisive_round")
@dataclass(frozen=True, slots=True)
class DecisiveRoundStarted(Event):
    """The score is 0:0; ``player`` alone plays one question worth 6 points (DUEL-6.4)."""

    player: int


@event("duel.answerer_named")
@dataclass(frozen=True, slots=True)
class AnswererNamed(Event):
    """The captain named the answering player (DUEL-3.5)."""

    player: int


@event("duel.answer_given")
@dataclass(frozen=True, slots=True)
class AnswerGiven(Event):
    """The named player answered; the bot's suggestion goes to the host."""

    player: int
    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@event("duel.part_judged")
@dataclass(frozen=True, slots=True)
class PartJudged(Event):
    """The host's verdict on mini-question ``part`` (0-based) of set number ``number``."""

    number: int
    part: int
    correct: bool


@event("duel.judged")
@dataclass(frozen=True, slots=True)
class AnswerJudged(Event):
    """The verdict on set number ``number`` (DUEL-3.7, 3.8); for a blitz, all parts right."""

    number: int
    correct: bool


@event("duel.appeal_filed")
@dataclass(frozen=True, slots=True)
class AppealFiled(Event):
    """The captain appealed the verdict on ``number`` to the keeper (DUEL-3.7)."""

    number: int


@event("duel.appeal_decided")
@dataclass(frozen=True, slots=True)
class AppealDecided(Event):
    """The keeper's decision on ``number``; ``own`` when the keeper challenged unasked."""

    number: int
    overturned: bool
    own: bool = False


@event("duel.won")
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A side reached the target score: the game is over and its after-game vote opens
    (DUEL-3.8, 3.9). Its time is when the game ended (DUEL-6.3.1)."""

    winner: Side


@event("duel.reopened")
@dataclass(frozen=True, slots=True)
class GameReopened(Event):
    """An overturned deciding verdict took the winner below the target: the game is live
    again and play goes on (DUEL-3.7)."""


@event("duel.best_question")
@dataclass(frozen=True, slots=True)
class BestQuestionVoted(Event):
    """The team's best question (DUEL-3.9)."""

    number: int


@event("duel.best_player")
@dataclass(frozen=True, slots=True)
class BestPlayerVoted(Event):
    """The team's best player (DUEL-3.9)."""

    player: int


@event("duel.finished")
@dataclass(frozen=True, slots=True)
class GameFinished(Event):
    """The after-game vote is over: both votes are in, or the host closed it (DUEL-3.9)."""

    winner: Side
    team_score: int
    host_score: int


@event("duel.aborted")
@dataclass(frozen=True, slots=True)
class GameAborted(Event):
    """The host ended the game without a result."""

