"""A game's life in this process: opened in a chat, taken in from its log at a start or from
a worker that died."""

from __future__ import annotations

from collections.abc import Mapping

from bot.formats import Format, merge
from bot.ports import ChatRef, Clock
from bot.service.alarms import Alarms
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.index import GameIndex
from bot.service.loader import GameLoader
from bot.service.model import LiveGame
from bot.service.uploads import Uploads
from rules.base import encode
from storage.db import GameInfo, Storage, StoredEvent


class Lifecycle:
    """Opens games and takes stored ones in.

    A game of ``formats`` (by stored name) is created in ``storage`` with the chat's chosen
    package (``uploads``), its host known to ``directory``, and put in ``index``; a stored
    one is replayed by ``loader``. Its timers are armed (``alarms``), what it missed is
    committed (``committer``) and its messages sent (``deliverer``). ``clock`` dates its
    first event; ``default_locale`` is a game's language when its chat gives none.

    It is given whole formats because it builds a game's ``LiveGame``, which holds one. Of a
    game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute once
    the game exists) it asks the ``core``'s decider, the ``course`` (creation, missed
    deadlines, a delivery awaited) and ``presenting`` (the messages, a question sent
    again)."""

    def __init__(self, storage: Storage, clock: Clock, formats: Mapping[str, Format],
                 index: GameIndex, loader: GameLoader, directory: PeopleDirectory,
                 deliverer: Deliverer, committer: Committer, alarms: Alarms,
                 uploads: Uploads, *, default_locale: str) -> None:
        self.storage = storage
        self.clock = clock
        self.formats = formats
        self.index = index
        self.loader = loader
        self.directory = directory
        self.deliverer = deliverer
        self.committer = committer
        self.alarms = alarms
        self.uploads = uploads
        self.default_locale = default_locale

    async def create_game(self, chat: ChatRef, format_name: str, host_id: str, host_name: str,
                          *, locale: str | None = None, host_locale: str | None = None,
                          host_username: str | None = None) -> int:
        """Open a new game of ``format_name`` in ``chat`` hosted by the sender; returns its id.

        Raises KeyError for an unknown format. The chat's chosen package is used."""
        fmt = self.formats[format_name]
        host = await self.directory.player(chat.platform, host_id, host_name, host_locale)
        await self.directory.remember(chat, host_id, host_name, host, host_locale,
                                      host_username)
        package_id = self.uploads.chosen(chat)
        package = await self.loader.package(package_id) if package_id else None
        now = self.clock.now()
        earlier = await self.loader.earlier_today(chat, fmt, now) if fmt.day_scoped else None
        created = fmt.create(host, host_name, package_id, package, earlier=earlier)
        stored = [StoredEvent(1, now, created.kind, encode(created), created.version)]
        locale = locale or self.default_locale
        game_id = await self.storage.create_game(fmt.name, chat.key, package_id, locale, stored)
        info = GameInfo(game_id, fmt.name, chat.key, package_id, "live", locale)
        game = LiveGame(info, chat, fmt, fmt.decider.evolve(None, created), 2, package)
        self.index.open(game)
        await self.deliverer.deliver(
            game, merge(game.presenting.render(created, None, game.state, package)))
        return game_id

    async def recover(self) -> list[int]:
        """Rebuild every live game from its log after a start (DESIGN.md, Time).

        Timers still ahead are re-armed with the time that remains; a deadline that passed
        while the bot was down pauses the game and tells the host. Each chat's newest ended
        game comes back too when something is left to do after it (DUEL: the team's vote),
        as the chat's current game unless a live one is there; one with timers still armed
        (SYNC's deferred appeals, SYNC-10) stays in memory with them. A game whose log this
        code cannot read (``rules.base.EventDecodeError``) is reported in the log and left
        alone; the others come back. Returns the live games' ids.
        """
        recovered = []
        for info in await self.storage.games(status="live"):
            if await self.adopt(info) is not None:
                recovered.append(info.id)
        newest = {info.chat_key: info for info in await self.storage.games(status="finished")}
        for info in newest.values():
            game = await self.loader.load(info, only_after_game=True, resident=False)
            if game is None:
                continue
            self.index.by_chat.setdefault(info.chat_key, info.id)
            if game.core.decider.timers(game.state):
                # Its timers outlive the game (SYNC-10: a deferred appeal's reminders and
                # deadline): kept in memory and armed, as before the stop, so that they fire
                # and a juror's private vote finds the game.
                self.index.keep(game)
                self.alarms.arm(game)
        return recovered

    async def adopt(self, info: GameInfo) -> LiveGame | None:
        """Take the live game ``info`` into this process: replay its log, make it its chat's
        current game and re-arm its timers, as ``recover`` does for each (at a start, or when
        this worker takes over the game of one that died, ``bot.scaling.ownership``). None when its
        log cannot be read (logged)."""
        game = await self.loader.load(info)
        if game is None:
            return None
        self.index.by_chat[info.chat_key] = info.id
        async with game.lock:
            missed = game.course.missed_deadlines_action()
            result = game.core.decider.decide(game.state, missed, self.clock.now())
            if isinstance(result, list) and result:
                await self.committer.commit(game, result, None)
            else:
                self.alarms.arm(game)
            if game.course.awaiting_delivery(game.state):
                # Stopped between sending the question and its confirmation: whether it
                # arrived is unknown, so it is sent again and its clock starts on delivery.
                receipts = await self.deliverer.deliver(
                    game, game.presenting.question_again(game.state, game.package))
                await self.committer.await_question(game, receipts)
        return game
