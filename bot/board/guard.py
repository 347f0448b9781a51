"""What keeps the scoreboard's socket open for everyone: caps on connections, a deadline for a
request to arrive, and one log line (not thousands) when the process runs out of sockets.

The pages are public, so anyone can open connections to them. A client that opens many and
never finishes a request (a slow-loris attack) would otherwise hold them for as long as it
likes and starve the real audience of file descriptors. Here:

- a connection from one address beyond ``Limits.per_address``, or beyond ``Limits.total`` in
  all, is closed as soon as it is accepted;
- a connection that has sent no complete request within ``Limits.idle_seconds`` (half-sent
  headers included), or sits idle that long between requests, is closed (aiohttp's
  keep-alive timer, which runs from the moment a connection is made);
- each address may hold at most ``Limits.feeds_per_address`` live feeds (``BoardServer``);
- a malformed request is a 4xx and one debug line in the log, never a traceback.

Behind a reverse proxy every client arrives from the proxy's address: addresses in
``Limits.trusted`` (loopback by default) are not capped per address, and the proxy is the
place to limit each real client (``docs/security.md``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"),
                                 ipaddress.ip_network("::1/128"))


@dataclass(frozen=True)
class Limits:
    """The scoreboard socket's limits: open connections per address and in all, live feeds
    per address, seconds a connection may go without a complete request, and the networks
    (a reverse proxy's) that are not capped per address."""

    per_address: int = 32
    total: int = 4096
    feeds_per_address: int = 8
    idle_seconds: float = 15.0
    trusted: tuple[Network, ...] = field(default=LOOPBACK)


class ConnectionGuard:
    """Counts the open connections by remote address and admits a new one only under
    ``limits``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: Counter[str] = Counter()
        self._total = 0

    def capped(self, address: str | None) -> bool:
        """Whether ``address`` (an IP address as text; None when unknown) is held to the
        per-address caps: every address but the trusted networks'."""
        if address is None:
            return False
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return True
        return not any(ip in network for network in self.limits.trusted)

    def admit(self, address: str | None) -> bool:
        """Count a new connection from ``address`` and return True, or return False (and
        count nothing) when it would pass a cap."""
        if self._total >= self.limits.total:
            return False
        if self.capped(address) and self._open[address or ""] >= self.limits.per_address:
            return False
        self._total += 1
        self._open[address or ""] += 1
        return True

    def release(self, address: str | None) -> None:
        """Forget one connection from ``address`` that ``admit`` counted."""
        self._total -= 1
        key = address or ""
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, reached only when the guard admits it."""

    def __init__(self, inner: asyncio.Protocol, guard: ConnectionGuard) -> None:
        self._inner = inner
        self._guard = guard
        self._address: str | None = None
        self._admitted = False

    def connection_made(self, transport: Any) -> None:
        peer = transport.get_extra_info("peername")
        self._address = peer[0] if peer else None
        if not self._guard.admit(self._address):
            transport.abort()
            return
        self._admitted = True
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._admitted:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._admitted else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._admitted:
            self._admitted = False
            self._guard.release(self._address)
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._admitted:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._admitted:
            self._inner.resume_writing()


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site whose every accepted connection passes ``guard`` first."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int,
                 guard: ConnectionGuard) -> None:
        super().__init__(runner, host, port)
        self._guard = guard

    async def start(self) -> None:
        """Listen; raises OSError when the address cannot be had."""
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        def factory() -> asyncio.Protocol:
            return _Guarded(server(), self._guard)

        self._server = await asyncio.get_running_loop().create_server(
            factory, self._host, self._port, backlog=self._backlog,
            reuse_address=self._reuse_address)


class BadRequestFilter(logging.Filter):
    """Turns aiohttp's report of a malformed request (an over-long request line, broken
    headers: the client's fault, ``HttpProcessingError``) from an error with a traceback into
    one debug line, so a scan of the port cannot fill the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Always True; rewrites the records of malformed requests in place."""
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            record.msg = f"{record.getMessage()}: {exc.code}, {exc.message}"[:300]
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def install_log_filters() -> None:
    """Put ``BadRequestFilter`` on aiohttp's server log and ``OutOfSocketsFilter`` on
    asyncio's, once per process."""
    for name, kind in (("aiohttp.server", BadRequestFilter), ("asyncio", OutOfSocketsFilter)):
        logger = logging.getLogger(name)
        if not any(isinstance(f, kind) for f in logger.filters):
            logger.addFilter(kind())


class OutOfSocketsFilter(logging.Filter):
    """Lets asyncio's "socket.accept() out of system resource" error through once per
    ``every`` seconds, as one line without its traceback. asyncio logs it at every failed
    accept (each second while the process has no file descriptor left), which buries the log
    under thousands of tracebacks during an attack."""

    MESSAGE = "socket.accept() out of system resource"

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        super().__init__()
        self.every = every
        self._clock = clock
        self._last: float | None = None
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a repeat within ``every`` seconds; the first of a burst stays, shortened
        to the message and the count dropped since the last one."""
        if not str(record.msg).startswith(self.MESSAGE):
            return True
        now = self._clock()
        if self._last is not None and now - self._last < self.every:
            self.dropped += 1
            return False
        self._last = now
        record.msg = f"{self.MESSAGE}: no file descriptor left for a new connection " \
                     f"({self.dropped} more since the last such line)"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        self.dropped = 0
        return True
