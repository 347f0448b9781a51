"""The composition root: settings in, a wired application out (DESIGN.md).

Nothing here runs at import time; ``run_bot`` and ``run_console`` build storage, clock,
scheduler, messenger and the GameService, and tear them down at the end. The formats the bot
plays (``formats``) and the chat commands outside any game (``chat_commands``: the season's)
are values built here and injected into the service; nothing registers itself at import.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from adapters.console import GAME_CHAT, HOST, ConsoleMessenger, ConsoleSession, read_lines
from bot import collector
from bot.board.hub import BoardHub, waking_seasons
from bot.board.links import BoardLinks, board_command
from bot.board.miniapp_auth import PageAuth
from bot.board.server import BoardServer
from bot.board.sheet import SheetPages
from bot.board.sheet_links import SheetLinks, sheet_command
from bot.board.view import BoardView, SheetView, ShowsBoard, ShowsSheet
from bot.calendar.chats import ChatZones
from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, CalendarTimers, route
from bot.calendar.timezone import timezone_command
from bot.calendar.zone import DEFAULT_ZONE
from bot.chat import ChatCommand
from bot.collector import CollectorPolicy
from bot.formats import Format
from bot.formats.duel import DuelFormat
from bot.formats.sync import SyncFormat
from bot.formats.sync.commands import Club
from bot.formats.tv import TvFormat
from bot.i18n import Spelling, Translator
from bot.league.chat import league_command
from bot.league.service import LeagueService, route_timers
from bot.ops.endpoint import ops_metrics, start_ops
from bot.ops.logs import configure_logging, version
from bot.packages import PackageReadError, load_package
from bot.packages.fetch import PackageFetcher, Sources
from bot.ports import Adapter, Clock, Messenger, RoutingMessenger, SettingsError, StartupError
from bot.results import GameResults
from bot.season import SeasonService, season_command
from bot.service import GameService, game_service
from bot.service.pages import PageActions
from bot.settings import Settings, parse_fee
from bot.timers import LoopTimers, SystemClock, VirtualClock, VirtualScheduler
from rules.base import Event
from rules.duel import DuelConfig
from storage.calendar import CalendarStore
from storage.chats import ChatSettingsStore
from storage.db import Storage, storage_fault
from storage.sends import RecentSends

if TYPE_CHECKING:
    # prometheus-client is loaded only when the ops endpoint is on (``bot.ops.endpoint``).
    from bot.ops.metrics import PrometheusMetrics
    from bot.ops.server import OpsServer

log = logging.getLogger(__name__)

SAMPLE_PACKAGE = Path(__file__).resolve().parent / "sample" / "sample_duel.txt"
SAMPLE_TV_PACKAGE = SAMPLE_PACKAGE.with_name("sample_tv.txt")
"""The bundled packages: DUEL's twelve questions with its special ones (also SYNC's), and
TV's thirteen ordinary questions, one envelope per sector (TV asks no DUEL special question)."""


def format_options(settings: Settings) -> dict[str, dict[str, Any]]:
    """Per-format options from settings, by the format's stored name: each format's
    discussion length and warning time, in seconds (``Settings.warnings``), SYNC's time to
    hand in (SYNC-6) and its fee per team in minor units and currency when the club set one
    (SYNC-3). A game stores the times it was created with in its first event, so changed
    settings reach new games only."""
    warnings = settings.warnings()
    return {"duel": {"discussion": settings.discussion_seconds,
                     "warning_at": warnings["duel"]},
            "sync": {"discussion": settings.sync_discussion_seconds,
                     "warning_at": warnings["sync"],
                     "hand_in": settings.sync_hand_in_seconds,
                     **_sync_fee(settings)},
            "tv": {"discussion": settings.tv_discussion_seconds,
                   "warning_at": warnings["tv"]}}


def _sync_fee(settings: Settings) -> dict[str, Any]:
    """The club's SYNC fee as format options (``fee`` in minor units, ``currency``); none
    when the club set none (SYNC-3)."""
    if settings.sync_fee is None:
        return {}
    amount, currency = parse_fee(settings.sync_fee)
    return {"fee": amount, "currency": currency}


