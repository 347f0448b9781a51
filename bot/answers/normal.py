"""Normalising an answer and expanding the author's answer into its variants (formats.md 6.2,
6.4 steps 1-3): the text side of judging, before any two texts are compared
(``bot.answers``).
"""

from __future__ import annotations

import html
import itertools
import re
import unicodedata

from bot.packages.criteria import is_prose_criteria, strip_reader_notes
from bot.packages.markup import split_top

# --- normalisation (formats.md 6.4, steps 1-2) -------------------------------------------------

# Combining marks in the main combining blocks (stress U+0301 among them). The breve after и/у
# is kept: it is what makes й (and ў) after NFD, and й is a letter of its own.
_MARKS = re.compile(
    "(?<![иу])\u0306|[\u0300-\u0305\u0307-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff"
    "\u20d0-\u20ff\ufe20-\ufe2f]"
)
# Apostrophes vanish ("Gangsta's" = "Gangstas"); quotes and punctuation become spaces.
_APOSTROPHES = re.compile("['’‘`ʼ]")
_INVISIBLE = frozenset({"Cc", "Cf"})
"""Unicode categories of characters that show nothing: controls, format characters."""
_PUNCTUATION = re.compile(r"[\"«»„“”‟‹›.,:;!?()\[\]{}/\\…*_~\-‐‑‒–—―\s]+")


def normalize(text: str) -> str:
    """Return ``text`` in the form answers are compared in (formats.md 6.4, steps 1-2).

    Case-folded (which also neutralises stress written as a capital vowel, ``ТьЮринг``),
    invisible control and format characters dropped (bidi marks such as U+200F, zero-width
    spaces, the BOM, NUL: ``Гашек`` + U+200F is ``Гашек``)*, combining marks stripped (U+0301
    stress; ё becomes е, é becomes e; й stays), quotes and apostrophes removed, the
    punctuation ``.,:;!?-–—()[]/`` turned into spaces, whitespace collapsed. Idempotent; never
    raises.
    """
    return " ".join(normal_words(text))


def normal_words(text: str) -> list[str]:
    """The words of ``normalize(text)``, as ``normalize(text).split()``: text of plain letters
    and punctuation by ``str.lower`` and one search for its words; the characters of the
    common scripts each by a table, in one pass; anything else by ``_normalize_text``."""
    if _UNPLAIN.search(text) is None:
        # What the table does to these characters, done by C loops that read no table (the
        # table costs a look-up per character, a large share of judging an answer: bench/).
        lowered = text.lower()
        return _WORD.findall(lowered.replace("ё", "е") if "ё" in lowered else lowered)
    if _FOREIGN.search(text) is None:
        folded = text.translate(_CHARS)
        if _OTHER not in folded:
            return folded.split()
    return _normalize_text(text).split()


def _normalize_text(text: str) -> str:
    """``normalize`` the long way, on the whole text at once: for text with characters that
    may combine with their neighbours (a separate U+0301, a breve after и) or outside the
    scripts ``_CHARS`` knows."""
    if not text.isprintable():  # only then can it hold a control or format character
        text = "".join(c for c in text if c.isspace() or unicodedata.category(c) not in _INVISIBLE)
    text = unicodedata.normalize("NFD", text.casefold())
    text = unicodedata.normalize("NFC", _MARKS.sub("", text))
    return _PUNCTUATION.sub(" ", _APOSTROPHES.sub("", text)).strip()


_OTHER = "\x00"
"""What ``_CHARS`` gives for a character it cannot normalise alone (a mark): NUL, a
control character, which ``normalize`` never returns."""
_ALONE = ((0x0001, 0x0250), (0x0370, 0x0530), (0x1E00, 0x1F00), (0x2000, 0x2070),
          (0x20A0, 0x20D0))
"""Code point ranges (Latin, Greek, Cyrillic, general punctuation, currency) whose starters
normalise the same alone as beside any other starter of them: none composes with a neighbour
under NFC (no Hangul jamo, no Indic vowel sign)."""


