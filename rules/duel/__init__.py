"""DUEL: the online series format, one team against the host, to 6 points (RULES.md DUEL-*;
``docs/rules.md`` tells the rules in words).

The flow: the captain picks a question by number (DUEL-4.1); a minute of discussion with a
signal 10 s before the end and at the end (DUEL-3.4), paused and resumed by the host
(DUEL-3.4.1); the captain names the answering player (DUEL-3.5); the host judges, and the
captain may appeal to the keeper during the game (DUEL-3.7); +1 to the team or the host
(DUEL-3.8); after 6 points the team votes for the best question and best player (DUEL-3.9).
Times are absolute UTC deadlines in events; ``timers(state)`` says which to arm. Nothing here
reads a clock or draws lots.

Where the rules leave a choice, this package decides:

* Preparing the set (DUEL-4.1, 4.2): what the package labels (a picture, a three-part
  "Блиц."/"Суперблиц.", a "13-й сектор" text) is marked by default; the host marks the rest
  (``MarkQuestion``). ``StartGame`` refuses a set lacking any of the four kinds and says which;
  ``StartGame(force=True)`` (``/start anyway``) starts without them, the host's call under
  DUEL-8.1, for real packages with no blitz (most db.chgk.info tournaments). Blitz and
  superblitz need a question with exactly three parts; sector 13 is a way of playing any
  single question.
* Team size (DUEL-2.2): ``StartGame`` needs ``min_players`` (6); ``force`` starts with one
  fewer, "agreed with the host and the keeper": the host's ``/start anyway`` is the host's
  agreement, and a keeper must be named; never fewer. A smaller group plays a training game,
  ``StartGame(training=True)`` (``/start training``): any number of players, no special
  question, any package with a question (on a set shorter than 11 it is won with a majority,
  ``training_target``); it never counts in a season.
* Sector 13 (DUEL-4.2b): "all stay" earns no minute (the rule gives it to the single player
  only); the bench after a wrong answer falls away, not postponed, when the next question is a
  blitz or superblitz; those benched may not be named to answer the next question either (they
  did not hear the discussion), and when everyone is benched it has no discussion and anyone
  may answer. The single player who stayed answers without being named; of three, the captain
  names one.
* Blitz and superblitz (DUEL-4.2c, d): every mini-question is played even after a wrong one, so
  that an appeal (DUEL-3.7) weighs the whole question. The captain names the superblitz's
  single player before the first mini-question.
* Early answer (DUEL-5.1): only on a question with a full minute (not sector 13, which has its
  own "answer at once", and not the mini-questions).
* Credit minute (DUEL-5.3): repaid (5.3.1) by ``PickQuestion(repay=True)``, a later question
  answered with no discussion, never a blitz or superblitz. Sector 13 may repay it: with no
  discussion its three modes come to "all stay", so the captain is not asked who stays, names
  the answerer, earns no minute, and a wrong answer benches the whole team. So that the team
  cannot win owing it: the credit is refused when no later question could repay it, or when
  the team has 5 points too; while it is owed, an ordinary pick that would use up the last
  repayable question is refused, and with 5 points only a repayment may be picked. When the
  host wins, the debt ends with the game.
* Decisive round (DUEL-6.4): the next question the captain picks (not a blitz or superblitz)
  is worth 6 points, so the game ends 6:0 or 0:6; the appeal window on the verdict before it
  closes, as when a question is picked.
* The answerer (DUEL-3.5): the captain may name another player until the answer is given (not
  where the bot names the only player who may answer); an answer with no visible character
  (spaces, U+200B and the like) is refused and the answerer may answer again.

Where things are: ``config`` (constants, phases and other terms, ``DuelConfig``, ``Facts``),
``state`` (``DuelState`` and what is read off it, ``timers``, ``roles``), ``actions`` (with
``PERMISSIONS``), ``events``, ``decide`` (which module an action goes to), ``prepare`` (the set
and the start), ``question`` (playing a question), ``special`` (sector 13, superblitz, decisive
round), ``timing`` (the clock, extra minutes, hints, credit), ``verdicts`` (verdicts, appeals,
vote), ``evolve``, ``decider`` (``result``, ``DUEL``). The discussion clock is the shared
``rules.clock``, the people ``rules.roster``, the oral answer's actions ``rules.answering``.
This package re-exports the names its users read (``from rules import duel as d;
d.PickQuestion``); anything else is imported from the module that defines it.
"""

