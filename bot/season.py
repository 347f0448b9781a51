"""The season service (DUEL-6, 7) over storage, and its two front ends: the ``/season`` chat
command and ``chgk-bot season`` in the terminal.

A game played here counts in a season by its id; its result (final score, decisive round, best
player, when it ended) is read from its event log each time the standings are built
(``bot.results``: folded by its format's decider, so this module imports no format), and there
is no result table to keep in step (DESIGN.md: seasons are derived from finished games' logs).
A game is finished, and may be counted, as soon as a side reaches the target; the team's vote
comes after it (DUEL-3.9) and shows in the standings whenever it comes. When it ended is the
time the game became finished, not the time of the vote (DUEL-6.3.1 ranks equal wins by it). A
game played elsewhere is recorded with its score. The rules (order, standings, finalist,
fair play) are in ``rules.season``.

Who may do what: in the terminal the organiser may do everything (DUEL-8.1: "the organisers
after the game"). The terminal also enters games played elsewhere, by people who may never have
written to the bot: a host, keeper, captain or best player it does not know is created there as
a name-only person (an account of the console, so a console game under that name is the same
person), and the reply says so; a best player not yet known to play for the team is recorded as
its player, and the reply says that too. Such a game needs its date (``--date``, with the time
when it matters): the later of two equal wins goes to the final (DUEL-6.3.1), so an equal win
of another team at the very same moment (two dates without a time) is refused until the time
is given, rather than ranked by the order of recording; the same team with the same score on
the same date is refused as a likely double entry unless ``--again`` says it is a second game
(nothing can be unrecorded). A training game (``/start training``) never counts in a season.

In a chat, the season's host (whoever created it there, or ``--host`` in the terminal)
creates, names the keeper, orders, records and opens votes; the host of a finished
game may also record it; a captain registers their own team; the host and the keeper agree to a
team formed from a disbanded team's players; each voter casts their own vote; anyone may see the
standings.

Chat syntax (``/season`` alone shows the standings)::

    /season create NAME [after PREVIOUS]      /season keeper NAME
    /season register TEAM                     /season approve TEAM
    /season order                             /season record
    /season standings [SEASON]                /season vote TEAM: CAPTAIN, CAPTAIN, CAPTAIN
    /season vote yes|no
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TextIO

from bot.chat import ChatCommand, ChatRequest
from bot.commands import MAX_NAME, is_number
from bot.i18n import Spelling, Translator
from bot.ports import Clock
from bot.results import GameResults, PlayedGame
from rules import season as rules
from rules.base import EventDecodeError, Rejection
from storage.db import Storage
from storage.seasons import SeasonInfo, SeasonStore, SeasonTeam, Vote

log = logging.getLogger(__name__)

NAME_ONLY_PLATFORM = "console"
"""The platform of people entered by name in the terminal (``adapters.console``'s, whose ids are
the names ignoring case)."""

TERMINAL_KEYS = {key: f"{key}-terminal" for key in (
    "season-none", "season-needs-approval", "season-vote-opened", "season-unknown-person")}
"""Replies whose chat text names a chat command: in the terminal, the variant naming the
``chgk-bot season`` command instead."""

Reply = list[tuple[str, dict[str, Any]]]
"""Untranslated lines: (Fluent key, arguments)."""


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

    ``results`` reads the games played here; a season counts games of ``game_format`` only,
    won at ``target`` points (DUEL-3.8); ``clock`` says what time it is (a result recorded
    from elsewhere is not in the future); ``new_seed`` draws the seed of a season's order when
    none is given (DUEL-6.1: the lot).
    """

    def __init__(self, storage: Storage, results: GameResults, *, game_format: str,
                 target: int, clock: Clock, new_seed: Callable[[], int]) -> None:
        self.storage = storage
        self.store = SeasonStore(storage.engine)
        self.results_of = results
        self.game_format = game_format
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
        return await self.storage.player(NAME_ONLY_PLATFORM, shown.casefold(), shown), True

    async def create(self, name: str, *, after: str | None = None, host: int | None = None,
                     keeper: int | None = None) -> Reply | Rejection:
        """Create a season; ``after`` names last season, whose standings order this one's games
        (DUEL-6.1)."""
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
                                    "has_after": _yes(bool(after))})]

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
        team_id = await self.storage.team(team_name)
        entry = rules.admission(team_id, captain, await self.disbanded())
        if isinstance(entry, Rejection):
            return Rejection(entry.reason, {"team": team_name.strip()})
        if not await self.store.register(found.id, team_id, captain):
            return Rejection("season-already-registered", {"team": team_name.strip()})
        await self.storage.add_member(team_id, captain)  # the captain plays for the team
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
        """Count finished game ``game_id`` of the season's format (played here) in the season;
        its team must be registered. In a chat, the season's host or the game's host may do
        it."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        replayed = await self._replay(game_id)
        if isinstance(replayed, Rejection):
            return replayed
        played, result = replayed
        if by is not None and by not in (found.host_id, played.host):
            return Rejection("season-not-host")
        if played.training:
            return Rejection("season-training-game", {"id": game_id})
        counted = await self.store.season_of_game(game_id)
        if counted is not None:
            return Rejection("season-game-recorded", {"id": game_id, "season": counted})
        team = next((t for t in await self.store.teams(found.id)
                     if t.team_id == result.team_id), None)
        if team is None:
            return Rejection("season-team-not-registered", {"team": result.team,
                                                            "season": found.name})
        if not await self.store.record_game(found.id, result.team_id, game_id):
            return Rejection("season-game-recorded", {
                "id": game_id, "season": await self.store.season_of_game(game_id) or "-"})
        return [("season-game-counted", _result_args(result, found.name))]

    async def record_result(self, season: str | None, team_name: str, team_score: int,
                            host_score: int, *, decisive: bool = False,
                            best_player: str | None = None, played_at: datetime | None = None,
                            again: bool = False) -> Reply | Rejection:
        """Count a game played elsewhere with its score (DUEL-3.8, 6.4.3), date (DUEL-6.3.1)
        and best player (DUEL-3.9); the organiser's command, from the terminal.

        ``played_at`` is required and not in the future. The same team with the same score on
        the same date is refused unless ``again`` (a real second game). The best player is a
        known person, or created by name, and is recorded as a player of the team; the reply
        says when either is new."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        bad = rules.check_score(team_score, host_score, target=self.target, decisive=decisive)
        if bad is not None:
            return bad
        if played_at is None:
            return Rejection("season-record-needs-date")
        if played_at > self.clock.now():
            return Rejection("season-date-future", {"date": _day(played_at)})
        team = await self._team_in(found, team_name)
        if isinstance(team, Rejection):
            return team
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
                await self.storage.add_member(team.team_id, player)
                notes.append(("season-member-added", {"name": best, "team": team.name}))
        await self.store.record_result(found.id, team.team_id, team_score, host_score, decisive,
                                       best, played_at)
        result = rules.GameResult(team.team_id, team.name, team_score, host_score, played_at,
                                  decisive, best)
        return [*notes, ("season-game-counted", _result_args(result, found.name))]

    async def table(self, season: str | None) -> SeasonTable | Rejection:
        """The standings and the finalist of a season (DUEL-6.3, 6.3.1, 6.5)."""
        found = await self.find(season)
        if isinstance(found, Rejection):
            return found
        return await self.table_of(found)

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
            replayed = await self._replay(game.game_id)
            if not isinstance(replayed, Rejection):
                results.append(replayed[1])
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

    async def _replay(self, game_id: int) -> tuple[PlayedGame, rules.GameResult] | Rejection:
        """A finished game of the season's format and its result as the season counts it,
        read from its log (``bot.results``); a log this code cannot read is logged and the
        game is taken as not finished, so the standings of the others still show."""
        game_format = await self.results_of.format_of(game_id)
        if game_format is None:
            return Rejection("season-no-game", {"id": game_id})
        if game_format != self.game_format:
            return Rejection("season-not-duel", {"id": game_id})
        try:
            played = await self.results_of.read(game_id)
        except EventDecodeError as error:
            log.error("game %s: its log cannot be read (%s); not counted", game_id, error)
            return Rejection("season-game-not-finished", {"id": game_id})
        counted = None
        if played is not None and played.result is not None and played.ended_at is not None:
            counted = rules.season_result(played.result, played.ended_at, game_id)
        if played is None or counted is None:
            return Rejection("season-game-not-finished", {"id": game_id})
        return played, counted


