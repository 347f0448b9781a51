"""DUEL: the online series format, one team against the host, to 6 points (RULES.md DUEL-*).

The basic flow: the captain picks a question by number (DUEL-4.1), one minute of discussion
with a signal 10 s before the end and at the end (DUEL-3.4, 3.4.2), pause and resume by the
host (DUEL-3.4.1), the captain names the answering player (DUEL-3.5), the host judges
(DUEL-3.7), appeals to the keeper during the game (DUEL-3.7), +1 to the team or the host
(DUEL-3.8), and after 6 points the team's vote for the best question and best player (DUEL-3.9).

On top of it, every remaining DUEL clause (the end of a game, appeals and the after-game vote
are told in ``rules.duel.verdicts``; extra minutes and hints in ``rules.duel.timing``; when the
minute starts in ``rules.duel.question``):

* Preparing the set (DUEL-4.1, 4.2): the host marks which set numbers are the picture, sector
  13, blitz and superblitz questions (``MarkQuestion``); what the package itself labels (a
  picture, a three-part "Блиц."/"Суперблиц.", a "13-й сектор" text) is marked by default, so a
  labelled package starts with no marking at all. ``StartGame`` refuses a set lacking any of the
  four kinds and says which; ``StartGame(force=True)`` (``/start anyway``) starts without them,
  the host's call under DUEL-8.1, for real packages that have no blitz (e.g. most db.chgk.info
  tournaments). Blitz and superblitz need a question with exactly three parts; sector 13 can
  be any single question (sector 13 is a way of playing a question, not a kind of text).
* Team size (DUEL-2.2): ``StartGame`` needs ``min_players`` (6); ``force`` starts with one
  fewer (5), "in exceptional cases, agreed with the host and the keeper": the host's
  ``/start anyway`` is the host's agreement, and a keeper must be named for it (the keeper's
  agreement is given in the call, and a game with one fewer player is the kind of call the
  keeper oversees); never fewer.
  A smaller group plays a training game, ``StartGame(training=True)`` (``/start training``):
  any number of players, no special question needed, any package with at least one question
  (a normal game needs the 12 of DUEL-4.1; on a set shorter than 11 a training game is won
  with a majority of it, ``training_target``), and it never counts in a season
  (``bot.season`` refuses to record it).
* Sector 13 (DUEL-4.2b): the captain chooses before the question is read: all stay and answer
  at once, 3 stay with 20 s, or 1 stays with a minute. A correct answer by the single player
  earns an extra minute; a wrong answer benches those who stayed for the next question's
  discussion. Decisions: "all stay" earns no minute (4.2b gives it to the single player only);
  the bench falls away, not postponed, when the next question is a blitz or superblitz ("кроме
  вопросов блиц и суперблиц"); if everyone is benched the next question has no discussion; the
  answerer of a sector 13 question is one of those who stayed: the single player who stayed
  answers without being named (as in a superblitz), of three the captain names one. Those
  benched sit out the next question and may not be named to answer it either (they did not
  hear the discussion); when everyone is benched the question has no discussion and anyone
  may answer it.
* Blitz and superblitz (DUEL-4.2c, d): three mini-questions, 20 s each, the point only if all
  three are right. Every mini-question is played even after a wrong one, so that an appeal to
  the keeper (DUEL-3.7) weighs the whole question, as every appeal does. In a superblitz the
  captain names the single player before the first mini-question, and only that player answers.
* Early answer (DUEL-5.1): the captain declares it within the first 5 s of discussion of a
  question with a full minute (not sector 13, which has its own "answer at once", and not the
  mini-questions); a correct early answer earns an extra minute.
* Credit minute (DUEL-5.3): once per game, when the host has 5 points, after the time ran out
  (the main minute or a hint's time). It must be repaid (5.3.1) by ``PickQuestion(repay=True)``:
  a later question answered with no discussion, never a blitz or superblitz (the only ones
  5.3.1 excludes). Sector 13 may repay it: with no discussion its three modes come to one,
  "all stay and answer at once", so the captain is not asked who stays; the captain names the
  answerer, no minute is earned (4.2b gives one only to a single player who used a minute),
  and a wrong answer benches the whole team for the next question's discussion, as "all
  stay" does. So that the team cannot win with the debt
  unpaid: the credit is refused when no later question could repay it, or when the team has
  5 points too (the question decides the game: no question would be left to repay on); while
  the debt is open, an ordinary pick that would use up the last repayable question is refused,
  and with 5 points only a repayment may be picked. When the host wins, the debt ends with the
  game (it only keeps a team from winning owing it).
* Decisive round (DUEL-6.4): the captain of a team leading with 5 points asks for it naming
  the single player; the score becomes 0:0 and the next question the captain picks (not a
  blitz or superblitz) is worth 6 points, so the game ends 6:0 or 0:6. The appeal window on
  the verdict before it closes, as when a question is picked.
* The answerer (DUEL-3.5): the captain may name another player until the answer is given
  (not where the bot names the only player who may answer); an answer with no visible
  character (spaces, U+200B and the like) is refused and the answerer may answer again.

Times are absolute UTC deadlines in events; ``timers(state)`` says which to arm. Nothing here
reads a clock or draws lots.

Where things are: ``config`` (constants, phases and other terms, ``DuelConfig``, ``Facts``),
``state`` (``DuelState`` and what is read off it, ``timers``, ``roles``), ``actions`` (with
``PERMISSIONS``), ``events``, ``decide`` (which module an action goes to), ``prepare`` (the set
and the start), ``question`` (playing a question), ``special`` (sector 13, superblitz, decisive
round), ``timing`` (the clock, extra minutes, hints, credit), ``verdicts`` (verdicts, appeals,
vote), ``evolve``, ``decider`` (``result``, ``DUEL``). The discussion clock is the shared
``rules.clock``; the people, the shared ``rules.roster``. This package re-exports every public
name, so ``from rules import duel as d; d.PickQuestion`` reads the same wherever it is defined.
"""

