"""Every download the bot makes (a package by link, a question's sound), in one place.

Links come from anyone who writes to the bot, so a download must not become a way into the
network the bot runs in. Each request, and each redirect hop (followed here, at most
``MAX_REDIRECTS``), goes only to a public address: a host given as an address, in any
spelling (``0x7f000001``, ``2130706433``, ``127.1``, ``[::ffff:127.0.0.1]``), is checked
before the request; a host name is resolved by :class:`GuardedResolver`, which keeps only
public addresses, and the connection goes to one of the addresses it kept, so a name that
resolves elsewhere a second time (DNS rebinding) gets nowhere. :class:`Allowed` names the
hosts and networks an operator lets through anyway (a local mirror; the tests' servers).

At most ``MAX_DOWNLOADS`` downloads run at once in the process; a body is streamed to a
temporary file under the size cap, so a download that never ends holds no memory. Every
refused or failed request is the one ``package-error-fetch-failed`` message, which tells the
sender nothing of what is behind the link; the log keeps the reason for the operator.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
import tempfile
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import TypeVar
from urllib.parse import urljoin

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver
from yarl import URL

from bot.packages import MAX_PACKAGE_BYTES, check_size
from bot.packages.result import PackageReadError

log = logging.getLogger(__name__)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
FETCH_SECONDS = 30.0
"""How long one whole fetch may take, in seconds (every request of it, redirects included)."""
MAX_REDIRECTS = 5
MAX_DOWNLOADS = 4
"""How many downloads run at once in the process; the others wait their turn."""
CHUNK_BYTES = 64 * 1024
_T = TypeVar("_T")
_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]*|[0-9]+)$")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_COMPATIBLE = ipaddress.ip_network("::/96")
_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = \
    weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class Allowed:
    """Hosts and networks a download may reach although they are not public: ``hosts``
    (casefolded names, as links spell them) and ``networks``. Empty: only public addresses."""

    hosts: frozenset[str] = frozenset()
    networks: tuple[Network, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Allowed:
        """The allow-list ``text`` names: host names, addresses and networks (``10.0.0.0/8``,
        ``::1``), separated by commas or spaces (``CHGK_FETCH_ALLOW``). Raises ValueError for
        an entry with a ``/`` that is no network."""
        hosts: set[str] = set()
        networks: list[Network] = []
        for word in re.split(r"[\s,]+", text.strip()):
            if not word:
                continue
            address = host_address(word)
            if "/" in word:
                networks.append(ipaddress.ip_network(word, strict=False))
            elif address is not None:
                networks.append(ipaddress.ip_network(address))
            else:
                hosts.add(word.casefold().rstrip("."))
        return cls(frozenset(hosts), tuple(networks))

    def permits(self, address: Address, host: str = "") -> bool:
        """True when a download may connect to ``address`` (reached by the name ``host``):
        a public address, one in the allowed networks, or any address of an allowed host."""
        return (host.casefold().rstrip(".") in self.hosts
                or any(address in network for network in self.networks)
                or is_public(address))


def is_public(address: Address) -> bool:
    """True for an address on the public internet: not loopback, link-local, private,
    shared, multicast, reserved or unspecified. An IPv6 address carrying an IPv4 one
    (IPv4-mapped ``::ffff:a.b.c.d``, IPv4-compatible, 6to4, NAT64) is judged by the IPv4
    address it leads to."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is None and (address in _NAT64 or address in _COMPATIBLE):
            inner = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if inner is not None:
            return is_public(inner)
    return address.is_global and not address.is_multicast and not address.is_reserved


def host_address(host: str) -> Address | None:
    """The address the URL host ``host`` spells, or None for a host name: IPv6 (with or
    without brackets), dotted IPv4 and the forms resolvers also read as IPv4 (one to four
    parts, each decimal, octal with a leading 0 or hex with 0x, the last filling what is
    left: ``0x7f000001``, ``2130706433``, ``127.1``, ``0177.0.0.1``)."""
    host = host.strip("[]").rstrip(".")
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host.partition("%")[0])
        except ValueError:
            return None
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or not all(_NUMBER.match(p) for p in parts):
        return None
    try:
        numbers = [_ipv4_part(p) for p in parts]
    except ValueError:
        return None
    last_bits = 8 * (5 - len(numbers))
    if any(n > 255 for n in numbers[:-1]) or numbers[-1] >= 1 << last_bits:
        return None
    value = 0
    for n in numbers[:-1]:
        value = value << 8 | n
    return ipaddress.IPv4Address(value << last_bits | numbers[-1])


def _ipv4_part(part: str) -> int:
    if part[:2].lower() == "0x":
        return int(part[2:] or "0", 16)
    return int(part, 8) if len(part) > 1 and part.startswith("0") else int(part)


class RefusedAddress(OSError):
    """A host that leads only to addresses a download may not reach."""


class GuardedResolver(AbstractResolver):
    """``resolver`` (aiohttp's default one unless given), keeping only the addresses
    ``allowed`` permits; the connector connects to one of these, never to a name resolved
    again. Raises RefusedAddress (an OSError, which aiohttp reports as a connection error)
    when none is left."""

    def __init__(self, allowed: Allowed, resolver: AbstractResolver | None = None) -> None:
        self.allowed = allowed
        self._resolver = resolver or DefaultResolver()

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        """The addresses of ``host`` a download may connect to."""
        kept = [r for r in await self._resolver.resolve(host, port, family)
                if self.allowed.permits(ipaddress.ip_address(r["host"]), host)]
        if not kept:
            raise RefusedAddress(f"{host} resolves to no address a download may reach")
        return kept

    async def close(self) -> None:
        """Close the underlying resolver."""
        await self._resolver.close()


