"""Telegram updates to ``Incoming`` messages for the GameService: parsing only, no rules.

- A message in a group is an ``Incoming`` in ``ChatRef("telegram", "<chat id>")``; in a
  private chat, in ``ChatRef("telegram", "<user id>", private=True)``. The sender's language,
  Telegram's send time and whether they administer the group (``getChatMember``, cached for a
  minute; an anonymous admin writing as the group counts) come along.
- ``/cmd@other_bot`` is for another bot and ignored; ``@this_bot`` is dropped from the text.
  The text is otherwise left as written: the sender's ``@username`` and the message's
  mentions go along as ``Incoming.sender_username`` and ``Incoming.mentions`` (a
  ``text_mention`` carries the person's id, a ``mention`` only the ``@username``), and the
  core names people by them (``/answerer @boris``, a keeper picked from the @ list).
- With privacy mode on, a group sends the bot only commands and replies to it: a plain reply
  to one of the bot's questions is that person's answer (``/answer text``).
- ``/start`` in a private chat belongs to the adapter (the deep link ``?start=g<chat id>``
  ends there): it greets and confirms; it never reaches the game, where ``/start`` starts it.
- A document: downloaded and given to ``upload_package``; in a group only files named like a
  package (``.txt``, ``.4s``, ``.xml``, ``.json``), as a group also shares other files.
- A button press: the command in its callback data, as if typed, in the game chat the data
  names; answered with ``answerCallbackQuery``; a private message's buttons are removed once
  used, as only one person could press them.
- The bot removed from a group: logged, the game's host told privately; added: it introduces
  itself.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from datetime import UTC
from pathlib import Path

from aiogram import Bot, Router
from aiogram.enums import ChatMemberStatus, ChatType, MessageEntityType
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message
from aiohttp import ClientError

from adapters.telegram.messenger import HANDLING, PLATFORM, TelegramMessenger
from adapters.telegram.render import decode_callback, escape, parse_start_token
from bot.i18n import Translator
from bot.ports import ChatRef, GameApi, Mention
from bot.service import Incoming

log = logging.getLogger(__name__)

PACKAGE_SUFFIXES = frozenset({".txt", ".4s", ".xml", ".json"})
DOWNLOAD_LIMIT_MB = 20
"""The Bot API serves files up to 20 MB to bots (a local Bot API server has no such limit)."""
ADMIN_TTL = 60.0
"""Seconds a ``getChatMember`` answer is trusted."""
ADMINS_KEPT = 10_000

_COMMAND = re.compile(r"^/(?P<name>[^\s@/]+)(?:@(?P<bot>\w+))?(?:\s+(?P<args>.*))?$", re.DOTALL)
_ADMIN = frozenset({ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR})
_GONE = frozenset({ChatMemberStatus.LEFT, ChatMemberStatus.KICKED})


class UpdateHandlers:
    """The handlers of one bot. The GameService arrives as the ``service`` dependency
    (dispatcher workflow data), the Bot as ``bot``; ``locale`` is the language of the
    adapter's group notices."""

    def __init__(self, messenger: TelegramMessenger, translator: Translator, locale: str) -> None:
        self.messenger = messenger
        self.t = translator
        self.locale = locale
        self._admins: dict[tuple[int, int], tuple[bool, float]] = {}

    def router(self) -> Router:
        """A router with the message, button and membership handlers."""
        router = Router(name="chgk")
        router.my_chat_member.register(self.on_membership)
        router.callback_query.register(self.on_button)
        router.message.register(self.on_message)
        return router

    # --- messages --------------------------------------------------------------------------

    async def on_message(self, message: Message, bot: Bot, service: GameApi) -> None:
        """A message in a group or a private chat: an Incoming for ``service``, a package
        upload, or the adapter's own ``/start``."""
        chat = message.chat
        if chat.type not in (ChatType.PRIVATE, ChatType.GROUP, ChatType.SUPERGROUP):
            return
        sender = self._sender(message)
        if sender is None:
            return
        private = chat.type == ChatType.PRIVATE
        where = ChatRef(PLATFORM, str(chat.id), private=private)
        command = _COMMAND.match(message.text.strip()) if message.text else None
        if private and command and command["name"].casefold() == "start":
            await self._start(message, service, command["args"] or "")
            await self.messenger.private_opened(chat.id)
            return
        if private:
            # The person wrote to the bot: what was refused to them can go now.
            await self.messenger.private_opened(chat.id)
        if message.document is not None:
            await self._upload(message, bot, service, where, sender)
            return
        if message.text is None:
            return
        me = await bot.me()
        target = command["bot"] if command else None
        if target and target.casefold() != (me.username or "").casefold():
            return  # addressed to another bot in the group
        text, mentions = self._mentions(message, me.username or "")
        if not private and not text.startswith("/") and self._answers_question(message, me.id):
            text = f"/answer {text}"
        incoming = self._incoming(message, where, sender, text, await self._is_admin(bot, message),
                                  mentions)
        handling = HANDLING.set((chat.id, message.message_id) if not private else None)
        try:
            await service.handle(incoming)
        finally:
            HANDLING.reset(handling)

    async def _start(self, message: Message, service: GameApi, token: str) -> None:
        user = message.from_user
        assert user is not None  # _sender let only people through in private chats
        locale = self.t.locale_for(user.language_code)
        game_chat = parse_start_token(token) if token else None
        if game_chat is None:
            key = "telegram-start"
        else:
            game = await service.view(ChatRef(PLATFORM, game_chat))
            live = game is not None and game.live
            key = "telegram-start-linked" if live else "telegram-start-no-game"
        self.messenger.post(user.id, escape(self.t(key, locale, name=user.full_name)))

    async def _upload(self, message: Message, bot: Bot, service: GameApi, where: ChatRef,
                      sender: tuple[str, str]) -> None:
        document = message.document
        assert document is not None
        name = document.file_name or "package.txt"
        if not where.private and Path(name).suffix.casefold() not in PACKAGE_SUFFIXES:
            return  # some other file shared in the group
        locale = self.t.locale_for(message.from_user.language_code if message.from_user
                                   else None)
        if document.file_size and document.file_size > DOWNLOAD_LIMIT_MB * 1024 * 1024:
            self.messenger.post(message.chat.id, escape(self.t(
                "telegram-file-too-big", locale, file=name, mb=DOWNLOAD_LIMIT_MB)))
            return
        try:
            data = await _download(bot, document.file_id)
        except (TelegramAPIError, ClientError, OSError, TimeoutError) as error:
            log.warning("download of %s from %s failed: %s", name, where.key, error)
            self.messenger.post(message.chat.id, escape(self.t(
                "telegram-download-failed", locale, file=name)))
            return
        incoming = self._incoming(message, where, sender, "", await self._is_admin(bot, message))
        handling = HANDLING.set((message.chat.id, message.message_id) if not where.private
                                else None)
        try:
            await service.upload_package(incoming, data, name)
        finally:
            HANDLING.reset(handling)

    # --- buttons ---------------------------------------------------------------------------

    async def on_button(self, query: CallbackQuery, bot: Bot, service: GameApi) -> None:
        """A button pressed: its command as an Incoming, then ``answerCallbackQuery``."""
        user = query.from_user
        decoded = decode_callback(query.data)
        message = query.message
        if decoded is None or message is None:
            await _answer(bot, query, self.t("telegram-button-stale",
                                             self.t.locale_for(user.language_code)))
            return
        game_chat, command = decoded
        name = self.messenger.people.saw(user)
        if message.chat.type == ChatType.PRIVATE:
            where = ChatRef(PLATFORM, str(user.id), private=True)
            game = ChatRef(PLATFORM, game_chat) if game_chat else None
            admin = False
        else:
            where, game = ChatRef(PLATFORM, str(message.chat.id)), None
            admin = await self._admin(bot, message.chat.id, user.id)
        # A leading slash, so that a player's press in private is a command, not an answer.
        await service.handle(Incoming(where, str(user.id), name, f"/{command}",
                                      sender_locale=user.language_code, sender_is_admin=admin,
                                      game_chat=game, sender_username=user.username,
                                      delivery=f"tgq:{query.id}"))
        await _answer(bot, query, None)
        if where.private and isinstance(message, Message):
            self.messenger.drop_buttons(message.chat.id, message.message_id)

    # --- membership ------------------------------------------------------------------------

    async def on_membership(self, event: ChatMemberUpdated) -> None:
        """The bot's own membership changed: in a group (removed, added back) or in a
        private chat (the user blocked or unblocked the bot)."""
        chat = event.chat
        new, old = event.new_chat_member.status, event.old_chat_member.status
        if chat.type == ChatType.PRIVATE:
            if new in _GONE:
                log.info("user %s blocked the bot", chat.id)
            else:
                await self.messenger.private_opened(chat.id)
            return
        if new in _GONE:
            log.warning("the bot was removed from chat %s (%s)", chat.id, chat.title)
            await self.messenger.group_lost(chat.id)
        elif old in _GONE:
            log.info("the bot was added to chat %s (%s)", chat.id, chat.title)
            self.messenger.group_joined(chat.id)
            self.messenger.post(chat.id, escape(self.t("telegram-added", self.locale)))

    # --- helpers ---------------------------------------------------------------------------

    def _sender(self, message: Message) -> tuple[str, str] | None:
        """``(sender id, display name)``: a person, or a chat writing as itself (an anonymous
        admin writes as the group); None for bots and senderless messages."""
        if message.sender_chat is not None:
            chat = message.sender_chat
            return str(chat.id), message.author_signature or chat.title or str(chat.id)
        user = message.from_user
        if user is None or user.is_bot:
            return None
        return str(user.id), self.messenger.people.saw(user)

    def _incoming(self, message: Message, where: ChatRef, sender: tuple[str, str], text: str,
                  admin: bool, mentions: tuple[Mention, ...] = ()) -> Incoming:
        user = message.from_user
        # An anonymous admin writes as the group: no person's @username then.
        username = user.username if user and message.sender_chat is None else None
        return Incoming(where, sender[0], sender[1], text,
                        sender_locale=user.language_code if user else None,
                        sent_at=message.date.astimezone(UTC), sender_is_admin=admin,
                        sender_username=username, mentions=mentions,
                        delivery=f"tg:{message.chat.id}:{message.message_id}")

    def _mentions(self, message: Message, username: str) -> tuple[str, tuple[Mention, ...]]:
        """The text with ``@this_bot`` removed, and the people it mentions: ``@username``
        mentions by their handle, text mentions with the user's id and names."""
        text = message.text or ""
        dropped: list[tuple[int, int, str]] = []
        mentions: list[Mention] = []
        for entity in message.entities or ():
            if entity.type == MessageEntityType.MENTION:
                handle = entity.extract_from(text)
                if handle.lstrip("@").casefold() == username.casefold():
                    dropped.append((entity.offset, entity.length, ""))
                else:
                    mentions.append(Mention(handle, username=handle.lstrip("@")))
            elif entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
                person = entity.user
                mentions.append(Mention(entity.extract_from(text).strip(), str(person.id),
                                        self.messenger.people.saw(person), person.username))
        return _replace_units(text, dropped).strip(), tuple(mentions)

    def _answers_question(self, message: Message, bot_id: int) -> bool:
        reply = message.reply_to_message
        return reply is not None and reply.from_user is not None and \
            reply.from_user.id == bot_id and self.messenger.is_question(message.chat.id,
                                                                        reply.message_id)

    async def _is_admin(self, bot: Bot, message: Message) -> bool:
        if message.chat.type == ChatType.PRIVATE:
            return False
        if message.sender_chat is not None:
            # GroupAnonymousBot: an administrator writing as the group itself.
            return message.sender_chat.id == message.chat.id
        assert message.from_user is not None
        return await self._admin(bot, message.chat.id, message.from_user.id)

    async def _admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        now = time.monotonic()
        cached = self._admins.get((chat_id, user_id))
        if cached is not None and now - cached[1] < ADMIN_TTL:
            return cached[0]
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError as error:
            log.warning("getChatMember %s/%s failed: %s", chat_id, user_id, error.message)
            return False
        admin = member.status in _ADMIN
        if len(self._admins) >= ADMINS_KEPT:
            self._admins.clear()
        self._admins[(chat_id, user_id)] = (admin, now)
        return admin


def _replace_units(text: str, changes: list[tuple[int, int, str]]) -> str:
    """Apply ``(offset, length, new text)`` changes whose offsets count UTF-16 units, as
    Telegram's entities do."""
    units = text.encode("utf-16-le")
    for offset, length, new in sorted(changes, reverse=True):
        units = units[:offset * 2] + new.encode("utf-16-le") + units[(offset + length) * 2:]
    return units.decode("utf-16-le")


async def _download(bot: Bot, file_id: str) -> bytes:
    """The bytes of a file sent to the bot."""
    file = await bot.get_file(file_id)
    path = file.file_path or ""
    local = Path(path)
    if local.is_absolute() and local.is_file():
        # A local Bot API server started with --local answers with a path on its own disk.
        return await asyncio.to_thread(local.read_bytes)
    buffer = await bot.download_file(path)
    assert buffer is not None  # no destination given: aiogram returns a BytesIO
    return buffer.read()


async def _answer(bot: Bot, query: CallbackQuery, text: str | None) -> None:
    try:
        await bot.answer_callback_query(query.id, text=text)
    except TelegramAPIError as error:
        log.warning("answerCallbackQuery failed: %s", error.message)
