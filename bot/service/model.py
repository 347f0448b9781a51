"""What the service keeps of a game, of a commit and of a batch of commits: ``LiveGame``,
``Commit``, ``Effects``, ``Batch``."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot.commands import clean_name
from bot.formats import Commands, Format, GameFormat, LifeCycle, Msg, Packages, Presenting
from bot.packages.model import Package
from bot.ports import ChatRef, Incoming, Outgoing
from bot.service.arrivals import Arrivals
from rules.base import Event
from storage.db import GameInfo, StoredEvent

DELIVERIES_KEPT = 1024
"""How many of a loaded game's latest deliveries are remembered (``LiveGame.delivered``):
more than a messenger repeats after a restart (Telegram: the unconfirmed batch, at most 100
updates)."""


def _named(incoming: Incoming) -> Incoming:
    """``incoming`` with the sender's display name cleaned (see ``GameService.handle``)."""
    name = clean_name(incoming.sender_name) or incoming.sender_id
    return incoming if name == incoming.sender_name else replace(incoming, sender_name=name)


@dataclass(slots=True, weakref_slot=True)
class LiveGame:
    """A game held in memory: its state, the next sequence number, its package and lock.

    It holds its whole format (``fmt``); a part of the service reaches the format through the
    role it asks (``core``, ``commands``, ``course``, ``presenting``, ``packages``, each typed
    as that role of ``bot.formats.roles``), so that what each part asks of a format shows in
    its code, to a reader and to a type checker."""

    info: GameInfo
    chat: ChatRef
    fmt: Format
    state: Any
    next_seq: int
    package: Package | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    armed: dict[str, datetime] = field(default_factory=dict)
    people: frozenset[int] = frozenset()
    shown: dict[str, Outgoing] = field(default_factory=dict)
    """The last message of each status slot sent to the game chat in this run."""
    delivered: frozenset[str] = frozenset()
    """The messenger deliveries whose actions the log held when the game was loaded
    (``DELIVERIES_KEPT`` of them at most): one the messenger repeats after a restart is not
    applied twice. Repeats within a run are the adapters' to drop."""
    # While the database refuses this game's events: when it began, tries per timer name, and
    # whether the host was told (DESIGN.md, Time: a deadline is never lost).
    unsaved_since: datetime | None = None
    retries: dict[str, int] = field(default_factory=dict)
    host_alerted: bool = False
    # Commands waiting for their turn, the turn being taken and the actions decided but not
    # yet stored (``bot.service.batch``; only for a format with ``batched`` actions).
    turns: deque[Any] | None = None
    turn: Any = None
    batch: Any = None
    arrivals: Arrivals | None = None
    """The commands that have reached the bot and are not yet decided: the game's timers
    wait for those that arrived before their deadline (``bot.service.arrivals``); None until
    the first (a game held in memory costs little)."""

    @property
    def core(self) -> GameFormat:
        """The format's core: its name, decider, permission table and who holds which role."""
        return self.fmt

    @property
    def commands(self) -> Commands:
        """The format's reading of commands into actions, and the judging step."""
        return self.fmt

    @property
    def course(self) -> LifeCycle:
        """The format's life cycle: live or ended, after the game, deliveries and timers."""
        return self.fmt

    @property
    def presenting(self) -> Presenting:
        """The format's messages, status, table and view of the game."""
        return self.fmt

    @property
    def packages(self) -> Packages:
        """What a question package does to the format's game."""
        return self.fmt


@dataclass(slots=True)
class Commit:
    """One commit of a game's events, as its effect handlers see it: the game (its state and
    info already the new ones), who acted (None for the bot: a timer, a delivery report),
    each event with the states before and after it, when (UTC), whether it sent a question
    (``reads``: its clock starts on delivery), whether the database took the game's events
    again after refusing them (``saved_again``), the messages rendered so far, and whether
    the actor acted on a page that shows the outcome itself (``quiet``: no private message
    goes to the actor, ``bot.service.pages``)."""

    game: LiveGame
    actor: int | None
    changes: list[tuple[Event, Any, Any]]
    now: datetime
    reads: bool
    saved_again: bool
    messages: list[Msg] = field(default_factory=list)
    quiet: bool = False


CommitHandler = Callable[[Commit], Awaitable[None]]
"""An effect of a whole commit."""
EventHandler = Callable[[Commit, Event, Any, Any], Awaitable[None]]
"""An effect of one committed event: the commit, the event, the states before and after."""


@dataclass(frozen=True, slots=True)
class Effects:
    """What a commit does once its events are stored (in the spirit of cosmicpython's
    handler tables): ``first`` for the whole commit, then for each event in order the handlers
    of its type and of each base type (``by_event``, the most specific first: ``Event``'s
    run for every event), then ``last`` for the whole commit."""

    first: tuple[CommitHandler, ...]
    by_event: Mapping[type, tuple[EventHandler, ...]]
    last: tuple[CommitHandler, ...]
    _of_type: dict[type, tuple[EventHandler, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """``handlers_of`` by event type, gathered once per type (the table never changes)."""

    def handlers_of(self, ev: Event) -> tuple[EventHandler, ...]:
        """The handlers of ``ev``: its type's, then its base types' (``type.__mro__``)."""
        handlers = self._of_type.get(type(ev))
        if handlers is None:
            handlers = self._of_type[type(ev)] = tuple(
                h for kind in type(ev).__mro__ for h in self.by_event.get(kind, ()))
        return handlers


@dataclass(slots=True)
class Member:
    """An action of a batch: who acted, its events with the states around each, the state
    and next sequence number after it, whether it sent a question, when it was decided, and
    whether it was given on a page that shows its outcome (``quiet``, see ``Commit``)."""

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
    members: list[Member] = field(default_factory=list)


def settle(done: asyncio.Future[None], error: BaseException | None = None) -> None:
    """Settle ``done`` with ``error`` (cancelled for a cancellation), else with None; one
    already settled stays as it is."""
    if done.done():
        return
    if error is None:
        done.set_result(None)
    elif isinstance(error, asyncio.CancelledError):
        done.cancel()
    else:
        done.set_exception(error)
