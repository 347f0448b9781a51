"""Given/when/then steps for the TV decider tests, in the spirit of ``duel_steps``: a rule is
checked by the events an action produces, or by the refusal of an action.

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
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from rules import tv
from rules.base import Event, Rejection
from rules.judging import QueuedAnswer, Suggestion, Verdict
from rules.roster import PlayerJoined, TeamRegistered
from rules.top import spin
from rules.written import CLOSE_TIMER, HandIn

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
"""The moment every test game starts at (UTC)."""

HOST = 1
A, B, C, D = 100, 200, 300, 400
"""Four teams: "Альфа" (captain 10, players 11, 12), "Бета" (20, 21), "Гамма" (30, 31),
"Дельта" (40, 41)."""
CAPTAINS = {A: 10, B: 20, C: 30, D: 40}
PLAYERS = {A: (10, 11, 12), B: (20, 21), C: (30, 31), D: (40, 41)}
NAMES = {A: "Альфа", B: "Бета", C: "Гамма", D: "Дельта"}
QUESTIONS = tuple(range(13))
"""Thirteen envelopes, as the TV table has sectors: sector N holds package question N - 1."""


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0`` (a UTC datetime)."""
    return T0 + timedelta(seconds=seconds)


def _moment(when: float | datetime) -> datetime:
    return when if isinstance(when, datetime) else at(when)


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


