"""The TV season's actions and ``decide`` (RULES.md TV-7, TV-8, TV-12..TV-14) over
``rules.tv.league``'s state. Every action carries ``by``: the player acting, or None for the
organiser in the terminal (who may do all the administration may). A refusal is a Rejection
with a ``league.ftl`` key, never an exception.

Who may do what: the administration (``LeagueState.admins``) approves, refuses and ends
memberships, plans, sets packages, proposes and adjusts teams, records fees, games and the
Final; a person applies for membership themselves, registers or withdraws themselves (the
administration may do it for them) and registers a pre-formed team they captain.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules.base import Event, Rejection
from rules.tv import league_teams as teams_rules
from rules.tv.league import (
    FINAL_DAY,
    GAMES_PER_SESSION,
    QUALIFYING_DAYS,
    AdminAdded,
    DayPackageSet,
    FeeRecorded,
    FinalDeclined,
    FinalJoined,
    FinalTeamsFormed,
    GameRecorded,
    Key,
    LeagueState,
    MemberApplied,
    MemberApproved,
    MemberRefused,
    MembershipEnded,
    PlayerMoved,
    PlayerRegistered,
    PlayerWithdrawn,
    SeasonBestNamed,
    SeasonPlanned,
    SessionReminded,
    TeamRegistered,
    TeamsProposed,
    plan_dates,
    session_index,
)


@dataclass(frozen=True, slots=True)
class AddAdmin:
    """Make ``player`` one of the club administration."""

    by: int | None
    player: int


@dataclass(frozen=True, slots=True)
class Apply:
    """``by`` asks to become a member (TV-13)."""

    by: int


@dataclass(frozen=True, slots=True)
class Approve:
    """Approve ``player`` as a member (TV-13: the administration checks they are adult)."""

    by: int | None
    player: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse ``player``'s application, without a reason (TV-13)."""

    by: int | None
    player: int


@dataclass(frozen=True, slots=True)
class EndMembership:
    """End ``player``'s membership, without a reason (TV-13)."""

    by: int | None
    player: int


@dataclass(frozen=True, slots=True)
class Plan:
    """Plan the season from the first Sunday session's start (TV-7), aware in the club's time
    zone (its Sunday is the club's, and every session keeps its time on the club's clock), with
    ``tables`` club tables a session (0: no limit)."""

    by: int | None
    first_sunday: datetime
    tables: int = 0


@dataclass(frozen=True, slots=True)
class SetPackage:
    """Game day ``day`` (or the Final) plays package ``package_id`` in both sessions (TV-7)."""

    by: int | None
    day: int
    package_id: int


@dataclass(frozen=True, slots=True)
class Register:
    """Register ``player`` individually for session (``day``, ``session``) (TV-14)."""

    by: int | None
    day: int
    session: int
    player: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Withdraw ``player``'s individual registration for the session."""

    by: int | None
    day: int
    session: int
    player: int


@dataclass(frozen=True, slots=True)
class RegisterTeam:
    """Register pre-formed team ``team`` of ``players`` (1 to 6, the captain among them) for
    the session, paying the team fee (TV-14)."""

    by: int | None
    day: int
    session: int
    team: str
    captain: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RecordFee:
    """Record ``payer``'s fee (``"player:ID"`` or ``"team:NAME"``) as ``paid`` or not."""

    by: int | None
    day: int
    session: int
    payer: str
    paid: bool


@dataclass(frozen=True, slots=True)
class ProposeTeams:
    """Let the bot propose the session's teams from its registrations (TV-14)."""

    by: int | None
    day: int
    session: int


@dataclass(frozen=True, slots=True)
class MovePlayer:
    """Move ``player`` to proposed team number ``team`` (from 1), or to the waiting list (0)."""

    by: int | None
    day: int
    session: int
    player: int
    team: int


@dataclass(frozen=True, slots=True)
class RemindDue:
    """The reminder timer of session (``day``, ``session``) fired."""

    day: int
    session: int


