"""The rating site's upload of a SYNC game: the results CSV and the
roster CSV beside it, and the club's roster file that keeps the site's ids.

Results: no header, UTF-8, ``team id,team,city,tour,q1,...``, one row per team and tour
(cells in ``rules.sync.table``). Roster: ``team id,team,city,flag,player id,surname,name,
patronymic``, one row per player, flag К (captain), Б (base) or Л (legionnaire).

The ids are the site's and the bot does not know them: the club keeps one roster file (same
columns) and fills them in once per team. ``chgk-bot export --game N --format roster --roster
FILE`` adds the game's teams and players that FILE lacks (blank ids and city, the captain К,
the others Б, the display name split into name, patronymic and surname), keeping every row
already there as the club wrote it; ``--format rating --roster FILE`` reads it back. A
game's team is the file's row of the same name (ignoring case); a player is a row of that
team whose surname, name and patronymic hold every word of the player's display name
(ignoring case and ё), so a patronymic or a corrected spelling of another word added by the
club still matches. A player the file lacks is written with blank ids and flag Б.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace
from pathlib import Path

from rules import sync as s
from rules.sync.table import rating_rows

ROSTER_COLUMNS = ("team id", "team", "city", "flag", "player id", "surname", "name",
                  "patronymic")
"""The roster's columns, in order (a header row of these is skipped when read)."""
CAPTAIN, BASE, LEGIONNAIRE = "К", "Б", "Л"
"""The roster's flags: captain, base player, legionnaire."""
FLAGS = (CAPTAIN, BASE, LEGIONNAIRE)


class RosterError(ValueError):
    """A roster file that cannot be read: ``key`` is its Fluent message key, ``line`` the
    file's line (from 1) and ``detail`` what is wrong there."""

    def __init__(self, key: str, line: int = 0, detail: str = "") -> None:
        super().__init__(key, line, detail)
        self.key, self.line, self.detail = key, line, detail


@dataclass(frozen=True, slots=True)
class RosterLine:
    """One row of a roster: the team (site id, name, city) and one player (flag, site id,
    surname, name, patronymic); ids and city are "" until the club fills them in."""

    team_id: str
    team: str
    city: str
    flag: str
    player_id: str
    surname: str
    name: str
    patronymic: str

    def cells(self) -> list[str]:
        """The row's cells in ``ROSTER_COLUMNS`` order."""
        return [self.team_id, self.team, self.city, self.flag, self.player_id, self.surname,
                self.name, self.patronymic]

    def words(self) -> set[str]:
        """The player's name words, folded (``fold``)."""
        return {fold(w) for part in (self.surname, self.name, self.patronymic)
                for w in part.split()}


def fold(text: str) -> str:
    """``text`` as names are compared: case folded, ё as е."""
    return text.strip().casefold().replace("ё", "е")


def read_roster(text: str) -> list[RosterLine]:
    """The rows of a roster file's ``text`` (a header row of ``ROSTER_COLUMNS`` skipped, blank
    lines too). Raises RosterError (``rating-roster-bad-row``) for a row without the eight
    columns, without a team or a surname or name, or with a flag not К, Б or Л."""
    lines = []
    for number, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if not any(cell.strip() for cell in row):
            continue
        if number == 1 and [c.strip().casefold() for c in row] == list(ROSTER_COLUMNS):
            continue
        cells = [c.strip() for c in row]
        if len(cells) != len(ROSTER_COLUMNS):
            raise RosterError("rating-roster-bad-row", number,
                              f"{len(cells)}/{len(ROSTER_COLUMNS)}")
        line = RosterLine(*cells)
        if not line.team or not (line.surname or line.name) or line.flag.upper() not in FLAGS:
            raise RosterError("rating-roster-bad-row", number, ",".join(cells))
        lines.append(replace(line, flag=line.flag.upper()))
    return lines


def load_roster(path: Path | None) -> list[RosterLine]:
    """The rows of the roster file at ``path``; none when ``path`` is None or no file is
    there yet. Raises RosterError (``rating-roster-unreadable``, or ``read_roster``'s)."""
    if path is None or not path.exists():
        return []
    try:
        return read_roster(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as error:
        raise RosterError("rating-roster-unreadable", 0, str(error)) from None


def game_roster(state: s.SyncState, known: list[RosterLine]) -> list[RosterLine]:
    """The roster of ``state``'s teams as they ended the game, in order of registration: for
    each player the matching row of ``known`` (its ids, city and flag, the captain always К),
    else a new row from the player's display name (see the module docstring)."""
    out = []
    for team in state.teams.values():
        rows = [line for line in known if fold(line.team) == fold(team.name)]
        team_id = next((line.team_id for line in rows if line.team_id), "")
        city = next((line.city for line in rows if line.city), "")
        members = [team.captain, *(p for p in team.members if p != team.captain)]
        for player in members:
            shown = state.name(player)
            words = {fold(w) for w in shown.split()}
            match = next((line for line in rows if words and words <= line.words()), None)
            flag = CAPTAIN if player == team.captain else BASE
            if match is None:
                out.append(RosterLine(team_id, team.name, city, flag, "", *_split(shown)))
            else:
                kept = flag if flag == CAPTAIN or match.flag == CAPTAIN else match.flag
                out.append(replace(match, team=team.name, flag=kept,
                                   team_id=match.team_id or team_id, city=match.city or city))
    return out


def merged_roster(state: s.SyncState, known: list[RosterLine]) -> tuple[list[RosterLine], int]:
    """The club's roster ``known`` with the rows of ``state``'s players it lacks appended
    (``game_roster``), and how many were added; the rows already there stay as they are."""
    added = [line for line in game_roster(state, known) if line not in known]
    return [*known, *added], len(added)


def _split(shown: str) -> tuple[str, str, str]:
    """A display name as (surname, name, patronymic): "Имя Фамилия" and "Имя Отчество
    Фамилия" as people write their names in a messenger; one word is a name."""
    words = shown.split()
    if len(words) < 2:
        return "", shown.strip(), ""
    return words[-1], words[0], " ".join(words[1:-1])


def rating_csv(state: s.SyncState, roster: list[RosterLine]) -> str:
    """The results upload of ``state``'s main table: no header, ``team id,team,city,tour,
    q1,...`` (``rules.sync.table.rating_rows``), the team's id and city from ``roster``
    ("" when not filled in). Cells are written as the site reads them: an answer text is not
    escaped for spreadsheets."""
    teams: dict[str, tuple[str, str]] = {}
    for line in roster:
        team_id, city = teams.get(fold(line.team), ("", ""))
        teams[fold(line.team)] = (team_id or line.team_id, city or line.city)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in rating_rows(state):
        team_id, city = teams.get(fold(row.team), ("", ""))
        writer.writerow([team_id, row.team, city, row.tour, *row.cells])
    return buffer.getvalue()


def roster_csv(lines: list[RosterLine]) -> str:
    """``lines`` as a roster file: no header, ``ROSTER_COLUMNS`` in order."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for line in lines:
        writer.writerow(line.cells())
    return buffer.getvalue()


def beside(path: Path) -> Path:
    """Where the roster of a results file at ``path`` goes: ``NAME-roster.csv`` beside it."""
    return path.with_name(f"{path.stem}-roster.csv")
