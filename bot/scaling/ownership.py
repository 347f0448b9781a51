"""Several worker processes sharing the games of one PostgreSQL database
(docs/scaling.md): each game is owned by one worker at a time, through its advisory lock
(``storage.gamelocks``), and a worker acts (handles messages, fires timers) only on the games
it owns, since only those are in its memory.

- A worker takes a game's lock when it opens the game, or when it takes the game over, and
  gives it up when the game has finished or when the worker stops.
- Every worker sees every message of a live game; the owner applies it, the others drop it
  (``accepts``). A message of a chat with no live game goes to one worker only, the one the
  front chose; a game opened there is locked before any other worker can see it as free.
- ``run`` scans the live games every ``interval`` seconds: a game whose lock it can take has
  no owner (its worker died, and its connection with the locks), so it loads the game from
  its log and re-arms its timers (``GameService.adopt``). A message reaching a game without
  owner between two scans takes it over the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.ports import Incoming
from bot.service import GameService
from storage.db import GameInfo
from storage.gamelocks import GameLocks

log = logging.getLogger(__name__)

SCAN_SECONDS = 1.0
"""How often a worker looks for live games without an owner, in seconds."""


class Ownership:
    """The games ``service`` (of one worker process) owns, by the locks of ``locks``.

    ``on_taken`` is told the id of every game taken over from another worker (the worker's
    log line)."""

    def __init__(self, service: GameService, locks: GameLocks, *,
                 interval: float = SCAN_SECONDS,
                 on_taken: Callable[[GameInfo], None] | None = None) -> None:
        self.service = service
        self.locks = locks
        self.interval = interval
        self.on_taken = on_taken or (lambda info: None)
        self._taking = asyncio.Lock()
        self._opening: set[str] = set()

    async def run(self) -> None:
        """Scan until cancelled (``scan``). Raises DBAPIError when the lock connection is
        lost: its locks are gone, other workers may own its games now, so this one must stop."""
        while True:
            await self.scan()
            await asyncio.sleep(self.interval)

    async def scan(self) -> list[int]:
        """Release the games that have finished; take over every live game nobody owns.
        Returns the ids of the games taken over."""
        for game_id in list(self.locks.held):
            game = self.service.game(game_id)
            if game is None or not game.fmt.is_live(game.state):
                await self.locks.release(game_id)
        taken = []
        for info in await self.service.storage.games(status="live"):
            if info.id not in self.locks.held and await self._take_over(info):
                taken.append(info.id)
        return taken

    async def _take_over(self, info: GameInfo) -> bool:
        # One at a time: the scan and a message may find the same free game at once, and a
        # game loaded twice would have two copies arming its timers.
        async with self._taking:
            # A chat's lock is this session's own while this worker opens a game there, and
            # PostgreSQL's advisory locks are re-entrant within a session: that game is not
            # free, whatever the locks answer.
            if info.id in self.locks.held or info.chat_key in self._opening:
                return False
            return await self._take_free(info)

    async def _take_free(self, info: GameInfo) -> bool:
        if not await self.locks.take(info.id):
            return False
        # A worker opening a game holds its chat's lock until it holds the game's: free
        # means the game is fully opened, and its opener has died since.
        if not await self.locks.take_chat(info.chat_key):
            await self.locks.release(info.id)
            return False
        await self.locks.release_chat(info.chat_key)
        if await self.service.adopt(info) is None:
            await self.locks.release(info.id)
            return False
        log.info("took over game %s of chat %s", info.id, info.chat_key)
        self.on_taken(info)
        return True

    async def handle(self, incoming: Incoming) -> bool:
        """Pass ``incoming`` to the service when it is this worker's to apply: its chat's live
        game is owned here or had no owner (then it is taken over first), or its chat has no
        live game (the front sent it here alone; a game it opens is locked at once).
        A private message names its game chat (``Incoming.game_chat``); without it, it is
        the front's choice too. Returns whether it was applied here."""
        chat = incoming.game_chat if incoming.chat.private else incoming.chat
        if chat is None:
            await self.service.handle(incoming)
            return True
        game = self.service.game_in(chat)
        if game is not None and game.info.id in self.locks.held and \
                game.fmt.is_live(game.state):
            await self.service.handle(incoming)
            return True
        live = await self.service.storage.games(status="live", chat_key=chat.key)
        if live:
            if not await self._take_over(live[-1]) and live[-1].id not in self.locks.held:
                return False  # owned by another worker, which applies it
            await self.service.handle(incoming)
            return True
        await self.locks.take_chat(chat.key, wait=True)
        self._opening.add(chat.key)
        try:
            await self.service.handle(incoming)
            opened = self.service.game_in(chat)
            if opened is not None and opened.fmt.is_live(opened.state):
                # Another worker's scan may hold this lock for an instant (``_take_over``).
                await self.locks.take(opened.info.id, wait=True)
        finally:
            self._opening.discard(chat.key)
            await self.locks.release_chat(chat.key)
        return True
