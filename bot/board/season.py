"""A season's scoreboard, read with the season's own folds
(``bot.season.SeasonService.standings_of``), with the same column names and words as the
chat's table (``season-*`` strings): a DUEL season's standings and finalist (DUEL-6.3, 6.3.1,
6.5), or a season of SYNC games' table of points with the next game's duty team and fee
(SYNC-3, SYNC-4, SYNC-7)."""

from __future__ import annotations

from bot.board.html import Say, name, para, table
from bot.cli.export import place_text
from bot.i18n import money
from bot.season import PointsTable, SeasonTable


def board(standings: SeasonTable | PointsTable, say: Say) -> tuple[str, str]:
    """The page's title and board (HTML) of the season ``standings``."""
    if isinstance(standings, PointsTable):
        return _points(standings, say)
    title = say("board-season-title", season=standings.season.name)
    parts = [f"<h1>{title}</h1>"]
    if not standings.rows:
        parts.append(para(say, "season-standings-empty", "note"))
        return title, "".join(parts)
    yes = {True: "yes", False: "no"}
    rows = []
    for row in standings.rows:
        r = row.result
        rows.append([str(row.place), (name(r.team), "name"), f"{r.team_score}:{r.host_score}",
                     say("season-result", won=yes[r.won], decisive=yes[r.decisive],
                         disbanded=yes[row.disbanded], games=row.games),
                     r.played_at.strftime("%Y-%m-%d"), name(r.best_player)])
    parts.append(table([say("season-col-place"), (say("season-col-team"), "name"),
                        say("season-col-score"), say("season-col-result"),
                        say("season-col-date"), say("season-col-best")], rows))
    final = standings.finalist
    if final is not None and final.team is not None:
        parts.append(para(say, "season-finalist", "live", team=final.team))
    elif final is not None:
        parts.append(para(say, "season-finalist-best-players", "live",
                          names=", ".join(final.best_players) or "-"))
    return title, "".join(parts)


def _points(standings: PointsTable, say: Say) -> tuple[str, str]:
    """A season of SYNC games: each team's place (shared ones as ``1–2``), points, games,
    questions answered and unpaid fees, then the next game's duty team and fee."""
    title = say("season-points-title", season=standings.season.name, games=standings.games)
    parts = [f"<h1>{title}</h1>"]
    if not standings.rows:
        parts.append(para(say, "season-standings-empty", "note"))
        return title, "".join(parts)
    head = [(say("season-col-place"), "place"), (say("season-col-team"), "name"),
            *(say(f"season-col-{c}") for c in ("points", "games", "answered", "unpaid"))]
    rows = [[(place_text(r.place), "place"), (name(r.team), "name"), str(r.points),
             str(r.games), str(r.answered), str(r.unpaid)] for r in standings.rows]
    parts.append(table(head, rows))
    duty = standings.next_duty
    parts.append(para(say, "season-next-duty", "note", team=duty or "-",
                      has_duty="yes" if duty is not None else "no"))
    if standings.club.fee > 0:
        parts.append(para(say, "season-next-fee", "note",
                          fee=money(standings.club.fee, standings.club.currency)))
    return title, "".join(parts)
