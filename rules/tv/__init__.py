"""TV: the St Petersburg club league, the central table against the viewers, to 6 points,
with the club tables answering the same questions in writing (RULES.md TV-1..TV-6,
TV-9..TV-11; the season, TV-7, TV-8, TV-12..TV-14, is ``rules.tv.league``,
``league_decide`` and ``league_teams``, built on ``result``, which carries the ratings).

A game: the teams present register; the host starts, seating the first central team or
letting the spinning top draw it. Each round the host spins the top for an envelope among
those left (TV-2, ``EnvelopeDrawn`` names the sector); once the question reached the chat
the central table discusses a minute (signals at 50 s and 60 s) while every club table may
hand in a written answer within the same minute (TV-5); after the minute the central captain
names the answering player and the host judges the oral answer. Correct: experts +1, the
team stays; wrong: viewers +1, the team leaves, and the next central team comes from the
club tables (TV-9..TV-11, see ``rules.tv.seating`` for the order problem: the seating waits
for the verdicts on the club answers). The club answers are judged with the grouped queue
after the round (``rules.judging``: one verdict per group of equal answers, remembered for
later answers with the same key); the first side to 6 wins (TV-4), and when the experts win
the host names the best player among everyone who sat at the central table. ``ratings``
folds the individual rating of the game (TV-5, TV-6). Pause and resume by the host, and a
deadline missed while the bot was down, stop the clock (``rules.clock``).

Randomness: every spin of the top carries a seed the bot chose (``rules.top``); its outcome is
stored in the event, so a replay never draws again.

Where things are: ``config`` (constants, phases, seat reasons, ``TvConfig``), ``state``
(``TvState``, ``Round``, ``timers``, ``roles``), ``actions`` (with ``PERMISSIONS``), ``events``,
``seating`` (who may sit at the central table, and when), ``decide``, ``evolve``,
``ratings``, ``decider`` (``result``, ``lost_rounds``, ``TV``). This package re-exports
every public name.
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
from rules.roster import HandOverCaptaincy, JoinTeam, NameCoHost, RegisterTeam, TakeOverHost
from rules.tv.actions import (
    PERMISSIONS,
    AbortGame,
    Action,
    AttachPackage,
    CloseClubAnswers,
    JudgeClubAnswers,
    NameBestPlayer,
    QuestionDelivered,
    QuestionNotDelivered,
    QueueClubAnswers,
    SeatTeam,
    SpinTop,
    StartGame,
)
from rules.tv.config import (
    FORMAT,
    MIN_TEAMS,
    Phase,
    ReturnScope,
    ReturnWhy,
    SeatReason,
    Side,
    TvConfig,
)
from rules.tv.decide import decide
from rules.tv.decider import TV, TvDecider, lost_rounds, result
from rules.tv.events import (
    AnswererNamed,
    AnswerTyped,
    BestPlayerNamed,
    CentralJudged,
    ClubJudgingOf,
    EnvelopeDrawn,
    GameAborted,
    GameCreated,
    GameStarted,
    GameWon,
    PackageAttached,
    QuestionUndelivered,
    TeamSeated,
)
from rules.tv.evolve import evolve, initial_state
from rules.tv.ratings import CENTRAL_POINTS, ratings, team_points
from rules.tv.seating import Pool, club_judged, eligible, pool
from rules.tv.state import Round, TvState, roles, timers
from rules.written import HandIn

__all__ = [
    "CENTRAL_POINTS",
    "FORMAT",
    "MIN_TEAMS",
    "PERMISSIONS",
    "TV",
    "AbortGame",
    "Action",
    "AnswerTyped",
    "AnswererNamed",
    "AttachPackage",
    "BestPlayerNamed",
    "CentralJudged",
    "ClockPaused",
    "ClockResumed",
    "CloseClubAnswers",
    "ClubJudgingOf",
    "DiscussionEnded",
    "DiscussionStarted",
    "EnvelopeDrawn",
    "GameAborted",
    "GameCreated",
    "GameStarted",
    "GameWon",
    "GiveAnswer",
    "HandIn",
    "HandOverCaptaincy",
    "JoinTeam",
    "JudgeAnswer",
    "JudgeClubAnswers",
    "MissedDeadlines",
    "NameAnswerer",
    "NameBestPlayer",
    "NameCoHost",
    "PackageAttached",
    "PauseClock",
    "Phase",
    "Pool",
    "QuestionDelivered",
    "QuestionNotDelivered",
    "QuestionUndelivered",
    "QueueClubAnswers",
    "RegisterTeam",
    "ResumeClock",
    "ReturnScope",
    "ReturnWhy",
    "Round",
    "SeatReason",
    "SeatTeam",
    "Side",
    "SpinTop",
    "StartGame",
    "TakeOverHost",
    "TeamSeated",
    "TimerFired",
    "TvConfig",
    "TvDecider",
    "TvState",
    "WarningSignalled",
    "club_judged",
    "decide",
    "eligible",
    "evolve",
    "initial_state",
    "lost_rounds",
    "pool",
    "ratings",
    "result",
    "roles",
    "team_points",
    "timers",
]