@dataclass(frozen=True, slots=True)
class RecordGame:
    """Count finished TV game ``game_id`` in the session, with what its result says (see
    ``GameRecorded``); ``host`` is the game's host (who may record it too)."""

    by: int | None
    day: int
    session: int
    game_id: int
    package_id: int | None
    experts: int
    viewers: int
    best: int | None
    ratings: tuple[tuple[int, int], ...]
    host: int | None = None
    team: str = ""


@dataclass(frozen=True, slots=True)
class FormFinal:
    """Form the final teams (TV-8): the administration's central-table team (empty when the
    season has exactly six best central players: they are the team) and up to 3 ``extras``
    for the club team."""

    by: int | None
    central: tuple[int, ...] = ()
    extras: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Decline:
    """``player`` declines their place in a final team (TV-8)."""

    by: int | None
    player: int


@dataclass(frozen=True, slots=True)
class JoinFinal:
    """Fill free places: ``team`` ``"club"`` with the selection game's winners, ``"central"``
    with the administration's choice (TV-8)."""

    by: int | None
    team: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NameSeasonBest:
    """Name the best player of the season among the finalists (TV-12)."""

    by: int | None
    player: int


Action = (AddAdmin | Apply | Approve | Refuse | EndMembership | Plan | SetPackage | Register
          | Withdraw | RegisterTeam | RecordFee | ProposeTeams | MovePlayer | RemindDue
          | RecordGame | FormFinal | Decline | JoinFinal | NameSeasonBest)
"""Everything a season decides on."""


def _admin(state: LeagueState, by: int | None) -> Rejection | None:
    return None if by is None or by in state.admins else Rejection("league-not-admin")


def _session_problem(state: LeagueState, day: int, session: int, now: datetime | None
                     ) -> Rejection | None:
    """Why session (``day``, ``session``) cannot take registrations at ``now`` (None: any
    time), or None."""
    if not state.starts:
        return Rejection("league-not-planned")
    start = state.start_of((day, session))
    if start is None:
        return Rejection("league-no-session", {"day": day, "session": session})
    if now is not None and now >= start:
        return Rejection("league-registration-closed", {"day": day, "session": session})
    return None


def _day_players(state: LeagueState, day: int) -> set[int]:
    """Everyone registered for game day ``day``, in either session: one plays a day's
    questions once (TV-7: the two sessions are played by different teams)."""
    return {p for (d, _), s in state.sessions.items() if d == day for p in s.players()}


def final_teams_problem(state: LeagueState, central: tuple[int, ...],
                        extras: tuple[int, ...]) -> Rejection | None:
    """Why ``central`` (with ``extras``) cannot be the central-table team now (TV-8)."""
    best = [p for p, _ in state.best_players()]
    if not central and len(best) == teams_rules.TEAM_SIZE:
        central = tuple(best)
    problem = teams_rules.central_pick_problem(best, central, extras, state.members)
    if problem is not None:
        return Rejection(f"league-final-{problem}", {"count": len(best)})
    return None


def table(state: LeagueState) -> list[tuple[int, int]]:
    """The season table (TV-6): individual ratings summed over the qualifying games."""
    return teams_rules.season_table(dict(g.ratings) for g in state.games())


