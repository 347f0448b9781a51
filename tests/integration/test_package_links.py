"""Packages by link through the GameService: ``/newgame LINK``, ``/newgame duel
LINK`` and ``/package LINK``, fetched from the stand-in site on 127.0.0.1 (tests/sites.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.packages.fetch import PackageFetcher
from bot.service.uploads import LINK_COOLDOWN
from tests.integration.world import GROUP, say, service_world
from tests.sites import site


@pytest.fixture
async def world(database_url):
    async with site() as web:
        world = await service_world(database_url, min_players=None, package=None)
        world.service.fetcher = PackageFetcher(web.sources)
        yield world, web
        await world.close()


async def test_newgame_with_a_db_chgk_info_link_opens_the_game_on_that_package(world):
    world, _ = world
    await say(world.service, "host", "/newgame https://db.chgk.info/tour/pkg19")
    texts = world.recorder.texts()
    assert texts[0].startswith("Package “Кубок Теста 2019” loaded: 4 questions.")
    assert "Package: Кубок Теста 2019" in texts[1]
    stored = await world.storage.games(status="live")
    assert [info.package_id for info in stored] != [None]


async def test_newgame_duel_with_a_gotquestions_pack_link(world):
    world, web = world
    await say(world.service, "host", "/newgame duel https://gotquestions.online/pack/5233")
    texts = world.recorder.texts()
    assert texts[0].startswith("Package “Синхрон Теста” loaded: 3 questions.")
    assert "Package: Синхрон Теста" in texts[1]
    assert tuple(path for path, _ in web.asked) == ("/pack/5233", )


async def test_newgame_with_a_link_that_fails_opens_no_game(world):
    world, web = world
    await say(world.service, "host", f"/newgame duel {web.url}/missing")
    assert world.recorder.texts() == [
        f"{web.url}/missing: Could not fetch a package from {web.url}/missing: it does not lead "
        "to a package the bot can read (the site did not answer, the page is missing, or the "
        "address is not one the bot goes to). Check the link or send the package file."]
    assert await world.storage.games(status="live") == []
    world.clock.set(world.clock.now() + LINK_COOLDOWN)
    await say(world.service, "host", f"/newgame {web.url}/page.html")
    assert world.recorder.texts()[-1].startswith(
        f"{web.url}/page.html: Could not fetch a package from {web.url}/page.html: it does not")
    assert await world.storage.games(status="live") == []


async def test_a_second_link_within_seconds_is_told_to_wait_and_not_fetched(world):
    world, web = world
    # Given a person who has just sent a package link
    await say(world.service, "anna", f"/package {web.url}/files/pkg.txt", private=True)
    asked = list(web.asked)
    # When they send another at once
    world.clock.set(world.clock.now() + timedelta(seconds=2))
    await say(world.service, "anna", f"/package {web.url}/files/audio.txt", private=True)
    # Then they are told how long to wait, and nothing is fetched
    assert world.recorder.texts("anna")[-1] == (
        "Wait 3 seconds and send the link again: the bot takes at most one package link from "
        "a person every few seconds.")
    assert web.asked == asked
    # And another person's link is taken meanwhile, and theirs once the seconds have passed
    await say(world.service, "boris", f"/package {web.url}/files/audio.txt", private=True)
    assert world.recorder.texts("boris")[-1].startswith("Package “Кубок Звука” loaded")
    world.clock.set(world.clock.now() + timedelta(seconds=3))
    await say(world.service, "anna", f"/package {web.url}/files/audio.txt", private=True)
    assert world.recorder.texts("anna")[-1].startswith("Package “Кубок Звука” loaded")


async def test_package_with_a_file_link_becomes_the_lobby_games_package(world):
    world, web = world
    await say(world.service, "host", "/newgame duel")
    await say(world.service, "host", f"/package {web.url}/files/pkg.txt")
    texts = world.recorder.texts()
    assert texts[-2].startswith("Package “Кубок Файла” loaded: 2 questions.")
    assert texts[-1].startswith("The game's package is set")
    game = world.service.game_in(GROUP)
    assert game.package.questions[0].pictures == (f"{web.url}/files/pictures/q1.png",)


async def test_package_without_a_link_says_how_to_send_one(world):
    world, _ = world
    await say(world.service, "host", "/package")
    assert world.recorder.texts()[-1].startswith("Send the package file here, or its link")


async def test_duel_3_4_an_audio_question_by_link_prints_its_sound_and_the_host_starts_it(
        world):
    """A messenger that cannot play a sound (the console, this recorder) shows its link; the
    minute waits for the host, who starts it once the team has listened."""
    world, web = world
    service, recorder = world.service, world.recorder
    await say(service, "host", f"/newgame duel {web.url}/files/audio.txt")
    for who, text in [("anna", "/team Owls"), ("boris", "/join owls"),
                      ("host", "/start training")]:
        await say(service, who, text)
    await say(service, "anna", "/pick 2")
    game = service.game_in(GROUP)
    sound = game.package.questions[game.state.questions[1]].audio[0]
    assert sound.startswith("https://db.chgk.info/sounds/db/q")
    assert f"Sound: {sound}" in recorder.texts()[-1]
    assert world.scheduler.pending() == {}
    assert recorder.texts("host")[-1].startswith("The question plays a sound of unknown length")
    await say(service, "host", "/resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)
