"""Pure helpers for Telegram: escaping, splitting, keyboards, callback data and deep links.

Everything the bot sends goes with ``parse_mode=HTML`` and every piece of text from the core is
escaped here, so a team called ``<b>Owls</b>`` stays literal; the adapter adds HTML of its own
only for user mentions. Telegram counts lengths in UTF-16 code units after entity parsing:
a text is 1-4096 of them, a caption 0-1024, callback data 1-64 bytes, a start parameter 1-64
characters of ``A-Za-z0-9_-``.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.ports import Button

log = logging.getLogger(__name__)

TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
CALLBACK_LIMIT = 64
COUNTDOWN_ROOM = 64
"""Room kept free in the last chunk of a text for the countdown line added by edits."""
BUTTONS_PER_ROW = 3

_START_TOKEN = re.compile(r"^g(-?\d{1,20})$")


def tg_len(text: str) -> int:
    """The length of ``text`` as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def escape(text: str) -> str:
    """``text`` safe inside an HTML-mode message (``&``, ``<`` and ``>`` escaped)."""
    return html.escape(text, quote=False)


def mention(user_id: int, name: str) -> str:
    """An HTML link that mentions (and notifies) the user ``user_id``, labelled ``name``."""
    return f'<a href="tg://user?id={user_id}">{escape(name)}</a>'


def _fit(text: str, limit: int) -> int:
    """How many leading characters of ``text`` fit in ``limit`` UTF-16 units."""
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            return index
    return len(text)


def split_text(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """Cut ``text`` into chunks of at most ``limit`` UTF-16 units, at a line break when one
    falls in the second half of a chunk, else at a space, else anywhere. Blank chunks are
    dropped, so an empty text gives ``[]``."""
    chunks: list[str] = []
    while tg_len(text) > limit:
        n = _fit(text, limit)
        head = text[:n]
        newline, space = head.rfind("\n"), head.rfind(" ")
        cut = newline if newline > n // 2 else space if space > n // 2 else -1
        if cut > 0:
            chunks.append(text[:cut])
            text = text[cut + 1:]
        else:
            chunks.append(head)
            text = text[n:]
    chunks.append(text)
    return [chunk for chunk in chunks if chunk.strip()]


def encode_callback(game_chat: str | None, command: str) -> str | None:
    """Callback data for a button: the game chat id (empty when unknown) and the command,
    ``"-100123|accept"``; None when it would exceed Telegram's 64 bytes."""
    data = f"{game_chat or ''}|{command}"
    return data if len(data.encode()) <= CALLBACK_LIMIT else None


def decode_callback(data: str | None) -> tuple[str | None, str] | None:
    """``(game chat id or None, command)`` from :func:`encode_callback`'s data; None when the
    data is not ours."""
    if not data or "|" not in data:
        return None
    chat, _, command = data.partition("|")
    if (chat and not chat.lstrip("-").isdigit()) or not command.strip():
        return None
    return (chat or None), command


def start_token(game_chat: str) -> str:
    """The deep-link start parameter that names the game chat ``game_chat``: ``g-100123``."""
    return f"g{game_chat}"


def parse_start_token(token: str) -> str | None:
    """The game chat id named by a start parameter, or None when it is not one of ours."""
    match = _START_TOKEN.match(token.strip())
    return match[1] if match else None


def start_link(username: str, game_chat: str) -> str:
    """``https://t.me/<bot>?start=<token>``: opens the private chat with the bot, which then
    receives ``/start <token>``."""
    return f"https://t.me/{username}?start={start_token(game_chat)}"


def keyboard(buttons: Sequence[Button], game_chat: str | None,
             link: tuple[str, str] | None = None) -> InlineKeyboardMarkup | None:
    """An inline keyboard: the core's buttons (each carrying ``game_chat`` and its command in
    the callback data), up to three a row, then an optional ``(label, url)`` link button on a
    row of its own. None when there is nothing to show. A button whose data would not fit in
    64 bytes is left out and logged: that is a bug in the format's commands."""
    rows: list[list[InlineKeyboardButton]] = []
    row: list[InlineKeyboardButton] = []
    for button in buttons:
        data = encode_callback(game_chat, button.command)
        if data is None:
            log.error("button %r: callback data over %d bytes; left out", button, CALLBACK_LIMIT)
            continue
        row.append(InlineKeyboardButton(text=button.label, callback_data=data))
        if len(row) == BUTTONS_PER_ROW:
            rows.append(row)
            row = []
    if row:
        rows.append(row)
    if link is not None:
        rows.append([InlineKeyboardButton(text=link[0], url=link[1])])
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def menu_description(usage: str, name: str) -> str:
    """A command-menu description from a usage line: ``"/team NAME — register"`` becomes
    ``"NAME — register"``, ``"/pause — stop"`` becomes ``"stop"``; at most 256 characters."""
    words = usage.split(maxsplit=1)
    if words and words[0] == f"/{name}":
        usage = words[1] if len(words) > 1 else ""
    return usage.lstrip("—– ").strip()[:256]
