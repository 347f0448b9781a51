"""Who sits at the central table (TV-3, TV-9, TV-10, TV-11), and when.

The order problem: after a wrong answer (the viewers score, TV-3) the next central team is
one of the club teams that answered *this* question correctly (TV-9), so the seating waits
for the host's verdicts on the club tables' answers to it. The game therefore stays in
``SEATING`` with the central table empty until the club answers of the question are all
judged: their window closed, every team that handed in queued, every group decided
(``club_judged``). Then:

* when the rules leave one team (one eligible team answered correctly, or, with none, one
  eligible team at all), it is seated at once, by whichever event completed the judging
  (the last verdict, the queueing, the window's close, or the central verdict itself when
  the club answers were already judged);
* when they leave several, the host spins the top (``SpinTop``, with the bot's seed) and it
  draws among them (TV-9, TV-11).

The host may seat a team by hand at any time while the table is empty (``SeatTeam``, reason
``HOST``): any club team but the one that just left, without waiting for the verdicts (the
club's administration decides what the rules do not, and a host may need to move on).
A verdict the host changes after the seating changes the ratings, not the seating.

Eligibility (TV-10): a team that already lost its round at the central table (in this game,
or this game day with ``ReturnScope.DAY``) may sit there again only when the experts have
one point short of the target (5), or when every club team has lost its round. The team that
just left never takes the table straight back: "a club-table team takes its place" (TV-3),
and it handed in no written answer to the question. The first central team is drawn among
all the teams present, under the same TV-10 restriction (it matters with ``DAY`` only).

Team size (TV-14: 4 to 6 players): a team of another size never takes the central table,
drawn or seated by hand; it still plays at its club table. It is left out before TV-10 is
applied, as if it were not at a club table, and is back in the next draw once players
joined it. When the size leaves no team to draw, the draw is refused (``decide``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.judging import Verdict
from rules.top import spin
from rules.tv.config import ReturnWhy, SeatReason
from rules.tv.events import TeamSeated
from rules.tv.state import TvState


@dataclass(frozen=True, slots=True)
class Pool:
    """The teams the rules would seat now, and why: ``answered`` when they are the eligible
    teams that answered correctly (TV-9), else every eligible team (TV-11); ``opened`` what
    let teams that lost their round back in (TV-10), None when nothing did."""

    teams: tuple[int, ...]
    answered: bool
    opened: ReturnWhy | None


def club_judged(state: TvState, sector: int) -> bool:
    """True when the club tables' answers to ``sector`` are all judged: its window closed,
    every team that handed in queued for judging, every group decided."""
    written = state.written
    if written.question != sector or written.closed_at is None:
        return False
    judging = state.judgings.get(sector)
    if judging is None:
        return len(written.answers) == 0
    return len(judging.answers) == len(written.answers) and judging.done


def eligible(state: TvState, leaving: int | None) -> tuple[tuple[int, ...], ReturnWhy | None]:
    """The teams that may take the central table now (TV-10, TV-14: of a size that fits)
    when ``leaving`` (None at the start) has just left it, and what opened it to teams that
    lost their round."""
    club = tuple(t for t in state.teams if t != leaving and state.fits(t))
    fresh = tuple(t for t in club if t not in state.lost)
    if len(fresh) == len(club):
        return club, None
    if state.score[0] == state.config.target - 1:
        return club, ReturnWhy.FIVE
    if not fresh:
        return club, ReturnWhy.ALL_LOST
    return fresh, None


def pool(state: TvState) -> Pool | None:
    """The teams the rules seat after the last envelope's wrong answer, or None when the
    central table is not empty or the club answers are not all judged yet."""
    last = state.last
    if state.central is not None or last is None or not club_judged(state, last.sector):
        return None
    teams, opened = eligible(state, last.central)
    judging = state.judgings.get(last.sector)
    correct = tuple(t for t in teams
                    if judging is not None and judging.verdict_of(t) is Verdict.ACCEPT)
    if correct:
        return Pool(correct, True, opened)
    return Pool(teams, False, opened)


def seated(state: TvState, chosen: Pool, team_id: int) -> TeamSeated:
    """The seating of ``team_id`` out of ``chosen``, with its reason: a team that had lost
    its round returns (TV-10), else it answered correctly (TV-9) or the top picked it
    (TV-11)."""
    if team_id in state.lost:
        return TeamSeated(team_id, SeatReason.RETURN, chosen.teams, chosen.answered,
                          chosen.opened)
    reason = SeatReason.CORRECT if chosen.answered else SeatReason.TOP
    return TeamSeated(team_id, reason, chosen.teams, chosen.answered)


def first(state: TvState, team_id: int | None, seed: int) -> TeamSeated:
    """The first central team of a started game: the host's choice ``team_id``, else the
    top's draw with ``seed`` among the eligible teams (TV-10 applied as the module says)."""
    if team_id is not None:
        return TeamSeated(team_id, SeatReason.HOST)
    teams, opened = eligible(state, None)
    chosen = spin(seed, teams)
    if chosen in state.lost:
        return TeamSeated(chosen, SeatReason.RETURN, teams, False, opened)
    return TeamSeated(chosen, SeatReason.FIRST_DRAW, teams)
