"""Verdicts and the comparison of one given answer with one accepted answer: typo allowances
per word, containment, the other script (formats.md 6.4; the decisions are listed in
``bot.answers``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any

from rapidfuzz.distance import OSA

from bot.answers.normal import _clean, normalize
from bot.wordforms import is_cyrillic, numbers_as_digits

if TYPE_CHECKING:
    from bot.i18n import Translator

# --- verdicts ----------------------------------------------------------------------------------


class VerdictKind(StrEnum):
    """The outcome of judging one answer; the host can override any of them."""

    ACCEPT = "ACCEPT"
    REJECT = "REJECT"
    UNSURE = "UNSURE"


@dataclass(frozen=True)
class Verdict:
    """A verdict with its reason: ``reason`` is a Fluent key in ``answers.ftl`` and ``args``
    its arguments (``matched``, ``distance``, ``criteria``, ``number``…); ``matched`` is the
    accepted or rejected variant the answer was matched to, as written, or None.
    """

    kind: VerdictKind
    reason: str
    args: dict[str, Any] = field(default_factory=dict)
    matched: str | None = None

    def describe(self, translator: Translator, locale: str | None = None) -> str:
        """The reason as text in ``locale`` (e.g. "совпадает с ответом «Гашек»")."""
        return translator.format(self.reason, self.args, locale)


def _verdict(kind: VerdictKind, reason: str, matched: str | None = None, **args: Any) -> Verdict:
    if matched is not None:
        args["matched"] = matched
    return Verdict(kind, f"judge-reason-{reason}", args, matched)


# --- matching ----------------------------------------------------------------------------------


class _Hit(IntEnum):
    """How close a given answer is to one variant; smaller is closer."""

    EXACT = 0
    ORDER = 1
    SPELLING = 2  # only й/и differ
    TYPO = 3  # close enough to accept
    NEAR = 4  # close enough to ask the host


def _word_slip(length: int) -> int:
    """Slips accepted in a word of ``length`` letters (the whole answer has its own limit)."""
    if length < 5:
        return 0
    return 1 if length < 15 else 2


def _word_near(length: int) -> int:
    """Slips in a word of ``length`` letters that still make a near-miss for the host."""
    if length < 4:
        return 0
    return 1 if length < 8 else 2 if length < 15 else 3


def _total_slip(total: int) -> int:
    """Slips accepted in a whole answer of ``total`` letters."""
    return 0 if total < 8 else 1 if total < 15 else 2 if total < 25 else 3


@dataclass(frozen=True, slots=True)
class _Form:
    """One text ready for comparison: normalised, without spaces, and as words."""

    shown: str
    flat: str
    loose: str
    words: tuple[str, ...]
    order: tuple[str, ...]
    bag: Counter[str]
    digits: bool
    budget: int  # the largest distance at which this variant can still be a near-miss
    numeric: tuple[str, ...]  # the words with numbers in words as digits
    titled: bool  # inner quotes mark a title ("Вершина «Арарата»")
    quoted: bool  # any quote at all

    @classmethod
    def of(cls, shown: str) -> _Form:
        """The form of ``shown``, which is kept as written for messages."""
        words = tuple(_AMPERSAND.sub(_and, normalize(shown)).split())
        flat = "".join(words)
        near_words = sum(_word_near(len(w)) for w in words)
        title = _TITLE.search(shown)
        return cls(
            shown=shown,
            flat=flat,
            loose=flat.replace("й", "и"),
            words=words,
            order=tuple(sorted(words)),
            bag=Counter(words),
            digits=not flat.isalpha() and any(c.isdigit() for c in flat),
            budget=max(near_words, 1 if len(flat) < 15 else 2),
            numeric=numbers_as_digits(words),
            titled=bool(title) and bool(normalize(shown[: title.start()] + shown[title.end() :])),
            quoted=bool(_QUOTE.search(shown)),
        )


_AMPERSAND = re.compile(r"\s*&\s*")
_TITLE = re.compile(r"[«„“\"][^«»„“”\"]*[^\W_][^«»„“”\"]*[»“”\"]")
_QUOTE = re.compile(r"[«»„“”\"']")


def _and(match: re.Match[str]) -> str:
    """"&" as the word it stands for: "и" after Cyrillic, "and" otherwise."""
    before = match.string[: match.start()]
    return " и " if before and is_cyrillic(before[-1]) else " and "


@dataclass(frozen=True, slots=True)
class _Match:
    target: _Form
    hit: _Hit
    distance: int


def _fuzzy(given: _Form, target: _Form) -> tuple[_Hit, int] | None:
    """Typo closeness of ``given`` to ``target`` (formats.md 6.4 step 5), or None if far."""
    total = len(target.flat)
    if total < 5 or abs(len(given.flat) - total) > target.budget:
        return None
    n = len(target.words)
    if len(given.words) != n:
        # Words split or joined differently: never safe enough to accept without the host.
        limit = 1 if total < 15 else 2
        distance = OSA.distance(given.flat, target.flat, score_cutoff=limit)
        return (_Hit.NEAR, distance) if distance <= limit else None
    limits = [_word_near(len(w)) for w in target.words]
    # Distances word by word; with up to 4 words every word order is tried, longer answers
    # are compared in the order written (24 orders at most, not 8! = 40320).
    if n <= 4:
        pairs = list(zip(target.words, limits, strict=True))
        rows = [[OSA.distance(g, t, score_cutoff=lim) for t, lim in pairs] for g in given.words]
        alignments: Iterable[list[int]] = (
            [rows[g][t] for t, g in enumerate(order)] for order in itertools.permutations(range(n))
        )
    else:
        words = zip(given.words, target.words, limits, strict=True)
        alignments = [[OSA.distance(g, t, score_cutoff=lim) for g, t, lim in words]]
    best: tuple[int, bool] | None = None
    for cells in alignments:
        if any(d > lim for d, lim in zip(cells, limits, strict=True)):
            continue
        slips = all(d <= _word_slip(len(w)) for d, w in zip(cells, target.words, strict=True))
        candidate = (sum(cells), not slips)
        if best is None or candidate < best:
            best = candidate
    if best is None:
        return None
    distance, too_many = best
    if not too_many and distance <= _total_slip(total):
        return _Hit.TYPO, distance
    return _Hit.NEAR, distance


def _closeness(given: _Form, target: _Form) -> _Match | None:
    """How close ``given`` is to ``target``: exact, reordered, й/и, typo, near-miss or None."""
    if given.flat == target.flat:
        return _Match(target, _Hit.EXACT, 0)
    if len(given.words) > 1 and given.order == target.order:
        return _Match(target, _Hit.ORDER, 0)
    if given.numeric == target.numeric:
        return _Match(target, _Hit.EXACT, 0)  # "366" for "триста шестьдесят шесть"
    if given.digits or target.digits:
        return None  # numbers must match digit for digit
    if given.loose == target.loose:
        slips = sum(a != b for a, b in zip(given.flat, target.flat, strict=True))
        return _Match(target, _Hit.SPELLING, slips)
    fuzzy = _fuzzy(given, target)
    return _Match(target, *fuzzy) if fuzzy else None


def _nearest(given: _Form, targets: Iterable[_Form]) -> _Match | None:
    best = None
    for target in targets:
        match = _closeness(given, target)
        if match and (best is None or (match.hit, match.distance) < (best.hit, best.distance)):
            best = match
            if match.hit is _Hit.EXACT:
                break
    return best


def _containing(given: _Form, targets: Iterable[_Form]) -> _Form | None:
    """The longest target whose words all stand, as whole words, in a longer ``given``."""
    found = [t for t in targets if len(given.words) > len(t.words) and not t.bag - given.bag]
    return max(found, key=lambda t: len(t.words), default=None)


def _contained(given: _Form, targets: Iterable[_Form]) -> _Form | None:
    """The first target of which ``given`` is some of the words (at least 4 letters of them)."""
    if len(given.flat) < 4:
        return None
    for target in targets:
        if len(given.words) < len(target.words) and not given.bag - target.bag:
            return target
    return None


def _forms(texts: Iterable[str]) -> tuple[_Form, ...]:
    """Comparison forms of ``texts``, one per distinct normalised spelling, first one shown."""
    forms: dict[str, _Form] = {}
    for text in texts:
        form = _Form.of(text)
        if form.flat:
            forms.setdefault(form.flat, form)
    return tuple(forms.values())


def _verbatim(texts: Iterable[str]) -> dict[str, str]:
    """Each text's spaceless normalised form, mapped to the text as shown."""
    return {normalize(text).replace(" ", ""): _clean(text) for text in texts}

