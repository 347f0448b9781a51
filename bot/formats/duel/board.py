"""DUEL's scoreboard: the score, the question in play with its running clock,
the questions played with who answered, the answer and the verdict, and the appeals
(DUEL-3.7, 3.8).

The page's read model (``DuelPage``) is the game as the rules fold it (the score, the phase,
the clock, the questions played) and what that state forgets but the page keeps showing: who
answered each question (the verdict clears the answerer) and how its appeal ended.

Privacy: the game chat sees a DUEL answer with its verdict (``bot.formats.duel``: the host
talks with the answering player alone, DUEL-3.5), so the page shows an answer's text only
once it is judged; before, only that it was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.board.html import Say, clock, name, para, table
from rules.base import Event
from rules.duel import events
from rules.duel.config import Phase
from rules.duel.decider import DUEL
from rules.duel.state import DuelState


class Appeal(StrEnum):
    """Where a question's appeal to the keeper stands (DUEL-3.7)."""

    PENDING = "pending"
    UPHELD = "upheld"
    OVERTURNED = "overturned"


@dataclass(frozen=True, slots=True)
class DuelPage:
    """DUEL's page of one game: ``game``, the rules' fold of its events (None before the
    first), ``answerers``, the name of who answered each judged question (by set number; ""
    when nobody was named), and ``appeals``, each appealed question's appeal (DUEL-3.7)."""

    game: DuelState | None = None
    answerers: Mapping[int, str] = field(default_factory=dict)
    appeals: Mapping[int, Appeal] = field(default_factory=dict)


class DuelBoard:
    """DUEL's page (``bot.board.view.BoardView``): ``DuelPage`` folded from the events,
    rendered as HTML."""

    def initial(self) -> DuelPage:
        """The page of a game with no event yet."""
        return DuelPage()

    def evolve(self, model: DuelPage, event: Event) -> DuelPage:
        """``model`` after ``event``: the game moved on by the rules, and the answerer of a
        judged question (DUEL-3.8) and an appeal's course (DUEL-3.7) kept."""
        before = model.game
        page = replace(model, game=DUEL.evolve(before, event))
        if isinstance(event, events.AnswerJudged) and before is not None:
            answerer = before.roster.name(before.answerer) if before.answerer is not None else ""
            return replace(page, answerers={**page.answerers, event.number: answerer})
        if isinstance(event, events.AppealFiled):
            return replace(page, appeals={**page.appeals, event.number: Appeal.PENDING})
        if isinstance(event, events.AppealDecided):
            outcome = Appeal.OVERTURNED if event.overturned else Appeal.UPHELD
            return replace(page, appeals={**page.appeals, event.number: outcome})
        return page

    def render(self, model: DuelPage, say: Say) -> tuple[str, str]:
        """The page's title and board (HTML) of the DUEL game ``model``, one after at least
        its first event."""
        state = model.game
        assert state is not None
        team = state.team.name if state.team else None
        title = say("board-duel-title", team=team or "-")
        team_score, host_score = state.score
        parts = [f"<h1>{title}</h1>",
                 para(say, "board-duel-score", "score", team_score=team_score,
                      host_score=host_score)]
        parts.append(_now(state, say))
        rows = []
        for played in state.played:
            appeal = model.appeals.get(played.number)
            verdict = say("board-verdict-right") if played.correct else \
                say("board-verdict-wrong")
            rows.append([str(played.number), name(model.answerers.get(played.number)),
                         name(played.answer), (verdict, "m1" if played.correct else "m0"),
                         say(f"board-appeal-{appeal.value}") if appeal else ""])
        parts.append(f'<h2>{say("board-duel-played")}</h2>')
        if rows:
            parts.append(table([say("board-col-number"), say("board-col-answerer"),
                                say("board-col-answer"), say("board-col-verdict"),
                                say("board-col-appeal")], rows))
        else:
            parts.append(para(say, "board-none-played", "note"))
        return title, "".join(parts)


def _now(state: DuelState, say: Say) -> str:
    """What is going on: the question in play and its clock, an answer waiting for its
    verdict, an appeal waiting for the keeper, or the result."""
    if state.phase is Phase.FINISHED:
        side = state.winner.value if state.winner else "none"
        return para(say, "board-duel-winner", "live", side=side)
    if state.phase is Phase.ABORTED:
        return para(say, "board-aborted", "note")
    out = []
    if state.current is not None:
        out.append(para(say, "board-duel-question", number=state.current,
                        phase=state.phase.value))
        if state.phase is Phase.DISCUSSION and state.clock is not None:
            paused = state.clock.remaining if state.clock.paused else None
            out.append(clock(say, state.clock.ends_at, paused))
        if state.answer is not None and state.answerer is not None:
            out.append(para(say, "board-answer-given",
                            name=state.roster.name(state.answerer)))
    if state.appeal_pending:
        out.append(para(say, "board-appeal-waiting", "warn"))
    if not out and state.phase is Phase.LOBBY:
        out.append(para(say, "board-lobby", "note"))
    return "".join(out)
