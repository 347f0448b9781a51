"""The individual rating of one TV game (TV-5, TV-6), a pure fold the season sums.

Every player of a team gets +1 for each question the team answered correctly: at a club
table in writing (the host's verdict on its group, TV-5) or at the central table aloud; and
+1 more for each correct answer at the central table (worth 2, TV-6). Who counts for a team
at a question is its roster when the envelope was drawn (``Round.members``): a player who
joined later counts from the next question, one who left keeps what the team had earned.
A club answer still pending counts nothing until judged; a verdict changed later changes
the rating. Whether the game qualifies for the season (TV-6: "in each qualifying game") is
the season's to say.
"""

from __future__ import annotations

from rules.judging import Verdict
from rules.tv.state import TvState

CENTRAL_POINTS = 2
"""What a correct answer at the central table is worth to each of its players (TV-6)."""


def ratings(state: TvState) -> dict[int, int]:
    """Each player's rating points in this game, by player id: every player who played a
    question at any table, with 0 when the team answered nothing correctly."""
    points: dict[int, int] = {}
    for played in state.rounds:
        judging = state.judgings.get(played.sector)
        for team_id, members in played.members.items():
            if team_id == played.central:
                gained = CENTRAL_POINTS if played.correct else 0
            else:
                correct = judging is not None and judging.verdict_of(team_id) is Verdict.ACCEPT
                gained = 1 if correct else 0
            for player in members:
                points[player] = points.get(player, 0) + gained
    return points


def team_points(state: TvState) -> dict[int, int]:
    """Each team's correct answers in this game by team id (a central answer once), for
    the tables the chat is shown."""
    out = {team_id: 0 for team_id in state.teams}
    for played in state.rounds:
        judging = state.judgings.get(played.sector)
        for team_id in played.members:
            if team_id == played.central:
                out[team_id] += 1 if played.correct else 0
            elif judging is not None and judging.verdict_of(team_id) is Verdict.ACCEPT:
                out[team_id] += 1
    return out
