"""The ``Messenger`` port on Telegram: the core's messages rendered as Bot API calls.

``send`` only renders and queues (``outbox.Outbox`` paces and retries), so the core never
waits for Telegram; a question goes ahead of queued chatter, like a signal, and its receipt
completes when Telegram has accepted every call of it (its minute starts then, DESIGN.md
Time). Rendering: text HTML-escaped and split under 4096 units; a table's picture
(``Outgoing.picture``) uploaded by ``sendPhoto`` with the text's first lines as its caption
(the whole text when Telegram refuses the photo); a picture sent
as a photo with the text as its caption when it fits in 1024, else the photo and then the
text, and the text alone (it carries the link) when Telegram cannot fetch the picture; the
core's buttons as an inline keyboard whose callback data names the game chat; a question in
a group with a button that opens the private chat with the bot (a deep link). A message with
a deadline gets a countdown line by a few edits a minute, removed again when the time ends or
the game stops that clock. A status message (``Outgoing.slot``) is posted once and then edited
(``editMessageText``), also when the edit was queued before Telegram gave the message its id.
A question's sound goes by ``sendAudio`` after it; one Telegram cannot fetch by its URL is
downloaded and uploaded by the bot.

A private message Telegram refuses (the person never opened the chat with the bot, or blocked
it) is kept for a while and delivered when the person opens the chat; the game chat is told,
with the deep link, once. A game chat that cannot be reached is logged and its host told
privately, once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.methods import (
    EditMessageReplyMarkup,
    EditMessageText,
    SendAudio,
    SendMessage,
    SendPhoto,
)
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
    User,
)

from adapters.telegram.outbox import Job, Limits, Outbox, Part
from adapters.telegram.render import (
    CAPTION_LIMIT,
    COUNTDOWN_ROOM,
    TEXT_LIMIT,
    escape,
    keyboard,
    mention,
    split_text,
    start_link,
    tg_len,
)
from bot.i18n import Translator
from bot.packages.result import PackageReadError
from bot.ports import UNTIMED, ChatRef, Clock, GameApi, MessageKind, Outgoing, Receipt
from bot.tables.model import summary
from bot.timers import SystemClock

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
"""The file name a table's picture is uploaded under."""

PLATFORM = "telegram"
UPLOAD_BYTES = 50 * 1024 * 1024
"""The largest file a bot may upload to Telegram (50 MB): a bigger sound keeps its link."""
STASH_SIZE = 5
"""At most this many refused private messages are kept per person."""
STASH_SECONDS = 15 * 60
"""A refused private message older than this is not delivered any more."""
QUESTIONS_KEPT = 32
"""Message ids of a chat's latest questions kept, to recognise replies to them."""
STATUSES_KEPT = 1024
"""Status messages (``Outgoing.slot``) remembered for editing, over all chats."""

HANDLING: ContextVar[tuple[int, int] | None] = ContextVar("telegram_handling", default=None)
"""``(chat id, message id)`` of the group message being handled: a reply meant for its
sender alone (a refusal) is sent as a reply to it, so a busy group sees whom it is for."""


class People:
    """Display names of the Telegram users seen lately (at most ``size``), by id, for the
    messenger's own notices (naming who must open a private chat). Naming people in commands
    is the core's (``bot.sightings``)."""

    def __init__(self, size: int = 10_000) -> None:
        self.size = size
        self._names: OrderedDict[int, str] = OrderedDict()

    def saw(self, user: User) -> str:
        """Remember ``user``; returns their display name (first and last name)."""
        name = user.full_name
        self._names[user.id] = name
        self._names.move_to_end(user.id)
        while len(self._names) > self.size:
            self._names.popitem(last=False)
        return name

    def name(self, user_id: int) -> str | None:
        """The display name of ``user_id``, or None if not seen lately."""
        return self._names.get(user_id)