def formats(settings: Settings | None = None, *, duel: Mapping[str, Any] | None = None,
            club: Club | None = None) -> dict[str, Format]:
    """The formats the bot plays, by stored name, each built with its options: those of
    ``settings`` (``format_options``; the formats' own defaults without settings), then
    ``duel``'s (``rules.duel.DuelConfig`` fields: ``min_players``, ``discussion``, ...).
    SYNC (``bot.formats.sync``) announces a game with ``club``'s history (``club_formats``)."""
    options = format_options(settings) if settings is not None else {}
    return {"duel": DuelFormat({**options.get("duel", {}), **(duel or {})}),
            "sync": SyncFormat(options.get("sync"), club=club),
            "tv": TvFormat(options.get("tv", {}))}


def club_formats(storage: Storage, settings: Settings | None = None, **duel: Any
                 ) -> dict[str, Format]:
    """``formats`` whose SYNC announcements carry the club's duty rotation and fee from its
    season's games (SYNC-3, SYNC-4: ``SeasonService.club_facts`` over ``storage``). The
    seasons read games with these very formats: the mapping is filled once built."""
    games: dict[str, Format] = {}
    seasons = season_service(storage, games)
    games.update(formats(settings, duel=duel, club=seasons.club_facts))
    return games


def boards(games: Mapping[str, Format]) -> dict[str, BoardView]:
    """The scoreboard pages of ``games`` (``formats``) by the format's stored name: each
    format's own read model and rendering (``bot.board.view.ShowsBoard``); a format with no
    page has none."""
    return {name: fmt.board for name, fmt in games.items() if isinstance(fmt, ShowsBoard)}


def sheet_views(games: Mapping[str, Format]) -> dict[str, SheetView]:
    """The answer sheets and jury desks of ``games`` by the format's stored name
    (``bot.board.view.ShowsSheet``); a format with no sheet has none."""
    return {name: fmt.sheet for name, fmt in games.items() if isinstance(fmt, ShowsSheet)}


SEASON_FORMATS = ("duel", "sync")
"""The formats whose games count in seasons (stored names). A format is counted by its
``GameResult``'s shape (``bot.season``), so adding one here needs no code in the season."""


def season_service(storage: Storage, games: Mapping[str, Format]) -> SeasonService:
    """The seasons (DUEL-6, 7; SYNC's) over ``storage``, counting games of
    ``SEASON_FORMATS``, reading the games played here with the deciders of ``games``
    (``formats``), on the system clock, with a fresh seed from ``secrets`` for each order
    drawn by lot."""
    return SeasonService(storage, GameResults(storage, games), formats=SEASON_FORMATS,
                         target=DuelConfig().target, clock=SystemClock(),
                         new_seed=lambda: secrets.randbelow(2**31))


def league_service(storage: Storage, games: Mapping[str, Format], **reminders: Any
                   ) -> LeagueService:
    """The TV league (TV-7, TV-8, TV-12..TV-14) over ``storage``, reading the games played
    here with the deciders of ``games``, on the system clock unless ``reminders`` give a
    ``clock``; ``reminders`` (``scheduler``, ``messenger``, ``translator``, ``locale``) let it
    arm and send the session reminders (the running bot's; the terminal has none)."""
    clock = reminders.pop("clock", None) or SystemClock()
    return LeagueService(storage, GameResults(storage, games), clock, **reminders)


def chat_zones(storage: Storage, default: str = DEFAULT_ZONE) -> ChatZones:
    """The chats' time zones over ``storage``, ``default`` (``CHGK_TIMEZONE``) for a chat that
    set none."""
    return ChatZones(ChatSettingsStore(storage.engine), default)


CHAT_COMMANDS: Mapping[str, Callable[[Storage, Mapping[str, Format], BoardLinks | None],
                                      ChatCommand]] = {
    "season": lambda storage, games, links: season_command(season_service(storage, games)),
    "league": lambda storage, games, links: league_command(league_service(storage, games)),
    "board": lambda storage, games, links: board_command(storage, links),
    "timezone": lambda storage, games, links: timezone_command(chat_zones(storage),
                                                               SystemClock()),
    "schedule": lambda storage, games, links: schedule_command(
        CalendarService(CalendarStore(storage.engine), SystemClock()), games),
}
"""The chat commands outside any game, by name, each with how to build its handler over
storage, the formats and the scoreboard's links (None while the pages are off)."""


