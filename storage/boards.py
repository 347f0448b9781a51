"""The scoreboard pages' tokens: one random, unguessable token per game and per
season, made on first request and kept, so a link once shared keeps working after a restart.

It works over the engine of ``storage.db.Storage``; a write is one transaction.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.tables import BoardRow
from storage.writer import WRITES

TOKEN_BYTES = 18
"""Random bytes in a token (``secrets.token_urlsafe``: 24 characters, 144 bits)."""


@dataclass(frozen=True, slots=True)
class BoardTarget:
    """What a token shows: a game (``game_id``) or a season (``season_id``)."""

    game_id: int | None
    season_id: int | None


class BoardStore:
    """Repository of page tokens over ``engine`` (``storage.db.Storage.boards``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    async def game_token(self, game_id: int) -> str:
        """The token of game ``game_id``'s page, made now if it has none."""
        return await self._token("game_id", game_id)

    async def season_token(self, season_id: int) -> str:
        """The token of season ``season_id``'s page, made now if it has none."""
        return await self._token("season_id", season_id)

    async def find(self, token: str) -> BoardTarget | None:
        """What ``token`` shows, or None for a token nobody was given."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(BoardRow.game_id, BoardRow.season_id)
                                      .where(BoardRow.token == token))).first()
        return BoardTarget(row.game_id, row.season_id) if row else None

    async def _token(self, field: str, target: int) -> str:
        column = getattr(BoardRow, field)
        async with self.engine.connect() as conn:
            known = await conn.scalar(select(BoardRow.token).where(column == target))
        if known is not None:
            return known
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            async with self._writes.begin() as conn:
                await conn.execute(insert(BoardRow).values(
                    token=token, created_at=datetime.now(UTC), **{field: target}))
        except IntegrityError:
            # Another request made it first: theirs is the token.
            async with self.engine.connect() as conn:
                return await conn.scalar(select(BoardRow.token).where(column == target))
        return token
