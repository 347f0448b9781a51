"""One given/when/then ``Story`` for every format's decider tests (DUEL, SYNC, TV and the TV
season): a rule is checked by the events an action produces, or by the refusal of an action,
never by the fields of a state.

    story = given(created, team_registered, ...)       # the format's ``given``
    story.when(TimerFired("warning", at(50)), at=50).then(WarningSignalled())
    story.when(NameAnswerer(CAPTAIN, BORIS), at=10).then_rejected("duel-not-naming")
    story = story.does(PickQuestion(CAPTAIN, 1))      # told on; fails the test on a refusal

A ``Story`` is an immutable list of events (the game so far) with its fold; ``when`` decides
one action against it and returns an ``Outcome``, whose ``then*`` methods assert the decision
and return the story told on, so a test may go on from there. A format's steps module
(``duel_steps``, ``sync_steps``, ``tv_steps``, ``league_steps``) subclasses ``Story`` with its
``decider``, the question delivery its service reports (``delivered``), where an action with
no time happens (``default_at``) and the steps its tests share.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any, ClassVar, Self

from rules.base import Event, Rejection

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
"""The moment every test game starts at (UTC)."""


def at(seconds: float) -> datetime:
    """``seconds`` after ``T0`` (a UTC datetime)."""
    return T0 + timedelta(seconds=seconds)


def moment(when: float | datetime) -> datetime:
    """``when`` as a UTC datetime: given as one, or as seconds after ``T0``."""
    return when if isinstance(when, datetime) else at(when)


@dataclass(frozen=True)
class Story:
    """A game (or a season) told by its events, the first being its creation.

    ``before`` is the story it was told on from, whose fold its own starts from (a 300-team
    game folds each event once); ``last`` the moment of its last decided action (UTC).
    ``state`` is the fold by ``decider`` (a ``rules.base.Decider``, or any value with its
    ``decide``, ``evolve`` and ``timers``); read it only for what a user is shown.
    """

    events: tuple[Event, ...]
    before: Story | None = field(default=None, repr=False, compare=False)
    last: datetime = field(default=T0, repr=False, compare=False)

    decider: ClassVar[Any]

    @classmethod
    def of(cls, *past: Event | Story) -> Self:
        """The story of ``past``: events, or stories whose events are taken in order."""
        events: list[Event] = []
        for item in past:
            events += item.events if isinstance(item, Story) else [item]
        return cls(tuple(events))

    @cached_property
    def state(self) -> Any:
        """The events folded by the decider's ``evolve``."""
        state, done = None, 0
        if self.before is not None:
            state, done = self.before.state, len(self.before.events)
        for ev in self.events[done:]:
            state = self.decider.evolve(state, ev)
        return state

    @property
    def timers(self) -> dict[str, datetime]:
        """The deadlines armed now, by name (UTC); empty while no clock runs."""
        return self.decider.timers(self.state)

    @property
    def default_at(self) -> datetime:
        """Where an action given no time happens: ``T0`` unless the format's story says."""
        return T0

    def told(self, *events: Event, at: datetime | None = None) -> Self:
        """This story with ``events`` added after it, decided at ``at`` (UTC; by default at
        the last action's moment)."""
        return replace(self, events=(*self.events, *events), before=self, last=at or self.last)

    def when(self, action: Any, at: float | datetime | None = None) -> Outcome:
        """Decide ``action`` at ``at`` (seconds after ``T0``, or a UTC datetime; by default at
        ``default_at``); the outcome is asserted with its ``then*`` methods."""
        now = self.default_at if at is None else moment(at)
        return Outcome(self, action, now, self.decider.decide(self.state, action, now))

    def does(self, action: Any, at: float | datetime | None = None) -> Self:
        """The story after ``action`` at ``at`` (as in ``when``); fails the test on a refusal.

        A question it sends to the chat is delivered at once, at the same moment, as in the
        console (``delivered``); a test of a slow or failed delivery uses ``when`` instead."""
        outcome = self.when(action, at)
        story = outcome.then_accepted()
        delivery = story.delivered(len(self.events), outcome.now)
        return story if delivery is None else story.does(delivery, outcome.now)

    def delivered(self, since: int, now: datetime) -> Any | None:
        """The service's report that the question the events after position ``since`` sent
        reached the chat at ``now`` (an action), or None when they send none."""
        return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``decide`` said to one action of a story at ``now``: events or a ``Rejection``."""

    story: Story
    action: Any
    now: datetime
    decision: list[Event] | Rejection

    @property
    def events(self) -> list[Event]:
        """The events decided; fails the test on a rejection."""
        assert not isinstance(self.decision, Rejection), (self.action, self.decision)
        return self.decision

    def _on(self, events: list[Event] | tuple[Event, ...]) -> Any:
        return self.story.told(*events, at=self.now)

    def then(self, *events: Event) -> Any:
        """Assert that exactly ``events`` were decided (none: the action changes nothing);
        returns the story with them."""
        assert self.decision == list(events), (self.action, self.decision)
        return self._on(events)

    def then_starts_with(self, *events: Event) -> Any:
        """Assert that the decided events begin with ``events``; returns the story with all
        the events decided."""
        decided = self.events
        assert decided[: len(events)] == list(events), (self.action, decided)
        return self._on(decided)

    def then_ends_with(self, *events: Event) -> Any:
        """Assert that the decided events end with ``events``; returns the story with all
        the events decided."""
        decided = self.events
        assert decided[len(decided) - len(events):] == list(events), (self.action, decided)
        return self._on(decided)

    def then_includes(self, *events: Event) -> Any:
        """Assert that each of ``events`` was decided, in this order among the others;
        returns the story with all the events decided."""
        decided = iter(self.events)
        for ev in events:
            assert any(d == ev for d in decided), (self.action, ev, self.events)
        return self._on(self.events)

    def then_accepted(self) -> Any:
        """Assert that the action was not refused; returns the story with its events."""
        return self._on(self.events)

    def then_rejected(self, reason: str, **args: Any) -> Any:
        """Assert a ``Rejection`` with the Fluent key ``reason`` and, when ``args`` are given,
        exactly those arguments; returns the story unchanged."""
        assert isinstance(self.decision, Rejection), (self.action, self.decision)
        assert self.decision.reason == reason, (self.action, self.decision)
        if args:
            assert self.decision.args == args, (self.action, self.decision)
        return self.story
