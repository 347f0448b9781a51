"""``chgk-bot package check FILE|LINK [--json]``: import a package and report what was found."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import Translator
from bot.packages import ImportResult, PackageReadError, load_package, parse_package
from bot.packages.fetch import PackageFetcher, Sources, absolute_media, public_media, recognise
from bot.packages.model import Package, QuestionKind


def _package_json(package: Package | None) -> dict[str, Any]:
    if package is None:
        return {}
    data = package.to_dict()
    for tour_data, tour in zip(data["tours"], package.tours, strict=True):
        for question_data, question in zip(tour_data["questions"], tour.questions, strict=True):
            question_data["picture"] = question.picture
    return data


def _print_summary(result: ImportResult, path: Path | str, say: Any, out: TextIO) -> None:
    package = result.package
    if package is not None:
        print(
            say("package-check-title", title=package.title, format=package.source_format), file=out
        )
        for number, tour in enumerate(package.tours, 1):
            title = tour.title or say("package-check-untitled-tour", number=str(number))
            print(say("package-check-tour", title=title, count=len(tour.questions)), file=out)
        zero = sum(q.kind is QuestionKind.ZERO for q in package.questions)
        print(say("package-check-total", count=len(package.questions), zero=zero), file=out)
    for problem in result.problems:
        print(
            say(
                "package-check-problem",
                file=str(path),
                line=str(problem.line),
                severity=say(f"package-check-{problem.severity}"),
                message=say(problem.key, **problem.args),
            ),
            file=out,
        )
    if not result.problems:
        print(say("package-check-clean"), file=out)


_FILE_SUFFIXES = frozenset({".txt", ".4s", ".xml", ".json", ".docx"})


def _read(target: Path | str, sources: Sources) -> ImportResult:
    """The package in the file ``target``, or, when no such file exists and ``target`` is a
    link or id (``bot.packages.fetch.recognise``), the package fetched from it; either
    without the media links on non-public hosts, as a chat would import it."""
    path = Path(target)
    # "balt09.txt" is a file that is missing, not a db.chgk.info id; "https://…/p.4s" a link.
    named_like_file = path.suffix.casefold() in _FILE_SUFFIXES and \
        not str(target).casefold().startswith(("http://", "https://"))
    if path.exists() or named_like_file or recognise(str(target), sources) is None:
        result = load_package(path)
    else:
        fetched = asyncio.run(PackageFetcher(sources).fetch(str(target)))
        result = absolute_media(parse_package(fetched.data, fetched.name), fetched.media_base)
    return asyncio.run(public_media(result, sources.allowed))


def run_check(
    path: Path | str, *, as_json: bool, translator: Translator, locale: str, out: TextIO,
    sources: Sources | None = None,
) -> int:
    """Import ``path`` and print its summary (or, with ``as_json``, the package as JSON) to ``out``.

    ``path`` is a file, or, when no such file exists, a link or id fetched from ``sources``
    (the real sites when None); a link that cannot be fetched is reported like a
    file that cannot be read.

    The summary has the title, each tour with its question count, the total, and every problem
    as ``<file>:<line>: <severity>: <message>``, all in ``locale``. The JSON is
    ``Package.to_dict()`` plus a ``picture`` per question and a ``problems`` list. Returns 0 when
    the package is usable, 1 when it has errors or no questions, 2 when the file cannot be read
    (the reason is printed; nothing is raised).
    """

    def say(key: str, **args: Any) -> str:
        return translator.format(key, args, locale)

    try:
        result = _read(path, sources or Sources())
    except PackageReadError as error:
        print(
            say(
                "package-check-unreadable",
                file=str(path),
                message=say(error.key, **{"file": str(path), **error.args}),
            ),
            file=out,
        )
        return 2
    if as_json:
        data = _package_json(result.package)
        data["problems"] = [
            {
                "line": p.line,
                "severity": p.severity,
                "key": p.key,
                "args": p.args,
                "message": say(p.key, **p.args),
            }
            for p in result.problems
        ]
        print(json.dumps(data, ensure_ascii=False, indent=2), file=out)
    else:
        _print_summary(result, path, say, out)
    return 0 if result.usable else 1
