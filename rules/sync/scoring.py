"""SYNC scoring (RULES.md SYNC-7, SYNC-8, SYNC-9, SYNC-10): points per question, the table's
marks, totals per round, the shoot-out and who wins. Pure folds over scored questions.

Decisions where the charter is silent:

* The asking team's point (SYNC-7) is for a question the hosts approved: an unapproved team
  question never earns it, whether or not every team answered (the charter names the case where
  every team answered; its reason, that the hosts did not let the question in, holds either
  way). The playing teams score an unapproved question like any other.
* A team that hands in nothing on a question scores 0 there, as a wrong answer does (SYNC-8: no
  points are lost).
* Points count the verdicts as they stand: an answer not judged yet, or under appeal, shows
  "?" and counts only once it is judged right, so a table with a "?" is provisional.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Mark(StrEnum):
    """A team's cell for one question: right, wrong (or no answer), pending (not judged yet or
    under appeal), removed (SYNC-9b), or the asking team's own question (SYNC-5)."""

    RIGHT = "1"
    WRONG = "0"
    PENDING = "?"
    REMOVED = "X"
    ASKED = "-"


@dataclass(frozen=True, slots=True)
class Scored:
    """One question of the main table as it stands.

    ``number`` is its place in the game (1-based) and ``round`` its round (SYNC-5);
    ``asking_team`` is the team that asked it (a team question) or None (the organisers');
    ``approved`` whether the hosts approved that team question (SYNC-7); ``correct`` the teams
    whose answer is judged right now; ``pending`` the teams whose verdict is not final (not
    judged yet, or under appeal); ``removed`` after an accepted removal appeal (SYNC-9b)."""

    number: int
    round: int = 1
    asking_team: int | None = None
    approved: bool = True
    correct: frozenset[int] = frozenset()
    pending: frozenset[int] = frozenset()
    removed: bool = False


def question_points(question: Scored, teams: Iterable[int]) -> dict[int, int]:
    """Points each of ``teams`` earns on ``question``: 1 for a right answer; the asking team 1
    when at least one playing team answered right and the hosts approved the question (SYNC-7);
    nobody anything on a removed question, the asking team included (SYNC-9b)."""
    points = dict.fromkeys(teams, 0)
    if question.removed:
        return points
    asker = question.asking_team
    answered = False
    for team in question.correct:
        if team in points and team != asker:
            points[team] = 1
            answered = True
    if asker in points and answered and question.approved:
        points[asker] = 1
    return points


def marks(question: Scored, teams: Iterable[int]) -> dict[int, Mark]:
    """Each team's mark on ``question`` for the table (SYNC issue: 1 / 0 / ? / X)."""
    out: dict[int, Mark] = {}
    for team in teams:
        if question.removed:
            out[team] = Mark.REMOVED
        elif team == question.asking_team:
            out[team] = Mark.ASKED
        elif team in question.pending:
            out[team] = Mark.PENDING
        else:
            out[team] = Mark.RIGHT if team in question.correct else Mark.WRONG
    return out


def totals(questions: Iterable[Scored], teams: Iterable[int]) -> dict[int, int]:
    """Each team's points over ``questions``."""
    teams = tuple(teams)
    out = dict.fromkeys(teams, 0)
    for question in questions:
        for team, points in question_points(question, teams).items():
            out[team] += points
    return out


def round_totals(questions: Iterable[Scored], teams: Iterable[int]
                 ) -> dict[int, dict[int, int]]:
    """Each round's points per team: round -> team -> points (the table's subtotals)."""
    teams = tuple(teams)
    out: dict[int, dict[int, int]] = {}
    for question in questions:
        row = out.setdefault(question.round, dict.fromkeys(teams, 0))
        for team, points in question_points(question, teams).items():
            row[team] += points
    return out


def provisional(questions: Iterable[Scored]) -> bool:
    """True while some verdict is not final (a "?" in the table)."""
    return any(q.pending and not q.removed for q in questions)


def top(totals_: Mapping[int, int]) -> frozenset[int]:
    """The teams with the most points (empty for no teams)."""
    if not totals_:
        return frozenset()
    best = max(totals_.values())
    return frozenset(team for team, points in totals_.items() if points == best)


def shootout_left(tied: frozenset[int], rounds: Iterable[frozenset[int]]) -> frozenset[int]:
    """The teams still in a shoot-out among ``tied`` after ``rounds`` (each the set of teams
    that answered that round right): a team that answers wrong drops out; when every team
    still in answers wrong, nobody drops and the round is played again (SYNC-8)."""
    left = tied
    for correct in rounds:
        survivors = left & correct
        if survivors:
            left = survivors
    return left


def winners(totals_: Mapping[int, int], shootout: frozenset[int] = frozenset(),
            shootout_winner: int | None = None) -> frozenset[int]:
    """Who wins the game with these totals (SYNC-8, SYNC-10).

    Alone at the top, a team wins. Several at the top share it until a shoot-out among exactly
    them (``shootout``) has its ``shootout_winner``. After a deferred appeal changes the
    totals: a team that now ties a shoot-out winner still at the top is declared a winner too
    (SYNC-10), the teams the shoot-out beat are not; a shoot-out winner no longer at the top
    wins nothing and the teams now at the top share it."""
    best = top(totals_)
    if shootout_winner is None or shootout_winner not in best:
        return best
    return frozenset({shootout_winner} | {t for t in best if t not in shootout})


def needs_shootout(totals_: Mapping[int, int], shootout: frozenset[int] = frozenset(),
                   shootout_winner: int | None = None) -> frozenset[int]:
    """The teams that must play a shoot-out now: several teams at the top and no shoot-out
    among them decided yet (SYNC-8); empty otherwise. A tie made later by a deferred appeal
    is no reason for one: the team is declared a winner too (SYNC-10)."""
    best = top(totals_)
    if len(best) < 2 or (shootout_winner is not None and shootout_winner in best):
        return frozenset()
    return best
