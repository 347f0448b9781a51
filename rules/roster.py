"""Who is in a game: host, keeper, teams with captains and players. Shared by every format.

Names are display names as the messenger gave them; people are identified by their player id
(an int from storage), so one person keeps one identity across chats and games.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.base import Event, Rejection, Role, event


@dataclass(frozen=True, slots=True)
class Team:
    """A team in this game: its stored id, name, captain and members (captain included)."""

    id: int
    name: str
    captain: int
    members: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    """The people of one game. ``names`` maps every known player id to a display name;
    ``cohosts`` share the host's role (read questions, judge, run the clock)."""

    host: int
    names: dict[int, str] = field(default_factory=dict)
    keeper: int | None = None
    teams: tuple[Team, ...] = ()
    cohosts: tuple[int, ...] = ()
    _people: frozenset[int] | None = field(default=None, init=False, repr=False, compare=False)
    """``people`` once asked (``replace`` makes a new roster without it)."""

    def team_of(self, player: int) -> Team | None:
        """The team ``player`` plays for in this game, or None."""
        return next((t for t in self.teams if player in t.members), None)

    def team_named(self, name: str) -> Team | None:
        """The team whose name equals ``name`` ignoring case, or None."""
        folded = name.casefold()
        return next((t for t in self.teams if t.name.casefold() == folded), None)

    def roles_of(self, player: int) -> frozenset[Role]:
        """Every role ``player`` has here; a stranger is a spectator."""
        roles: set[Role] = set()
        if player == self.host or player in self.cohosts:
            roles.add(Role.HOST)
        if player == self.keeper:
            roles.add(Role.KEEPER)
        team = self.team_of(player)
        if team is not None:
            roles.add(Role.PLAYER)
            if team.captain == player:
                roles.add(Role.CAPTAIN)
        return frozenset(roles or {Role.SPECTATOR})

    def hosts(self) -> tuple[int, ...]:
        """Everyone ``roles_of`` gives the host's role: the host, then the co-hosts other
        than the host in id order (who see what the host sees, ``To.HOST``)."""
        if not self.cohosts:
            return (self.host,)
        return (self.host, *sorted(set(self.cohosts) - {self.host}))

    @property
    def people(self) -> frozenset[int]:
        """Everyone with a role here: the host, co-hosts, the keeper and every team member.
        Built once per roster, which never changes (a change is a new roster): the service
        asks after every event (measured in bench/)."""
        people = self._people
        if people is None:
            keeper = () if self.keeper is None else (self.keeper,)
            people = frozenset((self.host, *self.cohosts, *keeper,
                                *(m for team in self.teams for m in team.members)))
            object.__setattr__(self, "_people", people)
        return people

    def name(self, player: int | None) -> str:
        """Display name of ``player`` ("?" when unknown)."""
        return self.names.get(player, "?") if player is not None else "?"


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RegisterTeam:
    """A player registers a team and becomes its captain."""

    by: int
    by_name: str
    team_id: int
    team_name: str


@dataclass(frozen=True, slots=True)
class JoinTeam:
    """A player joins a registered team."""

    by: int
    by_name: str
    team_id: int
    team_name: str


