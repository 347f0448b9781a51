"""A stand-in for the Telegram Bot API, for the adapter's tests.

``FakeTelegram`` answers Bot API methods the way Telegram does (the same JSON, and the same
refusals for what Telegram refuses: bad HTML, texts over 4096 or captions over 1024 units,
unreachable chats, unfetchable pictures, 429 when told to throttle) and records every call.
``RecordingSession`` plugs it into an aiogram ``Bot`` with no network, for
``Dispatcher.feed_update`` tests; ``FakeBotAPIServer`` serves it over HTTP on 127.0.0.1, with
``getUpdates`` as a long poll and file downloads, for the end-to-end tests.
"""

from __future__ import annotations

import asyncio
import html
import json
import math
import re
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.methods import TelegramMethod
from aiogram.types import ChatMemberAdministrator
from aiohttp import web

from adapters.telegram.render import tg_len

BOT_ID = 4242
BOT_USERNAME = "chgk_test_bot"
TOKEN = "4242:TEST-token-of-the-fake-bot"
GROUP_ID = -1001
ANONYMOUS_ADMIN_BOT = 1087968824  # GroupAnonymousBot, as Telegram sends it
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

_ALLOWED_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code",
                 "pre", "span", "tg-spoiler", "blockquote", "tg-emoji"}
_TAG = re.compile(r"</?([a-zA-Z-]+)(?:\s[^<>]*)?>")
_BAD_AMP = re.compile(r"&(?!(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);)")
_JSON_FIELDS = {"reply_markup", "commands", "scope", "allowed_updates", "link_preview_options",
                "reply_parameters", "entities", "caption_entities"}
_SENDS = {"sendMessage", "sendPhoto", "sendAudio", "editMessageText"}
_ADMIN_FLAGS = {name: False for name, f in ChatMemberAdministrator.model_fields.items()
                if f.is_required() and name not in ("status", "user")}


