"""DUEL: the online series format, one team against the host, to 6 points (RULES.md DUEL-*).

The basic flow: the captain picks a question by number (DUEL-4.1), one minute of discussion
with a signal 10 s before the end and at the end (DUEL-3.4, 3.4.2), pause and resume by the
host (DUEL-3.4.1), the captain names the answering player (DUEL-3.5), the host judges
(DUEL-3.7), appeals to the keeper during the game (DUEL-3.7), +1 to the team or the host
(DUEL-3.8), and after 6 points the team's vote for the best question and best player (DUEL-3.9).

The end of a game: when a side reaches 6 (``GameWon``) the game is over at once (its phase is
``FINISHED``, it is stored as finished and may be counted in a season, and its chat may open
the next game). What remains is after the game and holds nothing up: the team's vote for the
best question and best player (DUEL-3.9), open until both are in or the host closes it
(``CloseVote``, then ``GameFinished``), and, until the vote begins, an appeal of the deciding
verdict (DUEL-3.7: the decision is final "in the game", and the deciding verdict is the
game's last). An appeal that takes the winner below 6 reopens the game (``GameReopened``).
``after_game_actions`` says what a finished game still accepts.

On top of it, every remaining DUEL clause:

* Preparing the set (DUEL-4.1, 4.2): the host marks which set numbers are the picture, sector
  13, blitz and superblitz questions (``MarkQuestion``); what the package itself labels (a
  picture, a three-part "Блиц."/"Суперблиц.", a "13-й сектор" text) is marked by default, so a
  labelled package starts with no marking at all. ``StartGame`` refuses a set lacking any of the
  four kinds and says which; ``StartGame(force=True)`` (``/start anyway``) starts without them,
  the host's call under DUEL-8.1, for real packages that have no blitz (e.g. most db.chgk.info
  tournaments). Blitz and superblitz need a question with exactly three parts; sector 13 can
  be any single question (sector 13 is a way of playing a question, not a kind of text).
* Team size (DUEL-2.2): ``StartGame`` needs ``min_players`` (6); ``force`` starts with one
  fewer (5), "in exceptional cases, agreed with the host and the keeper": the host's
  ``/start anyway`` is the host's agreement, and a keeper must be named for it (the keeper's
  agreement is given in the call, and a game with one fewer player is the kind of call the
  keeper oversees); never fewer.
  A smaller group plays a training game, ``StartGame(training=True)`` (``/start training``):
  any number of players, no special question needed, any package with at least one question
  (a normal game needs the 12 of DUEL-4.1; on a set shorter than 11 a training game is won
  with a majority of it, ``training_target``), and it never counts in a season
  (``bot.season`` refuses to record it).
* Sector 13 (DUEL-4.2b): the captain chooses before the question is read: all stay and answer
  at once, 3 stay with 20 s, or 1 stays with a minute. A correct answer by the single player
  earns an extra minute; a wrong answer benches those who stayed for the next question's
  discussion. Decisions: "all stay" earns no minute (4.2b gives it to the single player only);
  the bench falls away, not postponed, when the next question is a blitz or superblitz ("кроме
  вопросов блиц и суперблиц"); if everyone is benched the next question has no discussion; the
  answerer of a sector 13 question is one of those who stayed: the single player who stayed
  answers without being named (as in a superblitz), of three the captain names one. Those
  benched sit out the next question and may not be named to answer it either (they did not
  hear the discussion); when everyone is benched the question has no discussion and anyone
  may answer it.
* Blitz and superblitz (DUEL-4.2c, d): three mini-questions, 20 s each, the point only if all
  three are right. Every mini-question is played even after a wrong one, so that an appeal to
  the keeper (DUEL-3.7) weighs the whole question, as every appeal does. In a superblitz the
  captain names the single player before the first mini-question, and only that player answers.
* Early answer (DUEL-5.1): the captain declares it within the first 5 s of discussion of a
  question with a full minute (not sector 13, which has its own "answer at once", and not the
  mini-questions); a correct early answer earns an extra minute.
* Extra minutes (DUEL-5.1.2, 6.4.4) are stored and spent one per ``UseExtraMinute``, during the
  discussion or after its end before the answerer is named; one covers one mini-question. In
  the decisive round only minutes from early answers count (6.4.4 names them alone), so a
  sector 13 minute is spent first elsewhere.
* Hints (DUEL-5.2): once per game, while the team is behind: an extra minute, or club help: the
  clock stops until 1..3 helpers are named by the host, or by the captain with the keeper's
  consent, then they talk with the team for 30 s added to the discussion (a signal when their
  30 s end). In a superblitz the playing player takes the hint (5.2.1).
* Credit minute (DUEL-5.3): once per game, when the host has 5 points, after the time ran out
  (the main minute or a hint's time). It must be repaid (5.3.1) by ``PickQuestion(repay=True)``:
  a later question answered with no discussion, never a blitz or superblitz (the only ones
  5.3.1 excludes). Sector 13 may repay it: with no discussion its three modes come to one,
  "all stay and answer at once", so the captain is not asked who stays; the captain names the
  answerer, no minute is earned (4.2b gives one only to a single player who used a minute),
  and a wrong answer benches the whole team for the next question's discussion, as "all
  stay" does. So that the team cannot win with the debt
  unpaid: the credit is refused when no later question could repay it, or when the team has
  5 points too (the question decides the game: no question would be left to repay on); while
  the debt is open, an ordinary pick that would use up the last repayable question is refused,
  and with 5 points only a repayment may be picked. When the host wins, the debt ends with the
  game (it only keeps a team from winning owing it).
* Decisive round (DUEL-6.4): the captain of a team leading with 5 points asks for it naming
  the single player; the score becomes 0:0 and the next question the captain picks (not a
  blitz or superblitz) is worth 6 points, so the game ends 6:0 or 0:6. The appeal window on
  the verdict before it closes, as when a question is picked.
* Appeals (DUEL-3.7): the captain appeals only a verdict against the team (a wrong answer),
  to the keeper, who upholds or overturns it (``DecideAppeal``); the keeper may also challenge
  the host's last verdict, whichever way it went, on their own (``ChallengeVerdict``). Either
  is open until the next question is chosen (or the decisive round asked for), and after the
  game until its vote begins. An overturned verdict carries its consequences: an early answer
  or a single-player sector 13 gains or loses its extra minute, a sector 13 benches or frees
  those who stayed.
* The answerer (DUEL-3.5): the captain may name another player until the answer is given
  (not where the bot names the only player who may answer); an answer with no visible
  character (spaces, U+200B and the like) is refused and the answerer may answer again.

* The minute starts when the question has reached the chat (DUEL-3.4, DESIGN.md, Time): the
  events that read a question or a mini-question end with ``QuestionSent``, which waits in
  phase ``READING`` with the clock not started; the service reports the platform's
  confirmation as ``QuestionDelivered`` (the discussion runs from that moment) or its failure
  as ``QuestionNotDelivered`` (the clock stays stopped and the host is told); the host may start
  the clock with ``ResumeClock`` at any time while the question waits.

Times are absolute UTC deadlines in events; ``timers(state)`` says which to arm. Nothing here
reads a clock or draws lots.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum

from rules.base import Event, GameResult, Rejection, Role, SideResult, event
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    Roster,
    RosterAction,
    TakeOverHost,
    Team,
    decide_roster,
    evolve_roster,
)

FORMAT = "duel"
PARTS = 3
"""Mini-questions in a blitz or superblitz (DUEL-4.2c, d)."""
PART_SECONDS = 20.0
"""Discussion of one mini-question, and of sector 13 with three players (DUEL-4.2b-d)."""
EARLY_SECONDS = 5.0
"""The early answer is declared within this many seconds of discussion (DUEL-5.1.1)."""
CLUB_SECONDS = 30.0
"""How long club helpers talk with the team (DUEL-5.2b)."""
DECISIVE_POINTS = 6
"""What the decisive round's question is worth (DUEL-6.4.3)."""
MAX_HELPERS = 3


