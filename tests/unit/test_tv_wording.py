"""TV's Russian texts use one name per thing, as RULES.md's glossary and TV-5/TV-6 do: the
club tables are «столы клуба», and the players' individual rating is «Рейтинг игроков»
wherever it is shown (the chat's score and table, the scoreboard page)."""

from __future__ import annotations

import re

from fluent.syntax import FluentParser, ast, serialize

from bot.i18n import LOCALES_DIR


def tv_texts() -> dict[str, str]:
    """Every ru message of TV (``tv-*``, ``board-tv-*``) by key, as written."""
    texts = {}
    for path in sorted((LOCALES_DIR / "ru").glob("*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and \
                    entry.id.name.startswith(("tv-", "board-tv-")):
                texts[entry.id.name] = serialize(ast.Resource([entry]))
    return texts


def test_tv_5_6_the_players_rating_has_one_name_in_russian():
    named = {key: re.findall(r"[Рр]ейтинг\w*(?: игроков)?", text)
             for key, text in tv_texts().items()}
    used = {name for names in named.values() for name in names}
    assert used == {"Рейтинг игроков"}, named


def test_the_club_tables_are_named_as_in_the_glossary():
    odd = {key: text for key, text in tv_texts().items()
           if re.search(r"[Кк]лубн\w+ стол", text)}
    assert odd == {}
