"""The TV season of the St Petersburg club league as a decider's log (RULES.md TV-7, TV-8,
TV-12..TV-14): its stored events, its state (a fold of them) and its timers. The actions and
``decide`` are in ``rules.tv.league_decide``, the team arithmetic in ``rules.tv.league_teams``.

A league (one season) is an event log like a game's: the administration (``admins``) approves
members (TV-13), plans five qualifying game days of two sessions each, Sunday and the
following Wednesday, and the Final (TV-7); members register per session, alone or as a
pre-formed team (TV-14); finished TV games are recorded into their session with their
individual ratings and best player (from ``rules.base.GameResult``); the final teams are
formed from the table (TV-8) and the Final's two games decide the winner (TV-12).

Sessions are ``(day, session)``: days 1..5 qualify, ``FINAL_DAY`` is the Final; session 0 is
Sunday, 1 the Wednesday after (the Final has session 0 only).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from rules.base import Event, event

QUALIFYING_DAYS = 5
"""Qualifying game days of a season (TV-7)."""
FINAL_DAY = QUALIFYING_DAYS + 1
"""The day number of the Final."""
SESSIONS = 2
"""Sessions of a qualifying day: Sunday (0) and the following Wednesday (1) (TV-7)."""
GAMES_PER_SESSION = 2
"""Games played in one session (TV-7); the Final has two games too (TV-12)."""
WEDNESDAY_AFTER = timedelta(days=3)
"""From a day's Sunday session to its Wednesday session (TV-7)."""
REMIND_BEFORE = timedelta(hours=24)
"""The registered players are reminded this long before their session starts."""
REMINDER = "remind"
"""The prefix of a session's reminder timer: ``remind-DAY-SESSION``."""

Key = tuple[int, int]
"""A session: (day, session)."""


@event("tv.league.created")
@dataclass(frozen=True, slots=True)
class LeagueCreated(Event):
    """A season of the club league named ``name``, run by ``admin`` (a player id, None when
    created from the terminal) from chat ``chat`` (its key; "" for none: no reminders sent)."""

    name: str
    admin: int | None
    chat: str = ""


@event("tv.league.admin_added")
@dataclass(frozen=True, slots=True)
class AdminAdded(Event):
    """``player`` is one of the club administration from now on."""

    player: int


@event("tv.league.member_applied")
@dataclass(frozen=True, slots=True)
class MemberApplied(Event):
    """``player`` asked to become a member (TV-13)."""

    player: int


@event("tv.league.member_approved")
@dataclass(frozen=True, slots=True)
class MemberApproved(Event):
    """The administration approved ``player`` as a member, an adult (TV-13); no fee, no end."""

    player: int


@event("tv.league.member_refused")
@dataclass(frozen=True, slots=True)
class MemberRefused(Event):
    """The administration refused ``player``'s application; no reason is kept (TV-13)."""

    player: int


@event("tv.league.membership_ended")
@dataclass(frozen=True, slots=True)
class MembershipEnded(Event):
    """The administration ended ``player``'s membership; no reason is kept (TV-13). Their
    registrations for sessions still to come are withdrawn with it."""

    player: int


@event("tv.league.planned")
@dataclass(frozen=True, slots=True)
class SeasonPlanned(Event):
    """The season's sessions start at ``starts`` (UTC): day 1 Sunday, day 1 Wednesday, ...,
    day 5 Wednesday, then the Final (11 in all, TV-7); each session has ``tables`` club tables
    (0: no limit)."""

    starts: tuple[datetime, ...]
    tables: int = 0


@event("tv.league.package_set")
@dataclass(frozen=True, slots=True)
class DayPackageSet(Event):
    """Game day ``day`` plays package ``package_id`` in both its sessions (TV-7)."""

    day: int
    package_id: int


@event("tv.league.registered")
@dataclass(frozen=True, slots=True)
class PlayerRegistered(Event):
    """Member ``player`` registered individually for session (``day``, ``session``)."""

    day: int
    session: int
    player: int


@event("tv.league.withdrawn")
@dataclass(frozen=True, slots=True)
class PlayerWithdrawn(Event):
    """``player``'s individual registration for the session is withdrawn."""

    day: int
    session: int
    player: int


@event("tv.league.team_registered")
@dataclass(frozen=True, slots=True)
class TeamRegistered(Event):
    """Pre-formed team ``team`` (captain ``captain``, ``players`` including them, up to 6)
    registered for the session, paying the team fee (TV-14)."""

    day: int
    session: int
    team: str
    captain: int
    players: tuple[int, ...]


@event("tv.league.fee")
@dataclass(frozen=True, slots=True)
class FeeRecorded(Event):
    """The fee of ``payer`` for the session is ``paid`` or not (cash on site, TV-14):
    ``"player:ID"`` for an individual's fee, ``"team:NAME"`` for a pre-formed team's."""

    day: int
    session: int
    payer: str
    paid: bool


