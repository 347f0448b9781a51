"""The Discord ``Messenger``: an outbox per chat where signals overtake chatter, and reply
capture for interactions.

Sending. ``send`` never waits for Discord: it puts the message in its chat's outbox and
returns, so the service does not hold a game's lock through Discord's rate limits. One worker
per chat delivers its outbox in order, except that a QUESTION or a SIGNAL goes before any
chatter still waiting (DESIGN.md, Time: the question and the signals must not wait behind bulk
messages); a question's receipt completes once Discord has posted it (its minute starts then)
or fails with ``DeliveryFailed``. Until the client is connected
(``attach``) the workers wait, so messages sent during start-up recovery are not lost. A
failed delivery (a deleted channel, a missing permission, a member who closed their DMs or
left) is handed to ``on_fault``; it never reaches the service. A status message
(``Outgoing.slot``) is posted once and edited afterwards (posted anew if it is gone).

Capture. Discord answers a slash command or a button press privately (an ephemeral message),
but the service only knows chats. While the bridge handles an interaction it opens a
``Capture`` for it (``capture``): messages the service sends during that handling which are
meant for the person alone (``Outgoing.reply`` to the chat the command came from, or anything
to the person's private chat) are kept in the capture instead of being posted, and the bridge
delivers them as the interaction's ephemeral response. The capture lives in a context
variable, so a timer firing meanwhile (in its own task) and other people's interactions are
never caught by it.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import itertools
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import discord

from adapters.discord.buttons import view_of
from adapters.discord.render import TABLE_FILE, game_channel_of, render
from bot.ports import ChatRef, DeliveryFailed, MessageKind, Outgoing, Receipt

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
"""Nobody is pinged by the bot's messages, whatever names the players chose."""
STATUSES_KEPT = 1024
"""Status messages (``Outgoing.slot``) remembered for editing, over all chats."""


class Destinations(Protocol):
    """Finds where a chat's messages go on Discord."""

    async def resolve(self, chat: ChatRef) -> Any:
        """The ``discord.abc.Messageable`` for ``chat``: a text channel, or the DM channel of
        the user ``chat.chat_id`` when ``chat.private``. Raises ``discord.HTTPException``
        (NotFound, Forbidden) when there is none."""


FaultHandler = Callable[[Outgoing, Exception], Awaitable[None]]
SendHook = Callable[[Outgoing], None]
SoundHook = Callable[[Outgoing, Receipt], None]
AttachHook = Callable[[Outgoing], Awaitable[discord.File | None]]


@dataclass
class Capture:
    """The messages meant for one person while their interaction is handled.

    ``chat`` is where the command was given (the game channel, or their private chat);
    ``private`` is their private chat, or None to let private messages go out as usual.
    """

    chat: ChatRef
    private: ChatRef | None
    messages: list[Outgoing] = field(default_factory=list)

    def wants(self, message: Outgoing) -> bool:
        """True for a reply to this person's command, or anything for them privately."""
        return message.chat == self.private or (message.reply and message.chat == self.chat)

    @property
    def refused(self) -> bool:
        """True when the service answered with a reply (a refusal, help or the score)
        rather than by doing something."""
        return any(m.reply for m in self.messages)


_CAPTURE: contextvars.ContextVar[Capture | None] = contextvars.ContextVar(
    "chgk_discord_capture", default=None)


_Entry = tuple[int, int, Outgoing, Receipt | None]
"""An outbox entry: priority (0 urgent, 1 chatter), order of sending, message, receipt."""

_URGENT = (MessageKind.QUESTION, MessageKind.SIGNAL)


@dataclass
class _Outbox:
    queue: asyncio.PriorityQueue[_Entry]
    worker: asyncio.Task[None]


