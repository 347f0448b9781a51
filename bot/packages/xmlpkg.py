"""The db.chgk.info XML export (formats.md 2): ``<tournament>`` and ``<search>`` documents.

Element values are raw db-text markup (hard-wrapped lines, ``(pic: …)``, ``<раздатка>``), so
questions are built with the db-text rules. A package XML that only lists its ``<tour>``
elements carries no questions: each tour's XML has to be fetched separately.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from bot.packages.builder import (
    ANSWER,
    AUTHORS,
    COMMENT,
    SOURCES,
    TEXT,
    ZACHET,
    PackageDraft,
    QuestionDraft,
    TourDraft,
    add_problem,
    build_package,
    lines_at,
    meta,
)
from bot.packages.markup import db_paragraphs
from bot.packages.result import ImportResult, PackageReadError, Problem, bad_xml

_FIELDS = {
    "Question": TEXT,
    "Answer": ANSWER,
    "PassCriteria": ZACHET,
    "Comments": COMMENT,
    "Sources": SOURCES,
    "Authors": AUTHORS,
}
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_QUESTION_TAG = re.compile(r"<question\b")
# Embargoed questions come back as placeholder runs such as ZZZZZ or xxxxx (formats.md 2.2).
_PLACEHOLDER = re.compile(r"^\s*([A-Za-z])\1{3,}\s*$")


def _text(element: ET.Element, tag: str) -> str:
    child = element.find(tag)
    return (child.text or "") if child is not None else ""


def _value(element: ET.Element, tag: str) -> str | None:
    return meta(db_paragraphs(_text(element, tag).split("\n")))


def _date(element: ET.Element, prefix: str = "") -> str | None:
    start = _text(element, f"{prefix}PlayedAt").strip()
    end = _text(element, f"{prefix}PlayedAt2").strip()
    if start and end and end != start:
        return f"{start} - {end}"
    return start or None


def _question(element: ET.Element, line: int, problems: list[Problem]) -> QuestionDraft:
    number = _text(element, "Number").strip()
    draft = QuestionDraft(line=line, style="db", number=int(number) if number.isdigit() else None)
    for tag, name in _FIELDS.items():
        value = _text(element, tag)
        if value.strip():
            draft.add(name, 0, value.split("\n"))
    draft.type_code = _text(element, "Type").strip() or None
    if _PLACEHOLDER.match(_text(element, "Question")):
        add_problem(
            problems, line, "warning", "package-problem-hidden-question", number=number or "?"
        )
    return draft


def parse(
    text: str, fallback_title: str, max_questions: int | None = None
) -> ImportResult:
    """Import a db.chgk.info XML document (formats.md 2.2).

    A ``<tournament>`` gives its tours (or itself as the only tour); a ``<search>`` result gives
    one tour numbered 1..n, each question's origin kept in ``Package.extra["origins"]``. Raises
    PackageReadError (``package-error-bad-xml``) for XML that does not parse or declares a
    DOCTYPE (entity expansion is refused outright).
    Over ``max_questions`` questions (None: no limit) raises PackageReadError (``build_package``).
    """
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise PackageReadError("package-error-xml-doctype")
    try:
        root = ET.fromstring(_DECLARATION.sub("", text, count=1))
    except ET.ParseError as error:
        raise bad_xml(error) from None
    lines = iter(lines_at(text, (m.start() for m in _QUESTION_TAG.finditer(text))))
    problems: list[Problem] = []
    draft = PackageDraft()
    if root.tag == "search":
        tour = draft.tour()
        origins = []
        for number, element in enumerate(root.iter("question"), 1):
            question = _question(element, next(lines, 0), problems)
            question.number = number
            tour.questions.append(question)
            origins.append(
                {
                    "number": number,
                    "text_id": _text(element, "TextId").strip(),
                    "tournament": _text(element, "tournamentTitle").strip(),
                    "tour": _text(element, "tourTitle").strip(),
                }
            )
        tournaments = list(dict.fromkeys(o["tournament"] for o in origins if o["tournament"]))
        draft.title = tournaments[0] if len(tournaments) == 1 else "db.chgk.info"
        draft.extra["origins"] = origins
    else:
        draft.title = _value(root, "Title") or ""
        draft.editors = _value(root, "Editors")
        draft.info = _value(root, "Info")
        draft.url = _value(root, "URL")
        draft.date = _date(root)
        listed = root.findall("tour")
        for holder in listed or [root]:
            tour = TourDraft(
                title=_value(holder, "Title") or "",
                editors=_value(holder, "Editors"),
                info=_value(holder, "Info") if holder is not root else None,
                date=_date(holder),
            )
            tour.questions = [
                _question(q, next(lines, 0), problems) for q in holder.findall("question")
            ]
            draft.tours.append(tour)
        if listed and not any(t.questions for t in draft.tours):
            add_problem(
                problems, 0, "warning", "package-problem-xml-tour-list", count=len(draft.tours)
            )
    package = build_package(
        draft, source_format="xml", fallback_title=fallback_title, problems=problems,
        max_questions=max_questions,
    )
    return ImportResult(package, problems)
