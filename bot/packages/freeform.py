"""The free-form "Label: value" text most editors send (formats.md 4.5, packages 06 and 07).

Labels start a field at the beginning of any line (not only after a blank line), content
usually sits on the same line, and line breaks are real. A question starts with ``Вопрос N.``,
``Нулевой вопрос`` or a bare ``N.``; text before any label is the question itself when an
answer label follows it (``Блиц. …`` in package 06), else the package header.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from bot.packages.builder import (
    ANSWER,
    AUTHORS,
    COMMENT,
    HANDOUT,
    NEZACHET,
    SOURCES,
    TEXT,
    ZACHET,
    FieldDraft,
    PackageDraft,
    QuestionDraft,
    TourDraft,
    build_package,
    meta,
)
from bot.packages.markup import LIST_ITEM
from bot.packages.result import ImportResult, Problem

_FIELDS = [
    (ANSWER, r"Ответы?|Answers?"),
    (NEZACHET, r"Незач[её]т|Reject(?:ed)?"),
    (ZACHET, r"Зач[её]т|Accept(?:ed)?"),
    (COMMENT, r"Комментари[йи]|Коммент|Комм|Comments?"),
    (SOURCES, r"Источник(?:и|\(и\))?|Sources?|Source\(s\)"),
    (AUTHORS, r"Автор(?:ы|ка|ки|\(ы\))?|Authors?|Author\(s\)"),
    (HANDOUT, r"Раздаточный\s+материал|Раздатка|Handout"),
    ("title", r"Чемпионат|Пакет"),
    ("editors", r"Редакторская\s+группа|Редакторы?|Editors?"),
    ("date", r"Дата|Date"),
    ("info", r"Инфо|Info"),
]
_FIELD = re.compile(
    r"^\s*(?:" + "|".join(f"(?P<{name}>{rx})" for name, rx in _FIELDS) + r")"
    r"(?:\s*\d+)?\s*(?:\.\s*:|[.:])\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_QUESTION = re.compile(
    r"^\s*(?:(?P<zero>Нулевой|Разминочный)\s+вопрос|Вопрос|Question)"
    r"(?:\s*№?\s*(?P<number>\d+))?\s*(?:[.:]\s*(?P<rest>.*))?$",
    re.IGNORECASE,
)
_BARE_NUMBER = re.compile(r"^\s*(\d{1,3})[.)]\s+(.*)$")
_ORDINALS = "Первый|Второй|Третий|Четв[её]ртый|Пятый|Шестой|Седьмой|Восьмой|Девятый|Десятый"
_TOUR = re.compile(
    rf"^\s*(?:(?:Тур|Round|Block)\s*№?\s*(?:\d+|[IVXLC]+)|(?:{_ORDINALS})\s+тур)\s*[.:]?\s*$"
    r"|^\s*Тур\s*[.:]\s*(?P<title>.+)$",
    re.IGNORECASE,
)
_LOOKAHEAD = 300


def _field_name(m: re.Match[str]) -> str:
    return next(name for name, _ in _FIELDS if m.group(name) is not None)


def _label(line: str) -> str | None:
    m = _FIELD.match(line)
    return _field_name(m) if m else None


class _Reader:
    """Reads free-form lines; ``pending`` holds unlabelled lines until it is clear what they are."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        # Where the labels and the bare numbers are, found once, so that asking what follows
        # a bare number is a lookup and not a scan of the next lines (a file of list items
        # asked it on every line).
        self.labels: list[int] = []
        self.answer_label: list[bool] = []
        self.numbered: dict[int, list[int]] = {}
        for index, line in enumerate(lines):
            if _TOUR.match(line) or _QUESTION.match(line):
                self.labels.append(index)
                self.answer_label.append(False)
            elif (name := _label(line)) is not None:
                self.labels.append(index)
                self.answer_label.append(name == ANSWER)
            elif (m := _BARE_NUMBER.match(line)) is not None:
                self.numbered.setdefault(int(m[1]), []).append(index)
        self.package = PackageDraft()
        self.question: QuestionDraft | None = None
        self.field: FieldDraft | None = None
        self.pending: list[tuple[int, str]] = []  # unlabelled lines not yet placed
        self.last_number = 0

    def run(self) -> PackageDraft:
        """Read every line and return the package draft."""
        for index, line in enumerate(self.lines):
            if line.strip():
                self.line(index, line)
        self.flush_header()
        return self.package

    def line(self, index: int, line: str) -> None:
        """Read one non-blank line (``index`` is 0-based): header, label, number or text."""
        number = index + 1
        if (m := _TOUR.match(line)) is not None:
            self.flush_header()
            title = (m["title"] or line).strip()
            self.package.tours.append(TourDraft(title=title, line=number))
            self.question = self.field = None
        elif (m := _QUESTION.match(line)) is not None:
            self.flush_header()
            n = int(m["number"]) if m["number"] else (0 if m["zero"] else None)
            question = self.start(number, n, zero=n == 0)
            self.field = question.add(TEXT, number, [m["rest"] or ""])
        elif (m := _FIELD.match(line)) is not None and not self.quoted_answer(line, m):
            name = _field_name(m)
            self.labelled(number, name, m["rest"], m[name])
        elif (m := _BARE_NUMBER.match(line)) is not None and self.starts_question(index, int(m[1])):
            self.flush_header()
            question = self.start(number, int(m[1]), zero=m[1] == "0")
            self.field = question.add(TEXT, number, [m[2]])
        elif self.field is not None:
            self.field.extend(FieldDraft.at(number, [line]))
        else:
            self.pending.append((number, line))

    def quoted_answer(self, line: str, m: re.Match[str]) -> bool:
        """Whether an ``Ответ:`` line is text of the current field: indented, inside a field
        after the answer of a question that has one (a comment quoting an answer). The
        builder reports it as a warning."""
        question, current = self.question, self.field
        return (
            _field_name(m) == ANSWER
            and line[:1].isspace()
            and question is not None
            and current is not None
            and ANSWER in question.fields
            and current is not question.fields.get(ANSWER)
            and current is not question.fields.get(TEXT)
        )

    def labelled(self, number: int, name: str, rest: str, label: str) -> None:
        """A ``Label: value`` line: package metadata or a field of the current question."""
        if name in ("title", "editors", "date", "info"):
            self.flush_header()
            target = (
                self.package.tours[-1] if self.package.tours and name != "title" else self.package
            )
            value = meta([rest]) if rest else None
            if name == "title":
                self.package.title = self.package.title or (value or "")
            else:
                setattr(target, name, value)
            self.question = None
            self.field = None
            return
        question = self.question
        if question is None:
            # A question field with no question before it: the pending text is the question.
            start = self.pending[0][0] if self.pending else number
            question = self.start(start, None, zero=False)
            question.add(TEXT, start, [t for _, t in self.pending])
            self.pending = []
        self.field = question.add(name, number, [rest], label)

    def start(self, line: int, number: int | None, *, zero: bool) -> QuestionDraft:
        """Open a question in the current tour and return it."""
        self.question = QuestionDraft(line=line, style="lines", number=number, zero=zero)
        self.package.tour().questions.append(self.question)
        self.last_number = number if number is not None else self.last_number + 1
        return self.question

    def starts_question(self, index: int, n: int) -> bool:
        """Whether a bare ``N.`` line starts a question rather than a list item (formats.md 4.5).

        Inside a question text before its answer it is a duplet/blitz part. After an answer, the
        next number in sequence starts a question; a number continuing a list in the current
        field is an item; otherwise it starts a question when the first label after it is an
        answer and no ``N+1.`` line comes first.
        """
        if self.question is not None and ANSWER not in self.question.fields:
            return False
        answer_next = self.answer_follows(index, n)
        if self.question is None:
            # Unplaced lines ending with item N-1: this is item N of the same list.
            last = LIST_ITEM.match(self.pending[-1][1].strip()) if self.pending else None
            return answer_next and not (last and int(last[1]) == n - 1)
        if n == self.last_number + 1 and answer_next:
            return True
        if self.field is not None and self.field.lines:
            item = LIST_ITEM.match(self.field.lines[-1].strip())
            if item and int(item[1]) == n - 1:
                return False
        return answer_next

    def answer_follows(self, index: int, n: int) -> bool:
        """Whether the first label in the ``_LOOKAHEAD`` lines after line ``index`` is an
        answer, with no ``n+1.`` line before it."""
        last = index + _LOOKAHEAD
        k = bisect_right(self.labels, index)
        label = self.labels[k] if k < len(self.labels) and self.labels[k] <= last else None
        following = self.numbered.get(n + 1, [])
        j = bisect_right(following, index)
        if j < len(following) and following[j] <= min(last, label if label is not None else last):
            return False
        return label is not None and self.answer_label[k]

    def flush_header(self) -> None:
        """Unlabelled lines before the first question: the title, then package or tour info."""
        if not self.pending:
            return
        texts = [t.strip() for _, t in self.pending]
        self.pending = []
        if self.package.tours:
            tour = self.package.tours[-1]
            tour.info = meta([*([tour.info] if tour.info else []), *texts])
            return
        if not self.package.title:
            self.package.title = texts.pop(0)
        if texts:
            self.package.info = meta([*([self.package.info] if self.package.info else []), *texts])


def parse(
    text: str, fallback_title: str, max_questions: int | None = None
) -> ImportResult:
    """Import a free-form "Label: value" package (formats.md 4.5); never raises on content.

    ``fallback_title`` names a package without a title line.
    Over ``max_questions`` questions (None: no limit) raises PackageReadError (``build_package``).
    """
    problems: list[Problem] = []
    draft = _Reader(text.split("\n")).run()
    package = build_package(
        draft, source_format="freeform", fallback_title=fallback_title, problems=problems,
        max_questions=max_questions,
    )
    return ImportResult(package, problems)
