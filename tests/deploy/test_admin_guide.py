"""docs/admin.md, the guide of whoever runs the bot for a club, documents every setting the bot
reads (``bot.settings.Settings``) in its settings tables, with the default the bot uses."""

from __future__ import annotations

import re

from bot.settings import Settings
from tests.deploy.dockerfile import ROOT

GUIDE = ROOT / "docs" / "admin.md"


def table_rows() -> dict[str, str]:
    """Each variable of the guide's settings tables, with its row's default cell."""
    settings = GUIDE.read_text(encoding="utf-8").split("## Settings", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in settings.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`CHGK_"):
            for name in re.findall(r"`(CHGK_[A-Z0-9_]+)`", cells[0]):
                rows[name] = cells[1]
    return rows


def test_every_setting_has_a_row_with_its_default():
    # Given the settings the bot reads and the guide's tables,
    rows = table_rows()
    for field, info in Settings.model_fields.items():
        name = f"CHGK_{field.upper()}"
        # then each setting has a row,
        assert name in rows, name
        # and a default that is a value (not unset) is written in its row as the bot has it;
        # one computed at start (the database in the state folder) names that file.
        if info.default_factory is not None:
            assert "`chgk.sqlite3`" in rows[name] and "state folder" in rows[name], name
        elif info.default not in (None, ""):
            value = info.default
            shown = f"{value:g}" if isinstance(value, float) else str(value)
            assert f"`{shown}`" in rows[name], name
