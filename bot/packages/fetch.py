"""Packages by link or id: db.chgk.info tours and packages, gotquestions.online packs, and
plain links to a package file.

:func:`recognise` tells what a reference points at; :class:`PackageFetcher` downloads it through
``bot.packages.web`` (public addresses only) and returns bytes that ``parse_package`` reads:

* a db.chgk.info link (``/tour/<id>``, ``/question/<tour>/<n>``) or a bare id (``znat13ch``,
  ``thanos19.5_u.4``, ``12345``): its XML export ``/tour/<id>/xml`` (formats.md 2.1); a
  package whose XML only lists its ``<tour>`` elements gets each tour's XML too, grafted into
  one document;
* a gotquestions.online pack page (``/pack/<id>``): the pack is inside the HTML, as strings
  pushed to ``self.__next_f`` (formats.md 3); its ``"pack"`` object becomes the JSON the
  gotquestions importer reads, with relative media paths made absolute links;
* any other http(s) link: the file as it is, in any format the bot reads; pictures it names
  by a relative path are resolved against the link (:func:`absolute_media`).

Everything is fetched before anything is returned, so a failure leaves nothing half-done.
Errors are :class:`PackageReadError` with ``package-error-fetch-*`` keys (``packages.ftl``).
"""

from __future__ import annotations

import asyncio
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from typing import Any, Literal
from urllib.parse import quote, unquote, urljoin, urlsplit

from bot.packages import MAX_PACKAGE_BYTES
from bot.packages.model import Handout, Package, Question
from bot.packages.result import ImportResult, PackageReadError, Problem, bad_xml
from bot.packages.web import FETCH_SECONDS, Allowed, Getter, download, failed, fetching, public_host

