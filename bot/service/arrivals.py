"""Commands that have reached the bot and are still on their way to their game's decider, so
that a deadline of the game is decided after the ones that arrived before it (SYNC-6: an
answer sent before the deadline counts, even when the server takes a moment to decide it).

A page's hand-in (``bot.board.sheet``) is stamped with its arrival time before anything is
awaited, and that stamp is its send time for the decider. A busy server may decide it a little
after the deadline; the window's close timer must not overtake it, or the answer would be
refused as late though it came in time. So each game keeps its arrivals here
(``LiveGame.arrivals``), and a timer, before it is decided (``TimerKeeper.fire``), waits until
the commands that arrived by its deadline are decided, at most ``DRAIN_SECONDS``: a request
that never completes (a client that stops sending) holds a deadline only that long.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

DRAIN_SECONDS = 2.0
"""How long a deadline waits at most for the commands that arrived before it (real seconds):
longer than a busy server takes to decide what reached it in a window's last second, short
enough that the hosts' judging list is not held up by a request that never completes."""


class Arrivals:
    """One game's commands that have arrived and are not yet decided, each with its arrival
    time (UTC); ``drain`` is the longest a deadline waits for them, in seconds."""

    def __init__(self, drain: float = DRAIN_SECONDS) -> None:
        self.drain = drain
        self._pending: dict[int, datetime] = {}
        self._numbers = itertools.count()
        # Each waiting deadline's arrivals still pending, and the future settled when none is.
        self._waiters: list[tuple[set[int], asyncio.Future[None]]] = []

    def __len__(self) -> int:
        """How many arrived commands are not yet decided."""
        return len(self._pending)

    @contextmanager
    def arriving(self, at: datetime) -> Iterator[None]:
        """Hold deadlines from ``at`` (UTC, the command's arrival) on until the ``with`` block,
        which decides the command, ends (however it ends)."""
        number = next(self._numbers)
        self._pending[number] = at
        try:
            yield
        finally:
            del self._pending[number]
            for waiting, done in self._waiters:
                waiting.discard(number)
                if not waiting and not done.done():
                    done.set_result(None)

    async def settled(self, deadline: datetime) -> None:
        """Return once every command that had arrived at or before ``deadline`` (UTC) when
        this was called is decided, or after ``drain`` seconds at most; never raises."""
        waiting = {number for number, at in self._pending.items() if at <= deadline}
        if not waiting:
            return
        done = asyncio.get_running_loop().create_future()
        entry = (waiting, done)
        self._waiters.append(entry)
        try:
            await asyncio.wait([done], timeout=self.drain)
        finally:
            self._waiters.remove(entry)
