"""SYNC-2 ``/announce``: with a date, the game is at that time on the club's clock (the chat's
time zone, ``/timezone``; Moscow by default), as typed and shown; without one it is played now,
and the announcement says so instead of showing the latest close of its registration (an hour
on) as the game's time. A time that a DST change skips or repeats is refused with the reason,
and nothing is announced."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.integration.world import say, service_world

MOSCOW = ZoneInfo("Europe/Moscow")


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url)
    yield world
    await world.close()


async def test_sync_2_an_announcement_without_a_date_says_the_game_is_now(world):
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    await say(service, "host", "/announce")
    latest = (world.clock.now() + timedelta(hours=1)).astimezone(MOSCOW)
    assert recorder.texts()[-1] == (
        f"The game starts now. Registration until round 1 (at the latest "
        f"{latest:%Y-%m-%d %H:%M}): "
        f"/team NAME.\n"
        "This is a training game: it counts in no season; up to 8 players a team.\n"
        "The bot names the duty team when registration closes: the first one alphabetically; "
        "the host may name another: /duty TEAM.")


async def test_sync_2_an_announcement_with_a_date_is_at_that_time_on_the_clubs_clock(world):
    # Given a SYNC game in a chat that set no time zone (the default, Moscow: UTC+3),
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    # when the host announces it for 19:30 ten days on,
    when = (world.clock.now() + timedelta(days=10)).replace(hour=19, minute=30)
    await say(service, "host", f"/announce {when:%Y-%m-%d %H:%M}")
    # then the announcement shows 19:30 and the registration's close three days before,
    deadline = when - timedelta(days=3)
    assert recorder.texts()[-1].startswith(
        f"The game is at {when:%Y-%m-%d %H:%M}. Registration until "
        f"{deadline:%Y-%m-%d %H:%M}: /team NAME.")
    # and the game is at 16:30 UTC.
    state = (await service.load_game(1)).state
    assert state.registration.starts_at == when.replace(tzinfo=MOSCOW).astimezone(UTC)


async def test_sync_2_a_berlin_club_announces_in_its_summer_time(world):
    # Given a chat whose host set the club's zone to Berlin,
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    await say(service, "host", "/timezone Europe/Berlin")
    assert recorder.texts()[-1].startswith("This chat's time zone is now Europe/Berlin")
    # when the host announces a game for 19:00 on 1 April (summer time, UTC+2),
    await say(service, "host", "/announce 2026-04-01 19:00")
    # then it is shown at 19:00 and is at 17:00 UTC.
    assert recorder.texts()[-1].startswith("The game is at 2026-04-01 19:00. Registration until "
                                           "2026-03-29 19:00")
    state = (await service.load_game(1)).state
    assert state.registration.starts_at == datetime(2026, 4, 1, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize(("typed", "said"), [
    ("2026-03-29 02:30", "There is no 2026-03-29 02:30 in Europe/Berlin: the clocks go forward "
                         "that night. Give a time an hour later or earlier."),
    ("2026-10-25 02:30", "2026-10-25 02:30 happens twice in Europe/Berlin: the clocks go back "
                         "that night (first at UTC+02:00, then at UTC+01:00). Give a time an "
                         "hour later or earlier to be sure."),
], ids=["march-gap", "october-overlap"])
async def test_sync_2_a_time_the_dst_change_skips_or_repeats_is_refused(world, typed, said):
    # Given a Berlin club's SYNC game,
    service, recorder = world.service, world.recorder
    await say(service, "host", "/newgame sync")
    await say(service, "host", "/timezone Europe/Berlin")
    # when the host announces it at a local time that the clocks skip in March, or pass twice
    # in October,
    await say(service, "host", f"/announce {typed}")
    # then the host is told why and what to do, and no game is announced.
    assert recorder.texts("host")[-1] == said
    assert (await service.load_game(1)).state.registration is None
    assert not any(text.startswith("The game is at") for text in recorder.texts())
