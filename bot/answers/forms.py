"""Verdicts and the comparison of one given answer with one accepted answer: typo allowances
per word, containment, the other script (formats.md 6.4; the decisions are listed in
``bot.answers``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from rapidfuzz.distance import OSA, Indel

from bot.answers.normal import _clean, normal_words, normalize
from bot.answers.wordforms import is_cyrillic, numbers_as_digits

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


_new = object.__new__


def _verdict(kind: VerdictKind, reason: str, matched: str | None = None, **args: Any) -> Verdict:
    """``Verdict(kind, "judge-reason-" + reason, args, matched)``, ``matched`` among the
    ``args`` when given. Its fields are written into the new instance's ``__dict__`` directly:
    a frozen dataclass's ``__init__`` sets each through ``object.__setattr__``, which cost
    more than the rest of judging an exact answer (measured in bench/)."""
    if matched is not None:
        args["matched"] = matched
    verdict = _new(Verdict)
    fields = verdict.__dict__
    fields["kind"] = kind
    fields["reason"] = "judge-reason-" + reason
    fields["args"] = args
    fields["matched"] = matched
    return verdict


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


class _lazy:
    """A computed attribute, kept in the instance once computed: ``functools.cached_property``
    without its lock (Python 3.11 takes one on every first access)."""

    def __init__(self, compute: Callable[[Any], Any]) -> None:
        self._compute = compute
        self._name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, form: Any, owner: type | None = None) -> Any:
        if form is None:
            return self
        value = form.__dict__[self._name] = self._compute(form)
        return value


class _Form:
    """One text ready for comparison: ``shown`` as written (kept for messages), its
    normalised ``words`` and ``flat``, those words without spaces. Everything else is computed
    when first asked for and then kept: an accepted variant is asked for it by every answer,
    a given answer often only for its words (an exact answer is found by ``flat`` alone)."""

    def __init__(self, shown: str, words: tuple[str, ...]) -> None:
        self.shown = shown
        self.words = words
        self.flat = "".join(words)

    @classmethod
    def of(cls, shown: str) -> _Form:
        """The form of ``shown``, which is kept as written for messages."""
        words = normal_words(shown)
        if "&" in shown:  # normalising leaves "&" alone, so it is in the answer as typed
            words = _AMPERSAND.sub(_and, " ".join(words)).split()
        return cls(shown, tuple(words))

    @_lazy
    def loose(self) -> str:
        """``flat`` with й as и (a spelling slip, not a typo)."""
        return self.flat.replace("й", "и")

    @_lazy
    def order(self) -> tuple[str, ...]:
        """The words sorted: the same for any word order."""
        return tuple(sorted(self.words))

    @_lazy
    def wordset(self) -> frozenset[str]:
        """The words as a set."""
        return frozenset(self.words)

    @_lazy
    def bag(self) -> Counter[str]:
        """The words with how often each stands."""
        return Counter(self.words)

    @_lazy
    def digits(self) -> bool:
        """True when the text has a digit: numbers must then match digit for digit."""
        return not self.flat.isalpha() and any(c.isdigit() for c in self.flat)

    @_lazy
    def numeric(self) -> tuple[str, ...]:
        """The words with numbers in words as digits."""
        return numbers_as_digits(self.words)

    @_lazy
    def quoted(self) -> bool:
        """True when the text as written has any quote at all."""
        return bool(_QUOTE.search(self.shown))

    @_lazy
    def titled(self) -> bool:
        """True when inner quotes mark a title ("Вершина «Арарата»")."""
        title = _TITLE.search(self.shown)
        return bool(title) and bool(normalize(self.shown[: title.start()]
                                              + self.shown[title.end() :]))

    @_lazy
    def limits(self) -> tuple[int, ...]:
        """Per word, the slips that still make a near-miss for the host (``_word_near``)."""
        return tuple(_word_near(len(w)) for w in self.words)

    @_lazy
    def slips(self) -> tuple[int, ...]:
        """Per word, the slips accepted (``_word_slip``)."""
        return tuple(_word_slip(len(w)) for w in self.words)

    @_lazy
    def allowance(self) -> int:
        """The slips of all words together that still make a near-miss."""
        return sum(self.limits)

    @_lazy
    def letters(self) -> str:
        """The letters (and digits) of ``flat``, sorted: the same for any order of them."""
        return "".join(sorted(self.flat))

    @_lazy
    def reach(self) -> int:
        """The largest difference in length at which this variant can still be a near-miss
        (-1: none, the variant has under 5 letters)."""
        if len(self.flat) < 5:
            return -1
        return max(self.allowance, 1 if len(self.flat) < 15 else 2)


_AMPERSAND = re.compile(r"\s*&\s*")
_TITLE = re.compile(r"[«„“\"][^«»„“”\"]*[^\W_][^«»„“”\"]*[»“”\"]")
_QUOTE = re.compile(r"[«»„“”\"']")


def _and(match: re.Match[str]) -> str:
    """"&" as the word it stands for: "и" after Cyrillic, "and" otherwise."""
    before = match.string[: match.start()]
    return " и " if before and is_cyrillic(before[-1]) else " and "


class _Match(NamedTuple):
    """The variant a given answer is nearest to, how near, and the distance in slips."""

    target: _Form
    hit: _Hit
    distance: int


def _fuzzy(given: _Form, target: _Form) -> tuple[_Hit, int] | None:
    """Typo closeness of ``given`` to ``target`` (formats.md 6.4 step 5), or None if far;
    for a ``given`` whose length differs from ``target``'s by at most ``target.reach``."""
    total = len(target.flat)
    n = len(target.words)
    if len(given.words) != n:
        # Words split or joined differently: never safe enough to accept without the host.
        limit = 1 if total < 15 else 2
        distance = OSA.distance(given.flat, target.flat, score_cutoff=limit)
        return (_Hit.NEAR, distance) if distance <= limit else None
    limits = target.limits
    if n == 1:  # most answers: one distance, no alignment to choose
        distance = OSA.distance(given.flat, target.flat, score_cutoff=limits[0])
        if distance > limits[0]:
            return None
        if distance <= target.slips[0] and distance <= _total_slip(total):
            return _Hit.TYPO, distance
        return _Hit.NEAR, distance
    # Distances word by word; with up to 4 words every word order is tried, longer answers
    # are compared in the order written (24 orders at most, not 8! = 40320). The order
    # written first, as far as every word stays within its allowance.
    cells = []
    within = True  # every word within the slips accepted in it
    for g, t, lim, slip in zip(given.words, target.words, limits, target.slips, strict=True):
        distance = OSA.distance(g, t, score_cutoff=lim)
        if distance > lim:
            break
        cells.append(distance)
        within = within and distance <= slip
    fit = len(cells) == n
    # No order does better than one slip unless the words are the target's reordered (then
    # none): a typo in one word of several is judged at n distances, not n².
    if fit and within and (sum(cells) == 0 or (sum(cells) == 1 and given.order != target.order)):
        return _Hit.TYPO if sum(cells) <= _total_slip(total) else _Hit.NEAR, sum(cells)
    allowed = 2 * target.allowance
    # A slip changes the count of at most two letters, so answers whose letters differ by
    # more than twice the slips allowed are far in any word order (the Indel distance of the
    # letters sorted is that difference): most wrong answers end here. Nor does any order
    # do better than half the letters that differ.
    differ = allowed if n > 4 else Indel.distance(given.letters, target.letters,
                                                    score_cutoff=allowed)
    if differ > allowed:
        return None
    if n > 4 or (fit and within and sum(cells) <= (differ + 1) // 2):
        alignments: Iterable[list[int]] = [cells] if fit else []
    elif n == 2:
        (g0, g1), (t0, t1), (l0, l1) = given.words, target.words, limits
        crossed = [OSA.distance(g1, t0, score_cutoff=l0), OSA.distance(g0, t1, score_cutoff=l1)]
        fitting = crossed[0] <= l0 and crossed[1] <= l1
        alignments = [*([cells] if fit else []), *([crossed] if fitting else [])]
    else:
        pairs = list(zip(target.words, limits, strict=True))
        rows = [[OSA.distance(g, t, score_cutoff=lim) for t, lim in pairs] for g in given.words]
        # Per target word, the given words near enough to it; only orders that give every
        # target word one of them are tried.
        fits = [[g for g in range(n) if rows[g][t] <= limits[t]] for t in range(n)]
        alignments = (
            [rows[g][t] for t, g in enumerate(order)]
            for order in itertools.product(*fits) if len(set(order)) == n
        )
    best: tuple[int, bool] | None = None
    for cells in alignments:
        slips = all(d <= s for d, s in zip(cells, target.slips, strict=True))
        candidate = (sum(cells), not slips)
        if best is None or candidate < best:
            best = candidate
    if best is None:
        return None
    distance, too_many = best
    if not too_many and distance <= _total_slip(total):
        return _Hit.TYPO, distance
    return _Hit.NEAR, distance


class _Targets:
    """The accepted (or rejected) variants of one matcher, in order, indexed once so that an
    exact or reordered answer is found by a look-up instead of a comparison with each.

    The closeness of a given answer to one variant is, first that applies: the same
    ``flat`` → EXACT; more than one word and the same words in another order → ORDER; the
    same words with numbers as digits ("366" for "триста шестьдесят шесть") → EXACT; a digit
    on either side → none (numbers must match digit for digit); only й/и differ → SPELLING;
    else ``_fuzzy``. The nearest variant is the first of the closest ones."""

    __slots__ = ("_by_flat", "_by_numeric", "_by_order", "_spelled", "forms")

    def __init__(self, forms: Iterable[_Form]) -> None:
        self.forms = tuple(forms)
        self._by_flat: dict[str, int] = {}
        self._by_order: dict[tuple[str, ...], int] = {}
        self._by_numeric: dict[tuple[str, ...], list[int]] = {}
        for i, form in enumerate(self.forms):
            self._by_flat.setdefault(form.flat, i)
            if len(form.words) > 1:  # only an answer of several words can be reordered
                self._by_order.setdefault(form.order, i)
            # Without number words or digits, a variant is "the same words with numbers as
            # digits" only for an answer of its very ``flat``: never looked up that way.
            if form.digits or form.numeric != form.words:
                self._by_numeric.setdefault(form.numeric, []).append(i)
        # What ``near`` reads of each variant, read once (numbers match digit for digit).
        self._spelled = tuple((form, len(form.flat), form.reach, form.loose)
                              for form in self.forms if not form.digits)

    def nearest(self, given: _Form) -> _Match | None:
        """The nearest variant to ``given`` with how near it is, or None when none is near."""
        return self.same(given) or self.near(given)

    def same(self, given: _Form) -> _Match | None:
        """The first variant ``given`` is EXACT for, else the first it is ORDER for, else
        None (then no variant is nearer than SPELLING)."""
        if not self.forms:  # most questions have no rejected variant
            return None
        several = len(given.words) > 1
        found = self._by_flat.get(given.flat)
        for i in self._by_numeric.get(given.numeric, ()) if self._by_numeric else ():
            if found is not None and i >= found:
                break
            if not (several and self.forms[i].order == given.order):  # else ORDER comes first
                found = i
                break
        if found is not None:
            return _Match(self.forms[found], _Hit.EXACT, 0)
        if several and self._by_order and given.order in self._by_order:
            return _Match(self.forms[self._by_order[given.order]], _Hit.ORDER, 0)
        return None

    def near(self, given: _Form) -> _Match | None:
        """The nearest variant by spelling (SPELLING, TYPO or NEAR) for a ``given`` that
        ``same`` found nothing for, or None."""
        if not self._spelled or given.digits:
            return None
        best: tuple[_Hit, int] | None = None
        nearest = None
        size = len(given.flat)
        for target, length, reach, loose in self._spelled:
            if size == length and given.loose == loose:
                slips = sum(a != b for a, b in zip(given.flat, target.flat, strict=True))
                hit: tuple[_Hit, int] | None = (_Hit.SPELLING, slips)
            elif abs(size - length) > reach:
                continue
            else:
                hit = _fuzzy(given, target)
            if hit is not None and (best is None or hit < best):
                best, nearest = hit, target
        return _Match(nearest, *best) if nearest is not None and best is not None else None


def _within(part: _Form, whole: _Form) -> bool:
    """True when every word of ``part``, as often as it stands there, is a word of ``whole``."""
    if len(part.wordset) == len(part.words):  # no word repeats: a set will do
        return part.wordset <= whole.wordset
    return not part.bag - whole.bag


def _containing(given: _Form, targets: _Targets) -> _Form | None:
    """The longest target whose words all stand, as whole words, in a longer ``given``."""
    if len(given.words) < 2:
        return None
    found = [t for t in targets.forms if len(given.words) > len(t.words) and _within(t, given)]
    return max(found, key=lambda t: len(t.words), default=None)


def _contained(given: _Form, targets: _Targets) -> _Form | None:
    """The first target of which ``given`` is some of the words (at least 4 letters of them)."""
    if len(given.flat) < 4:
        return None
    for target in targets.forms:
        if len(given.words) < len(target.words) and _within(given, target):
            return target
    return None


def _forms(texts: Iterable[str]) -> _Targets:
    """Comparison forms of ``texts``, one per distinct normalised spelling, first one shown."""
    forms: dict[str, _Form] = {}
    for text in texts:
        form = _Form.of(text)
        if form.flat:
            forms.setdefault(form.flat, form)
    return _Targets(forms.values())


def _verbatim(texts: Iterable[str]) -> dict[str, _Form]:
    """Each text's spaceless normalised form, mapped to the form of the text as shown."""
    return {normalize(text).replace(" ", ""): _Form.of(_clean(text)) for text in texts}
