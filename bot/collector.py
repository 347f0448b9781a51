"""When the cyclic garbage collector may stop the process, with thousands of live games
(the figures: docs/performance.md, Garbage collector).

Why. CPython's collector stops the whole process for each pass, the event loop with it, and a
full pass (generation 2) walks every tracked object however long it has lived. With 10,000
live DUEL games the heap holds over two million of them (states, rosters, played questions,
locks), and a full pass took long enough to make the timers miss their targets. They come
that often because CPython starts a full pass once the objects promoted to the oldest
generation since the last one reach a quarter of those that survived it, and every move
replaces a game's state: the new parts are promoted, the old ones freed, and that count only
grows. Raising the threshold would make the passes rarer, not shorter.

What. Every ``interval`` seconds (a tenth of one) a tick freezes everything the collector
tracks (``gc.freeze``: moved to the permanent generation, which no pass walks; it splices
lists and walks nothing). So an automatic pass walks at most what was made since the last
tick and is still alive, and none walks the old games again. The young generation's
threshold is raised from CPython's 700 to ``YOUNG_THRESHOLD`` allocations: with a freeze ten
times a second (a freeze also resets the young count) the automatic passes then come only in
a burst of new objects, instead of dozens of times a second to find nothing.

Memory stays bounded. A frozen object is still freed by reference counting as soon as nothing
refers to it, which is how a game's objects go: a finished game is dropped from the service and
nothing of it refers back to itself (``tests/integration/test_collector.py``). Only garbage
*cycles* of frozen objects are never found by a pass; the bench's passes found none at all,
but so that they cannot pile up for ever a tick makes a complete pass (unfreeze, collect
everything, freeze again) when the Python heap (``sys.getallocatedblocks``, a count of the
allocator's pools, cheap to read) has grown since the last complete pass

- to ``growth`` times its size then while the ``load`` (the games in memory) has not grown above
  what it was then: the growth is not new games, so it may be garbage, and the load is low;
- or to ``limit`` times that size, whatever the load.

A complete pass is as long as one of the old full passes, but it comes once per doubling of the
heap at a moment with no more games than at the last one, instead of every few seconds; a
process going from idle to 10,000 games (about 4 times the idle heap) meets none on the way, and
garbage cycles never hold more than ``limit - 1`` times the heap after the last complete pass.

One policy runs per process (``install``, ``uninstall``: the collector is process-wide).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Callable

INTERVAL = 0.1
"""Seconds between ticks: what an automatic pass may walk is at most this long's new objects
(about 130 actions' at 3,000 games at ten times the pace)."""
YOUNG_THRESHOLD = 5000
"""Allocations of tracked objects since the last pass (or freeze) that start a young pass while
a policy runs (CPython's default: 700)."""
GROWTH = 2.0
"""How many times its size after the last complete pass the heap may grow to, with no more load
than then, before a tick makes a complete pass."""
LIMIT = 8.0
"""How many times its size after the last complete pass the heap may grow to, whatever the
load, before a tick makes a complete pass."""


class CollectorPolicy:
    """Freezes what the collector tracks every ``interval`` seconds, and makes a complete pass
    (frozen objects included) once the heap has grown to ``growth`` times its size after the
    last one with no more ``load`` than then, or to ``limit`` times; see the module's
    docstring for why. ``load`` counts what legitimately grows the heap (the service's
    games; None: nothing does). ``start`` on a running event loop, ``stop`` at the end."""

    def __init__(self, *, interval: float = INTERVAL, growth: float = GROWTH,
                 limit: float = LIMIT, load: Callable[[], int] | None = None) -> None:
        self.interval = interval
        self.growth = growth
        self.limit = limit
        self.load = load or (lambda: 0)
        self.heap_after_complete = 0
        """Allocated blocks right after the last complete pass."""
        self.load_at_complete = 0
        """``load()`` at the last complete pass."""
        self._handle: asyncio.TimerHandle | None = None
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Make a complete pass, freeze what lives (the modules, translations and recovered
        games), raise the young generation's threshold to ``YOUNG_THRESHOLD`` and tick every
        ``interval`` seconds on the running loop."""
        self.complete()
        self._thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG_THRESHOLD, *self._thresholds[1:])
        self._handle = asyncio.get_running_loop().call_later(self.interval, self._scheduled)

    def stop(self) -> None:
        """Stop ticking, put the thresholds back and unfreeze: what was frozen is the automatic
        collector's again."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        gc.unfreeze()

    def tick(self) -> bool:
        """One tick: a complete pass when the heap has grown as the class says, else a freeze
        of what is tracked (no pass); returns True for a complete pass."""
        heap = sys.getallocatedblocks()
        if heap >= self.limit * self.heap_after_complete or (
                heap >= self.growth * self.heap_after_complete
                and self.load() <= self.load_at_complete):
            self.complete()
            return True
        gc.freeze()
        return False

    def complete(self) -> None:
        """A complete pass: unfreeze, collect every generation, freeze what lives."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.heap_after_complete = sys.getallocatedblocks()
        self.load_at_complete = self.load()

    def _scheduled(self) -> None:
        self.tick()
        self._handle = asyncio.get_running_loop().call_later(self.interval, self._scheduled)


_installed: CollectorPolicy | None = None


def install(policy: CollectorPolicy | None = None) -> CollectorPolicy:
    """Start ``policy`` (default: ``CollectorPolicy()``) on the running loop as the process's
    policy, stopping the one before; returns it."""
    global _installed
    uninstall()
    _installed = policy or CollectorPolicy()
    _installed.start()
    return _installed


def uninstall() -> None:
    """Stop the process's policy, if one runs."""
    global _installed
    if _installed is not None:
        _installed.stop()
        _installed = None