def chat_commands(storage: Storage, games: Mapping[str, Format],
                  links: BoardLinks | None = None, hub: BoardHub | None = None
                  ) -> dict[str, ChatCommand]:
    """The chat commands outside any game (``CHAT_COMMANDS``) over ``storage``, the formats
    ``games`` and the scoreboard's ``links`` (None: ``/board`` says the pages are off), by
    name; with the scoreboard's ``hub``, ``/season`` wakes the season pages once it ran."""
    commands = {name: build(storage, games, links) for name, build in CHAT_COMMANDS.items()}
    if hub is not None:
        commands["season"] = waking_seasons(commands["season"], hub)
    return commands


def run_bot(settings: Settings, translator: Translator, *, locale: str) -> int:
    """``chgk-bot run``: every messenger whose token is set, in one process; the console game
    when no token is set. Returns the exit code: 0 when stopped by SIGTERM or SIGINT (Ctrl-C).
    Raises StartupError when a messenger or the database cannot start."""
    adapters = messenger_adapters(settings, translator)
    if not adapters:
        print(translator("run-console", locale))
        return run_console(settings, translator, package=None, game_format="duel",
                           clock="real", locale=locale)
    configure_logging(settings.log_level, settings.log_format)
    log.info("chgk-bot %s, database %s", version(), _shown(settings.database_url))
    return asyncio.run(_serve(settings, translator, adapters, locale))


def messenger_adapters(settings: Settings, translator: Translator) -> list[Adapter]:
    """The adapters whose tokens are set (Telegram, Discord), built but not started.
    Raises SettingsError for a Telegram token that is not a token at all, or a webhook URL
    without a Telegram token (it would be ignored: updates would never come)."""
    adapters: list[Adapter] = []
    if settings.telegram_webhook_url and not settings.telegram_token:
        raise SettingsError("startup-webhook-without-token")
    if settings.telegram_token:
        from aiogram.utils.token import TokenValidationError

        from adapters.telegram import create_adapter as telegram

        try:
            adapters.append(telegram(settings, translator))
        except TokenValidationError:
            raise SettingsError("startup-telegram-token-malformed") from None
    if settings.discord_token:
        from adapters.discord import create_adapter as discord

        adapters.append(discord(settings, translator,
                                [fmt.commands for fmt in formats(settings).values()]))
    return adapters


async def build_service(settings: Settings, translator: Translator, messenger: Messenger,
                        locale: str, *, virtual: bool = False,
                        spellings: dict[str, Spelling] | None = None,
                        games: Mapping[str, Format] | None = None
                        ) -> tuple[GameService, Storage, LoopTimers | VirtualScheduler]:
    """Storage (migrated), a scheduler and a GameService over ``messenger``, with every
    unfinished game recovered; ``spellings`` are the messengers' ways of writing commands,
    by platform; ``games`` the formats (default: ``club_formats``; a test steers TV's
    spinning top through its own). The scheduler is a started LoopTimers, or with ``virtual`` a
    VirtualScheduler on a virtual clock starting now (its ``advance`` moves time). The caller
    calls ``shutdown(storage, scheduler)`` at the end. Raises StartupError when the database
    cannot be opened (locked, damaged, read-only)."""
    service, storage, scheduler, _ = await build_bot(settings, translator, messenger, locale,
                                                     virtual=virtual, spellings=spellings,
                                                     games=games)
    return service, storage, scheduler


