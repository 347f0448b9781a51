"""Under the garbage collector's policy (``bot.collector``: what survives a pass is frozen, so
that no pass walks every live game), a game's memory still goes: the state a move replaced and
a finished game are freed although they were frozen while in use (the bench's memory check after
10,000 finished games, docs/performance.md, Memory)."""

from __future__ import annotations

import gc
import weakref

import pytest

from bot import collector
from bot.collector import CollectorPolicy
from rules.duel import DuelState
from tests.integration.test_service_duel_rules import Table
from tests.integration.world import service_world


@pytest.fixture
async def world(database_url):
    world = Table(**vars(await service_world(database_url)))
    # Ticks only when the test says (an hour between the policy's own).
    policy = collector.install(CollectorPolicy(interval=3600))
    yield world, policy
    collector.uninstall()
    await world.close()


def states_in_memory() -> int:
    """DUEL states alive in the process, frozen ones included (a state is not weakly
    referable; unfreezing for the count and freezing again changes nothing a tick would
    not)."""
    gc.unfreeze()
    try:
        return sum(1 for o in gc.get_objects() if isinstance(o, DuelState))
    finally:
        gc.freeze()


async def test_a_move_and_the_end_free_what_was_frozen_of_the_game(world):
    world, policy = world
    # States other tests' modules keep (their given stories) are not this game's; what is
    # merely garbage of earlier tests goes first.
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    others = states_in_memory()
    # Given a live game whose state has been frozen by a tick.
    await world.start("boris")
    gone = weakref.ref(world.service.game(1))
    assert not policy.tick()
    assert states_in_memory() == others + 1
    # When the captain picks a question (a new state), and a tick passes.
    assert (await world.say("anna", "/pick 1")).startswith("Question 1")
    assert not policy.tick()
    # Then the state the move replaced is gone: one state is left.
    assert states_in_memory() == others + 1
    # When the host ends the game and a tick passes.
    await world.say("host", "/abort")
    assert not policy.tick()
    # Then nothing of the game is held: not the game, not a state.
    assert gone() is None and states_in_memory() == others
    assert [g.status for g in await world.storage.games()] == ["aborted"]
