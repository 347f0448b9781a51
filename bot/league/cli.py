"""``chgk-bot league …``: the TV league from the terminal (TV-7, TV-8, TV-12..TV-14), for the
club administration, who may do everything there: create a league, list them, count a
finished game in a session, and print the standings as a table, CSV or JSON (UTF-8)."""

from __future__ import annotations

import argparse
import asyncio
import io
from collections.abc import Callable
from typing import TextIO

from bot.cli.export import write_file
from bot.i18n import Translator
from bot.league.chat import (
    describe,
    render_table,
    standings,
    standings_csv,
    standings_json,
    with_when,
)
from bot.league.service import LeagueService
from rules.base import Rejection
from rules.tv import league as lg
from storage.db import Storage

SESSIONS = {"sun": 0, "wed": 1, "final": 0}
"""``--session`` words (the parser in ``bot.cli.main``); the Final has one session."""


def run_league(args: argparse.Namespace, database_url: str, t: Translator, locale: str,
               out: TextIO, leagues: Callable[[Storage], LeagueService]) -> int:
    """Run ``chgk-bot league …``; 0 when done, 1 when refused (the reason printed)."""
    return asyncio.run(_run(args, database_url, t, locale, out, leagues))


def export_league(args: argparse.Namespace, database_url: str, t: Translator, locale: str,
                  out: TextIO, leagues: Callable[[Storage], LeagueService]) -> int:
    """``chgk-bot export --league NAME [--format csv|json] [--out FILE]``: the league's
    standings (TV-7, TV-8) as ``chgk-bot league standings`` writes them, to ``args.output``
    (UTF-8) or ``out``. 0 when written; 1 when refused (no such league: the reason goes to
    ``out`` and no file is written); 2 for a format other than csv and json."""
    if args.export_format not in ("csv", "json"):
        print(t.format("export-league-format", {"format": args.export_format}, locale),
              file=out)
        return 2
    asked = argparse.Namespace(league_command="standings", league=args.league,
                               league_format=args.export_format)
    written = io.StringIO()
    code = run_league(asked, database_url, t, locale, written, leagues)
    if code == 0 and args.output is not None:
        write_file(args.output, written.getvalue())
    else:
        out.write(written.getvalue())
    return code


async def _run(args: argparse.Namespace, url: str, t: Translator, locale: str, out: TextIO,
               leagues: Callable[[Storage], LeagueService]) -> int:
    storage = await Storage.open(url)
    try:
        service = leagues(storage)
        text = await _text(service, args, t, locale)
    finally:
        await storage.close()
    if isinstance(text, Rejection):
        # The chat's "no league" names the chat command; the terminal names its own.
        reason = "league-none-terminal" if text.reason == "league-none" else text.reason
        print(t.format(reason, with_when(text.args, t, locale), locale), file=out)
        return 1
    out.write(text if text.endswith("\n") else text + "\n")
    return 0


async def _text(service: LeagueService, args: argparse.Namespace, t: Translator,
                locale: str) -> str | Rejection:
    match args.league_command:
        case "create":
            made = await service.create(args.name, None)
            return made if isinstance(made, Rejection) else t.format(
                "league-created", {"name": made.info.name}, locale)
        case "list":
            found = await service.store.leagues()
            return "\n".join(f"{i.id}\t{i.name}" for i in found) or t.format(
                "league-none-terminal", {}, locale)
        case "standings":
            league = await service.find(args.league)
            if isinstance(league, Rejection):
                return league
            data = await standings(service, league)
            if args.league_format == "csv":
                return standings_csv(data)
            if args.league_format == "json":
                return standings_json(data)
            return render_table(data, t, locale)
    day = lg.FINAL_DAY if args.day == "final" else int(args.day) if args.day.isdigit() else 0
    done = await service.record(args.league, day, SESSIONS[args.session], args.game, by=None)
    if isinstance(done, Rejection):
        return done
    return "\n".join(t.format(key, with_when(a, t, locale), locale)
                     for key, a in await describe(service, *done))