def _ballots(vote: Vote) -> dict[int, bool | None]:
    return {b.voter_id: b.violated for b in vote.ballots}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _day(when: datetime) -> str:
    return when.strftime("%Y-%m-%d")


def _result_args(result: rules.GameResult, season: str) -> dict[str, Any]:
    return {"season": season, "team": result.team, "team_score": result.team_score,
            "host_score": result.host_score, "decisive": _yes(result.decisive),
            "best": result.best_player or "-"}


# --- rendering -----------------------------------------------------------------------------


def render(reply: Reply | Rejection, t: Translator, locale: str, *, terminal: bool = False,
           spell: Spelling | None = None) -> list[str]:
    """Reply lines (or a refusal) as texts in ``locale``, commands written by ``spell`` (the
    chat platform's); for the ``terminal``, the variants that name its commands
    (``TERMINAL_KEYS``)."""
    lines = [(reply.reason, reply.args)] if isinstance(reply, Rejection) else reply
    keys = TERMINAL_KEYS if terminal else {}
    return [t.format(keys.get(key, key), args, locale, spell) for key, args in lines]


def render_table(table: SeasonTable, t: Translator, locale: str) -> str:
    """The standings as a text table (one line a team, columns padded to line up in a
    fixed-width font), with the finalist below."""
    def say(key: str, **args: Any) -> str:
        return t.format(key, args, locale)

    lines = [say("season-standings-title", season=table.season.name)]
    if not table.rows:
        return "\n".join([*lines, say("season-standings-empty")])
    header = [say(f"season-col-{c}") for c in ("place", "team", "score", "result", "date",
                                                "best")]
    cells = [header]
    for row in table.rows:
        r = row.result
        result = say("season-result", won=_yes(r.won), decisive=_yes(r.decisive),
                     disbanded=_yes(row.disbanded), games=row.games)
        cells.append([str(row.place), r.team, f"{r.team_score}:{r.host_score}", result,
                      r.played_at.strftime("%Y-%m-%d"), r.best_player or "-"])
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines += [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in cells]
    final = table.finalist
    if final is not None and final.team is not None:
        lines.append(say("season-finalist", team=final.team))
    elif final is not None:
        lines.append(say("season-finalist-best-players",
                         names=", ".join(final.best_players) or "-"))
    return "\n".join(lines)


