"""The ops endpoint (``CHGK_OPS_PORT``): ``/healthz``, ``/readyz`` and ``/metrics`` of a bot
that runs, in the console (the database only) and with Telegram (its connection too); a
readiness check that fails and a loop that lags are 503; a port that is taken is one line."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sys
import urllib.request
from contextlib import suppress

from aiohttp import ClientSession

from bot.ops.metrics import PrometheusMetrics
from bot.ops.server import LAG_BOUND, OpsServer
from tests.adapters.telegram.fake_telegram import TOKEN, FakeBotAPIServer, FakeTelegram
from tests.integration.test_recovery import Console
from tests.integration.test_startup_failures import bot, closed_port, one_clear_line, sqlite_url

STARTING = 120.0
"""Seconds a bot process may take to start and connect on a loaded machine."""


def fetch(url: str) -> tuple[int, str, str]:
    """GET ``url``: the status, the content type and the body, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read().decode()


def sample(metrics: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, as written) in Prometheus text."""
    found = re.search(rf"^{re.escape(name)} (\S+)$", metrics, re.MULTILINE)
    assert found, f"{name} not in:\n{metrics}"
    return float(found[1])


def test_a_console_game_answers_health_readiness_and_metrics(database_url, monkeypatch):
    # Given a console game with the ops endpoint on, and a DUEL minute of one second
    monkeypatch.setenv("CHGK_OPS_PORT", str(closed_port()))
    game = Console(database_url, discussion=1.0, warning_at=0.5)
    try:
        told = game.wait_for("The ops endpoint answers at")
        base = re.search(r"answers at (\S+)/healthz", told)[1]
        game.wait_for("A DUEL game is open")
        before = fetch(f"{base}/metrics")[2]
        # When a team registers, and a minute runs out
        from tests.integration.test_recovery import LOBBY

        game.send(*LOBBY)
        game.wait_for("choose a question")
        game.send("anna: 4")
        game.wait_for("Time!")
        # Then the process is healthy and ready (the console has only the database to wait
        # for), and the metrics count the actions and the minute's timers
        status, kind, body = fetch(f"{base}/healthz")
        assert (status, json.loads(body)["healthy"]) == (200, True)
        assert fetch(f"{base}/readyz")[::2] == (200, '{"database": true}')
        status, kind, after = fetch(f"{base}/metrics")
        assert status == 200 and kind.startswith("text/plain; version=")
        assert sample(after, "chgk_live_games") == 1
        assert sample(after, "chgk_action_seconds_count") >= \
            sample(before, "chgk_action_seconds_count") + len(LOBBY) + 1
        assert sample(after, "chgk_timer_lateness_seconds_count") >= 2  # the warning, the end
        assert sample(after, 'chgk_action_seconds_bucket{le="+Inf"}') == \
            sample(after, "chgk_action_seconds_count")
    finally:
        game.close()


async def test_telegram_s_connection_is_part_of_readiness(tmp_path):
    # Given the bot running on Telegram with the ops endpoint on
    port = closed_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHGK_")}
    async with FakeBotAPIServer(FakeTelegram()) as telegram:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", stderr=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            env={**env, "CHGK_TELEGRAM_TOKEN": TOKEN, "CHGK_LOCALE": "en",
                 "CHGK_TELEGRAM_API_SERVER": telegram.base_url, "CHGK_OPS_PORT": str(port),
                 "CHGK_DATABASE_URL": sqlite_url(tmp_path / "chgk.sqlite3")})
        try:
            # When it is connected (it asks Telegram for updates)
            async with ClientSession() as http:
                ready = None
                # A loaded machine may take a while to start the process and migrate.
                with suppress(TimeoutError):
                    async with asyncio.timeout(STARTING):
                        while ready is None or ready[0] != 200:
                            try:
                                async with http.get(f"http://127.0.0.1:{port}/readyz") as answer:
                                    ready = (answer.status, await answer.json())
                            except OSError:
                                pass
                            await asyncio.sleep(0.1)
                async with http.get(f"http://127.0.0.1:{port}/metrics") as answer:
                    metrics = await answer.text()
            # Then readiness counts the database and Telegram, and the outbox is measured
            assert ready == (200, {"database": True, "telegram": True})
            assert sample(metrics, 'chgk_outbox_queued{messenger="telegram"}') >= 0
            assert sample(metrics, 'chgk_outbox_oldest_seconds{messenger="telegram"}') >= 0
        finally:
            process.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err.decode()


async def test_a_failing_check_and_a_lagging_loop_are_503():
    now = [100.0]
    checks = {"database": _fails, "telegram": _ready}
    server = OpsServer(PrometheusMetrics(), checks, clock=lambda: now[0])
    base = await server.start("127.0.0.1", 0)
    try:
        async with ClientSession() as http:
            async with http.get(f"{base}/readyz") as answer:
                assert (answer.status, await answer.json()) == (
                    503, {"database": False, "telegram": True})
            async with http.get(f"{base}/healthz") as answer:
                assert answer.status == 200
            # No beat of the loop for longer than the bound: not healthy.
            now[0] += LAG_BOUND + 2
            async with http.get(f"{base}/healthz") as answer:
                assert answer.status == 503
    finally:
        await server.stop()


async def _fails() -> bool:
    raise OSError("connection refused")


async def _ready() -> bool:
    return True


def test_an_ops_port_that_is_taken_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = bot("console", "--clock", "virtual", CHGK_OPS_PORT=str(port),
                     CHGK_DATABASE_URL=sqlite_url(tmp_path / "chgk.sqlite3"))
    line = one_clear_line(result)
    assert line.startswith(f"The ops endpoint cannot listen on 127.0.0.1:{port} (")
    assert line.endswith("Free that port or set CHGK_OPS_PORT to another one, and start again.")
