"""TV's state, a fold of its events, and what is read off it: the score, the central table,
the envelopes left, the club tables' intake and judging per question, the deadlines to arm
(``timers``), a person's roles."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from rules.base import Role
from rules.clock import Clock, clock_timers
from rules.judging import Judging
from rules.roster import Roster, Team
from rules.tv.config import Phase, Side, TvConfig
from rules.written import Written, timers_written


@dataclass(frozen=True, slots=True)
class Round:
    """One envelope played: its ``sector`` (question number), the central team, every
    team's members when the envelope was drawn (the players it counts for, TV-5, TV-6), the
    answerer, and the host's verdict (None until judged)."""

    sector: int
    question_index: int
    central: int
    members: dict[int, tuple[int, ...]]
    answerer: int | None = None
    correct: bool | None = None


@dataclass(frozen=True, slots=True)
class TvState:
    """The whole state of a TV game, a fold of its events.

    ``questions`` are the envelopes' package indices (sector N is ``questions[N - 1]``);
    ``teams`` the teams the game started with; ``central`` the team at the central table
    (None while it is empty); ``lost`` the teams that lost their round at it, in this game
    and, with ``ReturnScope.DAY``, earlier the same day (TV-10); ``rounds`` the envelopes
    played, the last being the current one while it is played; ``answer`` the answer typed
    at the central table and its suggestion (for the host); ``clock`` the central table's
    minute; ``written`` the club tables' intake of the current question; ``judgings`` the
    judging of the club answers by sector, ``judging_of`` the sector the ``judging.*``
    events are about; ``winner`` and ``best_player`` at the end."""

    config: TvConfig
    roster: Roster
    package_id: int | None
    questions: tuple[int, ...]
    phase: Phase = Phase.LOBBY
    teams: tuple[int, ...] = ()
    central: int | None = None
    lost: tuple[int, ...] = ()
    rounds: tuple[Round, ...] = ()
    answer: tuple[str, str, str, dict[str, str]] | None = None
    clock: Clock | None = None
    written: Written = field(default_factory=Written)
    judgings: dict[int, Judging] = field(default_factory=dict)
    judging_of: int | None = None
    winner: Side | None = None
    best_player: int | None = None

    @property
    def score(self) -> tuple[int, int]:
        """(experts, viewers): the central table's judged answers (TV-1, TV-3)."""
        experts = sum(1 for r in self.rounds if r.correct is True)
        viewers = sum(1 for r in self.rounds if r.correct is False)
        return experts, viewers

    @property
    def live(self) -> bool:
        """True until the game is finished or aborted (naming the best player is not play)."""
        return self.phase not in (Phase.BEST_PLAYER, Phase.FINISHED, Phase.ABORTED)

    @property
    def current(self) -> Round | None:
        """The envelope being played (drawn, not yet judged), or None."""
        if self.rounds and self.rounds[-1].correct is None:
            return self.rounds[-1]
        return None

    @property
    def last(self) -> Round | None:
        """The last envelope drawn, judged or not, or None."""
        return self.rounds[-1] if self.rounds else None

    def team(self, team_id: int | None) -> Team | None:
        """The team of this game with ``team_id``, or None."""
        return next((t for t in self.roster.teams if t.id == team_id), None)

    @property
    def central_team(self) -> Team | None:
        """The team at the central table, or None while it is empty."""
        return self.team(self.central)

    def sectors_left(self) -> tuple[int, ...]:
        """The sectors whose envelopes are still on the table (TV-2), in order."""
        played = {r.sector for r in self.rounds}
        return tuple(n for n in range(1, len(self.questions) + 1) if n not in played)

    def players(self, team_id: int) -> int:
        """How many players team ``team_id`` has now (its captain included; 0 for none)."""
        team = self.team(team_id)
        return len(team.members) if team is not None else 0

    def fits(self, team_id: int) -> bool:
        """True when team ``team_id`` is of a size that may sit at the central table now
        (TV-14, ``TvConfig.fits``): a player who joins later may make it fit."""
        return self.config.fits(self.players(team_id))

    def unfit(self) -> tuple[int, ...]:
        """The game's teams (the registered ones before the start) whose size keeps them
        from the central table now, in order."""
        teams = self.teams or tuple(t.id for t in self.roster.teams)
        return tuple(t for t in teams if not self.fits(t))

    def club_teams(self) -> tuple[int, ...]:
        """The teams at club tables: every team of the game but the central one."""
        return tuple(t for t in self.teams if t != self.central)

    def best_player_candidates(self) -> tuple[int, ...]:
        """Every expert who sat at the central table in this game, in order of their first
        round there: those the host may name the best player (TV-4)."""
        seen: dict[int, None] = {}
        for r in self.rounds:
            for player in r.members.get(r.central, ()):
                seen.setdefault(player)
        return tuple(seen)


def timers(state: TvState) -> dict[str, datetime]:
    """The deadlines (UTC) to arm now, by name: the central table's "warning" (until
    signalled) and "end" while its clock runs, and the club tables' "written-close" while
    their window is open and the clock is not stopped (a stopped clock stops their minute
    too); none once the game is aborted."""
    if state.phase is Phase.ABORTED:
        return {}
    clock = state.clock if state.phase is Phase.DISCUSSION else None
    due = clock_timers(clock)
    if clock is None or not clock.paused:
        due.update(timers_written(state.written))
    return due


def roles(state: TvState, player: int) -> frozenset[Role]:
    """Every role ``player`` has in the game (the roster's)."""
    return state.roster.roles_of(player)
