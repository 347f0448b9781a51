"""A season of games where every side is a team (SYNC's season; any format whose
``rules.base.GameResult`` has no side without a team): the season table of points, and what
the club carries from game to game, the duty rotation (SYNC-4) and the fee (SYNC-3). Pure.

Decisions where the charter is silent:

* The table adds up each team's points over the season's games (SYNC-7 as each game scored
  them, appeals included); it shows the games played and the questions answered right.
  Equal points share a place (never broken at random, as in a game's table); within a shared
  place teams are listed alphabetically.
* The duty rotation runs over every team that played in the season, alphabetically, from the
  duty team of its latest game (SYNC-4); the fee of the next game is that of the latest game
  that had one (SYNC-3). A team's unpaid fees are the games it played whose fee was not
  recorded paid.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from rules import base
from rules.scoring import Place, places
from rules.sync.club import alphabetical_key, next_duty


@dataclass(frozen=True, slots=True)
class PointsGame:
    """One game of a points season: its sides (all teams), when it ended (UTC), its stored id,
    its duty team and its fee (minor units of ``currency``; 0 for none)."""

    sides: tuple[base.SideResult, ...]
    played_at: datetime
    game_id: int | None = None
    duty: str | None = None
    fee: int = 0
    currency: str = ""


@dataclass(frozen=True, slots=True)
class PointsStanding:
    """A row of the season table: the place (shared ones span ``first..last``), the team, its
    points, games played, questions answered right, and games whose fee it has not paid."""

    place: Place
    team_id: int
    team: str
    points: int
    games: int
    answered: int
    unpaid: int


@dataclass(frozen=True, slots=True)
class ClubFacts:
    """What a club's next game carries over (SYNC-3, SYNC-4): the club's teams, the duty team
    of its latest game, the fee per team in minor units of ``currency``."""

    teams: tuple[str, ...]
    last_duty: str | None
    fee: int
    currency: str


def points_game(result: base.GameResult, ended: datetime, game_id: int | None = None
                ) -> PointsGame | None:
    """A finished game's result as a points season counts it, ended at ``ended`` (UTC); None
    when a side has no team (a game against the host or the viewers: ``rules.season``'s)."""
    if not result.sides or any(side.team_id is None for side in result.sides):
        return None
    return PointsGame(result.sides, ended, game_id, result.duty, result.fee, result.currency)


def standings(games: Iterable[PointsGame]) -> list[PointsStanding]:
    """The season table over ``games`` (see the module docstring), best first."""
    points: dict[int, int] = {}
    played: dict[int, int] = {}
    answered: dict[int, int] = {}
    unpaid: dict[int, int] = {}
    names: dict[int, str] = {}
    for game in sorted(games, key=lambda g: g.played_at):
        for side in game.sides:
            team = side.team_id
            assert team is not None
            names[team] = side.name
            points[team] = points.get(team, 0) + side.points
            played[team] = played.get(team, 0) + 1
            answered[team] = answered.get(team, 0) + (side.answered or 0)
            owes = game.fee > 0 and side.paid is False
            unpaid[team] = unpaid.get(team, 0) + int(owes)
    placed = places(points)
    rows = [PointsStanding(placed[t], t, names[t], points[t], played[t], answered[t],
                           unpaid[t]) for t in points]
    return sorted(rows, key=lambda r: (r.place.first, alphabetical_key(r.team)))


def club_facts(games: Iterable[PointsGame]) -> ClubFacts:
    """What the next game of the club whose season holds ``games`` carries over."""
    ordered = sorted(games, key=lambda g: g.played_at)
    teams = {side.name.casefold(): side.name for g in ordered for side in g.sides}
    duty = next((g.duty for g in reversed(ordered) if g.duty), None)
    paid = next((g for g in reversed(ordered) if g.fee > 0), None)
    return ClubFacts(tuple(teams.values()), duty, paid.fee if paid else 0,
                     paid.currency if paid else "")


def next_duty_team(facts: ClubFacts) -> str | None:
    """The team on duty at the club's next game (SYNC-4: alphabetical rotation)."""
    return next_duty(facts.teams, facts.last_duty)
