"""Finished games' results, read from their logs (DESIGN.md, Events are the record: seasons
and ratings are derived from finished games' logs).

The reader knows no format: it folds a game's log with the decider of the game's format (the
formats it is given, ``bot.bootstrap.formats``), asks it for the ``result``, and takes when
the game ended from the log: the stored time of the event after which the game's status first
became, and stayed, ``finished`` (an after-game vote does not move it, DUEL-6.3.1, 3.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.formats.roles import Format
from rules.base import GameResult, decode
from storage.db import Storage


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A stored game as its log says: its id and format, its host (player id), whether it was
    a training game (which counts in no season), its ``result`` (None while it is live, or when
    it was aborted) and when it ended (UTC; None when ``result`` is None)."""

    game_id: int
    format: str
    host: int
    training: bool
    result: GameResult | None
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class FoldedGame:
    """A stored game's state as its log folds (``state``: the format's own type), its format
    (stored name and ``Format``), and when it became finished (UTC; None while it is
    not)."""

    game_id: int
    format: str
    fmt: Format
    state: Any
    ended_at: datetime | None


class GameResults:
    """Reads games' results from ``storage`` with the deciders of ``formats`` (by name)."""

    def __init__(self, storage: Storage, formats: Mapping[str, Format]) -> None:
        self.storage = storage
        self.formats = formats

    async def format_of(self, game_id: int) -> str | None:
        """The stored format name of game ``game_id``, or None when there is no such game."""
        info = await self.storage.game(game_id)
        return info.format if info is not None else None

    async def fold(self, game_id: int) -> FoldedGame | None:
        """Game ``game_id``'s state folded from its log, with its format and when it ended;
        None when there is no such game, its format is not one of ``formats`` or its log is
        empty. Raises what ``rules.base.decode`` raises for a log it cannot read."""
        info = await self.storage.game(game_id)
        fmt = self.formats.get(info.format) if info is not None else None
        if info is None or fmt is None:
            return None
        state = None
        ended: datetime | None = None
        for row in await self.storage.events(game_id):
            state = fmt.decider.evolve(state, decode(row.kind, row.payload, row.version))
            finished = fmt.status_of(state) == "finished"
            if not finished:
                ended = None
            elif ended is None:
                ended = row.at
        if state is None:
            return None
        return FoldedGame(game_id, info.format, fmt, state, ended)

    async def read(self, game_id: int) -> PlayedGame | None:
        """Game ``game_id`` folded from its log; None when there is no such game or its format
        is not one of ``formats``. Raises what ``rules.base.decode`` raises for a log it
        cannot read."""
        folded = await self.fold(game_id)
        if folded is None:
            return None
        fmt, state = folded.fmt, folded.state
        result = fmt.decider.result(state)
        return PlayedGame(game_id, folded.format, fmt.host_of(state), fmt.is_training(state),
                          result, folded.ended_at if result is not None else None)
