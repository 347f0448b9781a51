"""``chgk-bot --help`` and every sub-command's ``--help`` speak the user's language (issue:
argparse's English headings and English help texts regardless of locale): Russian by default,
English with ``--locale en``; option names, metavars and choices stay as typed."""

from __future__ import annotations

import argparse
import re

import pytest

from bot.cli.main import _parser, main
from bot.cli.parser import parser_class
from bot.scaling.worker import main as worker_main

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
RUSSIAN_IN_ENGLISH = ("Что? Где? Когда?", "Зачёт", "Незачёт")
"""The Russian an English help keeps: the game's name and the packages' field names."""


@pytest.fixture(autouse=True)
def no_configured_locale(monkeypatch, tmp_path):
    monkeypatch.delenv("CHGK_LOCALE", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout
    monkeypatch.setenv("COLUMNS", "1000")  # one line a text: each is checked whole


def shown_help(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
             ) -> list[tuple[str, ...]]:
    """``path`` and every sub-command under it, as argv words."""
    found = [path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += commands(child, (*path, name))
    return found


EVERY_COMMAND = commands(_parser(parser_class("ru")))


def texts_and_gaps(out: str) -> tuple[list[str], list[str]]:
    """The words of a help after its usage lines (the description, the headings, the text of
    each argument) and the arguments shown with no text."""
    lines = out.splitlines()
    body = lines[lines.index("") + 1:]
    texts, gaps = [], []
    for i, line in enumerate(body):
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            continue
        if indent == 0 or indent > 4:  # a description, a heading, or a text under its option
            texts.append(line.strip())
            continue
        invocation, _, text = line.strip().partition("  ")
        following = body[i + 1] if i + 1 < len(body) else ""
        if text.strip():
            texts.append(text.strip())
        elif not (following.strip() and len(following) - len(following.lstrip()) > 4) and \
                not invocation.startswith("{"):  # "{run,console,…}": its commands follow
            gaps.append(invocation)
    return texts, gaps


def test_help_is_russian_by_default(capsys):
    out = shown_help(capsys, [])
    assert out.startswith("использование: chgk-bot [-h] [--locale {ru,en}]")
    assert "Бот-ведущий игр «Что? Где? Когда?»" in out
    assert "\nаргументы:\n" in out and "\nпараметры:\n" in out
    assert "-h, --help            показать эту справку и выйти" in out
    assert "season              сезоны дуэлей и синхронов: порядок игр, финал" in out
    for english in ("usage", "positional arguments", "options", "show this help", "start the"):
        assert english not in out


def test_locale_en_shows_english_help(capsys):
    out = shown_help(capsys, ["--locale", "en"])
    assert out.startswith("usage: chgk-bot [-h] [--locale {ru,en}]")
    assert "Что? Где? Когда? game host bot" in out
    assert "\npositional arguments:\n" in out and "\noptions:\n" in out
    assert "-h, --help            show this help message and exit" in out
    assert "league              the TV club league: members, game days" in out
    assert "параметры" not in out and "использование" not in out


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_every_command_s_help_is_all_russian_by_default(capsys, command):
    out = shown_help(capsys, list(command))
    assert out.startswith(" ".join(("использование: chgk-bot", *command)))
    texts, gaps = texts_and_gaps(out)
    assert gaps == [], f"arguments without a text: {gaps}"
    assert "cli-" not in out
    assert not texts[0].endswith(":"), "a description heads the help"
    assert [t for t in texts if not CYRILLIC.search(t)] == []


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_every_command_s_help_is_all_english_with_locale_en(capsys, command):
    out = shown_help(capsys, ["--locale", "en", *command])
    assert out.startswith(" ".join(("usage: chgk-bot", *command)))
    texts, gaps = texts_and_gaps(out)
    assert gaps == [], f"arguments without a text: {gaps}"
    assert "cli-" not in out
    russian = [t for t in texts
               if CYRILLIC.search(re.sub("|".join(map(re.escape, RUSSIAN_IN_ENGLISH)), "", t))]
    assert russian == []


@pytest.mark.parametrize(("argv", "usage", "cyrillic"), [
    ([], "использование: python -m bot.scaling.worker", True),
    (["--locale", "en"], "usage: python -m bot.scaling.worker", False),
])
def test_the_simulation_worker_s_help_speaks_the_locale_too(capsys, argv, usage, cyrillic):
    with pytest.raises(SystemExit) as stopped:
        worker_main([*argv, "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(usage)
    texts, gaps = texts_and_gaps(out)
    assert gaps == [] and "cli-" not in out
    assert all(bool(CYRILLIC.search(t)) == cyrillic for t in texts)