def decide(state: LeagueState, action: Action, now: datetime) -> list[Event] | Rejection:
    """The events ``action`` produces at ``now`` (UTC), or why not (module docstring)."""
    if not isinstance(action, (Apply, RemindDue, Register, Withdraw, RegisterTeam,
                               RecordGame, Decline)):
        refused = _admin(state, action.by)
        if refused is not None:
            return refused
    match action:
        case AddAdmin(_, player):
            return [] if player in state.admins else [AdminAdded(player)]
        case Apply(by):
            if by in state.members:
                return Rejection("league-already-member")
            if by in state.applicants:
                return Rejection("league-already-applied")
            return [MemberApplied(by)]
        case Approve(_, player):
            return Rejection("league-already-member") if player in state.members else \
                [MemberApproved(player)]
        case Refuse(_, player):
            return [MemberRefused(player)] if player in state.applicants else \
                Rejection("league-not-applicant")
        case EndMembership(_, player):
            return [MembershipEnded(player)] if player in state.members else \
                Rejection("league-not-member")
        case Plan(_, first_sunday, tables):
            if first_sunday.weekday() != 6:
                return Rejection("league-plan-not-sunday")
            if any(s.games for s in state.sessions.values()):
                return Rejection("league-plan-played")
            return [SeasonPlanned(plan_dates(first_sunday), max(0, tables))]
        case SetPackage(_, day, package_id):
            if not 1 <= day <= FINAL_DAY:
                return Rejection("league-no-day", {"day": day})
            if any(g.package_id not in (None, package_id)
                   for (d, _), s in state.sessions.items() if d == day for g in s.games):
                return Rejection("league-package-played", {"day": day})
            return [DayPackageSet(day, package_id)]
        case Register() | Withdraw() | RegisterTeam():
            return _registration(state, action, now)
        case RecordFee(_, day, session, payer, paid):
            s = state.session((day, session))
            known = {f"player:{p}" for p in s.individuals} | \
                {f"team:{name}" for name, _, _ in s.preformed}
            if payer not in known:
                return Rejection("league-fee-unknown")
            return [FeeRecorded(day, session, payer, paid)]
        case ProposeTeams(_, day, session):
            if (refused := _session_problem(state, day, session, None)) is not None:
                return refused
            s = state.session((day, session))
            made, waiting = teams_rules.propose([(n, ps) for n, _, ps in s.preformed],
                                                s.individuals, state.tables)
            return [TeamsProposed(day, session, tuple(made), tuple(waiting))]
        case MovePlayer(_, day, session, player, team):
            return _move(state, (day, session), player, team)
        case RemindDue(day, session):
            s = state.session((day, session))
            start = state.start_of((day, session))
            if start is None or s.reminded or now >= start:
                return []  # a stale timer, or one missed until the session began
            return [SessionReminded(day, session, start, s.players())]
        case RecordGame():
            return _record(state, action)
        case FormFinal(_, central, extras):
            if state.formed:
                return Rejection("league-final-formed")
            if (refused := final_teams_problem(state, central, extras)) is not None:
                return refused
            if not central:
                central = tuple(p for p, _ in state.best_players())
            club = teams_rules.club_team(table(state), central, extras, state.members)
            return [FinalTeamsFormed(central, club)]
        case Decline(by, player):
            if by is not None and by != player and by not in state.admins:
                return Rejection("league-not-admin")
            if player not in (*state.central, *state.club):
                return Rejection("league-not-finalist")
            return [FinalDeclined(player)]
        case JoinFinal(_, team, players):
            return _join(state, team, players)
        case NameSeasonBest(_, player):
            if player not in (*state.central, *state.club):
                return Rejection("league-not-finalist")
            return [SeasonBestNamed(player)]
    return Rejection("league-usage")


def _registration(state: LeagueState, action: Register | Withdraw | RegisterTeam,
                  now: datetime) -> list[Event] | Rejection:
    day, session = action.day, action.session
    if (refused := _session_problem(state, day, session, now)) is not None:
        return refused
    if day == FINAL_DAY:
        return Rejection("league-final-no-registration")
    s = state.session((day, session))
    match action:
        case Withdraw(by, _, _, player):
            if by is not None and by != player and by not in state.admins:
                return Rejection("league-not-admin")
            if player not in s.individuals:
                return Rejection("league-not-registered")
            return [PlayerWithdrawn(day, session, player)]
        case Register(by, _, _, player):
            if by is not None and by != player and by not in state.admins:
                return Rejection("league-not-admin")
            if player not in state.members:
                return Rejection("league-not-member")
            if player in _day_players(state, day):
                return Rejection("league-day-registered", {"day": day})
            return [PlayerRegistered(day, session, player)]
        case RegisterTeam(by, _, _, team, captain, players):
            if by is not None and by != captain and by not in state.admins:
                return Rejection("league-not-admin")
            if not team.strip():
                return Rejection("league-usage")
            if not 1 <= len(set(players)) == len(players) <= teams_rules.TEAM_SIZE or \
                    captain not in players:
                return Rejection("league-team-size", {"count": teams_rules.TEAM_SIZE})
            if any(name.casefold() == team.casefold() for name, _, _ in s.preformed):
                return Rejection("league-team-exists", {"team": team})
            if not set(players) <= set(state.members):
                return Rejection("league-team-not-members")
            taken = _day_players(state, day) & set(players)
            if taken:
                return Rejection("league-day-registered", {"day": day})
            return [TeamRegistered(day, session, team, captain, players)]
    return Rejection("league-usage")


