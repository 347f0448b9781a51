"""The scoreboard pages' links and the ``/board`` chat command that gives them.

A link is the public base (``CHGK_BOARD_URL``, else the server's own address once it
listens) and a page's random token (``storage.boards``), made on first request; ``/board``
in a game chat gives the page of the chat's current game, ``/board season [NAME]`` the page
of a season (the newest without a name). With no port set the pages are off, and the command
says so.
"""

from __future__ import annotations

from bot.chat import ChatCommand, ChatRequest
from storage.boards import BoardStore
from storage.db import Storage

GAME_PATH = "/g/"
"""Where a game's page lives: ``/g/<token>`` (its events: ``/g/<token>/events``)."""
SEASON_PATH = "/s/"
"""Where a season's page lives: ``/s/<token>``."""


class BoardLinks:
    """The pages' links over ``boards`` (the tokens); ``base`` is the public base URL without
    the trailing slash, None while the pages are off (no port set, or not listening yet)."""

    def __init__(self, boards: BoardStore, base: str | None = None) -> None:
        self.boards = boards
        self.base = base.rstrip("/") if base else None

    async def game(self, game_id: int) -> str | None:
        """The link of game ``game_id``'s page, or None while the pages are off."""
        if self.base is None:
            return None
        return f"{self.base}{GAME_PATH}{await self.boards.game_token(game_id)}"

    async def season(self, season_id: int) -> str | None:
        """The link of season ``season_id``'s page, or None while the pages are off."""
        if self.base is None:
            return None
        return f"{self.base}{SEASON_PATH}{await self.boards.season_token(season_id)}"


def board_command(storage: Storage, links: BoardLinks | None) -> ChatCommand:
    """The ``/board`` chat command over ``storage`` with ``links`` (None: the pages are off):
    the link of the chat's current game's page, or with ``season [NAME]`` of a season's;
    ``board-off`` when the pages are off, ``board-no-game``/``season-unknown`` when there is
    nothing to show, the usage (``usage-board``) for other arguments."""
    seasons = storage.seasons

    async def board(req: ChatRequest) -> list[str]:
        def say(key: str, **args: object) -> list[str]:
            return [req.translator.format(key, args, req.locale, req.spell)]

        words = req.args.split(maxsplit=1)
        if links is None or links.base is None:
            return say("board-off")
        if not words:
            games = await storage.games(chat_key=req.chat.key)
            if not games or req.chat.private:
                return say("board-no-game")
            newest = max(games, key=lambda g: g.id)
            return say("board-link", url=await links.game(newest.id))
        if words[0].casefold() not in ("season", "сезон"):
            return say("usage-board")
        season = await seasons.season(words[1] if len(words) > 1 else None)
        if season is None:
            return say("season-unknown", name=words[1]) if len(words) > 1 else \
                say("season-none")
        return say("board-link-season", season=season.name, url=await links.season(season.id))

    return board
