"""The scoreboard pages over HTTP, with aiohttp (no second web framework).

``GET /g/<token>`` is a game's page and ``GET /g/<token>/events`` its live feed; ``/s/<token>``
and ``/s/<token>/events`` a season's. An unknown token is 404, so nobody browses other clubs'
games. The feed is server-sent events: each event (``event: board``) carries the whole board
as HTML, with the game's stored event count as its id; the browser's ``EventSource``
reconnects by itself and sends the last id it saw (``Last-Event-ID``), and the feed starts
with the current board unless that id is still current, so a page catches up after being
offline. The pages only read (``BoardHub``, the season's fold) and never write; a game's page
is its format's (``bot.board.view.BoardView``), given by the bootstrap.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web

from bot.board import season
from bot.board.guard import ConnectionGuard, GuardedSite, Limits, install_log_filters
from bot.board.html import Say, page
from bot.board.hub import SEASONS, BoardHub
from bot.board.links import GAME_PATH, SEASON_PATH, BoardLinks
from bot.board.view import BoardView
from bot.i18n import SUPPORTED_LOCALES, Translator
from bot.season import SeasonService

log = logging.getLogger(__name__)

KEEPALIVE = 15.0
"""Seconds between comments on a quiet feed, so proxies keep the connection open; the board
is rendered again then and sent if it changed."""

HEADERS = {
    # No external asset and nothing but this page's own feed (a venue's poor
    # internet); the token must not leak to another site through the referrer.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "script-src 'unsafe-inline'; connect-src 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
    "Cache-Control": "no-store",
}

def accepted_locale(header: str, default: str) -> str:
    """The supported locale (``bot.i18n.SUPPORTED_LOCALES``) an ``Accept-Language`` header
    (RFC 9110, 12.5.4: ``"en-GB,en;q=0.9,ru;q=0.8"``) prefers most, ``default`` when it
    names none of them."""
    best, best_q = default, 0.0
    for part in header.split(","):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = tag.strip().split("-")[0].lower()
        if lang in SUPPORTED_LOCALES and q > best_q:
            best, best_q = lang, q
    return best


Render = Callable[[], Awaitable[tuple[str, str, str]]]
"""Renders a board now: its version (the feed's event id), title and board HTML."""


class BoardServer:
    """The pages of ``hub``'s games, each drawn by its format's page in ``boards`` (by the
    format's stored name), and of ``seasons``' seasons, in each game's language
    (``translator``; a season's in ``locale``), their tokens looked up through ``links``,
    whose public base it sets when it starts listening (unless one is configured). ``limits``
    caps what one address may hold open (``bot.board.guard``)."""

    def __init__(self, hub: BoardHub, translator: Translator, links: BoardLinks,
                 seasons: SeasonService, *, boards: Mapping[str, BoardView], locale: str,
                 limits: Limits | None = None) -> None:
        self.hub = hub
        self.boards = dict(boards)
        self.t = translator
        self.links = links
        self.seasons = seasons
        self.locale = locale
        self._runner: web.AppRunner | None = None
        self._rendered: dict[int, tuple[int, str, str]] = {}
        self._closing = False
        self.guard = ConnectionGuard(limits or Limits())
        self._feeds: Counter[str] = Counter()
        self.more: list[Callable[[web.Application], None]] = []
        """Further pages' routes, added before the catch-all (the answer sheet's,
        ``bot.board.sheet``)."""

    def app(self) -> web.Application:
        """The aiohttp application serving the pages."""
        app = web.Application()
        app.router.add_get(GAME_PATH + "{token}", self._game_page)
        app.router.add_get(GAME_PATH + "{token}/events", self._game_feed)
        app.router.add_get(SEASON_PATH + "{token}", self._season_page)
        app.router.add_get(SEASON_PATH + "{token}/events", self._season_feed)
        for add in self.more:
            add(app)
        app.router.add_get("/{anything:.*}", self._nothing)
        app.on_shutdown.append(self._shutdown)
        return app

    async def start(self, host: str, port: int) -> str:
        """Listen on ``host``:``port`` (0: any free port); returns the address it listens
        at, ``http://host:port``. Raises OSError when the port cannot be had."""
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None,
                                     # A feed whose browser went away ends at once, and
                                     # frees its place under the address's cap.
                                     handler_cancellation=True,
                                     keepalive_timeout=self.guard.limits.idle_seconds)
        await self._runner.setup()
        site = GuardedSite(self._runner, host, port, self.guard)
        await site.start()
        install_log_filters()
        bound = self._runner.addresses[0][1]
        address = f"http://{host}:{bound}"
        if self.links.base is None:
            self.links.base = address
        return address

    async def stop(self) -> None:
        """Close the open feeds and stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _shutdown(self, app: web.Application) -> None:
        # Open feeds end now instead of holding the stop for the shutdown timeout.
        self._closing = True
        self.hub.wake_all()

    # --- games -----------------------------------------------------------------------------

    async def _game(self, request: web.Request) -> int:
        found = await self.links.boards.find(request.match_info["token"])
        if found is None or found.game_id is None:
            raise self._not_found(request)
        return found.game_id

    def _game_render(self, game_id: int) -> Render:
        async def render() -> tuple[str, str, str]:
            snap = await self.hub.snapshot(game_id)
            if snap is None or snap.seq == 0 or snap.format not in self.boards:
                raise self._not_found(locale=snap.locale if snap else None)
            shown = self._rendered.get(game_id)
            if shown is None or shown[0] != snap.seq:
                # Rendered once per change, however many pages watch the game.
                shown = (snap.seq, *self.boards[snap.format].render(
                    snap.model, Say(self.t, snap.locale)))
                self._rendered[game_id] = shown
            return str(shown[0]), shown[1], shown[2]
        return render

    async def _game_page(self, request: web.Request) -> web.Response:
        game_id = await self._game(request)
        snap = await self.hub.snapshot(game_id)
        return await self._page(self._game_render(game_id), snap.locale if snap else self.locale)

    async def _game_feed(self, request: web.Request) -> web.StreamResponse:
        game_id = await self._game(request)
        return await self._feed(request, game_id, self._game_render(game_id))

    # --- seasons ---------------------------------------------------------------------------

    async def _season(self, request: web.Request) -> int:
        found = await self.links.boards.find(request.match_info["token"])
        if found is None or found.season_id is None:
            raise self._not_found(request)
        return found.season_id

    def _season_render(self, season_id: int) -> Render:
        async def render() -> tuple[str, str, str]:
            info = await self.seasons.store.season_by_id(season_id)
            if info is None:
                raise self._not_found(locale=self.locale)
            title, board = season.board(await self.seasons.standings_of(info),
                                        Say(self.t, self.locale))
            return hashlib.sha256(board.encode()).hexdigest()[:16], title, board
        return render

    async def _season_page(self, request: web.Request) -> web.Response:
        return await self._page(self._season_render(await self._season(request)), self.locale)

    async def _season_feed(self, request: web.Request) -> web.StreamResponse:
        return await self._feed(request, SEASONS,
                                self._season_render(await self._season(request)))

    async def _nothing(self, request: web.Request) -> web.Response:
        raise self._not_found(request)

    # --- shared ----------------------------------------------------------------------------

    def _not_found(self, request: web.Request | None = None, *,
                   locale: str | None = None) -> web.HTTPNotFound:
        """The 404 page: in ``locale`` when a game or season is known, else in the language
        the browser asks for (``Accept-Language``), else in the server's."""
        if locale is None:
            locale = accepted_locale(request.headers.get("Accept-Language", "")
                                     if request is not None else "", self.locale)
        return web.HTTPNotFound(text=self.t("board-not-found", locale), headers=HEADERS)

    async def _page(self, render: Render, locale: str) -> web.Response:
        _, title, board = await render()
        return web.Response(text=page(Say(self.t, locale), title, board),
                            content_type="text/html", headers=HEADERS)

    async def _feed(self, request: web.Request, key: object, render: Render
                    ) -> web.StreamResponse:
        """Send the board on every change of ``key`` until the browser goes or the server
        stops; the first board unless ``Last-Event-ID`` names the current one. An address
        that already holds ``Limits.feeds_per_address`` feeds gets 429 instead."""
        remote = request.remote or ""
        if self.guard.capped(request.remote) and \
                self._feeds[remote] >= self.guard.limits.feeds_per_address:
            locale = accepted_locale(request.headers.get("Accept-Language", ""), self.locale)
            return web.Response(status=429, text=self.t("board-too-many-feeds", locale),
                                headers={**HEADERS, "Retry-After": "60"})
        self._feeds[remote] += 1
        try:
            return await self._stream(request, key, render)
        finally:
            self._feeds[remote] -= 1
            if self._feeds[remote] <= 0:
                del self._feeds[remote]

    async def _stream(self, request: web.Request, key: object, render: Render
                      ) -> web.StreamResponse:
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        shown = request.headers.get("Last-Event-ID")
        watch = self.hub.watch(key)
        try:
            while not self._closing:
                watch.changed.clear()
                version, _, board = await render()
                if version != shown:
                    data = "".join(f"data: {line}\n" for line in board.splitlines() or [""])
                    await response.write(f"id: {version}\nevent: board\n{data}\n".encode())
                    shown = version
                try:
                    await asyncio.wait_for(watch.changed.wait(), KEEPALIVE)
                except TimeoutError:
                    # Quiet for a while: keep the connection open, and look again (a season's
                    # table also changes when a game played elsewhere is recorded).
                    await response.write(b": keep-alive\n\n")
        except (ConnectionResetError, web.HTTPNotFound):
            pass  # the browser went away, or the game's log cannot be read any more
        finally:
            self.hub.unwatch(key, watch)
        return response