def _move(state: LeagueState, key: Key, player: int, team: int) -> list[Event] | Rejection:
    s = state.session(key)
    if s.teams is None:
        return Rejection("league-no-proposal")
    if not 0 <= team <= len(s.teams):
        return Rejection("league-no-team-number", {"count": len(s.teams)})
    if player not in {*s.waiting, *(p for _, ps in s.teams for p in ps)}:
        return Rejection("league-not-registered")
    if any(player in ps for _, _, ps in s.preformed):
        return Rejection("league-preformed-player")  # they fill no other team (TV-14)
    if team and len(s.teams[team - 1][1]) >= teams_rules.TEAM_SIZE:
        return Rejection("league-team-full", {"count": teams_rules.TEAM_SIZE})
    return [PlayerMoved(key[0], key[1], player, team)]


def _record(state: LeagueState, action: RecordGame) -> list[Event] | Rejection:
    key = (action.day, action.session)
    if session_index(key) is None:
        return Rejection("league-no-session", {"day": action.day, "session": action.session})
    if any(g.game_id == action.game_id for s in state.sessions.values() for g in s.games):
        return Rejection("league-game-recorded", {"id": action.game_id})
    if action.by is not None and action.by not in state.admins and action.by != action.host:
        return Rejection("league-not-admin")
    if len(state.session(key).games) >= GAMES_PER_SESSION:
        return Rejection("league-session-full", {"count": GAMES_PER_SESSION})
    wanted = state.packages.get(action.day)
    if wanted is not None and action.package_id != wanted:
        return Rejection("league-wrong-package", {"day": action.day})
    team = ""
    if action.day == FINAL_DAY:
        if not state.formed:
            return Rejection("league-final-not-formed")
        # TV-12: the club team plays first.
        team = "club" if not state.session(key).games else "central"
    events: list[Event] = []
    if wanted is None and action.package_id is not None and action.day <= QUALIFYING_DAYS:
        # The first game of a day fixes its questions for both sessions (TV-7).
        events.append(DayPackageSet(action.day, action.package_id))
    events.append(GameRecorded(action.day, action.session, action.game_id, action.package_id,
                               action.experts, action.viewers, action.best, action.ratings,
                               team))
    return events


def _join(state: LeagueState, team: str, players: tuple[int, ...]) -> list[Event] | Rejection:
    if not state.formed:
        return Rejection("league-final-not-formed")
    current = state.central if team == "central" else state.club
    free = teams_rules.TEAM_SIZE - len(current)
    if free <= 0 or not players or len(players) > free or len(set(players)) != len(players):
        return Rejection("league-final-free", {"count": max(free, 0)})
    if team == "club":
        allowed = selection_candidates(state)
        if not set(players) <= set(allowed):
            return Rejection("league-final-not-candidate")
    elif not set(players) <= set(state.members) - {*state.club, *state.central,
                                                   *state.declined}:
        return Rejection("league-final-not-candidate")
    return [FinalJoined(team, players)]


def selection_candidates(state: LeagueState) -> tuple[int, ...]:
    """Who plays the selection game for the club team's free places (TV-8): the next
    (free places + 2) by rating, among members in no final team who have not declined."""
    free = teams_rules.TEAM_SIZE - len(state.club) if state.formed else 0
    taken = {*state.central, *state.club, *state.declined}
    return teams_rules.selection_candidates(table(state), taken, free, state.members)


def final_winner(state: LeagueState) -> str | None:
    """The Final's winning team, ``"club"`` or ``"central"`` (TV-12), or None (so far)."""
    scores = {g.team: (g.experts, g.viewers) for g in state.games(final=True)}
    if "central" not in scores:
        return None
    return teams_rules.final_winner(scores.get("club"), scores["central"])
