"""An ``Ответ:`` quoted inside a comment: a warning when the question parsed unambiguously,
an error when it may hide a question that ran into this one (formats.md 5.10)."""

from __future__ import annotations

from bot.cli.main import main
from bot.packages import parse_package

DBTEXT = """Чемпионат:
Проверка

Вопрос 1:
Кто написал «Швейка»?

Ответ:
Гашек.

Комментарий:
Так было в оригинале вопроса:
   Ответ: Ярослав Гашек, чешский писатель.

Вопрос 2:
Жидкий металл?

Ответ:
Ртуть.
"""

FREEFORM = """Кубок проверки
1. Кто написал «Швейка»?
Ответ: Гашек.
Комментарий: в оригинале было так:
   Ответ: Ярослав Гашек, чешский писатель.
Автор: Иван Иванов
2. Жидкий металл?
Ответ: Ртуть.
"""


def findings(text: str) -> list[tuple[int, str, str]]:
    return [(p.line, p.severity, p.key) for p in parse_package(text.encode()).problems]


def test_an_indented_answer_label_in_a_db_text_comment_is_a_warning(tmp_path):
    result = parse_package(DBTEXT.encode(), "quoted.txt")
    assert findings(DBTEXT) == [(12, "warning", "package-problem-quoted-answer-label")]
    first, second = result.package.questions
    assert (first.answer, second.answer) == ("Гашек.", "Ртуть.")
    assert first.comment == "Так было в оригинале вопроса:\nОтвет: Ярослав Гашек, чешский писатель."
    path = tmp_path / "quoted.txt"
    path.write_text(DBTEXT, encoding="utf-8")
    assert main(["--locale", "en", "package", "check", str(path)]) == 0


def test_an_indented_answer_label_in_a_freeform_comment_is_a_warning(tmp_path):
    result = parse_package(FREEFORM.encode(), "quoted.txt")
    assert findings(FREEFORM) == [(5, "warning", "package-problem-quoted-answer-label")]
    first, second = result.package.questions
    assert (first.answer, second.answer) == ("Гашек.", "Ртуть.")
    assert first.comment == "в оригинале было так:\nОтвет: Ярослав Гашек, чешский писатель."
    assert first.authors == ("Иван Иванов",)
    path = tmp_path / "quoted.txt"
    path.write_text(FREEFORM, encoding="utf-8")
    assert main(["--locale", "en", "package", "check", str(path)]) == 0


def test_an_answer_label_at_the_start_of_a_comment_line_stays_an_error():
    # Not indented: a label, where a blank line may be missing; the parse is not certain.
    text = DBTEXT.replace("   Ответ: Ярослав", "Ответ: Ярослав")
    assert findings(text) == [(12, "error", "package-problem-merged-question")]


def test_an_indented_answer_label_in_the_question_text_stays_an_error():
    # In the text, before the answer: the answer may be the one that got inside.
    text = "Вопрос 1:\nКто написал «Швейка»?\n   Ответ: Гашек.\n\nОтвет:\nГашек.\n"
    assert findings(text) == [(3, "error", "package-problem-merged-question")]


def test_a_question_without_its_own_answer_keeps_the_error():
    text = "Чемпионат:\nX\n\nВопрос 1:\nКто написал?\n\nКомментарий:\nсм.\n   Ответ: Гашек.\n"
    assert findings(text) == [(4, "error", "package-problem-no-answer"),
                              (9, "error", "package-problem-merged-question")]
