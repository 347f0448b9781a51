"""A SYNC game played in a Telegram group (virtual time) with the answer sheet beside it:
the service over a real database, a recording messenger in place of Telegram, the scoreboard's
server with the sheet's routes, and init data signed with the test bot's token exactly as
Telegram signs it; ``restart`` builds all of it anew over the same database."""

from __future__ import annotations

from datetime import datetime, timedelta

from bench.sheet import telegram_init_data
from bot.board.hub import BoardHub
from bot.board.links import BoardLinks
from bot.board.miniapp_auth import PageAuth
from bot.board.server import BoardServer
from bot.board.sheet import SheetPages
from bot.board.sheet_links import SheetLinks, sheet_command
from bot.bootstrap import SAMPLE_PACKAGE, SAMPLE_TV_PACKAGE, boards, sheet_views
from bot.packages import load_package
from bot.ports import ChatRef
from bot.service import Incoming, game_service
from bot.service.pages import PageActions
from bot.timers import VirtualClock, VirtualScheduler
from rules.base import Event
from storage.db import Storage
from tests.board.world import START
from tests.formats import chat_commands, formats, season_service
from tests.integration.world import TRANSLATOR, Recorder

APP_LINK = "https://t.me/chgk_test_bot/sheet"
"""The test bot's Mini App as @BotFather would name it."""
TOKEN = "123456:TEST-bot-token-for-the-sheet"
"""The test bot's token: Telegram signs the Mini App's init data with it."""
GROUP = ChatRef("telegram", "-100777")
HOST, CAPTAIN, OTHER_CAPTAIN, PLAYER, STRANGER = "1001", "2001", "2002", "3001", "9009"
"""Telegram user ids: the host, Команда 1's captain, Команда 2's, a player of Команда 1 and
someone who never wrote to the bot."""
NAMES = {HOST: "Ведущий", CAPTAIN: "Анна", OTHER_CAPTAIN: "Борис", PLAYER: "Вера",
         STRANGER: "Чужой"}
CENTRAL = "4001"
"""In the TV game (``tv_asked``): the captain of Альфа, the team at the central table."""
TV_TEAMS = {"Альфа": (CENTRAL, "4002", "4003", "4004"),
            "Бета": (CAPTAIN, PLAYER, "4011", "4012"),
            "Гамма": (OTHER_CAPTAIN, "4021", "4022", "4023")}
"""The TV game's teams of four (TV-14), each captain first: Анна (``CAPTAIN``) captains
Бета with Вера (``PLAYER``), Борис (``OTHER_CAPTAIN``) Гамма."""


def init_data(user_id: str, start_param: str, auth_date: datetime, *, token: str = TOKEN,
              language: str = "ru") -> str:
    """The Mini App's init data for ``user_id``, opened by a link with ``start_param`` at
    ``auth_date``, signed with ``token`` as Telegram signs it (``bench.sheet``'s signer)."""
    return telegram_init_data(token, int(user_id), start_param, auth_date,
                              first_name=NAMES.get(user_id, "X"), language=language)


