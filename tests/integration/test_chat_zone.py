"""A chat's time zone (``/timezone``) is stored with the chat's settings: it survives a restart
of the bot on SQLite and PostgreSQL (the storage tests run on both), and a wrong name is
refused in the sender's language (here English) with nothing stored."""

from __future__ import annotations

import pytest

from bot.calendar.chats import ChatZones
from storage.chats import ChatSettingsStore
from storage.db import Storage
from tests.integration.world import GROUP, restarted, say, service_world


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url)
    yield world
    await world.close()


async def test_a_zone_set_with_timezone_is_the_chats_after_a_restart(world):
    # Given a game whose host sets the chat's zone to Vladivostok,
    await say(world.service, "host", "/newgame sync")
    await say(world.service, "host", "/timezone Asia/Vladivostok")
    # when the bot starts again on the same database,
    again = await restarted(world.service)
    await say(again.service, "anna", "/timezone")
    # then the chat's zone is still Vladivostok, and another chat's the default.
    assert again.recorder.texts()[-1].startswith(
        "This chat's time zone: Asia/Vladivostok (UTC+10:00); the time here is ")
    zones = ChatZones(ChatSettingsStore(world.storage.engine), "Europe/Moscow")
    assert (await zones.of(GROUP.key)).key == "Asia/Vladivostok"
    assert (await zones.of("test:another")).key == "Europe/Moscow"


async def test_a_zone_stored_twice_keeps_the_last_across_a_reopened_database(database_url):
    # Given a chat's zone stored, then changed,
    storage = await Storage.open(database_url)
    await ChatSettingsStore(storage.engine).set_timezone("telegram:-100", "Europe/Berlin")
    await ChatSettingsStore(storage.engine).set_timezone("telegram:-100", "Asia/Vladivostok")
    await storage.close()
    # when the database is opened again,
    storage = await Storage.open(database_url)
    try:
        stored = await ChatSettingsStore(storage.engine).timezone("telegram:-100")
    finally:
        await storage.close()
    # then the chat's zone is the last one set.
    assert stored == "Asia/Vladivostok"


async def test_an_unknown_zone_is_refused_in_english_with_an_example_and_nothing_stored(
        world):
    # Given a game's host in a chat whose zone is the default,
    await say(world.service, "host", "/newgame sync")
    # when the host types a zone that does not exist, and a player tries to change it,
    await say(world.service, "host", "/timezone Mars/Olympus")
    refused = world.recorder.texts()[-1]
    await say(world.service, "anna", "/timezone Europe/Berlin")
    not_allowed = world.recorder.texts()[-1]
    # then each is told why and the form that works,
    assert refused == ("There is no time zone “Mars/Olympus”. Write its name from the time "
                       "zone database, for example: /timezone Europe/Berlin. Nothing was "
                       "changed.")
    assert not_allowed == ("A chat administrator or the host of its game changes the chat's "
                           "time zone. To see the current one: /timezone")
    # and the chat keeps the default zone.
    assert await ChatSettingsStore(world.storage.engine).timezone(GROUP.key) is None
