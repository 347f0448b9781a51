"""The formats and seasons as the tests build them: through the bootstrap's own functions
(``bot.bootstrap.formats``, ``chat_commands``, ``season_service``), so that every test's
GameService plays what the bot plays."""

from __future__ import annotations

from typing import Any

from bot import bootstrap
from bot.chat import ChatCommand
from bot.formats import Format
from bot.season import SeasonService
from storage.db import Storage


def formats(**duel: Any) -> dict[str, Format]:
    """The bot's formats with the formats' default options, DUEL's overridden by ``duel``
    (``min_players``, ``discussion``, ``warning_at``: ``rules.duel.DuelConfig`` fields)."""
    return bootstrap.formats(duel=duel)


FORMAT_NAMES = tuple(formats())
"""The names of the formats the bot plays."""


CHAT_COMMAND_NAMES = tuple(bootstrap.CHAT_COMMANDS)
"""The names of the bot's chat commands outside any game."""


def chat_commands(storage: Storage) -> dict[str, ChatCommand]:
    """The bot's chat commands outside any game (the season's) over ``storage``."""
    return bootstrap.chat_commands(storage, formats())


def season_service(storage: Storage) -> SeasonService:
    """The bot's seasons over ``storage``."""
    return bootstrap.season_service(storage, formats())


COMMAND_GROUPS = tuple(fmt.commands for fmt in formats().values())
"""The bot's formats' command groups (``Commands.commands``), as the bootstrap hands them to a
messenger with a command picker."""