# --- the chat command ----------------------------------------------------------------------

_SUB = {"таблица": "standings", "создать": "create", "хранитель": "keeper",
        "регистрация": "register", "одобрить": "approve", "порядок": "order",
        "записать": "record", "голосование": "vote"}
_YES = {"yes": True, "да": True, "no": False, "нет": False}


def season_command(service: SeasonService) -> ChatCommand:
    """The ``/season …`` chat command over ``service`` (see the module docstring), for
    ``GameService(chat_commands=...)``: each request in, the texts to send back out."""

    async def season(req: ChatRequest) -> list[str]:
        return await _season_reply(service, req)

    return season


async def _season_reply(service: SeasonService, req: ChatRequest) -> list[str]:
    sub, _, rest = req.args.strip().partition(" ")
    sub = _SUB.get(sub.casefold(), sub.casefold())
    rest = rest.strip()
    t, locale = req.translator, req.locale
    reply: Reply | Rejection
    match sub:
        case "" | "standings":
            table = await service.table(rest or None)
            if isinstance(table, Rejection):
                return render(table, t, locale, spell=req.spell)
            return [render_table(table, t, locale)]
        case "create":
            name, after = _split_after(rest)
            reply = await service.create(name, after=after, host=req.player)
        case "keeper":
            person = await _person(service, req, rest)
            reply = person if isinstance(person, Rejection) else await service.set_keeper(
                None, person, by=req.player)
        case "register":
            reply = await service.register(None, rest, req.player)
        case "approve":
            found = await service.find(None)
            reply = found if isinstance(found, Rejection) else await service.approve(
                None, rest, as_host=req.player == found.host_id, by=req.player)
        case "order":
            reply = await service.order(None, by=req.player)
        case "record":
            game_id = await _last_finished_game(service, req)
            reply = Rejection("season-no-finished-game") if game_id is None else \
                await service.record_game(None, game_id, by=req.player)
        case "vote" if rest.casefold() in _YES:
            reply = await service.cast(None, req.player, _YES[rest.casefold()])
        case "vote" if ":" in rest:
            team, _, names = rest.partition(":")
            captains = []
            for name in (n for n in names.split(",") if n.strip()):
                person = await _person(service, req, name)
                if isinstance(person, Rejection):
                    return render(person, t, locale, spell=req.spell)
                captains.append(person)
            reply = await service.open_vote(None, team, captains, by=req.player)
        case _:
            reply = Rejection("season-usage")
    return render(reply, t, locale, spell=req.spell)


def _split_after(text: str) -> tuple[str, str | None]:
    for word in (" after ", " после "):
        head, sep, tail = text.partition(word)
        if sep:
            return head.strip(), tail.strip() or None
    return text.strip(), None


