"""A game's table as data, before translation: what a format's render puts in a message
(``bot.formats.base.Msg.table``) and the service draws as a picture (``bot.tables.picture``)
next to the same message's text.

The cells are the ones the text table shows (places such as ``1–2``, SYNC's marks ``1 0 ? X
-``, totals): a format builds both from one computation, so the picture never disagrees with
the text. Headers are Fluent keys, translated for each chat's language (``translated``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

Label = tuple[str, dict[str, Any]]
"""A Fluent message key and its arguments."""


class Style(StrEnum):
    """How a column's cells are drawn: ``MARK`` a narrow centred cell coloured by its mark
    (SYNC's 1 0 ? X -), ``TEXT`` left-aligned as wide as its longest cell (a team name),
    ``NUMBER`` centred, ``TOTAL`` centred and bold (subtotals, totals)."""

    MARK = "mark"
    TEXT = "text"
    NUMBER = "number"
    TOTAL = "total"


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its ``header`` (a Fluent key with arguments; ``("", {})`` for none), how
    its cells are drawn, and ``group``, the index into ``Table.groups`` of the heading
    spanning it (a SYNC round), or None."""

    header: Label
    style: Style = Style.NUMBER
    group: int | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A table: ``columns``, spanning ``groups`` headings (Fluent keys; a column names its
    group by index) and ``rows`` of cells as shown, one string per column."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    groups: tuple[Label, ...] = ()

    def translated(self, translate: Callable[[str, dict[str, Any]], str], title: str,
                   notes: tuple[str, ...] = ()) -> Sheet:
        """The table with every header in one language (``translate(key, args)``), headed by
        ``title`` with ``notes`` under it (already translated)."""
        def say(label: Label) -> str:
            return translate(*label) if label[0] else ""

        return Sheet(title, notes, tuple(say(g) for g in self.groups),
                     tuple(say(c.header) for c in self.columns), self)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A ``Table`` ready to draw: its ``title``, ``notes``, the translated ``groups`` and
    column ``headers``, and the ``table`` itself."""

    title: str
    notes: tuple[str, ...]
    groups: tuple[str, ...]
    headers: tuple[str, ...]
    table: Table = field(repr=False)


def summary(text: str, limit: int, length: Callable[[str], int] = len) -> str:
    """The first lines of ``text`` that fit in ``limit`` as ``length`` counts (Telegram:
    UTF-16 units), ending in "…" when lines were left out; a first line too long alone is
    cut. For a picture's caption: the picture shows the table, the caption its heading."""
    if length(text) <= limit:
        return text
    kept: list[str] = []
    for line in text.split("\n"):
        if length("\n".join([*kept, line, "…"])) > limit:
            break
        kept.append(line)
    if not kept:
        first = text.split("\n", 1)[0]
        while first and length(first + "…") > limit:
            first = first[:-1]
        return first + "…"
    return "\n".join([*kept, "…"])
