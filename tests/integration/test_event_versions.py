"""Versioned events in storage: each row of a game's log keeps its event's version,
rows stored before the column came read as version 1, and a game whose log this code cannot
read is reported and left alone at a restart while the others come back."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import text

from bot.ports import ChatRef
from bot.service import Incoming
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage, StoredEvent
from tests.integration.world import GROUP, Recorder, say, serve, service_world

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


async def test_a_stored_event_keeps_its_version(database_url):
    storage = await Storage.open(database_url)
    try:
        game = await storage.create_game("duel", "test:versions", None, "en",
                                         [StoredEvent(1, T0, "some-kind", {"a": 1}, 3)])
        await storage.append(game, [StoredEvent(2, T0, "other-kind", {}, 1)])
        assert [(e.kind, e.version) for e in await storage.events(game)] == [
            ("some-kind", 3), ("other-kind", 1)]
    finally:
        await storage.close()


async def test_a_row_stored_without_a_version_is_version_1(database_url):
    storage = await Storage.open(database_url)
    try:
        game = await storage.create_game("duel", "test:versions", None, "en", [])
        async with storage.engine.begin() as conn:
            # What a row written before the column existed reads as (the migration's default).
            await conn.execute(text(
                "INSERT INTO game_events (game_id, seq, at, kind, payload) "
                "VALUES (:game, 1, :at, 'old-kind', '{}')"), {"game": game, "at": T0})
        assert [e.version for e in await storage.events(game)] == [1]
    finally:
        await storage.close()


async def test_a_game_whose_log_cannot_be_read_is_left_alone_and_the_others_recover(
        database_url, caplog):
    world = await service_world(database_url)
    try:
        # Two live games: one in the group, one in another chat.
        await say(world.service, "host", "/newgame")
        other = ChatRef("test", "other")
        await world.service.handle(Incoming(other, "olga", "olga", "/newgame",
                                            sender_locale="en"))
        broken = world.service.game_in(GROUP)
        kept = world.service.game_in(other)
        # A payload with a field its event's version does not have.
        await world.storage.append(broken.info.id, [
            StoredEvent(broken.next_seq, T0, "roster.player_joined",
                        {"team_id": 1, "player": 2, "player_name": "x", "colour": "red"}, 1)])
        clock = VirtualClock(world.clock.now())
        again = serve(world.storage, Recorder(), VirtualScheduler(clock), clock)
        with caplog.at_level(logging.ERROR, logger="bot.service"):
            assert await again.service.recover() == [kept.info.id]
        assert again.service.game_in(other) is not None
        assert again.service.game_in(GROUP) is None
        assert any(f"game {broken.info.id}" in r.getMessage() and "cannot be read" in
                   r.getMessage() for r in caplog.records)
    finally:
        await world.close()
