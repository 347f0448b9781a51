"""Bad input, by property: hypothesis throws bytes and near-valid
packages at every importer, text at the answer normaliser and at the command parser.

Importers: any bytes give a package whose problems carry a line of the file, or a
PackageReadError whose message exists in both languages, never another exception. The answer
normaliser is idempotent and never raises, and invisible characters, letter case and ё/е
change no verdict (formats.md 6.4). ``parse_command`` never raises and gives back the name and
the arguments it was given. Settings: tests/conftest.py (derandomised under CI).
"""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.answers import judge, normalize
from bot.commands import ALIASES, Command, parse_command
from bot.i18n import Translator
from bot.packages import (
    ImportResult,
    PackageReadError,
    dbtext,
    fours,
    freeform,
    gotquestions,
    parse_package,
    xmlpkg,
)

FAST = settings(max_examples=200, deadline=None)
# A test run once per format: 5 x 50 examples.
PER_FORMAT = settings(max_examples=50, deadline=None)
TRANSLATOR = Translator()

# --- importers: any bytes ----------------------------------------------------------------------

# Starts that steer the bytes into each importer: XML and JSON roots, 4s markers, db labels.
HEADS = [b"", b"\xef\xbb\xbf", b"<tournament>", b"<search><question>", b"{", b"[", b'{"pack":',
         b"? ", b"### ", "Чемпионат:\n".encode(), "Вопрос 1:\n".encode(),
         "Вопрос 1. ".encode(), "Ответ: ".encode("cp1251"), "Тур:\n".encode("koi8-r")]
PIECES = ["Вопрос 1:", "Вопрос 2.", "Ответ:", "Ответ: а", "Зачет: а; б", "Незачет:", "Тур:",
          "Комментарий:", "Источник:", "Автор:", "Чемпионат:", "Нулевой вопрос", "\n", "\n\n",
          "   ", "(pic: x", ")", "[", "]", "[Раздаточный материал:", "[Ведущему: ", "<раздатка>",
          "</раздатка>", "? ", "! ", "= ", "/ ", "^ ", "@ ", "№ 0", "№№ 3", "## ", "###", "- ",
          "1. ", "2. ", "Дуплет.", "Блиц.", "\\_", "_", "~", "(img a_b.png)", "FIFA [фифа]",
          "&amp;", "&#0;", "&#99999999;", "\u200f", "\ufeff", "\x00", "\r\n", "|", "<", ">",
          '{"id": 1, ', '"text": "т", "answer": "о", "zachet": ""', "}", "]", "<question>",
          "<Question>", "</Question>", "<Answer>о</Answer>", "</question>", "<!DOCTYPE x>",
          "4SCOUNTER", "__SET__COUNTER__a__9999999999999"]


def _checked(result: ImportResult, data: bytes) -> None:
    """A package, every problem on a line of the file (0: the whole package) and in both
    languages."""
    assert result.package is not None
    lines = data.count(b"\n") + data.count(b"\r") + 1
    for problem in result.problems:
        assert 0 <= problem.line <= lines, problem
        for locale in ("ru", "en"):
            TRANSLATOR.format(problem.key, problem.args, locale)


def _read_error(error: PackageReadError) -> None:
    for locale in ("ru", "en"):
        text = TRANSLATOR.format(error.key, {"file": "f", **error.args}, locale)
        assert text and error.key not in text


def parses_or_refuses(data: bytes) -> None:
    """``parse_package(data)`` gives a package or a readable PackageReadError, nothing else."""
    try:
        result = parse_package(data, "hypothesis.txt")
    except PackageReadError as error:
        _read_error(error)
        return
    _checked(result, data)


@FAST
@given(st.sampled_from(HEADS), st.binary(max_size=600))
def test_any_bytes_give_a_package_or_a_read_error(head: bytes, data: bytes) -> None:
    parses_or_refuses(head + data)


@FAST
@given(st.sampled_from(HEADS), st.lists(st.sampled_from(PIECES) | st.text(max_size=4),
                                        max_size=50).map("".join),
       st.sampled_from(["utf-8", "cp1251", "koi8-r", "utf-16"]))
