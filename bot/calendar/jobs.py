"""The calendar at work: scheduling, moving and cancelling games (``CalendarService``) and the
steps the bot then takes by itself, each in the chat its game belongs to, through the
messenger's normal sending path (``bot.calendar.schedule`` says which steps and when).

The tables are the source of truth (``storage.calendar``): each step of a game is a row
derived when the game is scheduled (or, for a weekly game, when the last one opened), and the
jobs are rebuilt from the rows at start (``recover``). A step is claimed in its row before it
is done, so a restart, or a second worker, never does it twice.

Time. With the real clock the jobs are APScheduler's (``CalendarTimers``: an ``AsyncIOScheduler``
with a ``DateTrigger`` per step in UTC, ``coalesce`` and no grace limit, so a job late after
downtime runs once on start). Whether a late step still makes sense is this module's call,
not APScheduler's (``schedule.still_due``): a reminder after its game began is dropped and
logged, the opening comes while the evening lasts. A weekly game's dates are APScheduler's
``CronTrigger`` in the club's zone (``Entry.trigger``), whose ``get_next_fire_time`` is read
with the bot's clock; with ``--clock virtual`` the same moments are armed on the bot's
``VirtualScheduler`` (keys ``calendar:<job id>``, ``route``), so a script's ``:sleep`` fires
them in order, exactly as the real scheduler would. The minute of a game keeps its loop
timers (``bot.timers``); SYNC's registration closing and its reminder are the game's own
deadlines (in its log, applied late after downtime, never skipped).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from bot.calendar.chats import ChatZones
from bot.calendar.schedule import (
    DEFAULT_ZONE,
    LEAGUE,
    OPEN_GRACE,
    STAMP,
    Entry,
    Step,
    check_new,
    parse_zone,
    steps,
    still_due,
)
from bot.formats.sync.commands import fee_text
from bot.i18n import Spelling, Translator
from bot.ports import ChatRef, Clock, Incoming, Messenger, Outgoing, Scheduler, TimerCallback
from bot.timers import LoopTimers
from rules.base import Rejection
from rules.sync.club import alphabetical
from rules.sync.config import Phase
from rules.sync.registration import QUESTIONS_PER_TEAM, questions_of, unpaid
from rules.tv.league import GAMES_PER_SESSION, all_sessions
from storage.calendar import CANCELLED, SCHEDULED, CalendarStore, EntryRecord, JobRecord
from storage.db import Storage
from storage.gamelocks import GameLocks

log = logging.getLogger(__name__)

TIMER_PREFIX = "calendar:"
"""Scheduler keys of calendar jobs start with this."""
RETRY = timedelta(hours=1)
"""A SYNC announcement waits this long while another game is played in its chat."""
WEEK = timedelta(days=7)


class Games(Protocol):
    """What the calendar uses of the game service (``bot.service.GameService``)."""

    def game_in(self, chat: ChatRef) -> Any:
        """The chat's game in memory, or None."""

    async def create_game(self, chat: ChatRef, format_name: str, host_id: str, host_name: str,
                          *, locale: str | None = None) -> int:
        """Open a game in ``chat``; its id."""

    async def handle(self, incoming: Incoming) -> None:
        """Handle a message as if a person wrote it."""


class CalendarTimers(LoopTimers):
    """The bot's real-time ``Scheduler``: the games' deadlines on the loop's timer heap
    (``LoopTimers``), the calendar's keys (``TIMER_PREFIX``) on APScheduler's
    ``AsyncIOScheduler``, one ``DateTrigger`` job per key, replaced when the key is scheduled
    again; a job past due (after downtime) runs once at start (``coalesce``,
    ``misfire_grace_time=None``: whether it still makes sense is ``schedule.still_due``'s
    call). Both call ``callback`` with the key; ``start`` and ``shutdown`` start and stop
    both."""

    def __init__(self, callback: TimerCallback | None = None) -> None:
        super().__init__(callback)
        self._calendar = AsyncIOScheduler(timezone=UTC, job_defaults={
            "coalesce": True, "misfire_grace_time": None, "max_instances": 1})

    def start(self) -> None:
        """Start firing on the running asyncio loop."""
        super().start()
        self._calendar.start()

    def shutdown(self) -> None:
        """Stop both; jobs under way are not waited for (their rows say what is left)."""
        super().shutdown()
        if self._calendar.running:
            self._calendar.shutdown(wait=False)

    def schedule(self, key: str, at: datetime) -> None:
        """Run the callback with ``key`` at ``at`` (UTC), at once if that is past."""
        if not key.startswith(TIMER_PREFIX):
            super().schedule(key, at)
        elif not self._stopped:
            self._calendar.add_job(self._job, DateTrigger(run_date=at, timezone=UTC),
                                   args=(key,), id=key, replace_existing=True)

    def cancel(self, key: str) -> None:
        """Forget ``key``; no error when it is not scheduled."""
        if not key.startswith(TIMER_PREFIX):
            super().cancel(key)
        elif self._calendar.get_job(key) is not None:
            self._calendar.remove_job(key)

    async def _job(self, key: str) -> None:
        if self.callback is not None:
            await self.callback(key)


