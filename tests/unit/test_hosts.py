"""Who gets the host's private messages (``To.HOST``; DUEL-2.4 co-hosts): each
format reads them from its roster (``GameFormat.hosts``, ``Roster.hosts``) instead of asking
every person's roles, and names the same people in the same order as that plain scan."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.formats import GameFormat
from rules import roster as r
from rules.base import Role
from tests.formats import FORMAT_NAMES, formats


def scanned_hosts(fmt: GameFormat, state: Any) -> tuple[int, ...]:
    """The plain computation: the host, then everyone of ``people`` holding the host's role,
    in id order."""
    host = fmt.host_of(state)
    return (host, *sorted(p for p in fmt.people(state)
                          if p != host and Role.HOST in fmt.roles_of(state, p)))


ROSTER_EVENTS = [r.TeamRegistered(10, "Owls", 2, "anna"), r.PlayerJoined(10, 3, "boris"),
                 r.KeeperNamed(4, "ksenia"), r.CoHostNamed(7, "colin"),
                 r.CoHostNamed(3, "boris"), r.HostTakenOver(7, "colin")]
"""A co-host from outside the teams, a player made co-host, then a co-host taking over."""


@pytest.mark.parametrize("name", FORMAT_NAMES)
def test_the_hosts_of_every_format_are_the_people_with_the_host_role(name: str):
    fmt = formats()[name]
    state = fmt.decider.evolve(None, fmt.create(1, "host", None, None))
    assert fmt.hosts(state) == scanned_hosts(fmt, state) == (1,)
    for ev in ROSTER_EVENTS:
        state = fmt.decider.evolve(state, ev)
        assert fmt.hosts(state) == scanned_hosts(fmt, state), type(ev).__name__
    assert fmt.hosts(state) == (7, 3)


ids = st.integers(min_value=1, max_value=12)


@given(host=ids, cohosts=st.lists(ids, max_size=4), keeper=st.none() | ids,
       teams=st.lists(st.lists(ids, min_size=1, max_size=4), max_size=3))
def test_roster_hosts_equal_the_scan_of_every_persons_roles(host, cohosts, keeper, teams):
    roster = r.Roster(host=host, cohosts=tuple(cohosts), keeper=keeper,
                      teams=tuple(r.Team(i, f"T{i}", members[0], tuple(members))
                                  for i, members in enumerate(teams)))
    scanned = (host, *sorted(p for p in roster.people
                             if p != host and Role.HOST in roster.roles_of(p)))
    assert roster.hosts() == scanned


@given(host=ids, cohosts=st.lists(ids, max_size=3), keeper=st.none() | ids,
       teams=st.lists(st.lists(ids, min_size=1, max_size=4), max_size=3), joining=ids)
def test_roster_people_kept_once_equal_the_roster_read_afresh(host, cohosts, keeper, teams,
                                                             joining):
    roster = r.Roster(host=host, cohosts=tuple(cohosts), keeper=keeper,
                      teams=tuple(r.Team(i, f"T{i}", members[0], tuple(members))
                                  for i, members in enumerate(teams)))

    def read(roster: r.Roster) -> frozenset[int]:
        return frozenset({roster.host, *roster.cohosts,
                          *(() if roster.keeper is None else (roster.keeper,)),
                          *(m for team in roster.teams for m in team.members)})

    assert roster.people == read(roster)
    assert roster.people is roster.people
    # A changed roster is a new one: it does not keep the people of the one it came from.
    changed = r.evolve_roster(roster, r.CoHostNamed(joining, "new"))
    assert changed.people == read(changed) == roster.people | {joining}
