"""Given/when/then steps for the DUEL decider tests: a rule is checked by the events an action
produces, or by the refusal of an action, never by the fields of ``DuelState``.

    STARTED = given(created, team_registered, ..., d.GameStarted(...))
    story = STARTED.picked(1)   # the captain picks question 1; it is delivered at T0
    story.when(d.TimerFired("warning", at(50)), at=50).then(d.WarningSignalled())
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=10).then_rejected("duel-not-naming")
    STARTED.played(True, False).score == (1, 1)   # questions 1 and 2 judged; the shown score

A ``Story`` is an immutable list of events (the game so far) with its fold; ``when`` decides
one action against it and returns an ``Outcome``, whose ``then*`` methods assert the decision
and return the story told on, so a test may go on from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from rules import duel as d
from rules.base import Event, Rejection

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
"""The moment every test game starts at (UTC)."""

HOST, KEEPER, CAPTAIN, BORIS, VERA, GLEB, ZOE, YAN = 1, 2, 10, 11, 12, 13, 50, 51
"""The cast: the host, the keeper, the team (captain Anna, Boris, Vera, Gleb) and two
players from outside the team (club helpers)."""


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0`` (a UTC datetime)."""
    return T0 + timedelta(seconds=seconds)


def _moment(when: float | datetime) -> datetime:
    return when if isinstance(when, datetime) else at(when)


@dataclass(frozen=True)
class Story:
    """A DUEL game told by its events, the first being ``GameCreated``.

    ``state`` is their fold (read it only for what a user is shown, such as the score);
    everything else a test asks of a story goes through ``when`` and ``does``.
    """

    events: tuple[Event, ...]

    @cached_property
    def state(self) -> d.DuelState:
        """The state after the events (``d.evolve`` folded over them)."""
        state = None
        for ev in self.events:
            state = d.evolve(state, ev)
        return state

    @property
    def score(self) -> tuple[int, int]:
        """The score the chat is shown: (team points, host points), DUEL-3.8."""
        return self.state.score

    @property
    def timers(self) -> dict[str, datetime]:
        """The signals armed now, by name ("end", "warning", "helpers"): UTC deadlines; empty
        while no clock runs (DUEL-3.4)."""
        return d.timers(self.state)

    def told(self, *events: Event) -> Story:
        """This story with ``events`` added after it."""
        return Story((*self.events, *events))

    def when(self, action: Any, at: float | datetime = T0) -> Outcome:
        """Decide ``action`` at ``at`` (seconds after ``T0``, or a UTC datetime); the outcome
        is asserted with its ``then*`` methods."""
        now = _moment(at)
        return Outcome(self, action, now, d.decide(self.state, action, now))

    def does(self, action: Any, at: float | datetime = T0) -> Story:
        """The story after ``action`` at ``at``; fails the test on a rejection.

        A question it reads is delivered at once (``QuestionDelivered`` at the same moment),
        as in the console; a test of a slow or failed delivery uses ``when`` instead."""
        story = self.when(action, at).then_accepted()
        read = _read(story.events, len(self.events))
        return story.does(d.QuestionDelivered(*read, _moment(at)), at) if read else story

    def time_up(self) -> Story:
        """The story after the running discussion's "end" signal fired at its deadline."""
        end = self.timers["end"]
        return self.does(d.TimerFired("end", end), end)

    def picked(self, number: int, at: float | datetime = T0) -> Story:
        """The captain picked question ``number`` at ``at``; it is read and delivered at once
        (its minute runs, or the captain's choice for sector 13 or a superblitz is awaited)."""
        return self.does(d.PickQuestion(CAPTAIN, number), at)

    def played(self, *verdicts: bool, numbers: tuple[int, ...] | None = None) -> Story:
        """Questions ``numbers`` (1, 2, ... by default) each ``answered`` by Boris in turn,
        with these verdicts: a game at a given score, or won."""
        numbers = numbers or tuple(range(1, len(verdicts) + 1))
        story = self
        for number, correct in zip(numbers, verdicts, strict=False):
            story = story.answered(number, correct)
        return story

    def answered(self, number: int, correct: bool, by: int = BORIS) -> Story:
        """Question ``number`` played to the host's verdict ``correct``: picked, its minute run
        out, ``by`` named and answering (DUEL-3.4 to 3.8)."""
        story = self.picked(number).time_up()
        story = story.does(d.NameAnswerer(CAPTAIN, by)).does(d.GiveAnswer(by, "ответ",
                                                                          "unsure", "r"))
        return story.does(d.JudgeAnswer(HOST, correct))


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

    def then(self, *events: Event) -> Story:
        """Assert that exactly ``events`` were decided (none: the action changes nothing);
        returns the story with them."""
        assert self.decision == list(events), (self.action, self.decision)
        return self.story.told(*events)

    def then_starts_with(self, *events: Event) -> Story:
        """Assert that the decided events begin with ``events``; returns the story with all
        the events decided."""
        decided = self.events
        assert decided[: len(events)] == list(events), (self.action, decided)
        return self.story.told(*decided)

    def then_ends_with(self, *events: Event) -> Story:
        """Assert that the decided events end with ``events``; returns the story with all
        the events decided."""
        decided = self.events
        assert decided[len(decided) - len(events):] == list(events), (self.action, decided)
        return self.story.told(*decided)

    def then_accepted(self) -> Story:
        """Assert that the action was not refused; returns the story with its events."""
        return self.story.told(*self.events)

    def then_rejected(self, reason: str, **args: Any) -> Story:
        """Assert a ``Rejection`` with the Fluent key ``reason`` and, when ``args`` are given,
        exactly those arguments; returns the story unchanged."""
        assert isinstance(self.decision, Rejection), (self.action, self.decision)
        assert self.decision.reason == reason, (self.action, self.decision)
        if args:
            assert self.decision.args == args, (self.action, self.decision)
        return self.story


def _read(events: tuple[Event, ...] | list[Event], since: int) -> tuple[int, int | None] | None:
    """(set number, mini-question or None) of a question sent to the chat by the events after
    position ``since``, or None when they send none."""
    if not any(isinstance(ev, d.QuestionSent) for ev in events[since:]):
        return None
    number, part = None, None
    for ev in events:
        if isinstance(ev, d.QuestionChosen):
            number, part = ev.number, None
        elif isinstance(ev, d.PartStarted):
            part = ev.part
    return number, part


def given(*past: Event | Story) -> Story:
    """The story of ``past``: events, or stories whose events are taken in order."""
    events: list[Event] = []
    for item in past:
        events += item.events if isinstance(item, Story) else [item]
    return Story(tuple(events))

