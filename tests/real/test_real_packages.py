"""Every real package in ../shared/packages imports with the right counts and facts.

The facts checked here were read off the files themselves (see ../shared/packages/SOURCES.md).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from bot.packages import ImportResult, load_package
from bot.packages.model import Question, QuestionKind
from tests.conftest import shared_package

SAMPLE = Path(__file__).resolve().parents[2] / "bot" / "sample" / "sample_duel.txt"


def load(prefix: str) -> ImportResult:
    return load_package(shared_package(prefix))


def normalise(answer: str) -> str:
    """Casefold, ё->е, no stress marks, quotes, punctuation or dashes, single spaces."""
    text = unicodedata.normalize("NFD", answer.casefold().replace("ё", "е"))
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    text = re.sub(r"[\"'«»„“”‘’.,:;!?()\[\]—–-]", " ", text)
    return " ".join(text.split())


def question(result: ImportResult, tour: int, number: int) -> Question:
    assert result.package is not None
    return next(q for q in result.package.tours[tour - 1].questions if q.number == number)


@pytest.mark.parametrize(
    ("prefix", "count", "tours", "source_format"),
    [
        ("01_", 36, 3, "dbtext"),
        ("02_", 36, 3, "4s"),
        ("03_", 60, 4, "dbtext"),
        ("06_", 1, 1, "freeform"),
        ("07_", 1, 1, "freeform"),
        ("08_", 48, 4, "4s"),
        ("10_", 24, 1, "xml"),
        ("13_", 2, 2, "gotquestions"),
    ],
)
def test_counts_and_no_problems(prefix: str, count: int, tours: int, source_format: str) -> None:
    result = load(prefix)
    assert result.package is not None
    assert len(result.package.questions) == count
    assert len(result.package.tours) == tours
    assert result.package.source_format == source_format
    assert result.problems == []
    assert result.usable
    assert all(q.text and q.answer for q in result.package.questions)


def test_01_and_its_4s_conversion_02_agree_on_every_answer() -> None:
    db, fours = load("01_").package, load("02_").package
    assert db is not None and fours is not None
    pairs = list(zip(db.questions, fours.questions, strict=True))
    for a, b in pairs:
        assert normalise(a.answer) == normalise(b.answer)
        assert [normalise(x) for x in a.accepted] == [normalise(x) for x in b.accepted]
    assert normalise(db.title) == normalise(fours.title)
    assert [t.title for t in db.tours] == [t.title for t in fours.tours]


def test_01_db_text_facts() -> None:
    result = load("01_")
    package = result.package
    assert package is not None
    assert package.date == "00-Oct-2008"
    assert package.editors is not None and package.editors.endswith("Ирина Шихова (Кишинев)")
    # Numbers restart in every tour.
    assert [q.number for q in package.tours[1].questions] == list(range(1, 13))
    q1 = question(result, 1, 1)
    assert q1.line == 15
    assert q1.pictures == ("https://db.chgk.info/images/db/20080328.jpg",)
    assert q1.picture == "https://db.chgk.info/images/db/20080328.jpg"
    assert "(pic:" not in q1.text and q1.text.startswith("Для начала")
    assert q1.sources[0].endswith("- М.: Советский художник, 1989. - С. 49.")
    assert question(result, 1, 2).answer == "(Ярослав) Гашек."
    assert "Lumière" in (question(result, 1, 6).comment or "")
    # A picture in a comment is a link for the host, never shown with the question.
    q7 = question(result, 1, 7)
    assert q7.pictures == ("https://db.chgk.info/images/db/20080329.jpg",)
    assert (q7.comment or "").startswith("https://db.chgk.info/images/db/20080330.jpg")
    assert question(result, 1, 8).accepted == ('"Человек-паук - 2"', '"Человек-паук - 3"')
    assert question(result, 1, 9).accepted == ()  # "Синонимичные ответы." is prose
    assert question(result, 1, 9).accepted_raw == "Синонимичные ответы."

    noted = question(result, 2, 4)
    assert noted.host_notes[0].startswith("Ведущему: последнюю букву в слове")
    assert '"The Big Picture" [зэ биг пикча]' in noted.host_notes
    assert "Ведущему" not in noted.text and "[зэ биг пикча]" not in noted.text
    assert noted.text.startswith("Родители ЭТОГО")
    assert question(result, 2, 5).answer == "Плутон, Плутос."
    assert question(result, 2, 5).accepted == ()  # "В любом порядке." is prose
    handout = question(result, 2, 7).handout
    assert handout is not None and handout.image is None
    assert handout.text is not None
    assert handout.text.startswith("[СЛОВО ПРОПУЩЕНО] голос Тома Хагена")
    assert "раздатка" not in question(result, 2, 7).text


def test_03_db_text_facts() -> None:
    result = load("03_")
    package = result.package
    assert package is not None
    assert package.url == "/znatoki/boris/reports/201606Ingushetia.html"
    assert package.date == "11-Jun-2016"
    assert [t.editors for t in package.tours] == [
        "Серафим Шибанов (Москва)",
        "Максим Мерзляков (Воронеж)",
        "Наиль Фарукшин (Навои - Москва)",
        "Андрей Скиренко (Ростов-на-Дону)",
    ]
    assert (package.tours[0].info or "").startswith("Редактор благодарит за тестирование")

    duplet = question(result, 1, 4)
    assert duplet.kind is QuestionKind.DUPLET
    assert [p.answer for p in duplet.parts] == ["Пол овина.", "Пол риги."]
    # The Зачёт covers the second part only.
    assert [p.accepted for p in duplet.parts] == [(), ("Пол-Риги",)]
    assert duplet.pictures == ("https://db.chgk.info/images/db/20160702.jpg",)
    years = question(result, 1, 12)
    assert years.kind is QuestionKind.DUPLET
    assert years.parts[0].accepted == ("1915", "1916", "1917", "1918")
    assert years.handout is not None and "Валюр - ?" in (years.handout.text or "")

    handout_only = question(result, 1, 6)
    assert handout_only.text == "Вопрос перед вами. Время!"
    assert handout_only.handout is not None
    assert (handout_only.handout.text or "").startswith('ОН создал "Отелло"')
    assert question(result, 1, 7).sources[-1] == "https://db.chgk.info/images/db/20160703.jpg"

    inline_nezachet = question(result, 3, 3)
    assert inline_nezachet.answer == "Шнобелевская премия."
    assert inline_nezachet.rejected == ("Игнобелевская премия",)
    # "Тур де Франс." at the start of a Зачёт line is content, not a new tour.
    tour_line = question(result, 3, 6)
    assert tour_line.accepted == ("Тур де Франс",)
    euro = question(result, 2, 5)
    assert euro.accepted == ("€",)
    assert euro.accepted_raw == "€; принимается также любая купюра или монета евро."
    assert question(result, 1, 14).accepted == ("Ртутный столб[ик]",)
    assert question(result, 4, 12).accepted == (
        "Гангстерский рай",
        "Gangsta's paradise",
        "Gangster's paradise",
    )


def test_08_4s_facts() -> None:
    result = load("08_")
    package = result.package
    assert package is not None
    assert [q.number for q in package.questions] == list(range(1, 49))
    assert package.tours[1].editors == "Редактор: Денис Ершов (Тарту)"
    assert (package.tours[3].info or "").startswith("Редактор благодарит тестеров")
    eclipse = question(result, 1, 10)
    assert eclipse.rejected == ("Лунные затмения",)
    assert eclipse.accepted == ("Солнечные затмения", "затмения")
    assert eclipse.sources[0] == "http://ru.wikipedia.org/wiki/Бриллиантовое_кольцо"
    # "По слову «X»" accepts X; a prose tail is cut off the alternative it follows.
    assert question(result, 3, 25).accepted == ("развод",)
    assert question(result, 4, 44).accepted == ("Адидас, Найк",)
    barcode = question(result, 1, 7)
    assert barcode.handout is not None
    assert barcode.handout.image == "Shkolny_Chemp_Estonii-2014_(48v)_001.png"
    three = question(result, 2, 17)
    assert three.picture == "Shkolny_Chemp_Estonii-2014_(48v)_001.jpeg"
    assert three.pictures == (
        "Shkolny_Chemp_Estonii-2014_(48v)_002.jpeg",
        "Shkolny_Chemp_Estonii-2014_(48v)_003.jpeg",
    )
    duplet = question(result, 2, 22)
    assert duplet.kind is QuestionKind.DUPLET
    assert [p.answer for p in duplet.parts] == ["Эль Греко.", "Феофан Грек."]
    assert "Мандельшта\u0301м" in question(result, 1, 4).text
    assert question(result, 1, 4).host_notes == (
        "Чтецу: Слова «общего названия» выделить интонацией.",
    )
    # The file has no question with two "@" lines (tests/unit covers that); what it does have
    # is one author whose city contains a comma, which must not be split.
    assert question(result, 1, 12).authors == ("Денис Ершов (Тарту, Эстония)",)
    assert question(result, 2, 15).authors == ()


def test_10_xml_facts() -> None:
    result = load("10_")
    package = result.package
    assert package is not None
    types = [q.type_code for q in package.questions]
    assert {t: types.count(t) for t in set(types)} == {"Ч": 16, "Б": 6, "ДБ": 1, "ЧД": 1}
    pin = question(result, 1, 6)
    assert pin.accepted == ("PIN-код", "ПИН", "ПИН-код")
    assert pin.accepted_raw == "PIN-код, ПИН, ПИН-код."
    assert len(pin.sources) == 3
    assert pin.host_notes == ("9564 [исо девять-пять-шесть-четыре]",)
    assert "стандарт ISO 9564. Назовите ЕГО." in pin.text
    assert question(result, 1, 15).accepted == ("Трубы", "труба", "медная труба")
    assert '"Любящая брата"' in (question(result, 1, 1).comment or "")
    assert "z-checkdb:" in (question(result, 1, 14).comment or "")
    assert package.extra["origins"][5]["text_id"] == "znat13ch.5-12"
    assert question(result, 1, 1).line == 3


def test_13_gotquestions_facts() -> None:
    result = load("13_")
    package = result.package
    assert package is not None
    turing, zero = package.questions
    assert turing.number == 7 and turing.kind is QuestionKind.REGULAR
    assert turing.answer == "Алан ТьЮринг."
    assert turing.accepted_raw == "по фамилии Тьюринг без неверных уточнений."
    assert turing.accepted == ("Тьюринг",)
    assert turing.rejected == ()
    assert turing.authors == ("Максим Мерзляков",)
    assert len(turing.sources) == 3 and turing.sources[1].startswith("А. Поляринов")
    assert zero.number == 0 and zero.kind is QuestionKind.ZERO
    assert zero.accepted == ("404 в базе вопросов",)
    assert package.scored_questions == (turing,)
    assert package.tours[0].editors == "Максим Мерзляков"


def test_06_blitz_answers_on_one_line() -> None:
    result = load("06_")
    assert result.package is not None
    (blitz,) = result.package.questions
    assert blitz.kind is QuestionKind.BLITZ
    assert [p.answer for p in blitz.parts] == ["ребро", "мо", "о"]
    assert blitz.parts[2].text == "ЭТО похоже на кольцо. Напишите ЭТО максимально коротко."
    assert blitz.accepted_raw == "только добуквенно верные ответы"
    assert blitz.accepted == ()
    assert blitz.authors == ("Антон Ботев",)
    assert len(blitz.sources) == 3


def test_07_duplet_without_question_label() -> None:
    result = load("07_")
    assert result.package is not None
    (duplet,) = result.package.questions
    assert duplet.number == 35
    assert duplet.kind is QuestionKind.DUPLET
    assert [p.answer for p in duplet.parts] == ["Первый.", "Второй."]
    assert duplet.parts[1].text == "ОН - второй.\nНазовите ЕГО."


def test_sample_package_imports_cleanly() -> None:
    result = load_package(SAMPLE)
    assert result.problems == []
    assert result.package is not None
    assert len(result.package.scored_questions) == 12
    assert result.package.questions[0].picture is not None
    assert result.package.questions[0].picture.startswith("https://")
    assert all(q.authors == ("Команда chgk-bot",) for q in result.package.questions)
    assert any(q.rejected for q in result.package.questions)