async def _person(service: SeasonService, req: ChatRequest, name: str) -> int | Rejection:
    """The person called ``name`` (a display name or ``@username``): someone mentioned or
    seen in this messenger, else a unique stored name."""
    typed = name.strip().casefold()
    for wanted in dict.fromkeys((typed, typed.lstrip("@"))):
        if wanted in req.known:
            return req.known[wanted][0]
    found = await service.person(name)
    return found if isinstance(found, Rejection) else found[0]


async def _last_finished_game(service: SeasonService, req: ChatRequest) -> int | None:
    games = await service.storage.games(status="finished", chat_key=req.chat.key)
    counted = [g.id for g in games if g.format == service.game_format]
    return counted[-1] if counted else None


# --- the terminal --------------------------------------------------------------------------


def run_season(args: argparse.Namespace, database_url: str, t: Translator, locale: str,
               out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    """``chgk-bot season …``: print the outcome in ``locale``; 0 when done, 1 when refused.
    ``seasons`` builds the season service over the opened storage (``bot.bootstrap``)."""
    return asyncio.run(_run(args, database_url, t, locale, out, seasons))


async def _run(args: argparse.Namespace, url: str, t: Translator, locale: str,
               out: TextIO, seasons: Callable[[Storage], SeasonService]) -> int:
    storage = await Storage.open(url)
    try:
        reply = await _terminal_reply(seasons(storage), args)
    finally:
        await storage.close()
    if isinstance(reply, SeasonTable):
        print(render_table(reply, t, locale), file=out)
        return 0
    for line in render(reply, t, locale, terminal=True):
        print(line, file=out)
    return 1 if isinstance(reply, Rejection) else 0


async def _terminal_reply(service: SeasonService, args: argparse.Namespace
                          ) -> Reply | SeasonTable | Rejection:
    notes: Reply = []

    async def person(name: str, *, create: bool = False) -> int | Rejection:
        found = await service.person(name, create=create)
        if isinstance(found, Rejection):
            return found
        if found[1]:
            notes.append(("season-person-created", {"name": name.strip().lstrip("@")}))
        return found[0]

    def noted(reply: Reply | Rejection) -> Reply | Rejection:
        return reply if isinstance(reply, Rejection) else [*notes, *reply]

    match args.season_command:
        case "create":
            # Refusals first, so that no one is created for a season that is not.
            if await service.store.season(args.name) is not None:
                return Rejection("season-exists", {"name": args.name.strip()})
            if args.after and isinstance(after := await service.find(args.after), Rejection):
                return after
            people: list[int | None] = []
            for name in (args.host, args.keeper):
                found = None if name is None else await person(name, create=True)
                if isinstance(found, Rejection):
                    return found
                people.append(found)
            return noted(await service.create(args.name, after=args.after, host=people[0],
                                              keeper=people[1]))
        case "register":
            if isinstance(found := await service.find(args.season), Rejection):
                return found
            captain = await person(args.captain, create=True)
            return captain if isinstance(captain, Rejection) else noted(await service.register(
                args.season, args.team, captain))
        case "approve":
            return await service.approve(args.season, args.team,
                                         as_host=args.as_role == "host", by=None)
        case "order":
            return await service.order(args.season, seed=args.seed, by=None)
        case "record":
            return await _terminal_record(service, args)
        case "standings":
            return await service.table(args.season)
        case "list":
            seasons = await service.store.seasons()
            return [("season-list-line", {"id": s.id, "name": s.name}) for s in seasons] or \
                [("season-none-terminal", {})]  # an empty list is an answer, not a refusal
    if args.vote_command == "open":
        captains = []
        for name in (n for n in args.captains.split(",") if n.strip()):
            found = await person(name)
            if isinstance(found, Rejection):
                return found
            captains.append(found)
        return await service.open_vote(args.season, args.team, captains, by=None)
    voter = await person(args.voter)
    return voter if isinstance(voter, Rejection) else await service.cast(
        args.vote, voter, args.verdict == "yes")


async def _terminal_record(service: SeasonService, args: argparse.Namespace
                           ) -> Reply | Rejection:
    if args.game is not None:
        return await service.record_game(args.season, args.game, by=None)
    score = (args.score or "").replace("-", ":").split(":")
    if not args.team or len(score) != 2 or not all(is_number(s.strip()) for s in score):
        return Rejection("season-record-usage")
    when = args.date.replace(tzinfo=UTC) if args.date and args.date.tzinfo is None else args.date
    return await service.record_result(args.season, args.team, int(score[0]), int(score[1]),
                                       decisive=args.decisive, best_player=args.best,
                                       played_at=when, again=args.again)