class Phase(StrEnum):
    """Where a DUEL game is. ``DISCUSSION`` covers a paused clock too (see ``Clock.paused``);
    ``SECTOR13`` waits for the captain's choice of who stays, ``SOLO`` for the superblitz
    player; ``READING`` for the platform to confirm that the question reached the chat (the
    clock starts then, DUEL-3.4); ``FINISHED`` from the moment a side has 6, with the
    after-game vote open or not (``DuelState.vote_open``)."""

    LOBBY = "lobby"
    CHOOSING = "choosing"
    SECTOR13 = "sector13"
    SOLO = "solo"
    READING = "reading"
    DISCUSSION = "discussion"
    NAMING = "naming"
    ANSWERING = "answering"
    JUDGING = "judging"
    FINISHED = "finished"
    ABORTED = "aborted"


class Side(StrEnum):
    """The two sides of a DUEL game (DUEL-3.8)."""

    TEAM = "team"
    HOST = "host"


class Special(StrEnum):
    """The four questions every DUEL set must have (DUEL-4.2 a-d)."""

    PICTURE = "picture"
    SECTOR13 = "sector13"
    BLITZ = "blitz"
    SUPERBLITZ = "superblitz"


class Play(StrEnum):
    """How the current question is played."""

    REGULAR = "regular"
    SECTOR13 = "sector13"
    BLITZ = "blitz"
    SUPERBLITZ = "superblitz"
    DECISIVE = "decisive"


class Sector13Mode(StrEnum):
    """Who stays at the table for sector 13 (DUEL-4.2b)."""

    ALL = "all"
    THREE = "three"
    ONE = "one"


class MinuteSource(StrEnum):
    """How the team earned an extra minute: an early answer (DUEL-5.1.2) or sector 13 (4.2b)."""

    EARLY = "early"
    SECTOR13 = "sector13"


class Hint(StrEnum):
    """The two hints of DUEL-5.2."""

    MINUTE = "minute"
    CLUB = "club"


class TimeReason(StrEnum):
    """Why discussion time was added: a stored extra minute, a hint, club help, a credit."""

    EXTRA = "extra"
    HINT = "hint"
    CLUB = "club"
    CREDIT = "credit"


SECTOR13_STAY = {Sector13Mode.THREE: 3, Sector13Mode.ONE: 1}
"""How many players stay for each sector 13 mode that names them."""


@dataclass(frozen=True, slots=True)
class DuelConfig:
    """Settings of one DUEL game; times in seconds.

    ``discussion`` is "a minute" everywhere the rules say so (the main minute, extra, hint and
    credit minutes, sector 13 with one player); ``warning_at`` is when the 10-seconds-left
    signal sounds, counted from the start of a full minute, so every shorter period warns the
    same ``discussion - warning_at`` seconds before its end (DUEL-3.4.2); ``min_players`` is
    DUEL-2.2's team size.
    """

    discussion: float = 60.0
    warning_at: float = 50.0
    target: int = 6
    set_size: int = 12
    min_players: int = 6

    @property
    def warn_before(self) -> float:
        """Seconds before the end of any discussion when the warning sounds."""
        return self.discussion - self.warning_at


@dataclass(frozen=True, slots=True)
class Facts:
    """What the package says about its questions (package indices, 0-based).

    ``pictures``: questions with a picture; ``triples``: questions with exactly three parts,
    offered as blitz or superblitz; ``blitzes``/``superblitzes``: triples the package labels so;
    ``sectors13``: single questions the package labels as sector 13.
    """

    pictures: tuple[int, ...] = ()
    triples: tuple[int, ...] = ()
    blitzes: tuple[int, ...] = ()
    superblitzes: tuple[int, ...] = ()
    sectors13: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Clock:
    """The discussion clock: absolute UTC deadlines while running, the time left while paused.

    ``helpers_until`` is when club helpers stop talking (``helpers_left`` seconds while
    paused); ``paused_for`` is why the clock stopped: "host", "downtime" or "helpers".
    """

    ends_at: datetime | None
    warning_at: datetime | None
    remaining: float | None = None
    warned: bool = False
    helpers_until: datetime | None = None
    helpers_left: float | None = None
    paused_for: str | None = None

    @property
    def paused(self) -> bool:
        """True while the clock is stopped (DUEL-3.4.1)."""
        return self.remaining is not None


@dataclass(frozen=True, slots=True)
class Played:
    """One question already judged: its number in the set, the verdict, the appeal, and what
    an overturn must redo: its ``points`` (6 in the decisive round), whether it was an early
    answer, its sector 13 mode and who stayed."""

    number: int
    correct: bool
    answer: str
    appealed: bool = False
    points: int = 1
    early: bool = False
    sector13: Sector13Mode | None = None
    stayed: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DuelState:
    """The whole state of a DUEL game, a fold of its events.

    ``scored`` lists the package indices (0-based, into ``Package.questions``) of the
    package's scored questions; ``questions`` is the game's set of 12 in set order, so set
    number N is ``questions[N - 1]``. ``marks`` are the host's marks (kind -> package index)
    before the start; ``kinds`` the special questions by set number, fixed at the start.

    The current question: ``silent`` players sit out its discussion (DUEL-4.2b); ``repaying``
    when it repays the credit minute; ``no_discussion`` when it is answered at once;
    ``sector13``/``stayed`` the sector 13 choice; ``solo`` the only player who answers
    (superblitz, decisive round, sector 13 with one player); ``part``/``parts`` the
    mini-question being played and the verdicts so far; ``early`` a declared early answer
    and ``early_until`` its deadline; ``helpers`` club helpers talking, ``helpers_pending``
    while they are being chosen, ``helpers_proposed`` the captain's choice awaiting the keeper;
    ``reading`` the seconds of discussion (and ``reading_early`` whether an early answer may be
    declared) that start once the question is delivered (phase ``READING``).

    The game: ``minutes`` earned and unspent; ``hint_used``; ``credit_taken``/``credit_repaid``;
    ``benched`` for the next question; ``decisive`` once the decisive round began, with its
    player and ``reset_at``, the number of questions played before it (the score restarts);
    ``training`` for a training game (DUEL-2.2: fewer players, outside any season).

    After the game: ``winner``, and ``vote_open`` while the team's vote (DUEL-3.9) is open.
    """

    config: DuelConfig
    roster: Roster
    package_id: int | None
    scored: tuple[int, ...]
    facts: Facts = Facts()
    marks: dict[Special, int] = field(default_factory=dict)
    questions: tuple[int, ...] = ()
    kinds: dict[int, Special] = field(default_factory=dict)
    phase: Phase = Phase.LOBBY
    current: int | None = None
    clock: Clock | None = None
    answerer: int | None = None
    answer: str | None = None
    played: tuple[Played, ...] = ()
    appeal_pending: bool = False
    best_question: int | None = None
    best_player: int | None = None
    winner: Side | None = None
    silent: tuple[int, ...] = ()
    repaying: bool = False
    no_discussion: bool = False
    sector13: Sector13Mode | None = None
    stayed: tuple[int, ...] = ()
    solo: int | None = None
    part: int | None = None
    parts: tuple[bool, ...] = ()
    early: bool = False
    early_until: datetime | None = None
    helpers: tuple[int, ...] = ()
    helpers_pending: bool = False
    helpers_proposed: tuple[int, ...] = ()
    reading: float | None = None
    reading_early: bool = False
    minutes: tuple[MinuteSource, ...] = ()
    hint_used: bool = False
    credit_taken: bool = False
    credit_repaid: bool = False
    benched: tuple[int, ...] = ()
    decisive: bool = False
    decisive_player: int | None = None
    reset_at: int = 0
    training: bool = False
    vote_open: bool = False

    @property
    def team(self) -> Team | None:
        """The playing team, or None before one registers."""
        return self.roster.teams[0] if self.roster.teams else None

    @property
    def score(self) -> tuple[int, int]:
        """(team points, host points) from the judged questions since the last reset
        (DUEL-3.8; the decisive round restarts at 0:0 and is worth 6, DUEL-6.4.2-3)."""
        team = host = 0
        for p in self.played[self.reset_at:]:
            if p.correct:
                team += p.points
            else:
                host += p.points
        return team, host

    @property
    def live(self) -> bool:
        """True until the game is finished or aborted."""
        return self.phase not in (Phase.FINISHED, Phase.ABORTED)

    @property
    def play(self) -> Play | None:
        """How the current question is played, or None between questions."""
        if self.current is None:
            return None
        if self.decisive:
            return Play.DECISIVE
        kind = self.kinds.get(self.current)
        if self.repaying or kind in (None, Special.PICTURE):
            return Play.REGULAR
        return Play(kind.value)

    @property
    def credit_owed(self) -> bool:
        """True while the credit minute is taken and not yet repaid (DUEL-5.3.1)."""
        return self.credit_taken and not self.credit_repaid

    def best_question_candidates(self) -> tuple[int, ...]:
        """Set numbers the team did not answer, among those played (DUEL-3.9)."""
        return tuple(p.number for p in self.played if not p.correct)

    def current_question_index(self) -> int | None:
        """Package index of the question being played, or None."""
        return self.questions[self.current - 1] if self.current else None

    def numbers_left(self) -> tuple[int, ...]:
        """Set numbers not yet played, in order."""
        played = {p.number for p in self.played}
        return tuple(n for n in range(1, len(self.questions) + 1) if n not in played)

    def repayable(self) -> tuple[int, ...]:
        """Numbers left on which the credit minute may be repaid: any but a blitz or
        superblitz (DUEL-5.3.1)."""
        return tuple(n for n in self.numbers_left() if not _multi(self.kinds.get(n)))

    def decisive_numbers(self) -> tuple[int, ...]:
        """Numbers left that the decisive round may play: not a blitz or superblitz."""
        return tuple(n for n in self.numbers_left() if not _multi(self.kinds.get(n)))

    def time_options(self) -> dict[str, bool]:
        """What the team may do now to get more time: ``extra`` (a stored minute), ``hint``
        (DUEL-5.2) and ``credit`` (DUEL-5.3); for the prompts."""
        if _cannot_grow(self) is not None:
            return {"extra": False, "hint": False, "credit": False}
        team, host = self.score
        minutes = [m for m in self.minutes if not self.decisive or m is MinuteSource.EARLY]
        after_time = self.phase is not Phase.DISCUSSION
        return {
            "extra": bool(minutes),
            "hint": not self.hint_used and team < host,
            "credit": after_time and not self.decisive and not self.credit_taken
            and host == self.config.target - 1 and team < self.config.target - 1
            and any(n != self.current for n in self.repayable()),
        }


