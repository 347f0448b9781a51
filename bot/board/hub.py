"""What the scoreboard pages read: each game's page model folded from its event log, kept
up to date by the service's commits, and the pages waiting for a change.

The hub is a reader of the service, as an adapter is: it writes nothing, and it knows no
format: each format's page is a ``BoardView`` (``bot.board.view``) given by the format's stored
name. A page's model is folded once from the stored log (``Storage.events``, through the
format's ``BoardView.evolve``) and then follows each committed event through the service's
effect table (``game_service(effects={Event: (hub.on_event,)})``), which calls ``on_event``
after the events are stored; a gap in the sequence (an event it did not see) makes it load
the log again. Each change wakes the pages watching the game, and the season pages; so does
each ``/season`` chat command (``waking_seasons``), which records games into a season outside
any game's log.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.board.view import BoardView
from bot.chat import ChatCommand, ChatRequest
from rules.base import Event, decode
from storage.db import Storage

SEASONS = "seasons"
"""The watch key of every season page: any game's change may change a season's table."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One game as a page shows it: its id, format name, language, and its page's ``model``
    (the format's ``BoardView`` fold of the log up to event ``seq``, the count of events
    folded)."""

    game_id: int
    format: str
    locale: str
    model: Any
    seq: int


class Watch:
    """One page waiting for changes: ``changed`` is set by the hub, cleared by the page."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()


class BoardHub:
    """The games' snapshots and the pages watching them, over ``storage`` and the formats'
    pages ``boards`` (by the format's stored name) that fold the logs."""

    def __init__(self, storage: Storage, boards: Mapping[str, BoardView]) -> None:
        self.storage = storage
        self.boards = dict(boards)
        self._snapshots: dict[int, Snapshot] = {}
        self._watches: dict[object, set[Watch]] = {}

    # --- the service's side --------------------------------------------------------------

    async def on_event(self, commit: Any, ev: Event, before: Any, after: Any) -> None:
        """An effect handler (``bot.service.EventHandler``): ``ev`` of ``commit`` is stored;
        fold it into the game's snapshot (``before`` and ``after``, the service's states, are
        not the page's) and wake its pages."""
        game = commit.game
        index = next(i for i, change in enumerate(commit.changes) if change[0] is ev)
        seq = game.next_seq - len(commit.changes) + index
        known = self._snapshots.get(game.info.id)
        if known is not None and known.seq == seq - 1:
            model = self.boards[known.format].evolve(known.model, ev)
            self._snapshots[game.info.id] = replace(known, model=model, seq=seq)
        else:
            self._snapshots.pop(game.info.id, None)
        self.wake(game.info.id)
        self.wake(SEASONS)

    # --- the pages' side -----------------------------------------------------------------

    async def snapshot(self, game_id: int) -> Snapshot | None:
        """Game ``game_id`` as it stands, loaded from its log the first time (and kept while a
        page watches the game); None for a game that is not stored or whose format has no
        page here."""
        known = self._snapshots.get(game_id)
        if known is not None:
            return known
        # Watch the game while its log is read: a commit landing meanwhile finds no snapshot
        # to move on, so the log is read again rather than a stale fold kept.
        reading = self.watch(game_id)
        try:
            while True:
                reading.changed.clear()
                loaded = await self._load(game_id)
                if loaded is None or not reading.changed.is_set():
                    break
            if len(self._watches[game_id]) == 1:
                return loaded  # kept only while a page watches the game
            self._snapshots[game_id] = loaded
            return loaded
        finally:
            self.unwatch(game_id, reading)

    async def _load(self, game_id: int) -> Snapshot | None:
        """Game ``game_id`` folded from its stored log; None as ``snapshot`` says."""
        info = await self.storage.game(game_id)
        board = self.boards.get(info.format) if info is not None else None
        if info is None or board is None:
            return None
        rows = await self.storage.events(game_id)
        model = board.initial()
        for row in rows:
            model = board.evolve(model, decode(row.kind, row.payload, row.version))
        return Snapshot(game_id, info.format, info.locale, model, len(rows))

    def watch(self, key: object) -> Watch:
        """A new watch of ``key`` (a game id, or ``SEASONS``); ``unwatch`` it when done."""
        watch = Watch()
        self._watches.setdefault(key, set()).add(watch)
        return watch

    def unwatch(self, key: object, watch: Watch) -> None:
        """Stop waking ``watch``."""
        watches = self._watches.get(key)
        if watches is not None:
            watches.discard(watch)
            if not watches:
                del self._watches[key]
                if isinstance(key, int):
                    self._snapshots.pop(key, None)

    def wake_all(self) -> None:
        """Wake every page (the server is stopping)."""
        for watches in self._watches.values():
            for watch in watches:
                watch.changed.set()

    def wake(self, key: object) -> None:
        """Wake every page watching ``key``."""
        for watch in self._watches.get(key, ()):
            watch.changed.set()


def waking_seasons(command: ChatCommand, hub: BoardHub) -> ChatCommand:
    """``command`` (``/season``, which records a game into a season, DUEL-6.3) waking ``hub``'s
    season pages once it has run, so that an open page shows the recorded game at once and
    not at its feed's next keep-alive (live within a second). A command that changed
    nothing costs a render per open season page, which sends nothing."""
    async def run(req: ChatRequest) -> list[str]:
        try:
            return await command(req)
        finally:
            hub.wake(SEASONS)

    return run