class Refusal(Exception):
    """What Telegram answers with an error: an HTTP status and a description."""

    def __init__(self, code: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after

    @classmethod
    def flood(cls, seconds: int) -> Refusal:
        """Telegram's 429: too many requests, try again in ``seconds``."""
        return cls(429, f"Too Many Requests: retry after {seconds}", seconds)


class GroupBudget:
    """Telegram's budget of a group chat, for ``FakeTelegram.trouble``: at most ``count``
    messages sent into one group in any ``period`` seconds (of the real monotonic clock);
    one more is refused with a 429 whose ``retry_after`` is the whole seconds until a slot
    frees. ``refused`` counts those 429s."""

    SENDS = frozenset({"sendMessage", "sendPhoto", "sendAudio", "sendDocument"})

    def __init__(self, count: int, period: float) -> None:
        self.count = count
        self.period = period
        self.refused = 0
        self._sent: dict[int, list[float]] = {}

    def __call__(self, call: Call) -> Refusal | None:
        chat = call.chat_id
        if call.method not in self.SENDS or chat is None or chat >= 0:
            return None
        now = time.monotonic()
        sent = [t for t in self._sent.get(chat, []) if t > now - self.period]
        if len(sent) >= self.count:
            self.refused += 1
            return Refusal.flood(max(1, math.ceil(sent[-self.count] + self.period - now)))
        self._sent[chat] = [*sent, now]
        return None


@dataclass
class Call:
    """One Bot API call: the method as aiogram names it, its parameters, and whether it
    succeeded; ``text`` is the visible text (HTML parsed) of a send or an edit; ``uploads``
    the files sent with it, by their ``attach://`` key: (file name, bytes)."""

    method: str
    params: dict[str, Any]
    ok: bool = True
    text: str | None = None
    result: Any = None
    uploads: dict[str, tuple[str, bytes]] = field(default_factory=dict)

    @property
    def chat_id(self) -> int | None:
        chat = self.params.get("chat_id")
        return int(chat) if chat is not None else None

    @property
    def buttons(self) -> list[dict[str, Any]]:
        markup = self.params.get("reply_markup") or {}
        return [b for row in markup.get("inline_keyboard", []) for b in row]


def visible(text: str) -> str:
    """The text Telegram shows for an HTML-mode ``text``; Refusal when it would not parse."""
    def tag(match: re.Match[str]) -> str:
        if match[1].lower() not in _ALLOWED_TAGS:
            raise Refusal(400, f"Bad Request: can't parse entities: unsupported tag {match[1]}")
        return ""

    stripped = _TAG.sub(tag, text)
    if "<" in stripped or ">" in stripped or _BAD_AMP.search(stripped):
        raise Refusal(400, "Bad Request: can't parse entities: unescaped character")
    return html.unescape(stripped)


@dataclass
class FakeTelegram:
    """Telegram's side of one bot: chats, messages, members, files and pending updates.

    ``members`` maps ``(chat id, user id)`` to a status (default ``member``); ``forbidden``
    holds chats that refuse the bot (403); with ``closed_private`` a person's private chat
    refuses the bot (403, as Telegram does) until they have written to it (``/start`` is
    what Telegram sends when they open it), and ``opened`` holds who has; with ``privacy``
    (Telegram's privacy mode, on for every bot by default) a group hands the bot only
    commands, replies to the bot's messages and messages mentioning it: ``message`` then
    queues no update for anything else and returns None; ``unfetchable`` picture and sound URLs;
    ``durations`` the length in seconds Telegram reads from each sound URL's file, or from
    an uploaded sound's bytes (none: 0, as Telegram reports a file whose length it cannot
    tell); ``trouble(call)``
    returns a Refusal to answer a call with (a 429, a 500), or None; ``files`` maps file ids
    to content; ``repeats`` are confirmed updates the next ``getUpdates`` hands out again.
    """

    calls: list[Call] = field(default_factory=list)
    members: dict[tuple[int, int], str] = field(default_factory=dict)
    forbidden: set[int] = field(default_factory=set)
    closed_private: bool = False
    opened: set[int] = field(default_factory=set)
    privacy: bool = False
    unfetchable: set[str] = field(default_factory=set)
    durations: dict[str | bytes, int] = field(default_factory=dict)
    trouble: Callable[[Call], Refusal | None] = lambda _call: None
    files: dict[str, bytes] = field(default_factory=dict)
    updates: list[dict[str, Any]] = field(default_factory=list)
    repeats: list[dict[str, Any]] = field(default_factory=list)
    offset: int = 0
    messages: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    _next_message: int = 1000
    _next_update: int = 1

    # --- the API ---------------------------------------------------------------------------

    def answer(self, method: str, params: dict[str, Any],
               uploads: dict[str, tuple[str, bytes]] | None = None
               ) -> tuple[int, dict[str, Any]]:
        """Telegram's HTTP status and JSON body for ``method`` with ``params`` and the files
        uploaded with it (``attach://<key>`` in a parameter names ``uploads[key]``, a file
        name and its bytes)."""
        call = Call(method, params, uploads=uploads or {})
        self.calls.append(call)
        handler = getattr(self, f"_{method.lower()}", None)
        try:
            if handler is None:
                raise Refusal(404, "Not Found: method not found")
            refusal = self.trouble(call)
            if refusal is not None:
                raise refusal
            result = call.result = handler(call)
        except Refusal as refusal:
            call.ok = False
            body = {"ok": False, "error_code": refusal.code, "description": refusal.description}
            if refusal.retry_after is not None:
                body["parameters"] = {"retry_after": refusal.retry_after}
            return refusal.code, body
        return 200, {"ok": True, "result": result}

    def me(self) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "ЧГК", "username": BOT_USERNAME,
                "can_join_groups": True, "can_read_all_group_messages": False,
                "supports_inline_queries": False}

    def _getme(self, _call: Call) -> dict[str, Any]:
        return self.me()

    def _sendmessage(self, call: Call) -> dict[str, Any]:
        chat = self._reachable(call)
        call.text = self._text(call.params, "text", 4096)
        if not call.text.strip():
            raise Refusal(400, "Bad Request: message text is empty")
        return self._message(chat, text=call.text, reply_markup=call.params.get("reply_markup"))

    def _sendphoto(self, call: Call) -> dict[str, Any]:
        chat = self._reachable(call)
        photo = call.params["photo"]
        if photo in self.unfetchable:
            raise Refusal(400, "Bad Request: wrong file identifier/HTTP URL specified")
        if photo.startswith("attach://"):
            # An uploaded photo: Telegram refuses an empty file or one that is no image.
            upload = call.uploads.get(photo.removeprefix("attach://"))
            if upload is None or not upload[1]:
                raise Refusal(400, "Bad Request: file must be non-empty")
            if not upload[1].startswith((PNG_SIGNATURE, b"\xff\xd8\xff")):
                raise Refusal(400, "Bad Request: IMAGE_PROCESS_FAILED")
        call.text = self._text(call.params, "caption", 1024) if call.params.get("caption") \
            else None
        return self._message(chat, caption=call.text, reply_markup=call.params.get("reply_markup"),
                             photo=[{"file_id": "photo1", "file_unique_id": "p1", "width": 640,
                                     "height": 480}])

    def _sendaudio(self, call: Call) -> dict[str, Any]:
        # Telegram fetches the file by URL, or takes the upload, and reads its length from it.
        chat = self._reachable(call)
        audio = call.params["audio"]
        if audio in self.unfetchable:
            raise Refusal(400, "Bad Request: failed to get HTTP URL content")
        if audio.startswith("attach://"):
            upload = call.uploads.get(audio.removeprefix("attach://"))
            if upload is None or not upload[1]:
                raise Refusal(400, "Bad Request: file must be non-empty")
            length = self.durations.get(upload[1], 0)
        else:
            length = self.durations.get(audio, 0)
        call.text = self._text(call.params, "caption", 1024) if call.params.get("caption") \
            else None
        return self._message(chat, caption=call.text,
                             audio={"file_id": "audio1", "file_unique_id": "a1",
                                    "duration": length, "mime_type": "audio/mpeg"})

    def _editmessagetext(self, call: Call) -> dict[str, Any]:
        chat = self._reachable(call)
        message = self.messages.get((chat, int(call.params["message_id"])))
        if message is None:
            raise Refusal(400, "Bad Request: message to edit not found")
        call.text = self._text(call.params, "text", 4096)
        if call.text == message.get("text") and \
                call.params.get("reply_markup") == message.get("reply_markup"):
            raise Refusal(400, "Bad Request: message is not modified")
        message.update(text=call.text, reply_markup=call.params.get("reply_markup"))
        return _clean(message)

    def _editmessagereplymarkup(self, call: Call) -> dict[str, Any]:
        chat = self._reachable(call)
        message = self.messages.get((chat, int(call.params["message_id"])))
        if message is None:
            raise Refusal(400, "Bad Request: message to edit not found")
        message["reply_markup"] = call.params.get("reply_markup")
        return _clean(message)

    def _answercallbackquery(self, _call: Call) -> bool:
        return True

    def _setmycommands(self, call: Call) -> bool:
        for command in call.params["commands"]:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", command["command"]) or \
                    not 1 <= len(command["description"]) <= 256:
                raise Refusal(400, "Bad Request: BOT_COMMAND_INVALID")
        return True

    def _deletewebhook(self, _call: Call) -> bool:
        return True

    def _setwebhook(self, _call: Call) -> bool:
        return True

    def _getchatmember(self, call: Call) -> dict[str, Any]:
        user = int(call.params["user_id"])
        status = self.members.get((int(call.params["chat_id"]), user), "member")
        member: dict[str, Any] = {"status": status,
                                  "user": {"id": user, "is_bot": False, "first_name": "U"}}
        if status == "administrator":
            member |= _ADMIN_FLAGS
        elif status == "creator":
            member["is_anonymous"] = False
        return member

    def _getfile(self, call: Call) -> dict[str, Any]:
        file_id = call.params["file_id"]
        if file_id not in self.files:
            raise Refusal(400, "Bad Request: invalid file_id")
        return {"file_id": file_id, "file_unique_id": f"u{file_id}",
                "file_size": len(self.files[file_id]), "file_path": f"documents/{file_id}"}

    def file_bytes(self, path: str) -> bytes:
        """The content served at ``/file/bot<token>/<path>``; KeyError when there is none."""
        return self.files[path.removeprefix("documents/")]

    # --- helpers ---------------------------------------------------------------------------

    def _reachable(self, call: Call) -> int:
        chat = int(call.params["chat_id"])
        if chat in self.forbidden or (self.closed_private and chat > 0
                                      and chat not in self.opened):
            raise Refusal(403, "Forbidden: bot can't initiate conversation with a user"
                          if chat > 0 else "Forbidden: bot was kicked from the supergroup chat")
        return chat

    def _text(self, params: dict[str, Any], name: str, limit: int) -> str:
        raw = str(params[name])
        text = visible(raw) if params.get("parse_mode") == "HTML" else raw
        if tg_len(text) > limit:
            raise Refusal(400, "Bad Request: message is too long" if name == "text"
                          else "Bad Request: message caption is too long")
        return text

    def _message(self, chat: int, **content: Any) -> dict[str, Any]:
        self._next_message += 1
        chat_info = {"id": chat, "type": "private", "first_name": "P"} if chat > 0 else \
            {"id": chat, "type": "supergroup", "title": "Клуб"}
        message = {"message_id": self._next_message, "date": int(time.time()), "chat": chat_info,
                   "from": self.me(), **content}
        self.messages[(chat, self._next_message)] = message
        return _clean(message)

    # --- what the tests read ---------------------------------------------------------------

    def sent(self, chat: int | None = None) -> list[Call]:
        """Successful sends and edits (to ``chat``, or everywhere), in order."""
        return [c for c in self.calls if c.ok and c.method in _SENDS
                and (chat is None or c.chat_id == chat)]

    def texts(self, chat: int) -> list[str]:
        """The visible texts sent to ``chat`` (edits included), in order."""
        return [c.text for c in self.sent(chat) if c.text is not None]

    def called(self, method: str) -> list[Call]:
        """Every call of ``method``, failed ones included."""
        return [c for c in self.calls if c.method == method]

    # --- updates ---------------------------------------------------------------------------

    def update(self, **content: Any) -> dict[str, Any]:
        """A new update with the next update id, queued for ``getUpdates``."""
        update = {"update_id": self._next_update, **content}
        self._next_update += 1
        self.updates.append(update)
        return update

    def message(self, chat: dict[str, Any], sender: dict[str, Any] | None, text: str | None = None,
                *, date: int | None = None, **extra: Any) -> dict[str, Any] | None:
        """An update with a message from ``sender`` (a user dict) in ``chat``; None when
        privacy mode keeps it from the bot (see the class)."""
        if self.privacy and chat["type"] != "private" and not self._for_bot(text, extra):
            return None
        if chat["type"] == "private" and sender is not None:
            self.opened.add(sender["id"])
        self._next_message += 1
        message = {"message_id": self._next_message, "date": date or int(time.time()),
                   "chat": chat, **extra}
        if sender is not None:
            message["from"] = sender
        if text is not None:
            message["text"] = text
            if text.startswith("/"):
                length = len(text.split()[0])
                message["entities"] = [*extra.get("entities", []),
                                       {"type": "bot_command", "offset": 0, "length": length}]
        self.messages[(chat["id"], self._next_message)] = message
        return self.update(message=message)

    def _for_bot(self, text: str | None, extra: dict[str, Any]) -> bool:
        """Whether a group message reaches a bot in privacy mode: a command (the bot is the
        group's only bot, so also one without ``@bot``), a reply to the bot, a mention."""
        reply = extra.get("reply_to_message") or {}
        return (bool(text) and (text.startswith("/") or f"@{BOT_USERNAME}" in text)) or \
            (reply.get("from") or {}).get("id") == BOT_ID

    def press(self, sender: dict[str, Any], call: Call, label: str) -> dict[str, Any]:
        """An update: ``sender`` pressed the button ``label`` under the message ``call`` sent."""
        button = next(b for b in call.buttons if b["text"] == label)
        message = self.messages[(call.chat_id, call.result["message_id"])]
        return self.update(callback_query={"id": f"q{self._next_update}", "from": sender,
                                           "chat_instance": "ci", "message": _clean(message),
                                           "data": button["callback_data"]})

    def upload(self, file_id: str, content: bytes) -> None:
        """Make ``content`` downloadable as ``file_id``."""
        self.files[file_id] = content

    def repeat(self, update: dict[str, Any]) -> None:
        """Hand ``update`` out again with the next ``getUpdates``, confirmed or not, as
        Telegram does when it believes its answer with the update was lost."""
        self.repeats.append(update)

    def confirm(self, offset: int) -> None:
        """``getUpdates`` was called with ``offset``: earlier updates are confirmed."""
        self.offset = max(self.offset, offset)
        self.updates = [u for u in self.updates if u["update_id"] >= offset]


