"""The SYNC appeal jury (RULES.md SYNC-10, SYNC-11): who sits on it, and its majority.

Decision where the charter is silent: a tied jury rejects the appeal. The charter puts the
burden of proof on the appealing team (SYNC-10), so an appeal that convinced no majority is not
accepted. A jury may decide before everyone has voted: once the votes cast settle the majority
whatever the rest say. The jury's decision is final (SYNC-11): nothing here reopens it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.sync.club import alphabetical


@dataclass(frozen=True, slots=True)
class ClubTeam:
    """A team as the jury rule sees it: stored id, name, captain's player id."""

    id: int
    name: str
    captain: int


def jury(hosts: Sequence[int], teams: Sequence[ClubTeam], duty: int | None,
         appealing: frozenset[int]) -> tuple[int, ...]:
    """The jurors of an appeal by the teams ``appealing``: the hosts and the duty team's
    captain; when the duty team appeals, the captain of the next team after it in
    alphabetical order (round the list) that does not appeal (SYNC-10). With no duty team, or
    no team left to stand in, the hosts alone. A captain who is also a host sits once."""
    ordered = alphabetical(teams, key=lambda team: team.name)
    jurors = list(dict.fromkeys(hosts))
    at = next((i for i, team in enumerate(ordered) if team.id == duty), None)
    if at is not None:
        for step in range(len(ordered)):
            team = ordered[(at + step) % len(ordered)]
            if team.id not in appealing:
                if team.captain not in jurors:
                    jurors.append(team.captain)
                break
    return tuple(jurors)


def verdict(jurors: Sequence[int], votes: Mapping[int, bool]) -> bool | None:
    """The jury's decision from ``votes`` (juror -> accept?; votes of others are ignored):
    True once more than half of the jurors accept, False once the appeal can no longer get
    more than half (a tie rejects it, see above), None while it can still go either way."""
    cast = {juror: votes[juror] for juror in jurors if juror in votes}
    yes = sum(cast.values())
    undecided = len(jurors) - len(cast)
    if 2 * yes > len(jurors):
        return True
    if 2 * (yes + undecided) <= len(jurors):
        return False
    return None
