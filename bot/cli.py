"""The ``chgk-bot`` command line: ``run``, ``console``, ``package check``, ``judge``, ``season``,
``league`` (``bot.league_cli``), ``db upgrade|backup`` and ``export``.

Each sub-command returns a process exit code; user errors are printed as localised messages,
never as tracebacks. ``run`` and ``console`` exit with 1 when they cannot start (one line says
what is wrong and what to do) and with 0 when stopped by SIGTERM or SIGINT.
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

from bot.cli_parser import parser_class, wanted_locale
from bot.i18n import SUPPORTED_LOCALES, Translator
from bot.settings import Settings


def _whole_number(text: str) -> int:
    """An argparse type: a whole number of at most nine digits (ids, seeds, votes)."""
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    return int(text)


def _database_problem(url: str, *, connects: bool = True) -> tuple[str, dict[str, Any]] | None:
    """Why ``url`` cannot be used, as a Fluent key and its arguments, or None: SQLAlchemy must
    know the URL's driver, it must be an asyncio one, and, for a command that ``connects``
    through it, it must be installed (asyncpg comes with the ``postgres`` extra). Checked
    before anything runs."""
    try:
        dialect = make_url(url).get_dialect()
    except (ArgumentError, NoSuchModuleError):
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


def _parser(parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser
            ) -> argparse.ArgumentParser:
    """The whole command line; its parsers (sub-commands' too) are ``parser_class``'s."""
    parser = parser_class(prog="chgk-bot", description="Что? Где? Когда? game host bot")
    parser.add_argument("--locale", choices=SUPPORTED_LOCALES, help="language of messages")
    sub = parser.add_subparsers(dest="command")

    sub.add_parser("run", help="start the bot (console when no messenger token is set)")

    console = sub.add_parser("console", help="play a game in the terminal")
    console.add_argument("--package", type=Path, help="question package (default: the sample)")
    console.add_argument("--format", default="duel", choices=["duel", "sync", "tv"],
                         dest="game_format")
    console.add_argument("--clock", default="real", choices=["real", "virtual"])
    console.add_argument("--locale", dest="console_locale", choices=SUPPORTED_LOCALES)
    console.add_argument("--database", help="SQLAlchemy URL (default: CHGK_DATABASE_URL)")

    package = sub.add_parser("package", help="question packages")
    package_sub = package.add_subparsers(dest="package_command", required=True)
    check = package_sub.add_parser("check", help="parse a package and report problems")
    check.add_argument("file", help="a package file, or a link or db.chgk.info id to fetch")
    check.add_argument("--json", action="store_true", help="print the parsed package as JSON")

    judge = sub.add_parser("judge", help="how the bot would judge an answer")
    judge.add_argument("given", help="the answer a team gave")
    judge.add_argument("--answer", help="the author's answer (not with --package)")
    judge.add_argument("--accepted", action="append", default=[], help="one accepted answer")
    judge.add_argument("--rejected", action="append", default=[], help="one rejected answer")
    judge.add_argument("--zachet", help="the Зачёт text as written, prose rules and all")
    judge.add_argument("--nezachet", help="the Незачёт text as written")
    judge.add_argument("--package", type=Path, help="judge against a question of this package")
    judge.add_argument("--question", type=_whole_number, help="the question's number")

    _season_parser(sub)
    _league_parser(sub)
    _admin_parsers(sub)
    return parser


def _admin_parsers(sub: Any) -> None:
    """``chgk-bot db upgrade``, ``chgk-bot db backup FILE`` and ``chgk-bot export``, run by
    ``bot.admin``."""
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument("--database", help="SQLAlchemy URL (default: CHGK_DATABASE_URL)")
    database.add_argument("--locale", dest="admin_locale", choices=SUPPORTED_LOCALES,
                          help="language of messages")
    db = sub.add_parser("db", help="the database: migrations and backups")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", parents=[database],
                      help="apply every pending migration (Alembic upgrade head)")
    backup = db_sub.add_parser("backup", parents=[database],
                               help="copy a SQLite database, also while the bot runs")
    backup.add_argument("file", type=Path, help="where the copy goes (replaced if it exists)")
    export = sub.add_parser("export", parents=[database],
                            help="a season's standings and games, or a game's final table")
    export.add_argument("--season", help="the season's name (default: the newest)")
    export.add_argument("--game", type=_whole_number,
                        help="a finished game's id: its final table instead of a season")
    export.add_argument("--league", help="a TV league's name: its standings (csv or json) "
                                         "instead of a season")
    export.add_argument("--format", dest="export_format",
                        choices=["json", "csv", "rating", "roster"], default="json",
                        help="rating: the rating site's results of a SYNC game (its roster "
                             "beside --out); roster: the club's roster file of its teams")
    export.add_argument("--out", "--output", dest="output", type=Path,
                        help="write to this file instead of stdout")
    export.add_argument("--roster", type=Path,
                        help="the club's roster file with the rating site's ids (read by "
                             "--format rating; --format roster adds the game's teams to it)")


def _season_parser(sub: Any) -> None:
    """``chgk-bot season …`` (DUEL-6, 7; SYNC seasons, issue 12), run by
    ``bot.season.run_season``; every leaf command takes ``--database`` and ``--locale`` (also
    after the sub-command, as ``console`` does)."""
    season = sub.add_parser("season", help="seasons of DUEL and SYNC games (DUEL-6, 7)")
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument("--database", help="SQLAlchemy URL (default: CHGK_DATABASE_URL)")
    database.add_argument("--locale", dest="season_locale", choices=SUPPORTED_LOCALES,
                          help="language of messages")

    def leaf(parsers: Any, name: str, help_: str) -> argparse.ArgumentParser:
        return parsers.add_parser(name, parents=[database], help=help_)

    cmds = season.add_subparsers(dest="season_command", required=True)
    create = leaf(cmds, "create", "create a season")
    create.add_argument("name")
    create.add_argument("--after", help="last season, whose standings order the games")
    create.add_argument("--host", help="the season's host (created by name if new)")
    create.add_argument("--keeper", help="the season's keeper of traditions (created if new)")
    register = leaf(cmds, "register", "register a team with its captain")
    register.add_argument("season")
    register.add_argument("team")
    register.add_argument("--captain", required=True, help="created by name if new")
    approve = leaf(cmds, "approve", "the host's or the keeper's agreement (DUEL-7.2)")
    approve.add_argument("season")
    approve.add_argument("team")
    approve.add_argument("--as", dest="as_role", choices=["host", "keeper"], required=True)
    order = leaf(cmds, "order", "order the season's games (DUEL-6.1, 6.2)")
    order.add_argument("season")
    order.add_argument("--seed", type=_whole_number, help="replay a lot drawn before")
    record = leaf(cmds, "record", "count a game in the season")
    record.add_argument("season")
    record.add_argument("--game", type=_whole_number,
                        help="id of a finished game played in the bot")
    record.add_argument("--team", help="team of a game played elsewhere")
    record.add_argument("--score", help="its final score, team:host, e.g. 6:3")
    record.add_argument("--decisive", action="store_true", help="it ended in a decisive round")
    record.add_argument("--best", help="its best player (recorded as a player of the team)")
    record.add_argument("--date", type=datetime.fromisoformat,
                        help="when it was played, YYYY-MM-DD[THH:MM] UTC (needed with --team: "
                             "the later of equal wins goes to the final, DUEL-6.3.1)")
    record.add_argument("--again", action="store_true",
                        help="a second game of the team with the same score on that date")
    standings = leaf(cmds, "standings", "the standings and the finalist")
    standings.add_argument("season", nargs="?")
    leaf(cmds, "list", "every season")
    vote = cmds.add_parser("vote", help="fair-play votes (DUEL-7.1)")
    votes = vote.add_subparsers(dest="vote_command", required=True)
    open_ = leaf(votes, "open", "open a vote about a team")
    open_.add_argument("season")
    open_.add_argument("team")
    open_.add_argument("--captains", required=True, help="comma-separated captains' names")
    cast = leaf(votes, "cast", "record one voter's open vote")
    cast.add_argument("vote", type=_whole_number)
    cast.add_argument("voter")
    cast.add_argument("verdict", choices=["yes", "no"], help="yes: fair play was broken")


def _league_parser(sub: Any) -> None:
    """``chgk-bot league …`` (TV-7, TV-8, TV-12..14), run by ``bot.league_cli.run_league``;
    each leaf takes ``--database`` and ``--locale``."""
    league = sub.add_parser("league", help="the TV club league (TV-7, TV-8, TV-12..14)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--database", help="SQLAlchemy URL (default: CHGK_DATABASE_URL)")
    common.add_argument("--locale", dest="league_locale", choices=SUPPORTED_LOCALES,
                        help="language of messages")
    cmds = league.add_subparsers(dest="league_command", required=True)
    create = cmds.add_parser("create", parents=[common], help="create a league")
    create.add_argument("name")
    cmds.add_parser("list", parents=[common], help="every league")
    standings_ = cmds.add_parser("standings", parents=[common],
                                 help="the season table, best central players, the final")
    standings_.add_argument("--league", help="the league's name (default: the newest)")
    standings_.add_argument("--format", dest="league_format", default="text",
                            choices=["text", "csv", "json"])
    record = cmds.add_parser("record", parents=[common], help="count a finished TV game")
    record.add_argument("--league", help="the league's name (default: the newest)")
    record.add_argument("--day", required=True, help="1..5, or final")
    record.add_argument("--session", default="sun", choices=["sun", "wed", "final"])
    record.add_argument("--game", required=True, type=int, help="the game's id")


DATABASE_COMMANDS = ("run", "console", "season", "league", "db", "export")
"""The sub-commands that open the database (its URL is checked first)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the sub-command, return its exit code.
    A command line argparse refuses is told in the user's language (``bot.cli_parser``) and
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
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'CHGK'}: {e['msg']}"
                             for e in invalid.errors())
        print(translator("cli-bad-settings", asked.locale, problems=problems),
              file=sys.stderr)
        return 2
    locale = getattr(args, "console_locale", None) or getattr(args, "season_locale", None) \
        or getattr(args, "league_locale", None) or getattr(args, "admin_locale", None) \
        or args.locale or settings.locale
    if locale != translator.default:
        translator = Translator(default=locale)
    command = args.command or "run"
    database = getattr(args, "database", None) or settings.database_url
    # "db backup" copies SQLite with the standard library and only names pg_dump otherwise.
    connects = not (command == "db" and args.db_command == "backup")
    problem = _database_problem(database, connects=connects) \
        if command in DATABASE_COMMANDS else None
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
        from bot.league_cli import run_league

        return run_league(args, database, translator, locale, sys.stdout,
                          lambda storage: league_service(storage, formats(settings)))
    if command == "db":
        from bot.admin import run_db

        return run_db(args, database, translator, locale, sys.stdout)
    if command == "export" and args.league is not None:
        from bot.bootstrap import formats, league_service
        from bot.league_cli import export_league

        return export_league(args, database, translator, locale, sys.stdout,
                             lambda storage: league_service(storage, formats(settings)))
    if command == "export":
        from bot.admin import run_export
        from bot.bootstrap import formats, season_service

        return run_export(args, database, translator, locale, sys.stdout,
                          lambda storage: season_service(storage, formats(settings)))
    from bot.bootstrap import run_bot, run_console
    from bot.ports import StartupError

    try:
        if command == "console":
            if args.database:
                settings = settings.model_copy(update={"database_url": args.database})
            return run_console(settings, translator, package=args.package,
                               game_format=args.game_format, clock=args.clock, locale=locale)
        return run_bot(settings, translator, locale=locale)
    except StartupError as error:
        print(translator.format(error.key, error.args_, locale), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C before the bot could take signals itself (still starting): nothing to keep.
        return 130


if __name__ == "__main__":
    sys.exit(main())