def _alone(char: str) -> str:
    """What ``char`` becomes in ``normalize``'s result (before spaces are collapsed): " " for
    punctuation and whitespace, "" for what vanishes, else its folded letters; ``_OTHER`` when
    the character can combine with a neighbour or lies outside ``_ALONE``."""
    code = ord(char)
    if not any(low <= code < high for low, high in _ALONE):
        return _OTHER
    if char.isspace():
        return " "
    if unicodedata.category(char) in _INVISIBLE:
        return ""
    decomposed = unicodedata.normalize("NFD", char.casefold())
    if unicodedata.category(char)[0] == "M" or unicodedata.combining(decomposed[0]):
        return _OTHER  # a mark: it belongs to the letter before it
    folded = unicodedata.normalize("NFC", _MARKS.sub("", decomposed))
    return _PUNCTUATION.sub(" ", _APOSTROPHES.sub("", folded))


_CHARS = {code: _alone(chr(code)) for low, high in _ALONE for code in range(low, high)}
"""``str.translate`` table of ``_alone`` for every character of the ``_ALONE`` ranges (a
plain dict: ``translate`` reads it at half the cost of one that fills itself)."""
_FOREIGN = re.compile("[^" + "".join(f"{chr(low)}-{chr(high - 1)}" for low, high in _ALONE) + "]")
"""Any character outside the ``_ALONE`` ranges (so not in ``_CHARS``)."""


def _char_class(chars: set[str]) -> str:
    """A regular-expression character class body matching exactly ``chars``, as ranges."""
    codes = sorted(map(ord, chars))
    runs: list[list[int]] = []
    for code in codes:
        if runs and runs[-1][1] == code - 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return "".join(re.escape(chr(low)) if low == high
                   else f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in runs)


_GAPS = {chr(code) for code, out in _CHARS.items() if out == " " and chr(code).lower() == chr(code)}
"""Characters ``_CHARS`` turns into a space (punctuation, whitespace) that ``str.lower`` keeps."""
_PLAIN = _GAPS | {"Ё", "ё"} | {
    chr(code) for code, out in _CHARS.items()
    # Σ lowers by its neighbours (a final ς), so the text's lower case is not its letters'.
    if out == chr(code).lower() and out.strip() == out and not (set(out) & _GAPS)
    and chr(code) != "Σ"
}
"""Characters whose table entry is what ``str.lower`` makes of them in any text, or a space
for a ``_GAPS`` one, or е for Ё and ё: for a text of only these, the words of ``normalize``
are the runs of non-gaps of ``text.lower()`` with ё as е."""
_UNPLAIN = re.compile(f"[^{_char_class(_PLAIN)}]")
_WORD = re.compile(f"[^{_char_class(_GAPS)}]+")


# --- variants of one answer (formats.md 6.2, 6.4 step 3) ---------------------------------------

_GROUP = re.compile(r"\[([^\[\]]*)\]|\(([^()]*)\)")
_SPACED_SLASH = re.compile(r"\s+/\s+")
_WORD_CHOICE = re.compile(r"(?<![\w/])[^\W\d_]+(?:/[^\W\d_]+)+(?![\w/])")
_OR = re.compile(r"^\s*(?:или|or)\s+", re.IGNORECASE)
_LETTERS = re.compile(r"[^\W\d_]")
_PREPOSITION = re.compile(
    r"(?:^|\s)(на|в|во|к|ко|о|об|у|с|со|из|за|по|от|до|для|при|под|над)\s+$", re.IGNORECASE
)
# Every optional part doubles the variants; past this many the rest are cut off.
_MAX_VARIANTS = 256


def _clean(text: str) -> str:
    """Tidy a variant for display: single spaces, no space before punctuation, no final dot."""
    text = re.sub(r"\s+([.,;:!?])", r"\1", " ".join(text.split()))
    return text.strip(" .")


