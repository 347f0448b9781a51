"""Packages by link: db.chgk.info tours and packages, gotquestions.online packs and
plain file links, fetched from a stand-in site on 127.0.0.1 (tests/sites.py)."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from bot.i18n import Translator
from bot.packages import PackageReadError, parse_package
from bot.packages.fetch import PackageFetcher, Sources, absolute_media, recognise
from tests.sites import LOCAL, TEST_MAX_BYTES, site, site_in_thread


async def imported(ref: str):
    async with site() as web:
        fetched = await PackageFetcher(web.sources).fetch(ref.format(site=web.url))
        result = absolute_media(parse_package(fetched.data, fetched.name), fetched.media_base)
        return web, fetched, result


async def refusal(ref: str) -> PackageReadError:
    async with site() as web:
        with pytest.raises(PackageReadError) as caught:
            await PackageFetcher(web.sources).fetch(ref.format(site=web.url))
        return caught.value


def test_links_and_ids_are_recognised_by_site_and_path():
    mirror = Sources("http://mirror.test", "http://gq.test")
    assert recognise("https://db.chgk.info/tour/znat13ch", mirror).url == \
        "http://mirror.test/tour/znat13ch/xml"
    assert recognise("https://db.chgk.info/question/balt09.1/3", mirror).key == "balt09.1"
    assert recognise("thanos19.5_u.4", mirror).url == "http://mirror.test/tour/thanos19.5_u.4/xml"
    assert recognise("12345", mirror).kind == "db"
    assert recognise("https://gotquestions.online/pack/5233", mirror).url == \
        "http://gq.test/pack/5233"
    assert recognise("https://example.org/pkg.4s", mirror).kind == "file"
    # A format's name or a word is no id; other schemes are no links.
    assert recognise("duel", mirror) is None
    assert recognise("file:///etc/passwd", mirror) is None
    assert recognise("ftp://example.org/pkg.txt", mirror) is None


async def test_a_db_chgk_info_package_link_brings_every_tour_it_lists():
    web, _, result = await imported("https://db.chgk.info/tour/pkg19")
    package = result.package
    assert package.title == "Кубок Теста 2019"
    assert [t.title for t in package.tours] == ["Тур 1", "Тур 2"]
    assert [q.answer for q in package.questions] == ["Один.", "Два.", "Три.", "Четыре."]
    assert [path for path, _ in web.asked] == ["/tour/pkg19/xml", "/tour/pkg19.1/xml",
                                               "/tour/pkg19.2/xml"]
    # The sites refuse the library's default agent.
    assert all(agent.startswith("Mozilla/5.0 (compatible; chgk-bot/") for _, agent in web.asked)
    assert result.usable and not result.errors


async def test_a_db_chgk_info_tour_by_id_keeps_its_picture_and_audio():
    _, fetched, result = await imported("tour19.1")
    first = result.package.questions[0]
    assert fetched.name == "tour19.1.xml"
    assert first.pictures == ("https://db.chgk.info/images/db/20190001.jpg",)
    assert first.audio == ("https://db.chgk.info/sounds/db/20190002.mp3",)
    assert first.text == "Послушайте отрывок. Что это?"


async def test_a_gotquestions_pack_page_gives_the_pack_with_absolute_pictures():
    web, _, result = await imported("https://gotquestions.online/pack/5233")
    package = result.package
    assert package.title == "Синхрон Теста"
    assert package.editors == "Редактор Сайта"
    assert [len(t.questions) for t in package.tours] == [2, 1]
    first = package.questions[0]
    assert first.handout.image == f"{web.url}/media/handout1.png"
    assert first.accepted == ("Котик",) and first.rejected == ("Собака",)
    assert first.authors == ("Автор Сайта",)
    assert package.questions[2].handout.text == "Текст раздатки"
    assert package.source_format == "gotquestions"


async def test_a_plain_link_to_a_package_file_resolves_its_pictures_against_the_link():
    web, fetched, result = await imported("{site}/files/moved")
    first = result.package.questions[0]
    assert fetched.name == "pkg.txt"
    assert first.pictures == (f"{web.url}/files/pictures/q1.png",)
    assert result.package.title == "Кубок Файла"


@pytest.mark.parametrize("ref", ["{site}/missing", "nosuch19", "{site}/files/to-disk",
                                 "https://gotquestions.online/pack/404", "{site}/page.html"])
async def test_every_link_that_gives_no_package_is_told_with_one_message(
        ref: str, translator: Translator):
    # A missing page, an id the database lacks, a redirect to a local file, a page without a
    # pack, a web page: the sender is not told which, so that nothing is learnt of the site.
    error = await refusal(ref)
    assert error.key == "package-error-fetch-failed"
    assert translator.format(error.key, error.args, "en") == (
        f"Could not fetch a package from {error.args['url']}: it does not lead to a package the "
        "bot can read (the site did not answer, the page is missing, or the address is not "
        "one the bot goes to). Check the link or send the package file.")


async def test_a_file_over_the_size_cap_is_refused_as_too_big():
    error = await refusal("{site}/files/big.txt")
    assert error.key == "package-error-too-big"
    assert error.args["limit"] == round(TEST_MAX_BYTES / (1024 * 1024), 1)


async def test_a_server_that_does_not_answer_is_reported():
    fetcher = PackageFetcher(Sources("http://127.0.0.1:9", "http://127.0.0.1:9", timeout=5,
                                     allowed=LOCAL))
    with pytest.raises(PackageReadError) as caught:
        await fetcher.fetch("pkg19")
    assert caught.value.key == "package-error-fetch-failed"


async def test_text_that_is_no_link_is_refused_without_a_request():
    with pytest.raises(PackageReadError) as caught:
        await PackageFetcher().fetch("hello")
    assert caught.value.key == "package-error-fetch-bad-link"


def test_package_check_reads_a_link_from_the_database_the_setting_names(monkeypatch, capsys):
    with site_in_thread() as web:
        monkeypatch.setenv("CHGK_DBCHGKINFO_URL", web.url)
        monkeypatch.setenv("CHGK_GOTQUESTIONS_URL", web.url)
        monkeypatch.setenv("CHGK_FETCH_ALLOW", "127.0.0.1")
        assert main(["--locale", "en", "package", "check",
                     "https://db.chgk.info/tour/pkg19"]) == 0
        assert capsys.readouterr().out.startswith(
            "Package: Кубок Теста 2019 (format: xml)\nТур 1: 2")
        assert main(["--locale", "en", "package", "check",
                     "https://gotquestions.online/pack/5233", "--json"]) == 0
        pack = json.loads(capsys.readouterr().out)
        assert pack["tours"][0]["questions"][0]["picture"] == f"{web.url}/media/handout1.png"
        # A link whose name ends like a package file is fetched, not looked for on disk.
        assert main(["--locale", "en", "package", "check", f"{web.url}/files/pkg.txt"]) == 0
        assert "Кубок Файла" in capsys.readouterr().out
        assert main(["--locale", "en", "package", "check", f"{web.url}/missing"]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{web.url}/missing: Could not fetch a package from {web.url}/missing:")


async def test_a_package_whose_tour_cannot_be_fetched_is_refused_whole():
    error = await refusal("broken19")
    assert error.key == "package-error-fetch-failed"
    assert error.args["url"].endswith("/tour/gone19.2/xml")
