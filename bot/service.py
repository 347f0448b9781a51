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
import weakref
from collections import ChainMap
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.chat import ChatCommand, ChatRequest
from bot.commands import ALWAYS, Command, clean_name, parse_command
from bot.formats import CommandContext, GameFormat, Msg, To, merge
from bot.i18n import Spelling, Translator
from bot.packages import PackageReadError
from bot.packages.fetch import PackageFetcher, absolute_media, recognise
from bot.packages.model import Package
from bot.packages.worker import PackageParser
from bot.people import ChatPeople
from bot.ports import (
    UNTIMED,
    ChatRef,
    Clock,
    DeliveryFailed,
    GameView,
    Incoming,
    MessageKind,
    Messenger,
    Outgoing,
    Receipt,
    Scheduler,
)
from rules.base import Event, EventDecodeError, Rejection, Role, decode, encode
from rules.roster import PlayerJoined, TeamRegistered
from storage.db import GameInfo, Storage, StoredEvent, storage_fault

log = logging.getLogger(__name__)

MAX_PROBLEMS_SHOWN = 15
"""A chat shows at most this many package problems; ``chgk-bot package check`` lists all."""
RETRY_FIRST = 1.0
"""Seconds before a timer whose events could not be stored is tried again; doubled each time."""
RETRY_MAX = 30.0
"""The longest wait between two tries of a timer, in seconds."""
ALERT_AFTER = 5.0
"""Seconds a game's timer may go unsaved because the database is locked before its host is
told (a read-only or full database is reported at the first failure: it does not pass)."""


def _named(incoming: Incoming) -> Incoming:
    """``incoming`` with the sender's display name cleaned (see ``GameService.handle``)."""
    name = clean_name(incoming.sender_name) or incoming.sender_id
    return incoming if name == incoming.sender_name else replace(incoming, sender_name=name)


@dataclass(slots=True, weakref_slot=True)
class LiveGame:
    """A game held in memory: its state, the next sequence number, its package and lock."""

    info: GameInfo
    chat: ChatRef
    fmt: GameFormat
    state: Any
    next_seq: int
    package: Package | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    armed: dict[str, datetime] = field(default_factory=dict)
    people: frozenset[int] = frozenset()
    shown: dict[str, Outgoing] = field(default_factory=dict)
    """The last message of each status slot sent to the game chat in this run."""
    # While the database refuses this game's events: when it began, tries per timer name, and
    # whether the host was told (DESIGN.md, Time: a deadline is never lost).
    unsaved_since: datetime | None = None
    retries: dict[str, int] = field(default_factory=dict)
    host_alerted: bool = False


@dataclass(slots=True)
class Commit:
    """One commit of a game's events, as its effect handlers see it: the game (its state and
    info already the new ones), who acted (None for the bot: a timer, a delivery report),
    each event with the states before and after it, when (UTC), whether it sent a question
    (``reads``: its clock starts on delivery), whether the database took the game's events
    again after refusing them (``saved_again``), and the messages rendered so far."""

    game: LiveGame
    actor: int | None
    changes: list[tuple[Event, Any, Any]]
    now: datetime
    reads: bool
    saved_again: bool
    messages: list[Msg] = field(default_factory=list)


CommitHandler = Callable[[Commit], Awaitable[None]]
"""An effect of a whole commit."""
EventHandler = Callable[[Commit, Event, Any, Any], Awaitable[None]]
"""An effect of one committed event: the commit, the event, the states before and after."""


@dataclass(frozen=True, slots=True)
class Effects:
    """What a commit does once its events are stored (in the spirit of cosmicpython's
    handler tables): ``first`` for the whole commit, then for each event in order the handlers
    of its type and of each base type (``by_event``, the most specific first: ``Event``'s
    run for every event), then ``last`` for the whole commit."""

    first: tuple[CommitHandler, ...]
    by_event: Mapping[type, tuple[EventHandler, ...]]
    last: tuple[CommitHandler, ...]

    def handlers_of(self, ev: Event) -> list[EventHandler]:
        """The handlers of ``ev``: its type's, then its base types' (``type.__mro__``)."""
        return [h for kind in type(ev).__mro__ for h in self.by_event.get(kind, ())]


