"""Bytes to text for package files: encoding detection, line endings, HTML entities.

formats.md 1.1 / 5.1: packages come in KOI8-R (the historical archive), cp1251 (files copied
around by users) and UTF-8 with or without a BOM, with LF or CRLF line endings, and carry HTML
entities such as ``&#232;`` or ``&euro;``.
"""

from __future__ import annotations

import codecs
import html
import re
import zlib

from charset_normalizer import from_bytes

from bot.packages.result import PackageReadError

# Russian letter frequencies (per mille). A right decoding is full of о, е, а, и…; a KOI8-R file
# read as cp1251 (or the reverse) swaps them for rare letters and flips their case, which the
# upper-case-inside-a-word count catches.
_FREQUENCY = {
    "о": 110,
    "е": 85,
    "а": 80,
    "и": 74,
    "н": 67,
    "т": 63,
    "с": 55,
    "р": 47,
    "в": 45,
    "л": 44,
    "к": 35,
    "м": 32,
    "д": 30,
    "п": 28,
    "у": 26,
    "я": 20,
    "ы": 19,
    "ь": 17,
    "г": 17,
    "з": 16,
    "б": 16,
    "ч": 14,
    "й": 12,
    "х": 10,
    "ж": 9,
    "ш": 7,
    "ю": 6,
    "ц": 5,
    "щ": 4,
    "э": 3,
    "ф": 3,
    "ё": 1,
    "ъ": 1,
}
_AVERAGE = 30  # a letter drawn at random: 1000 / 33
_SAMPLE = 16384  # characters scored: plenty to tell two encodings apart
_FIRST_SAMPLE = 2048  # bytes whose UTF-8 reading rejects a KOI8-R or cp1251 file
_UPPER_INSIDE_WORD = re.compile(r"[а-яё][А-ЯЁ]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_CONTROL_BYTES = bytes([*range(0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
_CONTROL_SINGLE_BYTES = tuple(bytes([b]) for b in _CONTROL_BYTES)
# Entities need their semicolon, as in PHP's html_entity_decode that the official parser uses:
# html.unescape alone would also turn "&not" or "&para" inside a URL query into symbols.
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def _cyrillic_score(text: str) -> int:
    """Positive for Russian-looking text, negative for mojibake, 0 without Cyrillic letters."""
    text = text[:_SAMPLE]
    score = 0
    for letter, weight in _FREQUENCY.items():
        score += (weight - _AVERAGE) * (text.count(letter) + text.count(letter.upper()))
    return score - 100 * len(_UPPER_INSIDE_WORD.findall(text))


_CYRILLIC = re.compile("[а-яёА-ЯЁ]")
_LATIN = re.compile("[A-Za-z]")
_SINGLE_BYTE = ("koi8-r", "cp1251")
_LATIN_BYTES = bytes(range(ord("A"), ord("Z") + 1)) + bytes(range(ord("a"), ord("z") + 1))


def _byte_tables(encoding: str) -> tuple[bytes, bytes]:
    """For a single-byte Cyrillic ``encoding``: a translation table giving each letter's byte
    its ``_FREQUENCY`` weight (0 for other bytes), and one turning lower-case letters into
    ``l``, upper-case ones into ``U``, Latin letters into ``a`` and every other byte into a
    space (``_UPPER_INSIDE_WORD`` is then the count of ``lU``)."""
    weights = bytearray(256)
    cases = bytearray(b" " * 256)
    for byte in _LATIN_BYTES:
        cases[byte] = ord("a")
    for letter, weight in _FREQUENCY.items():
        lower, upper = letter.encode(encoding)[0], letter.upper().encode(encoding)[0]
        weights[lower] = weights[upper] = weight
        cases[lower], cases[upper] = ord("l"), ord("U")
    return bytes(weights), bytes(cases)


_BYTE_TABLES = {encoding: _byte_tables(encoding) for encoding in _SINGLE_BYTE}
# adler32's low half is 1 + the sum of the bytes modulo 65521: exact for a chunk whose bytes
# (weights of at most 110) cannot sum past it.
_SUM_CHUNK = 65520 // max(_FREQUENCY.values())


def _byte_sum(data: bytes) -> int:
    """The sum of the bytes of ``data``, counted by C-level ``zlib.adler32`` a chunk at a time
    (the builtin ``sum`` costs a Python integer per byte)."""
    return sum(
        (zlib.adler32(data[i : i + _SUM_CHUNK]) & 0xFFFF) - 1
        for i in range(0, len(data), _SUM_CHUNK)
    )


def _single_byte_reading(data: bytes, encoding: str) -> tuple[int, bool]:
    """``_cyrillic_score`` and ``_mostly_cyrillic`` of ``data.decode(encoding)``, counted on
    the bytes: in a single-byte encoding the first ``_SAMPLE`` characters are the first
    ``_SAMPLE`` bytes and every letter is one byte, so C-level ``bytes.translate`` and
    ``bytes.count`` count what 66 ``str.count`` scans and two ``findall`` lists did, and give
    the same numbers (two ``lU`` never overlap: a match ends on an upper-case letter)."""
    weights, cases = _BYTE_TABLES[encoding]
    sample = data[:_SAMPLE]
    classes = sample.translate(cases)
    cyrillic = classes.count(b"l") + classes.count(b"U")
    latin = classes.count(b"a")
    score = _byte_sum(sample.translate(weights)) - _AVERAGE * cyrillic
    score -= 100 * classes.count(b"lU")
    return score, cyrillic * 10 >= cyrillic + latin


def _mostly_cyrillic(text: str) -> bool:
    """Whether a tenth or more of the letters of the sample are Cyrillic: true of a Russian
    package even with English quotes, false of a Latin text whose accented letters a Cyrillic
    code page turns into a few Russian ones."""
    sample = text[:_SAMPLE]
    cyrillic = len(_CYRILLIC.findall(sample))
    return cyrillic * 10 >= cyrillic + len(_LATIN.findall(sample))


def _decode(data: bytes) -> tuple[str, bool]:
    """The text of ``data``, and whether every ASCII byte of ``data`` is one character of it
    and every other character comes from non-ASCII bytes (UTF-8, KOI8-R, cp1251 readings)."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), False
        except UnicodeDecodeError:
            raise PackageReadError("package-error-undecodable") from None
    if b"\x00" in data:
        raise PackageReadError("package-error-binary")
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        pass
    # A UTF-8 file with a stray broken byte: keep it as UTF-8 (a KOI8-R or cp1251 file read as
    # UTF-8 breaks on nearly every Cyrillic letter, far above this threshold).
    # Prefixes decide most files: a replacement count over the whole file's allowance (two
    # spare for a character cut at the prefix's end) cannot fall under it when all is read. A
    # short prefix first: the replacement decoder is slow on a KOI8-R or cp1251 file.
    allowance = max(1, len(data) // 1000)
    if all(
        data[:size].decode("utf-8", errors="replace").count("\ufffd") - 2 <= allowance
        for size in (_FIRST_SAMPLE, _SAMPLE)
    ):
        lossy = data.decode("utf-8", errors="replace")
        if lossy.count("\ufffd") <= max(1, len(lossy) // 1000) and _cyrillic_score(lossy) > 0:
            return lossy, True
    # The best-scoring reading that decodes (the first encoding on a tie), decoded only then.
    readings = sorted(
        ((*_single_byte_reading(data, encoding), rank, encoding)
         for rank, encoding in enumerate(_SINGLE_BYTE)),
        key=lambda r: (-r[0], r[2]),
    )
    for score, mostly_cyrillic, _, encoding in readings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if score > 0 and mostly_cyrillic:
            return text, True
        break
    # No Russian text in either single-byte reading: let charset-normalizer guess (a Latin-1
    # English package, whose "café" cp1251 would read as "cafй"; UTF-16 without a BOM...).
    guess = from_bytes(data).best()
    if guess is None:
        raise PackageReadError("package-error-undecodable")
    return str(guess), False


def decode_package_bytes(data: bytes) -> str:
    """Decode a package file to text with ``\\n`` line endings (formats.md 1.1).

    Tries a BOM, then strict UTF-8, then scores KOI8-R against cp1251 by common lower-case
    Cyrillic letters, and only then asks charset-normalizer. Raises PackageReadError
    (``package-error-empty``, ``-binary`` or ``-undecodable``) when the bytes are not text.
    HTML entities are left alone: the importers decode them per field with :func:`unescape`.
    """
    if not data or data.isspace():  # what ``not data.strip()`` says, without a copy
        raise PackageReadError("package-error-empty")
    text, ascii_exact = _decode(data)
    # Control characters are ASCII: count them on the bytes when those map one to one, after
    # a memchr-fast test per control byte (most files have none; the count is a slow pass).
    if not ascii_exact:
        controls = len(_CONTROL.findall(text))
    elif any(byte in data for byte in _CONTROL_SINGLE_BYTES):
        controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    else:
        controls = 0
    if controls > max(2, len(text) // 500):
        raise PackageReadError("package-error-binary")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def unescape(text: str) -> str:
    """Decode HTML entities that end in ``;`` (``&#232;``, ``&euro;``); formats.md 1.1."""
    if "&" not in text:
        return text
    return _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
