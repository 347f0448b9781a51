"""The oral answer, in the formats where one named player answers aloud for a table (DUEL,
TV): the captain names the answerer, the answerer types the answer for the host, the host
judges it. The actions are the same in both formats; what each may do when, and the events
it produces, are the format's own (``rules.duel.question``, ``rules.tv.decide``).

SYNC has no oral answer: every team hands in in writing (``rules.written``) and the host
judges groups of equal answers (``rules.judging``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class NameAnswerer:
    """The captain ``by`` names ``player`` to answer (DUEL-3.5, TV-2); in DUEL also the one
    player who plays a superblitz, named before it (DUEL-4.2d)."""

    by: int
    player: int


@dataclass(frozen=True, slots=True)
class GiveAnswer:
    """The named player ``by`` types the answer ``text`` given aloud, with the bot's
    suggested verdict, shown to the host alone.

    ``suggestion`` is "accept", "reject" or "unsure"; ``reason`` the matcher's reason key
    and ``reason_args`` its arguments. In TV it is optional: the host may judge what was
    said without it.
    """

    by: int
    text: str
    suggestion: str
    reason: str
    reason_args: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class JudgeAnswer:
    """The host ``by`` judges the answer ``correct`` or not (DUEL-3.7, TV-2, TV-3); in a
    DUEL blitz or superblitz, the current mini-question's answer."""

    by: int
    correct: bool