def set_indices(state: DuelState) -> tuple[int, ...]:
    """The package indices the game plays, in set order: the host's selection, else the first
    ``set_size`` scored questions (DUEL-4.1)."""
    return state.questions or state.scored[: state.config.set_size]


def special_numbers(state: DuelState) -> dict[Special, int]:
    """The set number of each special question (DUEL-4.2); kinds with none are absent.

    After the start these are fixed. Before it: the host's marks that lie in the set, then for
    each kind still unmarked the first question of the set the package labels so (a picture
    for the picture question), never a question already taken by another kind.
    """
    if state.phase is not Phase.LOBBY:
        return {kind: number for number, kind in sorted(state.kinds.items())}
    indices = set_indices(state)
    chosen = {kind: index for kind, index in state.marks.items() if index in indices}
    labelled = {
        Special.SECTOR13: state.facts.sectors13,
        Special.SUPERBLITZ: state.facts.superblitzes,
        Special.BLITZ: state.facts.blitzes,
        Special.PICTURE: state.facts.pictures,
    }
    for kind, candidates in labelled.items():
        if kind in chosen:
            continue
        taken = set(chosen.values()) | set(state.marks.values())
        found = next((i for i in indices if i in candidates and i not in taken), None)
        if found is not None:
            chosen[kind] = found
    return {kind: indices.index(chosen[kind]) + 1 for kind in Special if kind in chosen}


def _multi(kind: Special | None) -> bool:
    return kind in (Special.BLITZ, Special.SUPERBLITZ)


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttachPackage:
    """The host gives the game its package: ``scored`` lists its scored questions' indices,
    ``facts`` what it labels (DUEL-4.2)."""

    by: int
    package_id: int
    scored: tuple[int, ...]
    facts: Facts = Facts()


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
class PauseClock:
    """The host stops the discussion clock (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """The host restarts a stopped clock with the time that was left (DUEL-3.4.1)."""

    by: int


@dataclass(frozen=True, slots=True)
class NameAnswerer:
    """The captain names the player who answers (DUEL-3.5), or, before a superblitz, the one
    player who plays it (DUEL-4.2d)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class GiveAnswer:
    """The named player's answer, with the bot's suggested verdict for the host.

    ``suggestion`` is "accept", "reject" or "unsure"; ``reason`` the matcher's reason key and
    ``reason_args`` its arguments, shown to the host.
    """

    by: int
    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class JudgeAnswer:
    """The host's verdict on the answer, or on the current mini-question (DUEL-3.7)."""

    by: int
    correct: bool


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
class TimerFired:
    """A scheduled deadline arrived; ``name`` is a key of ``timers(state)``."""

    name: str
    deadline: datetime


@dataclass(frozen=True, slots=True)
class MissedDeadlines:
    """The bot was down past a deadline: pause and let the host resume (DESIGN.md, Time)."""


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


@event("duel.discussion_started")
@dataclass(frozen=True, slots=True)
class DiscussionStarted(Event):
    """Discussion began; deadlines are absolute UTC (DUEL-3.4). ``warning_at`` is None when the
    period is too short for a warning; ``early_until`` ends the early-answer window (DUEL-5.1.1),
    None where there is none; ``seconds`` is the period's length (None: a full minute)."""

    ends_at: datetime
    warning_at: datetime | None
    early_until: datetime | None = None
    seconds: float | None = None


@event("duel.warning")
@dataclass(frozen=True, slots=True)
class WarningSignalled(Event):
    """Ten seconds of discussion left (DUEL-3.4.2)."""


@event("duel.discussion_ended")
@dataclass(frozen=True, slots=True)
class DiscussionEnded(Event):
    """Time (or no discussion at all): the captain names the answerer (DUEL-3.4.2, 3.5)."""


@event("duel.early_answer")
@dataclass(frozen=True, slots=True)
class EarlyAnswerDeclared(Event):
    """The captain declared an early answer: discussion ends now (DUEL-5.1)."""


@event("duel.clock_paused")
@dataclass(frozen=True, slots=True)
class ClockPaused(Event):
    """The clock stopped with ``remaining`` seconds left; ``reason`` is "host", "downtime" or
    "helpers" (club help being chosen)."""

    remaining: float
    reason: str


@event("duel.clock_resumed")
@dataclass(frozen=True, slots=True)
class ClockResumed(Event):
    """The clock runs again with new absolute deadlines (``warning_at`` None if already past)."""

    ends_at: datetime
    warning_at: datetime | None


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


# --- the decider ---------------------------------------------------------------------------


def _facts_of(ev: GameCreated | PackageAttached) -> Facts:
    return Facts(ev.pictures, ev.triples, ev.blitzes, ev.superblitzes, ev.sectors13)


def initial_state(created: GameCreated) -> DuelState:
    """The state right after ``GameCreated``."""
    config = DuelConfig(
        discussion=created.discussion,
        warning_at=created.warning_at,
        target=created.target,
        set_size=created.set_size,
        min_players=created.min_players,
    )
    roster = Roster(host=created.host, names={created.host: created.host_name})
    return DuelState(config=config, roster=roster, package_id=created.package_id,
                     scored=created.scored, facts=_facts_of(created))


def timers(state: DuelState) -> dict[str, datetime]:
    """The deadlines that must be armed now, by name, while the clock runs: "end", "warning"
    (until signalled) and "helpers" (the end of club help, when before the end)."""
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None or clock.paused:
        return {}
    due: dict[str, datetime] = {"end": clock.ends_at}
    if not clock.warned and clock.warning_at is not None:
        due["warning"] = clock.warning_at
    if clock.helpers_until is not None and clock.helpers_until < clock.ends_at:
        due["helpers"] = clock.helpers_until
    return due


_AFTER_GAME = (FileAppeal, DecideAppeal, ChallengeVerdict, VoteBestQuestion, VoteBestPlayer,
               CloseVote)


