"""The question-package model shared by every importer, the games and storage.

A package (пакет) holds tours, a tour holds questions. Everything is immutable: an imported
package is data that games read and never change. ``to_dict``/``from_dict`` give the JSON shape
stored in the database and printed by ``chgk-bot package check --json``.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any


class QuestionKind(StrEnum):
    """What kind of question this is; decides how a game plays it (DUEL-4.2, formats.md 1.5)."""

    REGULAR = "regular"
    ZERO = "zero"
    BLITZ = "blitz"
    SUPERBLITZ = "superblitz"
    DUPLET = "duplet"
    SECTOR13 = "sector13"


SECTOR13_LABEL = re.compile(
    r"\b13[\s-]*(?:-?й|-?го|-?ый)?\s*сектор|\bсектор\w*\s*(?:№\s*)?13\b|тринадцат\w*\s+сектор"
    r"|\bsector\s*13\b", re.IGNORECASE)
"""How a package says a question is for sector 13 (there is no field for it, formats.md 1.5)."""


@dataclass(frozen=True, slots=True)
class Handout:
    """Handout material (раздаточный материал): text shown to players and/or a picture URL."""

    text: str | None = None
    image: str | None = None


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a blitz or duplet: its own text, answer, accepted and rejected answers."""

    text: str
    answer: str
    accepted: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Question:
    """One question as the editor wrote it.

    ``number`` is the number printed in the package (0 for a zero question); ``text`` is what
    players see (host notes and pronunciation hints removed into ``host_notes``); ``pictures``
    and ``audio`` are resolved URLs or attachment names; ``accepted``/``rejected`` are the
    alternatives split out of Зачёт/Незачёт; ``accepted_raw`` keeps the Зачёт text as written,
    so a judge can see prose criteria such as "по смыслу"; ``line`` is the 1-based line of the
    file where the question starts (0 when the format has no lines); ``type_code`` is the
    db.chgk.info question type as the source states it (``Ч``, ``Б``, ``ДБ``, ``ЧД``, ``Я``…,
    formats.md 2.3), None when the source does not say.
    """

    number: int
    text: str
    answer: str
    kind: QuestionKind = QuestionKind.REGULAR
    accepted: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    accepted_raw: str | None = None
    comment: str | None = None
    sources: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    handout: Handout | None = None
    host_notes: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()
    audio: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()
    line: int = 0
    type_code: str | None = None

    @property
    def for_sector13(self) -> bool:
        """True for a sector 13 question: its kind, or its label ("13-й сектор" near the
        start of the text or in a host note, ``SECTOR13_LABEL``)."""
        return self.kind is QuestionKind.SECTOR13 or SECTOR13_LABEL.search(
            " ".join([self.text[:80], *self.host_notes])) is not None

    @property
    def picture(self) -> str | None:
        """The first picture (question text or handout image), or None."""
        if self.handout and self.handout.image:
            return self.handout.image
        return self.pictures[0] if self.pictures else None


_QUESTION_SLOTS = tuple(getattr(Question, f.name).__set__ for f in fields(Question))


def question_of(*values: Any) -> Question:
    """``Question(*values)``: one value per field, in declaration order, built by setting the
    slots directly. The frozen dataclass ``__init__`` goes through ``object.__setattr__`` for
    each of the 17 fields, which cost a tenth of an import (bench/). Raises ValueError when
    ``values`` does not hold exactly one value per field."""
    question = object.__new__(Question)
    for set_slot, value in zip(_QUESTION_SLOTS, values, strict=True):
        set_slot(question, value)
    return question


@dataclass(frozen=True, slots=True)
class Tour:
    """A tour (тур): a title, its own editors and info, and its questions in order."""

    title: str
    questions: tuple[Question, ...] = ()
    editors: str | None = None
    info: str | None = None


@dataclass(frozen=True, slots=True)
class Package:
    """A whole package: metadata as written (date kept as the editor's text) and its tours."""

    title: str
    tours: tuple[Tour, ...] = ()
    date: str | None = None
    editors: str | None = None
    info: str | None = None
    url: str | None = None
    source_format: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def questions(self) -> tuple[Question, ...]:
        """Every question of every tour, in package order (zero questions included)."""
        return tuple(q for t in self.tours for q in t.questions)

    @property
    def scored_questions(self) -> tuple[Question, ...]:
        """The questions that may count in a score: all but zero questions."""
        return tuple(q for q in self.questions if q.kind is not QuestionKind.ZERO)

    def to_dict(self) -> dict[str, Any]:
        """The package as plain JSON-ready data (lists, strings, ints, None)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Package:
        """Rebuild a package from ``to_dict`` output. Raises KeyError/TypeError on other data."""
        tours = tuple(
            Tour(
                title=t["title"],
                editors=t.get("editors"),
                info=t.get("info"),
                questions=tuple(_question_from_dict(q) for q in t["questions"]),
            )
            for t in data["tours"]
        )
        return cls(
            title=data["title"],
            tours=tours,
            date=data.get("date"),
            editors=data.get("editors"),
            info=data.get("info"),
            url=data.get("url"),
            source_format=data.get("source_format", ""),
            extra=dict(data.get("extra") or {}),
        )


def _question_from_dict(q: dict[str, Any]) -> Question:
    handout = q.get("handout")
    return Question(
        number=q["number"],
        text=q["text"],
        answer=q["answer"],
        kind=QuestionKind(q.get("kind", "regular")),
        accepted=tuple(q.get("accepted", ())),
        rejected=tuple(q.get("rejected", ())),
        accepted_raw=q.get("accepted_raw"),
        comment=q.get("comment"),
        sources=tuple(q.get("sources", ())),
        authors=tuple(q.get("authors", ())),
        handout=Handout(**handout) if handout else None,
        host_notes=tuple(q.get("host_notes", ())),
        pictures=tuple(q.get("pictures", ())),
        audio=tuple(q.get("audio", ())),
        parts=tuple(
            Part(
                text=p["text"],
                answer=p["answer"],
                accepted=tuple(p.get("accepted", ())),
                rejected=tuple(p.get("rejected", ())),
            )
            for p in q.get("parts", ())
        ),
        line=q.get("line", 0),
        type_code=q.get("type_code"),
    )