@event("tv.league.teams_proposed")
@dataclass(frozen=True, slots=True)
class TeamsProposed(Event):
    """The bot's teams for the session (``rules.tv.league_teams.propose``) and who waits."""

    day: int
    session: int
    teams: tuple[tuple[str, tuple[int, ...]], ...]
    waiting: tuple[int, ...] = ()


@event("tv.league.player_moved")
@dataclass(frozen=True, slots=True)
class PlayerMoved(Event):
    """The administration moved ``player`` to proposed team number ``team`` (from 1), or to
    the waiting list (0)."""

    day: int
    session: int
    player: int
    team: int


@event("tv.league.reminded")
@dataclass(frozen=True, slots=True)
class SessionReminded(Event):
    """The registered ``players`` of the session were reminded that it starts at ``start``."""

    day: int
    session: int
    start: datetime
    players: tuple[int, ...]


@event("tv.league.game_recorded")
@dataclass(frozen=True, slots=True)
class GameRecorded(Event):
    """Finished TV game ``game_id`` (package ``package_id``) counts in the session: its
    ``experts`` and ``viewers`` points, the best player of the central table (TV-4, None when
    the viewers won) and each player's rating ``(player, points)`` (TV-6). In the Final
    ``team`` is ``"club"`` or ``"central"`` (TV-12); "" in a qualifying day."""

    day: int
    session: int
    game_id: int
    package_id: int | None
    experts: int
    viewers: int
    best: int | None
    ratings: tuple[tuple[int, int], ...]
    team: str = ""


@event("tv.league.final_teams")
@dataclass(frozen=True, slots=True)
class FinalTeamsFormed(Event):
    """The final teams (TV-8): the central-table team and the club team."""

    central: tuple[int, ...]
    club: tuple[int, ...]


@event("tv.league.declined")
@dataclass(frozen=True, slots=True)
class FinalDeclined(Event):
    """``player`` declined their place in a final team (TV-8)."""

    player: int


@event("tv.league.joined_final")
@dataclass(frozen=True, slots=True)
class FinalJoined(Event):
    """``players`` fill free places of the ``team`` (``"club"``: the selection game's winners;
    ``"central"``: the administration's choice) (TV-8)."""

    team: str
    players: tuple[int, ...]


@event("tv.league.season_best")
@dataclass(frozen=True, slots=True)
class SeasonBestNamed(Event):
    """The administration named ``player`` the best player of the season (TV-12)."""

    player: int


@dataclass(frozen=True, slots=True)
class Session:
    """One session's registrations: individuals in order, pre-formed teams ``(name, captain,
    players)``, fees by payer, the proposed teams and who waits, whether reminded, games."""

    individuals: tuple[int, ...] = ()
    preformed: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    fees: dict[str, bool] = field(default_factory=dict)
    teams: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    waiting: tuple[int, ...] = ()
    reminded: bool = False
    games: tuple[GameRecorded, ...] = ()

    def players(self) -> tuple[int, ...]:
        """Everyone registered: the pre-formed teams' players, then the individuals."""
        return (*(p for _, _, ps in self.preformed for p in ps), *self.individuals)


@dataclass(frozen=True, slots=True)
class LeagueState:
    """A season folded from its log (see the module docstring)."""

    name: str
    chat: str
    admins: frozenset[int] = frozenset()
    applicants: tuple[int, ...] = ()
    members: tuple[int, ...] = ()
    former: frozenset[int] = frozenset()
    starts: tuple[datetime, ...] = ()
    tables: int = 0
    packages: dict[int, int] = field(default_factory=dict)
    sessions: dict[Key, Session] = field(default_factory=dict)
    central: tuple[int, ...] = ()
    club: tuple[int, ...] = ()
    formed: bool = False
    declined: tuple[int, ...] = ()
    season_best: int | None = None

    def start_of(self, key: Key) -> datetime | None:
        """When session ``key`` starts (UTC), or None when it is not planned."""
        index = session_index(key)
        return self.starts[index] if index is not None and index < len(self.starts) else None

    def session(self, key: Key) -> Session:
        """Session ``key``'s registrations (empty when none)."""
        return self.sessions.get(key, Session())

    def games(self, *, final: bool = False) -> list[GameRecorded]:
        """The recorded games of the qualifying days (or of the Final), in session order."""
        return [g for key in sorted(self.sessions) for g in self.sessions[key].games
                if (key[0] == FINAL_DAY) == final]

    def best_players(self) -> list[tuple[int, int]]:
        """The season's best players of the central table (TV-4, TV-8) with how often each
        was named, in the order first named."""
        named: dict[int, int] = {}
        for game in self.games():
            if game.best is not None:
                named[game.best] = named.get(game.best, 0) + 1
        return list(named.items())


def session_index(key: Key) -> int | None:
    """The position of session ``key`` in ``SeasonPlanned.starts``, or None for no session."""
    day, session = key
    if 1 <= day <= QUALIFYING_DAYS and 0 <= session < SESSIONS:
        return (day - 1) * SESSIONS + session
    if day == FINAL_DAY and session == 0:
        return QUALIFYING_DAYS * SESSIONS
    return None