@example(b"", "Ответ: " + "Незачет " * 1200, "utf-8")
@example(b"", "Вопрос 1:\n" + "а" * 3000 + "[x", "utf-8")
def test_label_soup_gives_a_package_or_a_read_error(head: bytes, text: str, encoding: str
                                                    ) -> None:
    parses_or_refuses(head + text.encode(encoding, errors="replace"))


IMPORTERS = {"dbtext": dbtext.parse, "freeform": freeform.parse, "4s": fours.parse,
             "xml": xmlpkg.parse, "gotquestions": gotquestions.parse}


@pytest.mark.parametrize("fmt", IMPORTERS)
@PER_FORMAT
@given(text=st.lists(st.sampled_from(PIECES) | st.text(max_size=6), max_size=40).map("".join))
def test_each_importer_takes_any_text(fmt: str, text: str) -> None:
    """Each importer on its own, whatever ``sniff`` would have picked."""
    try:
        result = IMPORTERS[fmt](text, "", None)
    except PackageReadError as error:
        _read_error(error)
        return
    _checked(result, text.encode())


# --- importers: near-valid packages ------------------------------------------------------------

# Field text as editors write it, without the labels of any format at a line start.
WORDS = st.sampled_from(["Днепр", "река", "Гашек", "FIFA", "AC/DC", "«Война и мир»", "(или",
                         "синоним)", "[самый]", "ё", "1913", "т.е.", "—", "…", "по смыслу",
                         "&amp;", "x_y", "~", "Zürich"])
FIELD = st.lists(WORDS, min_size=1, max_size=8).map(" ".join)
QUESTION = st.fixed_dictionaries({"text": FIELD, "answer": FIELD},
                                 optional={"zachet": FIELD, "comment": FIELD, "author": FIELD})


def _dbtext(questions: list[dict[str, str]]) -> str:
    out = ["Чемпионат:\nПакет\n"]
    for n, q in enumerate(questions, 1):
        out.append(f"Вопрос {n}:\n{q['text']}\n\nОтвет:\n{q['answer']}\n")
        for label, key in (("Зачет", "zachet"), ("Комментарий", "comment"), ("Автор", "author")):
            if key in q:
                out.append(f"{label}:\n{q[key]}\n")
    return "\n".join(out)


def _freeform(questions: list[dict[str, str]]) -> str:
    out = ["Пакет\n"]
    for n, q in enumerate(questions, 1):
        out.append(f"Вопрос {n}. {q['text']}\nОтвет: {q['answer']}\n")
        for label, key in (("Зачёт", "zachet"), ("Комментарий", "comment"), ("Автор", "author")):
            if key in q:
                out.append(f"{label}: {q[key]}\n")
    return "\n".join(out)


def _fours(questions: list[dict[str, str]]) -> str:
    out = ["### Пакет\n"]
    for q in questions:
        lines = [f"? {q['text']}", f"! {q['answer']}"]
        for marker, key in (("=", "zachet"), ("/", "comment"), ("@", "author")):
            if key in q:
                lines.append(f"{marker} {q[key]}")
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def _xml(questions: list[dict[str, str]]) -> str:
    tags = {"text": "Question", "answer": "Answer", "zachet": "PassCriteria",
            "comment": "Comments", "author": "Authors"}
    body = "".join(
        f"<question><Number>{n}</Number>"
        + "".join(f"<{tags[k]}>{escape(v)}</{tags[k]}>" for k, v in q.items())
        + "</question>\n"
        for n, q in enumerate(questions, 1))
    return f"<tournament><Title>Пакет</Title>\n{body}</tournament>\n"


def _json(questions: list[dict[str, str]]) -> str:
    items: list[dict[str, Any]] = [
        {"id": 100 + n, "number": n, "text": q["text"], "answer": q["answer"],
         "zachet": q.get("zachet", ""), "comment": q.get("comment"),
         "authors": [{"person": {"name": q["author"]}}] if "author" in q else []}
        for n, q in enumerate(questions, 1)]
    return json.dumps({"pack": {"title": "Пакет", "tours": [{"title": "Тур 1",
                                                              "questions": items}]}},
                      ensure_ascii=False, indent=1)


WRITERS = {"dbtext": _dbtext, "freeform": _freeform, "4s": _fours, "xml": _xml,
           "gotquestions": _json}


