"""The ``/league`` chat command (TV-7, TV-8, TV-12..TV-14) over ``bot.league.LeagueService``,
and what it shows: replies, the standings table and the standings as CSV or JSON.

Who may do what is ``rules.tv.league_decide``'s: the club administration (whoever created the
league, and the admins they add) does the administration; a person applies, registers and
withdraws themselves, and registers a pre-formed team they captain. Dates and times are typed
and shown in the time zone of the league's chat (``/timezone``).

Chat syntax (``/league`` alone shows the standings; DAY is 1..5, SESSION ``sun`` or ``wed``,
``final`` is the Final)::

    /league create NAME            /league admin NAME        /league join
    /league approve NAME           /league refuse NAME       /league end NAME
    /league members                /league plan YYYY-MM-DD HH:MM [TABLES]   /league days
    /league register DAY SESSION [NAME]      /league withdraw DAY SESSION [NAME]
    /league team DAY SESSION TEAM: NAME, NAME, ...
    /league fee DAY SESSION NAME|TEAM yes|no /league teams DAY SESSION
    /league move DAY SESSION NAME N          /league record DAY SESSION|final
    /league final [NAME, ... [/ NAME, ...]]  /league decline NAME
    /league select NAME, ...       /league add NAME, ...     /league best NAME
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.calendar.zone import ZoneError, time_refusal, to_utc
from bot.chat import ChatCommand, ChatRequest
from bot.commands import is_number
from bot.league.service import League, LeagueService, stamp
from rules.base import Event, Rejection
from rules.tv import league as lg
from rules.tv import league_decide as ld

Reply = list[tuple[str, dict[str, Any]]]
"""Untranslated lines: (Fluent key, arguments)."""

_SUB = {"таблица": "standings", "создать": "create", "админ": "admin", "вступить": "join",
        "принять": "approve", "отказать": "refuse", "исключить": "end", "члены": "members",
        "план": "plan", "дни": "days", "записаться": "register", "отписаться": "withdraw",
        "команда": "team", "взнос": "fee", "команды": "teams", "перевести": "move",
        "записать": "record", "финал": "final", "отказ": "decline", "отбор": "select",
        "добавить": "add", "лучший": "best"}
_SESSIONS = {"sun": 0, "вс": 0, "воскресенье": 0, "sunday": 0,
             "wed": 1, "ср": 1, "среда": 1, "wednesday": 1}
_FINAL = {"final", "финал"}
_YES = {"yes": True, "да": True, "no": False, "нет": False}


def league_command(service: LeagueService) -> ChatCommand:
    """The ``/league …`` chat command over ``service`` (module docstring), for
    ``game_service(chat_commands=...)``: each request in, the texts to send back out; wrong
    arguments get the usage, a refusal says why, in the sender's language."""

    async def league(req: ChatRequest) -> list[str]:
        reply = await _reply(service, req)
        if isinstance(reply, str):
            return [reply]
        lines = [(reply.reason, reply.args)] if isinstance(reply, Rejection) else reply
        return ["\n".join(req.translator.format(key, with_when(args, req.translator, req.locale),
                                                req.locale, req.spell)
                          for key, args in lines)]

    return league


