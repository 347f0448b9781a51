"""Importers of the other formats: 4s, free-form text, db.chgk.info XML, gotquestions JSON."""

from __future__ import annotations

import json

import pytest

from bot.packages import ImportResult, PackageReadError, parse_package, sniff
from bot.packages.model import Package, QuestionKind


def parse(text: str) -> ImportResult:
    return parse_package(text.encode("utf-8"))


def package_of(text: str) -> Package:
    result = parse(text)
    assert result.package is not None
    return result.package


FOURS = """### Пакет в 4s
#DATE 2025-05-26
#EDITOR Главный Редактор

## Тур 1
#EDITOR Редактор Тура
# Спасибо тестерам

№ 0
? Разминка номер 4SCOUNTER.
! Да.

? [Раздаточный материал: (img w=300 Файл_(1)_a.png)]
Вопрос с _курсивом_, __жирным__ и \\[скобками\\] номер 4SCOUNTER.
! Ответ.
= Вариант; другой.
!= Неверный.
/ Комментарий (img comment_pic.png)
^ http://example.org/a\\_b\\_c
@ Автор Один
@ !!Авторка Автор Два

№№ 10
? Дуплет.
- Первая часть?
- Вторая часть?
!
- Раз.
- Два.
^
- Источник один
- Источник два
"""


def test_4s_fields_markup_numbers_and_authors() -> None:
    package = package_of(FOURS)
    assert package.source_format == "4s"
    assert package.title == "Пакет в 4s"
    assert package.date == "2025-05-26"
    assert package.editors == "Главный Редактор"
    (tour,) = package.tours
    assert (tour.title, tour.editors, tour.info) == ("Тур 1", "Редактор Тура", "Спасибо тестерам")
    zero, regular, duplet = tour.questions
    assert (zero.number, zero.kind) == (0, QuestionKind.ZERO)
    assert zero.text == "Разминка номер 1."
    assert regular.number == 1
    assert regular.text == "Вопрос с курсивом, жирным и [скобками] номер 2."
    assert regular.handout is not None and regular.handout.image == "Файл_(1)_a.png"
    assert regular.accepted == ("Вариант", "другой")
    assert regular.rejected == ("Неверный",)
    assert regular.comment == "Комментарий comment_pic.png"
    assert regular.sources == ("http://example.org/a_b_c",)
    assert regular.authors == ("Автор Один", "Автор Два")
    assert duplet.number == 10
    assert duplet.kind is QuestionKind.DUPLET
    assert [(p.text, p.answer) for p in duplet.parts] == [
        ("Первая часть?", "Раз."),
        ("Вторая часть?", "Два."),
    ]
    assert duplet.sources == ("Источник один", "Источник два")
    assert duplet.line == 23


def test_4s_merged_and_incomplete_questions_are_errors() -> None:
    text = "? Первый?\n! Да.\n? Второй без пустой строки?\n! Нет.\n\n? Без ответа?\n"
    result = parse(text)
    assert [(p.line, p.severity, p.key) for p in result.problems] == [
        (3, "error", "package-problem-merged-question"),
        (4, "error", "package-problem-merged-question"),
        (6, "error", "package-problem-no-answer"),
    ]
    assert not result.usable


def test_4s_stray_label_inside_a_field() -> None:
    result = parse("? Вопрос?\nОтвет: вот он\n! Да.\n")
    assert [(p.line, p.key) for p in result.problems] == [(2, "package-problem-merged-question")]


FREEFORM = """Кубок Проверки - 2025
Редактор: Иван Иванов

Тур 1

Нулевой вопрос. Разминка без очков.
Ответ: Разминка.

1. Первый вопрос?
Ответ: Первый.
Источник:
1. http://a.example
2. http://b.example
Автор: Автор Один

2. Второй вопрос?
Ответ: Второй.
Зачёт: Другой, третий
Незачёт: Пятый
Комментарий: Пояснение.

Вопрос 3: Третий?
Ответ. Третий.

Второй тур

Вопрос 1. Блиц.
1. Часть один?
2. Часть два?
Ответ: 1. Альфа; 2. Бета.
"""


def test_freeform_header_tours_labels_and_numbers() -> None:
    result = parse(FREEFORM)
    assert result.problems == []
    package = result.package
    assert package is not None and package.source_format == "freeform"
    assert package.title == "Кубок Проверки - 2025"
    assert package.editors == "Иван Иванов"
    assert [(t.title, [q.number for q in t.questions]) for t in package.tours] == [
        ("Тур 1", [0, 1, 2, 3]),
        ("Второй тур", [1]),
    ]
    zero, first, second, third = package.tours[0].questions
    assert zero.kind is QuestionKind.ZERO
    assert first.sources == ("http://a.example", "http://b.example")
    assert first.authors == ("Автор Один",)
    assert second.accepted == ("Другой", "третий")
    assert second.rejected == ("Пятый",)
    assert second.comment == "Пояснение."
    assert third.answer == "Третий."
    (blitz,) = package.tours[1].questions
    assert blitz.kind is QuestionKind.BLITZ
    assert [p.answer for p in blitz.parts] == ["Альфа", "Бета."]


def test_freeform_repeated_answer_is_a_merged_question() -> None:
    result = parse("1. Вопрос?\nОтвет: да\nКомментарий: ...\nОтвет: нет\n")
    assert [(p.line, p.key) for p in result.problems] == [(4, "package-problem-merged-question")]


