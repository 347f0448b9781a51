"""Downloads reach public addresses only (bot.packages.web): a package link or a sound on the
bot's own machine or network is refused before any request reaches it, on every redirect
hop, whatever spelling the address takes, unless the operator allows it (CHGK_FETCH_ALLOW);
the sender learns nothing of what is behind the link; downloads run a few at a time and
hold no memory while they stream."""

from __future__ import annotations

import asyncio
import ipaddress
import tracemalloc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from aiohttp import web

from bot.i18n import Translator
from bot.packages import PackageReadError, parse_package
from bot.packages.fetch import PackageFetcher, Sources, public_media
from bot.packages.web import (
    MAX_DOWNLOADS,
    Allowed,
    GuardedResolver,
    download,
    host_address,
    is_public,
)
from tests.sites import LOCAL, site

NOWHERE = Allowed()
"""No allow-list: what a bot gets unless its operator names a mirror."""


@pytest.mark.parametrize("spelling", ["127.0.0.1", "0x7f000001", "2130706433", "127.1",
                                      "0177.0.0.1", "0x7f.0.0.1", "127.0.1", "[::1]",
                                      "::ffff:127.0.0.1", "[::ffff:7f00:1]", "0.0.0.0", "0",
                                      "169.254.169.254", "0xa9fea9fe", "10.1.2.3", "192.168.0.1",
                                      "100.64.0.1", "224.0.0.1", "255.255.255.255", "fe80::1",
                                      "fc00::1", "::", "64:ff9b::7f00:1", "2002:7f00:1::1",
                                      "::127.0.0.1", "ff02::1"])
def test_an_internal_address_in_any_spelling_is_not_public(spelling: str):
    address = host_address(spelling)
    assert address is not None
    assert not is_public(address)
    assert not NOWHERE.permits(address)


