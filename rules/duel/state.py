"""DUEL's state, a fold of its events, and what can be read off it: the score, how the current
question is played, what is left to pick, whether a side has won (``DuelState.over``) or the
decisive round is offered, a person's roles, the deadlines to arm (``timers``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from rules.base import Rejection, Role
from rules.clock import Clock, clock_timers
from rules.duel.config import (
    DuelConfig,
    Facts,
    MinuteSource,
    Phase,
    Play,
    Sector13Mode,
    Side,
    Special,
)
from rules.roster import Roster, Team

HELPERS = "helpers"
"""The timer that ends the club helpers' 30 s (DUEL-5.2b)."""


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
    while they are being chosen, ``helpers_proposed`` the captain's choice awaiting the keeper,
    ``helpers_until`` when their 30 s end while the clock runs (``helpers_left``: the seconds
    they have left while it is stopped);
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
    facts: Facts = Facts()  # noqa: RUF009 (Facts is frozen)
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
    helpers_until: datetime | None = None
    helpers_left: float | None = None
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
    def over(self) -> bool:
        """True when a side has the target score (6, DUEL-3.8): the verdict that brought it
        ends the game (``GameWon`` follows it)."""
        return winner_at(self.config, self.score) is not None

    @property
    def decisive_round_offered(self) -> bool:
        """True when the score lets the captain ask for the decisive round: the team leads
        with one point short of the target (5, DUEL-6.4.1) and has not played it yet. The
        request itself needs more (no debt, a question left, DUEL-5.3.1, 6.4.3)."""
        team, host = self.score
        return not self.decisive and team == self.config.target - 1 and team > host

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
        return tuple(n for n in self.numbers_left() if not multi(self.kinds.get(n)))

    def decisive_numbers(self) -> tuple[int, ...]:
        """Numbers left that the decisive round may play: not a blitz or superblitz."""
        return tuple(n for n in self.numbers_left() if not multi(self.kinds.get(n)))

    def time_options(self) -> dict[str, bool]:
        """What the team may do now to get more time: ``extra`` (a stored minute), ``hint``
        (DUEL-5.2) and ``credit`` (DUEL-5.3); for the prompts."""
        if cannot_grow(self) is not None:
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


def multi(kind: Special | None) -> bool:
    """True for a blitz or superblitz: three mini-questions (DUEL-4.2c, d)."""
    return kind in (Special.BLITZ, Special.SUPERBLITZ)


def winner_at(config: DuelConfig, score: tuple[int, int]) -> Side | None:
    """The side that has won with ``score`` (team points, host points): the first to the
    target (DUEL-3.8), or None while neither has it."""
    team, host = score
    if team >= config.target:
        return Side.TEAM
    if host >= config.target:
        return Side.HOST
    return None


def cannot_grow(state: DuelState) -> Rejection | None:
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


def discussion_clock(state: DuelState) -> Clock | None:
    """The clock of the running discussion (running or stopped), or None outside one."""
    return state.clock if state.phase is Phase.DISCUSSION else None


def timers(state: DuelState) -> dict[str, datetime]:
    """The deadlines (UTC) that must be armed now, by name, while the clock runs: "end",
    "warning" (until signalled) and "helpers" (the end of club help, when before the end)."""
    due = clock_timers(discussion_clock(state))
    if due and state.helpers_until is not None and state.helpers_until < due["end"]:
        due[HELPERS] = state.helpers_until
    return due


def roles(state: DuelState, player: int) -> frozenset[Role]:
    """Every role ``player`` has in the game: the roster's (DUEL-2.4), and ``HELPER`` for the
    club helpers of the current question (DUEL-5.2b), who are no spectators then."""
    held = state.roster.roles_of(player)
    if player in state.helpers:
        return (held - {Role.SPECTATOR}) | {Role.HELPER}
    return held
