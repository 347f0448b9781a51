"""The ops HTTP endpoint (``CHGK_OPS_PORT`` on ``CHGK_OPS_HOST``, 127.0.0.1 by default), for a
supervisor, a load balancer or Prometheus:

- ``/healthz``: 200 while the process runs and its event loop is responsive: a beat every
  second measures how late the loop wakes it, and over ``LAG_BOUND`` seconds (or no beat for
  that long) it is 503. A loop blocked outright does not answer at all, which a probe's
  timeout counts as a failure too.
- ``/readyz``: 200 when the database answers a trivial query within ``READY_SECONDS`` and
  every messenger is connected (the console: the database only); 503 otherwise. The body
  is JSON, each part's name and whether it is ready.
- ``/metrics``: ``bot.ops.metrics`` in Prometheus' text format.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.ops.metrics import PrometheusMetrics

BEAT_SECONDS = 1.0
"""How often the loop's lag is measured."""
LAG_BOUND = 5.0
"""Seconds of loop lag (or without a beat) past which the process is not healthy."""
READY_SECONDS = 3.0
"""How long the database may take to answer the readiness query."""

Check = Callable[[], Awaitable[bool]]
"""A readiness check: True when its part is ready; may raise (not ready)."""


class OpsServer:
    """The three endpoints over ``metrics``, with readiness ``checks`` by name (``database``,
    ``telegram``, ``discord``); ``clock`` is a monotonic time in seconds."""

    def __init__(self, metrics: PrometheusMetrics, checks: Mapping[str, Check], *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.metrics = metrics
        self.checks = dict(checks)
        self._clock = clock
        self.lag = 0.0
        """How late the loop woke the last beat, in seconds."""
        self._last_beat = clock()
        self._beat: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int) -> str:
        """Serve on ``host``:``port`` (0: any free port) and start the beat; returns the
        base URL. Raises OSError when the port cannot be had."""
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/readyz", self._ready)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        self._last_beat = self._clock()
        self._beat = asyncio.create_task(self._beating())
        bound = runner.addresses[0]
        return f"http://{host}:{bound[1]}"

    async def stop(self) -> None:
        """Stop serving and beating."""
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        if self._runner is not None:
            await self._runner.cleanup()

    async def _beating(self) -> None:
        while True:
            before = self._clock()
            await asyncio.sleep(BEAT_SECONDS)
            self._last_beat = self._clock()
            self.lag = max(0.0, self._last_beat - before - BEAT_SECONDS)

    def healthy(self) -> bool:
        """The loop's last beat came on time and not too long ago."""
        since = self._clock() - self._last_beat
        return self.lag <= LAG_BOUND and since <= BEAT_SECONDS + LAG_BOUND

    async def _health(self, _request: web.Request) -> web.Response:
        body = {"healthy": self.healthy(), "loop_lag_seconds": round(self.lag, 3)}
        return web.json_response(body, status=200 if body["healthy"] else 503)

    async def _ready(self, _request: web.Request) -> web.Response:
        parts = dict(zip(self.checks, await asyncio.gather(
            *(_answered(check) for check in self.checks.values())), strict=True))
        return web.Response(text=json.dumps(parts), content_type="application/json",
                            status=200 if all(parts.values()) else 503)

    async def _metrics(self, _request: web.Request) -> web.Response:
        response = web.Response(body=self.metrics.exposition())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response


async def _answered(check: Check) -> bool:
    """``check``'s answer within ``READY_SECONDS``; False when it fails or takes longer."""
    try:
        async with asyncio.timeout(READY_SECONDS):
            return await check()
    except Exception:
        return False
