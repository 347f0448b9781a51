"""DUEL's ``decide``: which part of the rules an action goes to. The roster's actions go to
``rules.roster``; preparing the set to ``prepare``; playing a question to ``question``; the
special questions' choices to ``special``; time to ``timing`` (the clock to ``rules.clock``);
verdicts, appeals and the vote to ``verdicts``."""

from __future__ import annotations

from datetime import datetime

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.base import Event, Rejection
from rules.clock import MissedDeadlines, PauseClock, ResumeClock, TimerFired
from rules.duel import prepare, question, special, timing, verdicts
from rules.duel.actions import (
    AbortGame,
    Action,
    AnswerHelpers,
    AskDecisiveRound,
    AttachPackage,
    ChallengeVerdict,
    ChooseSector13,
    CloseVote,
    DecideAppeal,
    DeclareEarly,
    FileAppeal,
    MarkQuestion,
    NameHelpers,
    PickQuestion,
    QuestionDelivered,
    QuestionNotDelivered,
    SelectQuestions,
    StartGame,
    TakeCredit,
    TakeHint,
    UseExtraMinute,
    VoteBestPlayer,
    VoteBestQuestion,
)
from rules.duel.config import Phase
from rules.duel.events import GameAborted, PackageAttached, QuestionUndelivered
from rules.duel.state import DuelState
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    TakeOverHost,
    decide_roster,
)


def decide(state: DuelState, action: Action, now: datetime) -> list[Event] | Rejection:
    """Decide what ``action`` at ``now`` (UTC) does: the events to store, or a Rejection.

    Roles are checked by the caller against ``PERMISSIONS``; this checks phase and arguments,
    and who exactly where a role is not enough (the superblitz player, the host or the captain
    naming helpers). A finished game accepts only ``after_game_actions``.
    """
    if not state.live and not isinstance(action, TimerFired | MissedDeadlines
                                         | QuestionDelivered | QuestionNotDelivered) and not (
            state.phase is Phase.FINISHED and isinstance(action, verdicts.AFTER_GAME)):
        # After the game, the appeal and vote functions say why one is closed.
        return Rejection("game-over")
    match action:
        case RegisterTeam() | JoinTeam() | HandOverCaptaincy() | NameKeeper() | NameCoHost() \
                | TakeOverHost():
            return decide_roster(state.roster, action, max_teams=1,
                                 open_=state.phase is Phase.LOBBY)
        case AttachPackage(package_id=package_id, scored=scored, facts=facts):
            if state.phase is not Phase.LOBBY:
                return Rejection("duel-package-fixed")
            if not scored:  # a short package is for a training game, refused at the start
                return Rejection("duel-package-no-questions")
            return [PackageAttached(package_id, scored, facts.pictures, facts.triples,
                                    facts.blitzes, facts.superblitzes, facts.sectors13)]
        case SelectQuestions(positions=positions):
            return prepare.select(state, positions)
        case MarkQuestion(kind=kind, number=number):
            return prepare.mark(state, kind, number)
        case StartGame(force=force, training=training):
            return prepare.start(state, force, training)
        case PickQuestion(number=number, repay=repay):
            return question.pick(state, number, repay)
        case ChooseSector13(mode=mode, players=players):
            return special.choose_sector13(state, mode, players)
        case DeclareEarly():
            return question.declare_early(state, now)
        case UseExtraMinute():
            return timing.use_extra_minute(state, now)
        case TakeHint(by=by, hint=hint):
            return timing.take_hint(state, by, hint, now)
        case NameHelpers(by=by, players=players, names=names):
            return timing.name_helpers(state, by, players, names, now)
        case AnswerHelpers(agree=agree):
            return timing.answer_helpers(state, agree, now)
        case TakeCredit():
            return timing.take_credit(state, now)
        case AskDecisiveRound(player=player):
            return special.ask_decisive(state, player)
        case PauseClock():
            return timing.pause(state, action, now)
        case ResumeClock():
            return timing.resume(state, action, now)
        case TimerFired():
            return timing.timer(state, action, now)
        case MissedDeadlines():
            return timing.missed(state, now)
        case QuestionDelivered(number=number, part=part, at=delivered):
            return [question.delivered(state, delivered)] \
                if question.awaits_delivery(state, number, part) else []
        case QuestionNotDelivered(number=number, part=part):
            return [QuestionUndelivered(number, part)] \
                if question.awaits_delivery(state, number, part) else []
        case NameAnswerer(player=player):
            return question.name_answerer(state, player)
        case GiveAnswer():
            return question.give_answer(state, action)
        case JudgeAnswer(correct=correct):
            return verdicts.judge(state, correct)
        case FileAppeal():
            return verdicts.appeal(state)
        case DecideAppeal(overturn=overturn):
            return verdicts.decide_appeal(state, overturn)
        case ChallengeVerdict():
            return verdicts.challenge(state)
        case VoteBestQuestion(number=number):
            return verdicts.vote_question(state, number)
        case VoteBestPlayer(player=player):
            return verdicts.vote_player(state, player)
        case CloseVote():
            return verdicts.close_vote(state)
        case AbortGame():
            return [GameAborted()]
    raise TypeError(f"not a DUEL action: {action!r}")

