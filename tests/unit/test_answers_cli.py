"""``chgk-bot judge`` through ``bot.cli.main``, and the answers.ftl strings it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.i18n import LOCALES_DIR


@pytest.fixture(autouse=True)
def _default_locale(monkeypatch):
    """Russian unless a test asks otherwise, whatever the developer's environment says."""
    monkeypatch.delenv("CHGK_LOCALE", raising=False)


def test_accept_in_russian_by_default(capsys):
    code = main(["judge", "Гашек", "--answer", "(Ярослав) Гашек."])
    assert code == 0
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Гашек»\n"


def test_accept_in_english(capsys):
    code = main(["--locale", "en", "judge", "Гашек", "--answer", "(Ярослав) Гашек."])
    assert code == 0
    assert capsys.readouterr().out == 'ACCEPT: matches the answer "Гашек"\n'


def test_rejected_answer_wins_over_a_typo_match(capsys):
    code = main(["judge", "Сталагмит", "--answer", "Сталактит", "--rejected", "Сталагмит"])
    assert code == 0
    assert capsys.readouterr().out == "REJECT: совпадает с незачётным ответом «Сталагмит»\n"


def test_unsure_near_miss_with_plural(capsys):
    main(["judge", "Аквалонк", "--answer", "Акваланг."])
    assert capsys.readouterr().out == (
        "UNSURE: похоже на ответ «Акваланг» (2 буквы не так) — решает ведущий\n"
    )
    main(["--locale", "en", "judge", "Аквалонк", "--answer", "Акваланг."])
    assert capsys.readouterr().out == (
        'UNSURE: close to the answer "Акваланг" (2 letters off); the host decides\n'
    )


def test_typo_reason_in_both_languages(capsys):
    main(["judge", "Хеменгуэй", "--answer", "(Эрнест) Хемингуэй."])
    assert capsys.readouterr().out == (
        "ACCEPT: опечатка: отличается от ответа «Хемингуэй» на 1 букву\n"
    )
    main(["--locale", "en", "judge", "Хеменгуэй", "--answer", "(Эрнест) Хемингуэй."])
    assert capsys.readouterr().out == 'ACCEPT: a typo: 1 letter off the answer "Хемингуэй"\n'


def test_an_accepted_value_with_commas_gives_alternatives(capsys):
    # The author's answer has no comma: "Нет ложки, there is no spoon" is two alternatives.
    main(["judge", "Нет ложки", "--answer", "Нет никакой ложки.",
          "--accepted", "Нет ложки, there is no spoon"])
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Нет ложки»\n"
    # It has one: "Плутон, Плутос" is one answer, and so is each accepted value.
    main(["judge", "Плутос", "--answer", "Плутон, Плутос.", "--accepted", "Плутос, Плутон"])
    assert capsys.readouterr().out.startswith("UNSURE:")


def test_zachet_text_is_read_with_its_rules(capsys):
    main(["judge", "Моцарт", "--answer", "Вольфганг Амадей Моцарт.", "--zachet", "По фамилии."])
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Моцарт»\n"
    main(["judge", "Колобок", "--answer", "Репка.",
          "--zachet", "Колобок и все остальные герои сказок."])
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Колобок»\n"
    main(["judge", "Теремок", "--answer", "Репка.",
          "--zachet", "Колобок и все остальные герои сказок."])
    assert capsys.readouterr().out.startswith("UNSURE: зачёт по критерию")


def test_nezachet_text_rejects(capsys):
    main(["judge", "Игнобелевская премия", "--answer", "Шнобелевская премия.",
          "--nezachet", "Игнобелевская премия; Нобелевская премия."])
    assert capsys.readouterr().out == (
        "REJECT: совпадает с незачётным ответом «Игнобелевская премия»\n"
    )


def test_an_inline_nezachet_in_the_zachet_text_rejects_as_in_a_game(capsys, tmp_path):
    # The Зачёт text is read as an imported package's Зачёт.
    zachet = "Сталактиты. Незачёт: сталагмит."
    main(["judge", "Сталагмит", "--answer", "Сталактит.", "--zachet", zachet])
    typed = capsys.readouterr().out
    package = tmp_path / "p.txt"
    package.write_text(f"Вопрос 1:\nЧто?\n\nОтвет:\nСталактит.\n\nЗачет:\n{zachet}\n",
                       encoding="utf-8")
    main(["judge", "--package", str(package), "--question", "1", "Сталагмит"])
    assert typed == capsys.readouterr().out == (
        "REJECT: совпадает с незачётным ответом «сталагмит»\n")


