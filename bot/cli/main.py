"""The ``chgk-bot`` command line: ``run``, ``console``, ``package check``, ``judge``, ``season``,
``league`` (``bot.league.cli``), ``db upgrade|backup|restore``, ``export``, ``discord invite``
and ``--version``.

Each sub-command returns a process exit code; user errors are printed as localised messages,
never as tracebacks. ``run`` and ``console`` exit with 1 when they cannot start (one line says
what is wrong and what to do), with 2 for settings that cannot work, and with 0 when stopped
by SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from bot.cli.parser import CliParser, parser_class, wanted_locale
from bot.i18n import SUPPORTED_LOCALES, Translator
from bot.ops.logs import version
from bot.settings import Settings, database_url


def _whole_number(text: str) -> int:
    """An argparse type: a whole number of at most nine digits (ids, seeds, votes)."""
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    return int(text)


def _whole_number_id(text: str) -> int:
    """An argparse type: a Discord id (a snowflake: a whole number of up to twenty digits)."""
    if not text.isascii() or not text.isdigit() or len(text) > 20:
        raise argparse.ArgumentTypeError(f"not an id: {text!r}")
    return int(text)


def _database_problem(url: str, *, connects: bool = True) -> tuple[str, dict[str, Any]] | None:
    """Why ``url`` cannot be used, as a Fluent key and its arguments, or None: SQLAlchemy must
    know the URL's driver, the database must be SQLite or PostgreSQL (the migrations and the
    owner's lock are written for those two), the driver an asyncio one, and, for a command
    that ``connects``
    through it, it must be installed (asyncpg comes with the ``postgres`` extra). Checked
    before anything runs."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "cli-bad-database", {"url": url}
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        return "cli-database-unsupported", {"database": parsed.get_backend_name()}
    try:
        dialect = parsed.get_dialect()
    except NoSuchModuleError:
        return "cli-bad-database", {"url": url}
    # The bot runs on asyncio: "sqlite://" must be "sqlite+aiosqlite://".
    if not getattr(dialect, "is_async", False):
        return "cli-bad-database", {"url": url}
    if not connects:
        return None
    try:
        dialect.import_dbapi()
    except ImportError:
        return "cli-database-driver-missing", {"driver": dialect.driver}
    return None


def _parser(parser_class: type[CliParser]) -> argparse.ArgumentParser:
    """The whole command line; its parsers (sub-commands' too) are ``parser_class``'s. Help
    texts and descriptions are Fluent keys (``cli-help-*``, ``locales/*/cli.ftl``), put into
    words by ``bot.cli.parser`` when ``--help`` is shown."""
    parser = parser_class(prog="chgk-bot", description="cli-help-description")
    parser.add_argument("--locale", choices=SUPPORTED_LOCALES, help="cli-help-locale")
    parser.add_argument("--version", action="version", version=f"chgk-bot {version()}",
                        help="cli-help-version")
    sub = parser.add_subparsers(dest="command")

    _command(sub, "run", "cli-help-run")

    console = _command(sub, "console", "cli-help-console")
    console.add_argument("--package", type=Path, help="cli-help-console-package")
    console.add_argument("--format", default="duel", choices=["duel", "sync", "tv"],
                         dest="game_format", help="cli-help-console-format")
    console.add_argument("--clock", default="real", choices=["real", "virtual"],
                         help="cli-help-console-clock")
    console.add_argument("--locale", dest="console_locale", choices=SUPPORTED_LOCALES,
                         help="cli-help-locale")
    console.add_argument("--database", help="cli-help-database")

    package = _command(sub, "package", "cli-help-package")
    package_sub = package.add_subparsers(dest="package_command", required=True)
    check = _command(package_sub, "check", "cli-help-package-check")
    check.add_argument("file", help="cli-help-package-check-file")
    check.add_argument("--json", action="store_true", help="cli-help-package-check-json")

    judge = _command(sub, "judge", "cli-help-judge")
    judge.add_argument("given", help="cli-help-judge-given")
    judge.add_argument("--answer", help="cli-help-judge-answer")
    judge.add_argument("--accepted", action="append", default=[],
                       help="cli-help-judge-accepted")
    judge.add_argument("--rejected", action="append", default=[],
                       help="cli-help-judge-rejected")
    judge.add_argument("--zachet", help="cli-help-judge-zachet")
    judge.add_argument("--nezachet", help="cli-help-judge-nezachet")
    judge.add_argument("--package", type=Path, help="cli-help-judge-package")
    judge.add_argument("--question", type=_whole_number, help="cli-help-judge-question")

    _season_parser(sub)
    _league_parser(sub)
    _admin_parsers(sub)
    return parser