@dataclass(eq=False, slots=True)
class _Status:
    """A status message: which chunk of a long text it shows, its id once Telegram has sent
    it, and the edits queued before."""

    chunk: int = 0
    message_id: int | None = None
    waiting: list[EditMessageText] = field(default_factory=list)

    def sent(self, message_id: int) -> None:
        """Telegram gave the message ``message_id``: the waiting edits are for it."""
        self.message_id = message_id
        for method in self.waiting:
            method.message_id = message_id
        self.waiting.clear()


class TelegramMessenger:
    """Renders ``Outgoing`` messages for Telegram and queues them on an ``Outbox``.

    ``locale`` (``CHGK_LOCALE``) is the language of the adapter's own notices in a group chat
    where the bot has not spoken yet; elsewhere they follow the messages (``Outgoing.locale``).
    A sound Telegram cannot fetch by its URL is downloaded by the service (``GameApi.media``:
    public addresses only) and uploaded, at most ``UPLOAD_BYTES``. ``service`` (the
    GameService) and ``clock`` are bound by the adapter before the first update; without a
    service, countdowns run to their deadline, the host cannot be told of trouble, and no
    sound is downloaded.
    """

    def __init__(self, bot: Bot, translator: Translator, *, locale: str,
                 limits: Limits | None = None) -> None:
        self.bot = bot
        self.t = translator
        self.locale = locale
        self.limits = limits or Limits()
        self.outbox = Outbox(bot, self.limits, self._undeliverable)
        self.people = People()
        self.service: GameApi | None = None
        self.clock: Clock = SystemClock()
        self._questions: dict[int, deque[int]] = {}
        self._stash: dict[int, deque[tuple[float, Outgoing]]] = {}
        # What was reported once already: ("private", user id), ("group", chat id),
        # ("anonymous", chat id).
        self._told: set[tuple[str, int]] = set()
        self._countdowns: set[asyncio.Task[None]] = set()
        # The language the bot last spoke in each group chat (its game's, README "Languages"),
        # for the adapter's own notices there.
        self._group_locales: dict[int, str] = {}
        self._statuses: OrderedDict[tuple[int, str], _Status] = OrderedDict()

    # --- the port --------------------------------------------------------------------------

    async def send(self, message: Outgoing) -> Receipt | None:
        """Render ``message`` and queue it; returns before Telegram has it. For a question,
        the receipt of its delivery (see ``bot.ports.Receipt``); None for other messages."""
        chat_id = int(message.chat.chat_id)
        if message.chat.private and chat_id < 0:
            # An anonymous admin writes as the group: their "private chat" is the group
            # itself, where private text must never go.
            log.warning("private message for anonymous sender %s dropped", chat_id)
            if ("anonymous", chat_id) not in self._told:
                self._told.add(("anonymous", chat_id))
                self.post(chat_id, escape(self.t("telegram-anonymous-private",
                                                 self._group_locale(chat_id))))
            return None
        if not message.chat.private and message.locale:
            self._group_locales[chat_id] = message.locale
        game_chat = message.game.chat_id if message.game else (
            None if message.chat.private else message.chat.chat_id)
        link = None
        if message.kind is MessageKind.QUESTION and not message.chat.private:
            link = await self._private_link(message.chat.chat_id, message.locale or self.locale)
        markup = keyboard(message.buttons, game_chat, link)
        handling = HANDLING.get()
        reply = ReplyParameters(message_id=handling[1], allow_sending_without_reply=True) \
            if message.reply and handling is not None and handling[0] == chat_id else None
        status = self._statuses.get((chat_id, message.slot)) if message.slot else None
        if status is not None:
            self._edit_status(chat_id, status, message, markup)
            return None
        parts = self._parts(chat_id, message, markup, reply)
        if not parts:
            return None
        if message.slot:
            texts = sum(isinstance(p.method, SendMessage) for p in parts)
            self._open_status(chat_id, message.slot, parts[-1], max(0, texts - 1))
        question = message.kind is MessageKind.QUESTION
        receipt: Receipt | None = asyncio.get_running_loop().create_future() \
            if question else None
        urgent = question or message.urgent or message.kind is MessageKind.SIGNAL
        job = Job(chat_id, parts, urgent=urgent, ahead=bool(message.buttons), message=message,
                  receipt=receipt)
        sound = _photo(message.audio)
        if sound is not None:
            # After the question (its status message stays the text), so that the team reads
            # it while the sound plays. A sound Telegram cannot fetch by its URL is downloaded
            # and uploaded; the text has the sound's link, so one the bot cannot download
            # either is not required (its length is then unknown).
            upload = self._uploader(chat_id, sound)
            parts.append(Part(SendAudio(chat_id=chat_id, audio=sound), required=False,
                              on_sent=lambda result: setattr(job, "result", _plays(result)),
                              upload=upload))
        self.outbox.put(job)
        return receipt

    def _uploader(self, chat_id: int, url: str) -> Callable[[], Awaitable[SendAudio | None]]:
        async def upload() -> SendAudio | None:
            if self.service is None:
                return None
            try:
                data = await self.service.media(url, UPLOAD_BYTES)
            except PackageReadError as error:
                log.warning("the sound %s could not be downloaded either: %s %s", url,
                            error.key, error.args)
                return None
            name = unquote(urlsplit(url).path.rpartition("/")[2]) or "sound.mp3"
            return SendAudio(chat_id=chat_id, audio=BufferedInputFile(data, filename=name))

        return upload

    # --- for the update handlers -------------------------------------------------------------

    def post(self, chat_id: int, html: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """Queue the adapter's own short notice ``html`` (already escaped) for ``chat_id``."""
        self.outbox.put(Job(chat_id, [Part(SendMessage(chat_id=chat_id, text=html,
                                                       reply_markup=markup))]))

    def is_question(self, chat_id: int, message_id: int) -> bool:
        """True when ``message_id`` in ``chat_id`` is one of the latest questions sent there."""
        return message_id in self._questions.get(chat_id, ())

    def drop_buttons(self, chat_id: int, message_id: int) -> None:
        """Queue the removal of a message's inline keyboard (a private button was used)."""
        self.outbox.put(Job(chat_id, [Part(EditMessageReplyMarkup(
            chat_id=chat_id, message_id=message_id, reply_markup=None))]))

    async def private_opened(self, user_id: int) -> None:
        """``user_id`` wrote to the bot: forget that their chat was closed and deliver what
        was refused in the last minutes."""
        self._told.discard(("private", user_id))
        now = time.monotonic()
        for at, message in self._stash.pop(user_id, ()):
            if now - at <= STASH_SECONDS:
                await self.send(message)

    def group_joined(self, chat_id: int) -> None:
        """The bot is in group ``chat_id`` again: trouble there may be reported anew."""
        self._told.discard(("group", chat_id))

    async def group_lost(self, chat_id: int) -> None:
        """Group ``chat_id`` cannot be reached: tell its game's host privately, once."""
        if ("group", chat_id) in self._told or self.service is None:
            return
        self._told.add(("group", chat_id))
        contact = await self.service.host_contact(ChatRef(PLATFORM, str(chat_id)))
        if contact is None:
            return
        private, locale = contact
        self.post(int(private.chat_id), escape(self.t("telegram-group-unreachable", locale)))

    async def drain(self) -> None:
        """Wait until everything queued has been sent (countdowns are not waited for)."""
        await self.outbox.drain()

    async def close(self) -> None:
        """Stop countdowns and the outbox."""
        for task in list(self._countdowns):
            task.cancel()
        for task in list(self._countdowns):
            with suppress(asyncio.CancelledError):
                await task
        await self.outbox.close()

    # --- rendering -------------------------------------------------------------------------

    def _parts(self, chat_id: int, message: Outgoing, markup: InlineKeyboardMarkup | None,
               reply: ReplyParameters | None) -> list[Part]:
        """The calls that show ``message``; the first answers ``reply`` when given."""
        text = message.text
        chunks = split_text(text, TEXT_LIMIT - (COUNTDOWN_ROOM if message.deadline else 0))
        if message.picture is not None:
            # The table as a photo uploaded with the text's first lines as its caption; the
            # text instead when Telegram refuses the photo.
            return [Part(SendPhoto(chat_id=chat_id,
                                   photo=BufferedInputFile(message.picture, filename=TABLE_FILE),
                                   caption=escape(summary(text, CAPTION_LIMIT, tg_len)) or None,
                                   reply_markup=markup, reply_parameters=reply),
                         fallback=SendMessage(chat_id=chat_id, text=escape((chunks or ["-"])[0]),
                                              reply_markup=markup, reply_parameters=reply))]
        parts: list[Part] = []
        photo = _photo(message.image)
        if photo is not None:
            linked = text if message.image in text else f"{text}\n{message.image}"
            # A caption cannot count down, nor be edited as a text: a message with a
            # deadline, or a status message, has its photo and then its text.
            if len(chunks) <= 1 and tg_len(text) <= CAPTION_LIMIT and not message.deadline \
                    and not message.slot:
                parts.append(Part(
                    SendPhoto(chat_id=chat_id, photo=photo, caption=escape(text) or None,
                              reply_markup=markup, reply_parameters=reply),
                    fallback=SendMessage(chat_id=chat_id, text=escape(linked),
                                         reply_markup=markup, reply_parameters=reply)))
                chunks = []
            else:
                fallback = None if message.image in text else SendMessage(
                    chat_id=chat_id, text=escape(message.image or ""))
                # Without a fallback the text carries the link: the photo is not required.
                parts.append(Part(SendPhoto(chat_id=chat_id, photo=photo,
                                            reply_parameters=reply), fallback=fallback,
                                  required=fallback is not None))
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            parts.append(Part(SendMessage(chat_id=chat_id, text=escape(chunk),
                                          reply_markup=markup if last else None,
                                          reply_parameters=None if parts else reply)))
        question = message.kind is MessageKind.QUESTION
        for index, part in enumerate(parts):
            countdown = message.deadline if index == len(parts) - 1 else None
            if question or countdown:
                part.on_sent = self._on_sent(message, chunks[-1] if chunks else text,
                                             markup, question, countdown)
        return parts

    def _on_sent(self, message: Outgoing, text: str, markup: InlineKeyboardMarkup | None,
                 question: bool, deadline: datetime | None) -> Any:
        def sent(result: Any) -> None:
            if not isinstance(result, Message):
                return
            if question:
                self._questions.setdefault(result.chat.id, deque(maxlen=QUESTIONS_KEPT)).append(
                    result.message_id)
            if deadline is not None and result.text is not None:
                self._start_countdown(result.chat.id, result.message_id, text, markup, deadline,
                                      message.game or message.chat,
                                      message.locale or self.locale)

        return sent

    def _group_locale(self, chat_id: int) -> str:
        """The language of the adapter's own notices in the group ``chat_id``: the one the bot
        last spoke there, else ``CHGK_LOCALE``."""
        return self._group_locales.get(chat_id, self.locale)

    async def _private_link(self, game_chat: str, locale: str) -> tuple[str, str] | None:
        try:
            username = (await self.bot.me()).username
        except TelegramAPIError as error:
            log.warning("getMe failed, no private-chat link: %s", error.message)
            return None
        if not username:
            return None
        return self.t("telegram-button-private", locale), start_link(username, game_chat)

    # --- status messages ------------------------------------------------------------------

    def _open_status(self, chat_id: int, slot: str, last: Part, chunk: int) -> None:
        status = self._statuses[(chat_id, slot)] = _Status(chunk)
        while len(self._statuses) > STATUSES_KEPT:
            self._statuses.popitem(last=False)
        before = last.on_sent

        def sent(result: Any) -> None:
            if before is not None:
                before(result)
            if isinstance(result, Message):
                status.sent(result.message_id)

        last.on_sent = sent

    def _edit_status(self, chat_id: int, status: _Status, message: Outgoing,
                     markup: InlineKeyboardMarkup | None) -> None:
        chunks = split_text(message.text,
                            TEXT_LIMIT - (COUNTDOWN_ROOM if message.deadline else 0))
        shown = chunks[min(status.chunk, len(chunks) - 1)]
        text = escape(shown)
        edit = EditMessageText(chat_id=chat_id, message_id=status.message_id or 0, text=text,
                               reply_markup=markup)
        if status.message_id is None:
            status.waiting.append(edit)
        # A status message that is gone (deleted, or never sent) is posted anew.
        part = Part(edit, fallback=SendMessage(chat_id=chat_id, text=text, reply_markup=markup))
        if message.deadline is not None:
            part.on_sent = self._on_sent(message, shown, markup, False, message.deadline)
        self.outbox.put(Job(chat_id, [part]))

    # --- countdown -------------------------------------------------------------------------

    def _start_countdown(self, chat_id: int, message_id: int, text: str,
                         markup: InlineKeyboardMarkup | None, deadline: datetime,
                         game_chat: ChatRef, locale: str) -> None:
        step = self.limits.countdown_step
        remaining = (deadline - self.clock.now()).total_seconds()
        marks = [k * step for k in range(int(remaining // step), 0, -1) if k * step < remaining]
        if not marks:
            return
        task = asyncio.create_task(self._countdown(chat_id, message_id, text, markup, deadline,
                                                   game_chat, marks, locale))
        self._countdowns.add(task)
        task.add_done_callback(self._countdowns.discard)

    async def _countdown(self, chat_id: int, message_id: int, text: str,
                         markup: InlineKeyboardMarkup | None, deadline: datetime,
                         game_chat: ChatRef, marks: list[float], locale: str) -> None:
        shown = False
        for mark in marks:
            await asyncio.sleep(max(0.0, self._left(deadline) - mark))
            if self.service is not None and not self.service.deadline_pending(game_chat,
                                                                              deadline):
                break  # paused, or over early: the line must not keep counting
            line = self.t("telegram-countdown", locale, seconds=round(mark))
            self._edit(chat_id, message_id, f"{text}\n{line}", markup)
            shown = True
        else:
            await asyncio.sleep(max(0.0, self._left(deadline)))
        if shown:
            self._edit(chat_id, message_id, text, markup)

    def _left(self, deadline: datetime) -> float:
        return (deadline - self.clock.now()).total_seconds()

    def _edit(self, chat_id: int, message_id: int, text: str,
              markup: InlineKeyboardMarkup | None) -> None:
        self.outbox.put(Job(chat_id, [Part(EditMessageText(
            chat_id=chat_id, message_id=message_id, text=escape(text), reply_markup=markup))]))

    # --- delivery trouble ------------------------------------------------------------------

    async def _undeliverable(self, job: Job, _error: TelegramAPIError) -> None:
        message = job.message
        if message is None:
            return  # an edit or the adapter's own notice: logged by the outbox, nothing more
        if job.chat_id < 0:
            await self.group_lost(job.chat_id)
            return
        stash = self._stash.setdefault(job.chat_id, deque(maxlen=STASH_SIZE))
        stash.append((time.monotonic(), message))
        if message.game is None or ("private", job.chat_id) in self._told:
            return
        self._told.add(("private", job.chat_id))
        group = int(message.game.chat_id)
        locale = self._group_locale(group)
        name = self.people.name(job.chat_id) or self.t("telegram-someone", locale)
        text = escape(self.t("telegram-private-closed", locale, name="\x00"))
        link = await self._private_link(message.game.chat_id, locale)
        self.post(group, text.replace("\x00", mention(job.chat_id, name)),
                  keyboard((), None, link))


def _plays(result: Any) -> float:
    """How long the sound ``sendAudio`` posted plays, in seconds, as Telegram read it from
    the file; ``UNTIMED`` when it could not tell."""
    audio = result.audio if isinstance(result, Message) else None
    return float(audio.duration) if audio is not None and audio.duration else UNTIMED


def _photo(image: str | None) -> str | None:
    """What ``sendPhoto`` (or ``sendAudio``) gets for a question's ``image`` (or sound): an
    http(s) URL as is; None for anything else. A package names its media, and a file name or
    path in it is never read from the bot's disk (that would post the bot's own files into
    the chat); the question's text carries the name."""
    if image and image.startswith(("http://", "https://")):
        return image
    return None
