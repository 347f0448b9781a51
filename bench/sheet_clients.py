"""The answer sheet's clients, a process of their own (``python -m bench.sheet_clients``): the
captains' phones of ``bench.sheet``, so that the bot's process serves the pages alone, as it
runs, and a hand-in's time is what the server makes of it, not what sharing its one event loop
with 5,000 clients leaves.

The run's spec comes as one JSON object on standard input (``run_clients``'s arguments); the
measurements go out as one JSON line on standard output. Times shared with the bot's process
are wall-clock seconds since the epoch (``time.time``), which both processes read alike.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import sys
import time
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bench.stats import summarize

CONNECTIONS = 1000
"""The client's connections at most: a proxy in front keeps about as many to the bot."""
PASS_HEADER = "X-Sheet-Pass"
"""The header carrying a page's pass (``bot.board.sheet.PASS_HEADER``)."""
DESK_WAIT = 30.0
"""Seconds after the close the host's desk is asked for its groups at most."""


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


async def run_clients(*, base: str, token: str, start_param: str, captains: list[str],
                      host: str, texts: list[str], before: list[float], window_end: float,
                      grace: float) -> dict[str, Any]:
    """Open the sheet for every captain in ``captains`` and the ``host`` at the server at
    ``base`` (init data signed with the bot's ``token`` for the link's ``start_param``), then
    have captain ``i`` hand in ``texts[i]`` ``before[i]`` seconds before ``window_end`` (the
    deadline, wall-clock seconds); the window closes ``grace`` seconds after it. Returns the
    receipts' latencies after each hand-in was due (``summarize``), the last receipt and the
    host's first grouped desk after the close (seconds; None: no groups within
    ``DESK_WAIT``), how many hand-ins were refused, and how many seconds before the first
    was due every sheet had opened. Raises RuntimeError when a sheet does not open, or not
    before the first hand-in is due."""
    closes = window_end + grace
    latency: list[float] = []
    answered: list[float] = []
    refused = 0
    connector = aiohttp.TCPConnector(limit=CONNECTIONS)
    async with aiohttp.ClientSession(base, connector=connector) as http:
        async def open_as(user: str) -> str:
            data = telegram_init_data(token, int(user), start_param, datetime.now(UTC))
            async with http.post("/app/api/open", json={"init_data": data}) as response:
                opened = await response.json()
                if response.status != 200:
                    raise RuntimeError(f"the sheet of {user} did not open: {opened}")
                return opened["pass"]

        passes = await asyncio.gather(*(open_as(c) for c in captains))
        host_pass = await open_as(host)
        spare = window_end - max(before, default=0.0) - time.time()
        if spare < 0:
            raise RuntimeError(f"the sheets opened {-spare:.1f} s after the first hand-in was "
                               f"due: give the run a longer minute")

        async def hand_in_one(index: int) -> None:
            nonlocal refused
            due = window_end - before[index]
            await asyncio.sleep(max(0.0, due - time.time()))
            async with http.post("/app/api/answer", json={"text": texts[index],
                                                           "request": f"r{index:08d}"},
                                 headers={PASS_HEADER: passes[index]}) as response:
                await response.read()
                if response.status != 200:
                    refused += 1
            now = time.time()
            latency.append(now - due)
            answered.append(now)

        await asyncio.gather(*(hand_in_one(i) for i in range(len(captains))))
        await asyncio.sleep(max(0.0, closes - time.time()))
        desk_ready = None
        while time.time() < closes + DESK_WAIT:
            async with http.post("/app/api/sheet", json={},
                                 headers={PASS_HEADER: host_pass}) as response:
                if (await response.json()).get("groups"):
                    desk_ready = time.time() - closes
                    break
            await asyncio.sleep(0.01)
    return {"refused": refused, "receipt_ms": summarize(latency),
            "last_receipt_after_close_s": max(0.0, max(answered, default=closes) - closes),
            "desk_ready_after_close_s": desk_ready, "opened_before_s": spare}


def main() -> None:
    """Run the clients of the spec read from standard input; print the result as JSON."""
    spec = json.loads(sys.stdin.read())
    print(json.dumps(asyncio.run(run_clients(**spec))), flush=True)


if __name__ == "__main__":
    main()