@pytest.mark.parametrize("spelling", ["8.8.8.8", "0x08080808", "134744072", "8.8.2056",
                                      "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_a_public_address_in_any_spelling_is_public(spelling: str):
    assert is_public(host_address(spelling))


@pytest.mark.parametrize("name", ["localhost", "db.chgk.info", "1.2.3.4.5", "256.1.1.1",
                                  "08.1.1.1", "example.0x1"])
def test_a_host_name_or_a_malformed_address_is_a_name_to_resolve(name: str):
    assert host_address(name) is None


def test_the_allow_list_names_hosts_addresses_and_networks():
    allowed = Allowed.parse("mirror.club, 10.1.0.0/16 127.0.0.1\t::1")
    assert allowed.permits(ipaddress.ip_address("10.1.200.3"))
    assert not allowed.permits(ipaddress.ip_address("10.2.0.1"))
    assert allowed.permits(ipaddress.ip_address("127.0.0.1"))
    assert allowed.permits(ipaddress.ip_address("::1"))
    assert allowed.permits(ipaddress.ip_address("192.168.1.9"), "Mirror.Club")
    assert not allowed.permits(ipaddress.ip_address("192.168.1.9"), "other.club")
    with pytest.raises(ValueError):
        Allowed.parse("10.0.0.0/33")


class Rebinding:
    """A resolver whose answer for a name mixes a public address and a loopback one, as a
    name an attacker controls answers."""

    async def resolve(self, host: str, port: int = 0, family: int = 0) -> list[dict]:
        return [{"hostname": host, "host": a, "port": port, "family": family, "proto": 0,
                 "flags": 0} for a in ("93.184.216.34", "127.0.0.1")]

    async def close(self) -> None:
        pass


async def test_a_connection_goes_only_to_an_address_that_was_checked():
    resolver = GuardedResolver(NOWHERE, Rebinding())
    assert [r["host"] for r in await resolver.resolve("rebind.example", 80)] == ["93.184.216.34"]
    with pytest.raises(OSError):
        await GuardedResolver(NOWHERE).resolve("localhost", 80)


@asynccontextmanager
async def server(host: str, handler) -> AsyncIterator[str]:
    """Serve ``handler`` for every path on ``host`` at a free port; yields its base URL."""
    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    tcp = web.TCPSite(runner, host, 0)
    await tcp.start()
    try:
        yield f"http://{host}:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


def fetcher(allowed: Allowed) -> PackageFetcher:
    return PackageFetcher(Sources("https://db.chgk.info", "https://gotquestions.online",
                                  timeout=10.0, allowed=allowed))


async def refused(fetch: PackageFetcher, url: str) -> PackageReadError:
    with pytest.raises(PackageReadError) as caught:
        await fetch.fetch(url)
    return caught.value


async def test_a_package_link_to_the_bots_own_machine_is_refused_before_any_request(
        translator: Translator):
    # Given a package served on 127.0.0.1, and a bot with no allow-list
    async with site() as web:
        port = web.url.rpartition(":")[2]
        links = [f"http://{host}:{port}/files/pkg.txt" for host in (
            "127.0.0.1", "localhost", "0x7f000001", "2130706433", "127.1", "[::ffff:127.0.0.1]",
            "１２７.０.０.１", "LOCALHOST.")]
        # When each spelling of the address is sent
        errors = [await refused(fetcher(NOWHERE), link) for link in links]
        # Then none reaches the server, and each is the one message
        assert web.asked == []
        assert {e.key for e in errors} == {"package-error-fetch-failed"}
        # which reads as a closed port's does: nothing tells the two apart
        closed = await refused(fetcher(LOCAL), "http://127.0.0.1:9/files/pkg.txt")
        assert translator.format(closed.key, closed.args, "en") == translator.format(
            errors[0].key, {**errors[0].args, "url": closed.args["url"]}, "en")
        # And with the operator's allow-list the same links give the package
        fetched = await fetcher(LOCAL).fetch(links[0])
        assert fetched.name == "pkg.txt"
        by_name = await fetcher(Allowed.parse("localhost")).fetch(links[1])
        assert by_name.data == fetched.data


async def test_a_redirect_to_the_bots_own_machine_is_refused_on_its_hop():
    async with site() as inside:
        async def away(request: web.Request) -> web.StreamResponse:
            raise web.HTTPFound(f"{inside.url}/files/pkg.txt")

        # Given a site the bot may reach (127.0.0.2, allowed as a public one would be) that
        # redirects to a package on 127.0.0.1
        async with server("127.0.0.2", away) as outside:
            link = f"{outside}/pkg.txt"
            # When the link is sent to a bot allowing only the outside site
            error = await refused(fetcher(Allowed.parse("127.0.0.2")), link)
            # Then the hop to 127.0.0.1 is not taken
            assert error.key == "package-error-fetch-failed"
            assert inside.asked == []
            # And allowed too, it is followed
            both = Allowed.parse("127.0.0.2 127.0.0.1")
            assert (await fetcher(both).fetch(link)).url == f"{inside.url}/files/pkg.txt"


async def test_a_sound_on_the_bots_own_machine_is_not_downloaded():
    async with site() as web:
        with pytest.raises(PackageReadError):
            await download(f"{web.url}/sounds/q1.mp3")
        assert web.asked == []


async def test_twenty_endless_downloads_hold_little_memory_and_run_a_few_at_a_time():
    """Each download streams to a temporary file until the size cap (20 MB, a package's)
    refuses it; at most MAX_DOWNLOADS are open at once. Before, twenty held their bodies in
    memory together, 400 MB."""
    chunk = bytes(64 * 1024)
    open_now = [0]
    most_open = [0]

    async def endless(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse()
        await response.prepare(request)
        open_now[0] += 1
        most_open[0] = max(most_open[0], open_now[0])
        try:
            while True:
                await response.write(chunk)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            open_now[0] -= 1
        return response

    async with server("127.0.0.1", endless) as url:
        tracemalloc.start()
        try:
            results = await asyncio.gather(
                *(download(f"{url}/{n}.mp3", allowed=LOCAL) for n in range(20)),
                return_exceptions=True)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert {getattr(r, "key", r) for r in results} == {"package-error-too-big"}
    assert peak < 40 * 1024 * 1024  # two packages' worth
    assert most_open[0] <= MAX_DOWNLOADS


async def test_at_import_media_on_a_non_public_host_are_left_out_with_a_problem_line():
    # Given a package whose pictures are on a name resolving to loopback, on a private
    # address, and on a public address
    text = ("Чемпионат:\nКубок\n\nВопрос 1:\n(pic: http://localhost/a.png)\n   Что это?\n\n"
            "Ответ:\nА.\n\nВопрос 2:\n(pic: http://10.0.0.1/b.png)\n   А это?\n\nОтвет:\nБ.\n\n"
            "Вопрос 3:\n(pic: http://93.184.216.34/c.png)\n   И это?\n\nОтвет:\nВ.\n")
    # When it is imported
    result = await public_media(parse_package(text.encode(), "p.txt"), NOWHERE)
    # Then only the public picture stays, and each other one is a warning on its question
    assert [q.pictures for q in result.package.questions] == [
        (), (), ("http://93.184.216.34/c.png",)]
    assert [(p.line, p.key, p.args) for p in result.problems] == [
        (4, "package-problem-media-not-public", {"number": 1, "url": "http://localhost/a.png"}),
        (11, "package-problem-media-not-public", {"number": 2, "url": "http://10.0.0.1/b.png"})]
    assert result.usable
    # And an operator's allow-list keeps them
    kept = await public_media(parse_package(text.encode(), "p.txt"),
                              Allowed.parse("localhost 10.0.0.0/8"))
    assert kept.problems == []
