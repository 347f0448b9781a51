"""The jury desk's groups of answers, as every format with a grouped judging queue
(``rules.judging``) shows them: pending first (largest first), then the decided ones, each
with its size, the bot's suggestion and its verdict. Kept here, beside the generic pages,
so that each format's ``SheetView`` shows its groups the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.judging import Group, Judging, pending

Tell = Callable[[str, dict[str, Any]], str]
"""A message's plain text in the viewer's language: ``tell(key, args)``."""


@dataclass(frozen=True, slots=True)
class DeskGroup:
    """A group of answers on the desk: the ``key`` the desk names it by (what ``judge`` of
    the format's ``SheetView`` takes back), its text, number of teams, the bot's suggestion,
    its verdict (None: pending) and whether that was the bot's own."""

    key: str
    text: str
    teams: int
    suggestion: str
    verdict: str | None
    auto: bool


def desk_groups(judging: Judging, prefix: str = "") -> list[DeskGroup]:
    """The groups of ``judging`` in the order the desk shows them: the pending ones largest
    first, then the decided ones largest first; empty groups left out. Each is named on the
    desk by ``prefix`` and its judging key (a format whose desk key must say more than the
    group, such as the question, puts that in ``prefix``)."""
    waiting = pending(judging)
    decided = [g for g in judging.groups.values() if g.verdict is not None and not g.empty]
    decided.sort(key=lambda g: (-len(g.teams), g.order))
    return [_group(g, prefix) for g in (*waiting, *decided)]


def _group(group: Group, prefix: str) -> DeskGroup:
    return DeskGroup(prefix + group.key, group.text, len(group.teams), group.suggestion.value,
                     group.verdict.value if group.verdict is not None else None,
                     group.verdict is not None and group.by is None)


def group_json(group: DeskGroup, tell: Tell) -> dict[str, Any]:
    """``group`` as the desk's script reads it, its size told in words by ``tell``."""
    return {"key": group.key, "text": group.text, "teams": group.teams,
            "size": tell("desk-group-teams", {"count": group.teams}),
            "suggestion": group.suggestion, "verdict": group.verdict, "auto": group.auto}
