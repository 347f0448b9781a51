"""chgksuite's "4s" format (formats.md 4; reader ``chgksuite_parser.py::parse_4s``).

A line whose first token is a marker (``?``, ``!``, ``=``, ``!=``, ``/``, ``^``, ``@``, ``>``,
``№``, ``№№``, ``#``, ``##``, ``###``, ``#EDITOR``, ``#DATE``) starts an element; other lines
continue the previous element; a blank line ends the question. Questions are numbered by one
counter through the whole package; ``№ N`` sets one question's number, ``№№ N`` the counter.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from bot.packages.builder import (
    ANSWER,
    AUTHORS,
    COMMENT,
    HANDOUT,
    NEZACHET,
    SOURCES,
    TEXT,
    ZACHET,
    PackageDraft,
    QuestionDraft,
    TourDraft,
    add_problem,
    build_package,
    meta,
)
from bot.packages.markup import ESCAPES, closing_bracket
from bot.packages.result import ImportResult, Problem

_QUESTION_MARKERS = {
    "?": TEXT,
    "!": ANSWER,
    "=": ZACHET,
    "!=": NEZACHET,
    "/": COMMENT,
    "^": SOURCES,
    "@": AUTHORS,
    ">": HANDOUT,
    "№": "number",
    "№№": "counter",
}
_META_MARKERS = {
    "#": "info",
    "##": "tour",
    "###": "title",
    "###LJ": "short",
    "#EDITOR": "editors",
    "#DATE": "date",
}
_COUNTER = re.compile(
    r"4SCOUNTER(?P<id>[0-9a-zA-Z_]*)|__SET__COUNTER__(?P<set>[0-9a-zA-Z_]*)__(?P<value>\d+)"
)
_ESCAPE = re.compile("|".join(re.escape(k) for k in ESCAPES))
# _italic_, __bold__ … up to six underscores, and ~strike~ (composer_common.py); escaped
# underscores are placeholders by now, so URLs keep theirs.
_UNDERSCORES = re.compile(r"_+")
_WORD = re.compile(r"\w")
_MAX_EMPHASIS = 6
_STRIKE = re.compile(r"(?<![\w~])~(?=\S)([^~\n]+?)(?<=\S)~(?![\w~])")
_OVERRIDE = re.compile(r"^!!\S+\s+")
_URL = re.compile(r"https?://\S+")
_IMG = re.compile(r"\(img\s", re.IGNORECASE)


def replace_counters(text: str) -> str:
    """Replace each ``4SCOUNTER<id>`` by 1, 2, 3… per id; ``__SET__COUNTER__<id>__N`` resets it."""
    if "COUNTER" not in text:
        return text
    counters: dict[str, int] = {}

    def step(m: re.Match[str]) -> str:
        if m["set"] is not None:
            counters[m["set"]] = int(m["value"])
            return ""
        value = counters.get(m["id"], 1)
        counters[m["id"]] = value + 1
        return str(value)

    return _COUNTER.sub(step, text)


def _protect_underscores(line: str) -> str:
    """Mark the underscores of file names and URLs as escaped, so emphasis never eats them."""
    line = _URL.sub(lambda m: m.group(0).replace("_", ESCAPES["\\_"]), line)
    out, start = [], 0
    while (m := _IMG.search(line, start)) is not None:
        end = closing_bracket(line, m.end(), "(", ")")
        if end < 0:
            break
        out += [line[start : m.end()], line[m.end() : end].replace("_", ESCAPES["\\_"])]
        start = end
    out.append(line[start:])
    return "".join(out)


def _strip_emphasis(line: str) -> str:
    """Drop the underscores of ``_italic_``/``__bold__`` (up to six) from one line.

    An opening run of N underscores follows no word character and precedes a character that is
    not a space; the nearest run of exactly N after it that follows no space and precedes no
    word character closes it. The runs are listed once and each opening looks up its closing
    in the list of its length, so a line full of unclosed underscores stays linear (the regex
    it replaces scanned to the end of the line from each of them).
    """
    runs = [(m.start(), m.end()) for m in _UNDERSCORES.finditer(line)]
    closings: dict[int, list[int]] = {}
    for start, end in runs:
        if (
            end - start <= _MAX_EMPHASIS
            and start > 0
            and not line[start - 1].isspace()
            and (end == len(line) or not _WORD.match(line[end]))
        ):
            closings.setdefault(end - start, []).append(start)
    out, done = [], 0
    for start, end in runs:
        width = end - start
        if (
            start < done
            or width > _MAX_EMPHASIS
            or (start > 0 and _WORD.match(line[start - 1]))
            or end == len(line)
            or line[end].isspace()
        ):
            continue
        candidates = closings.get(width, [])
        k = bisect_left(candidates, end + 1)
        if k == len(candidates) or line.find("\n", end, candidates[k]) >= 0:
            continue
        close = candidates[k]
        out += [line[done:start], line[end:close]]
        done = close + width
    out.append(line[done:])
    return "".join(out)


def _unmark(line: str) -> str:
    if "\\" in line:  # every escape starts with a backslash
        line = _ESCAPE.sub(lambda m: ESCAPES[m.group(0)], line)
    if "_" in line:
        line = _strip_emphasis(_protect_underscores(line))
    if "~" in line:
        line = _STRIKE.sub(r"\1", line)
    return line


def _unoverride(line: str) -> str:
    """``line`` without a leading ``!!name`` override (``_OVERRIDE``); most lines have none."""
    return _OVERRIDE.sub("", line) if line.startswith("!!") else line


class _Reader:
    """Builds the package draft from 4s elements; keeps the open question and the counter."""

    def __init__(self) -> None:
        self.package = PackageDraft()
        self.question: QuestionDraft | None = None
        self.counter = 1
        self.explicit_number = False

    def element(self, marker: str, line: int, lines: list[str]) -> None:
        """Take one element: its marker, the file line where it starts, and its lines."""
        if marker in _QUESTION_MARKERS:
            self.question_element(_QUESTION_MARKERS[marker], marker, line, lines)
            return
        self.end_question()
        kind = _META_MARKERS[marker]
        value = meta(lines)
        tour = self.package.tours[-1] if self.package.tours else None
        if kind == "tour":
            self.package.tours.append(TourDraft(title=value or "", line=line))
        elif kind == "title":
            self.package.title = self.package.title or (value or "")
        elif kind in ("editors", "date"):
            setattr(tour or self.package, kind, value)
        elif kind == "info":
            target = tour or self.package
            target.info = (
                meta([target.info, value]) if target.info and value else target.info or value
            )

    def question_element(self, name: str, marker: str, line: int, lines: list[str]) -> None:
        """A question element: a field, the number (``№``) or the counter (``№№``)."""
        if self.question is None:
            self.question = QuestionDraft(line=line, style="4s")
        if name == "number":
            value = " ".join(" ".join(lines).split())
            self.explicit_number = True
            if value.isdigit():
                self.question.number = int(value)
            # A non-numeric number such as "Разминка" marks a warm-up question, as in chgksuite.
            self.question.zero = value.startswith(("0", "Размин"))
            if self.question.zero:
                self.question.number = 0
        elif name == "counter":
            value = " ".join(" ".join(lines).split())
            if value.isdigit():
                self.counter = int(value)
        elif name == AUTHORS:
            lines = [_unoverride(" ".join(ln.split())) for ln in lines]
            self.question.authors += [a for a in lines if a]
        else:
            self.question.add(name, line, [_unoverride(lines[0]), *lines[1:]], marker)

    def end_question(self) -> None:
        """Close the open question (at a blank line or a header) and give it its number."""
        question, self.question = self.question, None
        if question is None:
            return
        if not self.explicit_number:
            question.number = self.counter
            self.counter += 1
        self.explicit_number = False
        self.package.tour().questions.append(question)


def parse(
    text: str, fallback_title: str, max_questions: int | None = None
) -> ImportResult:
    """Import a 4s package (formats.md 4.1-4.3); never raises on content.

    ``fallback_title`` names a package without a ``###`` title.
    Over ``max_questions`` questions (None: no limit) raises PackageReadError (``build_package``).
    """
    problems: list[Problem] = []
    reader = _Reader()
    marker: str | None = None
    start = 0
    body: list[str] = []
    for index, raw in enumerate(replace_counters(text).split("\n")):
        # _unmark's own tests, spared a call for the usual line without markup.
        line = _unmark(raw) if "\\" in raw or "_" in raw or "~" in raw else raw
        words = line.split(None, 1)  # [] for a blank line
        token = words[0] if words else ""
        if token in _QUESTION_MARKERS or token in _META_MARKERS or not token:
            if marker is not None:
                reader.element(marker, start, body)
            marker, start = (token or None), index + 1
            body = [line.strip()[len(token) :].strip()] if token else []
            if not token:
                reader.end_question()
        elif marker is not None:
            body.append(line)
        else:
            add_problem(problems, index + 1, "warning", "package-problem-text-skipped")
    if marker is not None:
        reader.element(marker, start, body)
    reader.end_question()
    package = build_package(
        reader.package, source_format="4s", fallback_title=fallback_title, problems=problems,
        max_questions=max_questions,
    )
    return ImportResult(package, problems)
