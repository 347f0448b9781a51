"""The GameService: from an incoming message to stored events and outgoing messages.

It knows no format: a format is a ``GameFormat`` (``bot.formats``) that turns commands into
actions, decides with its pure decider, and renders events into messages. For each incoming
message the service resolves the sender, finds the game, checks the sender's role against the
format's permission table, asks the decider, appends the events to storage in one transaction,
and only then re-arms timers and sends messages (DESIGN.md, The shape). One game's actions are
handled one at a time under a per-game lock.

A question's minute starts when the platform has confirmed its delivery (DESIGN.md, Time):
after a commit that leaves the game waiting for it (``awaiting_delivery``), the service awaits
the receipts of the question messages it sent, outside the game's lock, and then reports the
delivery (or its failure) to the decider. A messenger that delivers at once (the console)
returns no receipt, and the report is made before ``handle`` returns.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import deque
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.calendar.chats import ChatZones
from bot.calendar.zone import local_day
from bot.chat import ChatCommand
from bot.commands import ALWAYS
from bot.formats import GameFormat, merge
from bot.i18n import Spelling, Translator
from bot.packages.fetch import PackageFetcher
from bot.packages.model import Package
from bot.packages.worker import PackageParser
from bot.ports import (
    NO_METRICS,
    ChatRef,
    Clock,
    GameView,
    Incoming,
    Messenger,
    Metrics,
    Scheduler,
)
from bot.service.batch import Batching
from bot.service.commit import Committing
from bot.service.delivery import Delivery
from bot.service.incoming import Routing
from bot.service.model import DELIVERIES_KEPT, Commit, Effects, EventHandler, LiveGame, _named
from bot.service.people import People
from bot.service.timers import Timers
from bot.service.uploads import Uploads
from bot.sightings import ChatPeople
from rules.base import EventDecodeError, decode, encode
from storage.chats import ChatSettingsStore
from storage.db import GameInfo, Storage, StoredEvent, storage_fault

log = logging.getLogger(__name__)


class GameService(Routing, Uploads, Timers, Batching, Committing, Delivery, People):
    """Runs every game of one process; adapters call ``handle``, the scheduler ``on_timer``.

    ``formats`` are the formats it plays, by stored name (``bot.bootstrap.formats``: values
    with their options); ``chat_commands`` are the commands outside any game, by name, with
    their handlers (``bot.bootstrap.chat_commands``: the ``season``).
    ``parser`` parses uploaded packages (a ``PackageParser`` with the default limits unless
    given); ``service.parser.close()`` stops its worker process. ``fetcher`` fetches packages
    sent by link or id (a ``PackageFetcher`` of the real sites unless given).
    ``spellings`` maps a platform to how it writes commands (``Spelling``; each messenger
    adapter offers its own): every text for a chat is translated with its platform's.
    Platforms not in it (the console) write them plainly, ``/answerer``.
    ``effects`` adds handlers to the effects of each commit, by event type (``Effects``: a
    format's projections), after the service's own. ``zones`` are the chats' time zones
    (``bot.calendar.chats``; ``CHGK_TIMEZONE``'s default over ``storage`` unless given): a
    game's dates are read and shown in its chat's, and TV's game day is a day there.
    """

    def __init__(self, storage: Storage, messenger: Messenger, scheduler: Scheduler,
                 clock: Clock, translator: Translator, *, formats: Mapping[str, GameFormat],
                 chat_commands: Mapping[str, ChatCommand] | None = None,
                 default_locale: str = "ru", parser: PackageParser | None = None,
                 fetcher: PackageFetcher | None = None,
                 spellings: dict[str, Spelling] | None = None,
                 effects: Mapping[type, Sequence[EventHandler]] | None = None,
                 zones: ChatZones | None = None) -> None:
        self.storage = storage
        self.zones = zones or ChatZones(ChatSettingsStore(storage.engine))
        self.metrics: Metrics = NO_METRICS
        """Where actions' latencies and refused writes are counted (``bot.ports.Metrics``)."""
        # Uploaded packages are parsed in a worker process, so no game waits.
        self.parser = parser or PackageParser()
        self.fetcher = fetcher or PackageFetcher()
        self.messenger = messenger
        self.scheduler = scheduler
        self.clock = clock
        self.t = translator
        self.default_locale = default_locale
        self.formats = dict(formats)
        self.spellings = spellings or {}
        # The games in memory: the live ones (and an ended one while a timer of it is armed).
        # A game leaves once it has ended (10,000 finished games held 10,000 states);
        # its log stays in the database, and a command reaching it later, in its chat or
        # after a newer game (``_ended``), loads it again (``load_game``).
        self._games: dict[int, LiveGame] = {}
        # Games loaded again for a moment, or just left while a handler still holds them, so
        # that two handlers of one game share one copy (and one lock).
        self._revived: weakref.WeakValueDictionary[int, LiveGame] = \
            weakref.WeakValueDictionary()
        # Chat key -> its current game's id (the newest opened there, live or ended).
        self._by_chat: dict[str, int] = {}
        self._dm: dict[int, ChatRef] = {}
        self._locales: dict[int, str | None] = {}
        self._chat_packages: dict[str, int] = {}
        # (platform, sender) -> when their last package link was taken (``LINK_COOLDOWN``).
        self._links_sent: dict[tuple[str, str], datetime] = {}
        self.people = ChatPeople(storage)
        # Commands outside any game (the season's), by name.
        self._chat_commands = dict(chat_commands or {})
        self._players: dict[tuple[str, str], tuple[int, str, str | None]] = {}
        # (platform, player) -> ids of the games where the player has a role, so a private
        # message finds its game without asking every game (bench/: that scan was half the
        # CPU of 1,000 games).
        self._games_of: dict[tuple[str, int], set[int]] = {}
        # Player -> their private message held while they say which of their games it is
        # for (``People._private_game``).
        self._held: dict[int, Incoming] = {}
        self._packages: dict[int, Package] = {}
        self._reading: dict[int, asyncio.Future[dict[str, Any]]] = {}
        # Tasks waiting for a question's delivery to start its clock.
        self._confirming: set[asyncio.Task[None]] = set()
        # Chat key -> its ended games that still accept after-game commands (DUEL: the vote
        # for the best question and player): game id -> the names of those that reach the game
        # after a newer one.
        self._ended: dict[str, dict[int, frozenset[str]]] = {}
        # Handlers and timers under way, shielded from their callers' cancellation so that a
        # stopping adapter lets them finish (``idle``).
        self._in_flight: set[asyncio.Task[None]] = set()
        self.effects = self._core_effects(effects or {})

    # --- set-up --------------------------------------------------------------------------

    def set_chat_package(self, chat: ChatRef, package_id: int) -> None:
        """Use ``package_id`` for the next game created in ``chat``."""
        self._chat_packages[chat.key] = package_id

    def command_names(self) -> list[str]:
        """Every command name the bot knows, once each: the always-available ones, each
        format's (aliases included), then the chat commands, for a messenger's command menu."""
        names: Iterable[str] = (*ALWAYS,
                                *(n for fmt in self.formats.values() for n in fmt.command_names()),
                                *self._chat_commands)
        return list(dict.fromkeys(names))

    def game_in(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat (the newest opened there) while it is in memory
        (live), or None; ``current_game`` loads an ended one back."""
        game_id = self._by_chat.get(chat.key)
        return self._games.get(game_id) if game_id is not None else None

    def has_game(self, chat: ChatRef) -> bool:
        """Whether the group chat ``chat`` has a current game, live or ended (without
        reading an ended game's log)."""
        return chat.key in self._by_chat

    async def current_game(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat (the newest opened there, live or ended): the
        live one in memory, an ended one replayed from its log; None when the chat has none
        (or its log cannot be read)."""
        game_id = self._by_chat.get(chat.key)
        return await self.load_game(game_id) if game_id is not None else None

    def game(self, game_id: int) -> LiveGame | None:
        """A game in memory by id (a live one), or None."""
        return self._games.get(game_id)

    async def load_game(self, game_id: int) -> LiveGame | None:
        """A game by id: the one in memory, else replayed from its log (a finished game that
        left memory); None when there is no such game or its log cannot be read."""
        game = self._games.get(game_id) or self._revived.get(game_id)
        if game is not None:
            return game
        info = await self.storage.game(game_id)
        return await self._load(info, resident=False) if info is not None else None

    async def view(self, chat: ChatRef) -> GameView | None:
        """What adapters may know of the current game of the group chat ``chat`` (the newest
        opened there, live or ended): the format's ``GameView`` with the game's id, chat and
        locale, and each person's id on ``chat.platform`` (None for one never seen there).
        None when the chat has no game."""
        game = await self.current_game(chat)
        if game is None:
            return None
        view = game.fmt.view(game.state)
        user_ids = {}
        for person in view.people:
            private = await self._dm_chat(person.player, chat.platform)
            if private is not None:
                user_ids[person.player] = private.chat_id
        return replace(view.with_user_ids(user_ids), game_id=game.info.id, chat=game.chat,
                       locale=game.info.locale)

    def live_games(self) -> int:
        """How many loaded games are still being played."""
        return sum(1 for game in self._games.values() if game.fmt.is_live(game.state))

    def games_in_memory(self) -> int:
        """How many games the service holds: the live ones, and the ended ones while a timer
        of theirs is armed. Counted without a walk over them (``live_games`` walks): the
        garbage collector's policy asks it ten times a second (``bot.collector``; bench/:
        the walk was 3% of the loop at 3,000 games)."""
        return len(self._games)

    def deadline_pending(self, chat: ChatRef, at: datetime) -> bool:
        """True while the game of the game chat ``chat`` has a timer armed for ``at`` (UTC).

        An adapter showing a live countdown to ``at`` stops it once this turns False (the
        clock was paused, or the time ended early)."""
        game = self.game_in(chat)
        return game is not None and at in game.armed.values()

    async def host_contact(self, chat: ChatRef) -> tuple[ChatRef, str] | None:
        """The host's private chat and locale for the live game of the game chat ``chat``.

        None when there is no live game there or the host was never seen on that platform.
        An adapter uses it to tell the host that the game chat cannot be reached."""
        game = self.game_in(chat)
        if game is None or not game.fmt.is_live(game.state):
            return None
        host = game.fmt.host_of(game.state)
        private = await self._dm_chat(host, chat.platform)
        if private is None:
            return None
        return private, self._locales.get(host) or game.info.locale

    async def create_game(self, chat: ChatRef, format_name: str, host_id: str, host_name: str,
                          *, locale: str | None = None, host_locale: str | None = None,
                          host_username: str | None = None) -> int:
        """Open a new game of ``format_name`` in ``chat`` hosted by the sender; returns its id.

        Raises KeyError for an unknown format. The chat's package (``set_chat_package``) is used.
        """
        fmt = self.formats[format_name]
        host = await self._player(chat.platform, host_id, host_name, host_locale)
        await self._remember(chat, host_id, host_name, host, host_locale, host_username)
        package_id = self._chat_packages.get(chat.key)
        package = await self._package(package_id) if package_id else None
        now = self.clock.now()
        earlier = await self._earlier_today(chat, fmt, now) if fmt.day_scoped else None
        created = fmt.create(host, host_name, package_id, package, earlier=earlier)
        stored = [StoredEvent(1, now, created.kind, encode(created), created.version)]
        locale = locale or self.default_locale
        game_id = await self.storage.create_game(fmt.name, chat.key, package_id, locale, stored)
        info = GameInfo(game_id, fmt.name, chat.key, package_id, "live", locale)
        game = LiveGame(info, chat, fmt, fmt.decider.evolve(None, created), 2, package)
        self._games[game_id] = game
        previous = self._by_chat.get(chat.key)
        self._by_chat[chat.key] = game_id
        if previous is not None:
            self._retire(previous)
        self._index(game)
        await self._deliver(game, merge(fmt.render(created, None, game.state, package)))
        return game_id

    async def _earlier_today(self, chat: ChatRef, fmt: GameFormat, now: datetime) -> Any:
        """The state of ``chat``'s newest finished game of ``fmt`` when it was opened the
        same day as ``now`` in the chat's time zone (TV-10's game day, TV-7), else None (also
        when its log cannot be read: the new game then starts afresh)."""
        finished = [g for g in await self.storage.games(status="finished", chat_key=chat.key)
                    if g.format == fmt.name]
        if not finished:
            return None
        rows = await self.storage.events(finished[-1].id)
        zone = await self.zones.of(chat.key)
        if not rows or local_day(rows[0].at, zone) != local_day(now, zone):
            return None
        return self._folded(finished[-1].id, fmt, rows)

    async def _package(self, package_id: int) -> Package:
        # A stored package never changes: it is read and parsed once, and the games playing it
        # share that copy (bench/: a copy per game was over half a game's memory, 26 of 48 KB).
        # Games opened meanwhile wait for that one reading instead of each starting its own
        # (bench/: 64 games opened at once read it 3 times a game).
        package = self._packages.get(package_id)
        if package is not None:
            return package
        reading = self._reading.get(package_id)
        if reading is None:
            reading = self._reading[package_id] = asyncio.ensure_future(
                self.storage.package_data(package_id))
            reading.add_done_callback(lambda _: self._reading.pop(package_id, None))
        data = await asyncio.shield(reading)
        package = self._packages.get(package_id)
        if package is None:
            package = self._packages[package_id] = Package.from_dict(data)
        return package

    async def recover(self) -> list[int]:
        """Rebuild every live game from its log after a start (DESIGN.md, Time).

        Timers still ahead are re-armed with the time that remains; a deadline that passed
        while the bot was down pauses the game and tells the host. Each chat's newest ended
        game comes back too when something is left to do after it (DUEL: the team's vote),
        as the chat's current game unless a live one is there; one with timers still armed
        (SYNC's deferred appeals, SYNC-10) stays in memory with them. A game whose log this
        code cannot read (``rules.base.EventDecodeError``) is reported in the log and left
        alone; the others come back. Returns the live games' ids.
        """
        recovered = []
        for info in await self.storage.games(status="live"):
            if await self.adopt(info) is not None:
                recovered.append(info.id)
        newest = {info.chat_key: info for info in await self.storage.games(status="finished")}
        for info in newest.values():
            game = await self._load(info, only_after_game=True, resident=False)
            if game is None:
                continue
            self._by_chat.setdefault(info.chat_key, info.id)
            if game.fmt.decider.timers(game.state):
                # Its timers outlive the game (SYNC-10: a deferred appeal's reminders and
                # deadline): kept in memory and armed, as before the stop, so that they fire
                # and a juror's private vote finds the game.
                self._games[info.id] = game
                self._index(game)
                self._arm(game)
        return recovered

    async def adopt(self, info: GameInfo) -> LiveGame | None:
        """Take the live game ``info`` into this process: replay its log, make it its chat's
        current game and re-arm its timers, as ``recover`` does for each (at a start, or when
        this worker takes over the game of one that died, ``bot.scaling.ownership``). None when its
        log cannot be read (logged)."""
        game = await self._load(info)
        if game is None:
            return None
        self._by_chat[info.chat_key] = info.id
        async with game.lock:
            missed = game.fmt.missed_deadlines_action()
            result = game.fmt.decider.decide(game.state, missed, self.clock.now())
            if isinstance(result, list) and result:
                await self._commit(game, result, None)
            else:
                self._arm(game)
            if game.fmt.awaiting_delivery(game.state):
                # Stopped between sending the question and its confirmation: whether it
                # arrived is unknown, so it is sent again and its clock starts on delivery.
                receipts = await self._deliver(game, game.fmt.question_again(game.state,
                                                                             game.package))
                await self._await_question(game, receipts)
        return game

    async def settle(self) -> None:
        """Wait until no question waits for its delivery report any more (for tests and
        scripts that need the clock started before they go on)."""
        while self._confirming:
            await asyncio.gather(*self._confirming, return_exceptions=True)

    def _folded(self, game_id: int, fmt: GameFormat, rows: list[Any]) -> Any:
        """The state the stored log ``rows`` of game ``game_id`` folds to under ``fmt``; None
        (logged) when an event of it cannot be decoded by this code."""
        state = None
        try:
            for row in rows:
                state = fmt.decider.evolve(state, decode(row.kind, row.payload, row.version))
        except EventDecodeError as error:
            log.error("game %s: event %s of its log cannot be read (%s); left alone",
                      game_id, row.seq, error)
            return None
        return state

    async def _load(self, info: GameInfo, *, only_after_game: bool = False,
                    resident: bool = True) -> LiveGame | None:
        """Replay a stored game into memory (``resident``: kept there, else only while it is
        used); None for an unknown format or a log that cannot be decoded (both logged), or,
        with ``only_after_game``, for an ended game with nothing left to do."""
        fmt = self.formats.get(info.format)
        if fmt is None:
            log.error("game %s has unknown format %s; left alone", info.id, info.format)
            return None
        rows = await self.storage.events(info.id)
        state = self._folded(info.id, fmt, rows)
        if state is None:
            return None
        if only_after_game and not fmt.after_game(state):
            return None
        # The log says which package the game plays (one attached after the game was
        # opened, too); the row follows it at the next commit.
        package_id = fmt.package_id(state)
        package = await self._package(package_id) if package_id else None
        platform, _, chat_id = info.chat_key.partition(":")
        game = LiveGame(info, ChatRef(platform, chat_id), fmt, state, len(rows) + 1, package,
                        delivered=frozenset(deque((row.delivery for row in rows if row.delivery),
                                                  maxlen=DELIVERIES_KEPT)))
        self._track_ended(game)
        if not resident:
            # Another handler may have loaded it meanwhile: one game, one copy (and one lock).
            return self._revived.setdefault(info.id, game)
        self._games[info.id] = game
        self._index(game)
        return game

    def _retire(self, game_id: int) -> None:
        """Let the game ``game_id`` leave memory once it has ended and no timer of it is
        armed (bench/); its log stays in the database, and its people with no other game in
        memory are forgotten too (``People._forget_person``), as is who its chat has seen
        (``ChatPeople.forget``: read again when needed). What may still reach it (DUEL's vote
        and the appeal of the deciding verdict, DUEL-3.7 and 3.9; SYNC's deferred appeals,
        SYNC-10; TV's club answers, TV-5; ``score`` and ``table``) loads it back from the
        log (``current_game``, ``_after_game_target``)."""
        game = self._games.get(game_id)
        if game is None or game.fmt.is_live(game.state) or game.armed:
            return
        del self._games[game_id]
        # A handler may still hold it (its commit's messages going out): one copy meanwhile.
        self._revived[game_id] = game
        platform = game.chat.platform
        for player in game.people:
            games = self._games_of.get((platform, player))
            if games is not None:
                games.discard(game_id)
                if not games:
                    del self._games_of[(platform, player)]
                    self._forget_person(player, platform)
        game.people = frozenset()
        self.people.forget(game.chat.key)

    # --- incoming ------------------------------------------------------------------------

    async def handle(self, incoming: Incoming) -> None:
        """Handle one message; never raises for anything a user typed.

        The sender's display name loses its invisible characters first (``clean_name``), so
        that no name shown in a game can reorder the text around it; a name of nothing else is
        shown as the sender's platform id. When the database refuses to store what the message
        did (locked, read-only, full, unreachable) the sender is told it was not stored, why
        and what to do; nothing of it was confirmed, since messages go out only after the
        events are stored."""
        started = time.perf_counter()
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._handle(incoming)))
        self.metrics.action_handled(time.perf_counter() - started)

    async def idle(self) -> None:
        """Wait until every handler and timer under way has finished (a stopping adapter
        calls it before it closes its messenger)."""
        while self._in_flight:
            await asyncio.wait(set(self._in_flight))

    async def _track(self, work: Coroutine[Any, Any, None]) -> None:
        # ``work`` runs in a task of its own, so that a caller cancelled meanwhile (a stopping
        # adapter) does not cut it short between storing and sending; ``idle`` waits for it.
        # The caller waits on a future the task settles itself: what ``asyncio.shield`` does,
        # without its callbacks and the loop turn they take (bench/: one per message).
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        task = loop.create_task(_settling(work, done))
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)
        await done

    async def _answered(self, incoming: Incoming, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception as error:
            fault = storage_fault(error)
            if fault is None:
                log.exception("failed to handle %r", incoming)
                await self._send(incoming.chat, "error-internal", {}, incoming.sender_locale)
            else:
                self.metrics.write_refused(fault)
                log.error("not stored, the database is %s (%s): %r", fault, error.orig, incoming)
                await self._send(incoming.chat, f"error-not-stored-{fault}", {},
                                 incoming.sender_locale)


async def _settling(work: Coroutine[Any, Any, None], done: asyncio.Future[None]) -> None:
    """Run ``work`` and settle ``done`` as it ended (returned, raised, or was cancelled);
    ``done`` cancelled by its waiter's cancellation leaves ``work`` running."""
    try:
        await work
    except asyncio.CancelledError:
        done.cancel()
        raise
    except Exception as error:
        if not done.done():
            done.set_exception(error)
        return
    if not done.done():
        done.set_result(None)


__all__ = ["Commit", "Effects", "EventHandler", "GameService", "Incoming", "LiveGame"]
