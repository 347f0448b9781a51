"""A game's deadline waits for the commands that reached the bot before it (SYNC-6: an answer
sent before the deadline counts), but not for later ones, and not for ever."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.service.arrivals import Arrivals

DEADLINE = datetime(2026, 12, 6, 19, 1, 16, tzinfo=UTC)


async def test_sync6_a_deadline_waits_for_a_hand_in_that_arrived_before_it_until_it_is_decided():
    """Given a hand-in that arrived half a second before the deadline and is not yet decided,
    when the deadline comes, then it waits until the hand-in is decided."""
    arrivals = Arrivals()
    with arrivals.arriving(DEADLINE - timedelta(seconds=0.5)):
        deadline = asyncio.create_task(arrivals.settled(DEADLINE))
        for _ in range(10):
            await asyncio.sleep(0)
        assert not deadline.done()
    await deadline


async def test_a_deadline_does_not_wait_for_what_arrived_after_it():
    """Given a hand-in that arrived a second after the deadline, when the deadline comes,
    then it goes on at once (the decider refuses that answer as late)."""
    arrivals = Arrivals()
    with arrivals.arriving(DEADLINE + timedelta(seconds=1)):
        deadline = asyncio.create_task(arrivals.settled(DEADLINE))
        for _ in range(2):
            await asyncio.sleep(0)
        assert deadline.done() and len(arrivals) == 1


async def test_a_request_that_never_completes_holds_a_deadline_only_for_the_drain():
    """Given a hand-in that arrived in time and is never decided (its client stopped
    sending), when the deadline comes, then it goes on after the drain's bound."""
    arrivals = Arrivals(drain=0.01)
    with arrivals.arriving(DEADLINE - timedelta(seconds=0.5)):
        await arrivals.settled(DEADLINE)
        assert len(arrivals) == 1
