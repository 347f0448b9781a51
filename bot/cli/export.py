"""``chgk-bot export --game N``: one finished game's final table as CSV or JSON, and for a
SYNC game the rating site's upload and its roster (``bot.cli.rating``).

The table is read from the game's log (``bot.results``). SYNC's has a
row per team by place, shared places written ``1–2`` (never broken at random, SYNC-7), a mark
per question (1 right, 0 wrong, ? pending, X removed, - the team's own question), the points
of each tour (round), the total, and the provisional flag while an appeal is open (SYNC-10).
Any other format's table is its result's sides with their points and places (DUEL: the team
and the host; TV: the experts and the viewers). The data is not localised: its column names
are stable identifiers for spreadsheets and scripts (README); messages about it are.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Sequence
from datetime import UTC
from pathlib import Path
from typing import Any

from bot.results import FoldedGame, GameResults
from rules import sync as s
from rules.base import EventDecodeError, GameResult, Rejection
from rules.scoring import Place
from rules.sync.table import FinalTable, final_table


class WriteError(Exception):
    """A file could not be written: ``path`` and the system's words (``detail``)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail


def write_file(path: Path, text: str) -> None:
    """``text`` into ``path`` as UTF-8 with its line ends as written, whole or not at all:
    written beside it first (``NAME.partial``), flushed to disk, then renamed over it, so a
    crash or a full disk mid-write leaves the earlier file as it was, and nothing is left
    beside it. Raises WriteError when the system refuses (no such folder, no space, no
    permission)."""
    partial = path.with_name(path.name + ".partial")
    try:
        with open(partial, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
    except BaseException as error:
        partial.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise WriteError(path, error.strerror or str(error)) from error
        raise


def place_text(place: Place) -> str:
    """A place as the tables show it: ``3``, or ``1–2`` when shared (SYNC-7)."""
    return str(place.first) if not place.shared else f"{place.first}–{place.last}"


async def finished_game(results: GameResults, game_id: int) -> FoldedGame | Rejection:
    """Game ``game_id`` folded from its log, once it is finished; a Rejection
    (``export-no-game``, ``export-game-not-finished``) otherwise. A log this code cannot
    read is refused as ``export-game-unreadable``."""
    try:
        folded = await results.fold(game_id)
    except EventDecodeError:
        return Rejection("export-game-unreadable", {"id": game_id})
    if folded is None:
        return Rejection("export-no-game", {"id": game_id})
    if folded.fmt.decider.result(folded.state) is None:
        return Rejection("export-game-not-finished", {"id": game_id})
    return folded


def game_json(game: FoldedGame) -> str:
    """The final table of finished ``game`` as JSON (keys in the README): for SYNC its
    questions and teams with marks, tours and totals; otherwise its sides."""
    result = game.fmt.decider.result(game.state)
    assert result is not None
    data: dict[str, Any] = {
        "game": game.game_id, "format": game.format,
        "ended_at": game.ended_at.astimezone(UTC).isoformat() if game.ended_at else None}
    if isinstance(game.state, s.SyncState):
        table = final_table(game.state)
        data |= {
            "provisional": table.provisional, "winners": list(table.winners),
            "questions": [{"number": q.number, "tour": q.round, "in_tour": q.in_round,
                           "asking_team": q.asking_team} for q in table.questions],
            "teams": [{"place": place_text(r.place), "team": r.team,
                       "marks": [m.value for m in r.marks],
                       "tours": {str(tour): points for tour, points in r.rounds.items()},
                       "total": r.total, "answered": r.answered} for r in table.rows]}
    else:
        data |= _sides(result)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _sides(result: GameResult) -> dict[str, Any]:
    return {"target": result.target, "decisive": result.decisive,
            "best_player": result.best_player[1] if result.best_player else None,
            "score": ":".join(str(side.points) for side in result.sides),
            "sides": [{"place": side.place, "side": side.name, "points": side.points,
                       "team": side.team_id is not None} for side in result.sides]}


def game_csv(game: FoldedGame) -> str:
    """The final table of finished ``game`` as CSV with a header row. SYNC: ``place, team,
    q1..qN`` (the marks), ``tour1..`` (points per tour), ``total``, ``provisional``; other
    formats: ``place, side, points, team`` (``team`` yes for a team's side)."""
    if isinstance(game.state, s.SyncState):
        return _sync_csv(final_table(game.state))
    result = game.fmt.decider.result(game.state)
    assert result is not None
    return csv_text([["place", "side", "points", "team"],
                     *([side.place, side.name, side.points, side.team_id is not None]
                       for side in result.sides)])


def _sync_csv(table: FinalTable) -> str:
    tours = sorted({q.round for q in table.questions})
    header = ["place", "team", *(f"q{q.number}" for q in table.questions),
              *(f"tour{tour}" for tour in tours), "total", "provisional"]
    rows = [[place_text(r.place), r.team, *(m.value for m in r.marks),
             *(r.rounds[tour] for tour in tours), r.total, table.provisional]
            for r in table.rows]
    return csv_text([header, *rows])


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """``rows`` as CSV text (RFC 4180 line ends), each cell through ``csv_cell``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in rows:
        writer.writerow([csv_cell(cell) for cell in row])
    return buffer.getvalue()


def csv_cell(value: Any) -> Any:
    """A cell as spreadsheets should read it: yes/no for a flag, "" for none, and a text
    that a spreadsheet would take for a formula kept as text (a lone "-", SYNC's mark of a
    team's own question, is none)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and len(value) > 1 and value.startswith(FORMULA_STARTS):
        # A team called "=HYPERLINK(…)" must stay text when the file is opened in a
        # spreadsheet (OWASP's CSV injection advice: a leading apostrophe).
        return "'" + value
    return "" if value is None else value


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet takes for a formula begins."""
