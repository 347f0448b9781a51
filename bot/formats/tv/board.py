"""TV's scoreboard: experts against viewers, who sits at the central table and
who sat there before, the spinning top's last pick, the central minute's clock, and the
club tables' points and the players' ratings (TV-1..TV-6), read with ``rules.tv``'s own
folds.

The page's read model (``TvBoard``, a ``StateBoard``) is the game as the rules fold it:
the seatings of every
round, the score, the club tables' points and the ratings are all in that state.

Privacy: the club tables' written answers are never shown (nor the central table's before
the host's verdict): the page shows verdicts and points only.
"""

from __future__ import annotations

from bot.board.html import Say, clock, name, para, table
from bot.board.view import StateBoard
from rules import tv
from rules.tv.ratings import ratings, team_points


def _board(state: tv.TvState, say: Say) -> tuple[str, str]:
    """The page's title and board (HTML) of the TV game in ``state``."""
    title = say("board-tv-title")
    experts, viewers = state.score
    parts = [f"<h1>{title}</h1>",
             para(say, "board-tv-score", "score", experts=experts, viewers=viewers)]
    central = state.central_team
    parts.append(para(say, "board-tv-central", team=central.name if central else "none"))
    before = list(dict.fromkeys(r.central for r in state.rounds if r.central != state.central))
    if before:
        names = ", ".join(t.name for t in (state.team(i) for i in before) if t is not None)
        parts.append(para(say, "board-tv-before", "note", teams=names))
    last = state.last
    if last is not None:
        parts.append(para(say, "board-tv-top", sector=last.sector))
    if state.phase is tv.Phase.DISCUSSION and state.clock is not None:
        parts.append(clock(say, state.clock.ends_at,
                           state.clock.remaining if state.clock.paused else None))
    if state.phase is tv.Phase.FINISHED:
        side = state.winner.value if state.winner else "none"
        parts.append(para(say, "board-tv-winner", "live", side=side))
    rounds = [[str(r.sector), name(_team(state, r.central)),
               ("" if r.correct is None else
                (say("board-verdict-right"), "m1") if r.correct else
                (say("board-verdict-wrong"), "m0"))] for r in state.rounds]
    if rounds:
        parts.append(f'<h2>{say("board-tv-rounds")}</h2>')
        parts.append(table([say("board-col-sector"), say("board-col-team"),
                            say("board-col-verdict")], rounds))
    points = team_points(state)
    clubs = sorted(state.club_teams(), key=lambda t: (-points.get(t, 0), _team(state, t)))
    if clubs:
        parts.append(f'<h2>{say("board-tv-clubs")}</h2>')
        parts.append(table([(say("board-col-team"), "name"), say("board-col-points")],
                           [[(name(_team(state, t)), "name"), str(points.get(t, 0))]
                            for t in clubs]))
    rating = ratings(state)
    if rating:
        ordered = sorted(rating.items(), key=lambda i: (-i[1], state.roster.name(i[0])))
        parts.append(f'<h2>{say("board-tv-ratings")}</h2>')
        parts.append(table([(say("board-col-player"), "name"), say("board-col-points")],
                           [[(name(state.roster.name(p)), "name"), str(n)]
                            for p, n in ordered]))
    return title, "".join(parts)


def _team(state: tv.TvState, team_id: int | None) -> str:
    team = state.team(team_id)
    return team.name if team else "-"


TvBoard = StateBoard(tv.TV, _board)
"""TV's page (``bot.board.view.BoardView``): the game's state, folded by the rules,
shown by ``_board``."""