from __future__ import annotations

from rules.answering import GiveAnswer, JudgeAnswer, NameAnswerer
from rules.clock import (
    Clock,
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
from rules.duel.config import (
    CLUB_SECONDS,
    DECISIVE_POINTS,
    EARLY_SECONDS,
    FORMAT,
    MAX_HELPERS,
    PART_SECONDS,
    PARTS,
    SECTOR13_STAY,
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
from rules.duel.decide import (
    decide,
)
from rules.duel.decider import (
    DUEL,
    DuelDecider,
    result,
)
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
from rules.duel.evolve import (
    earned_minutes,
    evolve,
    initial_state,
)
from rules.duel.prepare import (
    exception_players,
    special_args,
    training_target,
)
from rules.duel.question import (
    visible,
)
from rules.duel.state import (
    DuelState,
    Played,
    roles,
    set_indices,
    special_numbers,
    timers,
    winner_at,
)
from rules.duel.verdicts import (
    after_game_actions,
)
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    Roster,
    RosterAction,
    TakeOverHost,
    Team,
)

__all__ = [
    "CLUB_SECONDS",
    "DECISIVE_POINTS",
    "DUEL",
    "EARLY_SECONDS",
    "FORMAT",
    "MAX_HELPERS",
    "PARTS",
    "PART_SECONDS",
    "PERMISSIONS",
    "SECTOR13_STAY",
    "AbortGame",
    "Action",
    "AnswerGiven",
    "AnswerHelpers",
    "AnswerJudged",
    "AnswererNamed",
    "AppealDecided",
    "AppealFiled",
    "AskDecisiveRound",
    "AttachPackage",
    "BestPlayerVoted",
    "BestQuestionVoted",
    "ChallengeVerdict",
    "ChooseSector13",
    "Clock",
    "ClockPaused",
    "ClockResumed",
    "CloseVote",
    "ClubHelpWithdrawn",
    "CreditTaken",
    "DecideAppeal",
    "DecisiveRoundStarted",
    "DeclareEarly",
    "DiscussionEnded",
    "DiscussionStarted",
    "DuelConfig",
    "DuelDecider",
    "DuelState",
    "EarlyAnswerDeclared",
    "Facts",
    "FileAppeal",
    "GameAborted",
    "GameCreated",
    "GameFinished",
    "GameReopened",
    "GameStarted",
    "GameWon",
    "GiveAnswer",
    "HandOverCaptaincy",
    "HelpersDone",
    "HelpersNamed",
    "HelpersProposed",
    "HelpersRefused",
    "Hint",
    "HintTaken",
    "JoinTeam",
    "JudgeAnswer",
    "MarkQuestion",
    "MinuteSource",
    "MissedDeadlines",
    "NameAnswerer",
    "NameCoHost",
    "NameHelpers",
    "NameKeeper",
    "PackageAttached",
    "PartJudged",
    "PartStarted",
    "PauseClock",
    "Phase",
    "PickQuestion",
    "Play",
    "Played",
    "QuestionChosen",
    "QuestionDelivered",
    "QuestionMarked",
    "QuestionNotDelivered",
    "QuestionSent",
    "QuestionUndelivered",
    "QuestionsSelected",
    "RegisterTeam",
    "ResumeClock",
    "Roster",
    "RosterAction",
    "Sector13Chosen",
    "Sector13Mode",
    "SelectQuestions",
    "Side",
    "SoloNamed",
    "Special",
    "StartGame",
    "TakeCredit",
    "TakeHint",
    "TakeOverHost",
    "Team",
    "TimeAdded",
    "TimeReason",
    "TimerFired",
    "UseExtraMinute",
    "VoteBestPlayer",
    "VoteBestQuestion",
    "WarningSignalled",
    "after_game_actions",
    "decide",
    "earned_minutes",
    "evolve",
    "exception_players",
    "initial_state",
    "result",
    "roles",
    "set_indices",
    "special_args",
    "special_numbers",
    "timers",
    "training_target",
    "visible",
    "winner_at",
]
