"""The SYNC club around its games (RULES.md SYNC-1, SYNC-4, SYNC-5): team sizes, the duty
rotation in alphabetical order, and the number of team questions the bot proposes.

Alphabetical order is Russian order with ё as its own letter after е, then Latin, ignoring case;
names equal but for case keep their given order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")

TRAINING_MAX_PLAYERS = 8
"""Players in a team for a training game at most (SYNC-1)."""
QUALIFYING_PLAYERS = (4, 6)
"""Players in a team for a qualifying game or a championship, fewest and most (SYNC-1)."""
ROUND_ONE_MAX = 15
"""Organisers' questions in round 1 at most (SYNC-5)."""
TEAM_QUESTIONS_MAX = 3
"""Questions a team submits with its registration (SYNC-2), so it asks at most that many."""


def alphabetical_key(name: str) -> str:
    """A sort key putting names in alphabetical order (see the module docstring)."""
    # Python orders code points: ё (U+0451) would come after я; it goes right after е.
    return name.casefold().replace("ё", "е\U0010ffff")


def alphabetical(items: Iterable[T], *, key: Callable[[T], str]) -> list[T]:
    """``items`` sorted by the alphabetical order of ``key(item)``."""
    return sorted(items, key=lambda item: alphabetical_key(key(item)))


def next_duty(teams: Sequence[str], last: str | None) -> str | None:
    """The team on duty after ``last`` in the alphabetical rotation over ``teams`` (SYNC-4),
    round the list: the first team when ``last`` is None or no longer among them (then the
    first one after where it would stand). None when there are no teams."""
    ordered = alphabetical(teams, key=lambda name: name)
    if not ordered:
        return None
    if last is None:
        return ordered[0]
    after = alphabetical_key(last)
    return next((name for name in ordered if alphabetical_key(name) > after), ordered[0])


def proposed_team_questions(approved: Mapping[int, int], *, limit: int = ROUND_ONE_MAX) -> int:
    """How many questions each team asks in round 2, as the bot proposes it (the hosts set the
    number, SYNC-5): every team the same number, so no more than the fewest approved questions
    of a team, at most ``TEAM_QUESTIONS_MAX``, and so many that the round stays within
    ``limit`` questions where it can (at least 1 each when every team has one). ``approved``
    maps each playing team to its approved questions; 0 when some team has none."""
    if not approved:
        return 0
    fewest = min(min(approved.values()), TEAM_QUESTIONS_MAX)
    if fewest <= 0:
        return 0
    return max(1, min(fewest, limit // len(approved)))