async def _reply(service: LeagueService, req: ChatRequest) -> Reply | Rejection | str:
    sub, _, rest = req.args.strip().partition(" ")
    sub = _SUB.get(sub.casefold(), sub.casefold())
    rest = rest.strip()
    me = req.player

    async def person(name: str) -> int | Rejection:
        return await _person(service, req, name)

    async def acted(action: Any) -> Reply | Rejection:
        done = await service.act(None, action)
        return done if isinstance(done, Rejection) else await describe(service, *done)

    match sub:
        case "" | "standings":
            league = await service.find(rest or None)
            if isinstance(league, Rejection):
                return league
            return render_table(await standings(service, league), req.translator, req.locale)
        case "create" if rest:
            made = await service.create(rest, me, req.chat.key)
            return made if isinstance(made, Rejection) else [
                ("league-created", {"name": made.info.name})]
        case "join" if not rest:
            return await acted(ld.Apply(me))
        case "admin" | "approve" | "refuse" | "end" if rest:
            who = await person(rest)
            if isinstance(who, Rejection):
                return who
            kind = {"admin": ld.AddAdmin, "approve": ld.Approve, "refuse": ld.Refuse,
                    "end": ld.EndMembership}[sub]
            return await acted(kind(me, who))
        case "members" if not rest:
            league = await service.find(None)
            if isinstance(league, Rejection):
                return league
            names = await service.names(league.state.members)
            waiting = await service.names(league.state.applicants)
            return [("league-members", {
                "count": len(names), "names": ", ".join(names.values()) or "-",
                "waiting": len(waiting), "applicants": ", ".join(waiting.values()) or "-"})]
        case "plan":
            first = _plan_args(rest)
            if first is None:
                return Rejection("league-usage")
            zone = await service.zone(req.chat.key)
            try:
                start = to_utc(first[0], zone).astimezone(zone)
            except ZoneError as error:
                return time_refusal(error)
            return await acted(ld.Plan(me, start, first[1]))
        case "days" if not rest:
            league = await service.find(None)
            return league if isinstance(league, Rejection) else \
                _schedule(league, await service.zones.of(league.state.chat))
        case "register" | "withdraw" | "team" | "fee" | "teams" | "move" | "record":
            return await _session_command(service, req, sub, rest)
        case "final":
            return await _final(service, req, rest)
        case "decline" | "best" if rest:
            who = await person(rest)
            if isinstance(who, Rejection):
                return who
            return await acted(ld.Decline(me, who) if sub == "decline"
                               else ld.NameSeasonBest(me, who))
        case "select" | "add" if rest:
            people = [await person(n) for n in rest.split(",") if n.strip()]
            refused = next((p for p in people if isinstance(p, Rejection)), None)
            if refused is not None:
                return refused
            team = "club" if sub == "select" else "central"
            return await acted(ld.JoinFinal(me, team, tuple(p for p in people
                                                           if isinstance(p, int))))
    return Rejection("league-usage")


def with_when(args: dict[str, Any], t: Any, locale: str) -> dict[str, Any]:
    """``args`` with ``when``, the session named in ``locale`` (``league-when``: "day 2,
    Sunday", "the Final"), when they hold a ``day`` and a ``session``."""
    if "day" in args and "session" in args:
        return {**args, "when": t.format("league-when", args, locale)}
    return args


def _plan_args(text: str) -> tuple[datetime, int] | None:
    words = text.split()
    if len(words) not in (2, 3) or (len(words) == 3 and not is_number(words[2])):
        return None
    try:
        first = datetime.strptime(f"{words[0]} {words[1]}", "%Y-%m-%d %H:%M")
    except ValueError:
        return None
    return first, int(words[2]) if len(words) == 3 else 0


def _when(words: list[str]) -> tuple[int, int, list[str]] | None:
    """``DAY SESSION`` or ``final`` at the start of ``words``, and the words after."""
    if words and words[0].casefold() in _FINAL:
        return lg.FINAL_DAY, 0, words[1:]
    if len(words) >= 2 and is_number(words[0]) and words[1].casefold() in _SESSIONS:
        return int(words[0]), _SESSIONS[words[1].casefold()], words[2:]
    return None