async def public_host(host: str, allowed: Allowed, *, resolve: bool = True,
                      timeout: float = 5.0) -> bool:
    """False when the URL host ``host`` leads to an address ``allowed`` does not permit (an
    address in any spelling, or, with ``resolve``, a name resolving to one within
    ``timeout`` seconds); True otherwise, a name not resolved now included (it is checked
    again when it is fetched)."""
    try:
        host = URL.build(scheme="http", host=host).raw_host or host
    except ValueError:
        return True
    address = host_address(host)
    if address is not None:
        return allowed.permits(address, host)
    if not resolve:
        return True
    try:
        infos = await asyncio.wait_for(
            asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM),
            timeout)
    except (OSError, TimeoutError, UnicodeError):
        return True
    return all(allowed.permits(ipaddress.ip_address(info[4][0].partition("%")[0]), host)
               for info in infos)


def user_agent() -> str:
    """The User-Agent of every download: the sites refuse aiohttp's default one; this one
    says who asks and where it comes from."""
    try:
        own = version("chgk-bot")
    except PackageNotFoundError:
        own = "dev"
    return f"Mozilla/5.0 (compatible; chgk-bot/{own}; +https://github.com/chgk-bot/chgk-bot)"


def _gate() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(MAX_DOWNLOADS)
    return gate


def failed(url: str, why: str) -> PackageReadError:
    """The one message for a refused or failed fetch of ``url``; ``why`` goes to the log
    only."""
    log.info("could not fetch %s: %s", url, why)
    return PackageReadError("package-error-fetch-failed", url=url)


async def fetching(timeout: float, max_bytes: int | None, allowed: Allowed,
                   work: Callable[[Getter], Awaitable[_T]]) -> _T:
    """``work`` run with a :class:`Getter` under ``timeout`` seconds (from when its turn
    comes) and ``max_bytes`` for everything it reads, reaching only what ``allowed``
    permits, while holding one of the process's ``MAX_DOWNLOADS`` turns. Raises
    PackageReadError: ``package-error-fetch-failed`` for every network failure or refusal,
    and whatever ``work`` raises."""
    async with _gate():
        connector = aiohttp.TCPConnector(resolver=GuardedResolver(allowed))
        # One session per fetch: links are sent rarely, and nothing stays open between them.
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout),
                                         connector=connector,
                                         headers={"User-Agent": user_agent()}) as session:
            getter = Getter(session, max_bytes, allowed)
            try:
                return await work(getter)
            except TimeoutError:
                raise failed(getter.last, "timeout") from None
            except aiohttp.ClientError as error:
                raise failed(getter.last, repr(error)) from None


class Getter:
    """GETs with the session, following redirects itself (only to http(s), only to hosts
    ``allowed`` permits), under one size cap for everything it reads; ``last`` is the URL
    asked last (for the message)."""

    def __init__(self, session: aiohttp.ClientSession, max_bytes: int | None,
                 allowed: Allowed) -> None:
        self.session = session
        self.max_bytes = max_bytes
        self.allowed = allowed
        self.used = 0
        self.last = ""

    async def get(self, url: str) -> tuple[bytes, str]:
        """The body of ``url`` and the URL it finally came from. Raises PackageReadError
        (``package-error-fetch-failed``; ``package-error-too-big`` over the cap)."""
        asked = self.last = url
        for _ in range(MAX_REDIRECTS + 1):
            # The host is checked as the client will connect to it: yarl folds spellings
            # such as full-width digits into an address, which aiohttp then connects to
            # without asking the resolver.
            try:
                target = URL(url)
            except ValueError:
                raise failed(asked, f"malformed link: {url}") from None
            host = target.raw_host or ""
            if target.scheme not in ("http", "https") or not host:
                raise failed(asked, f"not an http(s) link: {url}")
            address = host_address(host)
            if address is not None and not self.allowed.permits(address, host):
                raise failed(asked, f"refused address {address} in {url}")
            async with self.session.get(target, allow_redirects=False) as response:
                if response.status in (301, 302, 303, 307, 308):
                    url = urljoin(url, response.headers.get("Location", ""))
                    continue
                if response.status >= 400:
                    raise failed(asked, f"HTTP {response.status} from {url}")
                return await self._read(response), url
        raise failed(asked, "too many redirects")

    async def _read(self, response: aiohttp.ClientResponse) -> bytes:
        # Refused before the body is read when the server says its size, else as soon as
        # what came is over the cap; until then the body waits on disk, not in memory.
        if response.content_length is not None:
            check_size(self.used + response.content_length, self.max_bytes)
        size = 0
        with tempfile.TemporaryFile() as spool:
            async for chunk in response.content.iter_chunked(CHUNK_BYTES):
                size += len(chunk)
                check_size(self.used + size, self.max_bytes)
                spool.write(chunk)
            self.used += size
            spool.seek(0)
            return spool.read()


async def download(url: str, *, timeout: float = FETCH_SECONDS,
                   max_bytes: int | None = MAX_PACKAGE_BYTES,
                   allowed: Allowed = Allowed()) -> bytes:
    """The file at the http(s) ``url`` (an audio question's sound), fetched as a package is:
    within ``timeout`` seconds, at most ``max_bytes`` bytes (None: no cap), only from what
    ``allowed`` permits. Raises PackageReadError: ``package-error-fetch-failed``,
    ``package-error-too-big``."""
    async def work(getter: Getter) -> bytes:
        return (await getter.get(url))[0]

    return await fetching(timeout, max_bytes, allowed, work)