def after_game_actions(state: DuelState) -> frozenset[type]:
    """The actions a finished game still accepts (none while it is live or once aborted): the
    votes and their closing while the vote is open (DUEL-3.9), and the appeal of the deciding
    verdict, and its decision, until the vote begins (DUEL-3.7)."""
    if state.phase is not Phase.FINISHED:
        return frozenset()
    allowed: set[type] = set()
    if state.vote_open:
        allowed |= {VoteBestQuestion, VoteBestPlayer, CloseVote}
    if isinstance(_appealable(state), Played):
        allowed |= {FileAppeal, DecideAppeal, ChallengeVerdict}
    return frozenset(allowed)


def decide(state: DuelState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments,
    and who exactly where a role is not enough (the superblitz player, the host or the captain
    naming helpers). A finished game accepts only ``after_game_actions``.
    """
    if not state.live and not isinstance(action, TimerFired | MissedDeadlines
                                         | QuestionDelivered | QuestionNotDelivered) and not (
            state.phase is Phase.FINISHED and isinstance(action, _AFTER_GAME)):
        # After the game, the appeal and vote functions say why one is closed.
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameKeeper() | NameCoHost() \
                | TakeOverHost():
            return decide_roster(state.roster, action, max_teams=1,
                                 open_=state.phase is Phase.LOBBY)
        case AttachPackage(package_id=package_id, scored=scored, facts=facts):
            if state.phase is not Phase.LOBBY:
                return Rejection("duel-already-started")
            if not scored:  # a short package is for a training game, refused at the start
                return Rejection("duel-package-no-questions")
            return [PackageAttached(package_id, scored, facts.pictures, facts.triples,
                                    facts.blitzes, facts.superblitzes, facts.sectors13)]
        case SelectQuestions(positions=positions):
            return _select(state, positions)
        case MarkQuestion(kind=kind, number=number):
            return _mark(state, kind, number)
        case StartGame(force=force, training=training):
            return _start(state, force, training)
        case PickQuestion(number=number, repay=repay):
            return _pick(state, number, repay)
        case ChooseSector13(mode=mode, players=players):
            return _sector13(state, mode, players)
        case DeclareEarly():
            return _early(state, now)
        case UseExtraMinute():
            return _extra(state, now)
        case TakeHint(by=by, hint=hint):
            return _hint(state, by, hint, now)
        case NameHelpers(by=by, players=players, names=names):
            return _helpers(state, by, players, names, now)
        case AnswerHelpers(agree=agree):
            return _answer_helpers(state, agree, now)
        case TakeCredit():
            return _credit(state, now)
        case AskDecisiveRound(player=player):
            return _decisive(state, player)
        case PauseClock():
            return _pause(state, now, "host")
        case ResumeClock():
            return _resume(state, now)
        case TimerFired():
            return _timer(state, action)
        case MissedDeadlines():
            due = timers(state)
            if not due or min(due.values()) > now:
                return []
            return _pause(state, now, "downtime")
        case QuestionDelivered(number=number, part=part, at=delivered):
            return [_delivered(state, delivered)] if _reading(state, number, part) else []
        case QuestionNotDelivered(number=number, part=part):
            return [QuestionUndelivered(number, part)] if _reading(state, number, part) else []
        case NameAnswerer(player=player):
            return _name(state, player)
        case GiveAnswer():
            return _give_answer(state, action)
        case JudgeAnswer(correct=correct):
            return _judge(state, correct)
        case FileAppeal():
            return _appeal(state)
        case DecideAppeal(overturn=overturn):
            return _decide_appeal(state, overturn)
        case ChallengeVerdict():
            return _challenge(state)
        case VoteBestQuestion(number=number):
            return _vote_question(state, number)
        case VoteBestPlayer(player=player):
            return _vote_player(state, player)
        case CloseVote():
            if not state.vote_open:
                return Rejection("duel-no-vote-open")
            if state.appeal_pending:
                return Rejection("duel-appeal-pending")
            team, host = state.score
            return [GameFinished(state.winner, team, host)]
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a DUEL action: {action!r}")


# --- preparing the set (DUEL-4.1, 4.2) -----------------------------------------------------


def _select(state: DuelState, positions: tuple[int, ...]) -> list[Event] | Rejection:
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    size = state.config.set_size
    bad = [p for p in positions if not 1 <= p <= len(state.scored)]
    if bad:
        return Rejection("duel-select-out-of-range", {"number": bad[0], "count": len(state.scored)})
    if len(positions) != size or len(set(positions)) != size:
        return Rejection("duel-select-count", {"count": size})
    return [QuestionsSelected(tuple(state.scored[p - 1] for p in positions))]


def _mark(state: DuelState, kind: Special, number: int) -> list[Event] | Rejection:
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    indices = set_indices(state)
    if not 1 <= number <= len(indices):
        return Rejection("duel-number-out-of-range", {"count": len(indices)})
    index = indices[number - 1]
    facts = state.facts
    if kind is Special.PICTURE and index not in facts.pictures:
        return Rejection("duel-mark-no-picture", {"number": number})
    if _multi(kind) and index not in facts.triples:
        return Rejection("duel-mark-not-three-parts", {"number": number})
    if kind is Special.SECTOR13 and index in facts.triples:
        return Rejection("duel-mark-sector13-parts", {"number": number})
    return [QuestionMarked(kind, index)]


def special_args(numbers: dict[Special, int]) -> dict[str, str]:
    """Message arguments naming each special question's set number, "none" when missing."""
    return {kind.value: str(numbers[kind]) if kind in numbers else "none" for kind in Special}


def exception_players(config: DuelConfig) -> int:
    """The fewest players ``/start anyway`` accepts: one fewer than the rule (DUEL-2.2:
    six, "in exceptional cases" five)."""
    return max(1, config.min_players - 1)


def training_target(config: DuelConfig, questions: int) -> int:
    """The score that wins a training game of ``questions`` questions: 6 (DUEL-3.8), or on a
    set shorter than 11 a majority of it, so that the set always yields a winner (DUEL-8.1:
    the rules know no shorter set; a training game may play any package)."""
    return max(1, min(config.target, (questions + 1) // 2))


def _start(state: DuelState, force: bool, training: bool = False) -> list[Event] | Rejection:
    if state.phase is not Phase.LOBBY:
        return Rejection("duel-already-started")
    team = state.team
    if team is None:
        return Rejection("duel-no-team")
    count, need = len(team.members), state.config.min_players
    if not training and count < exception_players(state.config):
        return Rejection("duel-too-few-players-anyway", {
            "count": count, "min": need, "floor": exception_players(state.config)})
    if not training and count < need and not force:
        return Rejection("duel-too-few-players", {"count": count, "min": need})
    if not training and count < need and state.roster.keeper is None:
        # DUEL-2.2: one player fewer needs the keeper's agreement as well as the host's.
        return Rejection("duel-anyway-needs-keeper", {"count": count, "min": need})
    force = force or training
    if state.package_id is None:
        return Rejection("duel-no-package")
    questions = set_indices(state)
    if not questions:
        return Rejection("duel-package-no-questions")
    if len(questions) < state.config.set_size and not training:
        return Rejection("duel-package-too-small",
                         {"count": len(questions), "need": state.config.set_size})
    numbers = special_numbers(state)
    if len(numbers) < len(Special) and not force:
        return Rejection("duel-set-missing", special_args(numbers))
    return [GameStarted(tuple(questions), numbers.get(Special.PICTURE),
                        numbers.get(Special.SECTOR13), numbers.get(Special.BLITZ),
                        numbers.get(Special.SUPERBLITZ), training)]


# --- playing a question --------------------------------------------------------------------


def _discussion(state: DuelState, now: datetime, seconds: float, *, early: bool = False
                ) -> DiscussionStarted:
    """A discussion of ``seconds`` from ``now``, warning ``warn_before`` before its end."""
    ends = now + timedelta(seconds=seconds)
    warn_before = state.config.warn_before
    warning = ends - timedelta(seconds=warn_before) if seconds > warn_before else None
    return DiscussionStarted(ends, warning, now + timedelta(seconds=EARLY_SECONDS)
                             if early else None, seconds)


def _reading(state: DuelState, number: int, part: int | None) -> bool:
    """True while the game waits for the delivery of this question (a report about an
    earlier one, or one the host already started the clock of, is stale)."""
    return state.phase is Phase.READING and state.current == number and state.part == part


def _delivered(state: DuelState, at: datetime) -> DiscussionStarted:
    """The discussion of the question waiting in ``READING``, from ``at`` (DUEL-3.4)."""
    return _discussion(state, at, state.reading, early=state.reading_early)


def _pick(state: DuelState, number: int, repay: bool) -> list[Event] | Rejection:
    if state.phase is not Phase.CHOOSING:
        return Rejection("duel-not-choosing")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    if not 1 <= number <= len(state.questions):
        return Rejection("duel-number-out-of-range", {"count": len(state.questions)})
    if any(p.number == number for p in state.played):
        return Rejection("duel-number-played", {"number": number})
    kind = state.kinds.get(number)
    if state.decisive and _multi(kind):
        return Rejection("duel-decisive-not-blitz",
                         {"numbers": _numbers(state.decisive_numbers())})
    if repay:
        if not state.credit_owed:
            return Rejection("duel-no-debt")
        if number not in state.repayable():
            return Rejection("duel-repay-not-here",
                             {"number": number, "numbers": _numbers(state.repayable())})
    elif state.credit_owed and state.score[0] == state.config.target - 1 and state.repayable():
        # The game would end with the debt unpaid (DUEL-5.3.1).
        return Rejection("duel-must-repay", {"numbers": _numbers(state.repayable())})
    elif state.credit_owed and state.repayable() == (number,):
        # Played as an ordinary question, it would leave nothing to repay on (DUEL-5.3.1).
        return Rejection("duel-repay-last", {"number": number})
    events: list[Event] = [QuestionChosen(number, state.questions[number - 1], repay)]
    if repay and kind is Special.SECTOR13:
        # With no discussion, sector 13 is "all stay and answer at once" (see the module).
        return [*events, Sector13Chosen(Sector13Mode.ALL, state.team.members),
                DiscussionEnded()]
    if repay:
        return [*events, DiscussionEnded()]
    if state.decisive:
        return [*events, QuestionSent(state.config.discussion, early=True)]
    if kind in (Special.SECTOR13, Special.SUPERBLITZ):
        return events  # the captain chooses the players first
    if kind is Special.BLITZ:
        return [*events, PartStarted(0), QuestionSent(PART_SECONDS)]
    team = state.team
    if team is not None and set(team.members) <= set(state.benched):
        return [*events, DiscussionEnded()]  # everyone is benched: no one may discuss
    return [*events, QuestionSent(state.config.discussion, early=True)]


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers)) or "-"


def _sector13(state: DuelState, mode: Sector13Mode, players: tuple[int, ...]
              ) -> list[Event] | Rejection:
    if state.phase is not Phase.SECTOR13:
        return Rejection("duel-not-sector13")
    team = state.team
    if mode is Sector13Mode.ALL:
        return [Sector13Chosen(mode, team.members), DiscussionEnded()]
    outsider = next((p for p in players if p not in team.members), None)
    if outsider is not None:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(outsider)})
    if len(set(players)) != SECTOR13_STAY[mode] or len(players) != SECTOR13_STAY[mode]:
        return Rejection("duel-sector13-count", {"count": SECTOR13_STAY[mode]})
    seconds = PART_SECONDS if mode is Sector13Mode.THREE else state.config.discussion
    return [Sector13Chosen(mode, players), QuestionSent(seconds)]


