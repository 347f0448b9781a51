"""A game played through the real GameService for tests that look at who receives what:
SQLite storage in a temporary folder, virtual time, a recording messenger, people who all
write in one group chat (or to the bot privately) in English."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef, Outgoing
from bot.service import GameService, Incoming
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.integration.test_service import Recorder

GROUP = ChatRef("test", "group")
TRANSLATOR = Translator()


def dm(who: str) -> ChatRef:
    """The private chat of the person called ``who`` (their platform id is their name)."""
    return ChatRef("test", who, private=True)


@dataclass
class Stage:
    """One service over its own database, and what it sent so far."""

    service: GameService
    storage: Storage
    scheduler: VirtualScheduler
    recorder: Recorder

    @classmethod
    async def open(cls, folder: Path, *, min_players: int = 2) -> Stage:
        """A service with the bundled sample package as the group's next package."""
        folder.mkdir(parents=True, exist_ok=True)
        storage = await Storage.open(f"sqlite+aiosqlite:///{folder / 'chgk.sqlite3'}")
        clock = VirtualClock()
        scheduler = VirtualScheduler(clock)
        recorder = Recorder()
        service = GameService(storage, recorder, scheduler, clock, TRANSLATOR,
                              default_locale="en",
                              format_options={"duel": {"min_players": min_players}})
        scheduler.callback = service.on_timer
        package_id = await storage.save_package(load_package(SAMPLE_PACKAGE).package,
                                                SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes())
        service.set_chat_package(GROUP, package_id)
        return cls(service, storage, scheduler, recorder)

    async def close(self) -> None:
        """Close the database."""
        await self.storage.close()

    async def say(self, who: str, text: str, *, private: bool = False) -> list[Outgoing]:
        """``who`` writes ``text`` in the group (or privately); returns what the bot sent."""
        before = len(self.recorder.sent)
        chat = dm(who) if private else GROUP
        await self.service.handle(Incoming(chat, who, who, text, sender_locale="en"))
        return self.recorder.sent[before:]

    async def upload(self, who: str, *, private: bool = False) -> list[Outgoing]:
        """``who`` sends the sample package file in the group (or privately)."""
        before = len(self.recorder.sent)
        chat = dm(who) if private else GROUP
        await self.service.upload_package(Incoming(chat, who, who, "", sender_locale="en"),
                                          SAMPLE_PACKAGE.read_bytes(), SAMPLE_PACKAGE.name)
        return self.recorder.sent[before:]

    async def advance(self, seconds: float) -> list[Outgoing]:
        """Let ``seconds`` of virtual time pass; returns what the timers sent."""
        before = len(self.recorder.sent)
        await self.scheduler.advance(seconds)
        return self.recorder.sent[before:]

    async def player(self, who: str) -> int:
        """The player id of ``who``."""
        return await self.storage.player("test", who, who, "en")

    async def event_count(self) -> int:
        """How many events the group's game has stored."""
        game = self.service.game_in(GROUP)
        return len(await self.storage.events(game.info.id)) if game else 0
