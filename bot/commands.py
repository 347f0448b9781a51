"""Parsing chat text into commands, the same for every messenger.

``/pick 5``, ``pick 5`` and ``/pick@chgk_bot 5`` are the same command; a captain's bare number
(``5``) is ``pick 5`` (DUEL-4.1: the captain sends numbers in the chat). Russian aliases let
players type in their own keyboard layout.
"""

from __future__ import annotations

import re
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
}

ALWAYS = ("help", "score", "newgame")
"""Commands every chat understands, whatever the format."""

_NUMBER = re.compile(r"[0-9]{1,4}")
MAX_NAME = 64
"""Longest team or person name a command accepts, in characters."""
MAX_TEXT = 1000
"""Longest answer or free text a command accepts, in characters."""

_COMMAND = re.compile(r"^/?(?P<name>[^\s@/]+)(?:@\S+)?(?:\s+(?P<args>.*))?$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Command:
    """A command name (lower case, aliases resolved) and the rest of the line."""

    name: str
    args: str = ""


def parse_command(text: str) -> Command | None:
    """Parse one chat message into a Command; None for empty text.

    Returns ``Command("pick", "5")`` for a bare number; any other text becomes a command named
    by its first word, which the caller may not know (it then says so to the sender).
    """
    text = text.strip()
    if not text:
        return None
    if is_number(text):
        return Command("pick", text)
    match = _COMMAND.match(text)
    if match is None:
        return None
    name = match["name"].casefold()
    return Command(ALIASES.get(name, name), (match["args"] or "").strip())


def is_number(word: str) -> bool:
    """True for 1 to 4 ASCII digits: a question number, a count, a score. Unicode digits
    (``²``, ``①``) and huge numbers are not numbers here."""
    return _NUMBER.fullmatch(word) is not None
