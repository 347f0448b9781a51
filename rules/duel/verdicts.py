"""Verdicts, appeals and the after-game vote (DUEL-3.7, 3.8, 3.9).

The end of a game: when a side reaches 6 (``GameWon``) the game is over at once (its phase is
``FINISHED``, it is stored as finished and may be counted in a season, and its chat may open
the next game). What remains is after the game and holds nothing up: the team's vote for the
best question and best player (DUEL-3.9), open until both are in or the host closes it
(``CloseVote``, then ``GameFinished``), and, until the vote begins, an appeal of the deciding
verdict (DUEL-3.7: the decision is final "in the game", and the deciding verdict is the
game's last). An appeal that takes the winner below 6 reopens the game (``GameReopened``).
``after_game_actions`` says what a finished game still accepts.

Appeals (DUEL-3.7): the captain appeals only a verdict against the team (a wrong answer), to
the keeper, who upholds or overturns it (``DecideAppeal``); the keeper may also challenge the
host's last verdict, whichever way it went, on their own (``ChallengeVerdict``). Either is open
until the next question is chosen (or the decisive round asked for), and after the game until
its vote begins. An overturned verdict carries its consequences: an early answer or a
single-player sector 13 gains or loses its extra minute, a sector 13 benches or frees those who
stayed.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, Rejection
from rules.duel.actions import (
    ChallengeVerdict,
    CloseVote,
    DecideAppeal,
    FileAppeal,
    VoteBestPlayer,
    VoteBestQuestion,
)
from rules.duel.config import DECISIVE_POINTS, PART_SECONDS, PARTS, Phase, Play
from rules.duel.events import (
    AnswerJudged,
    AppealDecided,
    AppealFiled,
    BestPlayerVoted,
    BestQuestionVoted,
    GameFinished,
    GameReopened,
    GameWon,
    PartJudged,
    PartStarted,
    QuestionSent,
)
from rules.duel.state import DuelState, Played, winner_at

AFTER_GAME = (FileAppeal, DecideAppeal, ChallengeVerdict, VoteBestQuestion, VoteBestPlayer,
               CloseVote)


def after_game_actions(state: DuelState) -> frozenset[type]:
    """The actions a finished game still accepts (none while it is live or once aborted): the
    votes and their closing while the vote is open (DUEL-3.9), and the appeal of the deciding
    verdict, and its decision, until the vote begins (DUEL-3.7)."""
    if state.phase is not Phase.FINISHED:
        return frozenset()
    allowed: set[type] = set()
    if state.vote_open:
        allowed |= {VoteBestQuestion, VoteBestPlayer, CloseVote}
    if isinstance(appealable(state), Played):
        allowed |= {FileAppeal, DecideAppeal, ChallengeVerdict}
    return frozenset(allowed)


def judge(state: DuelState, correct: bool) -> list[Event] | Rejection:
    """The host's verdict on the answer (DUEL-3.7, 3.8), or on the current mini-question of a
    blitz or superblitz: every mini-question is played, the point only for all three right
    (DUEL-4.2c, d); a verdict that brings a side to the target wins the game."""
    if state.phase is not Phase.JUDGING:
        return Rejection("duel-nothing-to-judge")
    number = state.current
    if state.play in (Play.BLITZ, Play.SUPERBLITZ):
        events: list[Event] = [PartJudged(number, state.part, correct)]
        parts = (*state.parts, correct)
        if len(parts) < PARTS:
            return [*events, PartStarted(len(parts)), QuestionSent(PART_SECONDS)]
        whole = all(parts)
        return [*events, AnswerJudged(number, whole),
                *winner_events(state, rescored(state, number, whole))]
    return [AnswerJudged(number, correct),
            *winner_events(state, rescored(state, number, correct))]


def rescored(state: DuelState, number: int, correct: bool) -> tuple[int, int]:
    """The score if set number ``number`` had the verdict ``correct``."""
    points = {p.number: (p.correct, p.points) for p in state.played[state.reset_at:]}
    worth = points[number][1] if number in points else (
        DECISIVE_POINTS if state.decisive else 1)
    points[number] = (correct, worth)
    team = sum(w for c, w in points.values() if c)
    return team, sum(w for c, w in points.values() if not c)


def winner_events(state: DuelState, score: tuple[int, int]) -> list[Event]:
    """``GameWon`` when ``score`` reaches the target (DUEL-3.8), ``GameReopened`` when an
    overturned verdict takes the winner below it (DUEL-3.7), else nothing."""
    winner = winner_at(state.config, score)
    if winner is not None:
        return [GameWon(winner)]
    if state.winner is not None:
        return [GameReopened()]
    return []


def appealable(state: DuelState) -> Played | Rejection:
    """The last verdict, while it may still be appealed or challenged (DUEL-3.7).

    The verdict that ends the game may be appealed at once, like any other; once the team has
    begun its vote (DUEL-3.9), or the host closed it, the game is over and no appeal is heard.
    """
    if state.phase is Phase.FINISHED and (not state.vote_open or state.best_question is not None
                                          or state.best_player is not None):
        return Rejection("duel-appeal-after-game")
    if state.phase not in (Phase.CHOOSING, Phase.FINISHED) or len(state.played) <= state.reset_at:
        # Picking the next question, or asking for the decisive round, closes the window.
        return Rejection("duel-no-verdict-to-appeal")
    return state.played[-1]


def appeal(state: DuelState) -> list[Event] | Rejection:
    """The captain appeals the last verdict, when it went against the team, to the keeper
    (DUEL-3.7)."""
    last = appealable(state)
    if isinstance(last, Rejection):
        return last
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    if last.appealed:
        return Rejection("duel-already-appealed", {"number": last.number})
    if last.correct:
        # The captain appeals for the team, not against it; the keeper may still challenge.
        return Rejection("duel-appeal-not-against", {"number": last.number})
    if state.roster.keeper is None:
        return Rejection("duel-no-keeper")
    return [AppealFiled(last.number)]


def overturned(state: DuelState, last: Played, *, own: bool) -> list[Event]:
    """The last verdict overturned, and what that does to the winner."""
    return [AppealDecided(last.number, True, own=own),
            *winner_events(state, rescored(state, last.number, not last.correct))]


def decide_appeal(state: DuelState, overturn: bool) -> list[Event] | Rejection:
    """The keeper upholds or overturns the appealed verdict (DUEL-3.7)."""
    if not state.appeal_pending:
        # Nothing to decide: say how the keeper changes a verdict unasked.
        return Rejection("duel-keeper-no-appeal")
    last = appealable(state)
    if isinstance(last, Rejection):
        return last
    return overturned(state, last, own=False) if overturn else [
        AppealDecided(last.number, False)]


def challenge(state: DuelState) -> list[Event] | Rejection:
    """The keeper, unasked, overturns the host's last verdict, whichever way it went
    (DUEL-3.7)."""
    last = appealable(state)
    if isinstance(last, Rejection):
        return Rejection("duel-no-verdict-to-challenge") \
            if last.reason == "duel-no-verdict-to-appeal" else last
    if state.appeal_pending:
        return Rejection("duel-challenge-appeal-pending", {"number": last.number})
    if last.appealed:
        return Rejection("duel-already-appealed", {"number": last.number})
    return overturned(state, last, own=True)


def vote_open(state: DuelState) -> Rejection | None:
    """Why the after-game vote cannot take a vote now, or None (DUEL-3.9)."""
    if state.phase is not Phase.FINISHED:
        return Rejection("duel-not-voting")
    if not state.vote_open:
        return Rejection("duel-vote-closed")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    return None


def vote_question(state: DuelState, number: int) -> list[Event] | Rejection:
    """The team's best question, among those it did not answer (DUEL-3.9)."""
    refused = vote_open(state)
    if refused is not None:
        return refused
    candidates = state.best_question_candidates()
    if number not in candidates:
        return Rejection("duel-best-question-invalid",
                         {"numbers": ", ".join(map(str, candidates)) or "-"})
    return [BestQuestionVoted(number), *finish_if_done(replace(state, best_question=number))]


def vote_player(state: DuelState, player: int) -> list[Event] | Rejection:
    """The team's best player (DUEL-3.9)."""
    refused = vote_open(state)
    if refused is not None:
        return refused
    if state.team is None or player not in state.team.members:
        return Rejection("duel-answerer-not-in-team", {"name": state.roster.name(player)})
    return [BestPlayerVoted(player), *finish_if_done(replace(state, best_player=player))]


def finish_if_done(state: DuelState) -> list[Event]:
    """``GameFinished`` once both votes are in (or no question is left to vote for)."""
    question_done = state.best_question is not None or not state.best_question_candidates()
    if question_done and state.best_player is not None:
        team, host = state.score
        return [GameFinished(state.winner, team, host)]
    return []



def close_vote(state: DuelState) -> list[Event] | Rejection:
    """The host closes the after-game vote with what has been voted (DUEL-3.9)."""
    if not state.vote_open:
        return Rejection("duel-no-vote-open")
    if state.appeal_pending:
        return Rejection("duel-appeal-pending")
    team, host = state.score
    return [GameFinished(state.winner, team, host)]
