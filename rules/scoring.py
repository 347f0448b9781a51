"""Score folds every format shares: places from totals, with ties kept as shared places.

A table is never broken at random (SYNC issue: shared places are shown as "1–2"): teams with
equal totals share the whole range of places they cover, and the next team's place counts them
all (two teams at 1–2, the next one is 3rd). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A place in a table: ``first``..``last`` (equal when it is not shared), 1 is the top."""

    first: int
    last: int

    @property
    def shared(self) -> bool:
        """True when other teams share this place."""
        return self.first != self.last


def places(totals: Mapping[K, int | float], *, first: tuple[frozenset[K], ...] = ()
           ) -> dict[K, Place]:
    """The place of every key of ``totals`` (a team's points; more is better).

    ``first`` puts groups ahead of the order by totals, one group after another (a shoot-out's
    winner, then the teams it beat, SYNC-8); keys within a group, and keys outside every group
    with equal totals, share their places. Keys of ``first`` missing from ``totals`` are
    ignored. Returns a new dict in no particular order."""
    out: dict[K, Place] = {}
    taken = 0
    seated: set[K] = set()
    for group in first:
        members = [key for key in group if key in totals and key not in seated]
        if members:
            place = Place(taken + 1, taken + len(members))
            for key in members:
                out[key] = place
            taken += len(members)
            seated.update(members)
    rest = sorted((key for key in totals if key not in seated), key=lambda k: -totals[k])
    i = 0
    while i < len(rest):
        j = i
        while j + 1 < len(rest) and totals[rest[j + 1]] == totals[rest[i]]:
            j += 1
        place = Place(taken + i + 1, taken + j + 1)
        for key in rest[i:j + 1]:
            out[key] = place
        i = j + 1
    return out
