"""The garbage collector's policy (``bot.collector``) keeps memory bounded: a garbage cycle
frozen while it was alive, which no ordinary pass finds, is freed once the heap has grown to
``growth`` times its size after the last complete pass with no more live games than then."""

from __future__ import annotations

import gc
import sys
import weakref

from bot import collector
from bot.collector import YOUNG_THRESHOLD, CollectorPolicy


class Node:
    """An object that can refer to itself."""

    me: Node


def frozen_garbage_cycle(policy: CollectorPolicy) -> weakref.ref[Node]:
    """A cycle alive at a tick of ``policy`` (so frozen), then dropped: a weak reference to it."""
    node = Node()
    node.me = node
    gone = weakref.ref(node)
    assert not policy.tick()
    return gone


def grow_heap() -> list[object]:
    """Objects that grow the heap to 1.25 times its size; keep them while it should stay so."""
    return [object() for _ in range(int(0.25 * sys.getallocatedblocks()))]


async def test_a_frozen_garbage_cycle_is_freed_once_the_heap_has_grown():
    policy = collector.install(CollectorPolicy(interval=3600, growth=1.2))
    try:
        # Given a cycle alive at a tick (so frozen), then dropped.
        gone = frozen_garbage_cycle(policy)
        # Then a tick while the heap has not grown leaves it (only reference counting frees
        # frozen objects, and a cycle keeps its counts up).
        assert not policy.tick()
        assert gone() is not None
        # When the heap grows past 1.2 times its size after the last complete pass.
        grown = grow_heap()
        # Then the next tick makes a complete pass, and the cycle is gone.
        assert policy.tick()
        assert gone() is None
        del grown
    finally:
        collector.uninstall()


async def test_the_complete_pass_waits_while_the_games_grow_and_comes_once_they_ended():
    games = [1]
    policy = collector.install(CollectorPolicy(interval=3600, growth=1.2, limit=100.0,
                                               load=lambda: len(games)))
    try:
        # Given a frozen garbage cycle, and a heap grown past 1.2 times with more games.
        gone = frozen_garbage_cycle(policy)
        games.append(2)
        grown = grow_heap()
        # Then a tick makes no complete pass: the growth may be the new game's (no pause of
        # the whole heap while the load rises), and the cycle is still there.
        assert not policy.tick()
        assert gone() is not None
        # When the new game has ended: the next tick makes the complete pass.
        games.pop()
        assert policy.tick()
        assert gone() is None
        del grown
    finally:
        collector.uninstall()


async def test_a_tick_stops_the_loop_for_no_pass_however_much_is_new():
    # A pass walks what it collects; a freeze only moves lists. Before, every tick made a pass
    # over all that was new since the last one (docs/performance.md, Garbage collector).
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    policy = collector.install(CollectorPolicy(interval=3600, growth=100.0, limit=100.0))
    gc.callbacks.append(count)
    try:
        # Given many new live objects since the last tick (the automatic passes held off, so
        # that only the tick may walk them).
        gc.disable()
        new = [[i] for i in range(200_000)]
        # When a tick comes, then it makes no pass, and what lives is frozen: the young
        # generation is empty.
        assert not policy.tick()
        assert passes == []
        assert gc.get_count()[0] < 10
        gc.enable()
        del new
    finally:
        gc.enable()
        gc.callbacks.remove(count)
        collector.uninstall()


async def test_the_young_threshold_is_raised_while_a_policy_runs_and_put_back():
    before = gc.get_threshold()
    collector.install(CollectorPolicy(interval=3600))
    try:
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:])
    finally:
        collector.uninstall()
    assert gc.get_threshold() == before