class GameService:
    """Runs every game of one process; adapters call ``handle``, the scheduler ``on_timer``.

    ``formats`` are the formats it plays, by stored name (``bot.bootstrap.formats``: values
    with their options); ``chat_commands`` are the commands outside any game, by name, with
    their handlers (``bot.bootstrap.chat_commands``: the ``season``).
    ``parser`` parses uploaded packages (a ``PackageParser`` with the default limits unless
    given); ``service.parser.close()`` stops its worker process. ``fetcher`` fetches packages
    sent by link or id (issue 17; a ``PackageFetcher`` of the real sites unless given).
    ``spellings`` maps a platform to how it writes commands (``Spelling``; each messenger
    adapter offers its own): every text for a chat is translated with its platform's.
    Platforms not in it (the console) write them plainly, ``/answerer``.
    ``effects`` adds handlers to the effects of each commit, by event type (``Effects``: a
    format's projections), after the service's own.
    """

    def __init__(self, storage: Storage, messenger: Messenger, scheduler: Scheduler,
                 clock: Clock, translator: Translator, *, formats: Mapping[str, GameFormat],
                 chat_commands: Mapping[str, ChatCommand] | None = None,
                 default_locale: str = "ru", parser: PackageParser | None = None,
                 fetcher: PackageFetcher | None = None,
                 spellings: dict[str, Spelling] | None = None,
                 effects: Mapping[type, Sequence[EventHandler]] | None = None) -> None:
        self.storage = storage
        # Uploaded packages are parsed in a worker process, so no game waits (issue 10).
        self.parser = parser or PackageParser()
        self.fetcher = fetcher or PackageFetcher()
        self.messenger = messenger
        self.scheduler = scheduler
        self.clock = clock
        self.t = translator
        self.default_locale = default_locale
        self.formats = dict(formats)
        self.spellings = spellings or {}
        # The games in memory: the live ones and each chat's current one (the newest opened
        # there). A finished game leaves once its chat opens the next one; its log stays in the
        # database, and an after-game command reaching it loads it again (``load_game``).
        self._games: dict[int, LiveGame] = {}
        # Games loaded again for a moment, so that two handlers of one game share one copy.
        self._revived: weakref.WeakValueDictionary[int, LiveGame] = \
            weakref.WeakValueDictionary()
        self._by_chat: dict[str, int] = {}
        self._dm: dict[int, ChatRef] = {}
        self._locales: dict[int, str | None] = {}
        self._chat_packages: dict[str, int] = {}
        self.people = ChatPeople(storage)
        # Commands outside any game (the season's), by name.
        self._chat_commands = dict(chat_commands or {})
        self._players: dict[tuple[str, str], tuple[int, str, str | None]] = {}
        # (platform, player) -> ids of the games where the player has a role, so a private
        # message finds its game without asking every game (bench/: that scan was half the
        # CPU of 1,000 games).
        self._games_of: dict[tuple[str, int], set[int]] = {}
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
        """The current game of a group chat (the newest opened there, live or ended), or
        None."""
        game_id = self._by_chat.get(chat.key)
        return self._games.get(game_id) if game_id is not None else None

    def game(self, game_id: int) -> LiveGame | None:
        """A game in memory by id (live, or the current game of its chat), or None."""
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
        game = self.game_in(chat)
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
        created = fmt.create(host, host_name, package_id, package)
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
        as the chat's current game unless a live one is there. A game whose log this code
        cannot read (``rules.base.EventDecodeError``) is reported in the log and left alone;
        the others come back. Returns the live games' ids.
        """
        recovered = []
        for info in await self.storage.games(status="live"):
            game = await self._load(info)
            if game is None:
                continue
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
            recovered.append(info.id)
        newest = {info.chat_key: info for info in await self.storage.games(status="finished")}
        for info in newest.values():
            game = await self._load(info, only_after_game=True)
            if game is not None:
                self._by_chat.setdefault(info.chat_key, info.id)
                self._retire(info.id)
        return recovered

    async def settle(self) -> None:
        """Wait until no question waits for its delivery report any more (for tests and
        scripts that need the clock started before they go on)."""
        while self._confirming:
            await asyncio.gather(*self._confirming, return_exceptions=True)

    async def _load(self, info: GameInfo, *, only_after_game: bool = False,
                    resident: bool = True) -> LiveGame | None:
        """Replay a stored game into memory (``resident``: kept there, else only while it is
        used); None for an unknown format or a log that cannot be decoded (both logged), or,
        with ``only_after_game``, for an ended game with nothing left to do."""
        fmt = self.formats.get(info.format)
        if fmt is None:
            log.error("game %s has unknown format %s; left alone", info.id, info.format)
            return None
        state = None
        rows = await self.storage.events(info.id)
        try:
            for row in rows:
                state = fmt.decider.evolve(state, decode(row.kind, row.payload, row.version))
        except EventDecodeError as error:
            log.error("game %s: event %s of its log cannot be read (%s); left alone",
                      info.id, row.seq, error)
            return None
        if only_after_game and not fmt.after_game(state):
            return None
        # The log says which package the game plays (one attached after the game was
        # opened, too); the row follows it at the next commit.
        package_id = fmt.package_id(state)
        package = await self._package(package_id) if package_id else None
        platform, _, chat_id = info.chat_key.partition(":")
        game = LiveGame(info, ChatRef(platform, chat_id), fmt, state, len(rows) + 1, package)
        self._track_ended(game)
        if not resident:
            # Another handler may have loaded it meanwhile: one game, one copy (and one lock).
            return self._revived.setdefault(info.id, game)
        self._games[info.id] = game
        self._index(game)
        return game

    def _retire(self, game_id: int) -> None:
        """Let the game ``game_id`` leave memory when it has ended and is no longer its chat's
        current game (its log stays in the database)."""
        game = self._games.get(game_id)
        if game is None or game.fmt.is_live(game.state) or \
                self._by_chat.get(game.info.chat_key) == game_id:
            return
        del self._games[game_id]
        platform = game.chat.platform
        for player in game.people:
            games = self._games_of.get((platform, player))
            if games is not None:
                games.discard(game_id)
                if not games:
                    del self._games_of[(platform, player)]
        game.people = frozenset()

    # --- incoming ------------------------------------------------------------------------

    async def handle(self, incoming: Incoming) -> None:
        """Handle one message; never raises for anything a user typed.

        The sender's display name loses its invisible characters first (``clean_name``), so
        that no name shown in a game can reorder the text around it; a name of nothing else is
        shown as the sender's platform id. When the database refuses to store what the message
        did (locked, read-only, full, unreachable) the sender is told it was not stored, why
        and what to do; nothing of it was confirmed, since messages go out only after the
        events are stored."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._handle(incoming)))

    async def idle(self) -> None:
        """Wait until every handler and timer under way has finished (a stopping adapter
        calls it before it closes its messenger)."""
        while self._in_flight:
            await asyncio.wait(set(self._in_flight))

    async def _track(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)
        await asyncio.shield(task)

    async def _answered(self, incoming: Incoming, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception as error:
            fault = storage_fault(error)
            if fault is None:
                log.exception("failed to handle %r", incoming)
                await self._send(incoming.chat, "error-internal", {}, incoming.sender_locale)
            else:
                log.error("not stored, the database is %s (%s): %r", fault, error.orig, incoming)
                await self._send(incoming.chat, f"error-not-stored-{fault}", {},
                                 incoming.sender_locale)

    async def _handle(self, incoming: Incoming) -> None:
        chat = incoming.chat
        player, locale = await self._sender(incoming)
        if chat.private and incoming.game_chat is not None:
            game = self.game_in(incoming.game_chat)
        else:
            game = self._game_of_player(player, chat.platform) if chat.private else \
                self.game_in(chat)
        command = parse_command(incoming.text)
        if command is not None and game is not None:
            command = game.fmt.read_command(command)
        slash = command is not None and incoming.text.lstrip().startswith("/")
        if chat.private and not slash and game is not None and \
                Role.PLAYER in game.fmt.roles_of(game.state, player):
            # A player's text in a private chat is their written answer (DESIGN.md), whatever
            # it holds ("AC/DC", "1/2", "@home", "</b>"): only a slash command is a command.
            command = Command("answer", incoming.text.strip())
        if command is None:
            return
        if not chat.private:
            # The vote after a game reaches it even once the chat has opened the next one.
            game = await self._after_game_target(chat, player, command.name) or game
        if not slash and not chat.private and \
                not self._plain_command(incoming.text, game, player):
            return  # table talk in the group chat is not for the bot
        if command.name == "help":
            await self._help(chat, game, player, locale)
            return
        if command.name == "newgame":
            await self._newgame(incoming, game, player, command)
            return
        if command.name == "package":
            if command.args.strip():
                await self._upload_link(incoming, command.args.strip())
            else:
                await self._send(chat, "package-how", {}, locale)
            return
        if command.name in self._chat_commands:
            known = ChainMap(await self._mentioned(incoming), await self.people.names(chat))
            request = ChatRequest(chat, player, incoming.sender_name, command.args, locale,
                                  self.t, known, self.spellings.get(chat.platform))
            for text in await self._chat_commands[command.name](request):
                await self._safe_send(Outgoing(chat, text, key=command.name))
            return
        if game is None:
            await self._send(chat, "no-game-for-you" if chat.private else "no-game-here", {},
                             locale)
            return
        async with game.lock:
            if not game.fmt.is_live(game.state) and command.name != "score" and \
                    command.name not in game.fmt.after_game(game.state):
                await self._send(chat, "game-over", {}, locale)
                return
            await self._run_command(game, chat, player, incoming, command, locale)

    async def _after_game_target(self, chat: ChatRef, player: int, name: str
                                 ) -> LiveGame | None:
        """The newest ended game of the group chat ``chat`` in which ``player`` has a role and
        whose after-game command ``name`` still reaches it after a newer game, or None; a game
        that has left memory is loaded again for it."""
        ended = self._ended.get(chat.key, {})
        for game_id in sorted((g for g, names in ended.items() if name in names),
                              reverse=True):
            game = await self.load_game(game_id)
            if game is not None and game.fmt.after_game(game.state).get(name) and \
                    game.fmt.roles_of(game.state, player) - {Role.SPECTATOR}:
                return game
        return None

    def _track_ended(self, game: LiveGame) -> None:
        """Keep ``_ended`` up to date with the after-game commands ``game`` has open."""
        key = game.chat.key
        ended = self._ended.get(key, {})
        names = frozenset() if game.fmt.is_live(game.state) else \
            frozenset(n for n, reaches in game.fmt.after_game(game.state).items() if reaches)
        if names:
            self._ended[key] = {**ended, game.info.id: names}
        elif game.info.id in ended:
            ended.pop(game.info.id)
            if not ended:
                del self._ended[key]

    def _plain_command(self, text: str, game: LiveGame | None, player: int) -> bool:
        """Whether text without a slash in a group chat is meant for the bot: a command's
        English name, or what the game's format takes as a command from ``player`` now
        (``plain_command``: DUEL's bare number, the captain's pick, DUEL-4.1; the host's ``+``
        while a verdict is pending, DUEL-3.7). Russian aliases need the slash, or table talk
        such as "в 3 часа" or "согласен, это Пушкин" would act."""
        if game is not None and game.fmt.plain_command(game.state, player, text.strip()):
            return True
        first = text.split(maxsplit=1)[0].casefold()
        names = {*ALWAYS, *self._chat_commands, *(game.fmt.command_names() if game else ())}
        return first.isascii() and first in names

    async def _run_command(self, game: LiveGame, chat: ChatRef, player: int,
                           incoming: Incoming, command: Command, locale: str) -> None:
        fmt = game.fmt
        if command.name == "score":
            await self._send(chat, *fmt.status(game.state), locale)
            return
        ctx = CommandContext(player=player, name=incoming.sender_name, state=game.state,
                             package=game.package, team_id=self.storage.team,
                             known=await self.people.names(game.chat),
                             mentioned=await self._mentioned(incoming, game.chat),
                             is_admin=incoming.sender_is_admin,
                             sent_at=incoming.sent_at or self.clock.now())
        action = await fmt.action_for(command, ctx)
        if isinstance(action, Rejection):
            await self._send(chat, action.reason, action.args, locale)
            return
        allowed = fmt.permissions.get(type(action), frozenset())
        roles = fmt.roles_of(game.state, player)
        if not roles & allowed:
            # "Only a spectator may…" reads oddly: for commands meant for people with no role
            # yet (registering a team), say which role the sender already has.
            key, shown = ("not-allowed-has-role", roles) if allowed == {Role.SPECTATOR} else \
                ("not-allowed", allowed)
            await self._send(chat, key, {
                "command": command.name,
                "roles": self._role_names(shown, locale, either=key == "not-allowed")}, locale)
            return
        result = fmt.decider.decide(game.state, action, incoming.sent_at or self.clock.now())
        if isinstance(result, Rejection):
            await self._send(chat, result.reason, result.args, locale)
            return
        await self._commit(game, result, player)

    async def _newgame(self, incoming: Incoming, game: LiveGame | None, player: int,
                       command: Command) -> None:
        chat = incoming.chat
        locale = self._locale_of(player)
        if chat.private:
            await self._send(chat, "newgame-in-group", {}, locale)
            return
        words = command.args.split()
        name = words[0].casefold() if words else "duel"
        link = words[1] if len(words) > 1 else None
        if name not in self.formats and recognise(words[0], self.fetcher.sources) is not None:
            name, link = "duel", words[0]  # "/newgame <link>" opens the default format
        if name not in self.formats:
            await self._send(chat, "newgame-unknown-format",
                             {"formats": ", ".join(sorted(self.formats))}, locale)
            return
        if game is not None and game.fmt.is_live(game.state):
            await self._send(chat, "newgame-game-running", {}, locale)
            return
        if link is not None and await self._upload_link(incoming, link) is None:
            return  # the package was refused (and the sender told why): no game opens on it
        await self.create_game(chat, name, incoming.sender_id, incoming.sender_name,
                               host_locale=incoming.sender_locale,
                               host_username=incoming.sender_username)

    async def _help(self, chat: ChatRef, game: LiveGame | None, player: int, locale: str) -> None:
        if game is None:
            await self._send(chat, "help-no-game", {}, locale)
            return
        roles = game.fmt.roles_of(game.state, player)
        spell = self.spellings.get(chat.platform)
        # A format words a command its own way where the shared text would mislead
        # (``usage-tv-start``: TV has no "/start anyway" of DUEL-2.2).
        lines = [self.t.format(key if self.t.has(key := f"usage-{game.fmt.name}-{name}")
                               else f"usage-{name}", {}, locale, spell)
                 for name in game.fmt.commands_for(roles)]
        await self._send(chat, "help", {
            "roles": self._role_names(roles, locale),
            "commands": "\n".join(lines),
        }, locale)

    def _role_names(self, roles: frozenset[Role], locale: str, *, either: bool = False) -> str:
        # Roles someone holds are listed ("captain, player"); roles that may do something are
        # alternatives ("the captain or the host").
        names = [self.t(f"role-{r.value}", locale) for r in sorted(roles)]
        if not either or len(names) < 2:
            return ", ".join(names)
        return self.t.format("roles-either", {"first": ", ".join(names[:-1]),
                                              "last": names[-1]}, locale)

    async def upload_package(self, incoming: Incoming, data: bytes, filename: str) -> None:
        """A package file sent to the bot: import it, report its problems with file and line,
        and, when usable, make it the package of the chat's next game, or of its game in the
        lobby when the sender hosts it. ``incoming.text`` is ignored. The file is parsed by
        ``self.parser`` off the event loop, and refused unread over its size limit
        (``bot.packages.MAX_PACKAGE_BYTES``) or question limit. A database that refuses to
        store it is reported as ``handle`` does."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._upload(incoming, data, filename)))

    async def upload_link(self, incoming: Incoming, link: str) -> None:
        """A package sent by link or id (``bot.packages.fetch.recognise``): fetched whole by
        ``self.fetcher``, then imported as ``upload_package`` imports a file; a link that
        cannot be fetched is reported as a file that cannot be read."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._upload_link(incoming, link)))

    async def _upload_link(self, incoming: Incoming, link: str) -> int | None:
        """Fetch and import the package at ``link``; its stored id, or None when refused."""
        try:
            fetched = await self.fetcher.fetch(link)
        except PackageReadError as error:
            locale = (await self._sender(incoming))[1]
            await self._send(incoming.chat, "package-check-unreadable", {
                "file": link, "message": self.t.format(
                    error.key, {"file": link, **error.args}, locale)}, locale)
            return None
        return await self._upload(incoming, fetched.data, fetched.name,
                                  media_base=fetched.media_base, shown=link)

    async def _upload(self, incoming: Incoming, data: bytes, filename: str, *,
                      media_base: str | None = None, shown: str | None = None) -> int | None:
        """Import and store a package; its id, or None when refused. ``media_base``: the
        link relative media names resolve against; ``shown``: what messages call it."""
        chat = incoming.chat
        player, locale = await self._sender(incoming)
        shown = shown or filename
        try:
            imported = absolute_media(await self.parser.parse(data, filename), media_base)
        except PackageReadError as error:
            await self._send(chat, "package-check-unreadable", {
                "file": shown, "message": self.t.format(
                    error.key, {"file": shown, **error.args}, locale)}, locale)
            return None
        problems = "\n".join(self.t.format("package-check-problem", {
            "file": shown, "line": p.line,
            "severity": self.t(f"package-check-{p.severity}", locale),
            "message": self.t.format(p.key, p.args, locale)}, locale)
            for p in imported.problems[:MAX_PROBLEMS_SHOWN])
        if not imported.usable:
            await self._send(chat, "package-unusable", {"file": shown, "problems": problems},
                             locale)
            return None
        package = imported.package
        package_id = await self.storage.save_package(package, filename, data)
        game = self._game_of_player(player, chat.platform) if chat.private else self.game_in(chat)
        await self._send(chat, "package-loaded", {
            "title": package.title, "count": len(package.questions),
            "problems": problems or "-"}, locale)
        if game is None or not game.fmt.is_live(game.state):
            self._chat_packages[(game.chat if game else chat).key] = package_id
            return package_id
        async with game.lock:
            self._chat_packages[game.chat.key] = package_id
            action = game.fmt.package_action(player, package_id, package)
            if isinstance(action, Rejection):
                await self._send(chat, action.reason, action.args, locale)
                return
            allowed = game.fmt.permissions.get(type(action), frozenset())
            if not game.fmt.roles_of(game.state, player) & allowed:
                await self._send(chat, "package-not-host",
                                 {"roles": self._role_names(allowed, locale, either=True)},
                                 locale)
                return package_id
            result = game.fmt.decider.decide(game.state, action, self.clock.now())
            if isinstance(result, Rejection):
                await self._send(chat, result.reason, result.args, locale)
                return package_id
            game.package = package
            await self._commit(game, result, player)
        return package_id

    async def on_timer(self, key: str) -> None:
        """A scheduler callback: ``key`` is ``"<game id>:<timer name>"``.

        A deadline is never lost (DESIGN.md, Time): when the database refuses the timer's
        events, the timer stays armed and is tried again after ``RETRY_FIRST`` seconds,
        doubling up to ``RETRY_MAX``, until they are stored; the host is told privately when
        the game cannot be saved (``ALERT_AFTER``) and again once it can."""
        game_id, _, name = key.partition(":")
        game = self._games.get(int(game_id))
        if game is None:
            return
        await self._track(self._fire(game, key, name))

    async def _fire(self, game: LiveGame, key: str, name: str) -> None:
        try:
            async with game.lock:
                deadline = game.armed.get(name)
                if deadline is None:
                    return
                if any(game.armed.get(other, deadline) < deadline for other in game.retries):
                    # An earlier deadline of this game waits for the database: this one goes
                    # after it ("Time!" never overtakes the warning), rescheduled by _commit.
                    game.retries.setdefault(name, 0)
                    return
                del game.armed[name]
                result = game.fmt.decider.decide(
                    game.state, game.fmt.timer_action(name, deadline), self.clock.now())
                if not isinstance(result, list) or not result:
                    game.retries.pop(name, None)
                    return
                try:
                    await self._commit(game, result, None)
                except Exception as error:
                    fault = storage_fault(error)
                    if fault is None:
                        raise
                    game.armed[name] = deadline
                    await self._retry_later(game, key, name, fault, error)
                    return
                game.retries.pop(name, None)
        except Exception:
            log.exception("timer %s failed", key)

    async def _retry_later(self, game: LiveGame, key: str, name: str, fault: str,
                           error: Exception) -> None:
        tries = game.retries[name] = game.retries.get(name, 0) + 1
        delay = min(RETRY_FIRST * 2 ** (tries - 1), RETRY_MAX)
        now = self.clock.now()
        log.warning("timer %s not stored, the database is %s (%s); try %d again in %.0f s",
                    key, fault, getattr(error, "orig", error), tries, delay)
        self.scheduler.schedule(key, now + timedelta(seconds=delay))
        if game.unsaved_since is None:
            game.unsaved_since = now
        lasting = (now - game.unsaved_since).total_seconds() >= ALERT_AFTER
        if not game.host_alerted and (lasting or fault in ("readonly", "full")):
            game.host_alerted = True
            await self._tell_host(game, f"storage-down-{fault}")

    async def _tell_host(self, game: LiveGame, key: str) -> None:
        host = game.fmt.host_of(game.state)
        chat = await self._dm_chat(host, game.chat.platform)
        if chat is None:
            log.warning("no private chat for the host of game %s: %s", game.info.id, key)
            return
        locale = self._locale_of(host) if host in self._locales else game.info.locale
        # Not a reply (``_send``): an adapter must not show it to whoever acted just now.
        await self._safe_send(Outgoing(chat, self.t.format(key, {}, locale), key=key,
                                       game=game.chat))

    # --- committing ----------------------------------------------------------------------

    async def _commit(self, game: LiveGame, events: list[Event], actor: int | None) -> None:
        """Store ``events`` (the outcome of ``actor``'s action, None for the bot's own), make
        them the game's state, then run the effect handlers (``Effects``, ``self.effects``):
        nothing is sent before the events are stored."""
        now = self.clock.now()
        stored = [StoredEvent(game.next_seq + i, now, e.kind, encode(e), e.version)
                  for i, e in enumerate(events)]
        changes = []
        state = game.state
        # A question is sent by this commit when it leaves the game waiting for a delivery.
        reads = not game.fmt.awaiting_delivery(state)
        for ev in events:
            before, state = state, game.fmt.decider.evolve(state, ev)
            changes.append((ev, before, state))
        info = game.info
        status, package_id = game.fmt.status_of(state), game.fmt.package_id(state)
        await self.storage.append(
            info.id, stored, status=status if status != info.status else None,
            package_id=package_id if package_id != info.package_id else None)
        commit = Commit(game, actor, changes, now, reads=reads,
                        saved_again=game.unsaved_since is not None)
        game.unsaved_since = None
        game.state = state
        game.next_seq += len(events)
        if (status, package_id) != (info.status, info.package_id):
            game.info = GameInfo(info.id, info.format, info.chat_key, package_id, status,
                                 info.locale)
        for handler in self.effects.first:
            await handler(commit)
        for ev, before, after in changes:
            for on_event in self.effects.handlers_of(ev):
                await on_event(commit, ev, before, after)
        for handler in self.effects.last:
            await handler(commit)

    def _core_effects(self, extra: Mapping[type, Sequence[EventHandler]]) -> Effects:
        """The effects of every commit (DESIGN.md, The shape: effects by an event -> handlers
        table), in the order they run: the service's indexes and timers first; then for each
        event its type's handlers (a roster change stored, then ``extra``'s: a format's
        projections) and those of every event (its messages rendered); then one delivery of
        the action's messages (``merge``)."""
        by_event: dict[type, list[EventHandler]] = {
            TeamRegistered: [self._persist_captain], PlayerJoined: [self._persist_player],
            Event: [self._render]}
        for kind, handlers in extra.items():
            by_event.setdefault(kind, []).extend(handlers)
        return Effects(first=(self._reindex, self._rearm, self._retry_waiting,
                              self._storage_back),
                       by_event={kind: tuple(handlers) for kind, handlers in by_event.items()},
                       last=(self._deliver_commit,))

    async def _reindex(self, commit: Commit) -> None:
        if commit.game.info.id in self._games:
            self._index(commit.game)
        self._track_ended(commit.game)

    async def _rearm(self, commit: Commit) -> None:
        self._arm(commit.game)

    async def _retry_waiting(self, commit: Commit) -> None:
        game = commit.game
        # The database takes writes again: the timers that waited for it go now.
        for name in list(game.retries):
            if name in game.armed:
                self.scheduler.schedule(f"{game.info.id}:{name}", commit.now)
            else:
                del game.retries[name]

    async def _storage_back(self, commit: Commit) -> None:
        if commit.saved_again and commit.game.host_alerted:
            commit.game.host_alerted = False
            await self._tell_host(commit.game, "storage-back")

    async def _persist_captain(self, commit: Commit, ev: Event, before: Any, after: Any
                               ) -> None:
        assert isinstance(ev, TeamRegistered)
        await self.storage.add_member(ev.team_id, ev.captain)

    async def _persist_player(self, commit: Commit, ev: Event, before: Any, after: Any
                              ) -> None:
        assert isinstance(ev, PlayerJoined)
        await self.storage.add_member(ev.team_id, ev.player)

    async def _render(self, commit: Commit, ev: Event, before: Any, after: Any) -> None:
        commit.messages += commit.game.fmt.render(ev, before, after, commit.game.package)

    async def _deliver_commit(self, commit: Commit) -> None:
        # One action's messages go out together: what belongs together is one message.
        receipts = await self._deliver(commit.game, merge(commit.messages))
        if commit.reads:
            await self._await_question(commit.game, receipts)
        else:
            _forget_all(receipts)

    async def _await_question(self, game: LiveGame, receipts: list[Receipt]) -> None:
        """Start the clock of a question just sent once ``receipts`` (its messages') confirm
        its delivery, or tell the host it failed (DESIGN.md, Time). Called under the lock."""
        if not game.fmt.awaiting_delivery(game.state):
            _forget_all(receipts)  # a question with no clock (answered at once)
            return
        if all(receipt.done() for receipt in receipts):
            await self._report_delivery(game, game.state, receipts)
            return
        task = asyncio.create_task(self._confirm(game, game.state, receipts))
        self._confirming.add(task)
        task.add_done_callback(self._confirming.discard)

    async def _confirm(self, game: LiveGame, sent: Any, receipts: list[Receipt]) -> None:
        # Waits without the game's lock: the chat's queue may hold the question for seconds,
        # and the game must go on answering meanwhile (the host may start the clock).
        await asyncio.wait(receipts)
        try:
            async with game.lock:
                await self._report_delivery(game, sent, receipts)
        except Exception:
            log.exception("reporting the delivery of a question in game %s failed",
                          game.info.id)

    async def _report_delivery(self, game: LiveGame, sent: Any, receipts: list[Receipt]
                               ) -> None:
        """Tell the decider that the question of state ``sent`` was delivered now, or not, as
        its done ``receipts`` say; a report the game has moved past (the host started the
        clock) changes nothing. A cancelled receipt (the messenger closed) reports nothing:
        the next start sends the question again."""
        if any(receipt.cancelled() for receipt in receipts):
            return
        delivered = all(receipt.exception() is None for receipt in receipts)
        now = self.clock.now()
        if not delivered:
            log.warning("a question of game %s did not reach %s", game.info.id, game.chat.key)
        # A question's sound is part of its reading: the minute starts once it has played,
        # or, when its length is not known, when the host starts it (issue 17).
        plays = max((receipt.result() or 0.0 for receipt in receipts), default=0.0) \
            if delivered else 0.0
        if plays == UNTIMED:
            await self._tell_host(game, "question-audio-untimed")
            return
        action = game.fmt.delivery_action(
            sent, now + timedelta(seconds=plays) if delivered else None)
        result = game.fmt.decider.decide(game.state, action, now)
        if isinstance(result, list) and result:
            await self._commit(game, result, None)

    def _arm(self, game: LiveGame) -> None:
        due = game.fmt.decider.timers(game.state)
        for name in list(game.armed):
            if due.get(name) != game.armed[name]:
                self.scheduler.cancel(f"{game.info.id}:{name}")
                del game.armed[name]
        for name, at in due.items():
            if game.armed.get(name) != at:
                game.armed[name] = at
                self.scheduler.schedule(f"{game.info.id}:{name}", at)

    # --- outgoing ------------------------------------------------------------------------

    async def _deliver(self, game: LiveGame, messages: list[Msg]) -> list[Receipt]:
        """Translate and send ``messages``; returns the receipts of the questions among them
        posted to the game chat (one that could not even be sent has a failed receipt). What
        goes to the game chat before a question goes as urgently as the question."""
        receipts: list[Receipt] = []
        questions = [i for i, msg in enumerate(messages)
                     if msg.to == To.GAME and msg.kind is MessageKind.QUESTION]
        lead = questions[-1] if questions else -1
        for index, msg in enumerate(messages):
            targets = [(game.chat, game.info.locale)] if msg.to == To.GAME else \
                await self._private_targets(game, msg)
            for chat, locale in targets:
                spell = self.spellings.get(chat.platform)
                text = "\n".join(self.t.format(key, args, locale, spell)
                                 for key, args in ((msg.key, msg.args), *msg.lines))
                buttons = tuple(b.translated(self.t, locale) for b in msg.buttons)
                # A slot is the game's own: another game in the same chat starts its own
                # messages.
                slot = f"{game.info.id}:{msg.slot}" if msg.slot else ""
                kind, image = msg.kind, msg.image
                shown = game.shown.get(slot) if slot and msg.to == To.GAME else None
                if msg.joins and shown is not None:
                    # Joining an earlier action's message: it is shown again with this below.
                    # Shown again it is no signal: a signal would sound anew (Discord's voice).
                    kind = MessageKind.TEXT if shown.kind is MessageKind.SIGNAL else shown.kind
                    text, image = f"{shown.text}\n{text}", shown.image
                    buttons = buttons or shown.buttons
                outgoing = Outgoing(chat, text, kind, image, buttons, msg.deadline, key=msg.key,
                                    game=game.chat, urgent=msg.to == To.GAME and index < lead,
                                    slot=slot, audio=msg.audio if msg.to == To.GAME else None)
                if slot and msg.to == To.GAME:
                    game.shown[slot] = outgoing
                receipt = await self._safe_send(outgoing)
                if msg.to == To.GAME and msg.kind is MessageKind.QUESTION:
                    receipts.append(_untimed_unless_told(receipt) if outgoing.audio
                                    else receipt)
        return receipts

    async def _private_targets(self, game: LiveGame, msg: Msg) -> list[tuple[ChatRef, str]]:
        """The private chats (and their locales) of a ``To.HOST`` or ``To.PLAYER`` message."""
        targets = []
        for player in self._hosts(game) if msg.to == To.HOST else (msg.player,):
            chat = await self._dm_chat(player, game.chat.platform)
            if chat is None:
                log.warning("no private chat for player %s in game %s", player, game.info.id)
                continue
            locale = self._locale_of(player) if player in self._locales else game.info.locale
            targets.append((chat, locale))
        return targets

    def _hosts(self, game: LiveGame) -> list[int]:
        """Who gets ``To.HOST`` messages: the host, then everyone else the format gives the
        host's role (co-hosts judge and run the clock too, so they see what the host sees)."""
        fmt, state = game.fmt, game.state
        host = fmt.host_of(state)
        return [host, *sorted(p for p in fmt.people(state)
                              if p != host and Role.HOST in fmt.roles_of(state, p))]

    async def _send(self, chat: ChatRef, key: str, args: dict[str, Any], locale: str | None
                    ) -> None:
        # A reply to the sender only (refusal, help, score): adapters may show it privately.
        text = self.t.format(key, args, locale, self.spellings.get(chat.platform))
        await self._safe_send(Outgoing(chat, text, key=key, reply=True))

    async def _safe_send(self, message: Outgoing) -> Receipt:
        """Send ``message``; its receipt, already done when the messenger gave none."""
        receipt: Receipt = asyncio.get_running_loop().create_future()
        try:
            given = await self.messenger.send(message)
        except Exception as error:
            log.exception("could not deliver to %s", message.chat.key)
            receipt.set_exception(DeliveryFailed(str(error)))
            receipt.add_done_callback(_forget)
            return receipt
        if given is not None:
            return given
        receipt.set_result(None)
        return receipt

    # --- people --------------------------------------------------------------------------

    async def _sender(self, incoming: Incoming) -> tuple[int, str]:
        """The sender of ``incoming`` as a player (stored on first sight), remembered as seen
        in its chat with their private chat and language; returns ``(player id, locale)``."""
        chat = incoming.chat
        player = await self._player(chat.platform, incoming.sender_id, incoming.sender_name,
                                    incoming.sender_locale)
        await self._remember(chat, incoming.sender_id, incoming.sender_name, player,
                             incoming.sender_locale, incoming.sender_username)
        return player, self._locale_of(player)

    async def _player(self, platform: str, sender_id: str, name: str, locale: str | None
                      ) -> int:
        # Every message names its sender, but names and languages rarely change: storage is
        # written only on first sight or a change, not once per message (bench/: this write
        # was half of all write transactions).
        known = self._players.get((platform, sender_id))
        if known is not None and known[1] == name and (not locale or known[2] == locale):
            return known[0]
        player = await self.storage.player(platform, sender_id, name, locale)
        self._players[(platform, sender_id)] = (player, name,
                                                locale or (known[2] if known else None))
        return player

    async def _remember(self, chat: ChatRef, sender_id: str, name: str, player: int,
                        locale: str | None, username: str | None) -> None:
        self._dm[player] = ChatRef(chat.platform, sender_id, private=True)
        await self.people.saw(chat, player, name, username)
        if locale:
            self._locales[player] = self.t.locale_for(locale)
        else:
            self._locales.setdefault(player, None)

    async def _mentioned(self, incoming: Incoming, game_chat: ChatRef | None = None
                         ) -> dict[str, tuple[int, str]]:
        """The people ``incoming`` mentions, by the casefolded text naming them. One with a
        platform id becomes known (a player, seen in ``game_chat``, else the message's chat);
        an ``@username`` alone is looked up among the people seen."""
        chat = incoming.chat
        found: dict[str, tuple[int, str]] = {}
        for mention in incoming.mentions:
            if mention.user_id is not None:
                name = mention.name or mention.text.lstrip("@")
                player = await self._player(chat.platform, mention.user_id, name, None)
                await self.people.saw(game_chat or chat, player, name, mention.username)
                found[mention.text.casefold()] = (player, name)
            elif mention.username:
                seen = (await self.people.names(game_chat or chat)).get(
                    f"@{mention.username.casefold()}")
                if seen is not None:
                    found[mention.text.casefold()] = seen
        return found

    def _locale_of(self, player: int) -> str:
        return self._locales.get(player) or self.default_locale

    async def _dm_chat(self, player: int, platform: str) -> ChatRef | None:
        chat = self._dm.get(player)
        if chat is not None and chat.platform == platform:
            return chat
        identity = await self.storage.identity(player, platform)
        if identity is None:
            return None
        external_id, locale = identity
        chat = ChatRef(platform, external_id, private=True)
        self._dm[player] = chat
        self._locales.setdefault(player, self.t.locale_for(locale) if locale else None)
        return chat

    def _game_of_player(self, player: int, platform: str) -> LiveGame | None:
        # The newest live game on this platform in which the player has a role.
        for game_id in sorted(self._games_of.get((platform, player), ()), reverse=True):
            game = self._games[game_id]
            if game.fmt.is_live(game.state) and \
                    game.fmt.roles_of(game.state, player) - {Role.SPECTATOR}:
                return game
        return None

    def _index(self, game: LiveGame) -> None:
        """Bring ``_games_of`` up to date with the people of ``game``'s current state."""
        people = game.fmt.people(game.state)
        if people == game.people:
            return
        platform = game.chat.platform
        for player in game.people - people:
            self._games_of[(platform, player)].discard(game.info.id)
        for player in people - game.people:
            self._games_of.setdefault((platform, player), set()).add(game.info.id)
        game.people = people


def _untimed_unless_told(receipt: Receipt) -> Receipt:
    """The receipt of a question with a sound: a messenger that says no length (one that
    cannot play it, the console) leaves it ``UNTIMED``."""
    told: Receipt = asyncio.get_running_loop().create_future()

    def copy(done: Receipt) -> None:
        if done.cancelled():
            told.cancel()
        elif done.exception() is not None:
            told.set_exception(done.exception())  # type: ignore[arg-type]
        else:
            told.set_result(UNTIMED if done.result() is None else done.result())

    if receipt.done():
        copy(receipt)
    else:
        receipt.add_done_callback(copy)
    return told


def _forget(receipt: Receipt) -> None:
    """Mark a receipt's failure as seen: nothing waits for it (no "never retrieved" noise)."""
    if not receipt.cancelled():
        receipt.exception()


def _forget_all(receipts: list[Receipt]) -> None:
    """Nothing waits for ``receipts``: let their failures go unseen quietly."""
    for receipt in receipts:
        receipt.add_done_callback(_forget)
