"""Question-package import: one call for every format the bot reads (formats.md 1-5).

``parse_package(data)`` decodes the bytes, picks the importer by looking at the content (never
at the file name), and returns an :class:`ImportResult` with the package and its problems.
Formats: db.chgk.info text, the free-form "Label: value" text, chgksuite 4s, db.chgk.info XML
and gotquestions.online JSON.
"""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.packages import dbtext, fours, freeform, gotquestions, xmlpkg
from bot.packages.decoding import decode_package_bytes
from bot.packages.result import ImportResult, PackageReadError, Problem, os_reason

__all__ = [
    "MAX_PACKAGE_BYTES",
    "MAX_QUESTIONS",
    "ImportResult",
    "PackageReadError",
    "Problem",
    "check_size",
    "load_package",
    "parse_package",
    "sniff",
]

log = logging.getLogger(__name__)

MAX_PACKAGE_BYTES = 20 * 1024 * 1024
"""The largest package file the bot reads, in bytes: 20 MB, what Telegram lets a bot download.
A big festival package is well under 1 MB; 20 MB of any format imports in under 10 s."""
MAX_QUESTIONS = 10_000
"""The most questions a package may hold: a season of packages is a few hundred; a game keeps
its whole package in memory and in the database."""

_IMPORTERS: dict[str, Callable[[str, str, int | None], ImportResult]] = {
    "dbtext": dbtext.parse,
    "freeform": freeform.parse,
    "4s": fours.parse,
    "xml": xmlpkg.parse,
    "gotquestions": gotquestions.parse,
}
_XML_ROOT = re.compile(r"<(?:tournament|search)\b")
_DB_QUESTION = re.compile(r"^\s*(?:Вопрос\s*№?\s*\d+|Нулевой\s+вопрос)\s*[.:]")
_DB_TITLE = re.compile(r"^\s*(?:Чемпионат|Пакет)\s*[.:]")
_ANSWER = re.compile(r"^\s*(?:Ответы?|Answers?)(?:\s*\d+)?\s*[.:]", re.IGNORECASE)
_FOURS_HEAD = frozenset({"###", "##", "#EDITOR", "#DATE"})
_LEADS = frozenset("?!#ВНОоAa")  # the first characters of the lines sniff counts


def sniff(text: str) -> str | None:
    """The format of a decoded package, judged by content: a key of the importer table or None.

    XML has a ``<tournament>``/``<search>`` root; JSON starts with ``{`` or ``[``; 4s has lines
    whose first token is ``?`` and ``!`` (or ``###``/``##``/``#EDITOR``/``#DATE`` headers);
    db text has ``Чемпионат:`` first or ``Вопрос N:`` labels at block starts with most answers
    at block starts too; free-form text has ``Ответ:`` labels anywhere.
    """
    head = text.lstrip("\ufeff \t\n")
    if head.startswith("<"):
        return "xml" if _XML_ROOT.search(head[:4096]) else None
    if head[:1] in ("{", "["):
        return "gotquestions"
    lines = text.split("\n")
    marks = {"?": 0, "!": 0, "head": 0}
    db_questions = answers_at_start = answers_inside = 0
    block_start = True
    for line in lines:
        stripped = line.strip()
        if not stripped:
            block_start = True
            continue
        # The first character gates each test: most lines are text, none of them applies.
        lead = stripped[0]
        if lead not in _LEADS:
            block_start = False
            continue
        if lead in "?!#":
            token = stripped.split(None, 1)[0]
            if token in ("?", "!"):
                marks[token] += 1
            elif token in _FOURS_HEAD:
                marks["head"] += 1
        if block_start and lead in "ВН" and _DB_QUESTION.match(line):
            db_questions += 1
        if lead in "ОоAa" and _ANSWER.match(line):
            if block_start:
                answers_at_start += 1
            else:
                answers_inside += 1
        block_start = False
    if marks["?"] and (marks["!"] or marks["head"]) and marks["?"] >= db_questions:
        return "4s"
    first = next((ln for ln in lines if ln.strip()), "")
    if _DB_TITLE.match(first) or (db_questions and answers_at_start >= answers_inside):
        return "dbtext"
    if answers_at_start or answers_inside:
        return "freeform"
    return None


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Run the block with the cyclic garbage collector off, and back on after unless it was off.

    An import makes about a hundred objects per question (drafts, then the package), none in a
    reference cycle, so reference counting frees them all; the collector's passes over the
    growing heap made a big package slower per question than a small one (docs/performance.md,
    Big packages). The switch is process-wide: another thread's cycles wait for the import's end.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _title_from(name: str) -> str:
    return Path(name).stem if name and not name.startswith("<") else ""


def check_size(size: int, max_bytes: int | None = MAX_PACKAGE_BYTES) -> None:
    """Raise PackageReadError ``package-error-too-big`` when ``size`` bytes exceed ``max_bytes``
    (None: no limit); its ``size`` and ``limit`` arguments are MB (floats, one decimal)."""
    if max_bytes is not None and size > max_bytes:
        raise PackageReadError("package-error-too-big", size=_megabytes(size),
                               limit=_megabytes(max_bytes))


def _megabytes(size: int) -> float:
    return round(size / (1024 * 1024), 1)


def parse_package(
    data: bytes,
    name: str = "<package>",
    *,
    max_bytes: int | None = MAX_PACKAGE_BYTES,
    max_questions: int | None = MAX_QUESTIONS,
) -> ImportResult:
    """Import a package from its bytes, whatever its format and encoding.

    ``name`` (usually the file name) titles a package that names itself nowhere. Returns the
    package and its problems; raises PackageReadError when the bytes are not a package at all
    (empty, binary, undecodable, malformed XML/JSON, or no known format), when they are over
    ``max_bytes`` (``package-error-too-big``, checked first) or hold over ``max_questions``
    questions (``package-error-too-many-questions``, checked before the questions are built).
    None lifts a limit. CPU-bound: the service runs it in a worker (:class:`PackageParser`).
    """
    check_size(len(data), max_bytes)
    text = decode_package_bytes(data)
    fmt = sniff(text)
    if fmt is None:
        raise PackageReadError("package-error-unknown-format")
    try:
        with _without_cycle_collection():
            return _IMPORTERS[fmt](text.lstrip("\ufeff"), _title_from(name), max_questions)
    except PackageReadError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        # Importers report what they recognise as Problems; content so far from its format
        # that an importer trips over it is a file we cannot read, not a crash.
        log.info("importer %s failed on %s", fmt, name, exc_info=True)
        raise PackageReadError("package-error-malformed", format=fmt) from None


def load_package(
    path: Path,
    *,
    max_bytes: int | None = MAX_PACKAGE_BYTES,
    max_questions: int | None = MAX_QUESTIONS,
) -> ImportResult:
    """Read and import the package file at ``path`` (see :func:`parse_package`).

    Raises PackageReadError with ``package-error-missing`` or ``package-error-unreadable`` when
    the file cannot be read, ``package-error-too-big`` before reading a file over
    ``max_bytes``, and whatever :func:`parse_package` raises.
    """
    try:
        check_size(path.stat().st_size, max_bytes)
        data = path.read_bytes()
    except FileNotFoundError:
        raise PackageReadError("package-error-missing", file=str(path)) from None
    except OSError as error:
        raise PackageReadError(
            "package-error-unreadable", file=str(path), reason=os_reason(error)
        ) from None
    return parse_package(data, path.name, max_bytes=max_bytes, max_questions=max_questions)

