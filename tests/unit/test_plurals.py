"""Every count a message shows goes through a Fluent plural, with the right word forms in
Russian and English ("Осталось 1 секунд!", "1 seconds left", "36 вопр.")."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from fluent.syntax.visitor import Visitor

from bot.i18n import LOCALES_DIR, Translator

COUNTS = {"count", "seconds", "points", "min", "max", "left", "target", "given"}
"""Argument names that carry a count of something."""

BARE = {
    "sync-announced-kind": "a team's size from MIN to MAX players (4 to 8): the noun follows "
                           "the range, always the plural",
    "tv-team-size": "a team's size from MIN to MAX players (4 to 6, at least 2): the plural",
    "tv-no-team-fits": "a team's size from MIN to MAX players (4 to 6, at least 2): the plural",
    "tv-teams-unfit": "a team's size from MIN to MAX players (4 to 6, at least 2): the plural",
    "tv-left-out-kind": "a number after a dash, with no noun",
    "settings-warning-needed": "seconds written with the unit's abbreviation (s, с), which "
                               "does not change with the number",
    "duel-select-out-of-range": "a range end: numbers from 1 to N",
    "duel-number-out-of-range": "a range end",
    "duel-helpers-count": "a range end: from one to N",
    "duel-part": "mini-question K of N",
    "package-problem-xml-tour-list": "a number in parentheses after the noun",
    "season-ambiguous-person": "a number in parentheses after the noun",
    "season-bad-decisive-score": "a score, 6:0",
    "judge-reason-parts-count": "the parts given, after the parts expected were counted",
    "league-ambiguous-person": "a number in parentheses after the noun",
    "league-waiting": "a number in parentheses after the noun",
    "league-best-players": "a number in parentheses after the noun",
    "league-reminder": "a number in parentheses after the noun",
    "league-team-size": "a range end: from 1 to N players",
    "league-no-team-number": "a range end: from 1 to N",
}
"""Messages where a count stands alone, with no word to agree with it."""

SECONDS_LEFT = {"ru": {1: "осталась 1 секунда", 2: "осталось 2 секунды",
                       5: "осталось 5 секунд", 21: "осталась 21 секунда"},
                "en": {1: "1 second left", 2: "2 seconds left"}}
QUESTIONS = {"ru": {1: "1 вопрос", 2: "2 вопроса", 5: "5 вопросов", 21: "21 вопрос"},
             "en": {1: "1 question", 2: "2 questions"}}
POINTS = {"ru": {1: "1 очко", 2: "2 очка", 5: "5 очков", 21: "21 очко"},
          "en": {1: "1 point", 2: "2 points"}}
PLAYERS_AT_LEAST = {"ru": {1: "не меньше 1 игрока", 2: "не меньше 2 игроков",
                           5: "не меньше 5 игроков", 21: "не меньше 21 игрока"},
                    "en": {1: "at least 1 player", 2: "at least 2 players"}}
TEAM_HAS = {"ru": {1: "В команде 1 игрок,", 2: "В команде 2 игрока,", 5: "В команде 5 игроков,",
                   21: "В команде 21 игрок,"},
            "en": {1: "The team has 1 player,", 2: "The team has 2 players,"}}
TEAM_HAS_ANY = {"ru": {n: text[:-1] for n, text in TEAM_HAS["ru"].items()},
                "en": {1: "The team has 1 player", 2: "The team has 2 players"}}
EXTRA_MINUTES = {"ru": {1: "В запасе 1 дополнительная минута",
                        2: "В запасе 2 дополнительные минуты",
                        5: "В запасе 5 дополнительных минут",
                        21: "В запасе 21 дополнительная минута"},
                 "en": {1: "1 extra minute", 2: "2 extra minutes"}}
MINUTES_IN_STORE = {"ru": {1: "в запасе 1 минута", 2: "в запасе 2 минуты", 5: "в запасе 5 минут",
                           21: "в запасе 21 минута"},
                    "en": {1: "1 minute in store", 2: "2 minutes in store"}}
FIRST_SECONDS = {"ru": {1: "в первые 1 секунду", 2: "в первые 2 секунды", 5: "в первые 5 секунд",
                        21: "в первые 21 секунду"},
                 "en": {1: "first 1 second", 2: "first 2 seconds"}}
LAPSE = {"ru": {1: "1 секунду", 2: "2 секунды", 5: "5 секунд", 21: "21 секунду"},
         "en": {1: "for 1 second", 2: "for 2 seconds"}}
SPAN = {"ru": {1: "1 секунда", 2: "2 секунды", 5: "5 секунд", 21: "21 секунда"},
        "en": {1: "1 second", 2: "2 seconds"}}

COUNTED: list[tuple[str, str, dict, dict]] = [
    ("signal-warning", "seconds", {}, {
        "ru": {1: "Осталась 1 секунда!", 2: "Осталось 2 секунды!", 5: "Осталось 5 секунд!",
               21: "Осталась 21 секунда!"},
        "en": {1: "1 second left!", 2: "2 seconds left!"}}),
    ("duel-discussion", "seconds", {}, {
        "ru": {n: f"на обсуждение {form}" for n, form in SPAN["ru"].items()},
        "en": {1: "1 second of discussion", 2: "2 seconds of discussion"}}),
    ("duel-paused", "seconds", {}, SECONDS_LEFT),
    ("duel-paused-downtime", "seconds", {}, SECONDS_LEFT),
    ("duel-paused-downtime-host", "seconds", {}, SECONDS_LEFT),
    ("duel-resumed", "seconds", {}, SECONDS_LEFT),
    ("duel-time-added-paused", "seconds", {"reason": "extra"}, SECONDS_LEFT),
    ("telegram-countdown", "seconds", {}, {
        "ru": {1: "Осталась 1 секунда", 2: "Осталось 2 секунды", 5: "Осталось 5 секунд",
               21: "Осталась 21 секунда"},
        "en": {1: "1 second left", 2: "2 seconds left"}}),
    ("duel-time-added", "seconds", {"reason": "credit", "left": 0}, {
        "ru": {n: f"+ {form} обсуждения" for n, form in SPAN["ru"].items()},
        "en": {1: "1 second of discussion added", 2: "2 seconds of discussion added"}}),
    ("duel-time-added", "left", {"reason": "extra", "seconds": 60}, EXTRA_MINUTES),
    ("duel-minutes-left", "count", {}, EXTRA_MINUTES),
    ("duel-minute-earned", "count", {"source": "early"}, MINUTES_IN_STORE),
    ("duel-minute-revoked", "count", {}, MINUTES_IN_STORE),
    ("duel-early-possible", "seconds", {}, FIRST_SECONDS),
    ("duel-early-too-late", "seconds", {}, FIRST_SECONDS),
    ("duel-helpers-named", "seconds", {"names": "Zoe"}, LAPSE),
    ("duel-created", "count", {"host": "H", "package": "P", "need": 12, "min": 6}, {
        "ru": {n: f"({form};" for n, form in QUESTIONS["ru"].items()},
        "en": {n: f"({form};" for n, form in QUESTIONS["en"].items()}}),
    ("duel-created", "min", {"host": "H", "package": "P", "need": 12, "count": 12},
     PLAYERS_AT_LEAST),
    ("duel-package-attached", "count", {}, QUESTIONS),
    ("duel-questions-selected", "count", {}, QUESTIONS),
    ("duel-set-summary", "count", {"picture": "none", "sector13": "none", "blitz": "none",
                                   "superblitz": "none"}, QUESTIONS),
    ("package-loaded", "count", {"title": "T", "problems": "-"}, QUESTIONS),
    ("duel-package-too-small", "count", {"need": 12}, QUESTIONS),
    ("duel-too-few-players", "count", {"min": 6}, TEAM_HAS),
    ("duel-too-few-players", "min", {"count": 3}, PLAYERS_AT_LEAST),
    ("duel-too-few-players-anyway", "count", {"min": 6, "floor": 5}, TEAM_HAS),
    ("duel-too-few-players-anyway", "min", {"count": 3, "floor": 5}, PLAYERS_AT_LEAST),
    ("duel-anyway-needs-keeper", "count", {"min": 6}, TEAM_HAS_ANY),
    ("duel-anyway-needs-keeper", "min", {"count": 5}, {
        "ru": {1: "требуют 1 игрока", 2: "требуют 2 игроков", 5: "требуют 5 игроков",
               21: "требуют 21 игрока"},
        "en": {1: "of the 1 player", 2: "of the 2 players"}}),
    ("roster-player-joined", "count", {"name": "N", "team": "T"}, {
        "ru": {1: "(1 игрок)", 2: "(2 игрока)", 5: "(5 игроков)", 21: "(21 игрок)"},
        "en": {1: "(1 player)", 2: "(2 players)"}}),
    ("roster-too-many-teams", "count", {}, {
        "ru": {1: "только одна команда", 2: "не больше 2 команд", 5: "не больше 5 команд",
               21: "не больше 21 команды"},
        "en": {1: "Only 1 team plays", 2: "At most 2 teams play"}}),
    ("duel-answer-too-long", "max", {}, {
        "ru": {1: "не больше 1 знака", 2: "не больше 2 знаков", 5: "не больше 5 знаков",
               21: "не больше 21 знака"},
        "en": {1: "at most 1 character", 2: "at most 2 characters"}}),
    ("duel-select-count", "count", {}, {
        "ru": {1: "ровно 1 номер", 2: "ровно 2 разных номера", 5: "ровно 5 разных номеров",
               21: "ровно 21 номер"},
        "en": {1: "exactly 1 number", 2: "exactly 2 different numbers"}}),
    ("duel-sector13-count", "count", {}, {
        "ru": {1: "одного игрока", 2: "2 игроков", 5: "5 игроков", 21: "21 игрока"},
        "en": {1: "one player", 2: "2 players"}}),
    ("duel-credit-not-now", "points", {}, POINTS),
    ("duel-decisive-not-now", "points", {}, POINTS),
    ("duel-credit-game-point", "points", {}, POINTS),
    ("duel-decisive-started", "points", {"name": "N"}, POINTS),
    ("duel-decisive-question", "points", {"name": "N"}, POINTS),
    ("season-bad-score", "target", {}, POINTS),
    ("season-vote-few-captains", "count", {}, {
        "ru": {1: "не меньше 1 капитана", 2: "не меньше 2 капитанов", 5: "не меньше 5 капитанов",
               21: "не меньше 21 капитана"},
        "en": {1: "At least 1 captain takes", 2: "At least 2 captains take"}}),
    ("season-vote-even", "count", {}, {
        "ru": {1: "В голосовании 1 участник", 2: "В голосовании 2 участника",
               5: "В голосовании 5 участников", 21: "В голосовании 21 участник"},
        "en": {1: "1 voter:", 2: "2 voters:"}}),
]


@pytest.mark.parametrize(("key", "name", "args", "forms"), COUNTED,
                         ids=[f"{key}-{name}" for key, name, _, _ in COUNTED])
def test_a_counted_message_has_the_right_word_form(translator: Translator, key, name, args,
                                                   forms):
    for lang, numbers in forms.items():
        for number, expected in numbers.items():
            text = translator.format(key, {**args, name: number}, lang)
            assert expected in text, (lang, number, text)


class _Counts(Visitor):
    """Finds count arguments placed outside a select on themselves."""

    def __init__(self) -> None:
        super().__init__()
        self.selectors: list[str | None] = []
        self.bare: set[str] = set()

    def visit_SelectExpression(self, node: fast.SelectExpression) -> None:
        selector = node.selector
        self.selectors.append(selector.id.name
                              if isinstance(selector, fast.VariableReference) else None)
        self.generic_visit(node)
        self.selectors.pop()

    def visit_VariableReference(self, node: fast.VariableReference) -> None:
        if node.id.name in COUNTS and node.id.name not in self.selectors:
            self.bare.add(node.id.name)


def test_every_count_goes_through_a_plural_in_every_message():
    found = {}
    for path in sorted(Path(LOCALES_DIR).glob("*/*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fast.Message) and entry.value is not None:
                counts = _Counts()
                counts.visit(entry.value)
                if counts.bare and entry.id.name not in BARE:
                    found[f"{path.parent.name}/{path.name}:{entry.id.name}"] = counts.bare
    assert found == {}


def test_english_says_question_not_no(translator: Translator):
    """ "Picture: no. 1" read as "no"."""
    args = {"count": 12, "picture": 1, "sector13": 12, "blitz": "none", "superblitz": 9}
    summary = translator.format("duel-set-summary", args, "en")
    assert "Picture: question 1; sector 13: question 12; blitz: none; superblitz: question 9" \
        in summary
    assert "no." not in summary
    missing = translator.format("duel-set-missing", args, "en")
    assert "picture — question 1" in missing and "no." not in missing


def test_the_end_of_a_console_game_does_not_say_final_twice(translator: Translator):
    score = translator.format("duel-score", {"team": "Owls", "team_score": 2, "host_score": 1},
                              "en")
    assert translator.format("console-final", {"score": score}, "en") == \
        "End of input. Score: team “Owls” 2 — host 1."
