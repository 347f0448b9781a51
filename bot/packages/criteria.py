"""Зачёт / Незачёт text into lists of accepted and rejected answers (formats.md 1.3, 6.2, 5.8).

Editors write alternatives separated by ``;`` (always a separator), ``,`` or ``/`` (separators
only when the author's answer itself has no comma), mixed with prose criteria ("по смыслу",
"в любом порядке") that are not answers at all. The prose stays in ``Question.accepted_raw``
for a human judge; only answer-like alternatives go to ``accepted``/``rejected``.
"""

from __future__ import annotations

import re

from bot.packages.markup import split_top

_NEZACHET = re.compile(r"(?:^|(?<=[\s.;,(]))Незач[её]т(?![а-яё])\s*[:.]?\s*", re.IGNORECASE)
# Words that mark a criterion written in prose rather than an answer.
_PROSE = re.compile(
    r"по\s+смыслу|синоним|в\s+любом\s+порядке|в\s+любой\s+форм|\bлюб(?:ой|ое|ая|ые|ую)\b"
    r"|принима|засчитыва|\bтолько\b|добуквенн|точн(?:ый|ое|ые)\s+(?:ответ|совпадени)"
    r"|без\s+неверных|уточнени|по\s+слов|по\s+ключев|по\s+фамили|по\s+упоминани|упоминани"
    r"|аналогичн|\bи\s+т\.\s*[пд]\.?|и\s+так\s+далее|при\s+наличии|ответы?\s*,?\s+содержащ"
    r"|\bany\b|\bsynonym",
    re.IGNORECASE,
)
_TAIL = re.compile(r"[\s,;:—–-]*(?:\bи|\bили)?[\s,;:—–-]*$")
_NO_SLASH_SPLIT = re.compile(r"://|\d/\d")


def split_nezachet(text: str) -> tuple[str, str | None]:
    """Cut an inline ``… Незачет: …`` off a Зачёт or Ответ text; return (before, after or None)."""
    m = _NEZACHET.search(text)
    if m is None:
        return text, None
    return text[: m.start()].strip(), text[m.end() :].strip()


def _trim(item: str) -> str:
    item = " ".join(item.split())
    if item.endswith(".") and not item.endswith(".."):
        item = item[:-1]
    return item.strip(" ;,")


def _answer_part(item: str) -> str | None:
    """The answer-like head of ``item``, or None when it is prose from the start."""
    m = _PROSE.search(item)
    if m is None:
        return item
    head = _TAIL.sub("", item[: m.start()])
    return head if head and _PROSE.search(head) is None else None


def split_alternatives(text: str | None, answer: str) -> tuple[str, ...]:
    """Split a Зачёт (or Незачёт) text into alternatives, prose criteria left out (formats.md 6.2).

    ``;`` and line breaks always separate; ``,`` and ``/`` only when ``answer`` has no comma,
    since ``Плутон, Плутос`` is one answer. Splits never happen inside brackets or quotes. A
    trailing prose tail (``Адидас, Найк, в любом порядке``) is cut off.
    """
    if not text:
        return ()
    split_more = "," not in answer
    out: list[str] = []
    for piece in split_top(text, ";\n"):
        pieces = [piece]
        if split_more:
            # "/" stays inside URLs and fractions such as 50/50.
            pieces = split_top(piece, "," if _NO_SLASH_SPLIT.search(piece) else ",/")
        for raw in pieces:
            item = _trim(raw)
            head = _answer_part(item) if item else None
            if head:
                head = _trim(head)
                if head and head not in out:
                    out.append(head)
    return tuple(out)
