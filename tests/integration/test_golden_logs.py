"""The same games played give the same event logs: the README's DUEL example and the host's
guide's whole SYNC and TV games (docs/playing.md), played through the console on a virtual
clock, store exactly the events recorded in ``tests/golden/*.jsonl``.

A change that alters any event a game produces (its kind, shape version, payload, time or
order) fails here, whatever the messages say. When a rule changes on purpose, write the golden
files again from the new code and review their diff with the change::

    CHGK_GOLDEN_WRITE=1 .venv/bin/python -m pytest -q tests/integration/test_golden_logs.py

The games are made deterministic rather than normalised afterwards: the virtual clock starts at
a fixed time, the database is new (so the game, package and player ids are the same each run),
and TV's spinning top draws from a fixed seed source (every spin's seed 0).
"""

from __future__ import annotations

import io
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.console import GAME_CHAT, HOST, ConsoleMessenger, ConsoleSession
from bot import bootstrap
from bot.formats.tv import TvFormat
from bot.i18n import Translator
from bot.packages import load_package
from bot.service import game_service
from bot.settings import Settings
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.adapters.test_playing_guide import guide_script, refusals_in
from tests.adapters.test_readme_example import console_example

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
WRITE = os.environ.get("CHGK_GOLDEN_WRITE") == "1"
"""Set ``CHGK_GOLDEN_WRITE=1`` to write the golden files from the code instead of checking."""
REWRITE = " (after a deliberate rule change, write the golden files again: CHGK_GOLDEN_WRITE=1)"

START = datetime(2026, 10, 3, 18, 0, tzinfo=UTC)
"""When every game's virtual clock starts (a Saturday evening in the club's autumn season)."""

GAMES = {
    "duel_readme": ("duel", console_example, {}),
    "sync_guide": ("sync", lambda: guide_script("### A whole SYNC game to paste"),
                   {"sync_fee": "12 USD"}),
    "tv_guide": ("tv", lambda: guide_script("### A whole TV game to paste"), {}),
}
"""Each golden game by file name: its format (the console's ``--format``), its script and the
club's settings it is played with (``Settings`` fields, as the guide's tests play it)."""


async def played_logs(database_url: str, game_format: str, script: str, settings: Settings
                      ) -> list[dict[str, Any]]:
    """The stored events of every game ``chgk-bot console --clock virtual --format
    game_format`` leaves after ``script`` on a new database, in game and sequence order, one
    dict a row (``game``, ``seq``, ``at`` ISO UTC, ``kind``, ``version``, ``payload``,
    ``delivery``). The console's own start is followed: the format's bundled package, a game
    opened by ``host``, the club's formats with ``settings``' options."""
    storage = await Storage.open(database_url)
    try:
        path = bootstrap.sample_package(game_format)
        package_id = await storage.save_package(load_package(path).package, path.name,
                                                path.read_bytes())
        games = bootstrap.club_formats(storage, settings)
        games["tv"] = TvFormat(bootstrap.format_options(settings)["tv"], seeds=lambda: 0)
        clock = VirtualClock(START)
        scheduler = VirtualScheduler(clock)
        translator = Translator()
        out = io.StringIO()
        messenger = ConsoleMessenger(out)
        service = game_service(storage, messenger, scheduler, clock, translator,
                               formats=games, chat_commands=bootstrap.chat_commands(storage, games),
                               default_locale="ru")
        scheduler.callback = service.on_timer
        service.set_chat_package(GAME_CHAT, package_id)
        await service.create_game(GAME_CHAT, game_format, HOST, HOST, locale="ru",
                                  host_locale="ru")

        def say(key: str, args: dict[str, Any]) -> None:
            print(translator.format(key, args, "ru"), file=out)

        session = ConsoleSession(service, messenger, say, locale="ru",
                                 advance=scheduler.advance)
        for line in script.splitlines():
            await session.feed(line)
        await service.idle()
        # A golden log records a game played as written: nothing in it refused.
        assert "Traceback" not in out.getvalue()
        assert refusals_in(out.getvalue()) == []
        return [{"game": game.id, "seq": row.seq, "at": row.at.isoformat(), "kind": row.kind,
                 "version": row.version, "payload": row.payload, "delivery": row.delivery}
                for game in await storage.games()
                for row in await storage.events(game.id)]
    finally:
        await storage.close()


def as_lines(rows: list[dict[str, Any]]) -> list[str]:
    """``rows`` as JSON lines, keys sorted, non-ASCII kept readable."""
    return [json.dumps(row, ensure_ascii=False, sort_keys=True) for row in rows]


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_the_same_games_played_store_the_same_event_logs(database_url, name):
    """Every rule the golden games pass through (DUEL's README evening; SYNC-1 to SYNC-11 and
    TV-1 to TV-6, TV-9 of the guide) produces the same events as when the files were written."""
    # Given a golden game's script and the club's settings it is played with,
    game_format, script, options = GAMES[name]
    # A developer's .env file is not read: it would change the games' options.
    settings = Settings(_env_file=None, **options)
    golden = GOLDEN / f"{name}.jsonl"
    # when it is played through the console on a new database,
    lines = as_lines(await played_logs(database_url, game_format, script(), settings))
    if WRITE:
        golden.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # then its stored events are the golden file's, row for row.
    assert lines, "the game stored no event"
    expected = golden.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{golden.name}, line {number} differs{REWRITE}"
    assert len(lines) == len(expected), \
        f"{golden.name}: {len(lines)} events, not {len(expected)}{REWRITE}"