class DiscordMessenger:
    """The ``Messenger`` port for Discord (see the module docstring).

    ``on_send`` is called synchronously with every message before it is queued or captured
    (the bridge plays voice signals from it, ahead of any text); ``on_fault`` is awaited
    with a message that could not be delivered and the error; ``on_sound`` takes over the
    receipt of a question with a sound once the question is posted (the bridge plays it in
    the voice channel and completes the receipt when it has played);
    ``on_attach`` is awaited with such a question before it is posted, for a file to attach
    to it (the bridge: the sound itself, when it will not play in a voice channel).
    """

    def __init__(self) -> None:
        self.on_send: SendHook | None = None
        self.on_fault: FaultHandler | None = None
        self.on_sound: SoundHook | None = None
        self.on_attach: AttachHook | None = None
        self._destinations: Destinations | None = None
        self._connected = asyncio.Event()
        self._outboxes: dict[str, _Outbox] = {}
        self._order = itertools.count()
        self._waiting: dict[int, float] = {}
        """Monotonic time each queued message was queued, by its place in the order."""
        self._pending = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._statuses: OrderedDict[tuple[str, str], Any] = OrderedDict()

    def attach(self, destinations: Destinations) -> None:
        """Start delivering through ``destinations`` (the connected client)."""
        self._destinations = destinations
        self._connected.set()

    def detach(self) -> None:
        """Hold deliveries until the next ``attach`` (the client disconnected)."""
        self._connected.clear()
        self._destinations = None

    @contextmanager
    def capture(self, chat: ChatRef, private: ChatRef | None) -> Iterator[Capture]:
        """Capture, in the current task only, what the service says to one person (see the
        module docstring) until the block ends."""
        capture = Capture(chat, private)
        token = _CAPTURE.set(capture)
        try:
            yield capture
        finally:
            _CAPTURE.reset(token)

    async def send(self, message: Outgoing) -> Receipt | None:
        """Capture ``message`` or queue it for its chat; returns without waiting for Discord.
        For a queued question, the receipt of its delivery; None otherwise."""
        if self.on_send is not None:
            self.on_send(message)
        capture = _CAPTURE.get()
        if capture is not None and capture.wants(message):
            capture.messages.append(message)
            return None
        outbox = self._outboxes.get(message.chat.key)
        if outbox is None or outbox.worker.done():
            queue: asyncio.PriorityQueue[_Entry] = asyncio.PriorityQueue()
            # A fresh context: the worker outlives this call and must not inherit a capture.
            worker = asyncio.create_task(self._work(queue), context=contextvars.Context())
            outbox = self._outboxes[message.chat.key] = _Outbox(queue, worker)
        priority = 0 if message.urgent or message.kind in _URGENT else 1
        receipt: Receipt | None = asyncio.get_running_loop().create_future() \
            if message.kind is MessageKind.QUESTION else None
        self._pending += 1
        self._idle.clear()
        order = next(self._order)
        self._waiting[order] = time.monotonic()
        outbox.queue.put_nowait((priority, order, message, receipt))
        return receipt

    def queued(self) -> int:
        """How many messages wait in the channels' queues."""
        return sum(outbox.queue.qsize() for outbox in self._outboxes.values())

    def oldest_wait(self) -> float:
        """Seconds the longest-waiting queued message has waited (0 with none queued)."""
        return time.monotonic() - min(self._waiting.values()) if self._waiting else 0.0

    async def drain(self) -> None:
        """Wait until every queued message has been delivered or reported as a fault."""
        await self._idle.wait()

    async def resolve(self, chat: ChatRef) -> Any:
        """The Messageable for ``chat`` once connected (see ``Destinations.resolve``)."""
        while True:
            await self._connected.wait()
            if self._destinations is not None:
                return await self._destinations.resolve(chat)

    async def close(self) -> None:
        """Stop the workers; messages still queued are dropped (their receipts cancelled)."""
        for outbox in self._outboxes.values():
            outbox.worker.cancel()
        await asyncio.gather(*(o.worker for o in self._outboxes.values()),
                             return_exceptions=True)
        for outbox in self._outboxes.values():
            while not outbox.queue.empty():
                receipt = outbox.queue.get_nowait()[3]
                if receipt is not None:
                    receipt.cancel()
        self._outboxes.clear()
        self._waiting.clear()
        self._pending = 0
        self._idle.set()

    async def deliver(self, message: Outgoing, target: Any, *, file: discord.File | None = None,
                      **extra: Any) -> None:
        """Post ``message`` to ``target`` now, part by part: ``target`` is a Messageable or an
        interaction's followup webhook; ``file`` is attached to the last part; ``extra`` goes
        to each ``send`` (``ephemeral=True``, ``reference=...``).

        A status message (``slot``) already shown in the chat is edited instead (its first
        part; status messages are short). A table's picture is attached and shown in an
        embed; when Discord refuses it, the whole text is posted instead. Raises
        ``discord.HTTPException`` when Discord refuses a part.
        """
        if message.picture is not None:
            try:
                await self._post_picture(message, target, **extra)
                return
            except discord.HTTPException as error:
                # No right to attach files here, or the upload failed: the text says it all.
                log.warning("the table's picture is not posted in %s (%r): its text instead",
                            message.chat.key, error)
                message = replace(message, picture=None)
        game = game_channel_of(message)
        parts = render(message)
        slot = (message.chat.key, message.slot) if message.slot and not extra else None
        shown = self._statuses.get(slot) if slot else None
        if shown is not None:
            first = parts[0]
            try:
                await shown.edit(content=first.content or None, embed=first.embed,
                                 view=view_of(first.buttons, "b", game),
                                 allowed_mentions=NO_MENTIONS)
                return
            except discord.HTTPException as error:
                log.info("status message in %s is gone (%r); posting it anew",
                         message.chat.key, error)
        last = None
        for index, part in enumerate(parts):
            kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS, **extra}
            if file is not None and index == len(parts) - 1:
                kwargs["file"] = file
            if part.content:
                kwargs["content"] = part.content
            if part.embed is not None:
                kwargs["embed"] = part.embed
            view = view_of(part.buttons, "b", game)
            if view is not None:
                kwargs["view"] = view
            if part.content or part.embed is not None or view is not None:
                try:
                    last = await target.send(**kwargs)
                except discord.HTTPException as error:
                    if kwargs.pop("file", None) is None:
                        raise
                    # No right to attach files here, or too big for this server: the text
                    # has the sound's link.
                    log.warning("the sound is not attached in %s: %r", message.chat.key, error)
                    last = await target.send(**kwargs)
        if slot is not None and last is not None:
            self._statuses[slot] = last
            while len(self._statuses) > STATUSES_KEPT:
                self._statuses.popitem(last=False)

    async def _post_picture(self, message: Outgoing, target: Any, **extra: Any) -> None:
        """Post ``message``'s picture as an attached file shown in its embed (``render``)."""
        assert message.picture is not None
        [part] = render(message)
        kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS, "embed": part.embed,
                                  "file": discord.File(io.BytesIO(message.picture),
                                                       filename=TABLE_FILE), **extra}
        view = view_of(part.buttons, "b", game_channel_of(message))
        if view is not None:
            kwargs["view"] = view
        await target.send(**kwargs)

    async def _work(self, queue: asyncio.PriorityQueue[_Entry]) -> None:
        while True:
            _, order, message, receipt = await queue.get()
            self._waiting.pop(order, None)
            try:
                sound = receipt is not None and message.audio and self.on_attach is not None
                file = await self.on_attach(message) if sound else None
                await self.deliver(message, await self.resolve(message.chat), file=file)
                if receipt is not None and message.audio and self.on_sound is not None:
                    self.on_sound(message, receipt)
                elif receipt is not None:
                    receipt.set_result(None)
            except Exception as error:
                if receipt is not None:
                    receipt.set_exception(DeliveryFailed(repr(error)))
                await self._fault(message, error)
            except asyncio.CancelledError:
                if receipt is not None:
                    receipt.cancel()
                raise
            finally:
                queue.task_done()
                self._pending -= 1
                if not self._pending:
                    self._idle.set()

    async def _fault(self, message: Outgoing, error: Exception) -> None:
        if self.on_fault is None:
            log.warning("could not deliver to %s: %r", message.chat.key, error)
            return
        try:
            await self.on_fault(message, error)
        except Exception:
            log.exception("could not report the failed delivery to %s", message.chat.key)
