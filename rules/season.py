"""A season of DUEL games (RULES.md DUEL-6, 7): the order of games, the standings, the
finalist, the fair-play vote and who may play after it. Pure: no I/O, no clock; the one lot
is drawn with a ``random.Random`` seeded from a stored seed, so it replays.

Decisions where the rules are silent (DUEL-8.1 leaves them to the organisers):

* Order (DUEL-6.1, 6.2, 6.2.1): teams new to the season (no place in last season's standings)
  open it, in an order drawn by lot; then the returning teams from the lowest place of last
  season to the highest, so the best team plays last.
* Standings (DUEL-6.3, 6.3.1): one row per team, for its best game. Wins come first, by fewer
  host points (6:3 before 6:4), then losses by more team points; on equal scores the later
  game ranks higher. A decisive round ends its game 6:0 or 0:6 (DUEL-6.4.2-3) and ranks by
  that score: a decisive win with the best wins, a decisive loss with the worst losses.
* Finalist (DUEL-6.3, 6.5): the highest team that won and is not disbanded. When no team
  qualifies, the final is played by the best players of every game of the season, in the
  order the games were played.
* Fair play (DUEL-7.1): the voters are the host, the keeper and at least three captains, all
  different, an odd number; the vote is open and decided by majority once everyone voted.
* After a disbanding (DUEL-7.1.4, 7.2): the team may not register again; its players are free
  to join other teams; a team whose captain played in it needs the host and the keeper to
  agree, and its own former captain may not lead a team again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from rules import base
from rules.base import Rejection

MIN_CAPTAINS = 3
"""Captains who must take part in a fair-play vote (DUEL-7.1.2)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the season: the team, the final score (6:0 or 0:6 after a decisive round),
    when it ended (UTC), the best player's name, and the stored game when it was played here."""

    team_id: int
    team: str
    team_score: int
    host_score: int
    played_at: datetime
    decisive: bool = False
    best_player: str | None = None
    game_id: int | None = None

    @property
    def won(self) -> bool:
        """True when the team beat the host."""
        return self.team_score > self.host_score


def season_result(result: base.GameResult, ended: datetime, game_id: int | None = None
                  ) -> GameResult | None:
    """A finished game's result (``rules.base.GameResult``) as a season counts it: the side
    with a team against the side without (the host, DUEL-3.8), ended at ``ended`` (UTC);
    None when no side or both sides are teams (not a game of one team against the host)."""
    teams = [s for s in result.sides if s.team_id is not None]
    hosts = [s for s in result.sides if s.team_id is None]
    if len(teams) != 1 or len(hosts) != 1:
        return None
    team, host = teams[0], hosts[0]
    assert team.team_id is not None
    best = result.best_player[1] if result.best_player is not None else None
    return GameResult(team.team_id, team.name, team.points, host.points, ended,
                      result.decisive, best, game_id)


@dataclass(frozen=True, slots=True)
class Standing:
    """A row of the standings: the place (from 1), the team's best game, how many games it
    played this season, and whether it was disbanded (DUEL-7.1.4)."""

    place: int
    result: GameResult
    games: int
    disbanded: bool = False


@dataclass(frozen=True, slots=True)
class Finalist:
    """Who plays the season's final: a team (DUEL-6.3), or, with ``team_id`` None, a team of
    the best players of every game (DUEL-6.5)."""

    team_id: int | None
    team: str | None
    best_players: tuple[str, ...] = ()


class Admission(StrEnum):
    """How a team may enter a season: freely, or once the host and the keeper agree (7.2)."""

    OPEN = "open"
    NEEDS_APPROVAL = "approval"


@dataclass(frozen=True, slots=True)
class DisbandedTeam:
    """A team disbanded by a fair-play vote: its captain then and its known players."""

    team_id: int
    captain: int | None
    members: frozenset[int]