async def build_bot(settings: Settings, translator: Translator, messenger: Messenger,
                    locale: str, *, virtual: bool = False,
                    spellings: dict[str, Spelling] | None = None,
                    games: Mapping[str, Format] | None = None,
                    metrics: PrometheusMetrics | None = None
                    ) -> tuple[GameService, Storage, LoopTimers | VirtualScheduler,
                               BoardServer | None]:
    """``build_service``, and the scoreboard pages' server (not started yet: the
    caller starts it) when ``settings.board_port`` is set, else None: its hub follows the
    service's commits. With ``metrics``, the service and the loop timers report to them and
    their snapshot reads the live games and the armed timers."""
    storage = await open_storage(settings.database_url, owner=True)
    scheduler: LoopTimers | VirtualScheduler
    if virtual:
        clock = VirtualClock(SystemClock().now())
        scheduler = VirtualScheduler(clock)
    else:
        clock, scheduler = SystemClock(), CalendarTimers()
    games = games or club_formats(storage, settings)
    board = None
    if settings.board_port is not None:
        links = BoardLinks(storage.boards, settings.board_url)
        pages = boards(games)
        board = BoardServer(BoardHub(storage, pages), translator, links,
                            season_service(storage, games), boards=pages, locale=locale)
    zones = chat_zones(storage, settings.timezone)
    # The league's reminders go through the bot's scheduler and messengers (TV-7).
    league = league_service(storage, games, clock=clock, scheduler=scheduler,
                            messenger=messenger, translator=translator, locale=locale,
                            zones=zones)
    commands = chat_commands(storage, games, board.links if board else None,
                             board.hub if board else None)
    sheets = None
    if board is not None:
        sheets = sheet_links(settings, board, clock)
        commands["sheet"] = sheet_command(storage, sheets)
    calendar = CalendarService(CalendarStore(storage.engine), clock, scheduler, messenger,
                               translator, spellings=spellings, zones=zones)
    service = game_service(storage, messenger, scheduler, clock, translator, formats=games,
                           chat_commands={**commands, "league": league_command(league),
                                          "timezone": timezone_command(zones, clock),
                                          "schedule": schedule_command(calendar, games)},
                           zones=zones,
                           default_locale=locale, spellings=spellings,
                           fetcher=PackageFetcher(Sources.from_settings(settings)),
                           effects={Event: (board.hub.on_event,)} if board else None)
    calendar.games = service
    league.calendar = calendar
    scheduler.callback = route(calendar, route_timers(service.on_timer, league))
    if board is not None and sheets is not None:
        add_sheet(board, sheets, service, translator, locale, clock)
    if metrics is not None:
        service.metrics = metrics
        metrics.snapshot.live_games = service.live_games
        if isinstance(scheduler, LoopTimers):
            scheduler.metrics = metrics
            metrics.snapshot.armed_timers = scheduler.armed
    if isinstance(scheduler, LoopTimers):
        scheduler.start()
    try:
        await service.recover()
        await league.recover()
        await calendar.recover()
    except DBAPIError as error:
        await shutdown(storage, scheduler)
        raise database_problem(error, settings.database_url) from None
    # What is loaded by now (modules, translations, recovered games) is frozen, and so is
    # what survives from then on, so that no pass of the garbage collector walks all the
    # games (bot/collector.py: those passes were the event loop's longest pauses).
    collector.install(CollectorPolicy(load=service.games_in_memory))
    return service, storage, scheduler, board


def _shown(url: str) -> str:
    parsed = make_url(url)
    return parsed.render_as_string(hide_password=True) if parsed.password else url


def database_problem(error: DBAPIError, url: str) -> StartupError:
    """The StartupError for a database that failed while the bot starts (the URL is shown
    with its password hidden)."""
    fault = storage_fault(error)
    if fault in ("locked", "readonly", "full"):
        return StartupError(f"startup-db-{fault}", url=_shown(url))
    if getattr(error.orig, "sqlite_errorname", None) in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
        return StartupError("startup-db-not-a-database", url=_shown(url))
    return StartupError("startup-db-unavailable", url=_shown(url), error=str(error.orig))


async def open_storage(url: str, *, owner: bool = False) -> Storage:
    """``Storage.open(url, owner=owner)``, its failures (a server that cannot be reached
    too) turned into StartupError with what to do; StoreInUse (another bot owns the
    database) passes through for the CLI to report."""
    try:
        return await Storage.open(url, owner=owner)
    except DBAPIError as error:
        raise database_problem(error, url) from None
    except OSError as error:
        # A database server down or a host name unknown: the driver's own socket error.
        raise StartupError("startup-db-unreachable", url=_shown(url),
                           error=str(error) or type(error).__name__) from None


def sheet_links(settings: Settings, board: BoardServer, clock: Clock) -> SheetLinks:
    """The answer sheet's links and signatures (``bot.board.sheet_links``): Telegram's init
    data checked with the bot's token, passes signed with ``settings.miniapp_secret``, else
    with a key derived from the bot's tokens (stable across restarts), else a random one
    (the console: its links end with the process)."""
    telegram = settings.telegram_token.get_secret_value() if settings.telegram_token else None
    given = settings.miniapp_secret or settings.discord_token or settings.telegram_token
    secret = given.get_secret_value().encode() if given else secrets.token_bytes(32)
    auth = PageAuth(secret, telegram_token=telegram, now=clock.now,
                    max_age=settings.miniapp_max_age)
    return SheetLinks(auth, board.links, app=settings.miniapp_link)


