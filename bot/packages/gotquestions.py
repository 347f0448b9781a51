"""gotquestions.online JSON (formats.md 3): a pack, a list of questions, or one question.

Accepted shapes: ``{"pack": {…, "tours": […]}}`` or the pack object itself; ``{"questions":
[…]}`` or a bare list of question objects; ``{"question": {…}}`` or one question object.
Questions from a list are grouped into tours by their ``tour`` object.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.packages.builder import (
    ANSWER,
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
    lines_at,
)
from bot.packages.result import ImportResult, PackageReadError, Problem, bad_json

SITE = "https://gotquestions.online"
_QUESTION_KEYS = ("zachet", "razdatkaText", "razdatkaPic", "nezachet")


def site_url(path: str) -> str:
    """A gotquestions media path (``/media/…``) as an absolute URL; URLs stay as they are."""
    path = path.strip()
    if path.startswith(("http://", "https://")):
        return path
    return f"{SITE}/{path.lstrip('/')}"


def _is_question(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and "answer" in value
        and "text" in value
        and any(k in value for k in _QUESTION_KEYS)
    )


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _date(value: Any) -> str:
    # Next.js flight payloads prefix dates with "$D"; the day is what an editor would write.
    return _str(value).removeprefix("$D")[:10]


def _names(people: Any, key: str = "person") -> list[str]:
    if not isinstance(people, list):
        return []
    names = []
    for entry in people:
        person = entry.get(key) if isinstance(entry, dict) else None
        if isinstance(person, dict) and _str(person.get("name")).strip():
            names.append(person["name"].strip())
    return names


_ID = re.compile(r'"id"\s*:\s*(-?\d+)\b')


def _id_lines(text: str) -> dict[int, int]:
    """The line of the first ``"id": N`` of each N in the JSON text, in one pass over it."""
    found = list(_ID.finditer(text))
    lines: dict[int, int] = {}
    for m, line in zip(found, lines_at(text, (m.start() for m in found)), strict=True):
        lines.setdefault(int(m[1]), line)
    return lines


def _question(data: dict[str, Any], id_lines: dict[int, int],
              problems: list[Problem]) -> QuestionDraft:
    number = data.get("number")
    question_id = data.get("id")
    line = id_lines.get(question_id, 0) if type(question_id) is int else 0
    draft = QuestionDraft(
        line=line,
        style="lines",
        number=number if isinstance(number, int) else None,
        zero=number == 0,
    )
    for key, name in (
        ("text", TEXT),
        ("razdatkaText", HANDOUT),
        ("answer", ANSWER),
        ("zachet", ZACHET),
        ("nezachet", NEZACHET),
        ("source", SOURCES),
    ):
        value = _str(data.get(key))
        if value.strip():
            draft.add(name, 0, value.split("\n"))
    # The model has no answer-side media: pictures and audio of the answer and the comment are
    # listed as links after the comment, where the host shows them.
    comment = [_str(data.get("comment")), _str(data.get("note"))]
    comment += [
        site_url(_str(data.get(k)))
        for k in ("answerPic", "commentPic", "commentAudio")
        if _str(data.get(k)).strip()
    ]
    if any(c.strip() for c in comment):
        draft.add(COMMENT, 0, [line for c in comment for line in c.split("\n")])
    if _str(data.get("razdatkaPic")).strip():
        draft.handout_images.append(site_url(data["razdatkaPic"]))
    if _str(data.get("audio")).strip():
        draft.audio.append(site_url(data["audio"]))
    draft.authors = _names(data.get("authors"))
    if data.get("takenDown") is True:
        add_problem(
            problems,
            line,
            "warning",
            "package-problem-withdrawn",
            number=str(number if number is not None else "?"),
        )
    return draft


def _tour_title(tour: dict[str, Any]) -> str:
    title = _str(tour.get("title")).strip()
    number = tour.get("number")
    return title or (f"Тур {number}" if isinstance(number, int) else "")


def _from_pack(
    pack: dict[str, Any], id_lines: dict[int, int], problems: list[Problem]
) -> PackageDraft:
    draft = PackageDraft(
        title=_str(pack.get("title")).strip(), info=_str(pack.get("info")).strip() or None
    )
    start, end = _date(pack.get("startDate")), _date(pack.get("endDate"))
    draft.date = (f"{start} - {end}" if start and end and end != start else start) or None
    draft.editors = ", ".join(_names(pack.get("editors"))) or None
    tours = pack.get("tours") if isinstance(pack.get("tours"), list) else []
    for tour in tours:
        if not isinstance(tour, dict):
            continue
        questions = tour.get("questions") if isinstance(tour.get("questions"), list) else []
        draft.tours.append(
            TourDraft(
                title=_tour_title(tour),
                info=_str(tour.get("info")).strip() or None,
                editors=", ".join(_names(tour.get("editors"))) or None,
                questions=[_question(q, id_lines, problems) for q in questions if _is_question(q)],
            )
        )
    return draft


def _from_questions(
    items: list[Any], id_lines: dict[int, int], problems: list[Problem]
) -> PackageDraft:
    draft = PackageDraft()
    tours: dict[Any, TourDraft] = {}
    tour_packs: dict[Any, str] = {}
    packs: dict[Any, dict[str, Any]] = {}
    for item in items:
        if not _is_question(item):
            add_problem(problems, 0, "warning", "package-problem-bad-entry")
            continue
        tour = item.get("tour") if isinstance(item.get("tour"), dict) else {}
        pack = tour.get("pack") if isinstance(tour.get("pack"), dict) else {}
        packs.setdefault(pack.get("id", item.get("packId")), pack)
        key = tour.get("id", item.get("tourId"))
        if key not in tours:
            tours[key] = TourDraft(
                title=_tour_title(tour),
                info=_str(tour.get("info")).strip() or None,
                editors=", ".join(_names(tour.get("editors"))) or None,
            )
            tour_packs[key] = _str(pack.get("title")).strip()
            draft.tours.append(tours[key])
        tours[key].questions.append(_question(item, id_lines, problems))
    titles = list(
        dict.fromkeys(
            _str(p.get("title")).strip() for p in packs.values() if _str(p.get("title")).strip()
        )
    )
    draft.title = "; ".join(titles)
    if len(titles) > 1:
        # Questions from several packs: say which pack each tour comes from.
        for key, tour in tours.items():
            tour.title = " — ".join(t for t in (tour_packs[key], tour.title) if t)
    if len(packs) == 1:
        pack = next(iter(packs.values()))
        draft.info = _str(pack.get("info")).strip() or None
        start, end = _date(pack.get("startDate")), _date(pack.get("endDate"))
        draft.date = (f"{start} - {end}" if start and end and end != start else start) or None
    return draft


def parse(
    text: str, fallback_title: str, max_questions: int | None = None
) -> ImportResult:
    """Import gotquestions.online JSON (formats.md 3); ``fallback_title`` names an untitled pack.

    Raises PackageReadError: ``package-error-bad-json`` when the text is not JSON,
    ``package-error-unknown-format`` when it is JSON of another shape.
    Over ``max_questions`` questions (None: no limit) raises PackageReadError (``build_package``).
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise bad_json(error) from None
    problems: list[Problem] = []
    id_lines = _id_lines(text)
    if isinstance(data, dict) and isinstance(data.get("pack"), dict):
        draft = _from_pack(data["pack"], id_lines, problems)
    elif isinstance(data, dict) and isinstance(data.get("tours"), list):
        draft = _from_pack(data, id_lines, problems)
    elif isinstance(data, dict) and isinstance(data.get("questions"), list):
        draft = _from_questions(data["questions"], id_lines, problems)
    elif isinstance(data, list) and any(_is_question(q) for q in data):
        draft = _from_questions(data, id_lines, problems)
    elif isinstance(data, dict) and _is_question(data.get("question")):
        draft = _from_questions([data["question"]], id_lines, problems)
    elif _is_question(data):
        draft = _from_questions([data], id_lines, problems)
    else:
        raise PackageReadError("package-error-unknown-format")
    package = build_package(
        draft, source_format="gotquestions", fallback_title=fallback_title, problems=problems,
        max_questions=max_questions,
    )
    return ImportResult(package, problems)