async def _session_command(service: LeagueService, req: ChatRequest, sub: str, rest: str
                           ) -> Reply | Rejection:
    when = _when(rest.split())
    if when is None:
        return Rejection("league-usage")
    day, session, words = when
    me = req.player
    tail = " ".join(words)

    async def acted(action: Any) -> Reply | Rejection:
        done = await service.act(None, action)
        return done if isinstance(done, Rejection) else await describe(service, *done)

    match sub:
        case "register" | "withdraw":
            who = me if not tail else await _person(service, req, tail)
            if isinstance(who, Rejection):
                return who
            kind = ld.Register if sub == "register" else ld.Withdraw
            return await acted(kind(me, day, session, who))
        case "team" if ":" in tail:
            team, _, names = tail.partition(":")
            people = [await _person(service, req, n) for n in names.split(",") if n.strip()]
            refused = next((p for p in people if isinstance(p, Rejection)), None)
            if refused is not None:
                return refused
            players = tuple(dict.fromkeys([me, *(p for p in people if isinstance(p, int))]))
            return await acted(ld.RegisterTeam(me, day, session, team.strip(), me, players))
        case "fee" if len(words) >= 2 and words[-1].casefold() in _YES:
            payer = await _payer(service, req, day, session, " ".join(words[:-1]))
            if isinstance(payer, Rejection):
                return payer
            return await acted(ld.RecordFee(me, day, session, payer,
                                            _YES[words[-1].casefold()]))
        case "teams" if not tail:
            return await acted(ld.ProposeTeams(me, day, session))
        case "move" if len(words) >= 2 and is_number(words[-1]):
            who = await _person(service, req, " ".join(words[:-1]))
            if isinstance(who, Rejection):
                return who
            return await acted(ld.MovePlayer(me, day, session, who, int(words[-1])))
        case "record" if not tail:
            games = await service.storage.games(status="finished", chat_key=req.chat.key)
            ids = [g.id for g in games if g.format == "tv"]
            if not ids:
                return Rejection("league-no-finished-game")
            done = await service.record(None, day, session, ids[-1], by=me)
            return done if isinstance(done, Rejection) else await describe(service, *done)
    return Rejection("league-usage")


async def _payer(service: LeagueService, req: ChatRequest, day: int, session: int,
                 name: str) -> str | Rejection:
    league = await service.find(None)
    if isinstance(league, Rejection):
        return league
    folded = name.strip().casefold()
    for team, _, _ in league.state.session((day, session)).preformed:
        if team.casefold() == folded:
            return f"team:{team}"
    who = await _person(service, req, name)
    return who if isinstance(who, Rejection) else f"player:{who}"


async def _final(service: LeagueService, req: ChatRequest, rest: str) -> Reply | Rejection:
    if not rest:
        league = await service.find(None)
        return league if isinstance(league, Rejection) else await _final_view(service, league)
    central_text, _, extras_text = rest.partition("/")
    picked: list[list[int]] = []
    for part in (central_text, extras_text):
        people = [await _person(service, req, n) for n in part.split(",") if n.strip()]
        refused = next((p for p in people if isinstance(p, Rejection)), None)
        if refused is not None:
            return refused
        picked.append([p for p in people if isinstance(p, int)])
    central = tuple(picked[0]) if central_text.strip() not in ("", "-") else ()
    done = await service.act(None, ld.FormFinal(req.player, central, tuple(picked[1])))
    return done if isinstance(done, Rejection) else await describe(service, *done)


async def _person(service: LeagueService, req: ChatRequest, name: str) -> int | Rejection:
    """The person called ``name`` (a display name or ``@username``): someone mentioned or
    seen in this messenger, else a unique stored name."""
    typed = name.strip().casefold()
    for wanted in dict.fromkeys((typed, typed.lstrip("@"))):
        known = await req.known.find(wanted)
        if known is not None:
            return known[0]
    found = await service.people.players_named(typed) if typed else []
    if len(found) == 1:
        return found[0]
    key = "league-unknown-person" if not found else "league-ambiguous-person"
    return Rejection(key, {"name": name.strip(), "count": len(found)})


# --- what the events say -------------------------------------------------------------------

def _schedule(league: League, zone: ZoneInfo) -> Reply:
    lines: Reply = [("league-schedule", {"league": league.info.name})]
    for day, session in lg.all_sessions():
        start = league.state.start_of((day, session))
        if start is not None:
            lines.append(("league-session-line", {"day": day, "session": session,
                                                  "start": stamp(start, zone)}))
    return lines if len(lines) > 1 else [("league-not-planned", {})]