def _word_slots(text: str) -> list[tuple[str, ...]]:
    """Literal text as choice slots, with ``час/часы`` a choice between its words."""
    slots: list[tuple[str, ...]] = []
    position = 0
    for match in _WORD_CHOICE.finditer(text):
        words = match.group().split("/")
        if all(word.isupper() for word in words):
            continue  # AC/DC: one name, not a choice
        slots.append((text[position : match.start()],))
        slots.append(tuple(words))
        position = match.end()
    slots.append((text[position:],))
    return slots


def _optional(content: str) -> tuple[str, ...]:
    """The choices of one optional part: ``концерт/спектакль`` is either word, or none."""
    if _WORD_CHOICE.fullmatch(content.strip()) and not content.isupper():
        return (*content.strip().split("/"), "")
    return (content, "")


def _phrases(whole: str) -> list[str]:
    """``whole`` split at a "/" with several words on both sides ("Ивовый прут/лозоходная
    рамка"), outside brackets and quotes; otherwise ``[whole]`` ("темный час/часы")."""
    sides = split_top(whole, "/")
    if len(sides) > 1 and all(len(side.split()) > 1 and _LETTERS.search(side) for side in sides):
        return [side.strip() for side in sides]
    return [whole]


def _expand(answer: str) -> tuple[list[str], list[str]]:
    """The variants of ``answer`` and the prose notes found in its parentheses."""
    text = " ".join(strip_reader_notes(html.unescape(answer)).split())
    wholes = _SPACED_SLASH.split(text)
    if not all(any(c.isalpha() for c in whole) for whole in wholes):
        wholes = [text]  # "1 / 2" is a fraction, not two answers
    wholes = [phrase for whole in wholes for phrase in _phrases(whole)]
    variants: list[str] = []
    alternatives: list[str] = []  # from "(или X)", listed after the answer's own variants
    notes: list[str] = []
    for whole in wholes:
        slots: list[tuple[str, ...]] = []
        position = 0
        for match in _GROUP.finditer(whole):
            literal = whole[position : match.start()]
            position = match.end()
            bracketed, parenthesised = match.groups()
            if parenthesised is not None and is_prose_criteria(parenthesised):
                notes.append(parenthesised.strip())
            elif parenthesised is not None and _OR.match(parenthesised):
                more, more_notes = _expand(_OR.sub("", parenthesised))
                alternatives += more
                notes += more_notes
            else:
                choices = _optional(bracketed if bracketed is not None else parenthesised)
                # "на [концерт] «Гамлет»": the preposition may go with the part left out
                # ("«Гамлет»"), or stay ("в [нижнем] правом углу": "в правом углу").
                preposition = _PREPOSITION.search(literal)
                if preposition and bracketed is not None:
                    literal = literal[: preposition.start(1)]
                    word = preposition.group(1)
                    choices = (*(f"{word} {c}" for c in choices if c), f"{word} ", "")
                slots += _word_slots(literal)
                slots.append(choices)
                continue
            slots += _word_slots(literal)
        slots += _word_slots(whole[position:])
        for choice in itertools.islice(itertools.product(*slots), _MAX_VARIANTS):
            variants.append(_clean("".join(choice)))
    return [v for v in dict.fromkeys(variants + alternatives) if normalize(v)], notes


def expand_variants(answer: str) -> list[str]:
    """Every way ``answer`` can be written, as display text (formats.md 6.2, 6.4 step 3).

    ``[Джузеппе] Верди.`` gives ``["Джузеппе Верди", "Верди"]``; ``Столб[ик]`` gives both
    words; ``(Ярослав) Гашек`` treats the parentheses the same way; ``[самый] темный час/часы``
    gives four variants. A parenthesised prose note (``(или любой синоним)``) is dropped,
    ``(или X)`` adds X's variants. Variants keep their case, lose the final dot, come in a
    stable order without duplicates (at most 256 combinations); an answer with no letters or
    digits gives ``[]``. Never raises.
    """
    return _expand(answer)[0]

