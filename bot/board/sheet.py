"""The captain's answer sheet and the hosts' jury desk, a Telegram Mini App (and a page for
Discord and browsers), served by the scoreboard's aiohttp server under ``/app``.

``GET /app`` is the page (``bot.board.sheet_page``); everything else is a JSON POST carrying
who asks (``bot.board.miniapp_auth``): ``/app/api/open`` with Telegram's init data or a
signed link's pass, then ``/app/api/sheet`` (what the page shows now), ``/app/api/answer``
(a hand-in: the receipt is this HTTP answer, not a chat message; its send time is when it
reached the bot, and the window's close waits for it, ``bot.service.arrivals``, SYNC-6),
``/app/api/judge`` (a host's verdict on a group), ``/app/api/queue`` (a host opens a
question's answers for judging, where the format waits for that), ``/app/api/vote`` (a
juror's vote on an appeal, SYNC-10) and ``/app/api/defer`` (a host defers an appeal for
checking), each with the pass in ``X-Sheet-Pass``.
A hand-in and a verdict are the chat's own actions (``bot.service.pages``: same decider, same
role table, same log). A refused request gets a clear message in the person's language and
stores nothing. What a sheet shows and which actions its buttons stand for are the format's
(``bot.board.view.SheetView``, by the format's stored name: SYNC's and TV's); these
pages know no format.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from aiohttp import web

from bot.board.html import Say
from bot.board.miniapp_auth import PageAuth, Pass, Refused
from bot.board.server import HEADERS, accepted_locale
from bot.board.sheet_page import TELEGRAM_SCRIPT, sheet_page
from bot.board.view import QueuesAnswers, SheetView
from bot.calendar.zone import localised
from bot.commands import Command
from bot.i18n import Translator
from bot.ports import ChatRef
from bot.service.pages import PageActions
from rules.base import Rejection, Role
from rules.judging import Verdict
from storage.boards import BoardStore
from storage.db import storage_fault

log = logging.getLogger(__name__)

APP_PATH = "/app"
"""Where the page lives; the Mini App's URL given to @BotFather is the public base plus this."""
PASS_HEADER = "X-Sheet-Pass"
MAX_BODY = 8192
"""Bytes a request's JSON may have at most (an answer is short)."""
KEPT = 64
"""Games whose table is kept computed (``standings``) at most."""
PEOPLE_KEPT = 100_000
"""Accounts whose player id is kept at most, and request ids remembered (replays)."""
ZONE_SECONDS = 60.0
"""How long a game chat's time zone, once read, is used for its pages before it is read again
(thousands of pages ask every few seconds; a club changes its zone once, if ever)."""
REPLAY_SECONDS = 24 * 3600.0
"""How long a request id is remembered as used (longer than any pass lasts)."""

TEXTS = ("title", "field", "send", "desk", "offline", "left", "accept", "reject", "auto", "queue",
         "appeals", "vote_yes", "vote_no", "defer",
         "suggest_accept", "suggest_reject", "suggest_unsure", "verdict_accept",
         "verdict_reject")
"""The script's texts, each the message ``sheet-js-<name>`` of the locales."""