XML_TOURS = """<?xml version="1.0" encoding="UTF-8"?>
<tournament>
<Title>Пакет XML</Title><Editors>Редактор</Editors><PlayedAt>2020-01-01</PlayedAt>
<PlayedAt2>2020-01-02</PlayedAt2><Info/><URL/>
<tour><Title>1 тур</Title>
<question><Number>1</Number><Type>Ч</Type>
<Question>(pic: 20200101.jpg)
   Текст &quot;вопроса&quot;
продолжается.</Question><Answer>Ответ.</Answer><PassCriteria>Другой.</PassCriteria>
<Authors>Автор</Authors><Sources>   1. Один.
   2. Два.</Sources><Comments/></question>
</tour>
<tour><Title>2 тур</Title>
<question><Number>1</Number><Question>ZZZZZ</Question><Answer>YYYYY</Answer></question>
</tour>
</tournament>
"""


def test_xml_tournament_with_tours() -> None:
    result = parse(XML_TOURS)
    package = result.package
    assert package is not None and package.source_format == "xml"
    assert (package.title, package.editors, package.date) == (
        "Пакет XML",
        "Редактор",
        "2020-01-01 - 2020-01-02",
    )
    assert [t.title for t in package.tours] == ["1 тур", "2 тур"]
    first = package.tours[0].questions[0]
    assert first.text == 'Текст "вопроса" продолжается.'
    assert first.pictures == ("https://db.chgk.info/images/db/20200101.jpg",)
    assert first.accepted == ("Другой",)
    assert first.sources == ("Один.", "Два.")
    assert first.type_code == "Ч"
    assert first.line == 6
    assert [(p.line, p.key) for p in result.problems] == [(14, "package-problem-hidden-question")]


def test_xml_package_listing_only_tours_has_no_questions() -> None:
    result = parse("<tournament><Title>П</Title><tour><Title>1</Title></tour></tournament>")
    assert [p.key for p in result.problems] == [
        "package-problem-xml-tour-list",
        "package-problem-no-questions",
    ]
    assert not result.usable


def test_xml_with_a_doctype_is_refused() -> None:
    text = '<!DOCTYPE x [<!ENTITY a "aaaa">]><search><question/></search>'
    with pytest.raises(PackageReadError) as error:
        parse(text)
    assert error.value.key == "package-error-xml-doctype"


def gq_question(number: int, **fields: object) -> dict[str, object]:
    base: dict[str, object] = {
        "id": 100 + number,
        "number": number,
        "text": f"Вопрос {number}?",
        "answer": "Ответ.",
        "zachet": "",
        "nezachet": "",
        "razdatkaText": "",
        "razdatkaPic": "",
        "comment": "",
        "source": "",
        "authors": [{"person": {"name": "Автор"}}],
    }
    base.update(fields)
    return base


def test_gotquestions_pack() -> None:
    pack = {
        "pack": {
            "title": "Пак",
            "startDate": "$D2020-10-01T19:00:00.000Z",
            "endDate": "$D2020-10-12T19:00:00.000Z",
            "editors": [{"person": {"name": "Редактор"}}],
            "tours": [
                {
                    "number": 1,
                    "title": "",
                    "questions": [
                        gq_question(0),
                        gq_question(
                            1,
                            razdatkaText="Раздатка",
                            razdatkaPic="/media/pic.png",
                            zachet="Вариант",
                            nezachet="Неверно; совсем неверно",
                            source="1. Один\r\n2. Два",
                            commentPic="/media/c.png",
                            takenDown=True,
                        ),
                    ],
                }
            ],
        }
    }
    result = parse(json.dumps(pack, ensure_ascii=False, indent=1))
    package = result.package
    assert package is not None and package.source_format == "gotquestions"
    assert (package.title, package.date, package.editors) == (
        "Пак",
        "2020-10-01 - 2020-10-12",
        "Редактор",
    )
    assert package.tours[0].title == "Тур 1"
    zero, first = package.questions
    assert zero.kind is QuestionKind.ZERO
    assert first.handout is not None
    assert first.handout.text == "Раздатка"
    assert first.picture == "https://gotquestions.online/media/pic.png"
    assert (first.accepted, first.rejected) == (("Вариант",), ("Неверно", "совсем неверно"))
    assert first.sources == ("Один", "Два")
    assert first.comment == "https://gotquestions.online/media/c.png"
    assert first.authors == ("Автор",)
    assert [(p.key, p.args) for p in result.problems] == [
        ("package-problem-withdrawn", {"number": "1"})
    ]
    assert result.problems[0].line > 0


def test_gotquestions_single_question_object() -> None:
    package = package_of(json.dumps(gq_question(5)))
    (question,) = package.questions
    assert (question.number, question.text, question.answer) == (5, "Вопрос 5?", "Ответ.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("? Вопрос\n! Ответ\n", "4s"),
        ("### Заголовок\n\n? Вопрос\n", "4s"),
        ("Чемпионат:\nX\n", "dbtext"),
        ("Вопрос 1:\nТекст\n\nОтвет:\nДа\n", "dbtext"),
        ("Вопрос 1: Текст\nОтвет: Да\nВопрос 2: Еще\nОтвет: Нет\n", "freeform"),
        ("35. Вопрос\nОтвет: да\n", "freeform"),
        ('{"questions": []}', "gotquestions"),
        ("<?xml version='1.0'?><search/>", "xml"),
        ("просто текст", None),
    ],
)
def test_format_is_sniffed_from_content(text: str, expected: str | None) -> None:
    assert sniff(text) == expected
