"""The ports between the core and the outside world (DESIGN.md): messenger, scheduler, clock,
and ``GameApi``, the only thing adapters call.

Adapters implement ``Messenger``; ``bot.timers`` implements ``Scheduler`` and ``Clock`` for real
and virtual time; ``bot.service.GameService`` implements ``GameApi``, and what adapters learn of
a game is its read-only ``GameView``, never the format's state. All times are timezone-aware
UTC datetimes.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from rules.base import Role

if TYPE_CHECKING:
    from rules.roster import Roster


@dataclass(frozen=True, slots=True)
class ChatRef:
    """Where a message goes or came from: a platform and its chat id.

    ``private`` is True for a one-to-one chat with a person (their answers go there).
    """

    platform: str
    chat_id: str
    private: bool = False

    @property
    def key(self) -> str:
        """A stable string for storage, e.g. ``"telegram:-100123"``."""
        return f"{self.platform}:{self.chat_id}"


class MessageKind(StrEnum):
    """How an adapter should render an outgoing message."""

    TEXT = "text"
    QUESTION = "question"
    SIGNAL = "signal"


@dataclass(frozen=True, slots=True)
class Button:
    """A button under a message: a label and the command it sends when pressed."""

    label: str
    command: str


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One translated message for one chat.

    ``image`` is a picture URL to show with it; ``audio`` a sound's URL a question plays
    (sent with it, before its minute starts: see ``Receipt``); ``deadline`` (UTC) is when
    the time this message announces runs out, so an adapter can show a live countdown (a few
    edits a minute on Telegram, a relative timestamp on Discord). Questions and signals
    (``kind`` QUESTION, SIGNAL) overtake queued chatter (DESIGN.md, Time), and so do
    ``urgent`` messages: what is said in the same breath before a question (the blitz
    announced, the last mini-question's verdict), so that the question does not overtake
    them.

    ``key`` is the message key the text was made from (``"signal-warning"``), so an adapter
    can pick a sound or a style without parsing translated text; ``reply`` is True when the
    message answers only the person whose message is being handled (a refusal, help, the
    score) rather than reporting what happened in the game, so an adapter may show it to that
    person alone (Discord's ephemeral replies); ``game`` is the chat of the game the message
    belongs to (None for replies), so buttons in a private chat can act on the right game.

    ``slot`` names a status message of the chat: the first message with a slot is posted, and
    each later one with the same slot replaces its text (an edit), so "who answers?", the
    answerer and the answer are one message; a messenger that no longer knows the message
    (after a restart) posts it anew.

    ``picture`` is a PNG the message shows instead of its text (the game's table):
    an adapter that can send pictures posts it with a short summary of ``text`` (its first
    lines, within the platform's caption limit), and the whole ``text`` where pictures cannot
    be sent or the upload failed (the console shows only the text).

    ``locale`` is the language ``text`` is in (``"ru"``, ``"en"``; empty when unknown), so the
    words an adapter adds of its own (Telegram's countdown line, its private-chat button) are
    in that language too, and not in a ``CHGK_LOCALE`` changed since the game opened.
    """

    chat: ChatRef
    text: str
    kind: MessageKind = MessageKind.TEXT
    image: str | None = None
    buttons: tuple[Button, ...] = ()
    deadline: datetime | None = None
    key: str = ""
    reply: bool = False
    game: ChatRef | None = None
    urgent: bool = False
    slot: str = ""
    audio: str | None = None
    picture: bytes | None = None
    locale: str = ""


class DeliveryFailed(Exception):
    """The platform could not deliver a message (the chat is gone, the bot was removed, it
    refused the message, the network failed past the retries)."""


Receipt = asyncio.Future[float | None]
"""What ``Messenger.send`` may return for a message: a future that completes once the
platform has confirmed the delivery, with ``DeliveryFailed`` when it could not deliver, and
is cancelled when the messenger closes first. Its result is None, or, for a message with
``audio``, the seconds the sound plays after the delivery (``UNTIMED`` when its length is not
known: the host then starts the minute once it has played)."""

UNTIMED = math.inf
"""A receipt's result for a sound whose length is not known."""


class Messenger(Protocol):
    """Delivers messages; implemented by each adapter."""

    async def send(self, message: Outgoing) -> Receipt | None:
        """Deliver ``message``, or queue it for delivery, without waiting for the platform's
        rate limits; a failure is the adapter's to log, never the game's to crash.

        For a QUESTION the game's minute starts at the confirmed delivery (DESIGN.md, Time):
        an adapter that queues it returns a ``Receipt``; None means the message is delivered
        already (the console)."""


@dataclass(frozen=True, slots=True)
class Person:
    """Someone in a game as an adapter sees them: their ``player`` id (storage's), display
    ``name``, ``roles`` in the game, and ``user_id``, their id on the game's platform (None
    when they were never seen there)."""

    player: int
    name: str
    roles: frozenset[Role] = frozenset()
    user_id: str | None = None