def _time_up(state: DuelState) -> list[Event]:
    """The end of discussion; a solo player is the answerer without being named."""
    events: list[Event] = [DiscussionEnded()]
    if state.solo is not None:
        events.append(AnswererNamed(state.solo))
    return events


def _early(state: DuelState, now: datetime) -> list[Event] | Rejection:
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or state.early_until is None or clock is None:
        return Rejection("duel-early-not-here")
    if clock.paused or now > state.early_until:
        return Rejection("duel-early-too-late", {"seconds": round(EARLY_SECONDS)})
    return [EarlyAnswerDeclared(), *_time_up(state)]


def _cannot_grow(state: DuelState) -> Rejection | None:
    """Why no time can be added now, or None: only during a discussion or after its end
    before the answerer is named (a solo answerer is named by the bot, so then too), never on
    a question answered with no discussion, nor after an early answer (it would buy the
    discussion the early answer gave up, and still earn its minute)."""
    if state.helpers_pending:
        return Rejection("duel-helpers-pending")
    after_time = state.phase is Phase.NAMING or (
        state.phase is Phase.ANSWERING and state.solo is not None)
    if state.phase is not Phase.DISCUSSION and not after_time:
        return Rejection("duel-no-time-now")
    if state.no_discussion or state.early:
        return Rejection("duel-no-discussion-here")
    return None


def _grow(state: DuelState, now: datetime, seconds: float, reason: TimeReason,
          spent: MinuteSource | None = None) -> TimeAdded:
    """``seconds`` more discussion: added to a running or paused clock, or a new period after
    the time ran out. A clock paused while helpers are chosen starts running again."""
    clock = state.clock
    if state.phase is Phase.DISCUSSION and clock is not None and clock.paused:
        if not state.helpers_pending:
            return TimeAdded(reason, seconds, None, None, spent)
        ends = now + timedelta(seconds=clock.remaining + seconds)
    elif state.phase is Phase.DISCUSSION and clock is not None:
        ends = clock.ends_at + timedelta(seconds=seconds)
    else:
        ends = now + timedelta(seconds=seconds)
    warn_before = timedelta(seconds=state.config.warn_before)
    warning = ends - warn_before if ends - now > warn_before else None
    return TimeAdded(reason, seconds, ends, warning, spent)


def _extra(state: DuelState, now: datetime) -> list[Event] | Rejection:
    refused = _cannot_grow(state)
    if refused is not None:
        return refused
    usable = [m for m in state.minutes if not state.decisive or m is MinuteSource.EARLY]
    if not usable:
        return Rejection("duel-no-minutes-decisive" if state.minutes else "duel-no-minutes")
    # A sector 13 minute goes first: only early-answer minutes serve in the decisive round.
    spent = MinuteSource.SECTOR13 if MinuteSource.SECTOR13 in usable else usable[0]
    return [_grow(state, now, state.config.discussion, TimeReason.EXTRA, spent)]


def _hint(state: DuelState, by: int, hint: Hint, now: datetime) -> list[Event] | Rejection:
    if state.hint_used:
        return Rejection("duel-hint-used")
    refused = _cannot_grow(state)
    if refused is not None:
        return refused
    if state.play is Play.SUPERBLITZ:
        if by != state.solo:
            return Rejection("duel-hint-superblitz-player", {"name": state.roster.name(state.solo)})
    elif state.team is None or by != state.team.captain:
        return Rejection("duel-hint-captain")
    team, host = state.score
    if team >= host:
        return Rejection("duel-hint-not-behind")
    if hint is Hint.MINUTE:
        return [HintTaken(hint), _grow(state, now, state.config.discussion, TimeReason.HINT)]
    events: list[Event] = []
    clock = state.clock
    if state.phase is Phase.DISCUSSION and clock is not None and not clock.paused:
        # The clock waits while the helpers are chosen.
        events.append(ClockPaused(max(0.0, (clock.ends_at - now).total_seconds()), "helpers"))
    return [*events, HintTaken(hint)]


def _helpers(state: DuelState, by: int, players: tuple[int, ...], names: tuple[str, ...],
             now: datetime) -> list[Event] | Rejection:
    if not state.helpers_pending:
        return Rejection("duel-no-club-help")
    if not players:
        return _withdraw_club_help(state, now)
    if not 1 <= len(players) <= MAX_HELPERS or len(set(players)) != len(players):
        return Rejection("duel-helpers-count", {"count": MAX_HELPERS})
    roster = state.roster
    officials = {roster.host, roster.keeper, *roster.cohosts}
    for player in players:
        if player in officials or (state.team is not None and player in state.team.members):
            return Rejection("duel-helper-invalid", {"name": roster.name(player)})
    if by == roster.host or by in roster.cohosts:
        return _helpers_named(state, players, names, now)
    if state.team is None or by != state.team.captain:
        return Rejection("duel-helpers-who")
    if roster.keeper is None:
        return Rejection("duel-no-keeper")
    return [HelpersProposed(players, names)]


