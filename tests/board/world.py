"""A game played in the console (virtual time) with the scoreboard pages beside it, as
``chgk-bot console`` runs them when ``CHGK_BOARD_PORT`` is set: one service, its board hub
following the commits, and the pages' server; ``restart`` builds all of them anew over the
same database, as a restarted bot does."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from adapters.console import GAME_CHAT, ConsoleMessenger, ConsoleSession
from bot import bootstrap
from bot.board.hub import BoardHub
from bot.board.links import BoardLinks
from bot.board.server import BoardServer
from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.service import game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules.base import Event
from storage.db import Storage
from tests.integration.world import TRANSLATOR

START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
WINDOW = ":sleep 77"
"""SYNC's minute, the 15 s to hand in and the second of grace: the window closes."""


class BoardWorld:
    """The console, the service and the board over one database (``open``)."""

    def __init__(self, storage: Storage, package_id: int, *, board: bool = True,
                 locale: str = "ru") -> None:
        self.storage = storage
        self.locale = locale
        self.package_id = package_id
        self.out = io.StringIO()
        self.translator = TRANSLATOR
        self.clock = VirtualClock(START)
        self.messenger = ConsoleMessenger(self.out)
        self.games = bootstrap.formats(duel={"min_players": 2})
        self.with_board = board
        self.start()

    @classmethod
    async def open(cls, url: str, *, board: bool = True, locale: str = "ru") -> BoardWorld:
        """A world over the database at ``url`` with the sample package as the next game's,
        whose games and people speak ``locale``."""
        storage = await Storage.open(url)
        package = load_package(SAMPLE_PACKAGE).package
        package_id = await storage.save_package(package, SAMPLE_PACKAGE.name,
                                                SAMPLE_PACKAGE.read_bytes())
        return cls(storage, package_id, board=board, locale=locale)

    def start(self) -> None:
        """Build the service, the hub and the pages' server (again, after a restart)."""
        self.hub = BoardHub(self.storage, bootstrap.boards(self.games))
        self.links = BoardLinks(self.storage.boards) if self.with_board else None
        self.scheduler = VirtualScheduler(self.clock)
        self.service = game_service(
            self.storage, self.messenger, self.scheduler, self.clock, self.translator,
            formats=self.games,
            chat_commands=bootstrap.chat_commands(self.storage, self.games, self.links,
                                                  self.hub),
            default_locale=self.locale, effects={Event: (self.hub.on_event,)})
        self.scheduler.callback = self.service.on_timer
        self.service.set_chat_package(GAME_CHAT, self.package_id)
        self.session = ConsoleSession(self.service, self.messenger, self.say, locale=self.locale,
                                      advance=self.scheduler.advance)
        if self.links is not None:
            self.board = BoardServer(self.hub, self.translator, self.links,
                                     bootstrap.season_service(self.storage, self.games),
                                     boards=bootstrap.boards(self.games), locale=self.locale)

    async def use_package(self, path: Path) -> None:
        """Make the package file ``path`` the game chat's, for the next game (TV plays the
        bundled TV sample, ``bootstrap.SAMPLE_TV_PACKAGE``)."""
        self.package_id = await self.storage.save_package(load_package(path).package, path.name,
                                                          path.read_bytes())
        self.service.set_chat_package(GAME_CHAT, self.package_id)

    async def restart(self) -> None:
        """Stop the bot and start it again on the same database; the games recover."""
        await self.service.idle()
        self.start()
        await self.service.recover()

    def say(self, key: str, args: dict) -> None:
        self.out.write(self.translator.format(key, args, self.locale) + "\n")

    async def feed(self, *lines: str) -> str:
        """Play ``lines`` in the console; returns what the bot printed for them."""
        before = len(self.out.getvalue())
        for line in lines:
            await self.session.feed(line)
        return self.out.getvalue()[before:]

    async def token(self, game_id: int = 1) -> str:
        """The token of game ``game_id``'s page."""
        assert self.links is not None
        return await self.links.boards.game_token(game_id)

    async def close(self) -> None:
        await self.service.idle()
        await self.storage.close()


def sync_lobby(teams: int) -> list[str]:
    """A SYNC game opened and announced, with ``teams`` teams registered (``t1`` is the
    captain of ``Команда 1``, and so on)."""
    return ["host: /newgame sync", "host: /announce",
            *(f"t{n}: /register Команда {n}" for n in range(1, teams + 1))]


DUEL_LOBBY = ["ksenia: привет", "anna: /team Знатоки", "boris: /join Знатоки",
              "host: /keeper ksenia", "host: /start anyway"]
"""A DUEL game of two players with a keeper, started as a training game (DUEL-2.2)."""

TV_SPUN = ["host: /newgame tv", "anna: /team Альфа",
           *(f"{name}: /join Альфа" for name in ("alex", "ada", "arkady")),
           "boris: /team Бета", *(f"{name}: /join Бета" for name in ("bella", "bogdan", "berta")),
           "host: /start", "host: /spin", ":sleep 10"]
"""A TV game of two teams of four (Альфа: captain anna; Бета: captain boris, TV-14) on the
package of ``BoardWorld.use_package``, the first team seated by the top and the first
envelope picked (TV-1, TV-2), the question read."""
