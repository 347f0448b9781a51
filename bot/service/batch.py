"""A game's commands taken in turns, and the commits of the actions its format lets go together
(a SYNC window's hand-ins) stored in one transaction (the ``Batching`` part of
``GameService``).

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
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.service.model import Commit, LiveGame
from rules.base import Event, encode
from storage.db import GameInfo, StoredEvent

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


@dataclass(slots=True)
class _Member:
    """An action of a batch: who acted, its events with the states around each, the state
    and next sequence number after it, whether it sent a question, when it was decided."""

    actor: int | None
    changes: list[tuple[Event, Any, Any]]
    state: Any
    next_seq: int
    reads: bool
    now: datetime
    done: asyncio.Future[None]
    quiet: bool = False


@dataclass(slots=True)
class Batch:
    """The actions of one game decided but not yet stored: the state and next sequence number
    the game had stored before them, their rows and the actions in order."""

    stored_state: Any
    stored_seq: int
    rows: list[StoredEvent] = field(default_factory=list)
    members: list[_Member] = field(default_factory=list)


class Batching:
    """``GameService``'s turns and batches (the module docstring)."""

    async def _in_turn(self, game: LiveGame, work: Callable[[], Awaitable[None]]) -> None:
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
                    _settle(turn.done, error)
                    if not isinstance(error, Exception):
                        raise
                else:
                    if not turn.joined:
                        _settle(turn.done)
                finally:
                    game.turn = None
        finally:
            await self._flush(game)

    def _join(self, game: LiveGame, events: list[Event], actor: int | None,
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
        reads = not game.fmt.awaiting_delivery(state)
        for i, ev in enumerate(events):
            batch.rows.append(StoredEvent(seq + i, now, ev.kind, encode(ev), ev.version,
                                          delivery if i == 0 else None))
            before, state = state, game.fmt.decider.evolve(state, ev)
            changes.append((ev, before, state))
        game.state = state
        batch.members.append(_Member(actor, changes, state, seq + len(events), reads, now,
                                     turn.done, quiet))
        turn.joined = True
        return True

    async def _flush(self, game: LiveGame) -> None:
        """Store the game's open batch in one transaction, then run each action's effects in
        order (``_effects``), settling each one's turn. When the database refuses it, the
        game's state goes back to the stored one and every turn of the batch gets the error."""
        batch, game.batch = game.batch, None
        if batch is None:
            return
        info, fmt, state = game.info, game.fmt, game.state
        status, package_id = fmt.status_of(state), fmt.package_id(state)
        try:
            await self.storage.append(
                info.id, batch.rows, status=status if status != info.status else None,
                package_id=package_id if package_id != info.package_id else None)
        except BaseException as error:
            game.state = batch.stored_state
            for member in batch.members:
                _settle(member.done, error)
            if not isinstance(error, Exception):
                raise
            return
        saved_again = game.unsaved_since is not None
        game.unsaved_since = None
        if (status, package_id) != (info.status, info.package_id):
            game.info = GameInfo(info.id, info.format, info.chat_key, package_id, status,
                                 info.locale)
        for index, member in enumerate(batch.members):
            # Each action's effects see the game as its own events left it.
            game.state, game.next_seq = member.state, member.next_seq
            commit = Commit(game, member.actor, member.changes, member.now, reads=member.reads,
                            saved_again=saved_again and index == 0, quiet=member.quiet)
            try:
                await self._effects(commit)
            except Exception as error:
                _settle(member.done, error)
            else:
                _settle(member.done)


def _settle(done: asyncio.Future[None], error: BaseException | None = None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    elif isinstance(error, asyncio.CancelledError):
        done.cancel()
    else:
        done.set_exception(error)
