"""Parsing chat text into commands, the same for every messenger.

``/pick 5``, ``pick 5`` and ``/pick@chgk_bot 5`` are the same command. Russian aliases let
players type in their own keyboard layout. What plain text means in a format (DUEL's bare
number is the captain's pick) is the format's to say.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

ALIASES: dict[str, str] = {
    "+": "accept", "да": "accept", "зачет": "accept", "зачёт": "accept",
    "-": "reject", "нет": "reject", "незачет": "reject", "незачёт": "reject",
    "a": "answer", "ответ": "answer", "о": "answer",
    "q": "pick", "вопрос": "pick", "в": "pick",
    "команда": "team", "войти": "join", "пауза": "pause", "дальше": "resume",
    "отвечает": "answerer", "апелляция": "appeal", "помощь": "help", "счет": "score",
    "счёт": "score", "старт": "start", "хранитель": "keeper", "капитан": "captain",
    "оставить": "uphold", "изменить": "overturn", "лучший": "best", "прервать": "abort",
    "соведущий": "cohost", "вопросы": "questions", "новаяигра": "newgame",
    "пакет": "package", "таблица": "table",
}

ALWAYS = ("help", "score", "table", "newgame", "package")
"""Commands every chat understands, whatever the format."""

_NUMBER = re.compile(r"[0-9]{1,4}")
MAX_NAME = 64
"""Longest team or person name a command accepts, in characters."""
MAX_TEXT = 1000
"""Longest answer or free text a command accepts, in characters."""

_COMMAND = re.compile(r"^/(?P<name>[^\s@/]+)(?:@\S+)?(?:\s+(?P<args>.*))?$", re.DOTALL)
_JOINERS = frozenset("\u200c\u200d")
_TAGS = range(0xE0020, 0xE0080)
_BLACK_FLAG = "\U0001f3f4"


@dataclass(frozen=True, slots=True)
class Command:
    """A command name (lower case, aliases resolved) and the rest of the line."""

    name: str
    args: str = ""


def parse_command(text: str) -> Command | None:
    """Parse one chat message into a Command; None for empty text, text of invisible
    characters only, and a leading slash that names no command (``/dev/null``, ``/``,
    ``/`` + U+200B).

    Any text becomes a command named by its first word (invisible characters dropped from the
    name; a bare number ``5`` is ``Command("5")``), which the caller may not know (it then says
    so to the sender, or takes the text for table talk or an answer).
    """
    text = text.strip()
    if not text:
        return None
    if not text.startswith("/"):
        # Without the slash the first word is the name whatever it holds ("AC/DC", "@vera"):
        # the caller decides whether plain text is a command at all.
        # A first word of invisible characters only is no word: the next one names it.
        name, rest = "", text
        while not name and rest:
            first, *more = rest.split(maxsplit=1)
            name, rest = strip_invisible(first).casefold(), more[0] if more else ""
        if not name:
            return None
        return Command(ALIASES.get(name, name), rest)
    match = _COMMAND.match(text)
    if match is None:
        return None
    name = strip_invisible(match["name"]).casefold()
    if not name:
        return None
    return Command(ALIASES.get(name, name), (match["args"] or "").strip())


def is_number(word: str) -> bool:
    """True for 1 to 4 ASCII digits: a question number, a count, a score. Unicode digits
    (``²``, ``①``) and huge numbers are not numbers here."""
    return _NUMBER.fullmatch(word) is not None


def strip_invisible(text: str) -> str:
    """``text`` without control and format characters (Unicode Cc, Cf): bidi overrides and
    marks (U+202E, U+200F), zero-width spaces (U+200B), the BOM, NUL. Nobody types them on
    purpose, and in a name they reorder the message around it.

    Kept, because a person meant them: line breaks and tabs; a zero-width joiner or non-joiner
    between two visible characters (emoji sequences such as 👩‍💻, Indic and Persian spelling);
    the tag characters of a subdivision flag after 🏴.
    """
    if text.isprintable():
        return text  # no control or format character at all (the usual case): nothing to drop
    kept: list[str] = []
    tags_from = 0  # where the run of tag characters ending at the current one starts
    for i, char in enumerate(text):
        if ord(char) in _TAGS and (i == 0 or ord(text[i - 1]) not in _TAGS):
            tags_from = i
        kind = unicodedata.category(char)
        if kind == "Cc" and char not in "\n\t":
            continue
        if kind == "Cf" and not _meant(text, i, tags_from):
            continue
        kept.append(char)
    return "".join(kept)


def _meant(text: str, i: int, tags_from: int) -> bool:
    """Whether the format character ``text[i]`` belongs to what stands around it; a tag
    character's run starts at ``tags_from`` (found once, so that a long run stays linear)."""
    char = text[i]
    if ord(char) in _TAGS:
        return tags_from > 0 and text[tags_from - 1] == _BLACK_FLAG
    if char in _JOINERS and 0 < i < len(text) - 1:
        return all(unicodedata.category(c)[0] in "LMNS" for c in (text[i - 1], text[i + 1]))
    return False


def clean_name(text: str) -> str:
    """A team or person name as typed, fit to show: invisible characters stripped
    (``strip_invisible``) and whitespace, line breaks included, collapsed to single spaces."""
    return " ".join(strip_invisible(text).split())
