"""The TV season's given/when/then steps (``rules.tv.league``, ``tests/unit/story.py``):

    story = given(created(), MemberApproved(11)).when(Register(11, 1, 0, 11)).then(...)

Every event a season's story is told survives the stored codec (``rules.base.encode`` and
``decode``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from rules.base import Decision, Event, decode, encode
from rules.tv import league as lg
from rules.tv import league_decide as ld
from tests.unit.story import Story

ADMIN = 1
FIRST_SUNDAY = datetime(2026, 3, 1, 16, 0, tzinfo=UTC)
"""The first game day's Sunday session (a Sunday, 16:00 UTC)."""
BEFORE = datetime(2026, 2, 20, 12, 0, tzinfo=UTC)
"""A moment before the season starts."""


class _Season:
    """The season's rules as a story folds them: ``league_decide.decide``, and
    ``league.evolve`` on events that must survive the stored codec; a season arms no timer."""

    @staticmethod
    def decide(state: lg.LeagueState, action: ld.Action, now: datetime) -> Decision:
        return ld.decide(state, action, now)

    @staticmethod
    def evolve(state: lg.LeagueState | None, ev: Event) -> lg.LeagueState:
        assert decode(ev.kind, encode(ev)) == ev
        return lg.evolve(state, ev)

    @staticmethod
    def timers(state: lg.LeagueState) -> dict[str, datetime]:
        return {}


class SeasonStory(Story):
    """A season told by its events, the first being ``LeagueCreated``; an action given no
    time happens at ``BEFORE``, before the season starts."""

    decider = _Season()

    @property
    def default_at(self) -> datetime:
        """Before the season starts."""
        return BEFORE


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


def given(*past: Event | SeasonStory) -> SeasonStory:
    """A season folded from ``past`` (events, or stories whose events are taken in order;
    the first is ``LeagueCreated``)."""
    return SeasonStory.of(*past)
