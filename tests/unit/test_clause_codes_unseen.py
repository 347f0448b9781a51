"""No text a person reads names a rule by its clause code or an issue by its number (the
player reads «единственная верно ответила на вопрос телезрителей», never "(TV-9)", which reads
like a team called TV-9): every message of every locale, every ``--help`` of the
command line in both languages, and the README and the guides for players and hosts say the
rule in words. Comments in the .ftl files, which no one but a translator reads, may keep the
codes; docs/rules.md gives them as a cross-reference column beside each rule in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast, serialize

from bot.i18n import LOCALES_DIR, SUPPORTED_LOCALES
from bot.scaling.worker import main as worker_main
from tests.unit.test_cli_help import EVERY_COMMAND, shown_help

CODE = re.compile(r"\b(?:DUEL|SYNC|TV)-\d|\b[Ii]ssues? ?#?\d|#\d")
"""A rule clause code (``TV-9``, ``DUEL-6.3.1``, ``SYNC-10``) or an issue's number."""

ROOT = Path(__file__).resolve().parents[2]
GUIDES = (
    "README.md", "docs/playing.md", "docs/packages.md", "docs/export.md", "docs/admin.md",
)
"""The pages a player, captain, host, club organiser or whoever runs the bot reads, from the
project's folder."""


@pytest.fixture(autouse=True)
def no_configured_locale(monkeypatch, tmp_path):
    monkeypatch.delenv("CHGK_LOCALE", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout


def messages(lang: str) -> dict[str, str]:
    """Every message and term of ``lang`` (value, variants, attributes; comments left out),
    by file and key."""
    found = {}
    for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message | ast.Term):
                entry.comment = None
                found[f"{path.name}: {entry.id.name}"] = serialize(ast.Resource([entry]))
    return found


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_no_message_names_a_clause_code_or_an_issue(lang):
    # Given every message a player, captain or host may be shown in this language,
    shown = messages(lang)
    assert len(shown) > 500
    # when they are searched for a clause code or an issue number,
    coded = {key: CODE.findall(text) for key, text in shown.items() if CODE.search(text)}
    # then none is found: each says the rule in words.
    assert coded == {}


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_no_command_line_help_names_a_clause_code_or_an_issue(capsys, lang):
    # Given every command of chgk-bot (its sub-commands included) and the worker's,
    coded = {}
    for argv in EVERY_COMMAND:
        # when its --help is shown in this language,
        shown = shown_help(capsys, ["--locale", lang, *argv])
        coded.update({" ".join(argv) or "chgk-bot": CODE.findall(shown)}
                     if CODE.search(shown) else {})
    with pytest.raises(SystemExit):
        worker_main(["--locale", lang, "--help"])
    worker = capsys.readouterr().out
    assert worker.strip()
    # then each says the rule in words.
    assert coded == {}
    assert CODE.findall(worker) == []


def test_the_readme_and_the_guides_name_no_clause_code_or_issue():
    # Given the README and the guides for players, hosts and organisers,
    coded = {}
    for page in GUIDES:
        text = (ROOT / page).read_text(encoding="utf-8")
        # when they are searched for a clause code or an issue number,
        coded.update({page: CODE.findall(text)} if CODE.search(text) else {})
    # then none is found: each says the rule in words, and docs/rules.md has the codes.
    assert coded == {}
    # And the README points at nothing outside the clone (the rules are in docs/rules.md).
    assert "../shared" not in (ROOT / "README.md").read_text(encoding="utf-8")
