"""The fast paths of judging give what the plain computation gives, for any text.

Judging an answer went from about 40 to about 10 microseconds (bench/judging.py) by reading
characters through a table (``normalize``), finding exact and reordered answers by look-up,
ruling out far answers by their letters and trying other word orders only when they can be
nearer. Each shortcut is checked here against the plain computation it replaces: the whole
text normalised at once, every variant compared, every word order tried.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from hypothesis import example, given
from hypothesis import strategies as st

from bot.answers import Matcher, _two_versions
from bot.answers.forms import (
    Verdict,
    VerdictKind,
    _contained,
    _containing,
    _Form,
    _forms,
    _Hit,
    _total_slip,
    _verdict,
    _within,
    _word_near,
    _word_slip,
)
from bot.answers.normal import _ALONE, _normalize_text, normal_words, normalize
from bot.answers.wordforms import is_cyrillic, is_latin, to_cyrillic, to_latin

# --- normalising ---------------------------------------------------------------------------

# Letters, marks that combine with them (a separate stress, a breve after и), quotes,
# punctuation, invisible characters and characters of other scripts (Hangul jamo compose).
PIECES = [
    *"абвгдеёжийклмнопрстуфхцчшщъыьэюяАЁЙЯaeiouAZéÉüßİﬁ0123456789",
    "\u0301", "\u0306", "\u0308", "\u0483", "\u200f", "\u200b", "\ufeff", "\x00", "\x1f",
    "\u00a0", "\u2028", "\t", "\n", " ", "'", "’", "`", "«", "»", "„", "“", "\"", ".", ",",
    "-", "—", "…", "/", "(", ")", "[", "]", "&", "№", "™", "K", "Ω", "\u1100", "\u1161",
    "\u0915", "\u093e", "ᲂ", "ς", "Σ", "и\u0306", "у\u0306", "ΑΣ", "Ёё", "ǅ", "\x1c", "\x85",
]
texts = st.lists(st.sampled_from(PIECES) | st.characters(), max_size=30).map("".join)


@given(texts)
@example("Гашек\u200f")
@example("и\u0306од")
@example("\u1100\u1161")
@example("ТьЮ\u0301ринг & «Ко»")
@example("ΟΔΟΣ ΑΣ.")  # Σ lowers to a final ς at a word's end: no plain text
@example("Ёжик в тумане…")
def test_normalize_by_table_is_the_whole_text_normalised(text: str) -> None:
    assert normalize(text) == _normalize_text(text)
    assert normal_words(text) == _normalize_text(text).split()


def test_every_character_the_table_knows_normalises_as_in_a_text() -> None:
    neighbours = ["", "и", "у", "e", " ", "'", "\u0306", "\u0301"]
    for low, high in _ALONE:
        for code in range(low, high):
            for before, after in itertools.product(neighbours, repeat=2):
                text = before + chr(code) + after
                assert normalize(text) == _normalize_text(text), repr(text)


def test_normalize_keeps_its_examples() -> None:
    assert normalize("  ТьЮ\u0301ринг!  ") == "тьюринг"
    assert normalize("Ёжик в тумане…") == "ежик в тумане"
    assert normalize("Йод") == "йод"
    assert normalize("Gangsta's Paradise") == "gangstas paradise"
    assert unicodedata.is_normalized("NFC", normalize("Ў и й"))


# --- the other script ------------------------------------------------------------------------


@given(texts)
@example("frost")
@example("фрост1")
@example("½")
def test_script_of_a_text_is_read_as_letter_by_letter(text: str) -> None:
    letters = [c for c in text if c.isalpha()]
    assert is_latin(text) == (bool(letters) and all(c.isascii() for c in letters))
    assert is_cyrillic(text) == (bool(letters) and all("а" <= c <= "я" for c in letters))


@given(texts)
def test_spelling_over_by_table_is_letter_by_letter(text: str) -> None:
    from bot.answers.wordforms import _CYRILLIC, _LATIN, _LATIN_PAIRS

    assert to_latin(text) == "".join(_CYRILLIC.get(c, c) for c in text)
    spelled = text
    for latin, cyrillic in _LATIN_PAIRS:
        spelled = spelled.replace(latin, cyrillic)
    assert to_cyrillic(text) == "".join(_LATIN.get(c, c) for c in spelled)


# --- two versions ----------------------------------------------------------------------------

TWO_VERSIONS = re.compile(
    r"[^\W\d_]\W*\s(?:или|либо|or)\s+\W*[^\W\d_]"
    r"|,\s*(?:а\s+|или\s+)?(?:может|возможно|или)\b"
    r"|(?<=[^\W\d_])\s*/\s*(?=[^\W\d_])",
    re.IGNORECASE,
)
"""Two versions as one search, as judging did before its fast paths."""
VERSION_PIECES = ["Гашек", "Швейк", " ", "или", "ИЛИ", "Или", "либо", "or", "OR", ",", "/",
                  "может", "возможно", "а", "!", "«", "»", "1", "\u0301", "ᲂ"]


@given(st.lists(st.sampled_from(VERSION_PIECES) | st.characters(), max_size=12).map("".join))
@example("Гашек или Швейк")
@example("Гашек либᲂ Швейк")
def test_two_versions_are_found_where_one_search_finds_them(text: str) -> None:
    assert _two_versions(text, _Form.of(text).words) == bool(TWO_VERSIONS.search(text))


# --- the nearest variant -------------------------------------------------------------------

WORDS = ["медные", "медная", "трубы", "труба", "триста", "шестьдесят", "шесть", "366", "йод",
         "иод", "гашек", "гашке", "ярослав", "ярсолав", "швейк", "в", "правом", "углу",
         "нижнем", "верхнем", "тысяча", "1000", "и", "пол", "полночь", "полдень", "кот",
         "кто", "ток", "frost", "abcde", "abced", "babab", "ababa"]
word = st.sampled_from(WORDS) | st.text("абвгдейиклмо", min_size=1, max_size=9)
phrase = st.lists(word, min_size=1, max_size=5).map(" ".join)


def plain_fuzzy(given: _Form, target: _Form) -> tuple[_Hit, int] | None:
    """Typo closeness the plain way: every word order of up to 4 words tried."""
    from rapidfuzz.distance import OSA

    total = len(target.flat)
    budget = max(sum(_word_near(len(w)) for w in target.words), 1 if total < 15 else 2)
    if total < 5 or abs(len(given.flat) - total) > budget:
        return None
    n = len(target.words)
    if len(given.words) != n:
        limit = 1 if total < 15 else 2
        distance = OSA.distance(given.flat, target.flat)
        return (_Hit.NEAR, distance) if distance <= limit else None
    limits = [_word_near(len(w)) for w in target.words]
    orders = itertools.permutations(given.words) if n <= 4 else [given.words]
    best = None
    for order in orders:
        cells = [OSA.distance(g, t) for g, t in zip(order, target.words, strict=True)]
        if any(d > lim for d, lim in zip(cells, limits, strict=True)):
            continue
        slips = all(d <= _word_slip(len(w)) for d, w in zip(cells, target.words, strict=True))
        candidate = (sum(cells), not slips)
        best = candidate if best is None else min(best, candidate)
    if best is None:
        return None
    if not best[1] and best[0] <= _total_slip(total):
        return _Hit.TYPO, best[0]
    return _Hit.NEAR, best[0]


def plain_nearest(given: _Form, targets: tuple[_Form, ...]) -> tuple[str, _Hit, int] | None:
    """The first of the nearest variants, each compared in turn."""
    best = None
    for target in targets:
        if given.flat == target.flat:
            hit: tuple[_Hit, int] | None = (_Hit.EXACT, 0)
        elif len(given.words) > 1 and given.order == target.order:
            hit = (_Hit.ORDER, 0)
        elif given.numeric == target.numeric:
            hit = (_Hit.EXACT, 0)
        elif given.digits or target.digits:
            hit = None
        elif given.loose == target.loose:
            hit = (_Hit.SPELLING, sum(a != b for a, b in zip(given.flat, target.flat,
                                                             strict=True)))
        else:
            hit = plain_fuzzy(given, target)
        if hit and (best is None or hit < best[1:]):
            best = (target.shown, *hit)
            if hit[0] is _Hit.EXACT:
                break
    return best


@given(phrase, st.lists(phrase, min_size=1, max_size=5))
@example("трубы медные", ["медные трубы"])
@example("366", ["тысяча", "триста шестьдесят шесть"])
@example("иод", ["йод"])
@example("ктоток", ["кто ток", "ток кто"])
@example("ababa babab", ["babab ababa", "ababa babab"])
@example("abced ababa", ["ababa abcde"])
@example("abcdf abcdx", ["abcde abcdf"])  # crossed, one slip; as written, two
def test_nearest_variant_by_look_up_is_the_nearest_of_all(
        answer: str, variants: list[str]) -> None:
    targets = _forms(variants)
    g = _Form.of(answer)
    found = targets.nearest(g)
    assert ((found.target.shown, found.hit, found.distance) if found else None) == \
        plain_nearest(_Form.of(answer), targets.forms)


@given(phrase, phrase)
def test_words_within_by_sets_are_words_within_by_counts(part: str, whole: str) -> None:
    a, b = _Form.of(part), _Form.of(whole)
    assert _within(a, b) == (not a.bag - b.bag)


@given(phrase, st.lists(phrase, min_size=1, max_size=3), st.lists(phrase, max_size=2))
def test_matcher_verdict_is_the_same_on_every_call(
        answer: str, accepted: list[str], rejected: list[str]) -> None:
    """A ``Matcher`` keeps what it reads of its variants: judging again, or another answer
    first, changes no verdict."""
    fresh = Matcher(accepted[0], accepted[1:], rejected)
    used = Matcher(accepted[0], accepted[1:], rejected)
    for other in (*accepted, *rejected, answer[::-1]):
        used.judge(other)
    assert used.judge(answer) == fresh.judge(answer) == fresh.judge(answer)


@given(phrase, st.lists(phrase, min_size=1, max_size=3), st.lists(phrase, max_size=2))
@example("гашек", ["ярослав гашек"], [])
@example("швейк гашек", ["гашек"], ["швейк"])
def test_answer_without_a_variants_word_contains_none_and_is_in_none(
        answer: str, accepted: list[str], rejected: list[str]) -> None:
    """The words shortcut of ``Matcher.judge``: where it skips the containment checks,
    each of them finds nothing."""
    matcher = Matcher(accepted[0], accepted[1:], rejected)
    g = _Form.of(answer)
    if matcher._words.isdisjoint(g.words):
        assert _containing(g, matcher._accepted) is None
        assert _containing(g, matcher._rejected) is None
        assert _contained(g, matcher._accepted) is None


@given(st.sampled_from(VerdictKind), st.text(max_size=12), st.none() | st.text(max_size=12),
       st.dictionaries(st.sampled_from(["distance", "number", "criteria", "given"]),
                       st.integers() | st.text(max_size=5)))
def test_verdict_made_field_by_field_is_the_dataclass_verdict(
        kind: VerdictKind, reason: str, matched: str | None, args: dict[str, object]) -> None:
    made = _verdict(kind, reason, matched, **args)
    plain_args = {**args, **({"matched": matched} if matched is not None else {})}
    plain = Verdict(kind, f"judge-reason-{reason}", plain_args, matched)
    assert made == plain
    assert vars(made) == vars(plain) and list(vars(made)) == list(vars(plain))
    assert repr(made) == repr(plain)