def _withdraw_club_help(state: DuelState, now: datetime) -> list[Event]:
    """No helper can be found (nobody else is in the call): the club help is called off, the
    hint is not spent, and a clock stopped for the choice runs on (DUEL-5.2b, 8.1)."""
    events: list[Event] = [ClubHelpWithdrawn()]
    clock = state.clock
    if state.phase is Phase.DISCUSSION and clock is not None and clock.paused_for == "helpers":
        resumed = _resume(replace(state, helpers_pending=False), now)
        if isinstance(resumed, list):
            events += resumed
    return events


def _helpers_named(state: DuelState, players: tuple[int, ...], names: tuple[str, ...],
                   now: datetime) -> list[Event]:
    return [_grow(state, now, CLUB_SECONDS, TimeReason.CLUB),
            HelpersNamed(players, now + timedelta(seconds=CLUB_SECONDS), names)]


def _answer_helpers(state: DuelState, agree: bool, now: datetime) -> list[Event] | Rejection:
    if not state.helpers_pending or not state.helpers_proposed:
        return Rejection("duel-no-helpers-proposed")
    if agree:
        names = tuple(state.roster.name(p) for p in state.helpers_proposed)
        return _helpers_named(state, state.helpers_proposed, names, now)
    return [HelpersRefused()]


def _credit(state: DuelState, now: datetime) -> list[Event] | Rejection:
    if state.credit_taken or state.decisive:
        return Rejection("duel-credit-used")
    target = state.config.target
    if state.score[1] != target - 1:
        return Rejection("duel-credit-not-now", {"points": target - 1})
    refused = _cannot_grow(state)
    if refused is not None:
        return refused
    if state.phase is Phase.DISCUSSION:
        return Rejection("duel-credit-after-time")
    # DUEL-5.3.1: the minute must be repaid on a later question before the game ends.
    if state.score[0] == target - 1:
        return Rejection("duel-credit-game-point", {"points": target - 1})
    if not [n for n in state.repayable() if n != state.current]:
        return Rejection("duel-credit-no-repay")
    return [CreditTaken(state.current),
            _grow(state, now, state.config.discussion, TimeReason.CREDIT)]


def _decisive(state: DuelState, player: int) -> list[Event] | Rejection:
    if state.phase is not Phase.CHOOSING or state.appeal_pending:
        return Rejection("duel-not-choosing")
    if state.decisive:
        return Rejection("duel-decisive-once")
    team, host = state.score
    if team != state.config.target - 1 or team <= host:
        return Rejection("duel-decisive-not-now", {"points": state.config.target - 1})
    if state.credit_owed:
        return Rejection("duel-decisive-debt")
    if state.team is None or player not in state.team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    if player in state.benched:
        return Rejection("duel-player-benched", {"name": state.roster.name(player)})
    if not state.decisive_numbers():
        return Rejection("duel-decisive-no-question")
    return [DecisiveRoundStarted(player)]


def _pause(state: DuelState, now: datetime, reason: str) -> list[Event] | Rejection:
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None:
        return Rejection("duel-clock-not-running")
    if clock.paused:
        return Rejection("duel-clock-already-paused")
    remaining = max(0.0, (clock.ends_at - now).total_seconds())
    return [ClockPaused(remaining, reason)]


def _resume(state: DuelState, now: datetime) -> list[Event] | Rejection:
    if state.phase is Phase.READING:
        # The host starts the clock of a question that did not (or not yet) reach the chat.
        return [_delivered(state, now)]
    clock = state.clock
    if state.phase is not Phase.DISCUSSION or clock is None or not clock.paused:
        return Rejection("duel-clock-not-paused")
    if state.helpers_pending:
        return Rejection("duel-helpers-pending")
    if clock.remaining <= 0:
        return _time_up(state)
    ends_at = now + timedelta(seconds=clock.remaining)
    warn_before = state.config.warn_before
    warning_at = None if clock.warned or clock.remaining <= warn_before else ends_at - timedelta(
        seconds=warn_before)
    return [ClockResumed(ends_at, warning_at)]


def _timer(state: DuelState, fired: TimerFired) -> list[Event]:
    # A timer whose deadline no longer matches the state is stale (the clock was paused,
    # resumed, extended, or the phase moved on): it does nothing.
    if timers(state).get(fired.name) != fired.deadline:
        return []
    if fired.name == "warning":
        return [WarningSignalled()]
    if fired.name == "helpers":
        return [HelpersDone()]
    return _time_up(state)


