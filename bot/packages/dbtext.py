"""The db.chgk.info plain-text format ("формат Базы", formats.md 1).

A file is blocks separated by blank lines; the first line of a block is a label (``Вопрос 3:``,
``Ответ.``) with the content on the same line or the next ones. Labels count only at a block
start, so a content line such as ``Тур де Франс.`` is never a tour (formats.md 1.2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from bot.packages.builder import (
    ANSWER,
    AUTHORS,
    COMMENT,
    NEZACHET,
    SOURCES,
    TEXT,
    ZACHET,
    FieldDraft,
    PackageDraft,
    QuestionDraft,
    TourDraft,
    add_problem,
    build_package,
    meta,
)
from bot.packages.markup import db_paragraphs
from bot.packages.result import ImportResult, Problem

LABEL = re.compile(
    r"^\s*(?P<label>Чемпионат|Пакет|URL|Ссылка|Дата|Редакторы?|Инфо|Копирайт|Обработан|Тур"
    r"|Вопрос|Нулевой\s+вопрос|Ответ|Зач[её]т|Незач[её]т|Комментари[йи]"
    r"|Источник(?:и|\(и\))?|Автор(?:ы|\(ы\))?|Вид|Тип|Рейтинг|Тема)"
    r"(?:\s*№?\s*(?P<number>\d+))?\s*[.:]\s*(?P<rest>.*)$"
)
# Something shaped like a label that we do not know: one to three words and a colon ending the
# line. A colon followed by text ("Внимание: в вопросе замена") is rather a cut-off paragraph.
_LABEL_LIKE = re.compile(r"^\s*([А-ЯЁA-Z][^\s:.,;!?\"«]*(?:\s+[^\s:.,;!?\"«]+){0,2})\s*:\s*$")

_QUESTION_FIELDS = {
    "Ответ": ANSWER,
    "Зач": ZACHET,
    "Незач": NEZACHET,
    "Коммент": COMMENT,
    "Источник": SOURCES,
}


def blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(first line number, lines)`` for every run of non-blank lines (1-based numbers)."""
    start = -1
    for i, line in enumerate(lines):
        if line and not line.isspace():  # line.strip(), without making the stripped copy
            if start < 0:
                start = i
        elif start >= 0:
            yield start + 1, lines[start:i]
            start = -1
    if start >= 0:
        yield start + 1, lines[start:]


@functools.cache  # a file has a handful of distinct labels, each seen once per question
def field_name(label: str) -> str | None:
    """The question field a label fills (``Зачёт`` -> zachet), None for other labels."""
    for prefix, name in _QUESTION_FIELDS.items():
        if label.startswith(prefix):
            return name
    return None


class _Reader:
    """The state machine of formats.md 1.2: package blocks, then tours, then question fields."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.package = PackageDraft()
        self.tour: TourDraft | None = None
        self.question: QuestionDraft | None = None
        self.last_field: FieldDraft | None = None

    def block(self, line: int, block: list[str]) -> None:
        """Read one block: a label line and its content, first line at file line ``line``."""
        m = LABEL.match(block[0])
        if m is None:
            self.unlabelled(line, block)
            return
        label, number_text, rest = m.group("label", "number", "rest")
        if label.startswith("Нулевой"):  # the one label with a space inside it
            label = " ".join(label.split())
        rest = rest.strip()
        content = [rest, *block[1:]] if rest else block[1:]
        first = line if rest else line + 1
        self.last_field = None
        if label in ("Вопрос", "Нулевой вопрос"):
            number = int(number_text) if number_text else None
            question = self.start_question(line, number, zero=label != "Вопрос" or number == 0)
            self.last_field = question.add(TEXT, first, content)
        elif label == "Тур":
            self.question = None
            self.tour = TourDraft(title=meta(db_paragraphs(content)) or "", line=line)
            self.package.tours.append(self.tour)
        elif (name := field_name(label)) is not None:
            if self.question is None:
                add_problem(
                    self.problems,
                    line,
                    "warning",
                    "package-problem-field-outside-question",
                    label=label,
                )
                return
            self.last_field = self.question.add(name, first, content, label, line)
        else:
            self.metadata(label, line, first, content)

    def metadata(self, label: str, line: int, first: int, content: list[str]) -> None:
        """Package-, tour- or question-level labels other than the question's own fields."""
        scope = self.tour
        if label.startswith("Автор"):
            if self.question is not None:
                self.last_field = self.question.add(AUTHORS, first, content, label)
            else:
                (scope or self.package).authors = [a for a in db_paragraphs(content) if a]
            return
        if label in ("Рейтинг", "Тема"):
            return  # question statistics and topics: not needed to play
        # Built only here: an author field (one in every question) is read by the builder.
        value = meta(db_paragraphs(content))
        if label in ("Вид", "Тип"):
            target = self.question or scope or self.package
            target.type_code = value
        elif label in ("Чемпионат", "Пакет"):
            self.package.title = self.package.title or (value or "")
        elif label in ("URL", "Ссылка"):
            self.package.url = self.package.url or value
        elif label in ("Копирайт", "Обработан"):
            self.package.extra["copyright" if label == "Копирайт" else "processed_by"] = value
        else:
            # Редактор/Инфо/Дата belong to the tour they appear in, else to the package.
            target = scope or self.package
            attr = {"Дата": "date", "Инфо": "info"}.get(label, "editors")
            setattr(target, attr, value)
            self.question = None

    def start_question(self, line: int, number: int | None, *, zero: bool) -> QuestionDraft:
        """Open a question in the current tour (an untitled tour if none yet) and return it."""
        if self.tour is None:
            self.tour = self.package.tour()
        self.question = QuestionDraft(line=line, style="db", number=number, zero=zero)
        self.tour.questions.append(self.question)
        return self.question

    def unlabelled(self, line: int, block: list[str]) -> None:
        """A block without a known label: an unknown label, or text cut off by a blank line."""
        m = _LABEL_LIKE.match(block[0])
        if m is not None:
            add_problem(
                self.problems, line, "warning", "package-problem-unknown-label", label=m.group(1)
            )
            return
        if self.last_field is None:
            add_problem(self.problems, line, "warning", "package-problem-text-skipped")
            return
        # Text after a blank line inside a field: the editor meant a new paragraph of it.
        add_problem(self.problems, line, "warning", "package-problem-orphan-text")
        self.last_field.extend(FieldDraft.at(line, ["   " + block[0].lstrip(), *block[1:]]))


def parse(
    text: str, fallback_title: str, max_questions: int | None = None
) -> ImportResult:
    """Import a db.chgk.info text package (formats.md 1, checklist 5.2-5.3).

    ``text`` is the decoded file; ``fallback_title`` names a package without ``Чемпионат:``.
    Malformed blocks become problems.
    Over ``max_questions`` questions (None: no limit) raises PackageReadError (``build_package``).
    """
    problems: list[Problem] = []
    reader = _Reader(problems)
    for line, block in blocks(text.split("\n")):
        reader.block(line, block)
    package = build_package(
        reader.package, source_format="dbtext", fallback_title=fallback_title, problems=problems,
        max_questions=max_questions,
    )
    return ImportResult(package, problems)
