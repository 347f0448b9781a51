"""Every string the Telegram adapter says exists in Russian and English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as fast

from bot.i18n import LOCALES_DIR

ADAPTER = Path(__file__).resolve().parents[3] / "adapters" / "telegram"
KEY = re.compile(r"^telegram(-[a-z0-9]+)+$")


def keys(lang: str) -> set[str]:
    resource = FluentParser().parse((LOCALES_DIR / lang / "telegram.ftl").read_text("utf-8"))
    assert not [e for e in resource.body if isinstance(e, fast.Junk)]
    return {e.id.name for e in resource.body if isinstance(e, fast.Message)}


def test_every_key_the_adapter_uses_is_in_both_languages():
    used = {node.value for path in ADAPTER.glob("*.py")
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and KEY.match(node.value)}
    # Keys built at run time: the menu texts of the commands the adapter describes itself.
    used |= {"telegram-command-start", "telegram-command-newgame"}
    assert len(used) > 10
    assert used <= keys("ru")
    assert keys("ru") == keys("en")
