"""SYNC: the synchronous club game, every team answers in writing (RULES.md SYNC-1..SYNC-11).

The game (SYNC-5..SYNC-8): the host starts round 1 of at most 15 organisers' questions, round
2 of team questions (every team the same number) and maybe round 3, with breaks between
them; asks each question (a team question names its asking team, which does not answer it);
its minute starts on delivery, with a warning after 50 s, then 15 s to hand in the written
answer; the window closes a second later and every answer goes to the judging queue grouped
by its key; the hosts judge groups; the question is scored when none is pending. After the
rounds a tie for first is played off in a shoot-out on the hosts' questions (SYNC-8).

Where things are: ``config`` (phases, kinds, ``SyncConfig``), ``state`` (``SyncState``, the
table derived from it, ``timers``, ``roles``), ``actions`` (with ``PERMISSIONS``), ``events``,
``decide`` (rounds, asking, the end, and what goes to the parts), ``play`` (a question:
delivery, clock, hand-in, close, judging, clarification), ``evolve``, ``decider`` (``result``,
``SYNC``); the game's parts: ``registration`` over ``enrolment`` (SYNC-1..SYNC-4) and
``appeals`` (SYNC-9..SYNC-11); and around the game: ``club`` (team sizes, duty rotation,
the proposed number of team questions), ``scoring`` (points, marks, totals, shoot-out,
winners), ``jury`` (who judges an appeal and its majority). The shared sub-deciders:
``rules.roster``, ``rules.clock``, ``rules.written``, ``rules.judging``. This package
re-exports the names a format needs, so ``from rules import sync as s; s.AskQuestion`` reads
the same wherever it is defined.
"""

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
from rules.sync.actions import (
    PERMISSIONS,
    AbortGame,
    Action,
    AnnounceGame,
    AskClarification,
    AskQuestion,
    AttachPackage,
    EndGame,
    ExplainAnswer,
    HandInAnswer,
    JudgeGroup,
    QuestionDelivered,
    QuestionNotDelivered,
    RepeatQuestion,
    StartRound,
)
from rules.sync.config import FORMAT, Phase, RoundKind, SyncConfig
from rules.sync.decide import decide
from rules.sync.decider import (
    SYNC,
    SyncDecider,
    awaiting_delivery,
    delivery_action,
    result,
)
from rules.sync.enrolment import GameKind
from rules.sync.events import (
    AnswerExplained,
    AnswerPrepared,
    ClarificationAsked,
    ClosingHeld,
    GameAborted,
    GameCreated,
    GameFinished,
    HandInStarted,
    PackageAttached,
    QuestionAsked,
    QuestionRepeated,
    QuestionScored,
    QuestionUndelivered,
    RoundEnded,
    RoundStarted,
    ShootoutStarted,
)
from rules.sync.evolve import evolve, initial_state
from rules.sync.state import (
    Asked,
    SyncState,
    roles,
    scored,
    shootout_left,
    timers,
    totals,
    winners,
)
from rules.written import CLOSE_TIMER, NameAnswerer

__all__ = [
    "CLOSE_TIMER",
    "FORMAT",
    "PERMISSIONS",
    "SYNC",
    "AbortGame",
    "Action",
    "AnnounceGame",
    "AnswerExplained",
    "AnswerPrepared",
    "AskClarification",
    "AskQuestion",
    "Asked",
    "AttachPackage",
    "ClarificationAsked",
    "ClockPaused",
    "ClockResumed",
    "ClosingHeld",
    "DiscussionEnded",
    "DiscussionStarted",
    "EndGame",
    "ExplainAnswer",
    "GameAborted",
    "GameCreated",
    "GameFinished",
    "GameKind",
    "HandInAnswer",
    "HandInStarted",
    "JudgeGroup",
    "MissedDeadlines",
    "NameAnswerer",
    "PackageAttached",
    "PauseClock",
    "Phase",
    "QuestionAsked",
    "QuestionDelivered",
    "QuestionNotDelivered",
    "QuestionRepeated",
    "QuestionScored",
    "QuestionUndelivered",
    "RepeatQuestion",
    "ResumeClock",
    "RoundEnded",
    "RoundKind",
    "RoundStarted",
    "ShootoutStarted",
    "StartRound",
    "SyncConfig",
    "SyncDecider",
    "SyncState",
    "TimerFired",
    "WarningSignalled",
    "awaiting_delivery",
    "decide",
    "delivery_action",
    "evolve",
    "initial_state",
    "result",
    "roles",
    "scored",
    "shootout_left",
    "timers",
    "totals",
    "winners",
]