def _name(state: DuelState, player: int) -> list[Event] | Rejection:
    team = state.team
    if state.phase is Phase.SOLO:
        if team is None or player not in team.members:
            return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
        return [SoloNamed(player), PartStarted(0), QuestionSent(PART_SECONDS)]
    if state.solo is not None and state.phase in (Phase.NAMING, Phase.ANSWERING,
                                                  Phase.DISCUSSION):
        # The superblitz, decisive round or lone sector 13 player answers, named by the bot.
        return Rejection("duel-answerer-already-named", {"name": state.roster.name(state.solo)})
    if state.phase is Phase.ANSWERING and player == state.answerer:
        return Rejection("duel-answerer-already-named", {"name": state.roster.name(player)})
    if state.phase not in (Phase.NAMING, Phase.ANSWERING):
        # Until the answer is given the captain may name someone else (DUEL-3.5).
        return Rejection("duel-not-naming")
    if state.helpers_pending:
        return Rejection("duel-helpers-pending")
    if team is None or player not in team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    if state.sector13 is not None and player not in state.stayed:
        return Rejection("duel-answerer-not-stayed", {
            "names": ", ".join(state.roster.name(p) for p in state.stayed)})
    if player in state.silent and not set(team.members) <= set(state.silent):
        # Benched after a wrong sector 13, they did not discuss this question (DUEL-4.2b).
        return Rejection("duel-answerer-benched", {"name": state.roster.name(player)})
    return [AnswererNamed(player)]


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters of a visible category that show nothing (Hangul fillers, the blank Braille cell)."""


def visible(text: str) -> bool:
    """True when ``text`` has a character that shows: not a space, a control or format
    character (U+200B, U+200F, U+2060, U+FEFF, bidi controls), a lone combining mark or a
    blank letter."""
    return any(unicodedata.category(ch)[0] not in "ZCM" and ch not in _BLANK_LETTERS
               for ch in text)


def _give_answer(state: DuelState, action: GiveAnswer) -> list[Event] | Rejection:
    if state.phase is not Phase.ANSWERING:
        return Rejection("duel-not-answering")
    if action.by != state.answerer:
        return Rejection("duel-not-the-answerer", {"name": state.roster.name(state.answerer)})
    text = action.text.strip()
    if not text:
        return Rejection("duel-empty-answer")
    if not visible(text):
        # Refused, not stored: the answerer still has the answer to give (DUEL-3.5).
        return Rejection("duel-answer-invisible")
    return [AnswerGiven(action.by, text, action.suggestion, action.reason,
                        dict(action.reason_args))]


def _judge(state: DuelState, correct: bool) -> list[Event] | Rejection:
    if state.phase is not Phase.JUDGING:
        return Rejection("duel-nothing-to-judge")
    number = state.current
    if state.play in (Play.BLITZ, Play.SUPERBLITZ):
        events: list[Event] = [PartJudged(number, state.part, correct)]
        parts = (*state.parts, correct)
        if len(parts) < PARTS:
            return [*events, PartStarted(len(parts)), QuestionSent(PART_SECONDS)]
        whole = all(parts)
        return [*events, AnswerJudged(number, whole),
                *_winner_events(state, _rescored(state, number, whole))]
    return [AnswerJudged(number, correct),
            *_winner_events(state, _rescored(state, number, correct))]


def _rescored(state: DuelState, number: int, correct: bool) -> tuple[int, int]:
    """The score if set number ``number`` had the verdict ``correct``."""
    points = {p.number: (p.correct, p.points) for p in state.played[state.reset_at:]}
    worth = points[number][1] if number in points else (
        DECISIVE_POINTS if state.decisive else 1)
    points[number] = (correct, worth)
    team = sum(w for c, w in points.values() if c)
    return team, sum(w for c, w in points.values() if not c)


def _winner_events(state: DuelState, score: tuple[int, int]) -> list[Event]:
    team, host = score
    target = state.config.target
    if team >= target:
        return [GameWon(Side.TEAM)]
    if host >= target:
        return [GameWon(Side.HOST)]
    if state.winner is not None:
        return [GameReopened()]
    return []


def _appealable(state: DuelState) -> Played | Rejection:
    """The last verdict, while it may still be appealed or challenged (DUEL-3.7).

    The verdict that ends the game may be appealed at once, like any other; once the team has
    begun its vote (DUEL-3.9), or the host closed it, the game is over and no appeal is heard.
    """
    if state.phase is Phase.FINISHED and (not state.vote_open or state.best_question is not None
                                          or state.best_player is not None):
        return Rejection("duel-appeal-after-game")
    if state.phase not in (Phase.CHOOSING, Phase.FINISHED) or len(state.played) <= state.reset_at:
        # Picking the next question, or asking for the decisive round, closes the window.
        return Rejection("duel-no-verdict-to-appeal")
    return state.played[-1]


def _appeal(state: DuelState) -> list[Event] | Rejection:
    last = _appealable(state)
    if isinstance(last, Rejection):
        return last
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    if last.appealed:
        return Rejection("duel-already-appealed", {"number": last.number})
    if last.correct:
        # The captain appeals for the team, not against it; the keeper may still challenge.
        return Rejection("duel-appeal-not-against", {"number": last.number})
    if state.roster.keeper is None:
        return Rejection("duel-no-keeper")
    return [AppealFiled(last.number)]


def _overturned(state: DuelState, last: Played, *, own: bool) -> list[Event]:
    """The last verdict overturned, and what that does to the winner."""
    return [AppealDecided(last.number, True, own=own),
            *_winner_events(state, _rescored(state, last.number, not last.correct))]


def _decide_appeal(state: DuelState, overturn: bool) -> list[Event] | Rejection:
    if not state.appeal_pending:
        # Nothing to decide: say how the keeper changes a verdict unasked.
        return Rejection("duel-keeper-no-appeal")
    last = _appealable(state)
    if isinstance(last, Rejection):
        return last
    return _overturned(state, last, own=False) if overturn else [
        AppealDecided(last.number, False)]


def _challenge(state: DuelState) -> list[Event] | Rejection:
    last = _appealable(state)
    if isinstance(last, Rejection):
        return Rejection("duel-no-verdict-to-challenge") \
            if last.reason == "duel-no-verdict-to-appeal" else last
    if state.appeal_pending:
        return Rejection("duel-challenge-appeal-pending", {"number": last.number})
    if last.appealed:
        return Rejection("duel-already-appealed", {"number": last.number})
    return _overturned(state, last, own=True)


def _vote_open(state: DuelState) -> Rejection | None:
    """Why the after-game vote cannot take a vote now, or None (DUEL-3.9)."""
    if state.phase is not Phase.FINISHED:
        return Rejection("duel-not-voting")
    if not state.vote_open:
        return Rejection("duel-vote-closed")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    return None


def _vote_question(state: DuelState, number: int) -> list[Event] | Rejection:
    refused = _vote_open(state)
    if refused is not None:
        return refused
    candidates = state.best_question_candidates()
    if number not in candidates:
        return Rejection("duel-best-question-invalid",
                         {"numbers": ", ".join(map(str, candidates)) or "-"})
    return [BestQuestionVoted(number), *_finish_if_done(replace(state, best_question=number))]


def _vote_player(state: DuelState, player: int) -> list[Event] | Rejection:
    refused = _vote_open(state)
    if refused is not None:
        return refused
    if state.team is None or player not in state.team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    return [BestPlayerVoted(player), *_finish_if_done(replace(state, best_player=player))]


def _finish_if_done(state: DuelState) -> list[Event]:
    question_done = state.best_question is not None or not state.best_question_candidates()
    if question_done and state.best_player is not None:
        team, host = state.score
        return [GameFinished(state.winner, team, host)]
    return []


# --- evolve --------------------------------------------------------------------------------

_QUESTION_RESET = {
    "answerer": None, "answer": None, "silent": (), "repaying": False, "no_discussion": False,
    "sector13": None, "stayed": (), "solo": None, "part": None, "parts": (), "early": False,
    "early_until": None, "helpers": (), "helpers_pending": False, "helpers_proposed": (),
    "reading": None, "reading_early": False,
}
"""The per-question fields, as they are between questions."""


def evolve(state: DuelState | None, ev: Event) -> DuelState:
    """Apply one stored event. ``state`` is None only for the first event, ``GameCreated``."""
    if isinstance(ev, GameCreated):
        return initial_state(ev)
    if state is None:
        raise ValueError(f"a DUEL log must start with GameCreated, not {ev.kind}")
    match ev:
        case PackageAttached(package_id=package_id, scored=scored):
            return replace(state, package_id=package_id, scored=scored, questions=(), marks={},
                           facts=_facts_of(ev))
        case QuestionsSelected(questions=questions):
            return replace(state, questions=questions)
        case QuestionMarked(special=special, question_index=index):
            marks = {k: i for k, i in state.marks.items() if k is not special and i != index}
            return replace(state, marks={**marks, special: index})
        case GameStarted(questions=questions):
            kinds = {ev.picture: Special.PICTURE, ev.sector13: Special.SECTOR13,
                     ev.blitz: Special.BLITZ, ev.superblitz: Special.SUPERBLITZ}
            return replace(state, questions=questions, phase=Phase.CHOOSING,
                           kinds={n: k for n, k in kinds.items() if n is not None},
                           training=ev.training,
                           config=replace(state.config, target=training_target(
                               state.config, len(questions))) if ev.training else state.config)
        case QuestionChosen():
            return _evolve_chosen(state, ev)
        case Sector13Chosen(mode=mode, players=players):
            # The one player who stayed is the answerer without being named (DUEL-4.2b).
            solo = players[0] if mode is Sector13Mode.ONE and players else None
            return replace(state, sector13=mode, stayed=players, solo=solo,
                           no_discussion=mode is Sector13Mode.ALL)
        case SoloNamed(player=player):
            return replace(state, solo=player)
        case PartStarted(part=part):
            return replace(state, part=part, answer=None, answerer=None)
        case QuestionSent(seconds=seconds, early=early):
            return replace(state, phase=Phase.READING, reading=seconds, reading_early=early)
        case QuestionUndelivered():
            return state  # the record says the clock waited for the host
        case DiscussionStarted(ends_at=ends_at, warning_at=warning_at):
            return replace(state, phase=Phase.DISCUSSION, early_until=ev.early_until,
                           reading=None, reading_early=False,
                           clock=Clock(ends_at, warning_at, warned=warning_at is None))
        case WarningSignalled():
            return replace(state, clock=replace(state.clock, warned=True))
        case ClockPaused(remaining=remaining, reason=reason):
            return replace(state, clock=_paused(state.clock, remaining, reason))
        case ClockResumed(ends_at=ends_at, warning_at=warning_at):
            clock = state.clock
            helpers = ends_at - timedelta(seconds=clock.remaining - clock.helpers_left) \
                if clock.helpers_left else None
            return replace(state, clock=Clock(ends_at, warning_at,
                                              warned=clock.warned or warning_at is None,
                                              helpers_until=helpers))
        case TimeAdded():
            return _evolve_time(state, ev)
        case EarlyAnswerDeclared():
            return replace(state, early=True)
        case DiscussionEnded():
            return replace(state, phase=Phase.NAMING, clock=None, helpers=(), early_until=None)
        case HintTaken(hint=hint):
            return replace(state, hint_used=True, helpers_pending=hint is Hint.CLUB)
        case HelpersProposed(players=players, names=names):
            return replace(state, helpers_proposed=players, roster=_named(state.roster, players,
                                                                          names))
        case HelpersRefused():
            return replace(state, helpers_proposed=())
        case ClubHelpWithdrawn():
            return replace(state, hint_used=False, helpers_pending=False, helpers_proposed=())
        case HelpersNamed(players=players, until=until, names=names):
            return replace(state, helpers=players, helpers_pending=False, helpers_proposed=(),
                           clock=replace(state.clock, helpers_until=until),
                           roster=_named(state.roster, players, names))
        case HelpersDone():
            return replace(state, helpers=(), clock=replace(state.clock, helpers_until=None))
        case CreditTaken():
            return replace(state, credit_taken=True)
        case DecisiveRoundStarted(player=player):
            return replace(state, decisive=True, decisive_player=player,
                           reset_at=len(state.played))
        case AnswererNamed(player=player):
            return replace(state, phase=Phase.ANSWERING, answerer=player)
        case AnswerGiven(text=text):
            return replace(state, phase=Phase.JUDGING, answer=text)
        case PartJudged(correct=correct):
            return replace(state, parts=(*state.parts, correct))
        case AnswerJudged(number=number, correct=correct):
            played = Played(number, correct, state.answer or "",
                            points=DECISIVE_POINTS if state.decisive else 1, early=state.early,
                            sector13=state.sector13, stayed=state.stayed)
            minutes = (*state.minutes, *earned_minutes(played)) if correct else state.minutes
            benched = played.stayed if played.sector13 and not correct else ()
            return replace(state, played=(*state.played, played), phase=Phase.CHOOSING,
                           current=None, clock=None, minutes=minutes, benched=benched,
                           **_QUESTION_RESET)
        case AppealFiled():
            return replace(state, appeal_pending=True)
        case AppealDecided(overturned=overturned):
            return _evolve_appeal(state, overturned)
        case GameWon(winner=winner):
            # An appeal of the deciding verdict that keeps the winner keeps its vote open.
            if winner is state.winner:
                return replace(state, phase=Phase.FINISHED, vote_open=True)
            return replace(state, phase=Phase.FINISHED, vote_open=True, winner=winner,
                           best_question=None, best_player=None)
        case GameReopened():
            return replace(state, phase=Phase.CHOOSING, winner=None, best_question=None,
                           best_player=None, vote_open=False)
        case BestQuestionVoted(number=number):
            return replace(state, best_question=number)
        case BestPlayerVoted(player=player):
            return replace(state, best_player=player)
        case GameFinished():
            return replace(state, phase=Phase.FINISHED, vote_open=False)
        case GameAborted():
            return replace(state, phase=Phase.ABORTED, clock=None)
    return replace(state, roster=evolve_roster(state.roster, ev))


def _evolve_chosen(state: DuelState, ev: QuestionChosen) -> DuelState:
    kind = state.kinds.get(ev.number)
    # The bench from a wrong sector 13 applies to this question unless it is a blitz or
    # superblitz, and is spent either way (DUEL-4.2b).
    silent = () if _multi(kind) else state.benched
    team = state.team
    everyone_out = bool(silent) and team is not None and set(team.members) <= set(silent)
    phase = state.phase
    if not ev.repay and not state.decisive:
        phase = {Special.SECTOR13: Phase.SECTOR13, Special.SUPERBLITZ: Phase.SOLO}.get(kind, phase)
    return replace(state, **{
        **_QUESTION_RESET, "current": ev.number, "phase": phase, "silent": silent,
        "benched": (), "repaying": ev.repay, "no_discussion": ev.repay or everyone_out,
        "credit_repaid": state.credit_repaid or ev.repay,
        "solo": state.decisive_player if state.decisive else None})


def earned_minutes(played: Played) -> tuple[MinuteSource, ...]:
    """The extra minutes a right answer to ``played`` earns: an early answer (DUEL-5.1.2),
    a single player in sector 13 (DUEL-4.2b)."""
    early = (MinuteSource.EARLY,) if played.early else ()
    return (*early, MinuteSource.SECTOR13) if played.sector13 is Sector13Mode.ONE else early


def _evolve_appeal(state: DuelState, overturned: bool) -> DuelState:
    # An overturned verdict brings or takes back what the verdict brought: its extra minutes
    # and the sector 13 bench (the appeal is decided before the next pick, so neither has
    # been used yet).
    last = state.played[-1]
    flipped = replace(last, appealed=True, correct=last.correct != overturned)
    played = (*state.played[:-1], flipped)
    if not overturned:
        return replace(state, played=played, appeal_pending=False)
    minutes = state.minutes
    for source in earned_minutes(last):
        minutes = (*minutes, source) if flipped.correct else _without(minutes, source)
    benched = state.benched
    if last.sector13 is not None:
        benched = () if flipped.correct else last.stayed
    return replace(state, played=played, appeal_pending=False, minutes=minutes, benched=benched)


def _named(roster: Roster, players: tuple[int, ...], names: tuple[str, ...]) -> Roster:
    """The roster knowing the display names of club helpers, who play in no team here."""
    return replace(roster, names={**roster.names, **dict(zip(players, names, strict=False))})


def _paused(clock: Clock, remaining: float, reason: str) -> Clock:
    helpers_left = None
    if clock.helpers_until is not None:
        before_end = (clock.ends_at - clock.helpers_until).total_seconds()
        helpers_left = max(0.0, remaining - before_end)
    return replace(clock, remaining=remaining, paused_for=reason, helpers_left=helpers_left,
                   helpers_until=None)


def _evolve_time(state: DuelState, ev: TimeAdded) -> DuelState:
    clock = state.clock
    minutes = _without(state.minutes, ev.spent) if ev.spent else state.minutes
    if ev.ends_at is None:
        # More time on a stopped clock: it stays stopped, and warns again before its new end.
        return replace(state, minutes=minutes,
                       clock=replace(clock, remaining=clock.remaining + ev.seconds, warned=False))
    helpers = clock.helpers_until if clock is not None and not clock.paused else None
    reopened = state.phase is not Phase.DISCUSSION
    return replace(state, minutes=minutes, phase=Phase.DISCUSSION,
                   answerer=None if reopened else state.answerer,
                   clock=Clock(ev.ends_at, ev.warning_at, warned=ev.warning_at is None,
                               helpers_until=helpers))


def _without(minutes: tuple[MinuteSource, ...], source: MinuteSource) -> tuple[MinuteSource, ...]:
    """``minutes`` with the last one of ``source`` removed."""
    for i in range(len(minutes) - 1, -1, -1):
        if minutes[i] is source:
            return (*minutes[:i], *minutes[i + 1:])
    return minutes


# --- the result and the decider value ------------------------------------------------------


def result(state: DuelState) -> GameResult | None:
    """The result of a finished game (a side reached the target, DUEL-3.8): the team and the
    host with their points (6:0 or 0:6 after a decisive round, DUEL-6.4.2-3), the target, the
    best player once the team voted (DUEL-3.9), whether a decisive round settled it; None while
    the game is live, when it was aborted, or when no team played."""
    if state.phase is not Phase.FINISHED or state.team is None or state.winner is None:
        return None
    team_points, host_points = state.score
    team_won = state.winner is Side.TEAM
    team = SideResult(state.team.name, team_points, 1 if team_won else 2, state.team.id)
    host = SideResult(state.roster.name(state.roster.host), host_points, 2 if team_won else 1)
    best = ((state.best_player, state.roster.name(state.best_player))
            if state.best_player is not None else None)
    return GameResult((team, host) if team_won else (host, team), state.config.target, best,
                      state.decisive)


@dataclass(frozen=True, slots=True)
class DuelDecider:
    """DUEL's rules as one ``rules.base.Decider`` value, for the format that plays them."""

    name: str = FORMAT

    def initial_state(self, created: Event) -> DuelState:
        """The state after ``GameCreated``."""
        assert isinstance(created, GameCreated)
        return initial_state(created)

    def decide(self, state: DuelState, action: Action, now: datetime) -> list[Event] | Rejection:
        """``decide`` above."""
        return decide(state, action, now)

    def evolve(self, state: DuelState | None, ev: Event) -> DuelState:
        """``evolve`` above."""
        return evolve(state, ev)

    def timers(self, state: DuelState) -> dict[str, datetime]:
        """``timers`` above."""
        return timers(state)

    def result(self, state: DuelState) -> GameResult | None:
        """``result`` above."""
        return result(state)


DUEL = DuelDecider()
"""The DUEL decider."""
