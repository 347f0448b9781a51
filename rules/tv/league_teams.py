"""The TV season's pure team arithmetic (RULES.md TV-8, TV-12, TV-14): the teams a game day's
session is proposed from its registrations, the season table, the final teams, the selection
game after a refusal, and the Final's winner.

Choices where the rules are silent (written down as RULES.md asks):

* Proposal (TV-14): pre-formed teams come first, in order of registration, and each short one
  is topped up from the individual registrations (oldest first); then the remaining
  individuals make as many teams as can have 4 to 6 players, as even as possible (13 players:
  5, 4, 4). Who is left over waits, and so does a team beyond the club's tables: pre-formed
  teams have priority for the tables (TV-14).
* Rating order (TV-8): by season rating, highest first; equal ratings by the player id (the
  older member first), so every run of the same log ranks the same.
* Club team (TV-8): up to 3 of the surplus best central players the administration chose, then
  the highest-rated players not in the central team, to 6 (so at least 3 by rating).
* Final (TV-12): "the better score" is the fewer viewers' points at the experts' 6.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

TEAM_SIZE = 6
"""Players a team is made of where possible (TV-14)."""
MIN_TEAM = 4
"""The fewest players a team may have (TV-14: 4 to 6 allowed)."""
MAX_CLUB_EXTRAS = 3
"""Surplus best central players who may join the club team (TV-8)."""
SELECTION_EXTRA = 2
"""A selection game is played among the next (free places + 2) by rating (TV-8)."""

Team = tuple[str, tuple[int, ...]]
"""A proposed team: its name ("" for a team made of individual registrations) and players."""


def split_individuals(players: Sequence[int]) -> tuple[list[tuple[int, ...]], list[int]]:
    """``players`` (in order of registration) as teams of 4 to 6, as many as possible and as
    even as possible, and who is left over (TV-14)."""
    count = -(-len(players) // TEAM_SIZE)
    while count and count * MIN_TEAM > len(players):
        count -= 1
    used = min(len(players), count * TEAM_SIZE)
    teams: list[tuple[int, ...]] = []
    start = 0
    for index in range(count):
        size = used // count + (1 if index < used % count else 0)
        teams.append(tuple(players[start:start + size]))
        start += size
    return teams, list(players[used:])


def propose(preformed: Sequence[Team], individuals: Sequence[int], tables: int
            ) -> tuple[list[Team], list[int]]:
    """The teams of a session from its registrations (TV-14) and who waits: ``preformed`` in
    order of registration, each short one topped up from ``individuals``; then teams of the
    rest (``split_individuals``); at most ``tables`` teams (0: no limit), pre-formed first."""
    pool = list(individuals)
    teams: list[Team] = []
    for name, players in preformed:
        missing = max(0, TEAM_SIZE - len(players))
        teams.append((name, (*players, *pool[:missing])))
        pool = pool[missing:]
    mixed, waiting = split_individuals(pool)
    teams += [("", players) for players in mixed]
    if tables and len(teams) > tables:
        waiting = [p for _, players in teams[tables:] for p in players] + waiting
        teams = teams[:tables]
    return teams, waiting


def season_table(games: Iterable[Mapping[int, int]]) -> list[tuple[int, int]]:
    """The season's individual ratings (TV-6) summed over ``games`` (each a mapping of player
    id to points), as ``(player, points)`` in rating order (highest first, then player id)."""
    total: dict[int, int] = {}
    for ratings in games:
        for player, points in ratings.items():
            total[player] = total.get(player, 0) + points
    return sorted(total.items(), key=lambda row: (-row[1], row[0]))


def by_rating(table: Sequence[tuple[int, int]], *, besides: Iterable[int] = ()) -> list[int]:
    """The players of ``table`` (``season_table``) in rating order, without ``besides``."""
    skip = set(besides)
    return [player for player, _ in table if player not in skip]


def central_pick_problem(best: Sequence[int], picked: Sequence[int], extras: Sequence[int],
                         members: Iterable[int]) -> str | None:
    """Why the administration's central-table team ``picked`` (with ``extras`` for the club
    team) does not fit the season's best central players ``best``, or None (TV-8): six
    different members; with more than six best players, six of them, and up to 3 of the rest
    as extras; with fewer, every best player, topped up by other members, and no extras.
    The answer is a Fluent key suffix."""
    chosen = set(picked)
    if len(chosen) != len(picked) or len(picked) != TEAM_SIZE:
        return "central-six"
    if not chosen <= set(members):
        return "not-member"
    if len(best) > TEAM_SIZE:
        if not chosen <= set(best):
            return "central-not-best"
        if len(extras) > MAX_CLUB_EXTRAS or len(set(extras)) != len(extras):
            return "extras-too-many"
        if not set(extras) <= set(best) - chosen:
            return "extras-not-best"
        return None
    if not set(best) <= chosen:
        return "central-all-best"
    return "extras-not-best" if extras else None


def club_team(table: Sequence[tuple[int, int]], central: Sequence[int],
              extras: Sequence[int], members: Iterable[int]) -> tuple[int, ...]:
    """The club team (TV-8): ``extras`` (surplus best central players, up to 3), then the
    highest-rated members not in ``central``, to 6."""
    allowed = set(members)
    rated = [p for p in by_rating(table, besides=[*central, *extras]) if p in allowed]
    return (*extras, *rated[:TEAM_SIZE - len(extras)])


def selection_candidates(table: Sequence[tuple[int, int]], taken: Iterable[int],
                         free: int, members: Iterable[int]) -> tuple[int, ...]:
    """Who plays the selection game for ``free`` places of the club team (TV-8): the next
    ``free + 2`` members by rating among those not ``taken`` (in a team, or declined)."""
    if free <= 0:
        return ()
    allowed = set(members)
    rated = [p for p in by_rating(table, besides=taken) if p in allowed]
    return tuple(rated[:free + SELECTION_EXTRA])


def final_winner(club: tuple[int, int] | None, central: tuple[int, int] | None,
                 target: int = TEAM_SIZE) -> str | None:
    """The Final's winner (TV-12) from the two games' scores ``(experts, viewers)``: the club
    team's (played first) and the central team's; ``"club"`` or ``"central"``, or None when
    neither beat the viewers (or a game is missing). Of two winners, the one with fewer
    viewers' points; on equal scores the second team (central)."""
    won = {side: score for side, score in (("club", club), ("central", central))
           if score is not None and score[0] >= target > score[1]}
    if not won:
        return None
    if len(won) == 1:
        return next(iter(won))
    return "club" if won["club"][1] < won["central"][1] else "central"