class SheetPages:
    """The sheet's and the desk's routes over ``actions`` (the service's page entry),
    checked by ``auth``, games found by their board token in ``boards``, each format's sheet
    in ``sheets`` by its stored name, texts from ``translator`` (``locale`` when neither the
    person nor the game says one); ``telegram`` is the address of Telegram's script (None:
    not loaded, for tests that stub it); ``now`` the clock (UTC)."""

    def __init__(self, actions: PageActions, auth: PageAuth, boards: BoardStore,
                 translator: Translator, *, sheets: Mapping[str, SheetView], locale: str,
                 now: Callable[[], datetime], telegram: str | None = TELEGRAM_SCRIPT) -> None:
        self.actions = actions
        self.sheets = sheets
        self.auth = auth
        self.boards = boards
        self.t = translator
        self.locale = locale
        self.now = now
        self.telegram = telegram
        self._used: dict[str, float] = {}
        # Each game's table by the sequence number it was computed at (``standings``).
        self._tables: dict[int, tuple[int, Any]] = {}
        # Each game chat's time zone and until when it is used (``_zone``).
        self._zones: dict[str, tuple[float, ZoneInfo]] = {}
        # Player ids by account: an account's id never changes, and a page asks every few
        # seconds (thousands of sheets at once in a big SYNC game).
        self._players: dict[tuple[str, str], int] = {}

    def install(self, app: web.Application) -> None:
        """Add the routes to ``app`` (before its catch-all)."""
        app.router.add_get(APP_PATH, self._page)
        app.router.add_post(APP_PATH + "/api/open", self._open)
        app.router.add_post(APP_PATH + "/api/sheet", self._sheet)
        app.router.add_post(APP_PATH + "/api/answer", self._answer)
        app.router.add_post(APP_PATH + "/api/judge", self._judge)
        app.router.add_post(APP_PATH + "/api/queue", self._queue)
        app.router.add_post(APP_PATH + "/api/vote", self._vote)
        app.router.add_post(APP_PATH + "/api/defer", self._defer)

    # --- the page --------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        locale = accepted_locale(request.headers.get("Accept-Language", ""), self.locale)
        # "%s" stands for the time left, which the script fills in.
        texts = {name: self.t.format(f"sheet-js-{name.replace('_', '-')}", {"time": "%s"},
                                     locale) for name in TEXTS}
        script = " https://telegram.org" if self.telegram else ""
        headers = {**HEADERS, "Content-Security-Policy":
                   "default-src 'none'; style-src 'unsafe-inline'; "
                   f"script-src 'unsafe-inline'{script}; connect-src 'self'; "
                   # Telegram's web client shows a Mini App in a frame of its own page.
                   "frame-ancestors https://web.telegram.org"}
        return web.Response(text=sheet_page(locale, self.t("sheet-title", locale), texts,
                                            telegram=self.telegram),
                            content_type="text/html", headers=headers)

    # --- the API ---------------------------------------------------------------------------

    async def _open(self, request: web.Request) -> web.Response:
        body, refusal = await self._body(request)
        if refusal is not None:
            return refusal
        try:
            init_data = body.get("init_data")
            if isinstance(init_data, str) and init_data:
                visitor = self.auth.telegram(init_data)
                found = await self.boards.find(visitor.game_token or "") \
                    if visitor.game_token else None
                if found is None or found.game_id is None:
                    return self._refuse(request, "sheet-no-game", visitor.locale)
                token = self.auth.issue(found.game_id, visitor.platform, visitor.external_id,
                                        visitor.name, visitor.locale)
                granted = self.auth.check(token)
            else:
                granted = self.auth.check(request.headers.get(PASS_HEADER, ""))
                token = self.auth.renewed(granted)
        except Refused as refused:
            return self._refuse(request, refused.key, None)
        return await self._show(request, granted, token)

    async def _sheet(self, request: web.Request) -> web.Response:
        granted = self._pass(request)
        if isinstance(granted, web.Response):
            return granted
        return await self._show(request, granted, self.auth.renewed(granted))

    async def _answer(self, request: web.Request) -> web.Response:
        # A hand-in's send time is when it reached the bot (SYNC-6), stamped before anything
        # is awaited, and the window's close waits for it: a busy server still counts an
        # answer that came in time.
        at = self.now()
        granted = self._unfit(request) or self._pass(request)
        if isinstance(granted, web.Response):
            return granted
        with self.actions.arriving(granted.game_id, at):
            body, refusal = await self._read(request)
            if refusal is not None:
                return refusal
            text = body.get("text")
            if not isinstance(text, str):
                return self._refuse(request, "sheet-bad-request", granted.locale)
            return await self._act(request, granted, body, Command("answer", text.strip()),
                                   at)

    async def _judge(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, granted, at = asked
        key, verdict, seen = body.get("key"), body.get("verdict"), body.get("seen")
        verdicts = {v.value for v in Verdict}
        if not isinstance(key, str) or verdict not in verdicts or \
                (seen is not None and seen not in verdicts):
            return self._refuse(request, "sheet-bad-request", granted.locale)

        async def make(ctx: Any) -> Any:
            view = await self._sheet_of(granted)
            return view.judge(ctx.player, key, Verdict(verdict),
                              Verdict(seen) if seen is not None else None)

        return await self._act(request, granted, body, make, at, verdict)

    async def _queue(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, granted, at = asked
        number = body.get("number")
        if not isinstance(number, int) or isinstance(number, bool):
            return self._refuse(request, "sheet-bad-request", granted.locale)

        async def make(ctx: Any) -> Any:
            view = await self._sheet_of(granted)
            if not isinstance(view, QueuesAnswers):
                return Rejection("sheet-bad-request")
            return view.queue(ctx.state, ctx.package, ctx.player, number)

        # The chat's command for it is ``clubs`` (TV), which an ended game still takes.
        return await self._act(request, granted, body, make, at, "clubs")

    async def _vote(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, granted, at = asked
        team, accept = body.get("team"), body.get("accept")
        if not isinstance(team, int) or not isinstance(accept, bool):
            return self._refuse(request, "sheet-bad-request", granted.locale)

        async def make(ctx: Any) -> Any:
            view = await self._sheet_of(granted)
            return view.vote(ctx.player, team, accept)

        return await self._act(request, granted, body, make, at, "vote")

    async def _defer(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, granted, at = asked
        team = body.get("team")
        if not isinstance(team, int):
            return self._refuse(request, "sheet-bad-request", granted.locale)

        async def make(ctx: Any) -> Any:
            view = await self._sheet_of(granted)
            return view.defer(ctx.player, team)

        return await self._act(request, granted, body, make, at, "defer")

    # --- shared ----------------------------------------------------------------------------

    async def _act(self, request: web.Request, granted: Pass, body: dict[str, Any],
                   make: Any, at: datetime, command: str = "") -> web.Response:
        """Do ``make`` (standing for the chat's ``command``, sent at ``at``: when the request
        reached the bot, UTC) for the pass's person once per request id; the sheet after it,
        or the refusal with the sheet as it stands."""
        rid = body.get("request")
        if not isinstance(rid, str) or not 8 <= len(rid) <= 32 or not rid.isalnum():
            return self._refuse(request, "sheet-bad-request", granted.locale)
        seen_key = f"{granted.platform}:{granted.external_id}:{rid}"
        if not self._first_use(seen_key):
            return self._refuse(request, "sheet-refused-replayed", granted.locale)
        try:
            player, locale = await self._member(granted)
        except Refused as refused:
            return self._refuse(request, refused.key, granted.locale)
        try:
            outcome = await self.actions.act(
                granted.game_id, player, make, sent_at=at, name=granted.name,
                delivery=f"page:{seen_key}"[:80], locale=locale, command=command)
        except Exception as error:
            fault = storage_fault(error)
            if fault is None:
                raise
            log.error("a page's command was not stored, the database is %s", fault)
            return self._json({"error": self.t(f"error-not-stored-{fault}", locale)}, 503)
        if outcome.repeated:
            return self._refuse(request, "sheet-refused-replayed", locale)
        shown = await self._view(granted, player, locale)
        if outcome.refusal is not None:
            shown["error"] = self.t.format(outcome.refusal.reason, outcome.refusal.args, locale)
            return self._json(shown, 409)
        return self._json(shown)

    async def _show(self, request: web.Request, granted: Pass, token: str) -> web.Response:
        try:
            player, locale = await self._member(granted)
        except Refused as refused:
            return self._refuse(request, refused.key, granted.locale)
        return self._json({**await self._view(granted, player, locale), "pass": token})

    async def _member(self, granted: Pass) -> tuple[int, str]:
        """The pass's person as a player with a part in its game, and the language to speak
        to them. Raises Refused: ``sheet-refused-stranger`` for someone with no part in it
        (nothing is stored for them), ``sheet-format-unsupported`` for a game of a format
        with no sheet."""
        game = await self.actions.game(granted.game_id)
        if game is None or game.chat.platform != granted.platform:
            raise Refused("sheet-refused-stranger")
        if game.fmt.name not in self.sheets:
            raise Refused("sheet-format-unsupported")
        account = (granted.platform, granted.external_id)
        player = self._players.get(account)
        if player is None:
            player = await self.actions.person(*account)
            if player is not None:
                if len(self._players) >= PEOPLE_KEPT:
                    self._players.clear()
                self._players[account] = player
        if player is None or not game.fmt.roles_of(game.state, player) - {Role.SPECTATOR}:
            raise Refused("sheet-refused-stranger")
        locale = self.t.locale_for(granted.locale) if granted.locale else game.info.locale
        return player, locale

    async def _sheet_of(self, granted: Pass) -> SheetView:
        """The sheet of the format of the pass's game; asked only once ``_member`` has let
        the person in (the game exists and its format has a sheet)."""
        game = await self.actions.game(granted.game_id)
        assert game is not None
        return self.sheets[game.fmt.name]

    async def _view(self, granted: Pass, player: int, locale: str) -> dict[str, Any]:
        game = await self.actions.game(granted.game_id)
        assert game is not None
        view = self.sheets[game.fmt.name]
        say = Say(self.t, locale)
        # A date (an appeal's deadline) is written as the club reads it, in its time zone.
        zone = await self._zone(game.chat)

        def tell(key: str, args: dict[str, Any]) -> str:
            return self.t.format(key, localised(args, zone), locale)

        def table() -> Any:
            kept = self._tables.get(game.info.id)
            if kept is None or kept[0] != game.next_seq:
                if len(self._tables) >= KEPT:
                    self._tables.clear()
                kept = self._tables[game.info.id] = (game.next_seq,
                                                     view.standings(game.state))
            return kept[1]

        shown = view.page(game.state, game.package, player, self.now(), say, tell, table)
        if shown is None:
            return {"error": self.t("sheet-refused-stranger", locale)}
        return shown

    async def _zone(self, chat: ChatRef) -> ZoneInfo:
        """The time zone of game chat ``chat``, read at most every ``ZONE_SECONDS``."""
        now = time.monotonic()
        kept = self._zones.get(chat.key)
        if kept is None or kept[0] < now:
            if len(self._zones) >= KEPT:
                self._zones.clear()
            kept = self._zones[chat.key] = (now + ZONE_SECONDS, await self.actions.zone(chat))
        return kept[1]

    async def _asked(self, request: web.Request
                     ) -> tuple[dict[str, Any], Pass, datetime] | web.Response:
        """A POST's JSON body, its pass and when it arrived (UTC, read before anything is
        awaited), or the refusal of a request without both."""
        at = self.now()
        body, refusal = await self._body(request)
        if refusal is not None:
            return refusal
        granted = self._pass(request)
        return granted if isinstance(granted, web.Response) else (body, granted, at)

    def _pass(self, request: web.Request) -> Pass | web.Response:
        """The pass of ``X-Sheet-Pass``, or the refusal of a missing, forged or expired one."""
        try:
            return self.auth.check(request.headers.get(PASS_HEADER, ""))
        except Refused as refused:
            return self._refuse(request, refused.key, None)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], web.Response | None]:
        """The request's JSON object, or the refusal of a request that is not one (a form
        another site could post, too large, not JSON)."""
        refusal = self._unfit(request)
        return ({}, refusal) if refusal is not None else await self._read(request)

    def _unfit(self, request: web.Request) -> web.Response | None:
        """The refusal of a request whose headers say it is no JSON body of ours (a form
        another site could post, too large), else None; reads nothing."""
        if request.content_type != "application/json" or \
                (request.content_length or 0) > MAX_BODY:
            return self._refuse(request, "sheet-bad-request", None)
        return None

    async def _read(self, request: web.Request) -> tuple[dict[str, Any], web.Response | None]:
        """The JSON object of a request ``_unfit`` let through, or the refusal of one that is
        not JSON or not an object."""
        try:
            body = json.loads(await request.content.read(MAX_BODY + 1) or b"{}")
        except (ValueError, UnicodeDecodeError):
            body = None
        if not isinstance(body, dict):
            return {}, self._refuse(request, "sheet-bad-request", None)
        return body, None

    def _first_use(self, key: str) -> bool:
        """Whether request ``key`` is new (and remember it); forgets the old ones."""
        now = time.monotonic()
        if len(self._used) > PEOPLE_KEPT:
            self._used = {k: t for k, t in self._used.items() if t > now}
        if self._used.get(key, 0.0) > now:
            return False
        self._used[key] = now + REPLAY_SECONDS
        return True

    def _refuse(self, request: web.Request, key: str, locale: str | None) -> web.Response:
        """A refusal (403 for who asks, 400 for a malformed request, 409 for a replay, 404
        for an unknown game) with its message in the person's language, else the
        browser's."""
        if locale:
            locale = self.t.locale_for(locale)
        else:
            locale = accepted_locale(request.headers.get("Accept-Language", ""), self.locale)
        status = {"sheet-bad-request": 400, "sheet-refused-replayed": 409,
                  "sheet-no-game": 404}.get(key, 403)
        return self._json({"error": self.t(key, locale)}, status)

    @staticmethod
    def _json(data: dict[str, Any], status: int = 200) -> web.Response:
        return web.json_response(data, status=status, headers=HEADERS)
