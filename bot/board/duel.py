"""DUEL's scoreboard: the score, the question in play with its running clock,
the questions played with who answered, the answer and the verdict, and the appeals
(DUEL-3.7, 3.8).

Privacy: the game chat sees a DUEL answer with its verdict (``bot.formats.duel``: the host
talks with the answering player alone, DUEL-3.5), so the page shows an answer's text only
once it is judged; before, only that it was given.
"""

from __future__ import annotations

from bot.board.html import Say, clock, name, para, table
from bot.board.hub import Snapshot
from rules import duel as d


def board(snap: Snapshot, say: Say) -> tuple[str, str]:
    """The page's title and board (HTML) of the DUEL game ``snap``."""
    state: d.DuelState = snap.state
    team = state.team.name if state.team else None
    title = say("board-duel-title", team=team or "-")
    team_score, host_score = state.score
    parts = [f"<h1>{title}</h1>",
             para(say, "board-duel-score", "score", team_score=team_score,
                  host_score=host_score)]
    parts.append(_now(state, say))
    answerers = snap.notes.get("answerer", {})
    appeals = snap.notes.get("appeal", {})
    rows = []
    for played in state.played:
        appeal = say(f"board-appeal-{appeals[played.number]}") \
            if played.number in appeals else ""
        verdict = say("board-verdict-right") if played.correct else say("board-verdict-wrong")
        rows.append([str(played.number), name(answerers.get(played.number)),
                     name(played.answer), (verdict, "m1" if played.correct else "m0"),
                     appeal])
    parts.append(f'<h2>{say("board-duel-played")}</h2>')
    if rows:
        parts.append(table([say("board-col-number"), say("board-col-answerer"),
                            say("board-col-answer"), say("board-col-verdict"),
                            say("board-col-appeal")], rows))
    else:
        parts.append(para(say, "board-none-played", "note"))
    return title, "".join(parts)


def _now(state: d.DuelState, say: Say) -> str:
    """What is going on: the question in play and its clock, an answer waiting for its
    verdict, an appeal waiting for the keeper, or the result."""
    if state.phase is d.Phase.FINISHED:
        side = state.winner.value if state.winner else "none"
        return para(say, "board-duel-winner", "live", side=side)
    if state.phase is d.Phase.ABORTED:
        return para(say, "board-aborted", "note")
    out = []
    if state.current is not None:
        out.append(para(say, "board-duel-question", number=state.current,
                        phase=state.phase.value))
        if state.phase is d.Phase.DISCUSSION and state.clock is not None:
            paused = state.clock.remaining if state.clock.paused else None
            out.append(clock(say, state.clock.ends_at, paused))
        if state.answer is not None and state.answerer is not None:
            out.append(para(say, "board-answer-given",
                            name=state.roster.name(state.answerer)))
    if state.appeal_pending:
        out.append(para(say, "board-appeal-waiting", "warn"))
    if not out and state.phase is d.Phase.LOBBY:
        out.append(para(say, "board-lobby", "note"))
    return "".join(out)
