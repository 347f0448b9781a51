"""The ``chgk-bot`` command line: ``run``, ``console``, ``package check``, ``judge``.

Each sub-command returns a process exit code; user errors are printed as localised messages,
never as tracebacks.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.i18n import SUPPORTED_LOCALES, Translator
from bot.settings import Settings


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="chgk-bot", description="Что? Где? Когда? game host bot")
    parser.add_argument("--locale", choices=SUPPORTED_LOCALES, help="language of messages")
    sub = parser.add_subparsers(dest="command")

    sub.add_parser("run", help="start the bot (console when no messenger token is set)")

    console = sub.add_parser("console", help="play a game in the terminal")
    console.add_argument("--package", type=Path, help="question package (default: the sample)")
    console.add_argument("--format", default="duel", choices=["duel"], dest="game_format")
    console.add_argument("--clock", default="real", choices=["real", "virtual"])
    console.add_argument("--locale", dest="console_locale", choices=SUPPORTED_LOCALES)
    console.add_argument("--database", help="SQLAlchemy URL (default: CHGK_DATABASE_URL)")

    package = sub.add_parser("package", help="question packages")
    package_sub = package.add_subparsers(dest="package_command", required=True)
    check = package_sub.add_parser("check", help="parse a package and report problems")
    check.add_argument("file", type=Path)
    check.add_argument("--json", action="store_true", help="print the parsed package as JSON")

    judge = sub.add_parser("judge", help="how the bot would judge an answer")
    judge.add_argument("given", help="the answer a team gave")
    judge.add_argument("--answer", required=True, help="the author's answer")
    judge.add_argument("--accepted", action="append", default=[], help="one accepted answer")
    judge.add_argument("--rejected", action="append", default=[], help="one rejected answer")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the sub-command, return its exit code."""
    args = _parser().parse_args(argv)
    settings = Settings()
    locale = getattr(args, "console_locale", None) or args.locale or settings.locale
    translator = Translator(default=locale)
    command = args.command or "run"
    if command == "package":
        from bot.packages.check import run_check

        return run_check(args.file, as_json=args.json, translator=translator, locale=locale,
                         out=sys.stdout)
    if command == "judge":
        from bot.answers import run_judge

        return run_judge(args.given, answer=args.answer, accepted=args.accepted,
                         rejected=args.rejected, translator=translator, locale=locale,
                         out=sys.stdout)
    from bot.bootstrap import run_bot, run_console

    if command == "console":
        if args.database:
            settings = settings.model_copy(update={"database_url": args.database})
        return run_console(settings, translator, package=args.package, game_format=args.game_format,
                           clock=args.clock, locale=locale)
    return run_bot(settings, translator, locale=locale)


if __name__ == "__main__":
    sys.exit(main())