@dataclass(frozen=True, slots=True)
class TeamView:
    """A team of a game: its stored ``id``, ``name``, ``captain`` and ``members`` (the
    captain included, in the order they joined)."""

    id: int
    name: str
    captain: Person
    members: tuple[Person, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    """A read-only picture of one game for adapters (``GameApi.view``): what they may know of
    it without reading a format's state.

    ``game_id`` and ``chat`` (the game chat) say which game; ``format`` is its format's name
    (``duel``), ``locale`` the game's language, ``live`` False once it is finished or aborted.
    ``host`` is the host; ``people`` everyone the game names (host, co-hosts, keeper, players,
    helpers), each with their roles; ``teams`` the teams in the order they registered.
    """

    game_id: int
    chat: ChatRef | None
    format: str
    locale: str
    live: bool
    host: Person
    people: tuple[Person, ...]
    teams: tuple[TeamView, ...]

    @classmethod
    def of_roster(cls, format_name: str, roster: Roster, live: bool,
                  roles_of: Callable[[int], frozenset[Role]], others: Iterable[int] = ()
                  ) -> GameView:
        """The view of a game whose people are ``roster`` (``rules.roster``) and ``others``
        (people with a role beyond the roster's: DUEL's club helpers), each with their roles
        from ``roles_of`` (the format's).
        ``game_id``, ``chat``, ``locale`` and the platform ids are the service's to fill in
        (``GameService.view``)."""
        def person(player: int) -> Person:
            return Person(player, roster.name(player), roles_of(player))

        players = dict.fromkeys((roster.host, *roster.names, *sorted(roster.people), *others))
        teams = tuple(TeamView(t.id, t.name, person(t.captain),
                               tuple(person(m) for m in t.members)) for t in roster.teams)
        return cls(0, None, format_name, "", live, person(roster.host),
                   tuple(person(p) for p in players), teams)

    def with_user_ids(self, user_ids: dict[int, str]) -> GameView:
        """This view with each person's platform id from ``user_ids`` (player -> user id)."""
        def fill(p: Person) -> Person:
            return replace(p, user_id=user_ids.get(p.player))

        return replace(self, host=fill(self.host), people=tuple(fill(p) for p in self.people),
                       teams=tuple(replace(t, captain=fill(t.captain),
                                           members=tuple(fill(m) for m in t.members))
                                   for t in self.teams))

    def person(self, user_id: str) -> Person | None:
        """The person whose platform id is ``user_id``, or None (someone the game does not
        name: a spectator)."""
        return next((p for p in self.people if p.user_id == user_id), None)

    def roles_for(self, user_id: str) -> frozenset[Role]:
        """The roles of the person with platform id ``user_id`` (spectator for a stranger)."""
        person = self.person(user_id)
        return person.roles if person is not None else frozenset({Role.SPECTATOR})

    @property
    def hosts(self) -> tuple[Person, ...]:
        """The host first, then everyone else with the host's role (co-hosts)."""
        return (self.host, *(p for p in self.people
                             if Role.HOST in p.roles and p.player != self.host.player))


@dataclass(frozen=True, slots=True)
class Mention:
    """A person a message names in a way its platform marks.

    ``text`` is the part of the message that names them, as written ("@dasha", or the name a
    Telegram text mention shows). ``user_id`` is their platform id when the platform gives it
    (a Telegram text mention, a Discord member pick), with their ``name`` (display name) and
    ``username`` (without the @) when known; a Telegram ``@username`` mention carries only the
    ``username``.
    """

    text: str
    user_id: str | None = None
    name: str | None = None
    username: str | None = None


@dataclass(frozen=True, slots=True)
class Incoming:
    """One message from a person, as an adapter parsed it.

    ``chat`` is where it was written (a private chat for answers); ``sender_id`` is the
    person's id on ``chat.platform``; ``sent_at`` is the platform's send time (UTC), used for
    answer deadlines, or None to use the time of arrival; ``sender_is_admin`` is True when the
    messenger reports the sender as an administrator of the chat (they may take over a game
    whose host is gone). ``game_chat`` names the game a private message is about (a button
    pressed under a private message of that game); None means the newest live game in which
    the sender has a role. ``sender_username`` is the sender's ``@username`` without the @
    (None when they have none), by which others may name them; ``mentions`` are the people
    the text names in a way the platform marks (``Mention``): with a platform id,
    they can be named even if they never wrote. ``delivery`` is the platform's id of this
    delivery (a Telegram chat and message id or button press, a Discord message or
    interaction id; at most 80 characters), stored with the events its action opens so that
    the same delivery repeated after a restart is not applied twice; None when there is none
    (the console).
    """

    chat: ChatRef
    sender_id: str
    sender_name: str
    text: str
    sender_locale: str | None = None
    sent_at: datetime | None = None
    sender_is_admin: bool = False
    game_chat: ChatRef | None = None
    sender_username: str | None = None
    mentions: tuple[Mention, ...] = ()
    delivery: str | None = None


class GameApi(Protocol):
    """What adapters may call on the core (``bot.service.GameService`` implements it)."""

    clock: Clock

    async def handle(self, incoming: Incoming) -> None:
        """Handle one message from a person; never raises for anything a user typed."""

    async def upload_package(self, incoming: Incoming, data: bytes, filename: str) -> None:
        """Import the package file ``data`` called ``filename`` that ``incoming``'s sender
        sent, and report on it in ``incoming.chat``."""

    async def media(self, url: str, max_bytes: int) -> bytes:
        """The file at ``url`` (a question's sound the platform cannot fetch by its link),
        at most ``max_bytes`` bytes, downloaded through the one fetcher that reaches public
        addresses only. Raises ``bot.packages.PackageReadError`` when it cannot."""

    async def view(self, chat: ChatRef) -> GameView | None:
        """The current game of the game chat ``chat`` (live or ended), or None."""

    def has_game(self, chat: ChatRef) -> bool:
        """Whether the game chat ``chat`` has a current game (live or ended), cheaply: an
        adapter may ask it of every message."""

    def command_names(self) -> list[str]:
        """Every command name the bot knows, once each, for a messenger's command menu."""

    async def host_contact(self, chat: ChatRef) -> tuple[ChatRef, str] | None:
        """The host's private chat and locale for the live game of ``chat``, or None."""

    def deadline_pending(self, chat: ChatRef, at: datetime) -> bool:
        """True while the game of ``chat`` has a timer armed for ``at`` (UTC)."""

    async def idle(self) -> None:
        """Wait until every handler and timer under way has finished."""

    async def settle(self) -> None:
        """Wait until no question waits for its delivery report any more."""


class Adapter(Protocol):
    """A messenger connection: its platform name, its ``Messenger``, how it writes a command
    named in a message (``spelling``, a ``bot.i18n.Spelling``), and a ``run`` loop that feeds
    incoming messages to the core until cancelled."""

    platform: str
    messenger: Messenger
    spelling: Any

    async def run(self, service: GameApi) -> None:
        """Receive updates and pass them to ``service`` until cancelled."""


class StartupError(Exception):
    """The bot cannot start, for a reason its operator can fix: a messenger refused the token
    or cannot be reached, the database is locked, damaged or missing its driver.

    ``key`` names the one-line localised message (what is wrong, what to do) and ``args`` its
    arguments; ``chgk-bot`` prints it instead of a traceback and exits with code 1.
    """

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


class SettingsError(StartupError):
    """A StartupError caused by settings that cannot work (a Telegram token that is not one,
    a webhook without a token): fixed in the settings, not by waiting; ``chgk-bot`` exits with
    code 2 for it."""


class RoutingMessenger:
    """One ``Messenger`` over several adapters: each message goes to its chat's platform."""

    def __init__(self, routes: dict[str, Messenger]) -> None:
        self.routes = routes

    async def send(self, message: Outgoing) -> Receipt | None:
        """Send through the messenger of ``message.chat.platform`` and return its receipt;
        KeyError if there is none."""
        return await self.routes[message.chat.platform].send(message)


class Clock(Protocol):
    """The current time."""

    def now(self) -> datetime:
        """The current UTC time (timezone-aware)."""


TimerCallback = Callable[[str], Awaitable[None]]


class Scheduler(Protocol):
    """Runs a callback at an absolute time, by key; re-scheduling a key replaces it."""

    def schedule(self, key: str, at: datetime) -> None:
        """Call the callback with ``key`` at ``at`` (UTC), even if that is already past."""

    def cancel(self, key: str) -> None:
        """Forget ``key``; no error if it is not scheduled."""


class SentTimes(Protocol):
    """Where a messenger keeps, across restarts, the UTC times it last posted into each chat
    (``storage.sends.RecentSends``), so a restarted bot keeps to the chats' budgets."""

    async def load(self, platform: str) -> dict[str, list[datetime]]:
        """The send times (UTC, oldest first) last saved for ``platform``, by chat id."""

    async def save(self, platform: str, recent: Mapping[str, Sequence[datetime]]) -> None:
        """Replace what is kept for ``platform`` with ``recent``."""


class Metrics(Protocol):
    """Where the core reports what an operator watches (``bot.ops.metrics`` counts it for
    Prometheus); each call is cheap enough for every action."""

    def action_handled(self, seconds: float) -> None:
        """One incoming message handled, in ``seconds`` from its arrival at the service."""

    def timer_fired(self, late: float) -> None:
        """A loop timer fired ``late`` seconds after its deadline (0 or more)."""

    def write_refused(self, fault: str) -> None:
        """The database refused a write (``storage_fault``: locked, readonly, full,
        unavailable)."""


class NoMetrics:
    """``Metrics`` that count nothing (no ops endpoint, tests)."""

    def action_handled(self, seconds: float) -> None:
        """Nothing."""

    def timer_fired(self, late: float) -> None:
        """Nothing."""

    def write_refused(self, fault: str) -> None:
        """Nothing."""


NO_METRICS = NoMetrics()