def add_sheet(board: BoardServer, sheets: SheetLinks, service: GameService,
              translator: Translator, locale: str, clock: Clock) -> None:
    """Serve the answer sheet and the jury desk (``bot.board.sheet``) beside the scoreboard,
    acting through ``service``."""
    sheets.actions = PageActions.of(service)
    pages = SheetPages(sheets.actions, sheets.auth, board.links.boards, translator,
                       sheets=sheet_views(service.formats), locale=locale, now=clock.now)
    board.more.append(pages.install)


async def start_board(board: BoardServer, settings: Settings, translator: Translator,
                      locale: str, tell: Callable[[str], object]) -> None:
    """Start the scoreboard pages on ``settings.board_host``/``board_port`` and ``tell`` the
    operator where (``board-serving``); raises StartupError when the port cannot be had."""
    assert settings.board_port is not None
    try:
        address = await board.start(settings.board_host, settings.board_port)
    except OSError as error:
        # The port as text: a number would be grouped ("8 090") in Russian.
        raise StartupError("startup-board-port", host=settings.board_host,
                           port=str(settings.board_port), error=str(error)) from None
    tell(translator.format("board-serving", {"url": board.links.base or address}, locale))


async def _start_servers(settings: Settings, translator: Translator, locale: str,
                         board: BoardServer | None, metrics: PrometheusMetrics | None,
                         storage: Storage, scheduler: LoopTimers | VirtualScheduler,
                         adapters: list[Adapter], tell: Callable[[str], object]
                         ) -> OpsServer | None:
    """Start the scoreboard pages and the ops endpoint, those that are set; returns the ops
    server. When one cannot start, what started is stopped, storage closed, and its
    StartupError raised."""
    ops = None
    try:
        if board is not None:
            await start_board(board, settings, translator, locale, tell)
        if metrics is not None:
            ops = await start_ops(settings, metrics, storage, adapters, translator, locale,
                                  tell)
    except StartupError:
        if board is not None:
            await board.stop()
        await shutdown(storage, scheduler)
        raise
    return ops


def stop_signal() -> tuple[asyncio.Event, list[str]]:
    """An event set by the first SIGTERM or SIGINT (how systemd, Docker and Ctrl-C stop a
    process), and a list that then holds the signal's name; call inside the running loop.
    A second signal changes nothing: the stop under way is not cut short."""
    stop, received = asyncio.Event(), []
    loop = asyncio.get_running_loop()

    def on_signal(sig: signal.Signals) -> None:
        if not received:
            received.append(sig.name)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)
    return stop, received


async def shutdown(storage: Storage, scheduler: LoopTimers | VirtualScheduler) -> None:
    """Stop the scheduler (a real one) and the garbage collector's policy, and close
    storage."""
    collector.uninstall()
    if isinstance(scheduler, LoopTimers):
        scheduler.shutdown()
    await storage.close()


async def _serve(settings: Settings, translator: Translator, adapters: list[Adapter],
                 locale: str) -> int:
    stop, received = stop_signal()
    messenger = RoutingMessenger({a.platform: a.messenger for a in adapters})
    metrics = ops_metrics(settings)
    service, storage, scheduler, board = await build_bot(
        settings, translator, messenger, locale,
        spellings={a.platform: a.spelling for a in adapters}, metrics=metrics)
    for adapter in adapters:
        # An adapter that paces by what it sent recently keeps that across restarts.
        remember = getattr(adapter, "remember_sends", None)
        if remember is not None:
            remember(RecentSends(storage.engine))
    ops = await _start_servers(settings, translator, locale, board, metrics, storage,
                               scheduler, adapters, log.info)
    runs = [asyncio.create_task(adapter.run(service)) for adapter in adapters]
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait([*runs, stopping], return_when=asyncio.FIRST_COMPLETED)
    finally:
        # Stop: no timer fires any more (the deadlines are in the log and are re-armed on the
        # next start), each adapter stops taking updates and lets the service finish what it
        # handles, then the database is closed.
        if isinstance(scheduler, LoopTimers):
            scheduler.shutdown()
        stopping.cancel()
        for run in runs:
            run.cancel()
        ended = await asyncio.gather(*runs, return_exceptions=True)
        # A question delivered while the messengers flushed starts its clock in the log; one
        # whose delivery was cut short is sent again at the next start.
        await service.idle()
        await service.settle()
        if board is not None:
            await board.stop()
        if ops is not None:
            await ops.stop()
        await shutdown(storage, scheduler)
    for result in ended:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            raise result
    log.info("stopped on %s: %d live games kept, their deadlines resume on the next start",
             received[0] if received else "request", service.live_games())
    return 0