def test_two_versions_are_rejected_with_the_reason(capsys):
    main(["--locale", "en", "judge", "Гашек или Швейк", "--answer", "(Ярослав) Гашек."])
    assert capsys.readouterr().out == (
        "REJECT: two versions in one answer are not credited, even if one is right\n"
    )


def test_judge_against_a_package_question(capsys, tmp_path):
    package = tmp_path / "p.txt"
    package.write_text("Вопрос 1:\nКто?\n\nОтвет:\nВольфганг Амадей Моцарт.\n\n"
                       "Зачет:\nПо фамилии.\n\nВопрос 2:\nЧто?\n\nОтвет:\nСвитер.\n",
                       encoding="utf-8")
    assert main(["judge", "--package", str(package), "--question", "1", "Моцарт"]) == 0
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Моцарт»\n"
    assert main(["judge", "--package", str(package), "--question", "1", "Сальери"]) == 0
    assert capsys.readouterr().out == "REJECT: не похоже ни на один засчитываемый ответ\n"
    assert main(["judge", "--package", str(package), "--question", "9", "Моцарт"]) == 2
    assert "нет вопроса номер 9" in capsys.readouterr().err


def test_judge_package_errors_are_messages(capsys, tmp_path):
    assert main(["judge", "--package", str(tmp_path / "none.txt"), "--question", "1", "x"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "none.txt" in captured.err
    assert main(["judge", "x", "--package", str(tmp_path / "none.txt")]) == 2
    assert "--question" in capsys.readouterr().err
    assert main(["--locale", "en", "judge", "x"]) == 2
    assert "--answer" in capsys.readouterr().err


def test_far_answer_is_rejected_with_exit_code_zero(capsys):
    assert main(["--locale", "en", "judge", "Оксфорд", "--answer", "Оксбридж."]) == 0
    assert capsys.readouterr().out == "REJECT: not like any accepted answer\n"


def test_empty_given_answer(capsys):
    assert main(["judge", "", "--answer", "Инка."]) == 0
    assert capsys.readouterr().out == "REJECT: пустой ответ\n"


@pytest.mark.parametrize("answer", ["", "  ", "..."])
def test_empty_author_answer_is_bad_input(capsys, answer):
    assert main(["judge", "Инка", "--answer", answer]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--answer" in captured.err and "пуст" in captured.err


def test_empty_author_answer_message_in_english(capsys):
    assert main(["--locale", "en", "judge", "Инка", "--answer", ""]) == 2
    assert "is empty" in capsys.readouterr().err


def _keys(path: Path) -> set[str]:
    return set(re.findall(r"^([a-z][a-z0-9-]*) =", path.read_text(encoding="utf-8"), re.M))


def test_answers_ftl_has_the_same_keys_in_both_languages():
    assert _keys(LOCALES_DIR / "ru" / "answers.ftl") == _keys(LOCALES_DIR / "en" / "answers.ftl")


def test_every_reason_the_module_can_give_is_translated(translator):
    package = Path(__file__).resolve().parents[2] / "bot" / "answers"
    source = "\n".join(path.read_text("utf-8") for path in sorted(package.glob("*.py")))
    # Reasons are written next to their verdict kind: _verdict(VerdictKind.X, "reason", ...).
    reasons = {f"judge-reason-{r}" for r in re.findall(r'VerdictKind\.\w+,\s*"([a-z-]+)"', source)}
    reasons |= {"judge-reason-order", "judge-error-empty-answer"}
    assert len(reasons) > 15
    assert reasons <= _keys(LOCALES_DIR / "ru" / "answers.ftl")
    for key in reasons:
        for locale in ("ru", "en"):
            text = translator(key, locale, matched="X", distance=1, criteria="c", rejected="Y",
                              number=1, count=2, expected=3, given=1)
            assert text != key
            assert "{" not in text
