"""The season repository (DUEL-6, 7): seasons, their teams and games, fair-play votes.

It works over the same engine as ``storage.db.Storage``; every write is one transaction.
Results of games played here are not stored: they come from the games' event logs
(DESIGN.md), and only a game played elsewhere keeps its score in ``season_games``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.tables import (
    FairPlayBallotRow,
    FairPlayVoteRow,
    GameRow,
    PlayerRow,
    SeasonGameRow,
    SeasonRow,
    SeasonTeamRow,
    TeamMemberRow,
    TeamRow,
)
from storage.writer import WRITES


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    """A season's row: id, name, the previous season's id, host, keeper and lot seed."""

    id: int
    name: str
    previous_id: int | None
    host_id: int | None
    keeper_id: int | None
    seed: int | None


@dataclass(frozen=True, slots=True)
class SeasonTeam:
    """A team of a season: its id and name, captain, slot in the order (None before
    ordering) and the host's and keeper's agreement (DUEL-7.2)."""

    team_id: int
    name: str
    captain_id: int
    slot: int | None
    host_agreed: bool
    keeper_agreed: bool


@dataclass(frozen=True, slots=True)
class SeasonGame:
    """A game counted in a season: ``game_id`` for a game played here (its result is in its
    log), or the stored result of a game played elsewhere."""

    id: int
    team_id: int
    team: str
    game_id: int | None
    team_score: int | None
    host_score: int | None
    decisive: bool | None
    best_player: str | None
    played_at: datetime | None


@dataclass(frozen=True, slots=True)
class Ballot:
    """One voter of a fair-play vote, their role and their vote (None until cast)."""

    voter_id: int
    role: str
    violated: bool | None


@dataclass(frozen=True, slots=True)
class Vote:
    """A fair-play vote about ``team_id`` in season ``season_id`` with its ballots."""

    id: int
    season_id: int
    team_id: int
    team: str
    ballots: tuple[Ballot, ...]


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime | None) -> datetime | None:
    # SQLite keeps no zone: the values we write are UTC, so read them back as UTC.
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


_SEASON_COLUMNS = (SeasonRow.id, SeasonRow.name, SeasonRow.previous_id, SeasonRow.host_id,
                   SeasonRow.keeper_id, SeasonRow.seed)


class SeasonStore:
    """Repository of seasons over ``engine`` (``storage.db.Storage.seasons``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._writes = engine.execution_options(**WRITES)

    # --- seasons ---------------------------------------------------------------------------

    async def create(self, name: str, previous_id: int | None, host_id: int | None,
                     keeper_id: int | None) -> int | None:
        """Create a season; None when one of that name (ignoring case) exists."""
        folded = name.strip().casefold()
        async with self._writes.begin() as conn:
            if await conn.scalar(select(SeasonRow.id).where(SeasonRow.name_folded == folded)):
                return None
            result = await conn.execute(insert(SeasonRow).values(
                name=name.strip(), name_folded=folded, previous_id=previous_id, host_id=host_id,
                keeper_id=keeper_id, created_at=_now()))
            return result.inserted_primary_key[0]

    async def season(self, name: str | None = None) -> SeasonInfo | None:
        """The season called ``name`` (ignoring case), or the newest when ``name`` is None."""
        query = select(*_SEASON_COLUMNS)
        if name is None:
            query = query.order_by(SeasonRow.id.desc()).limit(1)
        else:
            query = query.where(SeasonRow.name_folded == name.strip().casefold())
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return SeasonInfo(*row) if row else None

    async def season_by_id(self, season_id: int) -> SeasonInfo | None:
        """The season ``season_id``, or None."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(*_SEASON_COLUMNS)
                                      .where(SeasonRow.id == season_id))).first()
        return SeasonInfo(*row) if row else None

    async def seasons(self) -> list[SeasonInfo]:
        """Every season, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(*_SEASON_COLUMNS).order_by(SeasonRow.id))
            return [SeasonInfo(*row) for row in rows]

    async def set_keeper(self, season_id: int, keeper_id: int) -> None:
        """Name the season's keeper of traditions."""
        async with self._writes.begin() as conn:
            await conn.execute(update(SeasonRow).where(SeasonRow.id == season_id)
                               .values(keeper_id=keeper_id))

    # --- teams -----------------------------------------------------------------------------

    async def register(self, season_id: int, team_id: int, captain_id: int) -> bool:
        """Register a team with its captain; False when it is registered already."""
        async with self._writes.begin() as conn:
            exists = await conn.scalar(select(func.count()).select_from(SeasonTeamRow).where(
                SeasonTeamRow.season_id == season_id, SeasonTeamRow.team_id == team_id))
            if exists:
                return False
            await conn.execute(insert(SeasonTeamRow).values(
                season_id=season_id, team_id=team_id, captain_id=captain_id, slot=None,
                host_agreed=False, keeper_agreed=False, registered_at=_now()))
            return True

    async def agree(self, season_id: int, team_id: int, *, host: bool) -> None:
        """Record the host's (``host``) or the keeper's agreement to a team (DUEL-7.2)."""
        values = {"host_agreed": True} if host else {"keeper_agreed": True}
        async with self._writes.begin() as conn:
            await conn.execute(update(SeasonTeamRow).where(
                SeasonTeamRow.season_id == season_id, SeasonTeamRow.team_id == team_id)
                .values(**values))

    async def teams(self, season_id: int) -> list[SeasonTeam]:
        """The season's teams: those in the order of games first, in that order, then those
        not yet ordered, as registered."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(SeasonTeamRow.team_id, TeamRow.name, SeasonTeamRow.captain_id,
                       SeasonTeamRow.slot, SeasonTeamRow.host_agreed, SeasonTeamRow.keeper_agreed)
                .join(TeamRow, TeamRow.id == SeasonTeamRow.team_id)
                .where(SeasonTeamRow.season_id == season_id)
                # NULLS LAST said out loud: SQLite puts NULL first, PostgreSQL last, and the
                # order of registration is what a lot replayed with its seed draws from.
                .order_by(SeasonTeamRow.slot.nulls_last(), SeasonTeamRow.registered_at,
                          SeasonTeamRow.team_id))
            return [SeasonTeam(*row) for row in rows]

    async def set_order(self, season_id: int, seed: int, order: list[int]) -> None:
        """Store the lot's seed and each team's slot (``order`` lists team ids, first first)."""
        async with self._writes.begin() as conn:
            await conn.execute(update(SeasonRow).where(SeasonRow.id == season_id)
                               .values(seed=seed))
            for slot, team_id in enumerate(order, 1):
                await conn.execute(update(SeasonTeamRow).where(
                    SeasonTeamRow.season_id == season_id, SeasonTeamRow.team_id == team_id)
                    .values(slot=slot))

    async def team_named(self, name: str) -> tuple[int, str] | None:
        """``(id, name)`` of the team called ``name`` ignoring case, or None."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(TeamRow.id, TeamRow.name).where(
                TeamRow.name_folded == name.strip().casefold()))).first()
        return (row[0], row[1]) if row else None

    async def members(self, team_id: int) -> frozenset[int]:
        """The players known to have played for ``team_id``."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(TeamMemberRow.player_id)
                                      .where(TeamMemberRow.team_id == team_id))
            return frozenset(r[0] for r in rows)

    # --- people ----------------------------------------------------------------------------

    async def players_named(self, name: str) -> list[int]:
        """Ids of players whose display name is ``name`` ignoring case (and a leading @)."""
        wanted = name.strip().lstrip("@").casefold()
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(PlayerRow.id, PlayerRow.display_name))
            return [pid for pid, shown in rows if shown.casefold() == wanted]

    async def player_names(self, ids: list[int]) -> dict[int, str]:
        """Display names of ``ids``."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(PlayerRow.id, PlayerRow.display_name)
                                      .where(PlayerRow.id.in_(ids)))
            return dict(rows.all())

    # --- games -----------------------------------------------------------------------------

    async def game_format(self, game_id: int) -> str | None:
        """The format of stored game ``game_id``, or None when there is no such game."""
        async with self.engine.connect() as conn:
            return await conn.scalar(select(GameRow.format).where(GameRow.id == game_id))

    async def record_game(self, season_id: int, team_id: int, game_id: int) -> bool:
        """Count stored game ``game_id`` in the season; False when it is counted already."""
        async with self._writes.begin() as conn:
            if await conn.scalar(select(SeasonGameRow.id).where(SeasonGameRow.game_id == game_id)):
                return False
            await conn.execute(insert(SeasonGameRow).values(
                season_id=season_id, team_id=team_id, game_id=game_id, recorded_at=_now()))
            return True

    async def season_of_game(self, game_id: int) -> str | None:
        """The name of the season that counts stored game ``game_id``, or None."""
        async with self.engine.connect() as conn:
            return await conn.scalar(
                select(SeasonRow.name).join(SeasonGameRow, SeasonGameRow.season_id == SeasonRow.id)
                .where(SeasonGameRow.game_id == game_id))

    async def record_result(self, season_id: int, team_id: int, team_score: int,
                            host_score: int, decisive: bool, best_player: str | None,
                            played_at: datetime) -> None:
        """Count a game played elsewhere, with its result."""
        async with self._writes.begin() as conn:
            await conn.execute(insert(SeasonGameRow).values(
                season_id=season_id, team_id=team_id, game_id=None, team_score=team_score,
                host_score=host_score, decisive=decisive, best_player=best_player,
                played_at=played_at, recorded_at=_now()))

    async def games(self, season_id: int) -> list[SeasonGame]:
        """The season's games, in the order they were recorded."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(SeasonGameRow.id, SeasonGameRow.team_id, TeamRow.name,
                       SeasonGameRow.game_id, SeasonGameRow.team_score, SeasonGameRow.host_score,
                       SeasonGameRow.decisive, SeasonGameRow.best_player, SeasonGameRow.played_at)
                .join(TeamRow, TeamRow.id == SeasonGameRow.team_id)
                .where(SeasonGameRow.season_id == season_id).order_by(SeasonGameRow.id))
            return [SeasonGame(*row[:-1], _utc(row[-1])) for row in rows]

    # --- fair play -------------------------------------------------------------------------

    async def open_vote(self, season_id: int, team_id: int, opened_by: int | None,
                        voters: list[tuple[int, str]]) -> int:
        """Open a vote about ``team_id`` with ``voters`` as ``(player id, role)``; its id."""
        async with self._writes.begin() as conn:
            result = await conn.execute(insert(FairPlayVoteRow).values(
                season_id=season_id, team_id=team_id, opened_by=opened_by, opened_at=_now()))
            vote_id = result.inserted_primary_key[0]
            await conn.execute(insert(FairPlayBallotRow), [
                {"vote_id": vote_id, "voter_id": voter, "role": role, "violated": None,
                 "cast_at": None} for voter, role in voters])
            return vote_id

    async def cast(self, vote_id: int, voter_id: int, violated: bool) -> None:
        """Record ``voter_id``'s open vote."""
        async with self._writes.begin() as conn:
            await conn.execute(update(FairPlayBallotRow).where(
                FairPlayBallotRow.vote_id == vote_id, FairPlayBallotRow.voter_id == voter_id)
                .values(violated=violated, cast_at=_now()))

    async def votes(self, vote_id: int | None = None) -> list[Vote]:
        """Every fair-play vote (or just ``vote_id``), oldest first, with its ballots."""
        query = (select(FairPlayVoteRow.id, FairPlayVoteRow.season_id, FairPlayVoteRow.team_id,
                        TeamRow.name, FairPlayBallotRow.voter_id, FairPlayBallotRow.role,
                        FairPlayBallotRow.violated)
                 .join(TeamRow, TeamRow.id == FairPlayVoteRow.team_id)
                 .join(FairPlayBallotRow, FairPlayBallotRow.vote_id == FairPlayVoteRow.id)
                 .order_by(FairPlayVoteRow.id, FairPlayBallotRow.voter_id))
        if vote_id is not None:
            query = query.where(FairPlayVoteRow.id == vote_id)
        found: dict[int, Vote] = {}
        async with self.engine.connect() as conn:
            for vid, season_id, team_id, team, voter, role, violated in await conn.execute(query):
                vote = found.get(vid) or Vote(vid, season_id, team_id, team, ())
                found[vid] = Vote(vid, season_id, team_id, team,
                                  (*vote.ballots, Ballot(voter, role, violated)))
        return list(found.values())