async def describe(service: LeagueService, league: League, events: list[Event]) -> Reply:
    """Reply lines saying what ``events`` did in ``league`` (its state after them)."""
    ids = {v for ev in events for v in _people_of(ev)}
    names = await service.names(sorted(ids))

    def name(player: int | None) -> str:
        return names.get(player, "?") if player is not None else "-"

    lines: Reply = []
    for ev in events:
        match ev:
            case lg.AdminAdded(p) | lg.MemberApplied(p) | lg.MemberApproved(p) | \
                    lg.MemberRefused(p) | lg.MembershipEnded(p) | lg.FinalDeclined(p) | \
                    lg.SeasonBestNamed(p):
                lines.append((_KEYS[type(ev)], {"name": name(p)}))
                if isinstance(ev, lg.FinalDeclined):
                    lines += await _selection(service, league)
            case lg.SeasonPlanned():
                lines += _schedule(league, await service.zones.of(league.state.chat))
            case lg.DayPackageSet(day):
                lines.append(("league-package-set", {"day": day}))
            case lg.PlayerRegistered(day, session, p) | lg.PlayerWithdrawn(day, session, p):
                lines.append((_KEYS[type(ev)], {"name": name(p), "day": day,
                                                "session": session}))
            case lg.TeamRegistered(day, session, team, _, players):
                lines.append(("league-team-registered", {
                    "team": team, "day": day, "session": session, "count": len(players),
                    "names": ", ".join(name(p) for p in players)}))
            case lg.FeeRecorded(_, _, payer, paid):
                kind, _, value = payer.partition(":")
                shown = value if kind == "team" else name(int(value))
                lines.append(("league-fee", {"payer": shown, "paid": "yes" if paid else "no"}))
            case lg.TeamsProposed(day, session) | lg.PlayerMoved(day, session):
                lines += await _teams(service, league, day, session)
            case lg.GameRecorded():
                lines.append(("league-game-counted", {
                    "id": ev.game_id, "day": ev.day, "session": ev.session,
                    "experts": ev.experts, "viewers": ev.viewers, "best": name(ev.best),
                    "team": ev.team or "-"}))
                winner = ld.final_winner(league.state)
                if ev.team == "central":
                    lines.append(("league-final-winner", {"team": winner or "none"}))
            case lg.FinalTeamsFormed() | lg.FinalJoined():
                lines += await _final_view(service, league)
    return lines


_KEYS: dict[type, str] = {
    lg.AdminAdded: "league-admin-added", lg.MemberApplied: "league-applied",
    lg.MemberApproved: "league-approved", lg.MemberRefused: "league-refused",
    lg.MembershipEnded: "league-ended", lg.FinalDeclined: "league-declined",
    lg.SeasonBestNamed: "league-season-best", lg.PlayerRegistered: "league-registered",
    lg.PlayerWithdrawn: "league-withdrawn"}


def _people_of(ev: Event) -> list[int]:
    out: list[int] = []
    for field in ("player", "best", "captain"):
        value = getattr(ev, field, None)
        if isinstance(value, int):
            out.append(value)
    out += list(getattr(ev, "players", ()))
    kind, _, value = str(getattr(ev, "payer", "")).partition(":")
    if kind == "player":
        out.append(int(value))
    return out


async def _teams(service: LeagueService, league: League, day: int, session: int) -> Reply:
    s = league.state.session((day, session))
    everyone = [*(p for _, ps in s.teams or () for p in ps), *s.waiting]
    names = await service.names(everyone)
    fees = s.fees
    lines: Reply = [("league-teams-title", {"day": day, "session": session})]
    for number, (team, players) in enumerate(s.teams or (), 1):
        paid = fees.get(f"team:{team}") if team else None
        lines.append(("league-team-line", {
            "number": number, "team": team, "preformed": "yes" if team else "no",
            "count": len(players),
            "names": ", ".join(names.get(p, "?") for p in players),
            "paid": "-" if paid is None else ("yes" if paid else "no")}))
    if s.waiting:
        lines.append(("league-waiting", {"count": len(s.waiting), "names": ", ".join(
            names.get(p, "?") for p in s.waiting)}))
    return lines


