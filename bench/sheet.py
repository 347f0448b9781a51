"""The answer sheet under a SYNC deadline: ``teams`` captains hand in over the Mini App's
HTTP endpoint (``bot.board.sheet``) within the last ``last`` seconds of a window.

Real HTTP to the board's aiohttp server on 127.0.0.1. The bot runs alone in this process, as
it runs in production; the captains' clients run in a process of their own with its own event
loop (``bench.sheet_clients``, an aiohttp client with up to its ``CONNECTIONS`` connections), so
that they take no time from the server's loop. Each captain's init data is signed with the
bench bot's token exactly as Telegram signs it; the captain opens the sheet
(``/app/api/open``) during the minute, then hands in at a random moment within the window's
last seconds (``/app/api/answer``). The receipt is the HTTP answer.

Measured: from the moment a hand-in is due until its receipt came back (p50/p99/max), the
last receipt's time after the window closed (0: before it; the window closes one second of
grace after the deadline), how many answers were stored and how many hand-ins refused (every
one was sent before the deadline), and how long after the close the host's desk first shows
the grouped answers. The Bot API path's figure for the same number of teams, every receipt a
message paced under Telegram's limit (``bench.receipts``), is printed beside it.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from bench.sheet_clients import DESK_WAIT, telegram_init_data
from bench.sync import SyncMessenger
from bench.world import WRONG_ANSWERS
from bot.board.miniapp_auth import PageAuth
from bot.board.sheet import SheetPages
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

__all__ = ["render_sheet", "run_sheet", "telegram_init_data"]

TOKEN = "4242:BENCH-token-of-no-bot"
GROUP = ChatRef("telegram", "-1001")
HOST = "10"
ROOT = Path(__file__).resolve().parent.parent


async def _say(service: GameService, person: str, text: str, private: bool = False) -> None:
    chat = ChatRef("telegram", person, private=True) if private else GROUP
    await service.handle(Incoming(chat, person, person, text, sender_locale="ru"))


async def _clients(spec: dict[str, Any]) -> dict[str, Any]:
    """Run ``bench.sheet_clients`` with ``spec`` in a process of its own while this one's
    event loop serves the pages; its result. Raises RuntimeError when it fails."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.sheet_clients", cwd=ROOT, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate(json.dumps(spec).encode())
    if process.returncode != 0:
        raise RuntimeError(f"the sheet's clients failed (exit {process.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1])


async def run_sheet(db_path: Path, *, teams: int, discussion: float, warning_at: float,
                    hand_in: float, last: float, seed: int) -> dict[str, Any]:
    """Play one SYNC window of ``teams`` teams handing in over the sheet's HTTP endpoint
    within the ``last`` seconds of it (times in seconds), the clients in a process of their
    own; returns the measurements."""
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
    state = game.state
    right = imported.package.questions[state.current.index].answer
    rng = random.Random(seed)
    texts = []
    for index in range(teams):
        draw = rng.random()
        texts.append(f"{rng.choice(WRONG_ANSWERS)} {index}" if draw < 0.1 else
                     right if draw < 0.55 else rng.choice(WRONG_ANSWERS))
    measured = await _clients({
        "base": base, "token": TOKEN, "start_param": await sheets.links.boards.game_token(
            game.info.id), "captains": captains, "host": HOST, "texts": texts,
        "before": [rng.uniform(0.05, last) for _ in captains],
        "window_end": state.written.deadline.timestamp(), "grace": GRACE.total_seconds()})
    stored = sum(row.kind == "written.handed_in" for row in await storage.events(game.info.id))
    await board.stop()
    await service.idle()
    await shutdown(storage, scheduler)
    return {"teams": teams, "last_s": last, "answers_stored": stored, **measured}


def render_sheet(run: dict[str, Any], bot_api: dict[str, Any] | None, fmt: Any) -> list[str]:
    """The report's lines of the sheet's run, beside the Bot API path's ``bot_api`` run of
    ``bench.receipts`` for the same number of teams (None: not measured)."""
    desk = run["desk_ready_after_close_s"]
    out = [f"Answer sheet (Mini App over HTTP on 127.0.0.1, the clients in a process of their "
           f"own): {run['teams']:,} teams hand in within the last {run['last_s']:g} s of a "
           f"SYNC window",
           f"  receipt after the hand-in {fmt(run['receipt_ms'])} ms; the last one "
           f"{run['last_receipt_after_close_s']:.2f} s after the window closed; "
           f"{run['answers_stored']:,} answers stored, {run['refused']} refused; the host's "
           f"desk shows the groups " + (f"{desk:.2f} s after the close" if desk is not None
                                        else f"not within {DESK_WAIT:g} s of the close")]
    if bot_api is not None:
        out.append(f"  the Bot API path, same teams: the last receipt "
                   f"{bot_api['last_receipt_after_close_s']:.0f} s after the close")
    return [*out, ""]

