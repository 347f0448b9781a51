"""What every format's decider shares: events, rejections, the event codec, roles, results.

A decider (``Decider``) is a value with ``initial_state(created)``, ``decide(state, action,
now)``, ``evolve(state, event)``, ``timers(state)`` and ``result(state)``; it does no I/O and
reads no clock: ``now`` (a UTC datetime) is passed in, and every deadline it produces is an
absolute UTC datetime stored in an event. Sub-deciders (``rules.roster``, the clock, ...) have
the same shape over a part of a format's state and are composed by the formats' deciders.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypeVar


class Role(StrEnum):
    """Roles a person can have in one game (DESIGN.md, Privacy and roles)."""

    HOST = "host"
    KEEPER = "keeper"
    CAPTAIN = "captain"
    PLAYER = "player"
    HELPER = "helper"
    SPECTATOR = "spectator"


class Event:
    """Base of every stored event. Subclasses are frozen dataclasses registered with ``@event``;
    ``version`` is the version of their shape (their field set), stored with each event."""

    kind: ClassVar[str]
    version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class Rejection:
    """The answer to an action that is not allowed now; never stored.

    ``reason`` is a Fluent message key, ``args`` its arguments; it is sent to the person who
    tried the action.
    """

    reason: str
    args: dict[str, Any] = field(default_factory=dict)


Decision = list[Event] | Rejection
"""What ``decide`` returns: the events an action produces (maybe none), or why it may not."""


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side of a finished game: a team (``team_id`` its stored id) or a side with no team
    (the host in DUEL, the viewers in TV: ``team_id`` None); its points; its place (1 is first;
    sides that share a place have the same number); ``answered`` the questions it answered
    right where the format counts them apart from points (SYNC-7: the asking team's point is
    not an answer), else None; ``paid`` whether its fee is recorded paid (SYNC-3), None in a
    format without fees."""

    name: str
    points: int
    place: int
    team_id: int | None = None
    answered: int | None = None
    paid: bool | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game's result as its format states it (``Decider.result``), for seasons and
    ratings, which fold results and import no format.

    ``sides`` are in order of place; ``target`` is the score that wins (0 for formats without
    one); ``best_player`` is the player named best in the game (id, display name), or None;
    ``decisive`` is True when a decisive round settled the game (DUEL-6.4); ``ratings`` are
    the players' individual rating points in the game as ``(player id, points)``, for formats
    that rate players (TV-6; empty otherwise); ``duty`` the team on duty in it (SYNC-4) and
    ``fee`` the fee per team in minor units of ``currency`` (SYNC-3), for a club's next game
    (None, 0 and "" in formats without them). When the game ended is not here: it is the time
    of the stored event that finished it (``bot.results``)."""

    sides: tuple[SideResult, ...]
    target: int = 0
    best_player: tuple[int, str] | None = None
    decisive: bool = False
    ratings: tuple[tuple[int, int], ...] = ()
    duty: str | None = None
    fee: int = 0
    currency: str = ""


S = TypeVar("S")
A = TypeVar("A", contravariant=True)
D = TypeVar("D")
_KEEP: Any = object()
"""The default of each parameter of a ``replacer`` function: the field keeps its value."""


def replacer(cls: type[D]) -> Callable[..., D]:
    """A ``dataclasses.replace`` for the frozen slots dataclass ``cls``, for the states that
    every event of a game copies: ``replace(obj, **changes)`` returns a new ``cls`` with
    ``changes`` and every other field as in ``obj`` (TypeError for a name that is no
    field), like ``dataclasses.replace``, in about a third of its time: the function is
    generated once with one keyword per field, so no call walks the fields or goes through
    ``__init__`` (a format's state has about 40 fields). Raises TypeError for a class whose
    ``__init__`` does more than set its fields (``__post_init__``, a field with
    ``init=False``)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: __init__ does more than set its fields")
    names = [f.name for f in fields]
    source = (f"def replace(obj, *, {', '.join(f'{n}=_KEEP' for n in names)}):\n"
              "    new = _new(cls)\n"
              + "".join(f"    _set(new, {n!r}, obj.{n} if {n} is _KEEP else {n})\n"
                        for n in names)
              + "    return new\n")
    scope = {"_KEEP": _KEEP, "_new": object.__new__, "_set": object.__setattr__, "cls": cls}
    exec(source, scope)  # the source is made of the class's own field names
    replace = scope["replace"]
    replace.__doc__ = f"``dataclasses.replace`` for {cls.__name__} (``rules.base.replacer``)."
    return replace


class Decider(Protocol[S, A]):
    """A format's pure rules (DESIGN.md, The shape): a value built once and shared by games.

    ``name`` is the format's stored name (``duel``, ``sync``, ``tv``)."""

    name: str

    def initial_state(self, created: Event) -> S:
        """The state after the game's first event."""

    def decide(self, state: S, action: A, now: datetime) -> Decision:
        """The events ``action`` produces at ``now`` (UTC), or a Rejection; pure."""

    def evolve(self, state: S | None, event: Event) -> S:
        """The state after ``event`` (``state`` None for the first event); pure."""

    def timers(self, state: S) -> dict[str, datetime]:
        """The deadlines (UTC) the game waits for now, by timer name."""

    def result(self, state: S) -> GameResult | None:
        """The game's result once it is finished; None while it is live or when it was
        aborted."""

_EVENTS: dict[str, type[Event]] = {}
E = TypeVar("E", bound=type[Event])
Payload = dict[str, Any]
"""An event's stored fields, as ``encode`` writes them."""
Upcaster = Callable[[Payload], Payload]
_UPCASTS: dict[tuple[str, int], Upcaster] = {}


class EventDecodeError(ValueError):
    """A stored event this code cannot read: an unknown kind, a version with no way up to the
    current one (``upcast``), or a payload whose fields are not its version's."""


def event(kind: str, version: int = 1):
    """Register a frozen dataclass as a stored event of ``kind`` (unique across formats) whose
    fields are the shape of ``version`` (from 1). Changing the fields of a stored event means a
    new version and an ``upcast`` from the one before it."""

    def register(cls: E) -> E:
        if kind in _EVENTS:
            raise ValueError(f"event kind {kind!r} registered twice")
        if version < 1:
            raise ValueError(f"event kind {kind!r}: version {version} is below 1")
        cls.kind = kind
        cls.version = version
        _EVENTS[kind] = cls
        return cls

    return register


def upcast(kind: str, from_version: int):
    """Register a function turning a stored payload of ``kind`` at ``from_version`` into the
    payload of ``from_version + 1`` (data in, data out: ``decode`` applies them one after the
    other up to the event's current version)."""

    def register(up: Upcaster) -> Upcaster:
        if (kind, from_version) in _UPCASTS:
            raise ValueError(f"upcast of {kind!r} from version {from_version} registered twice")
        _UPCASTS[(kind, from_version)] = up
        return up

    return register


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each event class's field names, in order (``encode`` runs for every event stored)."""
_PLAIN = frozenset({str, int, float, bool, type(None)})
"""Types ``encode`` stores as they are."""


def encode(ev: Event) -> Payload:
    """An event's fields as JSON-ready data: datetimes as ISO strings, tuples as lists (stored
    with ``ev.version``)."""
    names = _FIELD_NAMES.get(type(ev))
    if names is None:
        names = _FIELD_NAMES[type(ev)] = tuple(f.name for f in dataclasses.fields(ev))
    return {name: _encode_value(getattr(ev, name)) for name in names}


def decode(kind: str, payload: Payload, version: int = 1) -> Event:
    """Rebuild an event from its kind, ``encode`` output and the version it was stored at:
    the payload is upcast to the event's current version first (``upcast``), then must hold
    exactly that version's fields. Raises EventDecodeError for an unknown kind, a version with
    no upcast to the current one or newer than it, and a field set that is not the version's
    (one missing is never silently defaulted)."""
    cls = _EVENTS.get(kind)
    if cls is None:
        raise EventDecodeError(f"unknown event kind {kind!r}")
    if version > cls.version:
        raise EventDecodeError(f"{kind!r} version {version} is newer than this code's "
                               f"{cls.version}")
    for step in range(version, cls.version):
        up = _UPCASTS.get((kind, step))
        if up is None:
            raise EventDecodeError(f"{kind!r}: no upcast from version {step}")
        payload = up(payload)
    names = [f.name for f in dataclasses.fields(cls)]
    missing = sorted(set(names) - set(payload))
    extra = sorted(set(payload) - set(names))
    if missing or extra:
        raise EventDecodeError(f"{kind!r} version {cls.version}: missing fields {missing}, "
                               f"unknown fields {extra}")
    hints = typing.get_type_hints(cls)
    return cls(**{name: _decode_value(hints[name], payload[name]) for name in names})


def _encode_value(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_encode_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode_value(v) for k, v in value.items()}
    return value


def _decode_value(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return _decode_value(options[0], value) if len(options) == 1 else value
    if hint is datetime:
        return datetime.fromisoformat(value)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) > 1 and args[1] is not Ellipsis:  # tuple[str, tuple[int, ...]]: by place
            return tuple(_decode_value(a, v) for a, v in zip(args, value, strict=True))
        inner = args[0] if args else Any
        return tuple(_decode_value(inner, v) for v in value)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return hint(value)
    return value
