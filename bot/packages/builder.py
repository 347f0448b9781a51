"""From the drafts every importer fills to the immutable Package, with validation.

An importer only knows its own syntax: it cuts the file into package, tour and question drafts
holding raw field lines. Everything the formats share happens here once: unwrapping paragraphs,
handouts, host notes, media, duplet/blitz parts, Зачёт/Незачёт, zero questions, inheritance of
package- and tour-level authors and types, and the problems of formats.md 5.10.

Authors: one per 4s ``@`` line, per gotquestions person, per paragraph of a db-text ``Автор:``.
A comma never splits authors: cities contain commas ("Денис Ершов (Тарту, Эстония)"), so a
db-text ``Автор: А, Б`` stays one string.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.packages.criteria import split_alternatives, split_nezachet
from bot.packages.decoding import unescape
from bot.packages.markup import (
    LIST_ITEM,
    Extracted,
    clean_lines,
    dash_paragraphs,
    db_paragraphs,
    extract_media,
    extract_question_markup,
    inline_items,
    inline_media,
    line_paragraphs,
    numbered_items,
    restore_escapes,
    starts_list,
)
from bot.packages.model import (
    Handout,
    Package,
    Part,
    Question,
    QuestionKind,
    Tour,
    question_of,
)
from bot.packages.result import PackageReadError, Problem, Severity

TEXT, ANSWER, ZACHET, NEZACHET = "text", "answer", "zachet", "nezachet"
COMMENT, SOURCES, AUTHORS, HANDOUT = "comment", "sources", "authors", "handout"

Style = Literal["db", "lines", "4s"]
_PARAGRAPHS: dict[str, Callable[[list[str]], list[str]]] = {
    "db": db_paragraphs,
    "lines": line_paragraphs,
    "4s": dash_paragraphs,
}

# A label at the start of a line inside a field: the sign of two questions run together
# (formats.md 5.10). Вопрос/Ответ mean a question was swallowed; the others may be a quote.
_STRAY = re.compile(
    r"^\s*(Вопрос\s*№?\s*\d+|Ответ|Зач[её]т|Комментари[йи]|Источник(?:и|\(и\))?"
    r"|Автор(?:ы|\(ы\))?)\s*:"
)
# The same labels after a newline: searched in "\n" + a field's lines, it finds every line
# ``_STRAY`` matches (and maybe more), and its literal first character lets the regex engine
# skip to the newlines instead of trying ``^`` at every character.
_STRAY_ANYWHERE = re.compile("\n" + _STRAY.pattern.removeprefix("^"))
_SWALLOWING = re.compile(r"Вопрос|Ответ")
_MULTI = re.compile(r"(супер)?блиц|дуплет", re.IGNORECASE)
_REGULAR, _ZERO = QuestionKind.REGULAR, QuestionKind.ZERO  # an Enum member lookup is slow
_ZERO_TOUR = re.compile(r"^\s*(?:нулевой|разминочный)\s+вопрос", re.IGNORECASE)


def lines_at(text: str, offsets: Iterable[int]) -> list[int]:
    """The 1-based line of ``text`` at each of ``offsets`` (character indexes, ascending).

    Counts the newlines between one offset and the next only, so that numbering every question
    of a file reads it once (counting from the start for each was quadratic).
    """
    lines, line, last = [], 1, 0
    for offset in offsets:
        line += text.count("\n", last, offset)
        last = offset
        lines.append(line)
    return lines


def add_problem(
    problems: list[Problem], line: int, severity: Severity, key: str, **args: Any
) -> None:
    """Append a Problem; ``args`` are the Fluent arguments of ``key`` in packages.ftl."""
    problems.append(Problem(line=line, severity=severity, key=key, args=args))


@dataclass(slots=True)
class FieldDraft:
    """Raw lines of one field as written, with the file line of each (0 if unknown)."""

    lines: list[str]
    numbers: list[int]

    @classmethod
    def at(cls, line: int, lines: list[str]) -> FieldDraft:
        """A field whose lines follow each other from file line ``line`` (0: unknown)."""
        return cls(list(lines), list(range(line, line + len(lines))) if line else [0] * len(lines))

    @property
    def line(self) -> int:
        """The file line of the first line, 0 if unknown."""
        return self.numbers[0] if self.numbers else 0

    def extend(self, other: FieldDraft) -> None:
        """Append the lines of ``other`` (a repeated field, or text cut off by a blank line)."""
        self.lines.extend(other.lines)
        self.numbers.extend(other.numbers)


@dataclass(slots=True)
class QuestionDraft:
    """A question as an importer found it: raw fields plus what the format states directly.

    ``style`` says how to read the field lines: ``db`` (hard-wrapped, formats.md 1.1), ``lines``
    (every line break is real) or ``4s`` (``-`` list items). ``merged_at`` lists the lines where
    a second question or answer field started inside this question.
    """

    line: int
    style: Style
    number: int | None = None
    zero: bool = False
    fields: dict[str, FieldDraft] = field(default_factory=dict)
    authors: list[str] = field(default_factory=list)
    pictures: list[str] = field(default_factory=list)
    audio: list[str] = field(default_factory=list)
    handout_images: list[str] = field(default_factory=list)
    type_code: str | None = None
    merged_at: list[tuple[int, str]] = field(default_factory=list)

    def add(
        self, name: str, line: int, lines: list[str], label: str = "", label_line: int = 0
    ) -> FieldDraft:
        """Add a field whose lines start at file line ``line`` and return it.

        A repeated field is appended to the first one; a repeated text or answer means two
        questions ran together, recorded in ``merged_at`` with ``label`` as written and the
        line of the label (``label_line``, else ``line``).
        """
        # FieldDraft.at, inlined: every field of every question passes here.
        count = len(lines)
        new = FieldDraft(list(lines), list(range(line, line + count)) if line else [0] * count)
        if name not in self.fields:
            self.fields[name] = new
            return new
        if name in (TEXT, ANSWER):
            self.merged_at.append((label_line or line, label or name))
        self.fields[name].extend(new)
        return self.fields[name]


@dataclass(slots=True)
class TourDraft:
    """A tour: title, own metadata, defaults for its questions, and question drafts."""

    title: str = ""
    line: int = 0
    editors: str | None = None
    info: str | None = None
    date: str | None = None
    authors: list[str] = field(default_factory=list)
    type_code: str | None = None
    questions: list[QuestionDraft] = field(default_factory=list)


@dataclass(slots=True)
class PackageDraft:
    """A package: metadata as written, defaults inherited by every tour, and the tours."""

    title: str = ""
    date: str | None = None
    editors: str | None = None
    info: str | None = None
    url: str | None = None
    authors: list[str] = field(default_factory=list)
    type_code: str | None = None
    tours: list[TourDraft] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def tour(self) -> TourDraft:
        """The current tour, creating an untitled one for questions before any tour header."""
        if not self.tours:
            self.tours.append(TourDraft())
        return self.tours[-1]


def clean(text: str | None) -> str:
    """Text ready for display: entities decoded, 4s escapes restored, lines trimmed."""
    if not text:
        return ""
    if "&" in text:  # unescape's own test, spared a call for the usual text without entities
        text = unescape(text)
    return clean_lines(restore_escapes(text))


def meta(paragraphs: list[str]) -> str | None:
    """A metadata value (title, editors, info…) from its paragraphs; None when empty."""
    return clean("\n".join(paragraphs)) or None


def _paragraphs(draft: QuestionDraft, name: str) -> list[str]:
    f = draft.fields.get(name)
    return _PARAGRAPHS[draft.style](f.lines) if f else []


def _joined(draft: QuestionDraft, name: str) -> str:
    return "\n".join(_paragraphs(draft, name))


def _check_strays(draft: QuestionDraft, number: int, problems: list[Problem]) -> None:
    for line, label in draft.merged_at:
        add_problem(
            problems,
            line,
            "error",
            "package-problem-merged-question",
            number=str(number),
            label=label,
        )
    for name, f in draft.fields.items():
        # One scan of the whole field finds whether any of its lines starts with a label (and
        # every label ends in a colon).
        joined = "\n".join(f.lines)
        if ":" not in joined or _STRAY_ANYWHERE.search("\n" + joined) is None:
            continue
        for text, line in zip(f.lines, f.numbers, strict=True):
            m = _STRAY.match(text)
            if m is None:
                continue
            label = " ".join(m.group(1).split())
            line = line or draft.line
            if _quoted_answer(draft, name, text, label):
                add_problem(
                    problems,
                    line,
                    "warning",
                    "package-problem-quoted-answer-label",
                    number=str(number),
                    label=label,
                )
            elif _SWALLOWING.match(label):
                add_problem(
                    problems,
                    line,
                    "error",
                    "package-problem-merged-question",
                    number=str(number),
                    label=label,
                )
            else:
                add_problem(
                    problems,
                    line,
                    "warning",
                    "package-problem-stray-label",
                    number=str(number),
                    label=label,
                )


def _quoted_answer(draft: QuestionDraft, name: str, text: str, label: str) -> bool:
    """Whether an ``Ответ:`` inside field ``name`` is that field's own text, not a swallowed
    question: it is indented (a paragraph of the field, never a label, which starts a line or
    a block), it stands after the question's text and answer (a comment, sources, Зачёт), and
    the question has its answer already. Nothing of a next question is then inside it."""
    return (
        label == "Ответ"
        and text[:1].isspace()
        and name not in (TEXT, ANSWER)
        and ANSWER in draft.fields
        and not draft.merged_at
    )


def _check_answer_lines(draft: QuestionDraft, number: int, problems: list[Problem]) -> None:
    """Warn when a later line of the answer ends with "?": likely a swallowed question."""
    f = draft.fields[ANSWER]
    for text, line in list(zip(f.lines, f.numbers, strict=True))[1:]:
        if text.rstrip().endswith("?"):
            add_problem(
                problems,
                line or draft.line,
                "warning",
                "package-problem-answer-has-question",
                number=str(number),
            )
            return


def _numbered_map(text: str) -> dict[int, str]:
    """Numbered items of a Зачёт that may cover only some parts (``2. Пол-Риги.``)."""
    lines = text.split("\n")
    if len(lines) == 1 and (items := inline_items(text)) is not None:
        return dict(enumerate(items, 1))
    found: dict[int, str] = {}
    current = 0
    for line in lines:
        m = LIST_ITEM.match(line)
        if m:
            current = int(m[1])
            found[current] = m[2]
        elif current:
            found[current] += "\n" + line
    return found


def _answer_items(answer: str) -> list[str] | None:
    items = numbered_items(answer.split("\n"))
    if items is not None:
        return items[1]
    return inline_items(answer) if "\n" not in answer else None


def _build_parts(
    items: list[str],
    answer: str,
    zachet: str,
    draft: QuestionDraft,
    number: int,
    problems: list[Problem],
) -> tuple[tuple[Part, ...], bool]:
    """Parts of a duplet/blitz, and whether the Зачёт was numbered per part (formats.md 1.5)."""
    answers = _answer_items(answer) or []
    if len(answers) != len(items):
        add_problem(
            problems,
            draft.line,
            "warning",
            "package-problem-parts-mismatch",
            number=str(number),
            parts=len(items),
            answers=len(answers),
        )
    zachets = _numbered_map(zachet) if zachet else {}
    parts = []
    for i, text in enumerate(items, 1):
        part_answer, answer_nez = split_nezachet(answers[i - 1] if i <= len(answers) else "")
        part_zachet, zachet_nez = split_nezachet(zachets.get(i, ""))
        rejected = split_alternatives(answer_nez, part_answer) + split_alternatives(
            zachet_nez, part_answer
        )
        parts.append(
            Part(
                text=text,
                answer=part_answer,
                accepted=split_alternatives(part_zachet, part_answer),
                rejected=tuple(dict.fromkeys(rejected)),
            )
        )
    return tuple(parts), bool(zachets)


def _media(
    draft: QuestionDraft, ex: Extracted
) -> tuple[Handout | None, tuple[str, ...], tuple[str, ...]]:
    """The handout, pictures and audio of a question, from its text and its own fields.

    The first handout picture is the handout image; further ones join ``pictures``.
    """
    if HANDOUT not in draft.fields and not (
        ex.handout_texts or ex.handout_images or ex.pictures or ex.audio
        or draft.handout_images or draft.pictures or draft.audio
    ):
        return None, (), ()  # the usual question: no media at all
    handout_text, handout_media = extract_media(_joined(draft, HANDOUT))
    images = [*ex.handout_images, *draft.handout_images]
    images += [url for kind, url in handout_media if kind in ("pic", "img")]
    texts = [
        clean_lines(restore_escapes(unescape(t)), keep_spacing=True)
        for t in [*ex.handout_texts, handout_text]
        if t.strip()
    ]
    handout = None
    if texts or images:
        handout = Handout(text="\n".join(texts) or None, image=images[0] if images else None)
    pictures = tuple(dict.fromkeys([*images[1:], *ex.pictures, *draft.pictures]))
    sounds = [url for kind, url in handout_media if kind in ("aud", "audio")]
    audio = tuple(dict.fromkeys([*ex.audio, *draft.audio, *sounds]))
    return handout, pictures, audio


def build_question(
    draft: QuestionDraft,
    number: int,
    *,
    zero_tour: bool,
    authors: list[str],
    type_code: str | None,
    problems: list[Problem],
) -> Question:
    """Turn one draft into a Question and report its problems (formats.md 1.4-1.5, 5.3-5.10).

    ``authors`` and ``type_code`` are the inherited defaults used when the question has none.
    """
    _check_strays(draft, number, problems)
    # Each field's paragraphs, read once; a field the draft lacks is "" (no paragraphs).
    fields = draft.fields
    paragraphs = _PARAGRAPHS[draft.style]
    ex = extract_question_markup(
        "\n".join(paragraphs(fields[TEXT].lines)) if TEXT in fields else ""
    )
    if ex.unclosed:
        add_problem(
            problems, draft.line, "warning", "package-problem-unclosed-bracket", number=str(number)
        )
    handout, pictures, audio = _media(draft, ex)

    text = clean(ex.text)
    full_answer = (
        clean(inline_media("\n".join(paragraphs(fields[ANSWER].lines))))
        if ANSWER in fields
        else ""
    )
    answer, answer_nez = split_nezachet(full_answer)
    raw_zachet = (
        clean(inline_media("\n".join(paragraphs(fields[ZACHET].lines))))
        if ZACHET in fields
        else None
    )

    kind = _REGULAR
    parts: tuple[Part, ...] = ()
    per_part_zachet = False
    found = numbered_items(text.split("\n")) if text and starts_list(text) else None
    if found is not None and (m := _MULTI.search(" ".join(found[0]))):
        word = m.group(0).lower()
        kind = (
            QuestionKind.DUPLET
            if word == "дуплет"
            else QuestionKind.SUPERBLITZ
            if word.startswith("супер")
            else QuestionKind.BLITZ
        )
        parts, per_part_zachet = _build_parts(
            found[1], answer, raw_zachet or "", draft, number, problems
        )
    if draft.zero or number == 0 or zero_tour:
        kind = _ZERO

    # split_alternatives gives () for an empty text: the calls are skipped then.
    rejected: list[str] = list(split_alternatives(answer_nez, answer)) if answer_nez else []
    accepted: tuple[str, ...] = ()
    if raw_zachet and not per_part_zachet:
        zachet, zachet_nez = split_nezachet(raw_zachet)
        accepted = split_alternatives(zachet, answer)
        if zachet_nez:
            rejected += split_alternatives(zachet_nez, answer)
    if NEZACHET in fields:
        rejected += split_alternatives(
            clean("\n".join(paragraphs(fields[NEZACHET].lines))), answer
        )

    if not text and handout is None and not pictures and not audio:
        add_problem(problems, draft.line, "error", "package-problem-no-text", number=str(number))
    if not answer:
        add_problem(problems, draft.line, "error", "package-problem-no-answer", number=str(number))
    elif len(fields[ANSWER].lines) > 1:  # only a later line of the answer is checked
        _check_answer_lines(draft, number, problems)

    # " ".join(split()) leaves nothing for clean_lines to do: only entities and escapes.
    sources = (
        tuple(
            s
            for s in (
                " ".join(restore_escapes(unescape(inline_media(_strip_number(p)))).split())
                for p in paragraphs(fields[SOURCES].lines)
            )
            if s
        )
        if SOURCES in fields
        else ()
    )
    if draft.authors:
        own_authors = [clean(a) for a in draft.authors]
    elif AUTHORS in fields:
        own_authors = [clean(a) for a in paragraphs(fields[AUTHORS].lines)]
    else:
        own_authors = []
    own_authors = own_authors or [clean(a) for a in authors]
    # Positional, in the order of Question's fields (question_of checks the count).
    return question_of(
        number,
        text,
        answer,
        kind,
        accepted,
        tuple(dict.fromkeys(rejected)) if rejected else (),  # rejected
        raw_zachet or None,  # accepted_raw
        (
            clean(inline_media("\n".join(paragraphs(fields[COMMENT].lines)))) or None
            if COMMENT in fields
            else None
        ),  # comment
        sources,
        tuple(a for a in own_authors if a),  # authors
        handout,
        tuple([clean(n) for n in ex.host_notes]) if ex.host_notes else (),  # host_notes
        pictures,
        audio,
        parts,
        draft.line,  # line
        draft.type_code or type_code,  # type_code
    )


def _strip_number(paragraph: str) -> str:
    m = LIST_ITEM.match(paragraph)
    return m[2] if m else paragraph


def build_package(
    draft: PackageDraft,
    *,
    source_format: str,
    fallback_title: str,
    problems: list[Problem],
    max_questions: int | None = None,
) -> Package:
    """Build the Package: inherit defaults, number questions, check numbers (formats.md 5.2, 5.10).

    Questions without a number follow the previous one in their tour; a number repeated in one
    tour is a warning; tours without questions are dropped; a package without any question is
    an error. Raises PackageReadError ``package-error-too-many-questions`` before building
    anything when the drafts hold over ``max_questions`` questions (None: no limit).
    """
    count = sum(len(t.questions) for t in draft.tours)
    if max_questions is not None and count > max_questions:
        raise PackageReadError("package-error-too-many-questions", count=count,
                               limit=max_questions)
    tours = []
    for tour_draft in draft.tours:
        seen: set[int] = set()
        last = 0
        questions = []
        zero_tour = bool(_ZERO_TOUR.match(tour_draft.title))
        for qd in tour_draft.questions:
            number = qd.number if qd.number is not None else last + 1
            if number in seen:
                add_problem(
                    problems,
                    qd.line,
                    "warning",
                    "package-problem-duplicate-number",
                    number=str(number),
                    tour=tour_draft.title,
                )
            seen.add(number)
            last = number
            questions.append(
                build_question(
                    qd,
                    number,
                    zero_tour=zero_tour,
                    authors=tour_draft.authors or draft.authors,
                    type_code=tour_draft.type_code or draft.type_code,
                    problems=problems,
                )
            )
        if questions:
            tours.append(
                Tour(
                    title=tour_draft.title,
                    questions=tuple(questions),
                    editors=tour_draft.editors or draft.editors,
                    info=tour_draft.info,
                )
            )
    if not tours:
        add_problem(problems, 0, "error", "package-problem-no-questions")
    date = draft.date or next((t.date for t in draft.tours if t.date), None)
    problems.sort(key=lambda p: p.line)
    return Package(
        title=draft.title or fallback_title,
        tours=tuple(tours),
        date=date,
        editors=draft.editors,
        info=draft.info,
        url=draft.url,
        source_format=source_format,
        extra=draft.extra,
    )
