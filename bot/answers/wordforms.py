"""Word forms the answer matcher (bot/answers/) treats as the same: Russian numbers written
in words, dictionary forms (lemmas) of inflected words, and the other script of a name.

All functions take words already normalised by ``bot.answers.normalize`` (lower case, ё as е)
and never raise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer

# --- numbers in words (0 to 9999, the cardinal forms an answer is written in) ----------------

_UNITS = {
    "ноль": 0, "нуль": 0, "один": 1, "одна": 1, "одно": 1, "два": 2, "две": 2, "три": 3,
    "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9,
    "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14,
    "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18,
    "девятнадцать": 19,
}
_TENS = {
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90,
}
_HUNDREDS = {
    "сто": 100, "двести": 200, "триста": 300, "четыреста": 400, "пятьсот": 500,
    "шестьсот": 600, "семьсот": 700, "восемьсот": 800, "девятьсот": 900,
}
_THOUSAND = frozenset({"тысяча", "тысячи", "тысяч"})
_RANKS = ((_HUNDREDS, 3), (_TENS, 2), (_UNITS, 1))
_NUMBER_WORDS = frozenset(_UNITS) | frozenset(_TENS) | frozenset(_HUNDREDS) | _THOUSAND


def _rank(word: str) -> tuple[int, int] | None:
    """(value, rank) of a number word below a thousand: hundreds 3, tens 2, units/teens 1."""
    for table, rank in _RANKS:
        if word in table:
            return table[word], rank
    return None


def _below_thousand(words: Sequence[str], start: int) -> tuple[int, int] | None:
    """The number below 1000 written from ``words[start]`` in descending ranks ("триста
    шестьдесят шесть"), as (value, words used); None when no number word stands there."""
    value, used, last = 0, 0, 4
    while start + used < len(words):
        found = _rank(words[start + used])
        if found is None or found[1] >= last or (found[0] >= 10 and last == 2):
            break  # ranks only descend; "двадцать одиннадцать" is not one number
        value += found[0]
        used += 1
        last = found[1]
    return (value, used) if used else None


def numbers_as_digits(words: Sequence[str]) -> tuple[str, ...]:
    """``words`` with every number written in words replaced by its digits, 0 to 9999:
    ("триста", "шестьдесят", "шесть") gives ("366",), ("две", "тысячи", "пять") ("2005",),
    ("тысяча", "и", "одна", "ночь") ("1000", "и", "1", "ночь"). Other words stay."""
    if _NUMBER_WORDS.isdisjoint(words):
        return tuple(words)
    out: list[str] = []
    i = 0
    while i < len(words):
        head = _below_thousand(words, i)
        thousands = None
        if words[i] in _THOUSAND:
            thousands, i = 1, i + 1
        elif head and head[0] < 10 and i + head[1] < len(words) \
                and words[i + head[1]] in _THOUSAND:
            thousands, i = head[0], i + head[1] + 1
        if thousands is not None:
            rest = _below_thousand(words, i)
            i += rest[1] if rest else 0
            out.append(str(thousands * 1000 + (rest[0] if rest else 0)))
        elif head:
            out.append(str(head[0]))
            i += head[1]
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


# --- dictionary forms ------------------------------------------------------------------------


@cache
def _analyzer() -> MorphAnalyzer:
    """The Russian morphological analyser, loaded once (about 0.2 s, 15 MB of dictionary)."""
    from pymorphy3 import MorphAnalyzer

    return MorphAnalyzer(lang="ru")


@cache
def lemmas(word: str) -> frozenset[str]:
    """Every dictionary form ``word`` may be an inflection of ("белые" gives {"белый",
    "белые"}), ё written as е; a word the analyser does not know gives itself."""
    if not any("а" <= c <= "я" for c in word):
        return frozenset({word})
    forms = {p.normal_form.replace("ё", "е") for p in _analyzer().parse(word)}
    return frozenset(forms | {word})


def same_lemmas(given: Sequence[str], target: Sequence[str]) -> bool:
    """True when ``given`` is ``target`` inflected: as many words, each sharing a dictionary
    form with its counterpart, in the order written or in any order for up to four words."""
    if len(given) != len(target) or not given:
        return False
    if all(lemmas(g) & lemmas(t) for g, t in zip(given, target, strict=True)):
        return True
    if len(given) > 4:
        return False
    remaining = list(target)
    for word in given:
        match = next((t for t in remaining if lemmas(word) & lemmas(t)), None)
        if match is None:
            return False
        remaining.remove(match)
    return True


def _role(word: str) -> str | None:
    """"Name", "Patr" or "Surn" when the analyser's likeliest reading of ``word`` is a given
    name, a patronymic or a surname; "Init" for a one-letter word (an initial); else None."""
    if len(word) == 1:
        return "Init"
    if not any("а" <= c <= "я" for c in word):
        return None
    tag = _analyzer().parse(word)[0].tag
    return next((role for role in ("Name", "Patr", "Surn") if role in tag), None)


def is_given_name(word: str) -> bool:
    """True when the analyser's likeliest reading of ``word`` is a given name ("петр")."""
    return _role(word) == "Name"


def surname_index(words: Sequence[str]) -> int | None:
    """Where the surname stands in the person's name ``words`` (two or more): 0 when it is
    written surname first ("моцарт вольфганг амадей", "чайковский петр ильич", "пушкин а с"),
    -1 when last ("вольфганг амадей моцарт", "иван грозный"), None when the name gives no
    surname a reader could be sure of ("бор нильс", "петр ильич": the last word reads as a
    given name or patronymic, the first as no surname). Surname first needs every later word
    to read as a given name, patronymic or initial."""
    if len(words) < 2:
        return None
    first, rest = _role(words[0]), [_role(w) for w in words[1:]]
    later_names = all(r in ("Name", "Patr", "Init") for r in rest)
    if first == "Surn" and later_names:
        return 0
    if rest[-1] in ("Name", "Patr", "Init"):
        # "пушкин а с" with a first word the analyser does not call a surname: still first.
        return 0 if later_names and first is None and rest[-1] != "Name" else None
    return -1


# --- the other script ------------------------------------------------------------------------

_LATIN_PAIRS = (
    ("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"),
    ("ts", "ц"), ("tz", "ц"), ("ya", "я"), ("yu", "ю"), ("yo", "е"), ("ye", "е"), ("ph", "ф"),
    ("th", "т"), ("ck", "к"), ("oo", "у"), ("ee", "и"), ("qu", "кв"), ("x", "кс"),
)
_LATIN = dict(zip("abcdefghijklmnopqrstuvwyz", "абкдефгхийклмнопкрстуввйз", strict=True))
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
    "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch",
    "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}


_CYRILLIC_LETTERS = re.compile("[а-я]+")

_LATIN_TABLE = str.maketrans(_LATIN)
_CYRILLIC_TABLE = str.maketrans(_CYRILLIC)


def is_latin(text: str) -> bool:
    """True when ``text`` has letters and all of them are Latin."""
    if text.isalpha():  # all letters (most answers without spaces): no need to pick them
        return text.isascii()
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(c.isascii() for c in letters)


def is_cyrillic(text: str) -> bool:
    """True when ``text`` has letters and all of them are Cyrillic."""
    if text.isalpha():
        return _CYRILLIC_LETTERS.fullmatch(text) is not None
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all("а" <= c <= "я" for c in letters)


def to_cyrillic(text: str) -> str:
    """A rough Cyrillic spelling of Latin ``text`` ("frost" gives "фрост"), for a near-miss
    check only: it never makes an answer right by itself."""
    for latin, cyrillic in _LATIN_PAIRS:
        text = text.replace(latin, cyrillic)
    return text.translate(_LATIN_TABLE)


def to_latin(text: str) -> str:
    """A rough Latin spelling of Cyrillic ``text`` ("фрост" gives "frost"), as ``to_cyrillic``."""
    return text.translate(_CYRILLIC_TABLE)
