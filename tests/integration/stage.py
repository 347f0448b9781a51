"""A game played through the real GameService for tests that look at who receives what: the
shared service world (``tests/integration/world.py``) over a test's database, with steps that
return what each one made the bot send."""

from __future__ import annotations

from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from bot.ports import Outgoing
from bot.service import Incoming
from tests.integration.world import GROUP, World, dm, say, service_world


class Stage(World):
    """One service over its own database, and what it sent so far."""

    @classmethod
    async def open(cls, url: str, *, min_players: int = 2) -> Stage:
        """A service over the database at ``url`` with the bundled sample package as the
        group's next package. Close it with ``close``."""
        return cls(**vars(await service_world(url, min_players=min_players)))

    async def say(self, who: str, text: str, *, private: bool = False) -> list[Outgoing]:
        """``who`` writes ``text`` in the group (or privately); returns what the bot sent."""
        before = len(self.recorder.sent)
        await say(self.service, who, text, private)
        return self.recorder.sent[before:]

    async def upload(self, who: str, *, private: bool = False,
                     package: Path = SAMPLE_PACKAGE) -> list[Outgoing]:
        """``who`` sends the package file ``package`` (the bundled DUEL sample unless given)
        in the group (or privately)."""
        before = len(self.recorder.sent)
        chat = dm(who) if private else GROUP
        await self.service.upload_package(Incoming(chat, who, who, "", sender_locale="en"),
                                          package.read_bytes(), package.name)
        return self.recorder.sent[before:]

    async def advance(self, seconds: float) -> list[Outgoing]:
        """Let ``seconds`` of virtual time pass; returns what the timers sent."""
        before = len(self.recorder.sent)
        await self.scheduler.advance(seconds)
        return self.recorder.sent[before:]

    async def player(self, who: str) -> int:
        """The player id of ``who``."""
        return await self.storage.people.player("test", who, who, "en")

    async def event_count(self) -> int:
        """How many events the group's game has stored."""
        game = self.service.game_in(GROUP)
        return len(await self.storage.events(game.info.id)) if game else 0
