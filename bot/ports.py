"""The ports between the core and the outside world (DESIGN.md): messenger, scheduler, clock.

Adapters implement ``Messenger``; ``bot.timers`` implements ``Scheduler`` and ``Clock`` for real
and virtual time. All times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol


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

    ``image`` is a picture URL to show with it; ``deadline`` (UTC) is when the time this
    message announces runs out, so an adapter can show a live countdown (a few edits a minute
    on Telegram, a relative timestamp on Discord). Questions and signals (``kind`` QUESTION,
    SIGNAL) overtake queued chatter (DESIGN.md, Time), and so do ``urgent`` messages: what is
    said in the same breath before a question (the blitz announced, the last mini-question's
    verdict), so that the question does not overtake them.

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


class DeliveryFailed(Exception):
    """The platform could not deliver a message (the chat is gone, the bot was removed, it
    refused the message, the network failed past the retries)."""


Receipt = asyncio.Future[None]
"""What ``Messenger.send`` may return for a message: a future that completes once the
platform has confirmed the delivery, with ``DeliveryFailed`` when it could not deliver, and
is cancelled when the messenger closes first."""


class Messenger(Protocol):
    """Delivers messages; implemented by each adapter."""

    async def send(self, message: Outgoing) -> Receipt | None:
        """Deliver ``message``, or queue it for delivery, without waiting for the platform's
        rate limits; a failure is the adapter's to log, never the game's to crash.

        For a QUESTION the game's minute starts at the confirmed delivery (DESIGN.md, Time):
        an adapter that queues it returns a ``Receipt``; None means the message is delivered
        already (the console)."""


class Adapter(Protocol):
    """A messenger connection: its platform name, its ``Messenger``, how it writes a command
    named in a message (``spelling``, a ``bot.i18n.Spelling``), and a ``run`` loop that feeds
    incoming messages to the service until cancelled."""

    platform: str
    messenger: Messenger
    spelling: Any

    async def run(self, service: Any) -> None:
        """Receive updates and pass them to ``service`` (a GameService) until cancelled."""


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
