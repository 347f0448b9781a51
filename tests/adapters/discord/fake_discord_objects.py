"""What the stand-in Discord (``fake_discord.py``, served by ``fake_discord_server.py``) is
made of: its ids and limits, the gateway's opcodes, an error as Discord answers it, a REST
request as the fake recorded it, a message the bot posted, an interaction handed out, and a
user object."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

API = "/api/v10"
TOKEN = "ODg4.fake-discord.bot-token-for-tests"
BOT_ID = 888_000_000_000_000_001
APPLICATION_ID = BOT_ID
GUILD_ID = 777_000_000_000_000_001
GAME_CHANNEL_ID = 777_000_000_000_000_010
DISCORD_EPOCH_MS = 1_420_070_400_000
MAX_CONTENT = 2000
ACK_SECONDS = 3.0
"""Discord drops an interaction whose callback does not come within 3 seconds."""
HEARTBEAT_MS = 41_250
MESSAGE_CONTENT_INTENT = 1 << 15
EPHEMERAL = 64

# Gateway opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = \
    0, 1, 2, 6, 7, 9, 10, 11

ALL_PERMISSIONS = (1 << 41) - 1
EVERYONE_PERMISSIONS = 0x0000_0000_6fb7_ee41
"""What @everyone may do on a new server (view, send, embed, history, connect, speak…)."""
_MARKDOWN_ESCAPE = re.compile(r"\\([\\*_~`|>#\-\[\]()<@.:!+=])")


class DiscordError(Exception):
    """What Discord answers with an error: the HTTP status, Discord's error code and
    message, and for a 429 the seconds to wait."""

    def __init__(self, status: int, code: int, message: str, *,
                 retry_after: float | None = None, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.retry_after = retry_after
        self.errors = errors

    @classmethod
    def rate_limited(cls, seconds: float) -> DiscordError:
        """A 429: this route may be called again in ``seconds``."""
        return cls(429, 0, "You are being rate limited.", retry_after=seconds)

    def body(self) -> dict[str, Any]:
        """The JSON Discord sends with this error."""
        if self.retry_after is not None:
            return {"message": self.message, "retry_after": self.retry_after, "global": False}
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


@dataclass
class Request:
    """One REST request: method, path after ``/api/v10``, query, JSON body, and the status
    the fake answered."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 200
    routed: bool = True
    files: list[tuple[str, bytes]] = field(default_factory=list)
    """The files of a multipart request (``files[n]`` parts): file name and content."""

    @property
    def ok(self) -> bool:
        return self.status < 400


@dataclass
class Posted:
    """A message the bot posted: its payload as Discord keeps it (edits applied), how it
    came (``channel``: posted in a channel or DM; ``original`` or ``followup``: an
    interaction's response, in the interaction's channel, for ``for_user``), and whether it
    is ephemeral or deleted since."""

    message: dict[str, Any]
    via: str
    ephemeral: bool = False
    for_user: int | None = None
    deleted: bool = False
    edits: list[dict[str, Any]] = field(default_factory=list)

    @property
    def id(self) -> int:
        return int(self.message["id"])

    @property
    def channel_id(self) -> int:
        return int(self.message["channel_id"])

    @property
    def text(self) -> str:
        """What a reader sees: the content and the embeds' titles, descriptions and fields,
        markdown escapes removed."""
        parts = [self.message.get("content") or ""]
        for embed in self.message.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields") or []]
        return visible("\n".join(p for p in parts if p))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for row in self.message.get("components") or []
                for c in row.get("components", []) if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button labelled ``label``; KeyError when there is none."""
        for button in self.buttons:
            if button.get("label") == label:
                return button
        raise KeyError(f"no button {label!r} under {self.text!r}: {self.buttons}")


def visible(markdown: str) -> str:
    """``markdown`` with the escaping backslashes removed (what Discord shows)."""
    return _MARKDOWN_ESCAPE.sub(r"\1", markdown)


@dataclass
class Interaction:
    """An interaction handed to the bot: its payload, when it came (loop time), and what
    the bot did with it (``callbacks``: the callback types, in order)."""

    payload: dict[str, Any]
    created: float
    callbacks: list[int] = field(default_factory=list)
    original: Posted | None = None

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def token(self) -> str:
        return self.payload["token"]


def user(user_id: int, name: str, *, global_name: str | None = None, bot: bool = False
         ) -> dict[str, Any]:
    """A Discord user object (``name`` is the username; ``global_name`` the display name)."""
    return {"id": str(user_id), "username": name, "global_name": global_name or name,
            "discriminator": "0", "avatar": None, "bot": bot, "public_flags": 0}