def all_sessions() -> list[Key]:
    """Every session of a season, in order."""
    return [(d, s) for d in range(1, QUALIFYING_DAYS + 1) for s in range(SESSIONS)] + \
        [(FINAL_DAY, 0)]


def plan_dates(first_sunday: datetime) -> tuple[datetime, ...]:
    """The sessions' starts (TV-7), in UTC, from the first Sunday's start, aware in the club's
    time zone: each game day a week after the one before (the rules give no gap), its
    Wednesday three days after its Sunday, and the Final on the Sunday after the fifth day;
    each at the same time on the club's clock, across a DST change too."""
    starts: list[datetime] = []
    for week in range(QUALIFYING_DAYS):
        sunday = first_sunday + timedelta(weeks=week)
        starts += [sunday, sunday + WEDNESDAY_AFTER]
    last = first_sunday + timedelta(weeks=QUALIFYING_DAYS)
    # An aware datetime plus days keeps its wall-clock time in its own zone.
    return tuple(start.astimezone(UTC) for start in (*starts, last))


def timers(state: LeagueState) -> dict[str, datetime]:
    """The reminders to arm (UTC), ``remind-DAY-SESSION``: ``REMIND_BEFORE`` each planned
    session not yet reminded."""
    return {f"{REMINDER}-{key[0]}-{key[1]}": start - REMIND_BEFORE
            for key in all_sessions()
            if (start := state.start_of(key)) is not None and not state.session(key).reminded}


def initial_state(created: LeagueCreated) -> LeagueState:
    """The state after ``LeagueCreated``."""
    admins = frozenset({created.admin}) if created.admin is not None else frozenset()
    return LeagueState(created.name, created.chat, admins)


def _session(state: LeagueState, key: Key, **changes: object) -> LeagueState:
    return replace(state, sessions={**state.sessions,
                                    key: replace(state.session(key), **changes)})


def _without(players: tuple[int, ...], player: int) -> tuple[int, ...]:
    return tuple(p for p in players if p != player)


def evolve(state: LeagueState | None, ev: Event) -> LeagueState:
    """The state after ``ev`` (``state`` None for ``LeagueCreated``)."""
    if state is None:
        assert isinstance(ev, LeagueCreated)
        return initial_state(ev)
    match ev:
        case AdminAdded(player):
            return replace(state, admins=state.admins | {player})
        case MemberApplied(player):
            return replace(state, applicants=(*state.applicants, player))
        case MemberApproved(player):
            return replace(state, applicants=_without(state.applicants, player),
                           members=(*state.members, player),
                           former=state.former - {player})
        case MemberRefused(player):
            return replace(state, applicants=_without(state.applicants, player))
        case MembershipEnded(player):
            sessions = {key: replace(s, individuals=_without(s.individuals, player))
                        for key, s in state.sessions.items()}
            return replace(state, members=_without(state.members, player),
                           former=state.former | {player}, sessions=sessions)
        case SeasonPlanned(starts, tables):
            return replace(state, starts=starts, tables=tables)
        case DayPackageSet(day, package_id):
            return replace(state, packages={**state.packages, day: package_id})
        case PlayerRegistered(day, session, player):
            key = (day, session)
            return _session(state, key, individuals=(*state.session(key).individuals, player))
        case PlayerWithdrawn(day, session, player):
            key = (day, session)
            return _session(state, key, individuals=_without(state.session(key).individuals,
                                                             player))
        case TeamRegistered(day, session, team, captain, players):
            key = (day, session)
            return _session(state, key,
                            preformed=(*state.session(key).preformed, (team, captain, players)))
        case FeeRecorded(day, session, payer, paid):
            key = (day, session)
            return _session(state, key, fees={**state.session(key).fees, payer: paid})
        case TeamsProposed(day, session, teams, waiting):
            return _session(state, (day, session), teams=teams, waiting=waiting)
        case PlayerMoved(day, session, player, team):
            return _moved(state, (day, session), player, team)
        case SessionReminded(day, session):
            return _session(state, (day, session), reminded=True)
        case GameRecorded(day, session):
            key = (day, session)
            return _session(state, key, games=(*state.session(key).games, ev))
        case FinalTeamsFormed(central, club):
            return replace(state, central=central, club=club, formed=True)
        case FinalDeclined(player):
            return replace(state, central=_without(state.central, player),
                           club=_without(state.club, player),
                           declined=(*state.declined, player))
        case FinalJoined(team, players):
            if team == "central":
                return replace(state, central=(*state.central, *players))
            return replace(state, club=(*state.club, *players))
        case SeasonBestNamed(player):
            return replace(state, season_best=player)
    return state


def _moved(state: LeagueState, key: Key, player: int, team: int) -> LeagueState:
    s = state.session(key)
    teams = [(name, _without(players, player)) for name, players in s.teams or ()]
    waiting = _without(s.waiting, player)
    if team == 0:
        waiting = (*waiting, player)
    else:
        name, players = teams[team - 1]
        teams[team - 1] = (name, (*players, player))
    return _session(state, key, teams=tuple(teams), waiting=waiting)