def user(user_id: int, first_name: str, *, username: str | None = None,
         language: str = "ru", last_name: str | None = None) -> dict[str, Any]:
    """A Telegram user object."""
    person: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name,
                              "language_code": language}
    if username:
        person["username"] = username
    if last_name:
        person["last_name"] = last_name
    return person


def group(chat_id: int = GROUP_ID, title: str = "Клуб") -> dict[str, Any]:
    """A supergroup chat object."""
    return {"id": chat_id, "type": "supergroup", "title": title}


def private(person: dict[str, Any]) -> dict[str, Any]:
    """The private chat object of ``person``."""
    return {"id": person["id"], "type": "private", "first_name": person["first_name"]}


def _clean(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if v is not None}


class RecordingSession(BaseSession):
    """An aiogram session that hands every request to a ``FakeTelegram``: no network."""

    def __init__(self, fake: FakeTelegram) -> None:
        super().__init__(api=TelegramAPIServer.from_base("http://fake.invalid"))
        self.fake = fake

    async def make_request(self, bot: Bot, method: TelegramMethod[Any],
                           timeout: int | None = None) -> Any:
        files: dict[str, Any] = {}
        params = {key: value for key, raw in method.model_dump(warnings=False).items()
                  if (value := self.prepare_value(raw, bot=bot, files=files, _dumps_json=False))
                  is not None}
        uploads = {key: (file.filename, b"".join([chunk async for chunk in file.read(bot)]))
                   for key, file in files.items()}
        status, body = self.fake.answer(method.__api_method__, params, uploads)
        return self.check_response(bot, method, status, json.dumps(body)).result

    async def stream_content(self, url: str, headers: dict[str, Any] | None = None,
                             timeout: int = 30, chunk_size: int = 65536,
                             raise_for_status: bool = True) -> AsyncGenerator[bytes, None]:
        yield self.fake.file_bytes(url.split(f"/file/bot{TOKEN}/", 1)[1])

    async def close(self) -> None:
        return None


