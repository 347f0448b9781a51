"""Chat commands that are no game's action (``season``): what the service hands their handler.

The bootstrap registers the handlers by name (``game_service(chat_commands=...)``), each built
with what it needs (the season's handler with its ``SeasonService``), so the service knows
none of them and they need nothing of the service.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.i18n import Spelling, Translator
from bot.ports import ChatRef
from bot.sightings import KnownNames


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """One chat command outside any game, as its handler gets it.

    ``chat`` is where it was written; ``player``/``name``/``locale`` are the sender's (stored
    player id, display name, locale); ``args`` is the text after the command's name;
    ``known`` maps casefolded names (display names and ``@username``) to ``(player id,
    display name)``: the people the message mentions, then those seen in this chat, then
    those seen on its platform, which ``await known.find(name)`` asks storage for
    (``bot.sightings.KnownNames``); ``spell`` writes commands the way the chat's platform does
    (for ``Translator.format``), None for plainly; ``sender_id`` is the sender's id on the
    chat's platform; ``admin`` is True when the sender is an administrator of the chat or
    hosts its game (they may change the chat's settings and its calendar).
    """

    chat: ChatRef
    player: int
    name: str
    args: str
    locale: str
    translator: Translator
    known: KnownNames
    spell: Spelling | None = None
    sender_id: str = ""
    admin: bool = False


ChatCommand = Callable[[ChatRequest], Awaitable[list[str]]]
"""A chat command's handler: the request in, the texts to send back to its chat out."""