async def _selection(service: LeagueService, league: League) -> Reply:
    candidates = ld.selection_candidates(league.state)
    if not candidates:
        return []
    names = await service.names(candidates)
    free = 6 - len(league.state.club)
    return [("league-selection", {"count": free, "names": ", ".join(
        names.get(p, "?") for p in candidates)})]


async def _final_view(service: LeagueService, league: League) -> Reply:
    state = league.state
    if not state.formed:
        best = await service.names([p for p, _ in state.best_players()])
        return [("league-final-not-formed", {}),
                ("league-best-players", {"count": len(best),
                                         "names": ", ".join(best.values()) or "-"})]
    names = await service.names([*state.central, *state.club])
    return [("league-final-teams", {
        "central": ", ".join(names.get(p, "?") for p in state.central) or "-",
        "club": ", ".join(names.get(p, "?") for p in state.club) or "-"}),
        *await _selection(service, league)]


# --- the standings -------------------------------------------------------------------------

async def standings(service: LeagueService, league: League) -> dict[str, Any]:
    """The season's standings as data (TV-6, TV-8, TV-12): the league, rows of ``place``,
    ``player``, ``points`` (places shared on equal points), the best central players with
    how often named, the final teams, the Final's winner and the best player of the season."""
    state = league.state
    table = ld.table(state)
    best = state.best_players()
    ids = {p for p, _ in table} | {p for p, _ in best} | {*state.central, *state.club}
    if state.season_best is not None:
        ids.add(state.season_best)
    names = await service.names(sorted(ids))
    rows, place = [], 0
    for index, (player, points) in enumerate(table, 1):
        if index == 1 or points != table[index - 2][1]:
            place = index
        rows.append({"place": place, "player": names.get(player, "?"), "points": points})
    return {
        "league": league.info.name,
        "games": len(state.games()),
        "standings": rows,
        "best_players": [{"player": names.get(p, "?"), "times": n} for p, n in best],
        "central_team": [names.get(p, "?") for p in state.central],
        "club_team": [names.get(p, "?") for p in state.club],
        "final_winner": ld.final_winner(state),
        "season_best": names.get(state.season_best) if state.season_best else None,
    }


def render_table(data: dict[str, Any], t: Any, locale: str) -> str:
    """The standings (``standings``) as a text table for a chat (columns padded for a
    fixed-width font), with the best central players and the final below."""
    def say(key: str, **args: Any) -> str:
        return t.format(key, args, locale)

    lines = [say("league-standings-title", league=data["league"], games=data["games"])]
    if not data["standings"]:
        lines.append(say("league-standings-empty"))
    else:
        cells = [[say("league-col-place"), say("league-col-player"), say("league-col-points")]]
        cells += [[str(r["place"]), r["player"], str(r["points"])] for r in data["standings"]]
        widths = [max(len(c[i]) for c in cells) for i in range(3)]
        lines += [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                  for row in cells]
    best = data["best_players"]
    lines.append(say("league-best-players", count=len(best), names=", ".join(
        f"{b['player']} ({b['times']})" for b in best) or "-"))
    if data["central_team"] or data["club_team"]:
        lines.append(say("league-final-teams", central=", ".join(data["central_team"]) or "-",
                         club=", ".join(data["club_team"]) or "-"))
    if data["final_winner"]:
        lines.append(say("league-final-winner", team=data["final_winner"]))
    if data["season_best"]:
        lines.append(say("league-season-best", name=data["season_best"]))
    return "\n".join(lines)


def standings_csv(data: dict[str, Any]) -> str:
    """The standings as CSV: a header ``place,player,points,best_central`` (how often the
    player was named best at the central table) and one row a player."""
    named = {b["player"]: b["times"] for b in data["best_players"]}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "player", "points", "best_central"])
    for row in data["standings"]:
        writer.writerow([row["place"], row["player"], row["points"],
                         named.get(row["player"], 0)])
    return out.getvalue()


def standings_json(data: dict[str, Any]) -> str:
    """The standings (``standings``) as indented JSON, UTF-8 text kept readable."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
