"""The bot's side of the judging queue (rules/judging.py): one prepared judge per question.

A SYNC window hands thousands of answers to one question to judging at once, and a
``Matcher`` built per answer costs far more than the rapidfuzz calls it makes (bench/).
``QuestionJudge`` builds the question's ``bot.answers.Matcher`` once and gives each
answer what the queue needs: its key, the suggestion and its reason, the very verdict
``bot.answers.judge_question`` gives.

The key is the answer's normalised text (``bot.answers.normalize``) and the kind of its
verdict: answers the matcher tells apart although they normalise alike ("Пушкин/Лермонтов",
two versions, against "Пушкин Лермонтов"; a title typed with or without its quotes) fall in
different groups, so a group's one suggestion, and a verdict remembered for its key,
are right for every answer in it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.answers import Matcher, Verdict, VerdictKind, normalize
from rules.judging import QueueAnswers, QueuedAnswer, Suggestion
from rules.written import WrittenAnswer

if TYPE_CHECKING:
    from bot.packages.model import Part, Question

MATCHERS_KEPT = 1024
"""Prepared matchers kept at most: one per question (or blitz part) being played across the
bot's games; the least recently used goes first."""

SUGGESTIONS = {VerdictKind.ACCEPT: Suggestion.ACCEPT, VerdictKind.REJECT: Suggestion.REJECT,
               VerdictKind.UNSURE: Suggestion.UNSURE}
"""The bot's verdict kinds as the rules' suggestions."""

TEXTS_KEPT = 10_000
"""Distinct answer texts a ``QuestionJudge`` remembers (a 5,000-team window's, at most)."""


def answer_key(text: str, kind: VerdictKind) -> str:
    """The judging key of an answer ``text`` the matcher judged ``kind``: its normalised text,
    then the kind after a unit separator (U+001F), which no normalised text contains."""
    return f"{normalize(text)}\x1f{kind.value}"


class _Prepared:
    """Matchers kept by the identity of what they were built for (a question or a part with
    its Зачёт): hashing a question on every answer cost as much as judging it (bench/judging),
    and a game's package, hence its questions, stays the same object while it is played.
    Each entry holds its source, so an id is never reused while its entry lives."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[int, str | None], tuple[object, Matcher]] = OrderedDict()

    def get(self, source: object, raw: str | None, build: Callable[..., Matcher],
            *args: object) -> Matcher:
        """The matcher kept for ``(source, raw)``, else ``build(*args)``, kept from now on."""
        key = (id(source), raw)
        entry = self._kept.get(key)
        if entry is not None and entry[0] is source:
            self._kept.move_to_end(key)
            return entry[1]
        matcher = build(*args)
        self._kept[key] = (source, matcher)
        if len(self._kept) > MATCHERS_KEPT:
            self._kept.popitem(last=False)
        return matcher


_PREPARED = _Prepared()


def question_matcher(question: Question) -> Matcher:
    """The prepared ``Matcher.for_question(question)``, built once and shared by every answer
    to ``question`` (a matcher per answer cost 7% of a 1,000-game DUEL run). A
    ``Matcher`` keeps no state between ``judge`` calls, so sharing it changes no verdict."""
    return _PREPARED.get(question, None, Matcher.for_question, question)


def part_matcher(part: Part, accepted_raw: str | None = None) -> Matcher:
    """The prepared ``Matcher.for_part(part, accepted_raw)`` for one blitz/duplet part,
    shared like ``question_matcher``."""
    return _PREPARED.get(part, accepted_raw, Matcher.for_part, part, accepted_raw)


@dataclass(frozen=True, slots=True)
class Judged:
    """One answer judged: its judging key, the suggestion, and the bot's full verdict (its
    reason key and arguments, for the host's list)."""

    key: str
    suggestion: Suggestion
    verdict: Verdict


class QuestionJudge:
    """Judges every answer to one question with one prepared ``Matcher`` (formats.md 6.4).

    ``QuestionJudge(question)`` prepares the matcher (a blitz or duplet part by part, as
    ``Matcher.for_question``); ``judge`` then costs only the comparisons. Never raises on any
    text."""

    __slots__ = ("_matcher", "_seen")

    def __init__(self, question: Question) -> None:
        self._matcher = question_matcher(question)
        self._seen: dict[str, Judged] = {}

    def judge(self, text: str) -> Judged:
        """``text`` judged: the same verdict as ``bot.answers.judge_question(text,
        question)``, with its key and suggestion. A text judged before is not judged again
        (a verdict depends on the text alone; in a SYNC window most teams type one of a few
        answers, and judging was the largest cost of a hand-in)."""
        judged = self._seen.get(text)
        if judged is None:
            verdict = self._matcher.judge(text)
            judged = Judged(answer_key(text, verdict.kind), SUGGESTIONS[verdict.kind], verdict)
            if len(self._seen) < TEXTS_KEPT:
                self._seen[text] = judged
        return judged

    def queue(self, answers: Iterable[WrittenAnswer]) -> QueueAnswers:
        """The action that queues ``answers`` (a closed window's, in order) for judging.

        An answer typed exactly like an earlier one in ``answers`` is not judged again (in
        a SYNC game many teams type the same): O(distinct texts) matcher calls."""
        seen: dict[str, Judged] = {}
        queued = []
        for answer in answers:
            judged = seen.get(answer.text)
            if judged is None:
                judged = seen[answer.text] = self.judge(answer.text)
            queued.append(QueuedAnswer(answer.team_id, answer.text, judged.key,
                                       judged.suggestion, judged.verdict.reason,
                                       judged.verdict.args))
        return QueueAnswers(tuple(queued))