@dataclass(frozen=True)
class Story:
    """A TV game told by its events, the first being ``GameCreated``; ``state`` is their
    fold, read only for what a user is shown (the score, the timers, the ratings)."""

    events: tuple[Event, ...]
    clock: float = 0.0
    """Seconds after ``T0`` the story has reached: where the next step happens."""

    @cached_property
    def state(self) -> tv.TvState:
        """The state after the events."""
        state = None
        for ev in self.events:
            state = tv.evolve(state, ev)
        return state

    @property
    def score(self) -> tuple[int, int]:
        """(experts, viewers), as the chat is shown (TV-1)."""
        return self.state.score

    @property
    def timers(self) -> dict[str, datetime]:
        """The deadlines armed now, by name."""
        return tv.timers(self.state)

    @property
    def central(self) -> int | None:
        """The team at the central table, as announced."""
        return self.state.central

    def told(self, *events: Event, clock: float | None = None) -> Story:
        """This story with ``events`` added after it (at ``clock`` when given)."""
        return Story((*self.events, *events), self.clock if clock is None else clock)

    def when(self, action: Any, at: float | datetime | None = None) -> Outcome:
        """Decide ``action`` at ``at`` (seconds after ``T0`` or a UTC datetime; by default
        where the story is)."""
        now = _moment(self.clock if at is None else at)
        return Outcome(self, action, now, tv.decide(self.state, action, now))

    def does(self, action: Any, at: float | datetime | None = None) -> Story:
        """The story after ``action``; fails the test on a rejection. An envelope drawn is
        delivered at once (``QuestionDelivered`` at the same moment)."""
        outcome = self.when(action, at)
        story = outcome.then_accepted()
        drawn = [ev for ev in outcome.events if isinstance(ev, tv.EnvelopeDrawn)]
        if drawn:
            return story.does(tv.QuestionDelivered(drawn[0].sector, outcome.now), outcome.now)
        return story

    def later(self, seconds: float) -> Story:
        """The same story, ``seconds`` later."""
        return Story(self.events, self.clock + seconds)

    def started(self, first: int) -> Story:
        """The host started, the top drawing ``first`` for the central table."""
        teams = tuple(t.id for t in self.state.roster.teams)
        return self.does(tv.StartGame(HOST, seed_for(teams, first)))

    def envelope(self, sector: int) -> Story:
        """The host spun the top and it stopped at ``sector``; the question is delivered at
        once and the minute runs."""
        return self.does(tv.SpinTop(HOST, seed_for(self.state.sectors_left(), sector)))

    def drawn(self, team: int) -> Story:
        """The host spun the top for the empty central table and it drew ``team`` among
        the teams the rules left (TV-9, TV-11)."""
        return self.does(tv.SpinTop(HOST, seed_for(tv.pool(self.state).teams, team)))

    def club(self, answers: Mapping[int, str]) -> Story:
        """Club tables hand in (their captains), 10 s into the minute."""
        story = self.later(10)
        for team, text in answers.items():
            story = story.does(HandIn(CAPTAINS[team], text, _moment(story.clock)))
        return story

    def time_up(self) -> Story:
        """The central table's minute ran out: its end signal fired at its deadline."""
        end = self.timers["end"]
        story = Story(self.events, (end - T0).total_seconds())
        return story.does(tv.TimerFired("end", end))

    def close_club(self) -> Story:
        """The club tables' window closed by its timer."""
        close = self.timers[CLOSE_TIMER]
        return Story(self.events, (close - T0).total_seconds()).does(
            tv.TimerFired(CLOSE_TIMER, close))

    def queue(self) -> Story:
        """The service queued the closed window's answers, each keyed by its folded text,
        the bot unsure of every one."""
        written = self.state.written
        answers = tuple(QueuedAnswer(a.team_id, a.text, a.text.casefold(), Suggestion.UNSURE,
                                     "judge-reason-unsure") for a in written.answers.values())
        return self.does(tv.QueueClubAnswers(written.question, answers))

    def judged(self, verdicts: Mapping[str, bool], number: int | None = None) -> Story:
        """The host judged the groups of these answers (folded texts) of question
        ``number`` (by default the last one)."""
        number = number or self.state.last.sector
        story = self
        for key, correct in verdicts.items():
            verdict = Verdict.ACCEPT if correct else Verdict.REJECT
            story = story.does(tv.JudgeClubAnswers(HOST, number, key, verdict))
        return story

    def answered(self, correct: bool, by: int | None = None) -> Story:
        """The central captain named ``by`` (by default the captain) and the host judged."""
        captain = CAPTAINS[self.central]
        story = self.does(tv.NameAnswerer(captain, by or captain))
        return story.does(tv.JudgeAnswer(HOST, correct))

    def round(self, sector: int, correct: bool, club: Mapping[int, str] | None = None,
              verdicts: Mapping[str, bool] | None = None) -> Story:
        """A whole round: the envelope of ``sector``, the club tables' ``club`` answers,
        the minute out, the window closed and queued, the central answer judged
        ``correct``, then the club groups judged ``verdicts``."""
        story = self.envelope(sector).club(club or {}).time_up().close_club().queue()
        return story.answered(correct).judged(verdicts or {})


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``decide`` said to one action of a story: ``events`` or a ``Rejection``."""

    story: Story
    action: Any
    now: datetime
    decision: list[Event] | Rejection

    @property
    def events(self) -> list[Event]:
        """The events decided; fails the test on a rejection."""
        assert not isinstance(self.decision, Rejection), (self.action, self.decision)
        return self.decision

    def _on(self, events: Sequence[Event]) -> Story:
        return self.story.told(*events, clock=(self.now - T0).total_seconds())

    def then(self, *events: Event) -> Story:
        """Assert that exactly ``events`` were decided; returns the story with them."""
        assert self.decision == list(events), (self.action, self.decision)
        return self._on(events)

    def then_ends_with(self, *events: Event) -> Story:
        """Assert that the decided events end with ``events``; returns the story with all."""
        decided = self.events
        assert decided[len(decided) - len(events):] == list(events), (self.action, decided)
        return self._on(decided)

    def then_accepted(self) -> Story:
        """Assert that the action was not refused; returns the story with its events."""
        return self._on(self.events)

    def then_rejected(self, reason: str, **args: Any) -> Story:
        """Assert a ``Rejection`` with the Fluent key ``reason`` and, when ``args`` are given,
        exactly those arguments; returns the story unchanged."""
        assert isinstance(self.decision, Rejection), (self.action, self.decision)
        assert self.decision.reason == reason, (self.action, self.decision)
        if args:
            assert self.decision.args == args, (self.action, self.decision)
        return self.story


def given(*past: Event | Story) -> Story:
    """The story of ``past``: events, or stories whose events are taken in order."""
    events: list[Event] = []
    for item in past:
        events += item.events if isinstance(item, Story) else [item]
    return Story(tuple(events))


LOBBY = given(created(), *registered(A, B, C, D))
"""Four teams registered, the game not started."""
