"""SYNC's scoreboard: the main table by question with each team's place (shared
places as "1–2"), its marks (1 right, 0 wrong, ? pending, X removed, - its own question),
a subtotal per tour and the total; provisional while a verdict or an appeal is open
(SYNC-7, SYNC-8, SYNC-9, SYNC-10). The table is read with the format's own functions
(``rules.sync``, ``bot.formats.sync.render.place_text``), never recomputed here.

The page's read model (``SyncBoard``, a ``StateBoard``) is the game as the rules fold
it: everything the page
shows (teams, marks, removed questions, open appeals, the clock) is in that state.

Privacy: SYNC never publishes a team's answer, so the page shows marks only;
the question being played shows its clock, never what was handed in.
"""

from __future__ import annotations

from bot.board.html import Say, clock, name, para, table
from bot.board.view import StateBoard
from bot.formats.sync.render import place_text
from rules import sync as s
from rules.scoring import places
from rules.sync import scoring
from rules.sync.state import scored


def _board(state: s.SyncState, say: Say) -> tuple[str, str]:
    """The page's title and board (HTML) of the SYNC game in ``state``."""
    title = say("board-sync-title", teams=len(state.teams))
    parts = [f"<h1>{title}</h1>", _now(state, say)]
    questions = scored(state)
    teams = tuple(state.teams)
    points = s.totals(state)
    first = (s.winners(state),) if state.phase is s.Phase.FINISHED else ()
    placed = places(points, first=first)
    marks = [scoring.marks(q, teams) for q in questions]
    subtotals = scoring.round_totals(questions, teams)
    rounds = list(dict.fromkeys(q.round for q in questions))
    head = [(say("board-col-place"), "place"), (say("board-col-team"), "name")]
    for index, q in enumerate(questions):
        head.append(str(q.number))
        if index + 1 == len(questions) or questions[index + 1].round != q.round:
            head.append(say("board-sync-tour", number=q.round))
    head.append(say("board-col-total"))
    order = sorted(teams, key=lambda t: (placed[t].first, -points[t], state.teams[t].name))
    rows = []
    for team in order:
        row: list[str | tuple[str, str]] = [(place_text(placed[team]), "place"),
                                            (name(state.teams[team].name), "name")]
        for index, q in enumerate(questions):
            mark = marks[index][team].value
            row.append((mark, f"m m{mark}"))
            if index + 1 == len(questions) or questions[index + 1].round != q.round:
                row.append(f"<b>{subtotals[q.round][team]}</b>")
        row.append(f"<b>{points[team]}</b>")
        rows.append(row)
    open_appeal = any(state.appeals.by_team[t].deferred for t in state.appeals.open_teams)
    if scoring.provisional(questions) or open_appeal:
        parts.append(para(say, "board-sync-provisional", "warn"))
    if rows:
        parts.append(table(head, rows, cls="sync"))
        if rounds:
            parts.append(para(say, "board-sync-legend", "note"))
    else:
        parts.append(para(say, "board-no-teams", "note"))
    return title, "".join(parts)


def _now(state: s.SyncState, say: Say) -> str:
    """The question in play and its clock, or the winner at the end."""
    if state.phase is s.Phase.FINISHED:
        names = ", ".join(state.teams[t].name for t in sorted(s.winners(state))
                          if t in state.teams)
        return para(say, "board-sync-winner", "live", teams=names or "-")
    if state.phase is s.Phase.ABORTED:
        return para(say, "board-aborted", "note")
    current = state.current
    if current is None or state.phase not in (s.Phase.DISCUSSION, s.Phase.HAND_IN,
                                              s.Phase.READING):
        return ""
    out = para(say, "board-sync-question", number=current.number)
    if state.phase is s.Phase.DISCUSSION and state.clock is not None:
        out += clock(say, state.clock.ends_at,
                     state.clock.remaining if state.clock.paused else None)
    elif state.phase is s.Phase.HAND_IN and state.written.deadline is not None:
        out += clock(say, state.written.deadline, None)
    return out


SyncBoard = StateBoard(s.SYNC, _board)
"""SYNC's page (``bot.board.view.BoardView``): the game's state, folded by the rules,
shown by ``_board``."""
