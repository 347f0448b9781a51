"""The ``chgk-bot`` command line tells a wrong command line in the user's language (issue:
argparse's English errors regardless of locale): Russian by default, English with
``--locale en`` or ``CHGK_LOCALE=en``; the usage line is shown and the exit code is 2."""

from __future__ import annotations

import pytest

from bot.cli.main import main


def refused(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    return capsys.readouterr().err


@pytest.fixture(autouse=True)
def no_configured_locale(monkeypatch, tmp_path):
    monkeypatch.delenv("CHGK_LOCALE", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout


def test_a_missing_argument_is_told_in_russian_by_default(capsys):
    err = refused(capsys, ["season", "record"])
    assert err.startswith("использование: chgk-bot season record")
    assert err.endswith("chgk-bot season record: ошибка: не хватает аргументов: season\n")


def test_locale_en_on_the_command_line_or_in_chgk_locale_speaks_english(capsys, monkeypatch):
    err = refused(capsys, ["season", "record", "--locale", "en"])
    assert err.startswith("usage: chgk-bot season record")
    assert err.endswith("error: the following arguments are required: season\n")
    monkeypatch.setenv("CHGK_LOCALE", "en")
    assert "error: no such command: 'recrd'" in refused(capsys, ["season", "recrd"])
    assert "ошибка" in refused(capsys, ["--locale=ru", "frobnicate"])


@pytest.mark.parametrize(("argv", "told"), [
    (["frobnicate"], "ошибка: нет такой команды: 'frobnicate' (есть: 'run', 'console'"),
    (["season", "record", "s", "--game", "x"],
     "ошибка: аргумент --game: нужно целое число (не больше девяти цифр), а не 'x'"),
    (["season", "record", "s", "--date", "2026-13-99"],
     "ошибка: аргумент --date: нужна дата ГГГГ-ММ-ДД[TЧЧ:ММ], а не '2026-13-99'"),
    (["console", "--clock", "fast"],
     "ошибка: аргумент --clock: нет такого варианта: 'fast' (можно: 'real', 'virtual')"),
    (["package", "check", "x", "--bogus"], "ошибка: непонятные аргументы: --bogus"),
    (["season", "record", "s", "--team"], "ошибка: аргумент --team: нужно одно значение"),
])
def test_each_kind_of_argparse_error_is_localised(capsys, argv, told):
    err = refused(capsys, argv)
    assert told in err
    assert "error" not in err and "usage" not in err
