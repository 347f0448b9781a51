"""The scoreboard's socket stays open for the audience under attack: half-sent requests are
dropped, one address cannot hold every connection or every live feed, an over-long request
line is refused without a traceback, the pages tell browsers not to sniff or frame them, and
running out of sockets is one log line, not one a second. Each served by the real
``BoardServer`` on 127.0.0.1, with its game restarted in the middle."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import pytest

from bot.board.guard import Limits, OutOfSocketsFilter
from bot.board.server import BoardServer
from tests.board.world import DUEL_LOBBY, BoardWorld

ATTACK_LIMITS = Limits(per_address=3, feeds_per_address=2, idle_seconds=0.5, trusted=())
"""Small caps, and 127.0.0.1 (where the tests' attacker is) not trusted as a proxy."""


@pytest.fixture
async def world(database_url):
    world = await BoardWorld.open(database_url)
    await world.feed("host: /newgame duel", *DUEL_LOBBY)
    yield world
    await world.close()


async def serve(world: BoardWorld, limits: Limits) -> tuple[BoardServer, str, int]:
    """The world's pages served on a free port of 127.0.0.1 under ``limits``: the server,
    its address and its port."""
    server = BoardServer(world.hub, world.translator, world.links, world.board.seasons,
                         boards=world.board.boards, locale="ru", limits=limits)
    address = await server.start("127.0.0.1", 0)
    return server, address, int(address.rsplit(":", 1)[1])


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes the connection (end of stream or reset) within 10 s."""
    try:
        async with asyncio.timeout(10):
            await reader.read()
            return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


async def get(address: str, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(address + path) as response:
        return response.status, await response.text()


async def test_half_sent_requests_are_closed_and_the_page_still_serves(world):
    # Given a page served with a short deadline for a request to arrive
    server, address, port = await serve(world, Limits(idle_seconds=0.5))
    token = await world.token()
    try:
        # When thirty clients send half a request each and then nothing (slow loris)
        pending = []
        for _ in range(30):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /g/{token} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".encode())
            await writer.drain()
            pending.append((reader, writer))
        # Then the server closes every one of them
        results = await asyncio.gather(*(closed_by_server(r) for r, _ in pending))
        assert all(results), f"{results.count(False)} half-sent requests still held"
        for _, writer in pending:
            writer.close()
        # And the page is served to a real browser all along, also after a restart
        assert (await get(address, f"/g/{token}"))[0] == 200
        await world.restart()
        await world.feed("anna: 7")
        assert (await get(address, f"/g/{token}"))[0] == 200
    finally:
        await server.stop()


async def test_one_address_cannot_hold_more_than_its_share_of_connections(world):
    # Given a cap of three connections per address
    server, address, port = await serve(world, ATTACK_LIMITS)
    token = await world.token()
    try:
        # When one address holds three idle connections open
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
        # Then a fourth from it is closed at once
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /g/{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert await closed_by_server(reader)
        writer.close()
        # And once one of the three is gone, the address is served again
        held[0][1].close()
        await held[0][1].wait_closed()
        await asyncio.sleep(0.05)
        assert (await get(address, f"/g/{token}"))[0] == 200
        for _, w in held[1:]:
            w.close()
    finally:
        await server.stop()


async def test_a_reverse_proxys_address_is_not_capped_per_address(world):
    # Given the default limits, which trust loopback as a reverse proxy's address
    server, _, port = await serve(world, Limits(per_address=3))
    token = await world.token()
    try:
        # When ten clients come through it (all from 127.0.0.1)
        answers = []
        for _ in range(10):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /g/{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            answers.append((await reader.readline(), writer))
        # Then every one is served
        assert all(line.startswith(b"HTTP/1.1 200") for line, _ in answers)
        for _, writer in answers:
            writer.close()
    finally:
        await server.stop()


async def test_one_address_gets_a_limited_number_of_live_feeds(world):
    # Given at most two live feeds per address
    server, address, _ = await serve(world, ATTACK_LIMITS)
    token = await world.token()
    try:
        async with aiohttp.ClientSession() as http:
            first = await http.get(f"{address}/g/{token}/events")
            second = await http.get(f"{address}/g/{token}/events")
            assert first.status == second.status == 200
            # When the same address opens a third
            async with http.get(f"{address}/g/{token}/events",
                                headers={"Accept-Language": "en"}) as third:
                # Then it is told why, in its language, and when to come back
                assert third.status == 429
                assert third.headers["Retry-After"] == "60"
                assert "Too many pages of this scoreboard" in await third.text()
            # And a feed closed makes room for a new one, which follows the game
            first.close()
            async with asyncio.timeout(10):
                while (again := await http.get(f"{address}/g/{token}/events")).status != 200:
                    again.close()
                    await asyncio.sleep(0.1)
            assert (await again.content.readline()).startswith(b"id: ")
            again.close()
            second.close()
    finally:
        await server.stop()


async def test_an_over_long_request_line_is_a_4xx_without_a_traceback(world, caplog):
    server, _, port = await serve(world, Limits())
    try:
        with caplog.at_level(logging.DEBUG):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            status = await reader.readline()
            writer.close()
        assert status.split()[1].startswith(b"4"), status
        assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO]
    finally:
        await server.stop()


async def test_pages_forbid_sniffing_and_framing(world):
    server, address, _ = await serve(world, Limits())
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(f"{address}/g/{await world.token()}") as page:
            assert page.headers["X-Content-Type-Options"] == "nosniff"
            assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    finally:
        await server.stop()


def test_running_out_of_sockets_is_one_short_line_a_minute():
    # Given asyncio's error at every failed accept, a second apart, for five minutes
    now = [0.0]
    only = OutOfSocketsFilter(every=60, clock=lambda: now[0])
    kept = []
    for second in range(300):
        now[0] = float(second)
        record = logging.LogRecord("asyncio", logging.ERROR, __file__, 1,
                                   "socket.accept() out of system resource\nsocket: <...>",
                                   (), (OSError, OSError(24, "Too many open files"), None))
        if only.filter(record):
            kept.append(record)
    # Then five lines are left, each without a traceback, counting what was dropped
    assert len(kept) == 5
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in kept)
    assert "59 more" in kept[1].getMessage()
    # And any other asyncio error passes untouched
    other = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "Task was destroyed",
                              (), None)
    assert only.filter(other) and other.getMessage() == "Task was destroyed"