class SheetWorld:
    """The service, the board server with the sheet, over one database (``open``)."""

    def __init__(self, storage: Storage, package_id: int, tv_package_id: int) -> None:
        self.storage = storage
        self.package_id = package_id
        self.tv_package_id = tv_package_id
        self.clock = VirtualClock(START)
        self.start()

    @classmethod
    async def open(cls, url: str) -> SheetWorld:
        """A world over the database at ``url``, the sample package as the group's (the
        sample TV package stored too, for ``tv_asked``)."""
        storage = await Storage.open(url)
        ids = [await storage.save_package(load_package(path).package, path.name,
                                          path.read_bytes())
               for path in (SAMPLE_PACKAGE, SAMPLE_TV_PACKAGE)]
        return cls(storage, *ids)

    def start(self) -> None:
        """Build the service, the board and the sheet (again, after a restart)."""
        self.recorder = Recorder()
        self.scheduler = VirtualScheduler(self.clock)
        games = formats()
        pages = boards(games)
        self.hub = BoardHub(self.storage, pages)
        self.links = BoardLinks(self.storage.boards)
        self.auth = PageAuth(TOKEN.encode(), telegram_token=TOKEN, now=self.clock.now)
        sheets = SheetLinks(self.auth, self.links, app=APP_LINK)
        commands = {**chat_commands(self.storage), "sheet": sheet_command(self.storage, sheets)}
        self.service = game_service(self.storage, self.recorder, self.scheduler, self.clock,
                                    TRANSLATOR, formats=games, chat_commands=commands,
                                    default_locale="ru", effects={Event: (self.hub.on_event,)})
        sheets.actions = PageActions.of(self.service)
        self.scheduler.callback = self.service.on_timer
        self.service.set_chat_package(GROUP, self.package_id)
        self.board = BoardServer(self.hub, TRANSLATOR, self.links,
                                 season_service(self.storage), boards=pages, locale="ru")
        self.sheet = SheetPages(sheets.actions, self.auth, self.links.boards, TRANSLATOR,
                                sheets=sheet_views(games), locale="ru", now=self.clock.now,
                                telegram=None)
        self.board.more.append(self.sheet.install)

    async def restart(self) -> None:
        """Stop the bot and start it again on the same database; the games recover."""
        await self.service.idle()
        self.start()
        await self.service.recover()

    async def say(self, who: str, text: str, *, private: bool = False) -> None:
        """Telegram user ``who`` writes ``text`` in the group (or to the bot privately)."""
        chat = ChatRef("telegram", who, private=True) if private else GROUP
        await self.service.handle(Incoming(chat, who, NAMES.get(who, who), text,
                                           sender_locale="ru"))

    async def sync_asked(self) -> None:
        """A SYNC game of two teams (Команда 1: captain ``CAPTAIN`` and ``PLAYER``; Команда 2:
        ``OTHER_CAPTAIN``) whose first question is asked and delivered: its minute runs."""
        for who in (HOST, CAPTAIN, OTHER_CAPTAIN, PLAYER):
            await self.say(who, "/start", private=True)
        await self.say(HOST, "/newgame sync")
        await self.say(HOST, "/announce")
        await self.say(CAPTAIN, "/register Команда 1")
        await self.say(OTHER_CAPTAIN, "/register Команда 2")
        await self.say(PLAYER, "/join Команда 1")
        await self.say(HOST, "/round 1 2 3")
        await self.say(HOST, "/ask")
        await self.service.settle()

    async def tv_asked(self) -> None:
        """A TV game on the sample TV package, three teams of four (``TV_TEAMS``), Альфа
        seated at the central table by the host, the first envelope drawn and delivered:
        the minute runs and the club tables (Бета, Гамма) may hand in (TV-5)."""
        for who in (HOST, CAPTAIN, OTHER_CAPTAIN, PLAYER, CENTRAL):
            await self.say(who, "/start", private=True)
        self.service.set_chat_package(GROUP, self.tv_package_id)
        await self.say(HOST, "/newgame tv")
        for team, (captain, *players) in TV_TEAMS.items():
            await self.say(captain, f"/team {team}")
            for player in players:
                await self.say(player, f"/join {team}")
        await self.say(HOST, "/start Альфа")
        await self.say(HOST, "/spin")
        await self.service.settle()

    async def token(self, game_id: int = 1) -> str:
        """The game's board token: the Mini App link's ``startapp``."""
        return await self.links.boards.game_token(game_id)

    async def init_data(self, user_id: str, *, age: float = 0.0, token: str = TOKEN) -> str:
        """``init_data`` of ``user_id`` for game 1, signed ``age`` seconds ago."""
        return init_data(user_id, await self.token(), self.clock.now() - timedelta(seconds=age),
                         token=token)

    async def advance(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass, timers firing."""
        await self.scheduler.advance(seconds)
        await self.service.idle()

    def group_texts(self) -> list[str]:
        """What the group chat received."""
        return self.recorder.texts(GROUP.chat_id)

    async def close(self) -> None:
        await self.service.idle()
        await self.storage.close()
