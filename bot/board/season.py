"""A season's scoreboard (issue 16): the standings and the finalist (DUEL-6.3, 6.3.1, 6.5),
read with the season's own fold (``bot.season.SeasonService.table_of``), with the same
column names and result words as the chat's table (``season-*`` strings)."""

from __future__ import annotations

from bot.board.html import Say, name, para, table
from bot.season import SeasonTable


def board(standings: SeasonTable, say: Say) -> tuple[str, str]:
    """The page's title and board (HTML) of the season ``standings``."""
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
