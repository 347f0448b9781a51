"""The README's console example plays as written: a sensible evening on the
bundled sample package, every line accepted, the verdicts as the comments say."""

from __future__ import annotations

import re
from pathlib import Path

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from tests.adapters.test_console_e2e import run_console
from tests.adapters.transcript import assert_in_order

README = Path(__file__).resolve().parents[2] / "README.md"


def console_example() -> str:
    """The first ``text`` block of the README's "Playing in the console" section."""
    section = README.read_text(encoding="utf-8").split("## Playing in the console", 1)[1]
    found = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert found is not None, "the README has no console example"
    return found[1]


def test_the_readme_console_example_plays_as_written(database_url):
    script = console_example()
    questions = load_package(SAMPLE_PACKAGE).package.questions
    # The answers given are the sample package's own: right for 7, a listed wrong one for 2.
    assert "boris (dm): Австралия" in script and questions[6].answer == "Австралия."
    assert "vera (dm): Галлий" in script and "Галлий" in questions[1].rejected

    result = run_console(script, db=database_url)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    expected = [
        "[game] Вопрос 7.",
        "[dm host] Ответ: «Австралия». Авторский ответ: Австралия.",
        "    Подсказка бота: засчитать.",
        "[game] Ответ засчитан! Счёт 1:0",
        "    Правильный ответ: Австралия.",
        "[game] Вопрос 2.",
        "[dm host] Ответ: «Галлий». Авторский ответ: Ртуть.",
        "    Подсказка бота: не засчитывать.",
        "[game] Ответ не засчитан. Счёт 1:1",
        "    Комментарий: Галлий и цезий плавятся чуть выше комнатной температуры",
        "[game] Капитан подал апелляцию на решение по вопросу 2.",
        "[game] Хранитель оставил решение по вопросу 2 в силе. Счёт 1:1.",
        "Конец ввода. Счёт: команда «Знатоки» 1 — ведущий 1.",
    ]
    assert_in_order(out, expected)
    # Nothing in it is refused: every reply to a person would be a refusal or help.
    assert "может давать только" not in out and "Апеллировать можно" not in out
