"""The operator's commands: ``chgk-bot db upgrade``, ``chgk-bot db backup FILE``,
``chgk-bot export --season NAME --format json|csv`` and ``chgk-bot export --game N --format
json|csv|rating|roster`` (``bot.cli.export``, ``bot.cli.rating``).

Each returns a process exit code and prints localised lines; the data of an export is not
localised (its column names are stable identifiers for spreadsheets and scripts, listed in the
README).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import json
from collections.abc import Callable
from datetime import UTC
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy.engine import URL, make_url

from bot.cli.export import (
    csv_cell,
    csv_text,
    finished_game,
    game_csv,
    game_json,
    place_text,
    write_file,
)
from bot.cli.rating import (
    RosterError,
    beside,
    game_roster,
    load_roster,
    merged_roster,
    rating_csv,
    roster_csv,
)
from bot.i18n import Translator
from bot.season import PointsTable, SeasonService, render
from bot.season.service import DUEL_SCORED
from rules import season as rules
from rules import sync as s
from rules.base import Rejection
from storage.backup import BackupError, backup_sqlite, restore_sqlite
from storage.db import Storage, sqlite_path

EXPORT_COLUMNS = ("place", "team", "team_score", "host_score", "won", "decisive", "disbanded",
                  "ranked", "finalist", "played_at", "best_player", "game_id")
"""The columns of ``export --format csv``: one row a counted game, the team's place in the
standings, and ``ranked`` true for the game that gives the team that place (DUEL-6.3)."""


def run_db(args: argparse.Namespace, url: str, t: Translator, locale: str, out: TextIO) -> int:
    """``chgk-bot db upgrade``, ``chgk-bot db backup FILE`` and ``chgk-bot db restore FILE``
    on ``url``.

    upgrade: 0 when the database is at the newest revision. backup: 0 when FILE holds a copy;
    1 for a PostgreSQL database (a ``pg_dump`` command is printed instead); 2 when there is
    nothing to copy or the copy cannot be written. restore: 0 when the database holds FILE's
    games; 1 for PostgreSQL (the ``pg_restore`` command is printed); 2 when FILE is missing
    or no chgk-bot database, or the copy fails. Raises StoreInUse (upgrade, restore) when a
    bot runs on the database.
    """
    if args.db_command == "upgrade":
        return asyncio.run(_upgrade(url, t, locale, out))
    if args.db_command == "restore":
        return _restore(url, args.file, t, locale, out)
    return _backup(url, args.file, t, locale, out)


async def _upgrade(url: str, t: Translator, locale: str, out: TextIO) -> int:
    # As the owner: migrating under a running bot could change tables it is writing.
    storage = await Storage.open(url, owner=True)
    await storage.close()
    before, after = storage.revisions
    key = "db-up-to-date" if before == after else "db-upgraded"
    print(t.format(key, {"before": before or "none", "after": after or "none"}, locale),
          file=out)
    return 0


def _libpq(url: str) -> str | None:
    """A PostgreSQL ``url`` as PostgreSQL's own tools take it, without its password (the
    line may end up in a shell history or a log); None for another database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return None
    return URL.create("postgresql", username=parsed.username, host=parsed.host,
                      port=parsed.port, database=parsed.database
                      ).render_as_string(hide_password=False)


def _restore(url: str, file: Path, t: Translator, locale: str, out: TextIO) -> int:
    return _copy(url, file, t, locale, out, "restore",
                 lambda path: restore_sqlite(file, path))


def _backup(url: str, file: Path, t: Translator, locale: str, out: TextIO) -> int:
    return _copy(url, file, t, locale, out, "backup",
                 lambda path: backup_sqlite(path, file))


def _copy(url: str, file: Path, t: Translator, locale: str, out: TextIO, kind: str,
          copy: Callable[[Path], int]) -> int:
    """``db backup`` or ``db restore`` (``kind``) between the database at ``url`` and
    ``file``: on SQLite ``copy(database path)`` does it and returns the games copied; on
    PostgreSQL the command of PostgreSQL's own tools is printed instead. Returns the exit
    code: 0 copied, 1 PostgreSQL, 2 refused (each with its one line on ``out``)."""
    libpq = _libpq(url)
    if libpq is not None:
        print(t.format(f"db-{kind}-postgresql", {"file": str(file), "url": libpq}, locale),
              file=out)
        return 1
    path = sqlite_path(url)
    if path is None:
        print(t.format("db-backup-not-a-file", {"url": url}, locale), file=out)
        return 2
    try:
        games = copy(path)
    except BackupError as error:
        print(t.format(error.key, {"path": str(path), "file": str(file), "error": error.detail},
                       locale), file=out)
        return 2
    print(t.format(f"db-{kind}-done", {"file": str(file), "path": str(path), "games": games},
                   locale), file=out)
    return 0


