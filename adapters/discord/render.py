"""How an ``Outgoing`` looks on Discord: escaped text in parts under Discord's limits, an embed
for questions and pictures, a relative-timestamp countdown, and buttons that carry their game.

Pure functions over data: nothing here talks to Discord, so it is tested directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import discord

from adapters.discord.tones import Tone, tone_for
from bot.ports import Button, MessageKind, Outgoing
from bot.tables.model import summary

MAX_CONTENT = 2000
"""Discord's limit on a message's text, in characters."""
MAX_EMBED_TEXT = 4096
"""Discord's limit on an embed description, in characters."""
MAX_CUSTOM_ID = 100
"""Discord's limit on a component's ``custom_id``."""
MAX_LABEL = 80
"""Discord's limit on a button label."""
QUESTION_COLOUR = discord.Colour.dark_teal()
TABLE_FILE = "table.png"
"""The file name a table's picture is attached under, which its embed shows."""
TABLE_SUMMARY = 1024
"""The most of a table's text its embed shows over the picture, in characters."""

CUSTOM_ID = re.compile(r"^chgk:(?P<mode>[bp]):(?P<game>\d+):(?P<command>\S.*)$", re.DOTALL)
"""A button's ``custom_id``: ``chgk:<mode>:<game channel id>:<command>``. Mode ``b`` is a
button the service asked for (used up once pressed), ``p`` a panel button (stays); game ``0``
means "the presser's own game", found by the service from their private chat."""


@dataclass(frozen=True, slots=True)
class Part:
    """One Discord message: its text (may be empty when there is an embed), an optional
    embed, and the buttons under it (only on the last part of a long message)."""

    content: str
    embed: discord.Embed | None = None
    buttons: tuple[Button, ...] = ()


_CHANNEL_MARK = "\u2060"
"""A word joiner inside the adapter's own channel links (``channel_mention``). The core drops
such invisible characters from names and answers, so a player cannot write one."""

_TYPED_CHANNEL = re.compile(r"<#(\d+)>")


def channel_mention(channel_id: int | str) -> str:
    """A clickable link to Discord channel ``channel_id`` for the adapter's own messages: the
    one channel link that ``escape`` keeps."""
    return f"<{_CHANNEL_MARK}#{channel_id}>"


def escape(text: str) -> str:
    """``text`` with Discord markdown and mentions (everyone, here, users, roles and
    channels: a team named ``<#id>`` reads as written, not as a channel's link) neutralised;
    links stay clickable, as do the adapter's own ``channel_mention`` links."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(text))
    text = _TYPED_CHANNEL.sub("<#\u200b\\1>", text)
    return text.replace(f"<{_CHANNEL_MARK}#", "<#")


def split(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters, at line breaks when it can,
    else at spaces, else anywhere (but never right after an escaping backslash)."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
            while cut > 1 and rest[cut - 1] == "\\":
                cut -= 1
        pieces.append(rest[:cut])
        rest = rest[cut:].lstrip("\n")
    if rest or not pieces:
        pieces.append(rest)
    return pieces


def countdown(deadline: datetime) -> str:
    """A Discord relative timestamp (``<t:UNIX:R>``): each reader's client shows "in 42
    seconds", counting down by itself, in their language, with no edits from the bot."""
    return f"⏱ <t:{int(deadline.timestamp())}:R>"


def is_web_image(url: str | None) -> bool:
    """True for an http(s) URL; packages also name pictures by bare file name, and Discord
    rejects a whole message whose embed image is not a URL."""
    return bool(url) and url.startswith(("https://", "http://"))


def render(message: Outgoing) -> list[Part]:
    """The Discord messages for ``message``, in order (at least one).

    Signals are bold with a bell, the spinning top's with a whirl (their first line: what
    follows is the chat's business);
    a message with a deadline ends with a live countdown;
    a question, or any message with a web picture, is an embed (with the picture) and spills
    over into plain parts if its text is longer than an embed holds; a table's picture
    (``Outgoing.picture``, attached as ``TABLE_FILE``) is an embed showing it under the
    text's first lines.
    """
    if message.picture is not None:
        embed = discord.Embed(description=escape(summary(message.text, TABLE_SUMMARY)),
                              colour=QUESTION_COLOUR)
        embed.set_image(url=f"attachment://{TABLE_FILE}")
        return [Part("", embed, message.buttons)]
    text = escape(message.text)
    if message.kind is MessageKind.SIGNAL:
        signal, newline, rest = text.partition("\n")
        mark = "🌀" if tone_for(message.key) is Tone.TOP else "🔔"
        text = f"{mark} **{signal}**{newline}{rest}"
    if message.deadline is not None:
        text = f"{text}\n{countdown(message.deadline)}"
    image = message.image if is_web_image(message.image) else None
    if message.kind is MessageKind.QUESTION or image:
        first, *more = split(text, MAX_EMBED_TEXT)
        embed = discord.Embed(description=first, colour=QUESTION_COLOUR)
        if image:
            embed.set_image(url=image)
        parts = [Part("", embed)]
        parts += [Part(piece) for rest in more for piece in split(rest)]
    else:
        parts = [Part(piece) for piece in split(text)]
    if message.buttons:
        last = parts[-1]
        parts[-1] = Part(last.content, last.embed, message.buttons)
    return parts


def custom_id(mode: str, game_channel: int, command: str) -> str | None:
    """The ``custom_id`` of a button (see ``CUSTOM_ID``); None when it would be too long."""
    value = f"chgk:{mode}:{game_channel}:{command}"
    return value if len(value) <= MAX_CUSTOM_ID else None


def game_channel_of(message: Outgoing) -> int:
    """The id of the game channel buttons under ``message`` act on (0 when unknown)."""
    chat = message.game or (None if message.chat.private else message.chat)
    return int(chat.chat_id) if chat is not None and chat.chat_id.isdigit() else 0
