"""Import speed: the importers' shortcuts give what the plain rules give.

The KOI8-R/cp1251 scoring is counted on the bytes (``bytes.translate``, ``bytes.count``,
adler32 sums) and must equal the scores of the decoded text (formats.md 1.1); db-text
unwrapping takes a one-join path for a field without paragraph breaks and must equal the
line-by-line rule (formats.md 1.1, 5.3: an unindented line continues the paragraph, an
indented one starts a new one, a ``|`` line is kept as it is, blank lines are dropped). An
import runs with the cyclic garbage collector off and leaves it as it found it.
"""

from __future__ import annotations

import gc

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.packages import PackageReadError, parse_package
from bot.packages.decoding import _cyrillic_score, _mostly_cyrillic, _single_byte_reading
from bot.packages.markup import db_paragraphs

FAST = settings(max_examples=300, deadline=None)
# Letters of both cases in both encodings, Latin letters, spaces and punctuation.
RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
TEXTS = st.text(alphabet=RUSSIAN + "abcXYZ .,\n-", max_size=400)


@FAST
@given(TEXTS, st.sampled_from(["koi8-r", "cp1251"]), st.sampled_from(["koi8-r", "cp1251"]))
@example("ВоПрОс", "koi8-r", "cp1251")
@example("я" * 20000, "cp1251", "cp1251")  # past the sample and many adler32 chunks
def test_single_byte_scores_on_bytes_equal_the_scores_of_the_text(
    text: str, written: str, read: str
) -> None:
    data = text.encode(written)
    decoded = data.decode(read, errors="replace")
    assert _single_byte_reading(data, read) == (_cyrillic_score(decoded),
                                                _mostly_cyrillic(decoded))


def _unwrapped(lines: list[str]) -> list[str]:
    """formats.md 1.1 / 5.3 read line by line."""
    paragraphs: list[list[str]] = []
    joinable = False
    for line in lines:
        if not line.strip():
            continue
        if line.startswith("|"):
            paragraphs.append([line[1:].rstrip()])
            joinable = False
        elif joinable and not line[0].isspace():
            paragraphs[-1].append(line.strip())
        else:
            paragraphs.append([line.strip()])
            joinable = True
    return [" ".join(p) for p in paragraphs]


LINES = st.lists(
    st.sampled_from(["", " ", "слово", "  отступ", "|таблица ", " |x", "\t", "\u2003y", "a b "])
    | st.text(alphabet=" \t|аб\x0b\u00a0", max_size=5),
    max_size=6,
)


@FAST
@given(LINES)
@example([])
@example(["Вопрос", "продолжение", ""])
def test_db_text_unwrapping_follows_the_line_rule(lines: list[str]) -> None:
    assert db_paragraphs(lines) == _unwrapped(lines)


def test_an_import_leaves_the_garbage_collector_as_it_found_it() -> None:
    package = "Вопрос 1:\nТекст?\n\nОтвет:\nДа.\n".encode()
    assert gc.isenabled()
    parse_package(package)
    assert gc.isenabled()
    with pytest.raises(PackageReadError):
        parse_package(b"<tournament><question>")  # the XML importer raises
    assert gc.isenabled()
    gc.disable()
    try:
        parse_package(package)
        assert not gc.isenabled()
    finally:
        gc.enable()
