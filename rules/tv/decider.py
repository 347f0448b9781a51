"""TV as one value: ``result`` (a finished game's format-neutral ``GameResult``),
``lost_rounds`` (what the next game of the day needs with ``ReturnScope.DAY``) and ``TV``,
the ``rules.base.Decider`` the format plays."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules.base import Event, GameResult, Rejection, SideResult
from rules.tv.actions import Action
from rules.tv.config import FORMAT, Phase, Side
from rules.tv.decide import decide
from rules.tv.events import GameCreated
from rules.tv.evolve import evolve, initial_state
from rules.tv.ratings import ratings
from rules.tv.state import TvState, timers


def result(state: TvState) -> GameResult | None:
    """The result of a finished game: the experts and the viewers (``team_id`` None: the
    game's score is the central table's, whichever teams sat there, TV-1) with their points,
    the winner first, the target, and the best player the host named when the experts won
    (TV-4), and every player's rating points in the game (``rules.tv.ratings``, TV-5, TV-6:
    by player id). None while the game is live, while the best player is awaited, and when it
    was aborted."""
    if state.phase is not Phase.FINISHED or state.winner is None:
        return None
    experts_points, viewers_points = state.score
    experts_won = state.winner is Side.EXPERTS
    experts = SideResult(Side.EXPERTS.value, experts_points, 1 if experts_won else 2)
    viewers = SideResult(Side.VIEWERS.value, viewers_points, 2 if experts_won else 1)
    best = ((state.best_player, state.roster.name(state.best_player))
            if state.best_player is not None else None)
    return GameResult((experts, viewers) if experts_won else (viewers, experts),
                      state.config.target, best,
                      ratings=tuple(sorted(ratings(state).items())))


def lost_rounds(state: TvState) -> tuple[int, ...]:
    """The teams that lost their round at the central table so far, this game's and the
    day's earlier ones (``ReturnScope.DAY``): the next game of the day is created with them
    (``GameCreated.lost_earlier``, TV-10)."""
    return state.lost


@dataclass(frozen=True, slots=True)
class TvDecider:
    """TV's rules as one ``rules.base.Decider`` value, for the format that plays them."""

    name: str = FORMAT

    def initial_state(self, created: Event) -> TvState:
        """The state after ``GameCreated``."""
        assert isinstance(created, GameCreated)
        return initial_state(created)

    def decide(self, state: TvState, action: Action, now: datetime) -> list[Event] | Rejection:
        """``decide`` above."""
        return decide(state, action, now)

    def evolve(self, state: TvState | None, ev: Event) -> TvState:
        """``evolve`` above."""
        return evolve(state, ev)

    def timers(self, state: TvState) -> dict[str, datetime]:
        """``timers`` above."""
        return timers(state)

    def result(self, state: TvState) -> GameResult | None:
        """``result`` above."""
        return result(state)


TV = TvDecider()
"""The TV decider."""