def _command(parsers: Any, name: str, key: str, **kwargs: Any) -> argparse.ArgumentParser:
    """Sub-command ``name`` of ``parsers`` (an ``add_subparsers`` result), told by the Fluent
    ``key`` both in its parent's list of commands and atop its own ``--help``."""
    return parsers.add_parser(name, help=key, description=key, **kwargs)


def _common(locale_dest: str) -> argparse.ArgumentParser:
    """The parent parser of a group's leaf commands: ``--database`` and ``--locale`` (into
    ``locale_dest``, so that it may also follow the sub-command)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--database", help="cli-help-database")
    common.add_argument("--locale", dest=locale_dest, choices=SUPPORTED_LOCALES,
                        help="cli-help-locale")
    return common


def _admin_parsers(sub: Any) -> None:
    """``chgk-bot db upgrade``, ``chgk-bot db backup FILE``, ``chgk-bot db restore FILE`` and
    ``chgk-bot export``, run by ``bot.cli.admin``; ``chgk-bot discord invite``."""
    database = _common("admin_locale")
    db = _command(sub, "db", "cli-help-db")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    _command(db_sub, "upgrade", "cli-help-db-upgrade", parents=[database])
    backup = _command(db_sub, "backup", "cli-help-db-backup", parents=[database])
    backup.add_argument("file", type=Path, help="cli-help-db-backup-file")
    restore = _command(db_sub, "restore", "cli-help-db-restore", parents=[database])
    restore.add_argument("file", type=Path, help="cli-help-db-restore-file")
    export = _command(sub, "export", "cli-help-export", parents=[database])
    export.add_argument("--season", help="cli-help-export-season")
    export.add_argument("--game", type=_whole_number, help="cli-help-export-game")
    export.add_argument("--league", help="cli-help-export-league")
    export.add_argument("--format", dest="export_format",
                        choices=["json", "csv", "rating", "roster"], default="json",
                        help="cli-help-export-format")
    export.add_argument("--out", "--output", dest="output", type=Path,
                        help="cli-help-export-out")
    export.add_argument("--roster", type=Path, help="cli-help-export-roster")
    discord = _command(sub, "discord", "cli-help-discord")
    discord_sub = discord.add_subparsers(dest="discord_command", required=True)
    invite = _command(discord_sub, "invite", "cli-help-discord-invite")
    invite.add_argument("--client-id", type=_whole_number_id, help="cli-help-discord-client-id")


def _season_parser(sub: Any) -> None:
    """``chgk-bot season …`` (DUEL-6, 7; SYNC seasons), run by
    ``bot.season.run_season``; every leaf command takes ``--database`` and ``--locale`` (also
    after the sub-command, as ``console`` does)."""
    season = _command(sub, "season", "cli-help-season")
    database = _common("season_locale")

    def leaf(parsers: Any, name: str) -> argparse.ArgumentParser:
        key = f"cli-help-season-{name}"
        return _command(parsers, name, key, parents=[database])

    cmds = season.add_subparsers(dest="season_command", required=True)
    create = leaf(cmds, "create")
    create.add_argument("name", help="cli-help-season-create-name")
    create.add_argument("--after", help="cli-help-season-create-after")
    create.add_argument("--host", help="cli-help-season-create-host")
    create.add_argument("--keeper", help="cli-help-season-create-keeper")
    register = leaf(cmds, "register")
    register.add_argument("season", help="cli-help-season-name")
    register.add_argument("team", help="cli-help-season-team")
    register.add_argument("--captain", required=True, help="cli-help-season-register-captain")
    approve = leaf(cmds, "approve")
    approve.add_argument("season", help="cli-help-season-name")
    approve.add_argument("team", help="cli-help-season-team")
    approve.add_argument("--as", dest="as_role", choices=["host", "keeper"], required=True,
                         help="cli-help-season-approve-as")
    order = leaf(cmds, "order")
    order.add_argument("season", help="cli-help-season-name")
    order.add_argument("--seed", type=_whole_number, help="cli-help-season-order-seed")
    record = leaf(cmds, "record")
    record.add_argument("season", help="cli-help-season-name")
    record.add_argument("--game", type=_whole_number, help="cli-help-season-record-game")
    record.add_argument("--team", help="cli-help-season-record-team")
    record.add_argument("--score", help="cli-help-season-record-score")
    record.add_argument("--decisive", action="store_true",
                        help="cli-help-season-record-decisive")
    record.add_argument("--best", help="cli-help-season-record-best")
    record.add_argument("--date", type=datetime.fromisoformat,
                        help="cli-help-season-record-date")
    record.add_argument("--again", action="store_true", help="cli-help-season-record-again")
    standings = leaf(cmds, "standings")
    standings.add_argument("season", nargs="?", help="cli-help-season-standings-season")
    leaf(cmds, "list")
    vote = _command(cmds, "vote", "cli-help-season-vote")
    votes = vote.add_subparsers(dest="vote_command", required=True)
    open_ = leaf(votes, "open")
    open_.add_argument("season", help="cli-help-season-name")
    open_.add_argument("team", help="cli-help-season-team")
    open_.add_argument("--captains", required=True, help="cli-help-season-open-captains")
    cast = leaf(votes, "cast")
    cast.add_argument("vote", type=_whole_number, help="cli-help-season-cast-vote")
    cast.add_argument("voter", help="cli-help-season-cast-voter")
    cast.add_argument("verdict", choices=["yes", "no"], help="cli-help-season-cast-verdict")


def _league_parser(sub: Any) -> None:
    """``chgk-bot league …`` (TV-7, TV-8, TV-12..14), run by ``bot.league.cli.run_league``;
    each leaf takes ``--database`` and ``--locale``."""
    league = _command(sub, "league", "cli-help-league")
    common = _common("league_locale")
    cmds = league.add_subparsers(dest="league_command", required=True)
    create = _command(cmds, "create", "cli-help-league-create", parents=[common])
    create.add_argument("name", help="cli-help-league-create-name")
    _command(cmds, "list", "cli-help-league-list", parents=[common])
    standings_ = _command(cmds, "standings", "cli-help-league-standings", parents=[common])
    standings_.add_argument("--league", help="cli-help-league-name")
    standings_.add_argument("--format", dest="league_format", default="text",
                            choices=["text", "csv", "json"],
                            help="cli-help-league-standings-format")
    record = _command(cmds, "record", "cli-help-league-record", parents=[common])
    record.add_argument("--league", help="cli-help-league-name")
    record.add_argument("--day", required=True, help="cli-help-league-record-day")
    record.add_argument("--session", default="sun", choices=["sun", "wed", "final"],
                        help="cli-help-league-record-session")
    record.add_argument("--game", required=True, type=int, help="cli-help-league-record-game")


def _export(args: argparse.Namespace, database: str, settings: Settings,
            translator: Translator, locale: str) -> int:
    """``chgk-bot export``: a league's standings, or a season's or game's results; a file that
    cannot be written is one line naming it and the system's reason (exit 1), and the file
    that was there before is left as it was."""
    from bot.bootstrap import formats, league_service, season_service
    from bot.cli.export import WriteError

    try:
        if args.league is not None:
            from bot.league.cli import export_league

            return export_league(args, database, translator, locale, sys.stdout,
                                 lambda storage: league_service(storage, formats(settings)))
        from bot.cli.admin import run_export

        return run_export(args, database, translator, locale, sys.stdout,
                          lambda storage: season_service(storage, formats(settings)))
    except WriteError as error:
        print(translator.format("export-write-failed",
                                {"file": str(error.path), "error": error.detail}, locale),
              file=sys.stderr)
        return 1


DATABASE_COMMANDS = ("run", "console", "season", "league", "db", "export")
"""The sub-commands that open the database (its URL is checked first)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the sub-command, return its exit code.
    A command line argparse refuses is told in the user's language (``bot.cli.parser``) and
    exits with 2."""
    argv = sys.argv[1:] if argv is None else list(argv)
    invalid: ValidationError | None = None
    try:
        settings = Settings()
    except ValidationError as error:
        invalid = error
    asked = parser_class(wanted_locale(argv, None if invalid else settings.locale))
    args = _parser(asked).parse_args(argv)
    translator = asked.shared_translator()
    if invalid is not None:
        from bot.ops.startup import settings_problems

        print(translator("cli-bad-settings", asked.locale,
                         problems=settings_problems(invalid, translator, asked.locale)),
              file=sys.stderr)
        return 2
    locale = getattr(args, "console_locale", None) or getattr(args, "season_locale", None) \
        or getattr(args, "league_locale", None) or getattr(args, "admin_locale", None) \
        or args.locale or settings.locale
    if locale != translator.default:
        translator = Translator(default=locale)
    command = args.command or "run"
    database = database_url(getattr(args, "database", None) or settings.database_url)
    # "db backup" and "db restore" copy SQLite with the standard library and only name
    # PostgreSQL's tools otherwise.
    connects = not (command == "db" and args.db_command in ("backup", "restore"))
    problem = _database_problem(database, connects=connects) \
        if command in DATABASE_COMMANDS else None
    if problem is None and command in ("run", "console") and not args_database(args):
        problem = _legacy_problem(settings)
    if problem is not None:
        print(translator.format(*problem, locale), file=sys.stderr)
        return 2
    from storage.db import StoreInUse

    try:
        return _dispatch(command, args, settings, database, translator, locale)
    except StoreInUse as busy:
        print(translator("cli-store-in-use", locale, where=busy.where,
                         pid=str(busy.pid) if busy.pid else "none"),
              file=sys.stderr)
        return 2


def args_database(args: argparse.Namespace) -> str | None:
    """The ``--database`` given on the command line, if any."""
    return getattr(args, "database", None)


def _legacy_problem(settings: Settings) -> tuple[str, dict[str, Any]] | None:
    """The refusal to start on a new, empty database in the state folder while an older
    version's ``data/chgk.sqlite3`` lies in the current folder (``legacy_database``)."""
    from bot.ops.startup import legacy_database
    from bot.settings import default_database_url, state_folder

    old = legacy_database(settings, Path.cwd())
    if old is None:
        return None
    return "startup-db-legacy", {"old": str(old), "folder": str(state_folder()),
                                 "url": default_database_url()}


