"""The game loader: a stored game replayed from its log into memory, and the packages the
games play, each read once."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.calendar.chats import ChatZones
from bot.calendar.zone import local_day
from bot.formats import Format, GameFormat
from bot.packages.model import Package
from bot.ports import ChatRef
from bot.service.index import GameIndex
from bot.service.model import DELIVERIES_KEPT, LiveGame
from rules.base import EventDecodeError, decode
from storage.db import GameInfo, Storage

log = logging.getLogger(__name__)


class GameLoader:
    """Reads games and packages from ``storage``: a game of one of ``formats`` (by stored
    name) is replayed and put in ``index``, to stay or only while it is used; ``zones`` say
    which day a game was played on in its chat.

    Of a game's format (``bot.formats.roles``) it asks the core's decider,
    ``LifeCycle`` (what it takes after the game) and ``Packages`` (the package it plays)."""

    def __init__(self, storage: Storage, formats: Mapping[str, Format],
                 index: GameIndex, zones: ChatZones) -> None:
        self.storage = storage
        self.formats = formats
        self.index = index
        self.zones = zones
        self._packages: dict[int, Package] = {}
        self._reading: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def load_game(self, game_id: int) -> LiveGame | None:
        """A game by id: the one in memory, else replayed from its log (a finished game that
        left memory); None when there is no such game or its log cannot be read."""
        game = self.index.held(game_id)
        if game is not None:
            return game
        info = await self.storage.game(game_id)
        return await self.load(info, resident=False) if info is not None else None

    async def load(self, info: GameInfo, *, only_after_game: bool = False,
                   resident: bool = True) -> LiveGame | None:
        """Replay a stored game into memory (``resident``: kept there, else only while it is
        used); None for an unknown format or a log that cannot be decoded (both logged), or,
        with ``only_after_game``, for an ended game with nothing left to do."""
        fmt = self.formats.get(info.format)
        if fmt is None:
            log.error("game %s has unknown format %s; left alone", info.id, info.format)
            return None
        rows = await self.storage.events(info.id)
        state = self.folded(info.id, fmt, rows)
        if state is None:
            return None
        if only_after_game and not fmt.after_game(state):
            return None
        # The log says which package the game plays (one attached after the game was
        # opened, too); the row follows it at the next commit.
        package_id = fmt.package_id(state)
        package = await self.package(package_id) if package_id else None
        platform, _, chat_id = info.chat_key.partition(":")
        game = LiveGame(info, ChatRef(platform, chat_id), fmt, state, len(rows) + 1, package,
                        delivered=frozenset(deque((row.delivery for row in rows if row.delivery),
                                                  maxlen=DELIVERIES_KEPT)))
        self.index.track_ended(game)
        if not resident:
            return self.index.keep_for_now(game)
        self.index.keep(game)
        return game

    def folded(self, game_id: int, fmt: GameFormat, rows: list[Any]) -> Any:
        """The state the stored log ``rows`` of game ``game_id`` folds to under ``fmt``; None
        (logged) when an event of it cannot be decoded by this code."""
        state = None
        try:
            for row in rows:
                state = fmt.decider.evolve(state, decode(row.kind, row.payload, row.version))
        except EventDecodeError as error:
            log.error("game %s: event %s of its log cannot be read (%s); left alone",
                      game_id, row.seq, error)
            return None
        return state

    async def earlier_today(self, chat: ChatRef, fmt: GameFormat, now: datetime) -> Any:
        """The state of ``chat``'s newest finished game of ``fmt`` when it was opened the
        same day as ``now`` in the chat's time zone (TV-10's game day, TV-7), else None (also
        when its log cannot be read: the new game then starts afresh)."""
        finished = [g for g in await self.storage.games(status="finished", chat_key=chat.key)
                    if g.format == fmt.name]
        if not finished:
            return None
        rows = await self.storage.events(finished[-1].id)
        zone = await self.zones.of(chat.key)
        if not rows or local_day(rows[0].at, zone) != local_day(now, zone):
            return None
        return self.folded(finished[-1].id, fmt, rows)

    async def package(self, package_id: int) -> Package:
        """The stored package ``package_id``, read and parsed once for all the games."""
        # A stored package never changes: the games playing it share one copy (a copy per
        # game was over half a game's memory). Games opened meanwhile wait for that one
        # reading instead of each starting its own.
        package = self._packages.get(package_id)
        if package is not None:
            return package
        reading = self._reading.get(package_id)
        if reading is None:
            reading = self._reading[package_id] = asyncio.ensure_future(
                self.storage.package_data(package_id))
            reading.add_done_callback(lambda _: self._reading.pop(package_id, None))
        data = await asyncio.shield(reading)
        package = self._packages.get(package_id)
        if package is None:
            package = self._packages[package_id] = Package.from_dict(data)
        return package