class FakeBotAPIServer:
    """``FakeTelegram`` over HTTP on 127.0.0.1 (a free port): ``/bot<token>/<method>`` and
    ``/file/bot<token>/<path>``, like api.telegram.org. ``getUpdates`` waits at most
    ``max_poll`` seconds, however long the client asks, so that shutting down is quick."""

    def __init__(self, fake: FakeTelegram, *, max_poll: float = 0.3) -> None:
        self.fake = fake
        self.max_poll = max_poll
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> FakeBotAPIServer:
        app = web.Application()
        app.router.add_post(f"/bot{TOKEN}/{{method}}", self._method)
        app.router.add_get(f"/file/bot{TOKEN}/{{path:.+}}", self._file)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def __aexit__(self, *_exc: object) -> None:
        assert self._runner is not None
        await self._runner.cleanup()

    async def _method(self, request: web.Request) -> web.Response:
        form = await request.post()
        params: dict[str, Any] = {}
        uploads: dict[str, tuple[str, bytes]] = {}
        for key, value in form.items():
            if isinstance(value, str):
                params[key] = json.loads(value) if key in _JSON_FIELDS else value
            else:
                uploads[key] = (value.filename, value.file.read())
        method = request.match_info["method"]
        if method == "getUpdates":
            return web.json_response({"ok": True, "result": await self._poll(params)})
        status, body = self.fake.answer(method, params, uploads)
        return web.json_response(body, status=status)

    async def _poll(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        self.fake.calls.append(Call("getUpdates", params))
        offset = int(params.get("offset") or 0)
        self.fake.confirm(offset)
        loop = asyncio.get_running_loop()
        until = loop.time() + min(float(params.get("timeout") or 0), self.max_poll)
        while not self.fake.updates and not self.fake.repeats and loop.time() < until:
            await asyncio.sleep(0.005)
        repeats, self.fake.repeats = self.fake.repeats, []
        return [*repeats, *self.fake.updates]

    async def _file(self, request: web.Request) -> web.Response:
        try:
            return web.Response(body=self.fake.file_bytes(request.match_info["path"]))
        except KeyError:
            raise web.HTTPNotFound() from None

    async def processed(self, update: dict[str, Any], timeout: float = 5.0) -> None:
        """Wait until the bot has confirmed ``update`` (asked for the updates after it)."""
        async with asyncio.timeout(timeout):
            while self.fake.offset <= update["update_id"]:
                await asyncio.sleep(0.005)