@dataclass(frozen=True, slots=True)
class HandOverCaptaincy:
    """The captain (or the host, a co-host too) makes another member of the team its captain."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class NameKeeper:
    """The host names the keeper of traditions (DUEL-2.4)."""

    by: int
    player: int
    player_name: str


@dataclass(frozen=True, slots=True)
class NameCoHost:
    """The host names a co-host, who may do everything the host does."""

    by: int
    player: int
    player_name: str


@dataclass(frozen=True, slots=True)
class TakeOverHost:
    """A chat administrator takes over a game whose host is gone; ``is_admin`` is what the
    messenger says of the sender."""

    by: int
    by_name: str
    is_admin: bool


RosterAction = RegisterTeam | JoinTeam | HandOverCaptaincy | NameKeeper | NameCoHost | TakeOverHost


# --- events --------------------------------------------------------------------------------


@event("roster.team_registered")
@dataclass(frozen=True, slots=True)
class TeamRegistered(Event):
    """A team entered the game with its captain."""

    team_id: int
    team_name: str
    captain: int
    captain_name: str


@event("roster.player_joined")
@dataclass(frozen=True, slots=True)
class PlayerJoined(Event):
    """A player joined a team of this game."""

    team_id: int
    player: int
    player_name: str


@event("roster.player_left")
@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    """A player left a team of this game (SYNC-1: substituted out with the host's leave)."""

    team_id: int
    player: int


@event("roster.captain_changed")
@dataclass(frozen=True, slots=True)
class CaptainChanged(Event):
    """The captaincy of a team passed to another member."""

    team_id: int
    captain: int


@event("roster.keeper_named")
@dataclass(frozen=True, slots=True)
class KeeperNamed(Event):
    """The host named the keeper of traditions."""

    player: int
    player_name: str


@event("roster.cohost_named")
@dataclass(frozen=True, slots=True)
class CoHostNamed(Event):
    """The host named a co-host."""

    player: int
    player_name: str


@event("roster.host_taken_over")
@dataclass(frozen=True, slots=True)
class HostTakenOver(Event):
    """A chat administrator became the host."""

    player: int
    player_name: str


def decide_roster(roster: Roster, action: RosterAction, *, max_teams: int, open_: bool
                  ) -> list[Event] | Rejection:
    """Validate a roster action; ``open_`` is False once the game has started (no new teams).

    Returns the events to store, or a Rejection with a reason key from ``game.ftl``.
    """
    match action:
        case RegisterTeam():
            if not open_:
                return Rejection("roster-closed")
            if roster.team_of(action.by) is not None:
                return Rejection("roster-already-in-team", {"team": roster.team_of(action.by).name})
            if roster.team_named(action.team_name) is not None:
                return Rejection("roster-team-exists", {"team": action.team_name})
            if len(roster.teams) >= max_teams:
                return Rejection("roster-too-many-teams", {"count": max_teams})
            return [TeamRegistered(action.team_id, action.team_name, action.by, action.by_name)]
        case JoinTeam():
            team = roster.team_named(action.team_name)
            if team is None:
                return Rejection("roster-no-such-team", {"team": action.team_name})
            current = roster.team_of(action.by)
            if current is not None:
                return Rejection("roster-already-in-team", {"team": current.name})
            return [PlayerJoined(team.id, action.by, action.by_name)]
        case HandOverCaptaincy():
            team = roster.team_of(action.player)
            if team is None:
                return Rejection("roster-not-a-member", {"name": roster.name(action.player)})
            # The team's own captain, or whoever holds the host's role (co-hosts too).
            if action.by != team.captain and Role.HOST not in roster.roles_of(action.by):
                return Rejection("roster-not-your-team")
            return [CaptainChanged(team.id, action.player)]
        case NameKeeper():
            # The keeper hears appeals against the host and the team (DUEL-3.7), so the
            # keeper can be neither.
            if roster.team_of(action.player) is not None:
                return Rejection("roster-keeper-plays", {"name": action.player_name})
            if action.player == roster.host or action.player in roster.cohosts:
                return Rejection("roster-keeper-hosts", {"name": action.player_name})
            return [KeeperNamed(action.player, action.player_name)]
        case NameCoHost():
            if roster.team_of(action.player) is not None:
                return Rejection("roster-cohost-plays", {"name": action.player_name})
            if action.player == roster.keeper:
                return Rejection("roster-keeper-hosts", {"name": action.player_name})
            return [CoHostNamed(action.player, action.player_name)]
        case TakeOverHost():
            if not action.is_admin:
                return Rejection("roster-takeover-admins-only")
            if action.by == roster.host:
                return Rejection("roster-already-host")
            if action.by == roster.keeper:
                return Rejection("roster-keeper-hosts", {"name": action.by_name})
            if roster.team_of(action.by) is not None:
                return Rejection("roster-cohost-plays", {"name": action.by_name})
            return [HostTakenOver(action.by, action.by_name)]
    raise TypeError(f"not a roster action: {action!r}")


def evolve_roster(roster: Roster, ev: Event) -> Roster:
    """Apply one roster event; other events leave the roster as it is."""
    match ev:
        case TeamRegistered():
            names = {**roster.names, ev.captain: ev.captain_name}
            team = Team(ev.team_id, ev.team_name, ev.captain, (ev.captain,))
            return replace(roster, names=names, teams=(*roster.teams, team))
        case PlayerJoined():
            names = {**roster.names, ev.player: ev.player_name}
            teams = tuple(
                replace(t, members=(*t.members, ev.player)) if t.id == ev.team_id else t
                for t in roster.teams
            )
            return replace(roster, names=names, teams=teams)
        case PlayerLeft():
            teams = tuple(
                replace(t, members=tuple(m for m in t.members if m != ev.player))
                if t.id == ev.team_id else t
                for t in roster.teams
            )
            return replace(roster, teams=teams)
        case CaptainChanged():
            teams = tuple(replace(t, captain=ev.captain) if t.id == ev.team_id else t
                          for t in roster.teams)
            return replace(roster, teams=teams)
        case KeeperNamed():
            names = {**roster.names, ev.player: ev.player_name}
            return replace(roster, keeper=ev.player, names=names)
        case CoHostNamed():
            names = {**roster.names, ev.player: ev.player_name}
            return replace(roster, cohosts=(*roster.cohosts, ev.player), names=names)
        case HostTakenOver():
            names = {**roster.names, ev.player: ev.player_name}
            return replace(roster, host=ev.player, names=names)
    return roster
