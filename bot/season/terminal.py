"""``chgk-bot season …`` in the terminal over ``bot.season.service.SeasonService``: the
organiser's commands (DUEL-8.1), the same for every format the seasons count, and ``season
rating``: the rating site's files of every SYNC game of a season (``bot.cli.rating``)."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from datetime import UTC
from typing import TextIO

from bot.commands import is_number
from bot.i18n import Translator
from bot.season.render import render, render_points_table, render_table
from bot.season.service import PointsTable, Reply, SeasonService, SeasonTable
from rules.base import Rejection
from storage.db import Storage


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
    if isinstance(reply, PointsTable):
        print(render_points_table(reply, t, locale), file=out)
        return 0
    for line in render(reply, t, locale, terminal=True):
        print(line, file=out)
    return 1 if isinstance(reply, Rejection) else 0


async def _terminal_reply(service: SeasonService, args: argparse.Namespace
                          ) -> Reply | SeasonTable | PointsTable | Rejection:
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