@pytest.mark.parametrize("fmt", WRITERS)
@PER_FORMAT
@given(questions=st.lists(QUESTION, min_size=1, max_size=6))
def test_a_well_formed_package_keeps_every_question_and_answer(
        fmt: str, questions: list[dict[str, str]]) -> None:
    result = parse_package(WRITERS[fmt](questions).encode(), "p.txt")
    assert result.package is not None and result.package.source_format == fmt
    parsed = result.package.questions
    assert len(parsed) == len(questions)
    for q, got in zip(questions, parsed, strict=True):
        # Answers lose only markup each format defines (entities, 4s underscores and tildes).
        assert normalize(got.answer.replace("_", "").replace("~", "")) == normalize(
            q["answer"].replace("&amp;", "&").replace("_", "").replace("~", "")), got


@pytest.mark.parametrize("fmt", WRITERS)
@PER_FORMAT
@given(questions=st.lists(QUESTION, min_size=1, max_size=4), data=st.data())
def test_a_damaged_package_gives_a_package_or_a_read_error(
        fmt: str, questions: list[dict[str, str]], data: st.DataObject) -> None:
    """A well-formed package with lines dropped, doubled or swapped, or cut off."""
    lines = WRITERS[fmt](questions).split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "double", "swap", "cut", "insert"]))
        if how == "drop" and len(lines) > 1:
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how == "cut":
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
        elif how == "insert":
            lines.insert(i, data.draw(st.sampled_from(PIECES)))
    parses_or_refuses("\n".join(lines).encode())


# --- the answer normaliser ---------------------------------------------------------------------

INVISIBLE = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
                             "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\x00", "\x7f"])
# What players type: Russian and Latin letters, digits, spaces and punctuation.
TYPED = st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcdefxyz0123456789 -.,!?«»()",
                min_size=1, max_size=25)


def _with_invisible(text: str, data: st.DataObject) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(INVISIBLE) + text[i:]
    return text


@FAST
@given(st.text())
@example("Гаш\u200bек\u0301")
@example("\ufeff\u202eЁж\u00ad")
def test_normalize_never_raises_and_is_idempotent(text: str) -> None:
    once = normalize(text)
    assert normalize(once) == once


@FAST
@given(TYPED, TYPED, st.data())
@example("гашек", "Гашек", None)
def test_invisible_characters_change_no_verdict(given_text: str, answer: str,
                                                data: st.DataObject | None) -> None:
    hidden = "гаш\u200bек\u200f" if data is None else _with_invisible(given_text, data)
    assert judge(hidden, answer).kind is judge(given_text, answer).kind


@FAST
@given(TYPED, TYPED)
@example("незаче", "незачет")
def test_letter_case_and_yo_change_no_verdict(given_text: str, answer: str) -> None:
    verdict = judge(given_text, answer).kind
    assert judge(given_text.upper(), answer).kind is verdict
    assert judge(given_text, answer.upper()).kind is verdict
    assert judge(given_text.replace("е", "ё"), answer).kind is verdict
    assert judge(given_text.replace("ё", "е"), answer.replace("е", "ё")).kind is verdict


# --- the command parser ------------------------------------------------------------------------

NAME = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Z"),
                                      blacklist_characters="@/"), min_size=1, max_size=12)
ARGS = st.text(max_size=40)


@FAST
@given(st.text())
@example("/")
@example("/@bot")
@example("\u202e/pick 5")
@example("\x1b")
@example("/\u200b")
@example("\u200b \u2060 пауза")
def test_parse_command_never_raises(text: str) -> None:
    command = parse_command(text)
    assert command is None or (isinstance(command, Command) and command.name)


@FAST
@given(NAME, ARGS, st.sampled_from(["", "@chgk_bot"]))
def test_parse_command_gives_back_the_name_and_the_arguments(name: str, args: str, bot: str
                                                             ) -> None:
    expected = ALIASES.get(name.casefold(), name.casefold())
    separator = " " if args.strip() else ""
    assert parse_command(f"/{name}{bot}{separator}{args}") == Command(expected, args.strip())
    if not name.isdigit():
        assert parse_command(f"{name}{separator}{args}") == Command(expected, args.strip())
