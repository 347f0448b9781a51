"""The answer sheet under a SYNC deadline: ``teams`` captains hand in over the Mini App's
HTTP endpoint (``bot.board.sheet``) within the last ``last`` seconds of a window.

Real HTTP to the board's aiohttp server on 127.0.0.1, in the same process as the bot (as it
runs), from an aiohttp client with up to ``CONNECTIONS`` connections; each captain's init data
is signed with the bench bot's token exactly as Telegram signs it, and the captain opens the
sheet (``/app/api/open``) before the window's last seconds, then hands in at a random moment
within them (``/app/api/answer``). The receipt is the HTTP answer.

Measured: from the moment a hand-in is due until its receipt came back (p50/p99/max), the
last receipt's time after the window closed (0: before it; the window closes one second of
grace after the deadline), and how long after the close the host's desk first shows the
grouped answers. The Bot API path's figure for the same number of teams, every receipt a
message paced under Telegram's limit (``bench.receipts``), is printed beside it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bench.stats import summarize
from bench.sync import SyncMessenger
from bench.world import WRONG_ANSWERS
from bot.board.miniapp_auth import PageAuth
from bot.board.sheet import PASS_HEADER, SheetPages
from bot.board.sheet_links import SheetLinks
from bot.bootstrap import SAMPLE_PACKAGE, build_bot, formats, sheet_views, shutdown
from bot.formats.sync import SyncFormat
from bot.i18n import Translator
from bot.packages import load_package
from bot.ports import ChatRef
from bot.service import GameService, Incoming
from bot.service.pages import PageActions
from bot.settings import Settings
from rules.sync.play import GRACE

TOKEN = "4242:BENCH-token-of-no-bot"
GROUP = ChatRef("telegram", "-1001")
HOST = "10"
CONNECTIONS = 1000
"""The client's connections at most: a proxy in front keeps about as many to the bot."""


def telegram_init_data(token: str, user_id: int, start_param: str, auth_date: datetime,
                       *, first_name: str = "X", language: str = "ru") -> str:
    """The Mini App's init data of user ``user_id`` opened by a link with ``start_param`` at
    ``auth_date``, signed with the bot's ``token`` as Telegram signs it: the HMAC-SHA256 of
    the sorted ``key=value`` lines under the HMAC-SHA256 of the token keyed ``WebAppData``."""
    fields = {"query_id": f"AAE{user_id}",
              "user": json.dumps({"id": user_id, "first_name": first_name,
                                  "language_code": language}, ensure_ascii=False,
                                 separators=(",", ":")),
              "auth_date": str(int(auth_date.timestamp())), "start_param": start_param,
              "chat_type": "supergroup", "chat_instance": "-42"}
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


async def _say(service: GameService, person: str, text: str, private: bool = False) -> None:
    chat = ChatRef("telegram", person, private=True) if private else GROUP
    await service.handle(Incoming(chat, person, person, text, sender_locale="ru"))


