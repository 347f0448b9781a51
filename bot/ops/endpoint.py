"""The ops endpoint's wiring: its metrics when ``CHGK_OPS_PORT`` turns it on, and the server
started with the readiness checks and the messengers' counts (``bot.ops.server``,
``bot.ops.metrics``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.i18n import Translator
from bot.ports import Adapter, StartupError
from bot.settings import Settings
from storage.db import Storage

if TYPE_CHECKING:
    # prometheus-client is loaded only when the ops endpoint is on (``ops_metrics``).
    from bot.ops.metrics import PrometheusMetrics
    from bot.ops.server import Check, OpsServer


def ops_metrics(settings: Settings) -> PrometheusMetrics | None:
    """The metrics of the ops endpoint when ``settings.ops_port`` turns it on, else None."""
    if settings.ops_port is None:
        return None
    from bot.ops.metrics import PrometheusMetrics

    return PrometheusMetrics()


async def start_ops(settings: Settings, metrics: PrometheusMetrics, storage: Storage,
                    adapters: list[Adapter], translator: Translator, locale: str,
                    tell: Callable[[str], object]) -> OpsServer:
    """Start the ops endpoint (``bot.ops.server``) on ``settings.ops_host``/``ops_port``:
    ready when ``storage`` answers and every one of ``adapters`` is connected; the adapters'
    outbox depths, oldest waits and 429 counts, where they keep them, go into ``metrics``.
    ``tell`` gets the line saying where it serves. Raises StartupError when the port cannot
    be had."""
    from bot.ops.server import OpsServer

    assert settings.ops_port is not None
    checks: dict[str, Check] = {"database": storage.ping}
    for adapter in adapters:
        checks[adapter.platform] = _connected(adapter)
        for name, reads in (("queued", metrics.snapshot.queued),
                            ("oldest_wait", metrics.snapshot.oldest_wait),
                            ("throttled", metrics.snapshot.throttled)):
            read = getattr(adapter, name, None)
            if read is not None:
                reads[adapter.platform] = read
    server = OpsServer(metrics, checks)
    try:
        address = await server.start(settings.ops_host, settings.ops_port)
    except OSError as error:
        raise StartupError("startup-ops-port", host=settings.ops_host,
                           port=str(settings.ops_port), error=str(error)) from None
    tell(translator.format("ops-serving", {"health": f"{address}/healthz",
                                           "ready": f"{address}/readyz",
                                           "metrics": f"{address}/metrics"}, locale))
    return server


def _connected(adapter: Adapter) -> Check:
    """The readiness check of ``adapter``: its ``connected()`` (an adapter that cannot tell
    counts as connected while it runs)."""
    connected = getattr(adapter, "connected", None)

    async def check() -> bool:
        return connected() if connected is not None else True

    return check
