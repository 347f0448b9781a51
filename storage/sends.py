"""What a messenger sent recently, per chat: the times of the sends still inside each chat's
sending window, saved now and then by the adapter and read back when it starts, so that a
restarted bot neither goes over a group's budget nor waits for one it does not owe.

It works over the engine of ``storage.db.Storage``; a save is one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.db import WRITES
from storage.tables import RecentSendsRow


class RecentSends:
    """Repository of recent send times over ``engine`` (the engine of
    ``storage.db.Storage``); chats are the messenger's own ids as text."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    async def load(self, platform: str) -> dict[str, list[datetime]]:
        """The send times (UTC, oldest first) last saved for ``platform``, by chat id."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(RecentSendsRow.chat_id, RecentSendsRow.times)
                                       .where(RecentSendsRow.platform == platform))).all()
        return {row.chat_id: [datetime.fromtimestamp(t, UTC) for t in row.times]
                for row in rows}

    async def save(self, platform: str, recent: Mapping[str, Sequence[datetime]]) -> None:
        """Replace what is kept for ``platform`` with ``recent`` (chat id -> UTC send times);
        chats not in it are forgotten."""
        rows = [{"platform": platform, "chat_id": chat, "times": [t.timestamp() for t in times]}
                for chat, times in recent.items() if times]
        async with self._writes.begin() as conn:
            await conn.execute(delete(RecentSendsRow)
                               .where(RecentSendsRow.platform == platform))
            if rows:
                await conn.execute(insert(RecentSendsRow), rows)
