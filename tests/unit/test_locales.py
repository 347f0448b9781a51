"""Every user-visible string exists in Russian and English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as fast

from bot.i18n import LOCALES_DIR, SUPPORTED_LOCALES, Translator

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")
PREFIXES = ("duel-", "roster-", "usage-", "role-", "signal-", "reveal-", "question-", "button-",
            "console-", "judge-", "package-", "run-", "newgame-", "help", "answer-", "error-",
            "storage-", "startup-", "sync-", "clock-", "tv-", "cli-")


def keys(lang: str, name: str) -> set[str]:
    resource = FluentParser().parse((LOCALES_DIR / lang / name).read_text(encoding="utf-8"))
    junk = [e for e in resource.body if isinstance(e, fast.Junk)]
    assert not junk, f"{lang}/{name} has a syntax error: {junk[0].content[:80]!r}"
    return {e.id.name for e in resource.body if isinstance(e, fast.Message)}


def test_every_file_has_the_same_keys_in_every_locale():
    files = {p.name for lang in SUPPORTED_LOCALES for p in (LOCALES_DIR / lang).glob("*.ftl")}
    for name in sorted(files):
        ru, en = keys("ru", name), keys("en", name)
        assert ru - en == set(), f"{name}: only in ru: {sorted(ru - en)}"
        assert en - ru == set(), f"{name}: only in en: {sorted(en - ru)}"


def test_every_message_key_used_in_the_code_exists():
    known = set().union(*(keys("ru", p.name) for p in (LOCALES_DIR / "ru").glob("*.ftl")))
    used = set()
    for folder in ("bot", "rules", "adapters"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                        KEY.match(node.value) and node.value.startswith(PREFIXES):
                    used.add(node.value)
    assert used, "the scan found no keys at all"
    assert used - known == set()


def test_plurals_follow_cldr(translator: Translator):
    def joined(lang: str, count: int) -> str:
        return translator("roster-player-joined", lang, name="vera", team="T", count=count)

    assert joined("ru", 1).endswith("(1 игрок).")
    assert joined("ru", 3).endswith("(3 игрока).")
    assert joined("ru", 11).endswith("(11 игроков).")
    assert joined("ru", 21).endswith("(21 игрок).")
    assert joined("en", 1).endswith("(1 player).")
    assert joined("en", 2).endswith("(2 players).")


def test_unknown_language_falls_back_to_russian(translator: Translator):
    assert translator.locale_for("de-DE") == "ru"
    assert translator.locale_for("en-GB") == "en"
    assert translator("game-over", "de") == "Игра уже закончена."