def check_score(team_score: int, host_score: int, *, target: int, decisive: bool = False
                ) -> Rejection | None:
    """Why a recorded score cannot be a finished DUEL game won at ``target`` points (the
    season's), or None: one side has the target and the other less (DUEL-3.8); a decisive
    round ends 6:0 or 0:6 (DUEL-6.4.2-3)."""
    scores = sorted((team_score, host_score))
    if scores[1] != target or not 0 <= scores[0] < target:
        return Rejection("season-bad-score", {"target": target})
    if decisive and scores[0] != 0:
        return Rejection("season-bad-decisive-score", {"target": target})
    return None


def rank_key(result: GameResult) -> tuple[int, int, datetime]:
    """Higher is better (DUEL-6.3, 6.3.1): wins by fewer host points, then losses by more team
    points, then the later game."""
    if result.won:
        return 1, -result.host_score, result.played_at
    return 0, result.team_score, result.played_at


def standings(results: Iterable[GameResult], disbanded: Iterable[int] = ()) -> list[Standing]:
    """The season's table: each team's best game, best first (see ``rank_key``)."""
    out = set(disbanded)
    best: dict[int, GameResult] = {}
    games: dict[int, int] = {}
    for result in results:
        games[result.team_id] = games.get(result.team_id, 0) + 1
        if result.team_id not in best or rank_key(result) > rank_key(best[result.team_id]):
            best[result.team_id] = result
    ranked = sorted(best.values(), key=rank_key, reverse=True)
    return [Standing(place, r, games[r.team_id], r.team_id in out)
            for place, r in enumerate(ranked, 1)]


def finalist(table: Sequence[Standing], results: Iterable[GameResult]) -> Finalist | None:
    """Who plays the final (DUEL-6.3, 6.5), or None before any game was played."""
    if not table:
        return None
    winner = next((s for s in table if s.result.won and not s.disbanded), None)
    if winner is not None:
        return Finalist(winner.result.team_id, winner.result.team)
    players = [r.best_player for r in sorted(results, key=lambda r: r.played_at)
               if r.best_player]
    return Finalist(None, None, tuple(dict.fromkeys(players)))


def order_games(registered: Sequence[int], previous: Sequence[int], seed: int) -> list[int]:
    """The order of the season's games (DUEL-6.1, 6.2): the teams in ``registered`` that are
    not in ``previous`` (last season's ranking, best first) by lot with ``seed``, then the
    others from the lowest of last season to the highest."""
    known = set(previous)
    new = sorted(t for t in registered if t not in known)
    random.Random(seed).shuffle(new)
    wanted = set(registered)
    return new + [t for t in reversed(previous) if t in wanted]


def check_voters(host: int | None, keeper: int | None, captains: Sequence[int]
                 ) -> Rejection | None:
    """Why these people cannot hold a fair-play vote, or None (DUEL-7.1.2): the host, the
    keeper and three or more captains, all different, an odd number in all."""
    if host is None or keeper is None:
        return Rejection("season-vote-needs-officials")
    if len(captains) < MIN_CAPTAINS:
        return Rejection("season-vote-few-captains", {"count": MIN_CAPTAINS})
    people = [host, keeper, *captains]
    if len(set(people)) != len(people):
        return Rejection("season-vote-duplicate")
    if len(people) % 2 == 0:
        return Rejection("season-vote-even", {"count": len(people)})
    return None


def vote_outcome(ballots: Mapping[int, bool | None]) -> bool | None:
    """The decision of an open vote (DUEL-7.1.3): True when the majority found fair play
    broken, False when not, None while someone has not voted yet."""
    if any(v is None for v in ballots.values()):
        return None
    against = sum(1 for v in ballots.values() if v)
    return against * 2 > len(ballots)


def admission(team_id: int, captain: int, disbanded: Iterable[DisbandedTeam]
              ) -> Admission | Rejection:
    """May ``team_id`` led by ``captain`` enter a season (DUEL-7.1.4, 7.2)?"""
    gone = list(disbanded)
    if any(d.team_id == team_id for d in gone):
        return Rejection("season-team-disbanded")
    if any(d.captain == captain for d in gone):
        return Rejection("season-captain-disbanded")
    if any(captain in d.members for d in gone):
        return Admission.NEEDS_APPROVAL
    return Admission.OPEN