DB_CHGK_INFO = "https://db.chgk.info"
GOTQUESTIONS = "https://gotquestions.online"
_DB_HOSTS = frozenset({"db.chgk.info", "www.db.chgk.info", "db.chgk.net", "baza-voprosov.ru"})
_GQ_HOSTS = frozenset({"gotquestions.online", "www.gotquestions.online"})
_DB_PATH = re.compile(r"^/(?:tour|question)/([^/]+)")
_GQ_PATH = re.compile(r"^/pack/(\d+)")
# A bare db.chgk.info TextId or numeric id; a digit is required, so that a word such as a
# format's name ("duel") is never taken for an id.
_DB_ID = re.compile(r"^(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_PUSH = re.compile(r'self\.__next_f\.push\(\[\s*1\s*,\s*"((?:\\.|[^"\\])*)"\s*\]\)')
_PACK_KEY = re.compile(r'"pack"\s*:\s*\{')
MEDIA_LOOKUPS = 32
"""The most host names of one package's pictures and sounds looked up at import."""
_GQ_MEDIA = ("razdatkaPic", "audio", "answerPic", "commentPic", "commentAudio")
_HTML = re.compile(rb"^\s*(?:<!doctype\s+html|<html)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Sources:
    """Where the question databases are: base URLs without a trailing slash (a mirror, or a
    local server in tests), the fetch timeout in seconds, the size cap in bytes (None: no
    cap) and the non-public hosts and networks downloads may reach anyway (``allowed``;
    none by default: a mirror on the local network must be named there). Links to the real
    sites are fetched from these bases."""

    dbchgkinfo: str = DB_CHGK_INFO
    gotquestions: str = GOTQUESTIONS
    timeout: float = FETCH_SECONDS
    max_bytes: int | None = MAX_PACKAGE_BYTES
    allowed: Allowed = field(default_factory=Allowed)

    @classmethod
    def from_settings(cls, settings: Any) -> Sources:
        """The sources a ``bot.settings.Settings`` names (``CHGK_DBCHGKINFO_URL``,
        ``CHGK_GOTQUESTIONS_URL``, ``CHGK_FETCH_SECONDS``, ``CHGK_FETCH_ALLOW``). Raises
        ValueError for an allow-list entry that is no host, address or network."""
        return cls(settings.dbchgkinfo_url.rstrip("/"), settings.gotquestions_url.rstrip("/"),
                   settings.fetch_seconds, allowed=Allowed.parse(settings.fetch_allow))


@dataclass(frozen=True, slots=True)
class Link:
    """What a reference points at: ``kind`` ``db`` (a db.chgk.info tour or package, ``key``
    its id), ``gotquestions`` (a pack, ``key`` its number) or ``file`` (``key`` the URL);
    ``url`` is what is fetched first."""

    kind: Literal["db", "gotquestions", "file"]
    key: str
    url: str


@dataclass(frozen=True, slots=True)
class Fetched:
    """A fetched package: ``data`` for ``parse_package``, ``name`` a file name for it (its
    title when the package names none), ``url`` where it came from, and ``media_base`` the
    URL relative picture and audio names resolve against (None: the importer's own rules)."""

    data: bytes
    name: str
    url: str
    media_base: str | None = None


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").casefold()


def recognise(ref: str, sources: Sources = Sources()) -> Link | None:
    """What the text ``ref`` (one word) points at, or None when it is no link or id.

    A link to db.chgk.info (or its mirror in ``sources``) with ``/tour/<id>`` or
    ``/question/<id>/…`` is that tour's XML; a link to gotquestions.online (or its mirror)
    with ``/pack/<n>`` is that pack's page; any other http(s) link is a file; a bare word of
    letters, digits, ``.``, ``_``, ``-`` with at least one digit is a db.chgk.info id.
    """
    ref = ref.strip().strip("<>")
    if not ref:
        return None
    parts = urlsplit(ref)
    if parts.scheme in ("http", "https") and parts.hostname:
        host = parts.hostname.casefold()
        db = _DB_PATH.match(parts.path)
        if db and (host in _DB_HOSTS or host == _host(sources.dbchgkinfo)):
            return _db_link(unquote(db[1]), sources)
        pack = _GQ_PATH.match(parts.path)
        if pack and (host in _GQ_HOSTS or host == _host(sources.gotquestions)):
            return Link("gotquestions", pack[1], f"{sources.gotquestions}/pack/{pack[1]}")
        return Link("file", ref, ref)
    if "://" in ref or "/" in ref:
        return None
    if _DB_ID.match(ref):
        return _db_link(ref, sources)
    return None


def _db_link(text_id: str, sources: Sources) -> Link:
    return Link("db", text_id, f"{sources.dbchgkinfo}/tour/{quote(text_id, safe='._-')}/xml")


class PackageFetcher:
    """Downloads packages by reference (:func:`recognise`) from ``sources``."""

    def __init__(self, sources: Sources | None = None) -> None:
        self.sources = sources or Sources()

    async def fetch(self, ref: str) -> Fetched:
        """Fetch the package ``ref`` names; returns it whole.

        Raises PackageReadError: ``package-error-fetch-bad-link`` (no link or id),
        ``package-error-fetch-failed`` for everything else that keeps the link from giving
        a package (an HTTP error, no answer, a redirect elsewhere than http(s), a refused
        address, a gotquestions page holding no pack, a web page rather than a package
        file: the sender is not told which), ``package-error-too-big`` (over the size cap,
        all requests together), ``package-error-bad-xml`` (a db.chgk.info answer that is
        not XML).
        """
        link = recognise(ref, self.sources)
        if link is None:
            raise PackageReadError("package-error-fetch-bad-link", link=ref)

        async def work(getter: Getter) -> Fetched:
            if link.kind == "db":
                return await self._db(getter, link)
            if link.kind == "gotquestions":
                return await self._gotquestions(getter, link)
            return await self._file(getter, link)

        return await fetching(self.sources.timeout, self.sources.max_bytes,
                              self.sources.allowed, work)

    async def media(self, url: str, max_bytes: int) -> bytes:
        """A question's sound (or any media file) at the http(s) ``url``, for an adapter
        to upload when its platform cannot fetch it itself: fetched as packages are (only
        from what ``sources.allowed`` permits), at most ``max_bytes`` bytes. Raises
        PackageReadError (``package-error-fetch-failed``, ``package-error-too-big``)."""
        return await download(url, timeout=self.sources.timeout, max_bytes=max_bytes,
                              allowed=self.sources.allowed)

    async def _db(self, getter: Getter, link: Link) -> Fetched:
        data, _ = await getter.get(link.url)
        root = _xml(data)
        tours = root.findall("tour")
        if root.tag == "tournament" and tours and not any(t.find("question") is not None
                                                          for t in tours):
            # A package lists its tours only: each tour's XML brings its questions.
            for tour in tours:
                text_id = (tour.findtext("TextId") or tour.findtext("Id") or "").strip()
                if not text_id:
                    continue
                tour_root = _xml((await getter.get(_db_link(text_id, self.sources).url))[0])
                for question in tour_root.findall("question"):
                    tour.append(question)
            data = ET.tostring(root, encoding="utf-8", xml_declaration=True)
        return Fetched(data, f"{link.key}.xml", link.url)

    async def _gotquestions(self, getter: Getter, link: Link) -> Fetched:
        data, url = await getter.get(link.url)
        pack = pack_from_page(data.decode("utf-8", "replace"), url)
        if pack is None:
            raise failed(url, "the page holds no gotquestions pack")
        body = json.dumps({"pack": pack}, ensure_ascii=False).encode()
        return Fetched(body, f"gotquestions-{link.key}.json", url)

    async def _file(self, getter: Getter, link: Link) -> Fetched:
        data, url = await getter.get(link.url)
        if _HTML.match(data[:512]):
            pack = pack_from_page(data.decode("utf-8", "replace"), url)
            if pack is None:
                raise failed(url, "a web page, not a package file")
            body = json.dumps({"pack": pack}, ensure_ascii=False).encode()
            return Fetched(body, "gotquestions.json", url)
        name = unquote(urlsplit(url).path.rstrip("/").rpartition("/")[2]) or _host(url)
        return Fetched(data, name, url, media_base=url)


def _xml(data: bytes) -> ET.Element:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise PackageReadError("package-error-xml-doctype")
    try:
        return ET.fromstring(data)
    except ET.ParseError as error:
        raise bad_xml(error) from None


def pack_from_page(html: str, url: str) -> dict[str, Any] | None:
    """The ``"pack"`` object of a gotquestions.online page, or None when it holds none.

    The page's data is the concatenation of the JS strings pushed to ``self.__next_f``
    (formats.md 3); the pack is the first ``"pack":{…}`` object in it with a ``tours`` list.
    Media paths of its questions (``razdatkaPic``, ``audio``…) become absolute links against
    ``url``.
    """
    chunks = []
    for match in _PUSH.finditer(html):
        try:
            chunks.append(json.loads(f'"{match[1]}"'))
        except ValueError:
            continue
    payload = "".join(chunks)
    decoder = json.JSONDecoder()
    for match in _PACK_KEY.finditer(payload):
        try:
            pack, _ = decoder.raw_decode(payload, match.end() - 1)
        except ValueError:
            continue
        if isinstance(pack, dict) and isinstance(pack.get("tours"), list):
            _absolute_pack_media(pack, url)
            return pack
    return None


def _absolute_pack_media(pack: dict[str, Any], url: str) -> None:
    for tour in pack["tours"]:
        questions = tour.get("questions") if isinstance(tour, dict) else None
        for question in questions if isinstance(questions, list) else ():
            if not isinstance(question, dict):
                continue
            for key in _GQ_MEDIA:
                value = question.get(key)
                if isinstance(value, str) and value.strip():
                    question[key] = urljoin(url, value.strip())


def _absolute(name: str, base: str) -> str:
    return name if urlsplit(name).scheme in ("http", "https") else urljoin(base, name)


def absolute_media(result: ImportResult, base: str | None) -> ImportResult:
    """``result`` with every picture, handout picture and audio named by a relative path made
    an absolute link against ``base`` (the link the package came from); unchanged for None."""
    package = result.package
    if base is None or package is None:
        return result

    def question(q: Question) -> Question:
        handout = q.handout
        if handout is not None and handout.image:
            handout = Handout(handout.text, _absolute(handout.image, base))
        return replace(q, handout=handout,
                       pictures=tuple(_absolute(p, base) for p in q.pictures),
                       audio=tuple(_absolute(a, base) for a in q.audio))

    tours = tuple(replace(t, questions=tuple(question(q) for q in t.questions))
                  for t in package.tours)
    fixed: Package = replace(package, tours=tours)
    return ImportResult(fixed, result.problems)




async def public_media(result: ImportResult, allowed: Allowed) -> ImportResult:
    """``result`` without the pictures, handout pictures and sounds whose link leads to an
    address ``allowed`` does not permit (a local or private network: ``bot.packages.web``),
    each left out with a warning (``package-problem-media-not-public``) on its question's
    line, so that no such link is kept for later. Each host is looked up once, a few at a
    time, and at most ``MEDIA_LOOKUPS`` names per package (a host given as an address is
    always judged; a name past that is judged when it is fetched)."""
    package = result.package
    if package is None:
        return result
    links = {link for q in package.questions
             for link in (*q.pictures, *q.audio, q.handout.image if q.handout else None)
             if link and urlsplit(link).scheme in ("http", "https")}
    hosts = sorted({urlsplit(link).hostname or "" for link in links})
    turns = asyncio.Semaphore(4)

    async def judged(host: str, resolve: bool) -> bool:
        async with turns:
            return await public_host(host, allowed, resolve=resolve)

    public = await asyncio.gather(*(judged(h, n < MEDIA_LOOKUPS) for n, h in enumerate(hosts)))
    refused_hosts = {h for h, ok in zip(hosts, public, strict=True) if not ok}
    refused = {link for link in links if (urlsplit(link).hostname or "") in refused_hosts}
    if not refused:
        return result
    problems = list(result.problems)

    def kept(q: Question, found: tuple[str, ...]) -> tuple[str, ...]:
        for link in found:
            if link in refused:
                problems.append(Problem(q.line, "warning", "package-problem-media-not-public",
                                        {"number": q.number, "url": link}))
        return tuple(link for link in found if link not in refused)

    def question(q: Question) -> Question:
        handout = q.handout
        if handout is not None and handout.image in refused:
            kept(q, (handout.image,))
            handout = Handout(handout.text, None) if handout.text else None
        return replace(q, handout=handout, pictures=kept(q, q.pictures),
                       audio=kept(q, q.audio))

    tours = tuple(replace(t, questions=tuple(question(q) for q in t.questions))
                  for t in package.tours)
    return ImportResult(replace(package, tours=tours), problems)
