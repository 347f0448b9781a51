"""The season service over storage (DUEL-6, 7 for games against the host; the season
for SYNC's games of teams): one set of commands for every format, front ends in
``bot.season.chat`` and ``bot.season.terminal``.

A game played here counts in a season by its id; its result is read from its event log each
time the standings are built (``bot.results``: folded by its format's decider, so this module
imports no format), and there is no result table to keep in step (DESIGN.md: seasons are
derived from finished games' logs). What a season makes of a result depends on its shape
only: one team against a side without a team (DUEL's host) is ranked by ``rules.season``
(DUEL-6.3); teams only (SYNC) add up in ``rules.season_points``. A season holds games of one
format, that of its first game.

A DUEL game is finished, and may be counted, as soon as a side reaches the target; the team's
vote comes after it (DUEL-3.9) and shows in the standings whenever it comes. When it ended is
the time the game became finished, not the time of the vote (DUEL-6.3.1 ranks equal wins by
it). A DUEL game played elsewhere is recorded with its score. Such a game needs its date
(``--date``, with the time when it matters): the later of two equal wins goes to the final
(DUEL-6.3.1), so an equal win of another team at the very same moment (two dates without a
time) is refused until the time is given, rather than ranked by the order of recording; the
same team with the same score on the same date is refused as a likely double entry unless
``--again`` says it is a second game (nothing can be unrecorded). A training game never counts
in a season.

Who may do what: in the terminal the organiser may do everything (DUEL-8.1). In a chat, the
season's host creates, names the keeper, orders, records and opens votes; the host of a
finished game may also record it; a captain registers their own team; the host and the keeper
agree to a team formed from a disbanded team's players; each voter casts their own vote;
anyone may see the standings. A host, keeper, captain or best player the terminal names and
the bot does not know is created as a name-only person (``NAME_ONLY_PLATFORM``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.commands import MAX_NAME
from bot.ports import Clock
from bot.results import GameResults, PlayedGame
from rules import season as rules
from rules import season_points as points
from rules.base import EventDecodeError, Rejection
from rules.season_points import ClubFacts, PointsGame, points_game
from storage.db import Storage
from storage.seasons import SeasonInfo, SeasonTeam, Vote

log = logging.getLogger(__name__)

NAME_ONLY_PLATFORM = "console"
"""The platform of people entered by name in the terminal (``adapters.console``'s, whose ids are
the names ignoring case)."""

Reply = list[tuple[str, dict[str, Any]]]
"""Untranslated lines: (Fluent key, arguments)."""


DUEL_SCORED = "duel"
"""The format of a game played elsewhere and recorded with its score (DUEL-3.8)."""


@dataclass(frozen=True, slots=True)
class PointsTable:
    """What the standings of a season of teams-only games show: the season, its rows, how
    many games it counted, the next game's duty team (SYNC-4) and the club's facts carried
    to it (``club``: its teams, last duty, fee, SYNC-3)."""

    season: SeasonInfo
    rows: list[points.PointsStanding]
    games: int
    next_duty: str | None
    club: ClubFacts


@dataclass(frozen=True, slots=True)
class SeasonTable:
    """What the standings show: the season, its rows, the finalist (None before any game)."""

    season: SeasonInfo
    rows: list[rules.Standing]
    finalist: rules.Finalist | None


class SeasonService:
    """Seasons over ``storage``. Each method acting for a person takes ``by``: their player id
    in a chat (checked), or None for the organiser in the terminal (not checked). Every method
    returns the reply lines, or a Rejection with a ``season.ftl`` key.

    ``results`` reads the games played here; a season counts games of the ``formats`` named
    (stored names), all of one format: that of its first game. A game of one team against a
    side without one (DUEL's host) counts as ``rules.season`` says, won at ``target`` points
    (DUEL-3.8); a game of teams only (SYNC) as ``rules.season_points`` says. ``clock`` says
    what time it is (a result recorded from elsewhere is not in the future); ``new_seed``
    draws the seed of a season's order when none is given (DUEL-6.1: the lot).
    """

    def __init__(self, storage: Storage, results: GameResults, *, formats: tuple[str, ...],
                 target: int, clock: Clock, new_seed: Callable[[], int]) -> None:
        self.storage = storage
        self.store = storage.seasons
        self.results_of = results
        self.formats = formats
        self.target = target
        self.clock = clock
        self.new_seed = new_seed

    async def find(self, name: str | None) -> SeasonInfo | Rejection:
        """The season called ``name``, or the newest; a Rejection when there is none."""
        found = await self.store.season(name or None)
        if found is None:
            return Rejection("season-unknown", {"name": name}) if name else \
                Rejection("season-none")
        return found

    async def person(self, name: str, *, create: bool = False) -> tuple[int, bool] | Rejection:
        """The person called ``name`` (a unique stored name, ignoring case and a leading @), as
        ``(id, False)``; with ``create``, when nobody has that name, a new name-only person
        (``NAME_ONLY_PLATFORM``), as ``(id, True)``. Several people of that name are refused."""
        shown = name.strip().lstrip("@").strip()
        found = await self.store.players_named(shown) if shown else []
        if len(found) == 1:
            return found[0], False
        if found or not create or not shown:
            key = "season-unknown-person" if not found else "season-ambiguous-person"
            return Rejection(key, {"name": name.strip(), "count": len(found)})
        if len(shown.casefold()) > MAX_NAME:
            return Rejection("season-name-too-long", {"max": MAX_NAME})
        return await self.storage.people.player(NAME_ONLY_PLATFORM, shown.casefold(), shown), True

    async def create(self, name: str, *, after: str | None = None, host: int | None = None,
                     keeper: int | None = None, played: str | None = None
                     ) -> Reply | Rejection:
        """Create a season; ``after`` names last season, whose standings order this one's games
        (DUEL-6.1). ``played`` is the format of the games where it was asked for (the chat's
        latest game; None outside a chat): only the reply's words follow it, since a SYNC
        season adds up the club's games and orders none (a DUEL notion)."""
        if not name.strip():
            return Rejection("season-usage")
        previous = None
        if after:
            found = await self.find(after)
            if isinstance(found, Rejection):
                return found
            previous = found.id
        if await self.store.create(name, previous, host, keeper) is None:
            return Rejection("season-exists", {"name": name.strip()})
        return [("season-created", {"name": name.strip(), "after": after or "-",
                                    "has_after": _yes(bool(after)),
                                    "format": played or DUEL_SCORED})]

    async def set_keeper(self, season: str | None, keeper: int, *, by: int | None
                         ) -> Reply | Rejection:
        """Name the season's keeper of traditions (a fair-play voter, DUEL-7.1.2)."""
        found = await self._hosted(season, by)
        if isinstance(found, Rejection):
            return found
        await self.store.set_keeper(found.id, keeper)
        name = (await self.store.player_names([keeper])).get(keeper, "?")
        return [("season-keeper-named", {"season": found.name, "name": name})]

    async def register(self, season: str | None, team_name: str, captain: int
                       ) -> Reply | Rejection:
        """Register ``team_name`` led by ``captain`` (DUEL-6.1); a team formed from a disbanded
        team's players waits for the host and the keeper (DUEL-7.2)."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        if not team_name.strip():
            return Rejection("season-usage")
        team_id = await self.storage.people.team(team_name)
        entry = rules.admission(team_id, captain, await self.disbanded())
        if isinstance(entry, Rejection):
            return Rejection(entry.reason, {"team": team_name.strip()})
        if not await self.store.register(found.id, team_id, captain):
            return Rejection("season-already-registered", {"team": team_name.strip()})
        await self.storage.people.add_member(team_id, captain)  # the captain plays for the team
        key = "season-registered" if entry is rules.Admission.OPEN else "season-needs-approval"
        return [(key, {"team": team_name.strip(), "season": found.name})]

    async def approve(self, season: str | None, team_name: str, *, as_host: bool,
                      by: int | None) -> Reply | Rejection:
        """The host (``as_host``) or the keeper agrees to a team that needs it (DUEL-7.2)."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        if by is not None and by != (found.host_id if as_host else found.keeper_id):
            return Rejection("season-not-official")
        team = await self._team_in(found, team_name)
        if isinstance(team, Rejection):
            return team
        entry = rules.admission(team.team_id, team.captain_id, await self.disbanded())
        if isinstance(entry, Rejection):
            return Rejection(entry.reason, {"team": team.name})
        if entry is rules.Admission.OPEN:
            return Rejection("season-no-approval-needed", {"team": team.name})
        await self.store.agree(found.id, team.team_id, host=as_host)
        return [("season-approved", {"team": team.name, "who": "host" if as_host else "keeper"})]

    async def order(self, season: str | None, *, seed: int | None = None, by: int | None
                    ) -> Reply | Rejection:
        """Order the season's games (DUEL-6.1, 6.2): new teams by lot, then from the lowest of
        last season. ``seed`` replays a draw; without it the bot draws one and stores it."""
        found = await self._hosted(season, by)
        if isinstance(found, Rejection):
            return found
        teams = await self._admitted(found)
        if not teams:
            return Rejection("season-no-teams", {"season": found.name})
        previous: list[int] = []
        before = await self.store.season_by_id(found.previous_id) if found.previous_id else None
        if before is not None:
            previous = [s.result.team_id for s in (await self.table_of(before)).rows]
        seed = seed if seed is not None else self.new_seed()
        order = rules.order_games([t.team_id for t in teams], previous, seed)
        await self.store.set_order(found.id, seed, order)
        names = {t.team_id: t.name for t in teams}
        lines: Reply = [("season-order", {"season": found.name, "seed": str(seed)})]
        for slot, team_id in enumerate(order, 1):
            place = previous.index(team_id) + 1 if team_id in previous else 0
            lines.append(("season-order-line", {"slot": slot, "team": names[team_id],
                                                "place": place}))
        return lines

    async def record_game(self, season: str | None, game_id: int, *, by: int | None
                          ) -> Reply | Rejection:
        """Count finished game ``game_id`` (played here) in the season. In a chat, the
        season's host or the game's host may do it. A game of one team against the host
        (DUEL) needs its team registered in the season; a game of teams only (SYNC) counts
        every team that played it. Refused: a format the season does not count, or not the
        format of its games; a training game; a game counted already."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        played = await self._finished(game_id)
        if isinstance(played, Rejection):
            return played
        if by is not None and by not in (found.host_id, played.host):
            return Rejection("season-not-host")
        if played.training:
            return Rejection("season-training-game", {"id": game_id, "format": played.format})
        season_format = await self.season_format(found)
        if season_format not in (None, played.format):
            return Rejection("season-other-format", {"id": game_id, "format": played.format,
                                                     "season": found.name,
                                                     "season_format": season_format})
        counted = await self.store.season_of_game(game_id)
        if counted is not None:
            return Rejection("season-game-recorded", {"id": game_id, "season": counted})
        assert played.result is not None and played.ended_at is not None
        points = points_game(played.result, played.ended_at, game_id)
        if points is not None:
            return await self._record_points(found, points)
        result = rules.season_result(played.result, played.ended_at, game_id)
        if result is None:
            return Rejection("season-game-not-counted", {"id": game_id})
        team = next((t for t in await self.store.teams(found.id)
                     if t.team_id == result.team_id), None)
        if team is None:
            return Rejection("season-team-not-registered", {"team": result.team,
                                                            "season": found.name})
        if not await self.store.record_game(found.id, result.team_id, game_id):
            return Rejection("season-game-recorded", {
                "id": game_id, "season": await self.store.season_of_game(game_id) or "-"})
        return [("season-game-counted", _result_args(result, found.name))]

    async def _record_points(self, season: SeasonInfo, game: PointsGame) -> Reply | Rejection:
        """Count a game of teams only; its row names the first team (season_games has one
        team a row: the game's teams are in its log)."""
        assert game.game_id is not None and game.sides[0].team_id is not None
        if not await self.store.record_game(season.id, game.sides[0].team_id, game.game_id):
            return Rejection("season-game-recorded", {
                "id": game.game_id, "season": await self.store.season_of_game(game.game_id)
                or "-"})
        winners = [side.name for side in game.sides if side.place == 1]
        return [("season-points-game-counted", {
            "season": season.name, "id": game.game_id, "teams": len(game.sides),
            "winners": ", ".join(winners) or "-"})]

    async def record_result(self, season: str | None, team_name: str, team_score: int,
                            host_score: int, *, decisive: bool = False,
                            best_player: str | None = None, played_at: datetime | None = None,
                            again: bool = False) -> Reply | Rejection:
        """Count a game played elsewhere with its score (DUEL-3.8, 6.4.3), date (DUEL-6.3.1)
        and best player (DUEL-3.9); the organiser's command, from the terminal.

        ``played_at`` is required and not in the future. The same team with the same score on
        the same date is refused unless ``again`` (a real second game). The best player is a
        known person, or created by name, and is recorded as a player of the team; the reply
        says when either is new.

        Of several problems the first is told, in the order the user would fix them: the
        season, the team in it, the score, then the date (missing, or in the future)."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        if await self.season_format(found) not in (None, DUEL_SCORED):
            return Rejection("season-record-needs-game", {"season": found.name})
        team = await self._team_in(found, team_name)
        if isinstance(team, Rejection):
            return team
        bad = rules.check_score(team_score, host_score, target=self.target, decisive=decisive)
        if bad is not None:
            return bad
        if played_at is None:
            return Rejection("season-record-needs-date")
        if played_at > self.clock.now():
            return Rejection("season-date-future", {"date": _day(played_at)})
        results = await self.results(found)
        same = [r for r in results if r.team_id == team.team_id
                and (r.team_score, r.host_score) == (team_score, host_score)
                and r.played_at.date() == played_at.date()]
        if same and not again:
            return Rejection("season-same-game", {
                "team": team.name, "team_score": team_score, "host_score": host_score,
                "date": _day(played_at), "season": found.name})
        tie = next((r for r in results if r.team_id != team.team_id and r.won
                    and team_score > host_score and r.played_at == played_at
                    and (r.team_score, r.host_score) == (team_score, host_score)), None)
        if tie is not None:
            # Record order must not decide which of two equal wins is the later (DUEL-6.3.1).
            return Rejection("season-same-moment", {
                "team": tie.team, "team_score": team_score, "host_score": host_score,
                "when": played_at.strftime("%Y-%m-%d %H:%M"), "date": _day(played_at)})
        notes: Reply = []
        best = None
        if best_player:
            person = await self.person(best_player, create=True)
            if isinstance(person, Rejection):
                return person
            player, created = person
            best = (await self.store.player_names([player]))[player]
            if created:
                notes.append(("season-person-created", {"name": best}))
            if player != team.captain_id and player not in await self.store.members(team.team_id):
                await self.storage.people.add_member(team.team_id, player)
                notes.append(("season-member-added", {"name": best, "team": team.name}))
        await self.store.record_result(found.id, team.team_id, team_score, host_score, decisive,
                                       best, played_at)
        result = rules.GameResult(team.team_id, team.name, team_score, host_score, played_at,
                                  decisive, best)
        return [*notes, ("season-game-counted", _result_args(result, found.name))]

    async def table(self, season: str | None) -> SeasonTable | PointsTable | Rejection:
        """The standings of a season: of a points season its table of points and what its
        next game carries over (``points_table``); else the standings and the finalist
        (DUEL-6.3, 6.3.1, 6.5)."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        return await self.standings_of(found)

    async def standings_of(self, season: SeasonInfo) -> SeasonTable | PointsTable:
        """The standings of a known season as ``table`` gives them: a points season's table
        of points (SYNC-3, SYNC-4), else the standings and the finalist (DUEL-6.3)."""
        if await self.season_format(season) not in (None, DUEL_SCORED):
            return await self.points_table(season)
        return await self.table_of(season)

    async def points_table(self, season: SeasonInfo) -> PointsTable:
        """The table of points of a season of teams-only games (``rules.season_points``),
        with the next game's duty team and fee (SYNC-3, SYNC-4)."""
        games = await self.points_games(season)
        facts = points.club_facts(games)
        return PointsTable(season, points.standings(games), len(games),
                           points.next_duty_team(facts), facts)

    async def points_games(self, season: SeasonInfo) -> list[PointsGame]:
        """The season's counted games of teams only, from their logs, in order of record."""
        out = []
        for game in await self.store.games(season.id):
            if game.game_id is None:
                continue
            played = await self._finished(game.game_id)
            if isinstance(played, Rejection):
                continue
            assert played.result is not None and played.ended_at is not None
            counted = points_game(played.result, played.ended_at, game.game_id)
            if counted is not None:
                out.append(counted)
        return out

    async def season_format(self, season: SeasonInfo) -> str | None:
        """The format of the season's games: that of its first counted game (a game played
        elsewhere is a DUEL one, ``DUEL_SCORED``); None before any."""
        games = await self.store.games(season.id)
        if not games:
            return None
        first = games[0].game_id
        return DUEL_SCORED if first is None else await self.results_of.format_of(first)

    async def club_facts(self, host: int) -> ClubFacts | None:
        """What the next game announced by ``host`` carries over (SYNC-3, SYNC-4): the facts
        of the newest season ``host`` hosts whose games are teams-only games; None when there
        is none (the game starts with no club history)."""
        for season in reversed(await self.store.seasons()):
            if season.host_id != host:
                continue
            games = await self.points_games(season)
            if games:
                return points.club_facts(games)
        return None

    async def table_of(self, season: SeasonInfo,
                       results: list[rules.GameResult] | None = None) -> SeasonTable:
        """The standings of a known season, from ``results`` when given (its ``results``,
        read already), so that each row's result is one of them."""
        results = await self.results(season) if results is None else results
        gone = {d.team_id for d in await self.disbanded()}
        rows = rules.standings(results, gone)
        return SeasonTable(season, rows, rules.finalist(rows, results))

    async def results(self, season: SeasonInfo) -> list[rules.GameResult]:
        """Every counted game's result: from the log for games played here."""
        results = []
        for game in await self.store.games(season.id):
            if game.game_id is None:
                results.append(rules.GameResult(
                    game.team_id, game.team, game.team_score, game.host_score, game.played_at,
                    bool(game.decisive), game.best_player))
                continue
            played = await self._finished(game.game_id)
            if isinstance(played, Rejection):
                continue
            assert played.result is not None and played.ended_at is not None
            counted = rules.season_result(played.result, played.ended_at, game.game_id)
            if counted is not None:
                results.append(counted)
        return results

    async def open_vote(self, season: str | None, team_name: str, captains: list[int], *,
                        by: int | None) -> Reply | Rejection:
        """Open a fair-play vote about a team (DUEL-7.1): the season's host and keeper and the
        named captains of its teams, an odd number in all."""
        found = await self._hosted(season, by)
        if isinstance(found, Rejection):
            return found
        team = await self._team_in(found, team_name)
        if isinstance(team, Rejection):
            return team
        bad = rules.check_voters(found.host_id, found.keeper_id, captains)
        if bad is not None:
            return bad
        known_captains = {t.captain_id for t in await self.store.teams(found.id)}
        names = await self.store.player_names([found.host_id, found.keeper_id, *captains])
        stranger = next((c for c in captains if c not in known_captains), None)
        if stranger is not None:
            return Rejection("season-vote-not-captain", {"name": names.get(stranger, "?")})
        if any(v.team_id == team.team_id and rules.vote_outcome(_ballots(v)) is None
               for v in await self.store.votes()):
            return Rejection("season-vote-open-already", {"team": team.name})
        voters = [(found.host_id, "host"), (found.keeper_id, "keeper"),
                  *((c, "captain") for c in captains)]
        vote_id = await self.store.open_vote(found.id, team.team_id, by, voters)
        return [("season-vote-opened", {
            "id": vote_id, "team": team.name,
            "voters": ", ".join(names.get(v, "?") for v, _ in voters)})]

    async def cast(self, vote_id: int | None, voter: int, violated: bool
                   ) -> Reply | Rejection:
        """``voter`` votes openly (DUEL-7.1.3) in vote ``vote_id`` (None: the open vote they
        have not voted in yet); once all voted, the decision, and a disbanding (7.1.4)."""
        votes = await self.store.votes(vote_id)
        vote = next((v for v in reversed(votes) if rules.vote_outcome(_ballots(v)) is None
                     and _ballots(v).get(voter, False) is None), None)
        if vote is None:
            if vote_id is not None and votes and voter in _ballots(votes[0]):
                return Rejection("season-vote-already")
            return Rejection("season-no-vote")
        await self.store.cast(vote.id, voter, violated)
        name = (await self.store.player_names([voter])).get(voter, "?")
        lines: Reply = [("season-ballot", {"name": name, "violated": _yes(violated),
                                           "team": vote.team})]
        ballots = {**_ballots(vote), voter: violated}
        outcome = rules.vote_outcome(ballots)
        if outcome is not None:
            against = sum(1 for v in ballots.values() if v)
            lines.append(("season-vote-result", {
                "team": vote.team, "against": against, "cleared": len(ballots) - against,
                "violated": _yes(outcome)}))
        return lines

    async def disbanded(self) -> list[rules.DisbandedTeam]:
        """Teams disbanded by a fair-play vote (DUEL-7.1.4), with their captain and players."""
        out = []
        for vote in await self.store.votes():
            if rules.vote_outcome(_ballots(vote)):
                teams = await self.store.teams(vote.season_id)
                captain = next((t.captain_id for t in teams if t.team_id == vote.team_id), None)
                members = await self.store.members(vote.team_id)
                if captain is not None:
                    members |= {captain}
                out.append(rules.DisbandedTeam(vote.team_id, captain, members))
        return out

    async def _hosted(self, season: str | None, by: int | None) -> SeasonInfo | Rejection:
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        if by is not None and by != found.host_id:
            return Rejection("season-not-host")
        return found

    async def _team_in(self, season: SeasonInfo, team_name: str) -> SeasonTeam | Rejection:
        folded = team_name.strip().casefold()
        team = next((t for t in await self.store.teams(season.id)
                     if t.name.casefold() == folded), None)
        if team is None:
            return Rejection("season-team-not-registered", {"team": team_name.strip(),
                                                            "season": season.name})
        return team

    async def _admitted(self, season: SeasonInfo) -> list[SeasonTeam]:
        """The season's teams that may play: not disbanded, and agreed to where needed."""
        gone = await self.disbanded()
        admitted = []
        for team in await self.store.teams(season.id):
            entry = rules.admission(team.team_id, team.captain_id, gone)
            if entry is rules.Admission.OPEN or (entry is rules.Admission.NEEDS_APPROVAL
                                                 and team.host_agreed and team.keeper_agreed):
                admitted.append(team)
        return admitted

    async def _finished(self, game_id: int) -> PlayedGame | Rejection:
        """A finished game of a format the seasons count, read from its log
        (``bot.results``); a log this code cannot read is logged and the game is taken as not
        finished, so the standings of the others still show."""
        game_format = await self.results_of.format_of(game_id)
        if game_format is None:
            return Rejection("season-no-game", {"id": game_id})
        if game_format not in self.formats:
            return Rejection("season-format-not-counted", {"id": game_id,
                                                           "format": game_format})
        try:
            played = await self.results_of.read(game_id)
        except EventDecodeError as error:
            log.error("game %s: its log cannot be read (%s); not counted", game_id, error)
            return Rejection("season-game-not-finished", {"id": game_id})
        if played is None or played.result is None or played.ended_at is None:
            return Rejection("season-game-not-finished", {"id": game_id})
        return played


def _ballots(vote: Vote) -> dict[int, bool | None]:
    return {b.voter_id: b.violated for b in vote.ballots}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _day(when: datetime) -> str:
    return when.strftime("%Y-%m-%d")


def _result_args(result: rules.GameResult, season: str) -> dict[str, Any]:
    return {"season": season, "team": result.team, "team_score": result.team_score,
            "host_score": result.host_score, "decisive": _yes(result.decisive),
            "best": result.best_player or "", "has_best": _yes(bool(result.best_player))}
