"""The TV league service (RULES.md TV-7, TV-8, TV-12..TV-14) over storage: a season of the
club league is an event log (``storage.leagues``) folded by ``rules.tv.league``; each action
is decided by ``rules.tv.league_decide`` and its events are appended before anything is said.

Recorded games are read from their own logs (``bot.results``: the TV decider's ``result``
carries the best player and every player's rating, TV-4, TV-6), so this module imports no
format. Reminders (TV-7: the registered players, a day before their session) are scheduler
jobs keyed ``league:<id>:remind-DAY-SESSION`` (none goes out for a session nobody registered
for); their deadlines follow from the log, so ``recover`` arms them again after a restart,
and one missed until its session began is not sent late. The planned sessions go into the
league chat's calendar (``calendar``, ``bot.calendar``), which announces each a day before and
at its start. The chat front end is ``bot.league.chat``.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bot.calendar.chats import ChatZones
from bot.calendar.zone import stamp as local_stamp
from bot.i18n import Translator
from bot.ports import ChatRef, Clock, Messenger, Outgoing, Scheduler, TimerCallback
from bot.results import GameResults
from rules.base import Event, EventDecodeError, Rejection, decode, encode
from rules.tv import league as lg
from rules.tv import league_decide as ld
from storage.chats import ChatSettingsStore
from storage.db import Storage, StoredEvent
from storage.leagues import LeagueInfo

if TYPE_CHECKING:
    from bot.calendar.jobs import CalendarService

log = logging.getLogger(__name__)

FORMAT = "tv"
"""The format whose games a league counts."""
TIMER_PREFIX = "league:"
"""Scheduler keys of league reminders start with this."""


@dataclass(frozen=True, slots=True)
class League:
    """A league as stored (``info``) and folded (``state``)."""

    info: LeagueInfo
    state: lg.LeagueState


class LeagueService:
    """TV leagues over ``storage``, reading recorded games with ``results``; ``clock`` says
    what time it is. With a ``scheduler`` and a ``messenger`` it arms and sends the reminders
    (``translator`` in ``locale`` writes them); without (the terminal), it only keeps the log.
    ``zones`` are the chats' time zones (the default's over ``storage`` unless given): a
    league's dates are its chat's. Methods return what happened, or a Rejection with a
    ``league.ftl`` key. ``calendar`` (set once built) announces the planned sessions."""

    def __init__(self, storage: Storage, results: GameResults, clock: Clock, *,
                 scheduler: Scheduler | None = None, messenger: Messenger | None = None,
                 translator: Translator | None = None, locale: str = "ru",
                 zones: ChatZones | None = None) -> None:
        self.storage = storage
        self.zones = zones or ChatZones(ChatSettingsStore(storage.engine))
        self.store = storage.leagues
        self.people = storage.seasons
        self.results = results
        self.clock = clock
        self.scheduler = scheduler
        self.messenger = messenger
        self.translator = translator
        self.locale = locale
        self._lock = asyncio.Lock()
        self._armed: dict[int, set[str]] = {}
        self.calendar: CalendarService | None = None

    async def zone(self, chat_key: str) -> ZoneInfo:
        """The time zone of the newest league's dates: its chat's (TV-7's sessions are that
        club's), or ``chat_key``'s while there is no league."""
        league = await self.find(None)
        chat = league.state.chat if isinstance(league, League) and league.state.chat else \
            chat_key
        return await self.zones.of(chat)

    # --- the log ---------------------------------------------------------------------------

    async def find(self, name: str | None) -> League | Rejection:
        """The league called ``name`` (the newest when None) with its state, or why not."""
        info = await self.store.league(name or None)
        if info is None:
            return Rejection("league-unknown", {"name": name}) if name else \
                Rejection("league-none")
        state: lg.LeagueState | None = None
        for row in await self.store.events(info.id):
            state = lg.evolve(state, decode(row.kind, row.payload, row.version))
        assert state is not None
        return League(info, state)

    async def create(self, name: str, admin: int | None, chat: str = "") -> League | Rejection:
        """A new league called ``name`` run by ``admin`` (None: from the terminal), whose
        reminders go to chat ``chat`` (a ``ChatRef.key``, "" for none)."""
        if not name.strip():
            return Rejection("league-usage")
        created = lg.LeagueCreated(name.strip(), admin, chat)
        first = StoredEvent(1, self.clock.now(), created.kind, encode(created), created.version)
        league_id = await self.store.create(name, first)
        if league_id is None:
            return Rejection("league-exists", {"name": name.strip()})
        return League(LeagueInfo(league_id, name.strip()), lg.initial_state(created))

    async def act(self, name: str | None, action: ld.Action
                  ) -> tuple[League, list[Event]] | Rejection:
        """Decide ``action`` in the league ``name`` (the newest when None) now; append its
        events (one league's actions one at a time), re-arm the reminders; the league after
        it and the events."""
        async with self._lock:
            league = await self.find(name)
            if isinstance(league, Rejection):
                return league
            decided = ld.decide(league.state, action, self.clock.now())
            if isinstance(decided, Rejection):
                return decided
            after = await self._append(league, decided)
            for ev in decided:
                if isinstance(ev, lg.SeasonPlanned) and self.calendar is not None and \
                        after.state.chat:
                    await self.calendar.plan_league(after.state.chat, after.info.name,
                                                    ev.starts, self.locale)
        return after, decided

    async def _append(self, league: League, events: list[Event]) -> League:
        now = self.clock.now()
        await self.store.append(league.info.id, [StoredEvent(0, now, e.kind, encode(e), e.version)
                                                 for e in events])
        state = league.state
        for ev in events:
            state = lg.evolve(state, ev)
        after = League(league.info, state)
        self._arm(after)
        return after

    # --- games -----------------------------------------------------------------------------

    async def record(self, name: str | None, day: int, session: int, game_id: int, *,
                     by: int | None) -> tuple[League, list[Event]] | Rejection:
        """Count finished TV game ``game_id`` in session (``day``, ``session``) with its
        score, best player and ratings read from its log (TV-4, TV-6); a training game
        counts nowhere."""
        game_format = await self.results.format_of(game_id)
        if game_format is None:
            return Rejection("league-no-game", {"id": game_id})
        if game_format != FORMAT:
            return Rejection("league-not-tv", {"id": game_id})
        try:
            played = await self.results.read(game_id)
        except EventDecodeError as error:
            log.error("game %s: its log cannot be read (%s); not counted", game_id, error)
            played = None
        if played is None or played.result is None:
            return Rejection("league-game-not-finished", {"id": game_id})
        if played.training:
            return Rejection("league-training-game", {"id": game_id})
        info = await self.storage.game(game_id)
        points = {side.name: side.points for side in played.result.sides}
        best = played.result.best_player[0] if played.result.best_player else None
        return await self.act(name, ld.RecordGame(
            by, day, session, game_id, info.package_id if info else None,
            points.get("experts", 0), points.get("viewers", 0), best, played.result.ratings,
            host=played.host))

    async def names(self, players: list[int] | tuple[int, ...]) -> dict[int, str]:
        """Display names of ``players`` by id."""
        return await self.people.player_names(list(players)) if players else {}

    # --- reminders -------------------------------------------------------------------------

    async def recover(self) -> None:
        """Arm every league's reminders from its log (at start-up), and give a league planned
        before the calendar kept leagues its sessions in its chat's calendar (TV-7; once,
        ``CalendarService.plan_league_once``)."""
        for info in await self.store.leagues():
            league = await self.find(info.name)
            if isinstance(league, Rejection):
                continue
            self._arm(league)
            if self.calendar is not None and league.state.chat and league.state.starts:
                await self.calendar.plan_league_once(league.state.chat, info.name,
                                                     league.state.starts, self.locale)

    def _arm(self, league: League) -> None:
        if self.scheduler is None:
            return
        wanted = {f"{TIMER_PREFIX}{league.info.id}:{name}": at
                  for name, at in lg.timers(league.state).items()}
        for key in self._armed.get(league.info.id, set()) - set(wanted):
            self.scheduler.cancel(key)
        for key, at in wanted.items():
            self.scheduler.schedule(key, at)
        self._armed[league.info.id] = set(wanted)

    async def on_timer(self, key: str) -> None:
        """A scheduler callback for a league key: the reminder of its session is decided,
        stored, then sent to the league's chat with the registered players' names."""
        league_id, _, name = key.removeprefix(TIMER_PREFIX).partition(":")
        _, day, session = name.split("-")
        info = next((i for i in await self.store.leagues() if str(i.id) == league_id), None)
        if info is None:
            return
        done = await self.act(info.name, ld.RemindDue(int(day), int(session)))
        if isinstance(done, Rejection):
            return
        league, events = done
        for ev in events:
            if isinstance(ev, lg.SessionReminded):
                await self._remind(league, ev)

    async def _remind(self, league: League, ev: lg.SessionReminded) -> None:
        platform, _, chat_id = league.state.chat.partition(":")
        # A session nobody registered for has nobody to remind (TV-7): the log still marks
        # it reminded, so its timer is settled.
        if self.messenger is None or self.translator is None or not chat_id or not ev.players:
            return
        names = await self.names(ev.players)
        when = self.translator.format("league-when", {"day": ev.day, "session": ev.session},
                                      self.locale)
        text = self.translator.format("league-reminder", {
            "league": league.info.name, "when": when,
            "start": stamp(ev.start, await self.zones.of(league.state.chat)),
            "count": len(ev.players),
            "names": ", ".join(names.get(p, "?") for p in ev.players) or "-"}, self.locale)
        try:
            await self.messenger.send(Outgoing(ChatRef(platform, chat_id), text,
                                               key="league-reminder", locale=self.locale))
        except Exception:  # a reminder that cannot go out is the adapter's to log
            log.exception("league %s: the reminder could not be sent", league.info.id)


def stamp(when: datetime, zone: ZoneInfo) -> str:
    """A UTC moment as the league's club reads it in ``zone``: ``2026-03-01 19:00``."""
    return local_stamp(when, zone)


def route_timers(games: TimerCallback, league: LeagueService) -> TimerCallback:
    """One scheduler callback for the games (``GameService.on_timer``) and the league's
    reminders (keys starting ``TIMER_PREFIX``)."""

    async def fire(key: str) -> None:
        if key.startswith(TIMER_PREFIX):
            await league.on_timer(key)
        else:
            await games(key)

    return fire
