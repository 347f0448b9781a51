"""DUEL as one value: ``result`` (a finished game's format-neutral ``GameResult``) and
``DUEL``, the ``rules.base.Decider`` the format plays."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules.base import Event, GameResult, Rejection, SideResult
from rules.duel.actions import Action
from rules.duel.config import FORMAT, Phase, Side
from rules.duel.decide import decide
from rules.duel.events import GameCreated
from rules.duel.evolve import evolve, initial_state
from rules.duel.state import DuelState, timers


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
