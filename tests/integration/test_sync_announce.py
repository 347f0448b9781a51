"""SYNC-2 ``/announce``: with a date, the game is at that time (UTC, as typed and shown);
without one it is played now, and the announcement says so instead of showing the latest
close of its registration (an hour on) as the game's time."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.integration.world import say, service_world


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url)
    yield world
    await world.close()


async def test_sync_2_an_announcement_without_a_date_says_the_game_is_now(world):
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    await say(service, "host", "/announce")
    latest = (world.clock.now() + timedelta(hours=1)).strftime("%Y-%m-%d %H:%M")
    assert recorder.texts()[-1] == (
        f"The game starts now. Registration until round 1 (at the latest {latest} UTC): "
        f"/team NAME.\n"
        "This is a training game: it counts in no season; up to 8 players a team.\n"
        "The bot names the duty team when registration closes: the first one alphabetically; "
        "the host may name another: /duty TEAM.")


async def test_sync_2_an_announcement_with_a_date_shows_that_time_in_utc(world):
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    when = (world.clock.now() + timedelta(days=10)).replace(hour=19, minute=30)
    await say(service, "host", f"/announce {when:%Y-%m-%d %H:%M}")
    deadline = when - timedelta(days=3)
    assert recorder.texts()[-1].startswith(
        f"The game is at {when:%Y-%m-%d %H:%M} UTC. Registration until "
        f"{deadline:%Y-%m-%d %H:%M} UTC")
