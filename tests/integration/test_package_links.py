"""Packages by link through the GameService (issue 17): ``/newgame LINK``, ``/newgame duel
LINK`` and ``/package LINK``, fetched from the stand-in site on 127.0.0.1 (tests/sites.py)."""

from __future__ import annotations

import pytest

from bot.packages.fetch import PackageFetcher
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
        f"{web.url}/missing: Could not fetch {web.url}/missing: 404."]
    assert await world.storage.games(status="live") == []
    await say(world.service, "host", f"/newgame {web.url}/page.html")
    assert world.recorder.texts()[-1] == (
        f"{web.url}/page.html: Not a package: {web.url}/page.html is a web page, not a package "
        "file.")
    assert await world.storage.games(status="live") == []


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
