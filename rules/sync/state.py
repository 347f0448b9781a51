"""SYNC's state, a fold of its events, and what is read off it: the questions asked with their
judging, the main table derived from them (``scored``, ``totals``), the shoot-out, a person's
roles, the deadlines to arm (``timers``).

The table is never stored: ``scored(state)`` derives each question's ``Scored`` from its
judging queue, then applies the appeals' outcomes (``rules.sync.appeals.with_appeals``), so a
verdict changed or an appeal accepted later changes the table with nothing to recompute by
hand (SYNC-10). The teams are the registration's (``rules.sync.registration``: O(1) indices
by id, by name and by player), never kept twice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.base import Role
from rules.clock import Clock, clock_timers
from rules.growing import GrowingMap
from rules.judging import Judging, Suggestion, Verdict
from rules.roster import Roster, Team
from rules.sync import scoring
from rules.sync.appeals import Appeals, appeal_timers, with_appeals
from rules.sync.config import QUESTION_PHASES, Phase, RoundKind, SyncConfig
from rules.sync.drafts import Draft
from rules.sync.enrolment import Registration
from rules.sync.registration import registration_timers
from rules.sync.registration import team_of as registration_team_of
from rules.written import Written, timers_written


@dataclass(frozen=True, slots=True)
class Round:
    """A round as planned (SYNC-5): its number, kind, the organisers' questions (package
    indices, in order) or how many questions each team asks; ``ended`` after its last."""

    number: int
    kind: RoundKind
    questions: tuple[int, ...] = ()
    per_team: int = 0
    ended: bool = False


@dataclass(frozen=True, slots=True)
class Asked:
    """A question asked (``QuestionAsked``'s terms) with its judging queue; ``scored`` once
    every answer has its verdict; ``clarified`` the player asked to explain, by team id,
    and ``explained`` what that player wrote (SYNC-6)."""

    number: int
    round: int
    index: int | None
    asking_team: int | None
    team_question: int | None
    approved: bool
    playing: tuple[int, ...]
    judging: Judging
    scored: bool = False
    clarified: GrowingMap[int, int] = field(default_factory=GrowingMap)
    explained: GrowingMap[int, str] = field(default_factory=GrowingMap)

    @property
    def shootout(self) -> bool:
        """True for a shoot-out question (round 0, SYNC-8): outside the main table."""
        return self.round == 0


@dataclass(frozen=True, slots=True)
class Prepared:
    """A handed-in answer's judging key, suggestion and reason (``AnswerPrepared``)."""

    key: str
    suggestion: Suggestion
    reason: str
    reason_args: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SyncState:
    """The whole state of a SYNC game, a fold of its events.

    ``scored_indices`` are the package's scored questions (the organisers' questions to
    choose from); ``rounds`` the rounds started; ``asked`` every question asked, in order
    (the last one is the question being played or just played); ``clock`` the running minute
    or hand-in time; ``written`` the intake of the latest question (and who hands in for each
    team, kept across questions); ``prepared`` the bot's key and suggestion of each team's
    answer to it, by team id; ``held`` when the window's close waits for the host after a
    downtime.

    ``roster`` holds the host and co-hosts; ``registration`` the sub-decider of the time
    before the game and of the teams (None until ``RegistrationOpened``), ``appeals`` that of
    the appeals (SYNC-9..SYNC-11). ``shootout`` the teams tied for first when one began,
    ``winner`` the team that won it; ``drafts`` the team questions captains are writing with
the bot, by captain (``rules.sync.drafts``)."""

    config: SyncConfig
    roster: Roster
    package_id: int | None
    scored_indices: tuple[int, ...]
    phase: Phase = Phase.LOBBY
    rounds: tuple[Round, ...] = ()
    asked: tuple[Asked, ...] = ()
    clock: Clock | None = None
    written: Written = field(default_factory=Written)
    prepared: GrowingMap[int, Prepared] = field(default_factory=GrowingMap)
    held: bool = False
    registration: Registration | None = None
    appeals: Appeals = field(default_factory=Appeals)
    shootout: tuple[int, ...] = ()
    winner: int | None = None
    drafts: Mapping[int, Draft] = field(default_factory=dict)

    @property
    def live(self) -> bool:
        """True until the game is finished or aborted."""
        return self.phase not in (Phase.FINISHED, Phase.ABORTED)

    @property
    def current(self) -> Asked | None:
        """The latest question asked, or None before the first."""
        return self.asked[-1] if self.asked else None

    @property
    def round(self) -> Round | None:
        """The latest round started, or None before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def teams(self) -> Mapping[int, Team]:
        """The registered teams by id, in order of registration."""
        return self.registration.teams if self.registration is not None else _NO_TEAMS

    def team(self, team_id: int) -> Team | None:
        """The team of ``team_id`` in this game, or None."""
        return self.teams.get(team_id)

    def player_team(self, player: int) -> Team | None:
        """The team ``player`` plays for, or None; O(1)."""
        reg = self.registration
        return None if reg is None else registration_team_of(reg, player)

    def name(self, player: int | None) -> str:
        """Display name of ``player`` ("?" when unknown)."""
        if player is None:
            return "?"
        reg = self.registration
        known = None if reg is None else reg.names.get(player)
        return known or self.roster.name(player)


_NO_TEAMS: GrowingMap[int, Team] = GrowingMap()


@dataclass(frozen=True, slots=True)
class RosterView:
    """The game's people as ``rules.roster.decide_roster`` reads them for the co-host and the
    host's take-over, through the O(1) indices of ``state`` instead of scans of a tuple."""

    state: SyncState

    @property
    def host(self) -> int:
        """The host's player id."""
        return self.state.roster.host

    @property
    def cohosts(self) -> tuple[int, ...]:
        """The co-hosts' player ids."""
        return self.state.roster.cohosts

    @property
    def keeper(self) -> None:
        """A SYNC game has no keeper (its appeals go to a jury, SYNC-10)."""
        return None

    def team_of(self, player: int) -> Team | None:
        """The team ``player`` plays for, or None."""
        return self.state.player_team(player)

    def roles_of(self, player: int) -> frozenset[Role]:
        """``roles`` of ``player``."""
        return roles(self.state, player)

    def name(self, player: int | None) -> str:
        """Display name of ``player``."""
        return self.state.name(player)


def judged(asked: Asked) -> scoring.Scored:
    """``asked`` as judged (SYNC-7): the teams whose group is judged right, pending those
    whose group awaits a verdict."""
    correct: set[int] = set()
    pending: set[int] = set()
    for group in asked.judging.groups.values():
        if group.verdict is Verdict.ACCEPT:
            correct.update(group.teams)
        elif group.verdict is None:
            pending.update(group.teams)
    return scoring.Scored(asked.number, asked.round, asked.asking_team, asked.approved,
                          frozenset(correct), frozenset(pending))


def scored(state: SyncState) -> tuple[scoring.Scored, ...]:
    """The main table's questions as they stand: every question of rounds 1..3 whose window
    has closed (the one being answered is not in it yet, nor are the shoot-out's, SYNC-8),
    as judged, with the appeals' outcomes (SYNC-9: a double answer's teams right, a removed
    question "X", "?" where an open appeal may change a cell)."""
    playing = state.phase in QUESTION_PHASES
    main = [a for a in state.asked if not a.shootout and not (playing and a is state.current)]
    table = [judged(a) for a in main]
    appealed = {appeal.question for appeal in state.appeals.by_team.values()}
    if not appealed:
        return tuple(table)
    keys = {a.number: {team: answer.key for team, answer in a.judging.answers.items()}
            for a in main if a.number in appealed}
    return tuple(with_appeals(state.appeals, table, keys))


def team_ids(state: SyncState) -> tuple[int, ...]:
    """Every team's id, in order of registration."""
    return tuple(state.teams)


def totals(state: SyncState) -> dict[int, int]:
    """Each team's points in the main table (SYNC-7), by team id."""
    return scoring.totals(scored(state), team_ids(state))


def shootout_left(state: SyncState) -> frozenset[int]:
    """The teams still in the shoot-out (SYNC-8): a team that answers wrong drops out, unless
    every team still in does (then the question is replayed). Empty with no shoot-out."""
    rounds = [judged(a).correct for a in state.asked if a.shootout and a.scored]
    return scoring.shootout_left(frozenset(state.shootout), rounds)


def winners(state: SyncState) -> frozenset[int]:
    """The game's winners by the table as it stands and the shoot-out (SYNC-8, SYNC-10)."""
    return scoring.winners(totals(state), frozenset(state.shootout), state.winner)


def round_complete(state: SyncState) -> bool:
    """True when the latest round has had all its questions (SYNC-5): every organisers'
    question of its plan, or ``per_team`` from every team."""
    rnd = state.round
    if rnd is None:
        return False
    asked = [a for a in state.asked if a.round == rnd.number]
    if rnd.kind is RoundKind.ORGANISERS:
        return len(asked) >= len(rnd.questions)
    return len(asked) >= rnd.per_team * len(state.teams)


def timers(state: SyncState) -> dict[str, datetime]:
    """The deadlines (UTC) to arm now, by name: the clock's "end" and "warning" in the
    minute, "end" in the hand-in time; after it the window's close (``written-close``, one
    second of grace after the deadline) unless a downtime holds it; none while stopped. With
    them, the registration's reminder and closing until the game starts (it closes
    registration), and the deferred appeals' reminders and deadlines, after the game's end
    too (SYNC-10)."""
    due: dict[str, datetime] = {}
    if state.phase in (Phase.DISCUSSION, Phase.HAND_IN):
        due = clock_timers(state.clock)
    elif state.phase is Phase.CLOSING and not state.held:
        due = timers_written(state.written)
    if state.registration is not None and state.phase is Phase.LOBBY:
        due |= registration_timers(state.registration)
    return due | appeal_timers(state.appeals)


def roles(state: SyncState, player: int) -> frozenset[Role]:
    """Every role ``player`` has in the game, through the O(1) team index: host (co-hosts
    too), captain and player of their team; a stranger is a spectator."""
    held: set[Role] = set()
    if player == state.roster.host or player in state.roster.cohosts:
        held.add(Role.HOST)
    team = state.player_team(player)
    if team is not None:
        held.add(Role.PLAYER)
        if team.captain == player:
            held.add(Role.CAPTAIN)
    return frozenset(held or {Role.SPECTATOR})