def _dispatch(command: str, args: argparse.Namespace, settings: Settings, database: str,
              translator: Translator, locale: str) -> int:
    if command == "package":
        from bot.packages.check import run_check
        from bot.packages.fetch import Sources

        return run_check(args.file, as_json=args.json, translator=translator, locale=locale,
                         out=sys.stdout, sources=Sources.from_settings(settings))
    if command == "judge":
        from bot.answers import run_judge

        if (args.package is None) == (args.answer is None) or \
                (args.package is not None) != (args.question is not None):
            print(translator("judge-error-usage", locale), file=sys.stderr)
            return 2
        return run_judge(args.given, answer=args.answer, accepted=args.accepted,
                         rejected=args.rejected, zachet=args.zachet, nezachet=args.nezachet,
                         package=args.package, question=args.question,
                         translator=translator, locale=locale, out=sys.stdout)
    if command == "season":
        from bot.bootstrap import formats, season_service
        from bot.season import run_season

        return run_season(args, database, translator, locale, sys.stdout,
                          lambda storage: season_service(storage, formats(settings)))
    if command == "league":
        from bot.bootstrap import formats, league_service
        from bot.league.cli import run_league

        return run_league(args, database, translator, locale, sys.stdout,
                          lambda storage: league_service(storage, formats(settings)))
    if command == "db":
        from bot.cli.admin import run_db

        return run_db(args, database, translator, locale, sys.stdout)
    if command == "export":
        return _export(args, database, settings, translator, locale)
    if command == "discord":
        from adapters.discord.invite import run_invite

        return run_invite(args.client_id, settings.discord_token, translator, locale,
                          sys.stdout, sys.stderr)
    from bot.bootstrap import run_bot, run_console
    from bot.ports import SettingsError, StartupError

    try:
        if command == "console":
            if args.database:
                settings = settings.model_copy(update={"database_url": database})
            return run_console(settings, translator, package=args.package,
                               game_format=args.game_format, clock=args.clock, locale=locale)
        return run_bot(settings, translator, locale=locale)
    except StartupError as error:
        print(translator.format(error.key, error.args_, locale), file=sys.stderr)
        return 2 if isinstance(error, SettingsError) else 1
    except KeyboardInterrupt:
        # Ctrl-C before the bot could take signals itself (still starting): nothing to keep.
        return 130


if __name__ == "__main__":
    sys.exit(main())
