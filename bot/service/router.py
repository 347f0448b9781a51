"""The GameService: the one object adapters, the scheduler, the board and the CLI call
(``bot.ports.GameApi``); it hands each call to the collaborator that does it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.formats import Format
from bot.i18n import Spelling
from bot.packages.fetch import PackageFetcher
from bot.packages.worker import PackageParser
from bot.ports import ChatRef, Clock, GameView, Incoming, Messenger, Metrics, Scheduler
from bot.service.alarms import Alarms
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.incoming import Inbox
from bot.service.index import GameIndex
from bot.service.lifecycle import Lifecycle
from bot.service.loader import GameLoader
from bot.service.model import Effects, LiveGame, _named
from bot.service.timer_keeper import TimerKeeper
from bot.service.uploads import Uploads
from bot.sightings import ChatPeople
from storage.db import GameInfo, Storage, storage_fault

log = logging.getLogger(__name__)


class GameService:
    """Runs every game of one process; adapters call ``handle``, the scheduler ``on_timer``.

    It knows no format and holds no game: ``index`` holds them (``loader`` reads one back),
    ``inbox`` handles a message, ``lifecycle`` opens and recovers games, ``uploads`` takes
    packages, ``timers`` fires timers, ``alarms`` arms them, ``committer`` stores events and
    runs their effects, ``deliverer`` sends and ``directory`` knows the people
    (``bot.service.game_service`` wires them). Each call runs in a task of its own, so that
    a stopping caller does not cut it between storing and sending (``idle`` waits for them);
    ``metrics`` counts handled actions and refused writes.

    It is given whole formats (``formats``, by stored name) only to hand them on: the
    bootstrap builds the formats' sheets from them and the season counts their names. Of a
    game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute) it
    asks the ``core`` (the host), the ``course`` (live or not) and ``presenting`` (the view
    adapters may know)."""

    def __init__(self, storage: Storage, clock: Clock, formats: Mapping[str, Format], *,
                 index: GameIndex, loader: GameLoader, directory: PeopleDirectory,
                 deliverer: Deliverer, alarms: Alarms, committer: Committer,
                 timers: TimerKeeper, uploads: Uploads, lifecycle: Lifecycle, inbox: Inbox,
                 metrics: Metrics) -> None:
        self.storage = storage
        self.clock = clock
        self.formats = formats
        self.index = index
        self.loader = loader
        self.directory = directory
        self.deliverer = deliverer
        self.alarms = alarms
        self.committer = committer
        self.timers = timers
        self.uploads = uploads
        self.lifecycle = lifecycle
        self.inbox = inbox
        self._metrics = metrics
        # Handlers and timers under way, shielded from their callers' cancellation so that a
        # stopping adapter lets them finish (``idle``).
        self._in_flight: set[asyncio.Task[None]] = set()

    # --- what the collaborators hold, by the names callers know -------------------------

    @property
    def metrics(self) -> Metrics:
        """Where actions' latencies and refused writes are counted (``bot.ports.Metrics``);
        set it to count elsewhere (the timers' refused writes too)."""
        return self._metrics

    @metrics.setter
    def metrics(self, metrics: Metrics) -> None:
        self._metrics = self.timers.metrics = metrics

    @property
    def messenger(self) -> Messenger:
        """What sends the messages (the deliverer's); set it to send through another."""
        return self.deliverer.messenger

    @messenger.setter
    def messenger(self, messenger: Messenger) -> None:
        self.deliverer.messenger = messenger

    @property
    def fetcher(self) -> PackageFetcher:
        """What fetches packages sent by link and questions' sounds; set it to fetch from
        other sites."""
        return self.uploads.fetcher

    @fetcher.setter
    def fetcher(self, fetcher: PackageFetcher) -> None:
        self.uploads.fetcher = fetcher

    @property
    def parser(self) -> PackageParser:
        """What parses uploaded packages; ``parser.close()`` stops its worker process."""
        return self.uploads.parser

    @property
    def scheduler(self) -> Scheduler:
        """The scheduler the games' timers are armed on."""
        return self.alarms.scheduler

    @property
    def spellings(self) -> dict[str, Spelling]:
        """How each platform writes commands (``bot.i18n.Spelling``), by platform."""
        return self.deliverer.spellings

    @property
    def people(self) -> ChatPeople:
        """Who each chat has seen (``bot.sightings.ChatPeople``)."""
        return self.directory.seen

    @property
    def effects(self) -> Effects:
        """The effects of every commit, by event type (``Effects``)."""
        return self.committer.effects

    # --- games ---------------------------------------------------------------------------

    def set_chat_package(self, chat: ChatRef, package_id: int) -> None:
        """Use ``package_id`` for the next game created in ``chat``."""
        self.uploads.choose(chat, package_id)

    def command_names(self) -> list[str]:
        """Every command name the bot knows, once each: the always-available ones, each
        format's (aliases included), then the chat commands, for a messenger's command menu."""
        return self.inbox.command_names()

    def game_in(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat (the newest opened there) while it is in memory
        (live), or None; ``current_game`` loads an ended one back."""
        return self.index.game_in(chat)

    def has_game(self, chat: ChatRef) -> bool:
        """Whether the group chat ``chat`` has a current game, live or ended (without
        reading an ended game's log)."""
        return chat.key in self.index.by_chat

    async def current_game(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat (the newest opened there, live or ended): the
        live one in memory, an ended one replayed from its log; None when the chat has none
        (or its log cannot be read)."""
        return await self.inbox.current_game(chat)

    def game(self, game_id: int) -> LiveGame | None:
        """A game in memory by id (a live one), or None."""
        return self.index.game(game_id)

    async def load_game(self, game_id: int) -> LiveGame | None:
        """A game by id: the one in memory, else replayed from its log (a finished game that
        left memory); None when there is no such game or its log cannot be read."""
        return await self.loader.load_game(game_id)

    async def view(self, chat: ChatRef) -> GameView | None:
        """What adapters may know of the current game of the group chat ``chat`` (the newest
        opened there, live or ended): the format's ``GameView`` with the game's id, chat and
        locale, and each person's id on ``chat.platform`` (None for one never seen there).
        None when the chat has no game."""
        game = await self.current_game(chat)
        if game is None:
            return None
        view = game.presenting.view(game.state)
        user_ids = {}
        for person in view.people:
            private = await self.directory.dm_chat(person.player, chat.platform)
            if private is not None:
                user_ids[person.player] = private.chat_id
        return replace(view.with_user_ids(user_ids), game_id=game.info.id, chat=game.chat,
                       locale=game.info.locale)

    def live_games(self) -> int:
        """How many loaded games are still being played."""
        return sum(1 for game in self.index.games.values() if game.course.is_live(game.state))

    def games_in_memory(self) -> int:
        """How many games the service holds: the live ones, and the ended ones while a timer
        of theirs is armed. Counted without a walk over them (``live_games`` walks): the
        garbage collector's policy asks it ten times a second (``bot.collector``)."""
        return len(self.index.games)

    def deadline_pending(self, chat: ChatRef, at: datetime) -> bool:
        """True while the game of the game chat ``chat`` has a timer armed for ``at`` (UTC).

        An adapter showing a live countdown to ``at`` stops it once this turns False (the
        clock was paused, or the time ended early)."""
        game = self.index.game_in(chat)
        return game is not None and at in game.armed.values()

    async def host_contact(self, chat: ChatRef) -> tuple[ChatRef, str] | None:
        """The host's private chat and locale for the live game of the game chat ``chat``.

        None when there is no live game there or the host was never seen on that platform.
        An adapter uses it to tell the host that the game chat cannot be reached."""
        game = self.index.game_in(chat)
        if game is None or not game.course.is_live(game.state):
            return None
        host = game.core.host_of(game.state)
        private = await self.directory.dm_chat(host, chat.platform)
        if private is None:
            return None
        return private, self.directory.own_locale(host) or game.info.locale

    async def create_game(self, chat: ChatRef, format_name: str, host_id: str, host_name: str,
                          *, locale: str | None = None, host_locale: str | None = None,
                          host_username: str | None = None) -> int:
        """Open a new game of ``format_name`` in ``chat`` hosted by the sender; returns its id.

        Raises KeyError for an unknown format. The chat's package (``set_chat_package``) is used.
        """
        return await self.lifecycle.create_game(
            chat, format_name, host_id, host_name, locale=locale, host_locale=host_locale,
            host_username=host_username)

    async def recover(self) -> list[int]:
        """Rebuild every live game from its log after a start (``Lifecycle.recover``);
        returns the live games' ids."""
        return await self.lifecycle.recover()

    async def adopt(self, info: GameInfo) -> LiveGame | None:
        """Take the live game ``info`` into this process (``Lifecycle.adopt``); None when its
        log cannot be read (logged)."""
        return await self.lifecycle.adopt(info)

    async def settle(self) -> None:
        """Wait until no question waits for its delivery report any more (for tests and
        scripts that need the clock started before they go on)."""
        await self.committer.settle()

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
        await self._track(self._answered(incoming, self.inbox.handle(incoming)))
        self._metrics.action_handled(time.perf_counter() - started)

    async def upload_package(self, incoming: Incoming, data: bytes, filename: str) -> None:
        """A package file sent to the bot: import it, report its problems with file and line,
        and, when usable, make it the package of the chat's next game, or of its game in the
        lobby when the sender hosts it. ``incoming.text`` is ignored. The file is parsed by
        ``self.parser`` off the event loop, and refused unread over its size limit
        (``bot.packages.MAX_PACKAGE_BYTES``) or question limit. A database that refuses to
        store it is reported as ``handle`` does."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self.uploads.upload(incoming, data,
                                                                        filename)))

    async def upload_link(self, incoming: Incoming, link: str) -> None:
        """A package sent by link or id (``bot.packages.fetch.recognise``): fetched whole by
        ``self.fetcher``, then imported as ``upload_package`` imports a file; a link that
        cannot be fetched is reported as a file that cannot be read, with one message
        whatever kept it from giving a package. A person sends at most one link in
        ``bot.service.uploads.LINK_COOLDOWN``; one sent sooner is answered with the seconds
        left to wait."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self.uploads.upload_link(incoming, link)))

    async def media(self, url: str, max_bytes: int) -> bytes:
        """A question's sound at ``url``, for an adapter whose platform cannot fetch it by
        its link: downloaded by ``self.fetcher`` as packages are (public addresses only, the
        process's download turns), at most ``max_bytes`` bytes. Raises PackageReadError."""
        return await self.uploads.fetcher.media(url, max_bytes)

    async def on_timer(self, key: str) -> None:
        """A scheduler callback: ``key`` is ``"<game id>:<timer name>"``; the timer fires
        (``TimerKeeper.fire``: a deadline is never lost) unless its game has left memory."""
        game_id, _, name = key.partition(":")
        game = self.index.game(int(game_id))
        if game is None:
            return
        await self._track(self.timers.fire(game, key, name))

    async def idle(self) -> None:
        """Wait until every handler and timer under way has finished (a stopping adapter
        calls it before it closes its messenger)."""
        while self._in_flight:
            await asyncio.wait(set(self._in_flight))

    async def _track(self, work: Coroutine[Any, Any, Any]) -> None:
        # ``work`` runs in a task of its own, so that a caller cancelled meanwhile (a stopping
        # adapter) does not cut it short between storing and sending; ``idle`` waits for it.
        # The caller waits on a future the task settles itself: what ``asyncio.shield`` does,
        # without its callbacks and the loop turn they take (one per message).
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        task = loop.create_task(_settling(work, done))
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)
        await done

    async def _answered(self, incoming: Incoming, work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except Exception as error:
            fault = storage_fault(error)
            if fault is None:
                log.exception("failed to handle %r", incoming)
                await self.deliverer.send(incoming.chat, "error-internal", {},
                                          incoming.sender_locale)
            else:
                self._metrics.write_refused(fault)
                log.error("not stored, the database is %s (%s): %r", fault, error.orig, incoming)
                await self.deliverer.send(incoming.chat, f"error-not-stored-{fault}", {},
                                          incoming.sender_locale)


async def _settling(work: Coroutine[Any, Any, Any], done: asyncio.Future[None]) -> None:
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
