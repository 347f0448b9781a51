"""The season's replies and standings as text, for the chat and the terminal alike."""

from __future__ import annotations

from typing import Any

from bot.cli.export import place_text
from bot.i18n import Spelling, Translator, money
from bot.season.service import PointsTable, Reply, SeasonTable
from rules.base import Rejection

TERMINAL_KEYS = {key: f"{key}-terminal" for key in (
    "season-none", "season-needs-approval", "season-vote-opened", "season-unknown-person")}
"""Replies whose chat text names a chat command: in the terminal, the variant naming the
``chgk-bot season`` command instead."""


def render(reply: Reply | Rejection, t: Translator, locale: str, *, terminal: bool = False,
           spell: Spelling | None = None) -> list[str]:
    """Reply lines (or a refusal) as texts in ``locale``, commands written by ``spell`` (the
    chat platform's); for the ``terminal``, the variants that name its commands
    (``TERMINAL_KEYS``)."""
    lines = [(reply.reason, reply.args)] if isinstance(reply, Rejection) else reply
    keys = TERMINAL_KEYS if terminal else {}
    return [t.format(keys.get(key, key), args, locale, spell) for key, args in lines]


def render_table(table: SeasonTable, t: Translator, locale: str) -> str:
    """The standings as a text table (one line a team, columns padded to line up in a
    fixed-width font), with the finalist below."""
    def say(key: str, **args: Any) -> str:
        return t.format(key, args, locale)

    lines = [say("season-standings-title", season=table.season.name)]
    if not table.rows:
        return "\n".join([*lines, say("season-standings-empty")])
    header = [say(f"season-col-{c}") for c in ("place", "team", "score", "result", "date",
                                                "best")]
    cells = [header]
    for row in table.rows:
        r = row.result
        result = say("season-result", won=yes(r.won), decisive=yes(r.decisive),
                     disbanded=yes(row.disbanded), games=row.games)
        cells.append([str(row.place), r.team, f"{r.team_score}:{r.host_score}", result,
                      r.played_at.strftime("%Y-%m-%d"), r.best_player or "-"])
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines += [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in cells]
    final = table.finalist
    if final is not None and final.team is not None:
        lines.append(say("season-finalist", team=final.team))
    elif final is not None:
        lines.append(say("season-finalist-best-players",
                         names=", ".join(final.best_players) or "-"))
    return "\n".join(lines)


def yes(flag: bool) -> str:
    """A flag as a Fluent selector's value: "yes" or "no"."""
    return "yes" if flag else "no"


def render_points_table(table: PointsTable, t: Translator, locale: str) -> str:
    """A season of teams-only games as a text table (one line a team: place, shared ones as
    ``1–2``, team, points, games, questions answered, unpaid fees), columns padded for a
    fixed-width font, with the next game's duty team and fee below (SYNC-3, SYNC-4)."""
    def say(key: str, **args: Any) -> str:
        return t.format(key, args, locale)

    lines = [say("season-points-title", season=table.season.name, games=table.games)]
    if not table.rows:
        return "\n".join([*lines, say("season-standings-empty")])
    header = [say(f"season-col-{c}") for c in ("place", "team", "points", "games",
                                                "answered", "unpaid")]
    cells = [header, *([place_text(r.place), r.team, str(r.points), str(r.games),
                        str(r.answered), str(r.unpaid)] for r in table.rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines += [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in cells]
    lines.append(say("season-next-duty", team=table.next_duty or "-",
                     has_duty=yes(table.next_duty is not None)))
    if table.club.fee > 0:
        lines.append(say("season-next-fee", fee=money(table.club.fee, table.club.currency)))
    return "\n".join(lines)