async def run_sheet(db_path: Path, *, teams: int, discussion: float, warning_at: float,
                    hand_in: float, last: float, seed: int) -> dict[str, Any]:
    """Play one SYNC window of ``teams`` teams handing in over the sheet's HTTP endpoint
    within the ``last`` seconds of it (times in seconds); returns the measurements."""
    settings = Settings(_env_file=None, database_url=f"sqlite+aiosqlite:///{db_path}",
                        board_port=0)
    games = {**formats(settings), "sync": SyncFormat(
        {"discussion": discussion, "warning_at": warning_at, "hand_in": hand_in})}
    service, storage, scheduler, board = await build_bot(
        settings, Translator(), SyncMessenger(), "ru", games=games)
    assert board is not None
    auth = PageAuth(TOKEN.encode(), telegram_token=TOKEN, now=service.clock.now)
    sheets = SheetLinks(auth, board.links, app=None)
    board.more[:] = [SheetPages(PageActions.of(service), auth, board.links.boards, Translator(),
                                sheets=sheet_views(service.formats), locale="ru",
                                now=service.clock.now).install]
    base = await board.start("127.0.0.1", 0)
    imported = load_package(SAMPLE_PACKAGE)
    package_id = await storage.save_package(imported.package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    service.set_chat_package(GROUP, package_id)
    captains = [str(1000 + i) for i in range(teams)]
    await _say(service, HOST, "/start", private=True)
    await _say(service, HOST, "/newgame sync")
    await _say(service, HOST, "/announce")
    for i, captain in enumerate(captains):
        await _say(service, captain, "/start", private=True)
        await _say(service, captain, f"/register Команда {i}")
    await _say(service, HOST, "/round 1 2 3")
    await _say(service, HOST, "/ask")
    game = service.game_in(GROUP)
    token = await sheets.links.boards.game_token(game.info.id)
    state = game.state
    right = imported.package.questions[state.current.index].answer
    close_in = (state.written.deadline + GRACE - service.clock.now()).total_seconds()
    window_end = time.monotonic() + close_in - GRACE.total_seconds()
    closes = window_end + GRACE.total_seconds()
    rng = random.Random(seed)
    latency: list[float] = []
    answered: list[float] = []
    refused = 0
    connector = aiohttp.TCPConnector(limit=CONNECTIONS)
    async with aiohttp.ClientSession(base, connector=connector) as http:
        async def open_as(user: str) -> str:
            data = telegram_init_data(TOKEN, int(user), token, service.clock.now())
            async with http.post("/app/api/open", json={"init_data": data}) as response:
                return (await response.json())["pass"]

        passes = [await open_as(c) for c in captains]
        host_pass = await open_as(HOST)

        async def hand_in_one(index: int) -> None:
            nonlocal refused
            due = window_end - rng.uniform(0.05, last)
            draw = rng.random()
            text = f"{rng.choice(WRONG_ANSWERS)} {index}" if draw < 0.1 else \
                right if draw < 0.55 else rng.choice(WRONG_ANSWERS)
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            async with http.post("/app/api/answer", json={"text": text,
                                                           "request": f"r{index:08d}"},
                                 headers={PASS_HEADER: passes[index]}) as response:
                await response.read()
                if response.status != 200:
                    refused += 1
            now = time.monotonic()
            latency.append(now - due)
            answered.append(now)

        await asyncio.gather(*(hand_in_one(i) for i in range(teams)))
        await asyncio.sleep(max(0.0, closes - time.monotonic()))
        desk_ready = None
        while time.monotonic() < closes + 30:
            async with http.post("/app/api/sheet", json={},
                                 headers={PASS_HEADER: host_pass}) as response:
                if (await response.json()).get("groups"):
                    desk_ready = time.monotonic() - closes
                    break
            await asyncio.sleep(0.01)
    stored = sum(row.kind == "written.handed_in" for row in await storage.events(game.info.id))
    await board.stop()
    await service.idle()
    await shutdown(storage, scheduler)
    return {"teams": teams, "last_s": last, "answers_stored": stored, "refused": refused,
            "receipt_ms": summarize(latency),
            "last_receipt_after_close_s": max(0.0, max(answered, default=closes) - closes),
            "desk_ready_after_close_s": desk_ready}


def render_sheet(run: dict[str, Any], bot_api: dict[str, Any] | None, fmt: Any) -> list[str]:
    """The report's lines of the sheet's run, beside the Bot API path's ``bot_api`` run of
    ``bench.receipts`` for the same number of teams (None: not measured)."""
    out = [f"Answer sheet (Mini App over HTTP on 127.0.0.1): {run['teams']:,} teams hand in "
           f"within the last {run['last_s']:g} s of a SYNC window",
           f"  receipt after the hand-in {fmt(run['receipt_ms'])} ms; the last one "
           f"{run['last_receipt_after_close_s']:.2f} s after the window closed; "
           f"{run['answers_stored']:,} answers stored, {run['refused']} refused; the host's "
           f"desk shows the groups {run['desk_ready_after_close_s'] or 0:.2f} s after the close"]
    if bot_api is not None:
        out.append(f"  the Bot API path, same teams: the last receipt "
                   f"{bot_api['last_receipt_after_close_s']:.0f} s after the close")
    return [*out, ""]

