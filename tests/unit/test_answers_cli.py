"""``chgk-bot judge`` through ``bot.cli.main``, and the answers.ftl strings it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli import main
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


def test_each_accepted_value_is_one_alternative(capsys):
    # "Нет ложки, there is no spoon" as ONE alternative: "Нет ложки" is only part of it.
    main(["judge", "Нет ложки", "--answer", "Нет никакой ложки.",
          "--accepted", "Нет ложки, there is no spoon"])
    assert capsys.readouterr().out.startswith("UNSURE:")
    main(["judge", "Нет ложки", "--answer", "Нет никакой ложки.",
          "--accepted", "Нет ложки", "--accepted", "there is no spoon"])
    assert capsys.readouterr().out == "ACCEPT: совпадает с ответом «Нет ложки»\n"


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
    source = (Path(__file__).resolve().parents[2] / "bot" / "answers.py").read_text("utf-8")
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
