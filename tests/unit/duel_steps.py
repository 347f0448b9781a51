"""Given/when/then steps shared by the DUEL decider tests: fold events, apply actions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from rules import duel as d
from rules.base import Event, Rejection

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
"""The moment every test game starts at (UTC)."""


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0``."""
    return T0 + timedelta(seconds=seconds)


def given(*events: Event) -> d.DuelState:
    """The state after ``events`` (the first one being ``GameCreated``)."""
    state = None
    for ev in events:
        state = d.evolve(state, ev)
    return state


def play(state: d.DuelState, action, now: datetime = T0) -> d.DuelState:
    """Decide ``action`` at ``now`` and apply its events; fails the test on a rejection.

    A question it reads is delivered at once (``QuestionDelivered`` at ``now``), as in the
    console; the tests of a slow or failed delivery call ``d.decide`` themselves."""
    result = d.decide(state, action, now)
    assert not isinstance(result, Rejection), result
    for ev in result:
        state = d.evolve(state, ev)
    if state.phase is d.Phase.READING and not isinstance(action, d.QuestionNotDelivered):
        state = play(state, d.QuestionDelivered(state.current, state.part, now), now)
    return state
