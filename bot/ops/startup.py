"""Settings that cannot work, found before anything starts, each told in one line in the
operator's language that names the ``CHGK_`` variable and what to write instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from bot.i18n import Translator
from bot.settings import LEGACY_DATABASE, Settings, default_database_url, state_folder

_KEYS = {
    "int_parsing": "settings-whole-number", "int_from_float": "settings-whole-number",
    "int_type": "settings-whole-number", "float_parsing": "settings-number",
    "float_type": "settings-number", "bool_parsing": "settings-yes-no",
    "greater_than": "settings-above", "greater_than_equal": "settings-at-least",
    "less_than": "settings-below", "less_than_equal": "settings-at-most",
    "literal_error": "settings-one-of",
}
"""pydantic's error types and the Fluent keys that say them; the bot's own validators raise
errors whose type is their key already (``settings-fee``, ``settings-warning-late``, ...)."""

_LIMITS = ("gt", "ge", "lt", "le")


def settings_problems(error: ValidationError, t: Translator, locale: str) -> str:
    """Every problem of ``error`` (raised by ``Settings()``) in ``locale``, joined by "; ":
    each names its variable (``CHGK_BOARD_PORT``, never the field ``board_port``), the value
    found and what would work."""
    lines = []
    for problem in error.errors():
        ctx: dict[str, Any] = dict(problem.get("ctx") or {})
        kind = problem["type"]
        args = {"value": str(problem["input"]) if problem["loc"] else "", **{
            k: str(v) for k, v in ctx.items()}}
        if problem["loc"]:
            args["variable"] = "CHGK_" + str(problem["loc"][0]).upper()
        limit = next((ctx[k] for k in _LIMITS if k in ctx), None)
        if limit is not None:
            args["limit"] = str(limit)
        if kind == "literal_error" and problem["loc"]:
            field = Settings.model_fields[str(problem["loc"][0])]
            args["choices"] = ", ".join(map(str, get_args(field.annotation)))
        key = kind if kind.startswith("settings-") else _KEYS.get(kind, "settings-other")
        args.setdefault("message", problem["msg"])
        lines.append(t.format(key, args, locale))
    return "; ".join(lines)


def legacy_database(settings: Settings, cwd: Path) -> Path | None:
    """The database an older version kept in ``data/chgk.sqlite3`` under ``cwd`` when the
    bot would now open a new, empty one in ``state_folder()`` instead (the default URL in
    use, nothing there yet); None when there is no such choice to make."""
    if settings.database_url != default_database_url():
        return None
    old = cwd / LEGACY_DATABASE
    new = state_folder() / "chgk.sqlite3"
    return old.resolve() if old.is_file() and not new.exists() else None
