"""Each chat's own settings (``chat_settings``): the club's time zone, kept across restarts.

It works over the engine of ``storage.db.Storage``; a write is one transaction.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.db import WRITES
from storage.tables import ChatSettingRow


class ChatSettingsStore:
    """Repository of chats' settings over ``engine`` (the engine of ``storage.db.Storage``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    async def timezone(self, chat_key: str) -> str | None:
        """The zone name stored for chat ``chat_key``, or None when it set none."""
        async with self.engine.connect() as conn:
            return await conn.scalar(select(ChatSettingRow.timezone)
                                     .where(ChatSettingRow.chat_key == chat_key))

    async def set_timezone(self, chat_key: str, name: str | None) -> None:
        """Store ``name`` (an IANA zone name, checked by the caller; None: the default) as
        chat ``chat_key``'s zone."""
        values = {"timezone": name, "updated_at": datetime.now(UTC)}
        try:
            async with self._writes.begin() as conn:
                changed = await conn.execute(update(ChatSettingRow)
                                             .where(ChatSettingRow.chat_key == chat_key)
                                             .values(**values))
                if changed.rowcount == 0:
                    await conn.execute(insert(ChatSettingRow).values(chat_key=chat_key,
                                                                     **values))
        except IntegrityError:
            # Another worker stored the chat's first setting meanwhile: this one is newer.
            async with self._writes.begin() as conn:
                await conn.execute(update(ChatSettingRow)
                                   .where(ChatSettingRow.chat_key == chat_key).values(**values))
