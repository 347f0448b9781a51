"""SYNC's table as data for export: the final table with its places,
marks, subtotals and totals (SYNC-7, SYNC-8), and the rating site's cells per team and tour.
Pure: read off ``SyncState``; the files are written by ``bot.cli.export``.

Decisions where the rating site's format leaves a choice:

* A tour is a round of the main table (1..3, SYNC-5); the shoot-out is not in it (SYNC-8).
  Its questions are numbered from 1 within the tour, in the order they were asked.
* A cell is the team's points on the question (SYNC-7: the asking team's 1 when a playing
  team answered its question, 0 on a removed question, SYNC-9b), except where an appeal
  disputes the team's answer: there it is the answer's text, for the site's jury. A
  double-answer appeal disputes the answers with its key (every team that gave that answer);
  a removal disputes every answer handed in on the question. A team that handed in nothing
  has nothing disputed: its cell is its points. This holds whatever the game's jury decided
  (SYNC-11 is final here; the site reviews disputed answers on its own terms).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.scoring import Place, places
from rules.sync import scoring
from rules.sync.appeals import AppealKind
from rules.sync.config import Phase
from rules.sync.state import SyncState, scored, winners


@dataclass(frozen=True, slots=True)
class TableQuestion:
    """A question of the main table: its number in the game, its round (tour), its number
    within the round (from 1) and the asking team's name (None: the organisers')."""

    number: int
    round: int
    in_round: int
    asking_team: str | None


@dataclass(frozen=True, slots=True)
class TableRow:
    """A team's row: its id and name, its place (shared ones span ``first..last``), its mark
    on each question of the table (in the table's order), its points per round (round ->
    points, every round of the table), its total, and how many questions it answered right
    (its own questions not counted)."""

    team_id: int
    team: str
    place: Place
    marks: tuple[scoring.Mark, ...]
    rounds: dict[int, int]
    total: int
    answered: int


@dataclass(frozen=True, slots=True)
class FinalTable:
    """The main table as it stands: its questions, the rows by place (then name), the
    winners' names (SYNC-8, SYNC-10; empty before the end), whether the game is finished, and
    ``provisional`` while a verdict may still change (a "?" in the table, or an open appeal:
    SYNC-10)."""

    questions: tuple[TableQuestion, ...]
    rows: tuple[TableRow, ...]
    winners: tuple[str, ...]
    finished: bool
    provisional: bool


def final_table(state: SyncState) -> FinalTable:
    """The main table of ``state`` (see ``FinalTable``); the winners are placed first once
    the game is finished, as in the chat's table."""
    questions = scored(state)
    teams = tuple(state.teams)
    finished = state.phase is Phase.FINISHED
    won = winners(state) if finished else frozenset()
    rounds = sorted({q.round for q in questions})
    points = {q.number: scoring.question_points(q, teams) for q in questions}
    totals = {t: sum(p[t] for p in points.values()) for t in teams}
    placed = places(totals, first=(won,) if won else ())
    marks = [scoring.marks(q, teams) for q in questions]
    rows = []
    for team in teams:
        by_round = dict.fromkeys(rounds, 0)
        for q in questions:
            by_round[q.round] += points[q.number][team]
        answered = sum(1 for q in questions if not q.removed and team in q.correct
                       and team != q.asking_team)
        rows.append(TableRow(team, state.teams[team].name, placed[team],
                             tuple(m[team] for m in marks), by_round, totals[team], answered))
    rows.sort(key=lambda r: (r.place.first, -r.total, r.team))
    seen: dict[int, int] = {}
    shown = []
    for q in questions:
        seen[q.round] = seen.get(q.round, 0) + 1
        asker = state.teams[q.asking_team].name if q.asking_team in state.teams else None
        shown.append(TableQuestion(q.number, q.round, seen[q.round], asker))
    return FinalTable(tuple(shown), tuple(rows),
                      tuple(sorted(state.teams[t].name for t in won)), finished,
                      scoring.provisional(questions) or bool(state.appeals.open_teams))


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One row of the rating site's results: a team (id in this game, name), a tour, and its
    cells on the tour's questions in order (``"1"``, ``"0"`` or a disputed answer's text)."""

    team_id: int
    team: str
    tour: int
    cells: tuple[str, ...]


def rating_rows(state: SyncState) -> list[RatingRow]:
    """The rating site's rows of ``state``'s main table: for each team in order of place
    (``final_table``), one row per tour (see the module docstring for the cells)."""
    table = final_table(state)
    questions = {q.number: q for q in scored(state)}
    asked = {a.number: a for a in state.asked if a.number in questions}
    teams = tuple(state.teams)
    disputed: dict[int, dict[int, str]] = {}
    for appeal in state.appeals.by_team.values():
        game_question = asked.get(appeal.question)
        if game_question is None:
            continue
        texts = disputed.setdefault(appeal.question, {})
        for team, answer in game_question.judging.answers.items():
            if appeal.kind is AppealKind.REMOVAL or answer.key == appeal.key:
                texts[team] = answer.text
    points = {n: scoring.question_points(q, teams) for n, q in questions.items()}
    rows = []
    for row in table.rows:
        tours: dict[int, list[str]] = {}
        for q in table.questions:
            text = disputed.get(q.number, {}).get(row.team_id)
            cell = text if text is not None else str(points[q.number][row.team_id])
            tours.setdefault(q.round, []).append(cell)
        rows += [RatingRow(row.team_id, row.team, tour, tuple(cells))
                 for tour, cells in sorted(tours.items())]
    return rows