def sample_package(game_format: str) -> Path:
    """The bundled package a console game of ``game_format`` plays without ``--package``."""
    return SAMPLE_TV_PACKAGE if game_format == "tv" else SAMPLE_PACKAGE


def run_console(settings: Settings, translator: Translator, *, package: Path | None,
                game_format: str, clock: str, locale: str, stdin: TextIO | None = None,
                stdout: TextIO | None = None) -> int:
    """``chgk-bot console``: play one game in the terminal, on ``package`` or the format's
    bundled one (``sample_package``); returns the exit code.

    0 at the end of input (the final score printed) or when stopped by SIGTERM or SIGINT
    (Ctrl-C: the game is kept and goes on at the next start), 1 when the package has errors,
    2 when it cannot be read. Raises StartupError when the database cannot be opened.
    """
    # The terminal is the game's screen: only warnings, unless the operator asked for a level.
    level = settings.log_level if "log_level" in settings.model_fields_set else "WARNING"
    configure_logging(level, settings.log_format)
    return asyncio.run(_console(settings, translator,
                                package=package or sample_package(game_format),
                                game_format=game_format, virtual=clock == "virtual",
                                locale=locale, stdin=stdin or sys.stdin,
                                stdout=stdout or sys.stdout))


async def _console(settings: Settings, translator: Translator, *, package: Path,
                   game_format: str, virtual: bool, locale: str, stdin: TextIO,
                   stdout: TextIO) -> int:
    def say(key: str, args: dict[str, Any] | None = None) -> None:
        stdout.write(translator.format(key, args, locale) + "\n")
        stdout.flush()

    try:
        imported = load_package(package)
    except PackageReadError as error:
        say(error.key, {**error.args, "file": str(package)})
        return 2
    if not imported.usable:
        say("console-package-unusable", {"file": str(package)})
        for problem in imported.problems:
            say("package-check-problem", {
                "file": str(package), "line": problem.line,
                "severity": translator(f"package-check-{problem.severity}", locale),
                "message": translator.format(problem.key, problem.args, locale)})
        return 1
    unfit = formats(settings)[game_format].package_problem(imported.package)
    if unfit is not None:
        say("console-package-unusable", {"file": str(package)})
        say(unfit.reason, unfit.args)
        return 1

    stop, _ = stop_signal()
    messenger = ConsoleMessenger(stdout)
    metrics = ops_metrics(settings)
    service, storage, scheduler, board = await build_bot(settings, translator, messenger,
                                                         locale, virtual=virtual,
                                                         metrics=metrics)
    ops = await _start_servers(settings, translator, locale, board, metrics, storage,
                               scheduler, [], lambda text: stdout.write(text + "\n"))
    advance = scheduler.advance if isinstance(scheduler, VirtualScheduler) else None
    try:
        try:
            package_id = await storage.save_package(imported.package, package.name,
                                                    package.read_bytes())
        except DBAPIError as error:
            raise database_problem(error, settings.database_url) from None
        service.set_chat_package(GAME_CHAT, package_id)
        game = service.game_in(GAME_CHAT)
        if game is not None and game.fmt.is_live(game.state):
            say("console-resumed", {"id": game.info.id})
            key, args = game.fmt.status(game.state)
            say(key, args)
        else:
            await service.create_game(GAME_CHAT, game_format, HOST, HOST, locale=locale,
                                      host_locale=locale)
        say("console-help")
        session = ConsoleSession(service, messenger, say, locale=locale, advance=advance,
                                 stop=stop)
        if not await session.run(await read_lines(stdin)):
            if isinstance(scheduler, LoopTimers):
                scheduler.shutdown()
            await service.idle()
            await service.settle()
            say("console-stopped")
            return 0
        game = await service.current_game(GAME_CHAT)
        if game is not None:
            key, args = game.fmt.status(game.state)
            say("console-final", {"score": translator.format(key, args, locale)})
        return 0
    finally:
        if board is not None:
            await board.stop()
        if ops is not None:
            await ops.stop()
        await shutdown(storage, scheduler)