def route(calendar: CalendarService, other: TimerCallback) -> TimerCallback:
    """One scheduler callback for the calendar's keys (``TIMER_PREFIX``) and ``other``'s."""

    async def fire(key: str) -> None:
        if key.startswith(TIMER_PREFIX):
            await calendar.on_timer(key)
        else:
            await other(key)

    return fire


def chat_owner(storage: Storage, locks: GameLocks) -> Callable[[str], Awaitable[bool]]:
    """``CalendarService(owns=...)`` for one of several workers (``bot.scaling.ownership``, the same
    ownership as the games): a chat's steps are this worker's while it holds the lock of the
    chat's live game; with no live game there, every worker may try and the one that claims
    the step's row does it (``CalendarStore.claim``)."""

    async def owns(chat_key: str) -> bool:
        live = await storage.games(status="live", chat_key=chat_key)
        return not live or live[-1].id in locks.held

    return owns


def entry_of(record: EntryRecord) -> Entry:
    """The stored entry as a value."""
    return Entry(record.id, record.chat_key, record.number, record.format,
                 datetime.strptime(record.starts_local, STAMP), record.zone, record.weekly,
                 record.state, record.host_id, record.host_name, record.locale,
                 record.created_at, record.kind)


def record_of(entry: Entry) -> EntryRecord:
    """The entry as stored."""
    return EntryRecord(entry.id, entry.chat_key, entry.number, entry.format,
                       entry.starts_local.strftime(STAMP), entry.zone, entry.weekly,
                       entry.state, entry.host_id, entry.host_name, entry.locale,
                       entry.created_at, entry.kind)


def chat_of(key: str) -> ChatRef:
    """The group chat of a ``ChatRef.key``."""
    platform, _, chat_id = key.partition(":")
    return ChatRef(platform, chat_id)


def job_rows(entry: Entry, start: datetime, since: datetime
             ) -> list[tuple[datetime, str, datetime]]:
    """The rows (occurrence, step, due at) of the game of ``entry`` starting at ``start``."""
    return [(start, step.value, at) for step, at in steps(entry.format, start, since).items()]


