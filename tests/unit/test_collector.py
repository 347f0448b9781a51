"""The garbage collector's policy (``bot.collector``) keeps memory bounded: a garbage cycle
frozen while it was alive, which no ordinary pass finds, is freed once the heap has grown to
``growth`` times its size after the last complete pass with no more live games than then
(issue 15)."""

from __future__ import annotations

import sys
import weakref

from bot import collector
from bot.collector import CollectorPolicy


class Node:
    """An object that can refer to itself."""

    me: Node


async def test_issue_15_a_frozen_garbage_cycle_is_freed_once_the_heap_has_grown():
    policy = collector.install(CollectorPolicy(interval=3600, growth=1.2))
    try:
        # Given a cycle alive at a tick (so frozen), then dropped.
        node = Node()
        node.me = node
        gone = weakref.ref(node)
        assert not policy.tick()
        del node
        # Then a tick while the heap has not grown leaves it (only reference counting frees
        # frozen objects, and a cycle keeps its counts up).
        assert not policy.tick()
        assert gone() is not None
        # When the heap grows past 1.2 times its size after the last complete pass.
        grown = [object() for _ in range(int(0.25 * sys.getallocatedblocks()))]
        # Then the next tick makes a complete pass, and the cycle is gone.
        assert policy.tick()
        assert gone() is None
        del grown
    finally:
        collector.uninstall()


async def test_issue_15_the_complete_pass_waits_while_the_games_grow_and_comes_once_they_ended():
    games = [1]
    policy = collector.install(CollectorPolicy(interval=3600, growth=1.2, limit=100.0,
                                               load=lambda: len(games)))
    try:
        # Given a frozen garbage cycle, and a heap grown past 1.2 times with more games.
        node = Node()
        node.me = node
        gone = weakref.ref(node)
        assert not policy.tick()
        del node
        games.append(2)
        grown = [object() for _ in range(int(0.25 * sys.getallocatedblocks()))]
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
