"""A game's commands taken in turns, and the commits of the actions its format lets go together
(a SYNC window's hand-ins) stored in one transaction.

Why (``bench/sync.py``): one game's actions are handled one at a time (DESIGN.md),
so 5,000 teams handing in during the last seconds of a SYNC window each waited for the one
before it to be stored: one transaction per answer, one after the other, each a round trip to
the database's thread while the event loop sat idle. Now the commands of a format with
``batched`` actions queue as turns; whoever holds the game's lock takes every turn waiting, in
the order they came, and decides each on the state the ones before it left. An action of
``batched`` joins the open batch instead of being stored at once; anything else (and the lock's
release) stores the batch first, so the log keeps the order the actions were decided in. The
batch's events go in one ``append``; only then does each action get its effects (its receipt),
in order, each seeing the state and sequence number its own events left. When the database
refuses the batch, none of it is kept: the state goes back to what was stored and every
sender is told it was not stored, as each would have been alone.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.ports import Clock
from bot.service.commit import Committer
from bot.service.model import Batch, LiveGame, Member, settle
from rules.base import Event, encode
from storage.db import StoredEvent

TURNS_PER_HOLD = 100
"""Turns the holder of a game's lock takes before it stores them and lets the lock go, so
that a timer of the game waits for at most that many commands."""


@dataclass(slots=True)
class Turn:
    """One command waiting for its game: ``work`` does it under the game's lock; ``done``
    is settled once it is done (with its error, if it failed), its effects included."""

    work: Callable[[], Awaitable[None]]
    done: asyncio.Future[None]
    joined: bool = False
    """Whether its action joined the open batch (``done`` is settled when that is stored)."""


class Batching:
    """A game's commands in turns, and their batches (the module docstring): ``committer``
    stores a batch (``Committer.flush``) and ``clock`` dates its events."""

    def __init__(self, committer: Committer, clock: Clock) -> None:
        self.committer = committer
        self.clock = clock

    async def in_turn(self, game: LiveGame, work: Callable[[], Awaitable[None]]) -> None:
        """Do ``work`` (a command of ``game``) in its turn, under the game's lock, and return
        once it is done, effects included; raises what it raised (a storage fault of its
        batch too)."""
        turn = Turn(work, asyncio.get_running_loop().create_future())
        if game.turns is None:
            game.turns = deque()
        game.turns.append(turn)
        async with game.lock:
            if game.turns:
                await self._take_turns(game)
        await turn.done

    async def _take_turns(self, game: LiveGame) -> None:
        """Under the game's lock: do the waiting turns in order (at most ``TURNS_PER_HOLD``),
        then store what they batched and run its effects."""
        assert game.turns is not None
        try:
            for _ in range(TURNS_PER_HOLD):
                if not game.turns:
                    break
                turn = game.turn = game.turns.popleft()
                try:
                    await turn.work()
                except BaseException as error:
                    settle(turn.done, error)
                    if not isinstance(error, Exception):
                        raise
                else:
                    if not turn.joined:
                        settle(turn.done)
                finally:
                    game.turn = None
        finally:
            await self.committer.flush(game)

    def join(self, game: LiveGame, events: list[Event], actor: int | None,
              delivery: str | None = None, *, quiet: bool = False) -> bool:
        """Add ``events`` (``actor``'s action, decided on ``game.state``, asked for by the
        messenger's ``delivery``; ``quiet``: see ``Commit``) to the game's open batch when a
        turn is being taken; the game's state moves on to theirs. False (nothing done) outside
        a turn: the caller commits them at once."""
        turn = game.turn
        if turn is None:
            return False
        batch = game.batch
        if batch is None:
            batch = game.batch = Batch(game.state, game.next_seq)
        now = self.clock.now()
        seq = batch.stored_seq + len(batch.rows)
        state, changes = game.state, []
        reads = not game.course.awaiting_delivery(state)
        for i, ev in enumerate(events):
            batch.rows.append(StoredEvent(seq + i, now, ev.kind, encode(ev), ev.version,
                                          delivery if i == 0 else None))
            before, state = state, game.core.decider.evolve(state, ev)
            changes.append((ev, before, state))
        game.state = state
        batch.members.append(Member(actor, changes, state, seq + len(events), reads, now,
                                     turn.done, quiet))
        turn.joined = True
        return True
