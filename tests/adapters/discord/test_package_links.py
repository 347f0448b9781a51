"""``/chgk package`` with a link: the package is fetched from the stand-in site on
127.0.0.1 (tests/sites.py) and becomes the game's package; a refusal is the caller's alone."""

from __future__ import annotations

from bot.packages.fetch import PackageFetcher
from bot.service.uploads import LINK_COOLDOWN
from tests.sites import site


async def test_chgk_package_with_a_link_option_sets_the_games_package(world):
    host = world.person("Host")
    await world.slash(host, "new", format="duel")
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        uploaded = await world.slash(host, "package", link="https://db.chgk.info/tour/pkg19")
        assert uploaded.texts[0].startswith("Package “Кубок Теста 2019” loaded: 4 questions.")
        assert uploaded.replies[0].ephemeral
        assert world.channel.texts[-1].startswith("The game's package is set: 4 questions.")
        await world.advance(LINK_COOLDOWN.total_seconds())
        refused = await world.slash(host, "package", link=f"{web.url}/missing")
        assert refused.texts[0].startswith(
            f"{web.url}/missing: Could not fetch a package from {web.url}/missing: it does not")
        assert refused.replies[0].ephemeral


async def test_chgk_package_without_a_file_or_link_says_how(world):
    host = world.person("Host")
    told = await world.slash(host, "package")
    assert told.texts == ["Send the package file here, or its link: /chgk package link: LINK "
                          "(a db.chgk.info tour or package, its id, a gotquestions.online pack, "
                          "a link to a file)."]