from __future__ import annotations

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.clock import (
    ClockPaused,
    ClockResumed,
    DiscussionEnded,
    DiscussionStarted,
    MissedDeadlines,
    PauseClock,
    ResumeClock,
    TimerFired,
    WarningSignalled,
)
from rules.duel.actions import (
    PERMISSIONS,
    AbortGame,
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
from rules.duel.config import (
    CLUB_SECONDS,
    DECISIVE_POINTS,
    FORMAT,
    PART_SECONDS,
    PARTS,
    DuelConfig,
    Facts,
    Hint,
    MinuteSource,
    Phase,
    Play,
    Sector13Mode,
    Side,
    Special,
    TimeReason,
)
from rules.duel.decide import decide
from rules.duel.decider import DUEL, result
from rules.duel.events import (
    AnswererNamed,
    AnswerGiven,
    AnswerJudged,
    AppealDecided,
    AppealFiled,
    BestPlayerVoted,
    BestQuestionVoted,
    ClubHelpWithdrawn,
    CreditTaken,
    DecisiveRoundStarted,
    EarlyAnswerDeclared,
    GameAborted,
    GameCreated,
    GameFinished,
    GameReopened,
    GameStarted,
    GameWon,
    HelpersDone,
    HelpersNamed,
    HelpersProposed,
    HelpersRefused,
    HintTaken,
    PackageAttached,
    PartJudged,
    PartStarted,
    QuestionChosen,
    QuestionMarked,
    QuestionSent,
    QuestionsSelected,
    QuestionUndelivered,
    Sector13Chosen,
    SoloNamed,
    TimeAdded,
)
from rules.duel.evolve import earned_minutes, evolve
from rules.duel.prepare import exception_players, special_args, training_target
from rules.duel.state import DuelState, roles, set_indices, special_numbers, timers, winner_at
from rules.duel.verdicts import after_game_actions

__all__ = [
    "CLUB_SECONDS", "DECISIVE_POINTS", "DUEL", "FORMAT", "PARTS", "PART_SECONDS", "PERMISSIONS",
    "AbortGame", "AnswerGiven", "AnswerHelpers", "AnswerJudged", "AnswererNamed", "AppealDecided",
    "AppealFiled", "AskDecisiveRound", "AttachPackage", "BestPlayerVoted", "BestQuestionVoted",
    "ChallengeVerdict", "ChooseSector13", "ClockPaused", "ClockResumed", "CloseVote",
    "ClubHelpWithdrawn", "CreditTaken", "DecideAppeal", "DecisiveRoundStarted", "DeclareEarly",
    "DiscussionEnded", "DiscussionStarted", "DuelConfig", "DuelState", "EarlyAnswerDeclared",
    "Facts", "FileAppeal", "GameAborted", "GameCreated", "GameFinished", "GameReopened",
    "GameStarted", "GameWon", "GiveAnswer", "HelpersDone", "HelpersNamed", "HelpersProposed",
    "HelpersRefused", "Hint", "HintTaken", "JudgeAnswer", "MarkQuestion", "MinuteSource",
    "MissedDeadlines", "NameAnswerer", "NameHelpers", "PackageAttached", "PartJudged",
    "PartStarted", "PauseClock", "Phase", "PickQuestion", "Play", "QuestionChosen",
    "QuestionDelivered", "QuestionMarked", "QuestionNotDelivered", "QuestionSent",
    "QuestionUndelivered", "QuestionsSelected", "ResumeClock", "Sector13Chosen", "Sector13Mode",
    "SelectQuestions", "Side", "SoloNamed", "Special", "StartGame", "TakeCredit", "TakeHint",
    "TimeAdded", "TimeReason", "TimerFired", "UseExtraMinute", "VoteBestPlayer",
    "VoteBestQuestion", "WarningSignalled", "after_game_actions", "decide", "earned_minutes",
    "evolve", "exception_players", "result", "roles", "set_indices", "special_args",
    "special_numbers", "timers", "training_target", "winner_at",
]
