"""The ``/season`` chat command over ``bot.season.service.SeasonService``: one command set for
every format (``/season`` alone shows the standings: a DUEL season's, or a SYNC season's
table of points with the next duty team and fee).

    /season create NAME [after PREVIOUS]      /season keeper NAME
    /season register TEAM                     /season approve TEAM
    /season order                             /season record
    /season standings [SEASON]                /season vote TEAM: CAPTAIN, CAPTAIN, CAPTAIN
    /season vote yes|no
"""

from __future__ import annotations

from bot.chat import ChatCommand, ChatRequest
from bot.season.render import render, render_points_table, render_table
from bot.season.service import PointsTable, Reply, SeasonService
from rules.base import Rejection

_SUB = {"таблица": "standings", "создать": "create", "хранитель": "keeper",
        "регистрация": "register", "одобрить": "approve", "порядок": "order",
        "записать": "record", "голосование": "vote"}
_YES = {"yes": True, "да": True, "no": False, "нет": False}


def season_command(service: SeasonService) -> ChatCommand:
    """The ``/season …`` chat command over ``service`` (see the module docstring; the same
    for every format the season counts: ``/season record`` counts this chat's last finished
    game of one of them), for
    ``game_service(chat_commands=...)``: each request in, the texts to send back out."""

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
            if isinstance(table, PointsTable):
                return [render_points_table(table, t, locale)]
            return [render_table(table, t, locale)]
        case "create":
            name, after = _split_after(rest)
            reply = await service.create(name, after=after, host=req.player,
                                         played=await _chat_format(service, req))
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
        known = await req.known.find(wanted)
        if known is not None:
            return known[0]
    found = await service.person(name)
    return found if isinstance(found, Rejection) else found[0]


async def _chat_format(service: SeasonService, req: ChatRequest) -> str | None:
    """The format of the chat's latest game that seasons count, or None."""
    games = await service.storage.games(chat_key=req.chat.key)
    counted = [g.format for g in games if g.format in service.formats]
    return counted[-1] if counted else None


async def _last_finished_game(service: SeasonService, req: ChatRequest) -> int | None:
    games = await service.storage.games(status="finished", chat_key=req.chat.key)
    counted = [g.id for g in games if g.format in service.formats]
    return counted[-1] if counted else None
