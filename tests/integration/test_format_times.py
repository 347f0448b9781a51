"""Each format's times are settings with the rules' defaults (DUEL-3.4, SYNC-6, TV-2), and a
game keeps the times it was created with after a restart (its first event stores them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import bootstrap
from bot.bootstrap import SAMPLE_PACKAGE, SAMPLE_TV_PACKAGE
from bot.packages import load_package
from bot.settings import Settings
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.integration.world import Recorder, World, say, serve


async def _world(url: str, settings: Settings, sample: Path = SAMPLE_PACKAGE) -> World:
    """A service playing the formats built from ``settings``, the package ``sample`` (the
    bundled DUEL sample unless given) the group's."""
    storage = await Storage.open(url)
    package_id = await storage.save_package(load_package(sample).package, sample.name,
                                            sample.read_bytes())
    clock = VirtualClock()
    return serve(storage, Recorder(), VirtualScheduler(clock), clock,
                 games=bootstrap.formats(settings), package_id=package_id)


async def _sync_asked(world: World) -> None:
    for line in ("/newgame sync", "/announce"):
        await say(world.service, "host", line)
    for captain, team in (("anna", "Owls"), ("lena", "Foxes")):
        await say(world.service, captain, f"/register {team}")
    for line in ("/round 1 2 3", "/ask"):
        await say(world.service, "host", line)


def test_sync_6_times_come_from_the_environment_with_the_rules_defaults(monkeypatch):
    """Given no timing setting, SYNC plays the rules' minute, its signal after 50 s and 15 s to
    hand in; given CHGK_SYNC_DISCUSSION_SECONDS=50 alone, the signal sounds 10 s before its
    end; TV and DUEL keep their own minute."""
    default = bootstrap.format_options(Settings(_env_file=None))
    assert {k: default["sync"][k] for k in ("discussion", "warning_at", "hand_in")} == \
        {"discussion": 60.0, "warning_at": 50.0, "hand_in": 15.0}
    assert (default["tv"]["discussion"], default["tv"]["warning_at"]) == (60.0, 50.0)
    monkeypatch.setenv("CHGK_SYNC_DISCUSSION_SECONDS", "50")
    club = bootstrap.format_options(Settings(_env_file=None))
    assert (club["sync"]["discussion"], club["sync"]["warning_at"]) == (50.0, 40.0)
    assert club["tv"]["discussion"] == club["duel"]["discussion"] == 60.0


def test_sync_6_a_warning_at_the_end_of_the_discussion_is_refused():
    """Given a warning set at the end of SYNC's discussion, the settings are refused, naming
    both variables."""
    with pytest.raises(ValidationError, match="CHGK_SYNC_WARNING_SECONDS"):
        Settings(_env_file=None, sync_discussion_seconds=50, sync_warning_seconds=50)


async def test_sync_6_a_club_plays_its_50_seconds_and_a_game_keeps_them_after_a_restart(
        database_url):
    """Given CHGK_SYNC_DISCUSSION_SECONDS=50 and CHGK_SYNC_HAND_IN_SECONDS=20, when a question
    is asked, the chat reads 50 s to discuss and 20 s to hand in, the signal sounds after
    40 s; when the bot restarts with the defaults, the game's next question keeps 50 s."""
    world = await _world(database_url, Settings(_env_file=None, sync_discussion_seconds=50,
                                                sync_hand_in_seconds=20))
    try:
        await _sync_asked(world)
        assert any("50 seconds to discuss and 20 seconds to hand in" in text
                   for text in world.recorder.texts())
        await world.scheduler.advance(39)
        assert world.recorder.signals() == []
        await world.scheduler.advance(1)
        assert world.recorder.signals() == ["10 seconds left!"]
        await world.scheduler.advance(10)
        assert world.recorder.signals()[-1] == "Time! Hand in your answer: 20 seconds left."
        await world.scheduler.advance(21)

        again = await _world_after_restart(world)
        await say(again.service, "host", "/accept 1")
        await say(again.service, "host", "/ask")
        assert any("50 seconds to discuss and 20 seconds to hand in" in text
                   for text in again.recorder.texts())
    finally:
        await world.close()


async def _world_after_restart(world: World) -> World:
    """The bot started again over ``world``'s database with the default settings."""
    clock = VirtualClock(world.clock.now())
    again = serve(world.storage, Recorder(), VirtualScheduler(clock), clock,
                  games=bootstrap.formats(Settings(_env_file=None)))
    await again.service.recover()
    return again


async def test_tv_2_the_central_tables_minute_is_a_setting(database_url):
    """Given CHGK_TV_DISCUSSION_SECONDS=50, when the top gives the first envelope, the minute
    is 50 s: the warning after 40 s."""
    world = await _world(database_url, Settings(_env_file=None, tv_discussion_seconds=50),
                         SAMPLE_TV_PACKAGE)
    try:
        await say(world.service, "host", "/newgame tv")
        for captain, team in (("anna", "Owls"), ("lena", "Foxes")):
            await say(world.service, captain, f"/team {team}")
            for n in range(3):  # a team sits at the central table with 4 to 6 players
                await say(world.service, f"{captain}{n}", f"/join {team}")
        await say(world.service, "host", "/start Owls")
        await say(world.service, "host", "/spin")
        assert any("50 seconds" in text for text in world.recorder.texts()), \
            world.recorder.texts()
        await world.scheduler.advance(39)
        assert "10 seconds left!" not in world.recorder.signals()
        await world.scheduler.advance(1)
        assert world.recorder.signals()[-1] == "10 seconds left!"
    finally:
        await world.close()

