"""TV's given/when/then steps (``tests/unit/story.py``): a rule is checked by the events an
action produces, or by the refusal of an action.

    LOBBY = given(created, *teams_registered)
    story = LOBBY.does(tv.StartGame(HOST, seed_for((A, B, C, D), B)))   # the top draws B
    story = story.envelope(3)          # the top stops at sector 3, delivered at once
    story = story.club({C: "Пушкин"}).time_up().close_club()
    story.when(tv.JudgeAnswer(HOST, False)).then(...)

Seeds: the bot chooses the top's seed; a test that needs the top to stop somewhere picks a
seed that makes it stop there (``seed_for``), through the same ``rules.top.spin`` the rules
use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from rules import tv
from rules.base import Event
from rules.judging import QueuedAnswer, Suggestion, Verdict
from rules.roster import PlayerJoined, TeamRegistered
from rules.top import spin
from rules.written import CLOSE_TIMER, HandIn
from tests.unit.story import Story

HOST = 1
A, B, C, D = 100, 200, 300, 400
"""Four teams: "Альфа" (captain 10, players 11, 12), "Бета" (20, 21), "Гамма" (30, 31),
"Дельта" (40, 41)."""
CAPTAINS = {A: 10, B: 20, C: 30, D: 40}
PLAYERS = {A: (10, 11, 12), B: (20, 21), C: (30, 31), D: (40, 41)}
NAMES = {A: "Альфа", B: "Бета", C: "Гамма", D: "Дельта"}
QUESTIONS = tuple(range(13))
"""Thirteen envelopes, as the TV table has sectors: sector N holds package question N - 1."""


def seed_for(among: Sequence[Any], want: Any) -> int:
    """A seed with which the top, spun among ``among``, stops at ``want``."""
    return next(seed for seed in range(10_000) if spin(seed, among) == want)


def created(**config: Any) -> tv.GameCreated:
    """The host's game on the thirteen envelopes, with ``config`` fields of ``GameCreated``."""
    return tv.GameCreated(HOST, "host", 7, QUESTIONS, **config)


def registered(*teams: int) -> tuple[Event, ...]:
    """The events of ``teams`` registering with their captains and joining players."""
    events: list[Event] = []
    for team in teams:
        captain, *rest = PLAYERS[team]
        events.append(TeamRegistered(team, NAMES[team], captain, f"p{captain}"))
        events += [PlayerJoined(team, p, f"p{p}") for p in rest]
    return tuple(events)


class TvStory(Story):
    """A TV game told by its events, the first being ``GameCreated``; ``state`` is their
    fold, read only for what a user is shown (the score, the timers, the ratings). An action
    given no time happens where the story has reached (``last``): its last action, or a
    later moment a step moved it to."""

    decider = tv.TV

    @property
    def default_at(self) -> datetime:
        """Where the next step happens: where the story has reached."""
        return self.last

    @property
    def score(self) -> tuple[int, int]:
        """(experts, viewers), as the chat is shown (TV-1)."""
        return self.state.score

    @property
    def central(self) -> int | None:
        """The team at the central table, as announced."""
        return self.state.central

    def delivered(self, since: int, now: datetime) -> tv.QuestionDelivered | None:
        """The chat got the envelope the events after ``since`` drew."""
        drawn = [ev for ev in self.events[since:] if isinstance(ev, tv.EnvelopeDrawn)]
        return tv.QuestionDelivered(drawn[0].sector, now) if drawn else None

    def reached(self, moment: datetime) -> TvStory:
        """The same story, at ``moment`` (UTC)."""
        return replace(self, before=self, last=moment)

    def later(self, seconds: float) -> TvStory:
        """The same story, ``seconds`` later."""
        return self.reached(self.last + timedelta(seconds=seconds))

    def started(self, first: int) -> TvStory:
        """The host started, the top drawing ``first`` for the central table."""
        teams = tuple(t.id for t in self.state.roster.teams)
        return self.does(tv.StartGame(HOST, seed_for(teams, first)))

    def envelope(self, sector: int) -> TvStory:
        """The host spun the top and it stopped at ``sector``; the question is delivered at
        once and the minute runs."""
        return self.does(tv.SpinTop(HOST, seed_for(self.state.sectors_left(), sector)))

    def drawn(self, team: int) -> TvStory:
        """The host spun the top for the empty central table and it drew ``team`` among
        the teams the rules left (TV-9, TV-11)."""
        return self.does(tv.SpinTop(HOST, seed_for(tv.pool(self.state).teams, team)))

    def club(self, answers: Mapping[int, str]) -> TvStory:
        """Club tables hand in (their captains), 10 s into the minute."""
        story = self.later(10)
        for team, text in answers.items():
            story = story.does(HandIn(CAPTAINS[team], text, story.last))
        return story

    def time_up(self) -> TvStory:
        """The central table's minute ran out: its end signal fired at its deadline."""
        end = self.timers["end"]
        return self.reached(end).does(tv.TimerFired("end", end))

    def close_club(self) -> TvStory:
        """The club tables' window closed by its timer."""
        close = self.timers[CLOSE_TIMER]
        return self.reached(close).does(tv.TimerFired(CLOSE_TIMER, close))

    def queue(self) -> TvStory:
        """The service queued the closed window's answers, each keyed by its folded text,
        the bot unsure of every one."""
        written = self.state.written
        answers = tuple(QueuedAnswer(a.team_id, a.text, a.text.casefold(), Suggestion.UNSURE,
                                     "judge-reason-unsure") for a in written.answers.values())
        return self.does(tv.QueueClubAnswers(written.question, answers))

    def judged(self, verdicts: Mapping[str, bool], number: int | None = None) -> TvStory:
        """The host judged the groups of these answers (folded texts) of question
        ``number`` (by default the last one)."""
        number = number or self.state.last.sector
        story = self
        for key, correct in verdicts.items():
            verdict = Verdict.ACCEPT if correct else Verdict.REJECT
            story = story.does(tv.JudgeClubAnswers(HOST, number, key, verdict))
        return story

    def answered(self, correct: bool, by: int | None = None) -> TvStory:
        """The central captain named ``by`` (by default the captain) and the host judged."""
        captain = CAPTAINS[self.central]
        story = self.does(tv.NameAnswerer(captain, by or captain))
        return story.does(tv.JudgeAnswer(HOST, correct))

    def round(self, sector: int, correct: bool, club: Mapping[int, str] | None = None,
              verdicts: Mapping[str, bool] | None = None) -> TvStory:
        """A whole round: the envelope of ``sector``, the club tables' ``club`` answers,
        the minute out, the window closed and queued, the central answer judged
        ``correct``, then the club groups judged ``verdicts``."""
        story = self.envelope(sector).club(club or {}).time_up().close_club().queue()
        return story.answered(correct).judged(verdicts or {})


def given(*past: Event | TvStory) -> TvStory:
    """The TV story of ``past``: events, or stories whose events are taken in order."""
    return TvStory.of(*past)


LOBBY = given(created(), *registered(A, B, C, D))
"""Four teams registered, the game not started."""
