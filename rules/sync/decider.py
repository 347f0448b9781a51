"""SYNC as one value: ``result`` (a finished game's format-neutral ``GameResult``), ``Part``
(the seam for the sub-deciders SYNC composes: registration, appeals) and ``SyncDecider`` /
``SYNC``, the ``rules.base.Decider`` the format plays.

A part is a sub-decider over its own piece of the state, ``SyncState.parts[part.name]``: the
actions it ``handles`` go to its ``decide`` (which reads the whole game, e.g. the duty team
or the table), the events it ``owns`` to its ``evolve`` after SYNC's own ``evolve``. The
appeals part's state is read by the table as an ``AppealOutcomes`` (``rules.sync.state``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from rules.base import Event, GameResult, Rejection, SideResult
from rules.scoring import places
from rules.sync.actions import QuestionDelivered, QuestionNotDelivered
from rules.sync.config import FORMAT, Phase
from rules.sync.decide import decide
from rules.sync.events import GameCreated
from rules.sync.evolve import evolve, initial_state
from rules.sync.state import SyncState, timers, totals, winners


class Part(Protocol):
    """A sub-decider composed into SYNC (registration, appeals): its ``name`` (its key in
    ``SyncState.parts``), the action and event types it ``handles`` and ``owns``, its state
    when the game is created (``initial``), ``decide`` (pure, ``now`` UTC) and ``evolve``."""

    name: str
    handles: tuple[type, ...]
    owns: tuple[type, ...]

    def initial(self) -> Any:
        """The part's state when the game is created."""

    def decide(self, game: SyncState, action: Any, now: datetime) -> list[Event] | Rejection:
        """The events ``action`` produces, reading the whole game, or a Rejection."""

    def evolve(self, part: Any, ev: Event) -> Any:
        """The part's state after one of the events it owns."""


def result(state: SyncState) -> GameResult | None:
    """The result of a finished game: every team with its points in the main table, in order
    of place; the winners share place 1 (the shoot-out's winner, and a team that ties it
    after a deferred appeal, SYNC-8, SYNC-10); the others by points, equal points sharing a
    place. None while the game is live or when it was aborted."""
    if state.phase is not Phase.FINISHED:
        return None
    points = totals(state)
    won = winners(state)
    placed = places(points, first=(won,))
    sides = [SideResult(state.teams[t].name, points[t], placed[t].first, t) for t in points]
    sides.sort(key=lambda side: (side.place, -side.points, side.name))
    return GameResult(tuple(sides))


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
    """SYNC's rules as one ``rules.base.Decider`` value, with its composed ``parts``."""

    name: str = FORMAT
    parts: tuple[Part, ...] = ()

    def initial_state(self, created: Event) -> SyncState:
        """The state after ``GameCreated``, with every part's initial state."""
        assert isinstance(created, GameCreated)
        state = initial_state(created)
        return replace(state, parts={part.name: part.initial() for part in self.parts})

    def decide(self, state: SyncState, action: Any, now: datetime) -> list[Event] | Rejection:
        """The part that handles ``action`` decides it; SYNC's ``decide`` the rest."""
        for part in self.parts:
            if isinstance(action, part.handles):
                return part.decide(state, action, now)
        return decide(state, action, now)

    def evolve(self, state: SyncState | None, ev: Event) -> SyncState:
        """SYNC's ``evolve``, then the part that owns ``ev``."""
        if isinstance(ev, GameCreated):
            return self.initial_state(ev)
        state = evolve(state, ev)
        for part in self.parts:
            if isinstance(ev, part.owns):
                parts = {**state.parts, part.name: part.evolve(state.parts[part.name], ev)}
                return replace(state, parts=parts)
        return state

    def timers(self, state: SyncState) -> dict[str, datetime]:
        """``rules.sync.state.timers``."""
        return timers(state)

    def result(self, state: SyncState) -> GameResult | None:
        """``result`` above."""
        return result(state)


SYNC = SyncDecider()
"""The SYNC decider (no registration or appeals part composed yet)."""
