"""Given/when/then steps for the TV season's decider (``rules.tv.league``):

    story = given(created(), MemberApproved(11)).when(Register(11, 1, 0, 11)).then(...)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rules.base import Event, Rejection, decode, encode
from rules.tv import league as lg
from rules.tv import league_decide as ld

ADMIN = 1
FIRST_SUNDAY = datetime(2026, 3, 1, 16, 0, tzinfo=UTC)
"""The first game day's Sunday session (a Sunday, 16:00 UTC)."""
BEFORE = datetime(2026, 2, 20, 12, 0, tzinfo=UTC)
"""A moment before the season starts."""


def created() -> lg.LeagueCreated:
    """The season "Весна" run by ``ADMIN`` from the chat ``console:game``."""
    return lg.LeagueCreated("Весна", ADMIN, "console:game")


def members(*players: int) -> list[Event]:
    """``players`` approved as members."""
    return [lg.MemberApproved(p) for p in players]


def planned(tables: int = 0) -> lg.SeasonPlanned:
    """The season planned from ``FIRST_SUNDAY``."""
    return lg.SeasonPlanned(lg.plan_dates(FIRST_SUNDAY), tables)


def game(day: int, session: int, game_id: int, ratings: dict[int, int],
         best: int | None = None, score: tuple[int, int] = (6, 3), package: int = 7,
         team: str = "") -> lg.GameRecorded:
    """A recorded game of the session with these ratings and best player."""
    return lg.GameRecorded(day, session, game_id, package, *score, best,
                           tuple(sorted(ratings.items())), team)


@dataclass(frozen=True)
class Story:
    """A season's events so far and its state."""

    events: tuple[Event, ...]
    state: lg.LeagueState

    def when(self, action: ld.Action, now: datetime = BEFORE) -> Outcome:
        """What ``action`` decides at ``now``."""
        return Outcome(self, ld.decide(self.state, action, now))

    def does(self, action: ld.Action, now: datetime = BEFORE) -> Story:
        """The story after ``action``, which must be allowed."""
        decided = ld.decide(self.state, action, now)
        assert not isinstance(decided, Rejection), decided
        return self.given(*decided)

    def given(self, *events: Event) -> Story:
        """The story after ``events`` (each survives the stored codec)."""
        state = self.state
        for ev in events:
            assert decode(ev.kind, encode(ev)) == ev
            state = lg.evolve(state, ev)
        return Story((*self.events, *events), state)


@dataclass(frozen=True)
class Outcome:
    """What an action decided."""

    story: Story
    decided: list[Event] | Rejection

    def then(self, *events: Event) -> Story:
        """Assert the action produced exactly ``events``; the story after them."""
        assert self.decided == list(events), self.decided
        return self.story.given(*events)

    def then_rejected(self, reason: str, **args: Any) -> None:
        """Assert the action was refused with ``reason`` (and these ``args``)."""
        assert isinstance(self.decided, Rejection), self.decided
        assert self.decided.reason == reason, self.decided
        for key, value in args.items():
            assert self.decided.args.get(key) == value, self.decided


def given(*events: Event) -> Story:
    """A season folded from ``events`` (the first is ``LeagueCreated``)."""
    state = lg.evolve(None, events[0])
    return Story((events[0],), state).given(*events[1:])
