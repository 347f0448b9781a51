"""SYNC as one value: ``result`` (a finished game's format-neutral ``GameResult``), what the
service asks about a question's delivery, and ``SyncDecider`` / ``SYNC``, the
``rules.base.Decider`` the format plays."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rules.base import Event, GameResult, Rejection, SideResult
from rules.scoring import places
from rules.sync.actions import QuestionDelivered, QuestionNotDelivered
from rules.sync.config import FORMAT, Phase
from rules.sync.decide import decide
from rules.sync.events import GameCreated
from rules.sync.evolve import evolve, initial_state
from rules.sync.state import SyncState, timers, totals, winners
from rules.sync.table import final_table


def result(state: SyncState) -> GameResult | None:
    """The result of a finished game: every team with its points in the main table, in order
    of place; the winners share place 1 (the shoot-out's winner, and a team that ties it
    after a deferred appeal, SYNC-8, SYNC-10); the others by points, equal points sharing a
    place. Each side says how many questions it answered right and whether its fee is paid;
    the result names the duty team and the fee (SYNC-3, SYNC-4). None while the game is live
    or when it was aborted."""
    if state.phase is not Phase.FINISHED:
        return None
    points = totals(state)
    won = winners(state)
    placed = places(points, first=(won,))
    reg = state.registration
    answered = {row.team_id: row.answered for row in final_table(state).rows}
    sides = [SideResult(state.teams[t].name, points[t], placed[t].first, t, answered[t],
                        bool(reg.paid.get(t)) if reg is not None else None) for t in points]
    sides.sort(key=lambda side: (side.place, -side.points, side.name))
    if reg is None:
        return GameResult(tuple(sides))
    return GameResult(tuple(sides), duty=reg.duty, fee=reg.fee, currency=reg.currency)


def awaiting_delivery(state: SyncState) -> bool:
    """True in phase ``READING``: the question is posted, its minute not started (SYNC-6)."""
    return state.phase is Phase.READING


def delivery_action(state: SyncState, at: datetime | None
                    ) -> QuestionDelivered | QuestionNotDelivered:
    """``QuestionDelivered`` at ``at`` (UTC), or ``QuestionNotDelivered`` when ``at`` is
    None, for the question ``state`` is reading."""
    number = state.current.number if state.current else 0
    return QuestionNotDelivered(number) if at is None else QuestionDelivered(number, at)


@dataclass(frozen=True, slots=True)
class SyncDecider:
    """SYNC's rules as one ``rules.base.Decider`` value, for the format that plays them."""

    name: str = FORMAT

    def initial_state(self, created: Event) -> SyncState:
        """The state after ``GameCreated``."""
        assert isinstance(created, GameCreated)
        return initial_state(created)

    def decide(self, state: SyncState, action: Any, now: datetime) -> list[Event] | Rejection:
        """``rules.sync.decide.decide``."""
        return decide(state, action, now)

    def evolve(self, state: SyncState | None, ev: Event) -> SyncState:
        """``rules.sync.evolve.evolve``."""
        return evolve(state, ev)

    def timers(self, state: SyncState) -> dict[str, datetime]:
        """``rules.sync.state.timers``."""
        return timers(state)

    def result(self, state: SyncState) -> GameResult | None:
        """``result`` above."""
        return result(state)


SYNC = SyncDecider()
"""The SYNC decider."""