def run_export(args: argparse.Namespace, url: str, t: Translator, locale: str,
               out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    """``chgk-bot export``: with ``args.game``, that game's table (``run_game_export``);
    else the standings and counted games of ``args.season`` (the newest when None) as JSON or
    CSV, to ``args.output`` or ``out``. 0 when written, 1 when refused (no such season or
    game, a game not finished, ...), 2 for options that do not go together. ``seasons``
    builds the season service over the opened storage (``bot.bootstrap.season_service``)."""
    if args.game is not None:
        return asyncio.run(run_game_export(args, url, t, locale, out, seasons))
    if args.export_format == "roster" or (args.export_format == "rating"
                                          and args.output is None):
        print(t.format("export-needs-game", {"format": args.export_format}, locale), file=out)
        return 2
    if args.export_format == "rating":
        return asyncio.run(season_rating(args, url, t, locale, out, seasons))
    return asyncio.run(_export(args, url, t, locale, out, seasons))


async def season_rating(args: argparse.Namespace, url: str, t: Translator, locale: str,
                        out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    """``chgk-bot export --season NAME --format rating --out FOLDER [--roster FILE]``: the
    rating site's results and roster of every SYNC game counted in the season, as
    ``game-N.csv`` and ``game-N-roster.csv`` in FOLDER (created if missing), ids from the
    club's roster FILE. 0 when written, 1 when there is no such season or the roster is
    bad."""
    storage = await Storage.open(url)
    try:
        service = seasons(storage)
        found = await service.find(args.season)
        games = [] if isinstance(found, Rejection) else [
            await finished_game(service.results_of, g.game_id)
            for g in await service.store.games(found.id) if g.game_id is not None]
    finally:
        await storage.close()
    if isinstance(found, Rejection):
        for line in render(found, t, locale, terminal=True):
            print(line, file=out)
        return 1
    try:
        known = load_roster(args.roster)
    except RosterError as error:
        print(t.format(error.key, {"file": str(args.roster), "line": error.line,
                                   "detail": error.detail}, locale), file=out)
        return 1
    args.output.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        if isinstance(game, Rejection) or not isinstance(game.state, s.SyncState):
            continue
        results = args.output / f"game-{game.game_id}.csv"
        write_file(results, rating_csv(game.state, game_roster(game.state, known)))
        write_file(beside(results), roster_csv(game_roster(game.state, known)))
        written.append((game.game_id, results))
    print(t.format("season-rating-written", {"season": found.name, "games": len(written),
                                             "folder": str(args.output)}, locale), file=out)
    for game_id, results in written:
        print(t.format("season-rating-game", {"id": game_id, "file": str(results),
                                              "roster": str(beside(results))}, locale),
              file=out)
    return 0


async def run_game_export(args: argparse.Namespace, url: str, t: Translator, locale: str,
                          out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    """``chgk-bot export --game N``: the final table of finished game N as ``json`` or
    ``csv`` (``bot.cli.export``), the rating site's results (``rating``, a SYNC game; with
    ``--out FILE`` its roster goes beside, ``bot.cli.rating.beside``) or the club's roster
    (``roster``: into ``--roster FILE``, merged, or to the output), to ``args.output`` or
    ``out``. ``--roster FILE`` is the club's roster file. Returns 0 when written, 1 when
    refused, each refusal one localised line."""
    storage = await Storage.open(url)
    try:
        game = await finished_game(seasons(storage).results_of, args.game)
    finally:
        await storage.close()

    def say(key: str, **values: Any) -> None:
        print(t.format(key, values, locale), file=out)

    if isinstance(game, Rejection):
        say(game.reason, **game.args)
        return 1
    if args.export_format in ("json", "csv"):
        text = game_json(game) if args.export_format == "json" else game_csv(game)
        return _write(text, args.output, out, lambda: say(
            "export-game-done", id=args.game, file=str(args.output)))
    if not isinstance(game.state, s.SyncState):
        say("export-rating-not-sync", id=args.game, format=game.format)
        return 1
    try:
        known = load_roster(args.roster)
    except RosterError as error:
        say(error.key, file=str(args.roster), line=error.line, detail=error.detail)
        return 1
    if args.export_format == "roster":
        lines, added = merged_roster(game.state, known)
        target = args.roster or args.output
        return _write(roster_csv(lines), target, out, lambda: say(
            "export-roster-done", id=args.game, file=str(target), added=added))
    roster = game_roster(game.state, known)
    if args.output is not None:
        write_file(beside(args.output), roster_csv(roster))
    missing = sum(1 for line in roster if not line.player_id)
    return _write(rating_csv(game.state, roster), args.output, out, lambda: say(
        "export-rating-done", id=args.game, file=str(args.output),
        roster=str(beside(args.output)), missing=missing))


def _write(text: str, path: Path | None, out: TextIO, done: Callable[[], None]) -> int:
    """``text`` into ``path`` (UTF-8, as written) and ``done()`` says so; to ``out`` when
    ``path`` is None. Returns 0."""
    if path is None:
        out.write(text)
        return 0
    write_file(path, text)
    done()
    return 0


async def _export(args: argparse.Namespace, url: str, t: Translator, locale: str,
                  out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    storage = await Storage.open(url)
    try:
        service = seasons(storage)
        found = await service.find(args.season)
        if isinstance(found, Rejection):
            for line in render(found, t, locale, terminal=True):
                print(line, file=out)
            return 1
        if await service.season_format(found) not in (None, DUEL_SCORED):
            points = await service.points_table(found)
            return _write(_points_text(points, args.export_format), args.output, out,
                          lambda: print(t.format("export-done", {
                              "season": found.name, "games": points.games,
                              "file": str(args.output)}, locale), file=out))
        results = await service.results(found)
        table = await service.table_of(found, results)
        previous = (await service.store.season_by_id(found.previous_id)
                    if found.previous_id is not None else None)
    finally:
        await storage.close()
    rows = game_rows(table.rows, results, table.finalist)
    if args.export_format == "csv":
        text = _csv(rows)
    else:
        text = json.dumps({
            "season": found.name,
            "previous_season": previous.name if previous else None,
            "finalist": None if table.finalist is None else {
                "team": table.finalist.team,
                "best_players": list(table.finalist.best_players)},
            "standings": [{"place": s.place, **_result(s.result), "disbanded": s.disbanded,
                           "games": s.games} for s in table.rows],
            "games": rows,
        }, ensure_ascii=False, indent=2) + "\n"
    if args.output is None:
        out.write(text)
        return 0
    write_file(args.output, text)
    print(t.format("export-done", {"season": found.name, "games": len(rows),
                                   "file": str(args.output)}, locale), file=out)
    return 0


POINTS_COLUMNS = ("place", "team", "points", "games", "answered", "unpaid")
"""The columns of ``export --format csv`` of a season of teams-only games (SYNC): one row a
team, places shared as ``1–2``."""


def _points_text(table: PointsTable, export_format: str) -> str:
    rows = [{"place": place_text(r.place), "team": r.team, "points": r.points,
             "games": r.games, "answered": r.answered, "unpaid": r.unpaid} for r in table.rows]
    if export_format == "csv":
        return csv_text([POINTS_COLUMNS, *([row[c] for c in POINTS_COLUMNS] for row in rows)])
    return json.dumps({"season": table.season.name, "games": table.games, "standings": rows,
                       "next_duty": table.next_duty, "fee": table.club.fee,
                       "currency": table.club.currency}, ensure_ascii=False, indent=2) + "\n"


def game_rows(table: list[rules.Standing], results: list[rules.GameResult],
              finalist: rules.Finalist | None) -> list[dict[str, Any]]:
    """One row (``EXPORT_COLUMNS``) for each counted game, in the order of the standings and
    then of play (every team with a game has a place)."""
    places = {s.result.team_id: s for s in table}
    ordered = sorted(results, key=lambda r: (places[r.team_id].place, r.played_at))
    return [{"place": places[r.team_id].place, **_result(r),
             "disbanded": places[r.team_id].disbanded,
             "ranked": r is places[r.team_id].result,
             "finalist": finalist is not None and finalist.team_id == r.team_id}
            for r in ordered]


def _result(result: rules.GameResult) -> dict[str, Any]:
    return {"team": result.team, "team_score": result.team_score,
            "host_score": result.host_score, "won": result.won, "decisive": result.decisive,
            "played_at": result.played_at.astimezone(UTC).isoformat(),
            "best_player": result.best_player, "game_id": result.game_id}


def _csv(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=EXPORT_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(row[key]) for key in EXPORT_COLUMNS})
    return buffer.getvalue()
