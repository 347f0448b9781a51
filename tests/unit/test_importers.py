"""Importers: decoding, db.chgk.info text, validation problems and ``chgk-bot package check``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli.main import main
from bot.packages import ImportResult, PackageReadError, parse_package
from bot.packages.model import Package, Question, QuestionKind

SMALL = """Чемпионат:
Проверка кодировок

Дата:
00-000-2024

Редактор:
Анна Редакторова

Тур:
1 тур

Вопрос 1:
Какая река течет через Киев? Ответьте одним словом,
пожалуйста.

Ответ:
Днепр.

Зачет:
Борисфен. Незачет: Днестр.

Комментарий:
Борисфен - греческое название реки &amp; ее бога.

Автор:
Иван Авторов (Москва)
"""


def parse(text: str, encoding: str = "utf-8") -> ImportResult:
    return parse_package(text.encode(encoding))


def package_of(text: str) -> Package:
    result = parse(text)
    assert result.package is not None
    return result.package


def only_question(text: str) -> Question:
    (question,) = package_of(text).questions
    return question


def problems(text: str) -> list[tuple[int, str, str]]:
    return [(p.line, p.severity, p.key) for p in parse(text).problems]


@pytest.mark.parametrize("encoding", ["koi8-r", "cp1251", "utf-8", "utf-8-sig"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_every_encoding_and_line_ending_gives_the_same_package(encoding: str, newline: str) -> None:
    reference = package_of(SMALL)
    result = parse_package(SMALL.replace("\n", newline).encode(encoding))
    assert result.package == reference
    assert result.problems == []
    question = reference.questions[0]
    assert question.text == "Какая река течет через Киев? Ответьте одним словом, пожалуйста."
    assert question.accepted == ("Борисфен",)
    assert question.rejected == ("Днестр",)
    assert question.comment == "Борисфен - греческое название реки & ее бога."
    assert reference.date == "00-000-2024"
    assert reference.editors == "Анна Редакторова"


def test_entities_need_their_semicolon() -> None:
    question = only_question(
        "Вопрос 1:\nЗнак &euro; и &#232;.\n\nОтвет:\nДа.\n\n"
        "Источник:\nhttp://example.org/?a=1&not=2&para=3\n"
    )
    assert question.text == "Знак € и è."
    assert question.sources == ("http://example.org/?a=1&not=2&para=3",)


def test_a_content_line_starting_with_tur_is_not_a_tour() -> None:
    package = package_of(
        "Тур:\n1 тур\n\nВопрос 1:\nКак называют велогонку?\n\nОтвет:\nTour de France.\n\n"
        "Зачет:\nТур де Франс.\nТур:\n\nВопрос 2:\nВторой?\n\nОтвет:\nДа.\n"
    )
    assert [t.title for t in package.tours] == ["1 тур"]
    assert [q.number for q in package.questions] == [1, 2]


def test_labels_with_a_dot_and_content_on_the_same_line() -> None:
    package = package_of(
        "Чемпионат. Однострочный\n\nВопрос 1. Сколько будет два плюс два?\n\n"
        "Ответ. Четыре.\n\nЗачёт: 4.\n\nИсточник(и): Учебник.\n\nАвтор(ы): Петр Петров\n"
    )
    assert package.title == "Однострочный"
    (question,) = package.questions
    assert question.text == "Сколько будет два плюс два?"
    assert question.answer == "Четыре."
    assert question.accepted == ("4",)
    assert question.sources == ("Учебник.",)
    assert question.authors == ("Петр Петров",)


def test_numbers_restart_per_tour_and_questions_before_a_tour_form_one() -> None:
    text = "Вопрос 1:\nА?\n\nОтвет:\nА.\n\nТур:\nВторой\n\nВопрос 1:\nБ?\n\nОтвет:\nБ.\n"
    package = package_of(text)
    assert [(t.title, [q.number for q in t.questions]) for t in package.tours] == [
        ("", [1]),
        ("Второй", [1]),
    ]


def test_hard_wrapped_lines_paragraphs_and_list_items() -> None:
    question = only_question(
        "Вопрос 1:\n   Первый абзац\nпродолжается здесь.\n   Второй абзац.\n\n"
        "Ответ:\nДа.\n\nИсточник:\n   1. Книга первая,\nстраница 5.\n   2. http://b.example\n"
    )
    assert question.text == "Первый абзац продолжается здесь.\nВторой абзац."
    assert question.sources == ("Книга первая, страница 5.", "http://b.example")


def test_inline_and_standalone_nezachet() -> None:
    inline = only_question(
        "Вопрос 1:\nКто?\n\nОтвет:\nРэтт.\n\nЗачет:\nРет; Рэт. Незачет: Ред; Рэд.\n"
    )
    assert inline.accepted == ("Рет", "Рэт")
    assert inline.rejected == ("Ред", "Рэд")
    assert inline.accepted_raw == "Рет; Рэт. Незачет: Ред; Рэд."
    in_answer = only_question("Вопрос 1:\nЧто?\n\nОтвет:\nСталактит. Незачёт: Сталагмит.\n")
    assert in_answer.answer == "Сталактит."
    assert in_answer.rejected == ("Сталагмит",)
    standalone = only_question("Вопрос 1:\nЧто?\n\nОтвет:\nА.\n\nНезачет:\nБ; В.\n")
    assert standalone.rejected == ("Б", "В")


def test_commas_split_alternatives_only_when_the_answer_has_none() -> None:
    two_part = only_question(
        "Вопрос 1:\nКто?\n\nОтвет:\nПлутон, Плутос.\n\nЗачет:\nПлутос, Плутон.\n"
    )
    assert two_part.accepted == ("Плутос, Плутон",)
    simple = only_question("Вопрос 1:\nЧто?\n\nОтвет:\nЧас.\n\nЗачет:\nВремя, часы/часики.\n")
    # "часы/часики" is a choice of one word, which the matcher expands (bot.packages.criteria).
    assert simple.accepted == ("Время", "часы/часики")
    spaced = only_question("Вопрос 1:\nЧто?\n\nОтвет:\nЧас.\n\nЗачет:\nВремя / часы.\n")
    assert spaced.accepted == ("Время", "часы")
    prose = only_question("Вопрос 1:\nЧто?\n\nОтвет:\nЧас.\n\nЗачет:\nМинута и т.п. по смыслу.\n")
    assert prose.accepted == ("Минута",)


def test_bracketed_handout_spanning_lines_and_host_notes() -> None:
    question = only_question(
        "Вопрос 1:\n[Ведущему: читать\nмедленно.]\n"
        "[Раздаточный материал:\n   Строка [ПРОПУСК] один.\n   Строка два.\n]\n"
        "   Что пропущено?\n\nОтвет:\nСлово.\n"
    )
    assert question.handout is not None
    assert question.handout.text == "Строка [ПРОПУСК] один.\nСтрока два."
    assert question.host_notes == ("Ведущему: читать медленно.",)
    assert question.text == "Что пропущено?"


def test_tag_handout_and_media() -> None:
    question = only_question(
        "Вопрос 1:\n(pic: 20200101.png)\n(aud: 20170002.mp3)\n   <раздатка>\n   Текст раздатки\n"
        "   </раздатка>\n   Вопрос (pic: https://example.org/x.jpg) о картинке.\n\nОтвет:\nДа.\n"
    )
    assert question.handout is not None and question.handout.text == "Текст раздатки"
    assert question.pictures == (
        "https://db.chgk.info/images/db/20200101.png",
        "https://example.org/x.jpg",
    )
    assert question.audio == ("https://db.chgk.info/sounds/db/20170002.mp3",)
    assert question.text == "Вопрос о картинке."


def test_zero_question_does_not_score() -> None:
    package = package_of(
        "Вопрос 0:\nРазминка?\n\nОтвет:\nДа.\n\nВопрос 1:\nНастоящий?\n\nОтвет:\nДа.\n"
    )
    zero, real = package.questions
    assert zero.kind is QuestionKind.ZERO
    assert package.scored_questions == (real,)


def test_package_and_tour_defaults_are_inherited() -> None:
    package = package_of(
        "Чемпионат:\nП\n\nРедактор:\nГлавный\n\nАвтор:\nОбщий Автор\n\nВид:\nБ\n\n"
        "Тур:\n1\n\nВопрос 1:\nА?\n\nОтвет:\nА.\n\n"
        "Тур:\n2\n\nРедактор:\nСвой\n\nАвтор:\nАвтор Тура\n\nВопрос 1:\nБ?\n\nОтвет:\nБ.\n\n"
        "Вопрос 2:\nВ?\n\nОтвет:\nВ.\n\nАвтор:\nСвой Автор\n"
    )
    assert [t.editors for t in package.tours] == ["Главный", "Свой"]
    assert [q.authors for q in package.questions] == [
        ("Общий Автор",),
        ("Автор Тура",),
        ("Свой Автор",),
    ]
    assert {q.type_code for q in package.questions} == {"Б"}


def test_duplet_with_numbered_answers_and_partial_zachet() -> None:
    question = only_question(
        "Вопрос 1:\nДуплет.\n   1. Первая часть?\n   2. Вторая часть?\n\n"
        "Ответ:\n   1. Альфа.\n   2. Бета.\n\nЗачет:\n   2. Вита. Незачет: Гамма.\n"
    )
    assert question.kind is QuestionKind.DUPLET
    assert [(p.text, p.answer, p.accepted, p.rejected) for p in question.parts] == [
        ("Первая часть?", "Альфа.", (), ()),
        ("Вторая часть?", "Бета.", ("Вита",), ("Гамма",)),
    ]
    assert question.accepted == ()


def test_a_question_without_answer_and_a_merged_question_are_errors_with_lines() -> None:
    text = (
        "Чемпионат:\nСломанный\n\n"  # lines 1-2
        "Вопрос 1:\nБез ответа.\n\n"  # lines 4-5
        "Комментарий:\nЗабыли.\n\n"  # 7-8
        "Вопрос 2:\nВторой.\n\n"  # 10-11
        "Ответ:\nДва.\n"  # 13-14
        "Вопрос 3:\nСлипся.\n\n"  # 15-16
        "Ответ:\nТри.\n"  # 18-19
    )
    result = parse(text)
    assert (4, "error", "package-problem-no-answer") in problems(text)
    assert (15, "error", "package-problem-merged-question") in problems(text)
    assert (18, "error", "package-problem-merged-question") in problems(text)
    assert not result.usable
    merged = next(p for p in result.problems if p.line == 15)
    assert merged.args == {"number": "2", "label": "Вопрос 3"}


def test_stray_labels_unknown_labels_orphans_and_duplicate_numbers_are_warnings() -> None:
    text = (
        "Вопрос 1:\nТекст.\n\nОтвет:\nДа.\n\nКомментарий:\nСм. ниже.\nИсточник: там\n\n"  # 1-9
        "Цитата:\nчто-то\n\n"  # 11-12
        "оторванный абзац\n\n"  # 14
        "Вопрос 1:\nЕще.\n\nОтвет:\nНет.\n"  # 16-19
    )
    assert problems(text) == [
        (9, "warning", "package-problem-stray-label"),
        (11, "warning", "package-problem-unknown-label"),
        (14, "warning", "package-problem-orphan-text"),
        (16, "warning", "package-problem-duplicate-number"),
    ]
    assert parse(text).usable
    assert package_of(text).questions[0].comment == "См. ниже. Источник: там\nоторванный абзац"


def test_an_answer_holding_another_question_is_reported() -> None:
    text = "Вопрос 1:\nКто?\n\nОтвет:\nОн.\nА теперь назовите второго?\n"
    assert problems(text) == [(6, "warning", "package-problem-answer-has-question")]


PIECES = st.sampled_from(
    [
        "\n",
        "\n\n",
        "   ",
        "Вопрос 1:",
        "Ответ:",
        "Зачет: а, б",
        "Незачет:",
        "Тур:",
        "(pic: x",
        ")",
        "[",
        "]",
        "[Раздаточный материал:",
        "<раздатка>",
        "? ",
        "! ",
        "- ",
        "1. ",
        "2. ",
        "Дуплет",
        "№ 0",
        "## ",
        "\\_",
        "_",
        "текст",
        "Чемпионат:",
        "Ответ: 1. а; 2. б",
        "{",
        "<search>",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(PIECES | st.text(max_size=5), max_size=40).map("".join))
def test_malformed_text_never_raises_anything_but_a_read_error(text: str) -> None:
    try:
        result = parse(text)
    except PackageReadError:
        return
    assert result.package is not None


def test_garbage_bytes_are_not_a_package() -> None:
    garbage = random.Random(7).randbytes(4096)
    with pytest.raises(PackageReadError) as error:
        parse_package(garbage)
    assert error.value.key == "package-error-binary"


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (b"", "package-error-empty"),
        (b"   \n\n", "package-error-empty"),
        ("просто текст\nбез меток\n".encode(), "package-error-unknown-format"),
        (b'{"foo": 1}', "package-error-unknown-format"),
        (b"{not json", "package-error-bad-json"),
        (b"<tournament><Title>x</tournament>", "package-error-bad-xml"),
        (b"<html><body>hello</body></html>", "package-error-unknown-format"),
    ],
)
def test_unreadable_inputs_raise_with_a_key(data: bytes, key: str) -> None:
    with pytest.raises(PackageReadError) as error:
        parse_package(data)
    assert error.value.key == key
    assert isinstance(error.value.args, dict)


def write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def test_check_prints_a_summary_and_returns_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "good.txt", SMALL.encode("koi8-r"))
    assert main(["--locale", "en", "package", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Package: Проверка кодировок" in out
    assert "1 тур: 1 question" in out
    assert "Total: 1 question" in out
    assert "No problems found." in out


def test_check_lists_problems_with_file_and_line_and_returns_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "bad.txt", "Вопрос 1:\nБез ответа?\n".encode())
    assert main(["--locale", "ru", "package", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:1: ошибка: вопрос 1: нет ответа." in out


def test_check_of_an_unreadable_file_returns_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = write(tmp_path, "garbage.bin", random.Random(1).randbytes(2000))
    assert main(["--locale", "en", "package", "check", str(garbage)]) == 2
    assert "binary file" in capsys.readouterr().out
    missing = tmp_path / "missing.txt"
    assert main(["--locale", "en", "package", "check", str(missing)]) == 2
    assert f"File {missing} not found." in capsys.readouterr().out
    assert main(["--locale", "en", "package", "check", "--json", str(tmp_path)]) == 2
    assert "Cannot read" in capsys.readouterr().out


def test_check_json_is_the_package_with_pictures_and_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SMALL.replace("Вопрос 1:\n", "Вопрос 1:\n(pic: 20080328.jpg)\n")
    path = write(tmp_path, "pkg.txt", text.encode())
    assert main(["package", "check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Проверка кодировок"
    assert data["source_format"] == "dbtext"
    assert data["problems"] == []
    (question,) = data["tours"][0]["questions"]
    assert question["picture"] == "https://db.chgk.info/images/db/20080328.jpg"
    assert question["kind"] == "regular"
    assert question["accepted"] == ["Борисфен"]
    assert question["rejected"] == ["Днестр"]
    assert question["authors"] == ["Иван Авторов (Москва)"]
    for key in ("number", "text", "answer", "comment", "sources", "line"):
        assert key in question
    del data["problems"]
    assert Package.from_dict(data) == package_of(text)


def test_check_json_reports_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad.txt", "Вопрос 1:\nБез ответа?\n".encode())
    assert main(["--locale", "en", "package", "check", "--json", str(path)]) == 1
    (problem,) = json.loads(capsys.readouterr().out)["problems"]
    assert problem == {
        "line": 1,
        "severity": "error",
        "key": "package-problem-no-answer",
        "args": {"number": "1"},
        "message": "question 1: no answer.",
    }


@pytest.mark.parametrize("content", [
    b'{"questions":[{"text":"a","answer":"b","zachet":"","number":1,"id":1,"tour":{"id":[1]}}]}',
    b"[" * 100_000 + b"]" * 100_000,
])
def test_content_an_importer_trips_over_is_an_unreadable_file_not_a_crash(tmp_path, capsys,
                                                                         content):
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    assert main(["--locale", "en", "package", "check", str(path)]) == 2
    out = capsys.readouterr()
    assert "is not built as that format requires" in out.out
    assert "Traceback" not in out.out + out.err
