"""Package limits: a file over MAX_PACKAGE_BYTES or MAX_QUESTIONS is refused with a
clear message, the size before the file is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.main import main
from bot.packages import MAX_PACKAGE_BYTES, MAX_QUESTIONS, PackageReadError, parse_package


def questions(count: int) -> bytes:
    """A db.chgk.info text of ``count`` short questions."""
    return "".join(f"Вопрос {n}:\nВопрос {n}?\n\nОтвет:\nОтвет {n}.\n\n"
                   for n in range(1, count + 1)).encode()


def test_check_refuses_a_file_over_the_size_limit_before_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as f:  # sparse: the size without the bytes
        f.truncate(MAX_PACKAGE_BYTES + 3 * 1024 * 1024)

    def no_reading(self: Path) -> bytes:
        raise AssertionError(f"{self} was read")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    assert main(["--locale", "en", "package", "check", str(big)]) == 2
    assert capsys.readouterr().out.strip() == (
        f"{big}: The file is 23 MB, and a package may be at most 20 MB: split it into parts.")
    assert main(["--locale", "ru", "package", "check", str(big)]) == 2
    assert "Файл весит 23 МБ, а пакет может весить не больше 20 МБ" in capsys.readouterr().out


def test_check_refuses_a_package_over_the_question_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.txt"
    path.write_bytes(questions(MAX_QUESTIONS + 1))
    assert main(["--locale", "en", "package", "check", str(path)]) == 2
    assert capsys.readouterr().out.strip() == (
        f"{path}: The package has 10,001 questions, and at most 10,000 are allowed: split it "
        "into parts.")
    assert main(["--locale", "ru", "package", "check", str(path)]) == 2
    assert "В пакете 10\u00a0001 вопрос, а можно не больше 10\u00a0000" in capsys.readouterr().out


@pytest.mark.parametrize("data", [
    questions(3),
    "? Вопрос 1\n! Ответ\n\n? Вопрос 2\n! Ответ\n\n? Вопрос 3\n! Ответ\n".encode(),
    ("[" + ",".join(f'{{"id": {n}, "text": "Q", "answer": "A", "zachet": ""}}'
                    for n in range(3)) + "]").encode(),
    ("<tournament>" + "<question><Question>Q</Question><Answer>A</Answer></question>" * 3
     + "</tournament>").encode(),
    "Вопрос 1. Q\nОтвет: A\n\nВопрос 2. Q\nОтвет: A\n\nВопрос 3. Q\nОтвет: A\n".encode(),
])
def test_every_format_counts_its_questions_against_the_limit(data: bytes) -> None:
    assert len(parse_package(data, max_questions=3).package.questions) == 3
    with pytest.raises(PackageReadError) as error:
        parse_package(data, max_questions=2)
    assert error.value.key == "package-error-too-many-questions"
    assert error.value.args == {"count": 3, "limit": 2}


def test_a_latin_1_package_in_english_is_not_read_as_cyrillic() -> None:
    text = "".join(f"Question {n}. Which café in Zürich is named après Voltaire?\n"
                   f"Answer: Le Procope.\n\n" for n in range(1, 4))
    question = parse_package(text.encode("latin-1")).package.questions[0]
    assert "Which café in Zürich" in question.text
    assert not any("а" <= c.lower() <= "я" for c in question.text)