class CalendarService:
    """The club's calendar over ``store``: ``clock`` says what time it is, ``jobs`` arms the
    steps (``CalendarTimers``, or the bot's ``VirtualScheduler``), ``messenger`` posts what
    the bot says in ``translator``'s words (without them, as in a chat command's mere
    description, the calendar is only kept), ``zone`` is the club's IANA zone for the dates
    typed and shown unless ``zones`` (each chat's, ``/timezone``) are given, ``spellings``
    the messengers' ways of writing commands, by platform. ``games`` (the game service, set
    once built) opens the games. Methods
    return the entry, or a Rejection with a ``calendar.ftl`` key; nothing is stored when
    refused."""

    def __init__(self, store: CalendarStore, clock: Clock, jobs: Scheduler | None = None,
                 messenger: Messenger | None = None, translator: Translator | None = None,
                 *, zone: str = DEFAULT_ZONE, spellings: Mapping[str, Spelling] | None = None,
                 games: Games | None = None,
                 owns: Callable[[str], Awaitable[bool]] | None = None,
                 zones: ChatZones | None = None) -> None:
        self.store = store
        self.zones = zones
        self.clock = clock
        self.jobs = jobs
        self.messenger = messenger
        self.translator = translator
        self.zone = zone
        self.spellings = spellings or {}
        self.games = games
        self.owns = owns
        """Whether this worker runs the jobs of a chat (by its key); None: a single worker."""

    # --- the host's commands ---------------------------------------------------------------

    async def schedule(self, chat: ChatRef, host_id: str, host_name: str, locale: str,
                       fmt: str, wall: datetime, weekly: bool, kind: str = ""
                       ) -> Entry | Rejection:
        """Schedule a game of ``fmt`` in ``chat`` at the wall time ``wall`` in the club's zone
        (every week with ``weekly``), hosted by ``host_id``, of ``kind`` for SYNC (SYNC-1:
        ``GameKind``'s value, announced so; "" for a training game); its steps are stored and
        armed."""
        zone = await self.zones.of(chat.key) if self.zones is not None \
            else parse_zone(self.zone)
        if isinstance(zone, Rejection):
            return zone
        now = self.clock.now()
        entry = Entry(0, chat.key, 0, fmt, wall, zone.key, weekly, SCHEDULED, host_id,
                      host_name, locale, now, kind)
        others = [entry_of(r) for r in await self.store.entries(chat.key)]
        refused = check_new(entry, others, now)
        if refused is not None:
            return refused
        start = entry.first_start()
        stored = entry_of(await self.store.add(record_of(entry), job_rows(entry, start, now)))
        await self._arm(stored.id)
        return stored

    async def move(self, chat: ChatRef, number: int, wall: datetime) -> Entry | Rejection:
        """Move the chat's game ``number`` to the wall time ``wall`` (the week of a weekly
        game starts again from there); its steps not done yet are derived again."""
        entry = await self._find(chat, number)
        if isinstance(entry, Rejection):
            return entry
        if entry.format == LEAGUE:
            # The league's log holds its dates (TV-7): moved there, the entries follow.
            return Rejection("calendar-league-move", {"number": number})
        if entry.format == "sync" and await self._announced(entry):
            return Rejection("calendar-sync-announced", {"number": number})
        now = self.clock.now()
        moved = replace(entry, starts_local=wall)
        others = [entry_of(r) for r in await self.store.entries(chat.key)]
        refused = check_new(moved, others, now)
        if refused is not None:
            return refused
        self._disarm(await self.store.pending(entry.id))
        await self.store.change(entry.id, job_rows(moved, moved.first_start(), now),
                                starts_local=wall.strftime(STAMP))
        await self._arm(entry.id)
        return moved

    async def cancel(self, chat: ChatRef, number: int) -> Entry | Rejection:
        """Cancel the chat's game ``number`` (every week of a weekly one); a SYNC game already
        announced, still waiting for its start, is called off as its host would."""
        entry = await self._find(chat, number)
        if isinstance(entry, Rejection):
            return entry
        self._disarm(await self.store.pending(entry.id))
        await self.store.change(entry.id, [], state=CANCELLED)
        game = self.games.game_in(chat) if self.games is not None else None
        if entry.format == "sync" and await self._announced(entry) and game is not None \
                and game.fmt.name == "sync" and game.fmt.is_live(game.state) \
                and game.state.phase is Phase.LOBBY:
            await self.games.handle(Incoming(chat, entry.host_id, entry.host_name, "/abort",
                                             sender_locale=entry.locale))
        return replace(entry, state=CANCELLED)

    async def plan_league(self, chat_key: str, league: str, starts: tuple[datetime, ...],
                          locale: str) -> list[Entry]:
        """Put the TV league ``league``'s planned sessions (TV-7: ``starts``, UTC, in the
        order of ``rules.tv.league.all_sessions``) in the calendar of its chat ``chat_key``,
        one ``LEAGUE`` entry each, announced in ``locale``; the entries of an earlier plan of
        the same league are cancelled. No overlap check: the league's plan is decided
        already. Returns the new entries."""
        zone = await self.zones.of(chat_key) if self.zones is not None else ZoneInfo(self.zone)
        now = self.clock.now()
        for record in await self.store.entries(chat_key):
            if record.format == LEAGUE and record.host_name == league:
                self._disarm(await self.store.pending(record.id))
                await self.store.change(record.id, [], state=CANCELLED)
        planned = []
        for start in starts:
            entry = Entry(0, chat_key, 0, LEAGUE, start.astimezone(zone).replace(tzinfo=None),
                          zone.key, False, SCHEDULED, "", league, locale, now)
            stored = entry_of(await self.store.add(record_of(entry),
                                                   job_rows(entry, start, now)))
            await self._arm(stored.id)
            planned.append(stored)
        return planned

    async def plan_league_once(self, chat_key: str, league: str,
                               starts: tuple[datetime, ...], locale: str) -> list[Entry]:
        """Put the TV league ``league``'s planned sessions (TV-7, as ``plan_league``) in the
        calendar of its chat ``chat_key`` unless it has entries of that league already, in any
        state: a league planned before the calendar kept leagues gets them at start, once
        (of workers starting together, one stores them). A session over by now gets no step;
        a season wholly over, no entries. Returns the new entries ([] when none)."""
        now = self.clock.now()
        if not starts or max(starts) + OPEN_GRACE <= now:
            return []
        zone = await self.zones.of(chat_key) if self.zones is not None else ZoneInfo(self.zone)
        plan = []
        for start in starts:
            entry = Entry(0, chat_key, 0, LEAGUE, start.astimezone(zone).replace(tzinfo=None),
                          zone.key, False, SCHEDULED, "", league, locale, now)
            # A session begun by now keeps its opening while the evening lasts (still_due).
            jobs = job_rows(entry, start, now) if start + OPEN_GRACE > now else []
            plan.append((record_of(entry), jobs))
        planned = [entry_of(record) for record in await self.store.add_plan(plan)]
        for entry in planned:
            await self._arm(entry.id)
        if planned:
            log.info("calendar: league %r in %s given its %d planned sessions", league,
                     chat_key, len(planned))
        return planned

    async def _session(self, entry: Entry) -> dict[str, Any]:
        """The league session of ``entry`` as message arguments: the league, its day and
        session (TV-7) and its two games' numbers in the season."""
        season = sorted((entry_of(r) for r in await self.store.entries(entry.chat_key)
                         if r.format == LEAGUE and r.host_name == entry.host_name),
                        key=Entry.first_start)
        index = [e.id for e in season].index(entry.id)
        day, session = all_sessions()[index]
        first = index * GAMES_PER_SESSION + 1
        return {"league": entry.host_name, "day": day, "session": session, "first": first,
                "second": first + 1}

    async def upcoming(self, chat: ChatRef) -> list[tuple[Entry, datetime]]:
        """The chat's scheduled games with their next start (UTC), soonest first."""
        now = self.clock.now()
        found = []
        for record in await self.store.entries(chat.key):
            entry = entry_of(record)
            start = entry.start_from(now - OPEN_GRACE)
            if start is not None:
                found.append((entry, start))
        return sorted(found, key=lambda pair: pair[1])

    async def _find(self, chat: ChatRef, number: int) -> Entry | Rejection:
        for record in await self.store.entries(chat.key):
            if record.number == number:
                return entry_of(record)
        return Rejection("calendar-no-entry", {"number": number})

    async def _announced(self, entry: Entry) -> bool:
        return any(job.step == Step.ANNOUNCE and job.outcome == "sent"
                   and job.occurrence + OPEN_GRACE > self.clock.now()
                   for job in await self.store.jobs(entry.id))

    # --- the jobs --------------------------------------------------------------------------

    async def recover(self) -> None:
        """At start: derive each scheduled game's steps not derived yet (a weekly game's next
        week, when its last opening came while the bot was down), then arm every step not
        done, those already past at once."""
        now = self.clock.now()
        for record in await self.store.entries():
            entry = entry_of(record)
            start = entry.start_from(now - OPEN_GRACE)
            if start is None:
                continue
            since = entry.created_at if start == entry.first_start() else start - WEEK
            await self.store.ensure_jobs(entry.id, job_rows(entry, start, since))
        await self._arm(None)

    async def _arm(self, entry_id: int | None) -> None:
        if self.jobs is None:
            return
        for job in await self.store.pending(entry_id):
            self.jobs.schedule(f"{TIMER_PREFIX}{job.id}", job.due_at)

    def _disarm(self, jobs: list[JobRecord]) -> None:
        if self.jobs is None:
            return
        for job in jobs:
            self.jobs.cancel(f"{TIMER_PREFIX}{job.id}")

    async def on_timer(self, key: str) -> None:
        """A scheduler callback for a calendar key: the step is claimed in its row (once,
        whoever else tries), then done in its chat, or dropped and logged when it no longer
        makes sense."""
        job = await self.store.job(int(key.removeprefix(TIMER_PREFIX)))
        record = None if job is None else await self.store.entry(job.entry_id)
        if job is None or record is None or record.state != SCHEDULED:
            return
        if self.owns is not None and not await self.owns(record.chat_key):
            return
        entry, step, now = entry_of(record), Step(job.step), self.clock.now()
        chat = chat_of(entry.chat_key)
        if step is Step.ANNOUNCE and entry.format == "sync" and self._busy(chat) and \
                self._unannounced(chat) is None and self.jobs is not None:
            self.jobs.schedule(key, now + RETRY)
            return
        due = still_due(step, job.occurrence, now, entry.format)
        if not await self.store.claim(job.id, now, "sent" if due else "dropped"):
            return
        if not due:
            log.warning("calendar: %s of game %s in %s (at %s) dropped: too late at %s",
                        step, entry.number, entry.chat_key, job.occurrence, now)
        else:
            try:
                await self._do(entry, step, job.occurrence, chat)
            except Exception:  # one failing step leaves the others their turn
                log.exception("calendar: %s of game %s in %s failed", step, entry.number,
                              entry.chat_key)
        if step is Step.OPEN and entry.weekly:
            following = entry.start_from(job.occurrence + timedelta(minutes=1))
            if following is not None:
                await self.store.ensure_jobs(entry.id,
                                             job_rows(entry, following, job.occurrence))
                await self._arm(entry.id)

    def _unannounced(self, chat: ChatRef) -> Any:
        """The chat's SYNC game opened and not announced yet (the calendar announces it
        rather than open another), or None."""
        game = self.games.game_in(chat) if self.games is not None else None
        if game is not None and game.fmt.name == "sync" and game.fmt.is_live(game.state) \
                and game.state.phase is Phase.LOBBY and game.state.registration is None:
            return game
        return None

    def _busy(self, chat: ChatRef) -> bool:
        game = self.games.game_in(chat) if self.games is not None else None
        return game is not None and game.fmt.is_live(game.state)

    async def _do(self, entry: Entry, step: Step, start: datetime, chat: ChatRef) -> None:
        game = self.games.game_in(chat) if self.games is not None else None
        sync = game if game is not None and game.fmt.name == "sync" and \
            game.state.registration is not None else None
        args: dict[str, Any] = {"format": entry.format, "number": entry.number,
                                "kind": entry.kind, "date": self.local(start, entry),
                                "zone": entry.zone}
        match step:
            case Step.ANNOUNCE if entry.format == "sync":
                assert self.games is not None
                if self._unannounced(chat) is None:
                    await self.games.create_game(chat, "sync", entry.host_id,
                                                 entry.host_name, locale=entry.locale)
                # /announce reads a date as the chat's wall time, as a host types it.
                zone = await self.zones.of(chat.key) if self.zones is not None \
                    else ZoneInfo(entry.zone)
                await self.games.handle(Incoming(
                    chat, entry.host_id, entry.host_name,
                    f"/announce {start.astimezone(zone).strftime(STAMP)} {entry.kind}".strip(),
                    sender_locale=entry.locale))
                return
            case Step.DAY | Step.OPEN if entry.format == LEAGUE:
                await self._say(chat, entry, f"calendar-league-{step.value}",
                                {**args, **await self._session(entry)})
            case Step.ANNOUNCE:
                await self._say(chat, entry, "calendar-announce",
                                {**args, "weekly": str(entry.weekly).lower()})
            case Step.QUESTIONS if sync is not None:
                reg = sync.state.registration
                short = [f"{t.name} ({reg.names.get(t.captain, '?')})"
                         for t in alphabetical(reg.teams.values(), key=lambda t: t.name)
                         if len(questions_of(reg, t.id)) < QUESTIONS_PER_TEAM]
                if short:
                    await self._say(chat, entry, "calendar-questions", {
                        **args, "deadline": self.local(reg.deadline, entry),
                        "teams": ", ".join(short), "count": len(short)})
            case Step.FEE if sync is not None:
                reg = sync.state.registration
                teams = unpaid(reg)
                if teams and reg.fee > 0:
                    await self._say(chat, entry, "calendar-fee", {
                        **args, "fee": fee_text(reg.fee, reg.currency), "count": len(teams),
                        "teams": ", ".join(t.name for t in teams)})
            case Step.DAY | Step.HOUR:
                await self._say(chat, entry, f"calendar-{step.value}", args)
            case Step.OPEN if entry.format != "sync" and self._busy(chat):
                # The chat's game is still on: the host opens this one when it ends.
                await self._say(chat, entry, "calendar-open-busy",
                                {**args, "host": entry.host_name})
            case Step.OPEN:
                if entry.format != "sync" and self.games is not None:
                    await self.games.create_game(chat, entry.format, entry.host_id,
                                                 entry.host_name, locale=entry.locale)
                await self._say(chat, entry, "calendar-open", {**args, "host": entry.host_name})

    def local(self, moment: datetime, entry: Entry) -> str:
        """``moment`` (UTC) as the wall time in the entry's zone."""
        return moment.astimezone(ZoneInfo(entry.zone)).strftime(STAMP)

    async def _say(self, chat: ChatRef, entry: Entry, key: str, args: dict[str, Any]) -> None:
        if self.messenger is None or self.translator is None:
            return
        text = self.translator.format(key, args, entry.locale,
                                      self.spellings.get(chat.platform))
        await self.messenger.send(Outgoing(chat, text, key=key, locale=entry.locale))
