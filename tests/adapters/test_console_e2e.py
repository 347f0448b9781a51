"""End to end through the console: a scripted DUEL game on a real package, in virtual time."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from bot.packages import load_package
from storage.db import Storage
from tests.conftest import shared_package

PLAYERS = ["anna", "boris", "vera", "gleb", "dasha", "egor"]


def run_console(script: str, *args: str, db: str,
                locale: str = "ru") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot", "console", "--clock", "virtual", "--locale", locale,
         "--database", db, *args],
        input=script, capture_output=True, text=True, timeout=120, check=False,
    )


def lobby() -> list[str]:
    lines = ["anna: /team Знатоки"] + [f"{p}: /join Знатоки" for p in PLAYERS[1:]]
    # Package 01 has no blitz, superblitz or sector 13 question: the host starts without
    # them (DUEL-4.2, 8.1).
    return [*lines, "host: /keeper ksenia", "host: /start anyway"]


def stored_kinds(db: str) -> list[str]:
    async def read() -> list[str]:
        storage = await Storage.open(db)
        try:
            (game,) = await storage.games()
            return [e.kind for e in await storage.events(game.id)]
        finally:
            await storage.close()

    return asyncio.run(read())


def test_duel_game_on_package_01_to_six_in_virtual_time(database_url):
    """Register, play file 01 to a 6-point finish, check score and log."""
    path = shared_package("01_")
    questions = load_package(path).package.scored_questions
    lines = ["ksenia: привет", *lobby()]
    # The team takes 1-5, misses 6 (the keeper upholds the verdict on appeal), takes 7.
    for number in range(1, 8):
        answer = questions[number - 1].answer if number != 6 else "не знаем"
        answerer = PLAYERS[number % len(PLAYERS)]
        lines += [f"anna: {number}", ":sleep 61", f"anna: /answerer {answerer}",
                  f"{answerer} (dm): {answer}",
                  f"host: {'/accept' if number != 6 else '/reject'}"]
        if number == 6:
            lines += ["anna: /appeal", "ksenia: /uphold"]
    lines += ["anna: /best question 6", "anna: /best player vera"]
    result = run_console("\n".join(lines) + "\n", "--package", str(path), db=database_url)

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "[game] ⏱ Осталось 10 секунд!" in out
    assert "[game] ⏱ Время!\n    anna, кто отвечает? /answerer ИМЯ" in out
    assert "Победа знатоков! Команда «Знатоки» выиграла со счётом 6:1." in out
    assert "Конец ввода. Счёт: команда «Знатоки» 6 — ведущий 1." in out
    # The suggestion reaches the host privately, the confirmation the answerer privately.
    assert "[dm host] Ответ: «Инка.»" in out
    assert "[dm boris] Ответ принят: «Инка.»" in out
    # The picture of question 1 is posted with the question.
    assert "Картинка: https://db.chgk.info/images/db/20080328.jpg" in out

    kinds = stored_kinds(database_url)
    assert kinds[0] == "duel.created"
    assert kinds.count("duel.judged") == 7
    assert kinds.count("duel.warning") == 7
    assert kinds.count("duel.appeal_decided") == 1
    assert kinds[-1] == "duel.finished"


def test_bad_input_is_answered_and_changes_nothing(database_url):
    lines = [
        "this line has no colon",
        f"{'ß' * 33}: /team Знатоки",  # 33 characters, 66 once case is folded: too long
        "anna: /team Знатоки",
        "boris: /join Знатоки",
        "boris: /pick 3",            # not the captain, and the game has not started
        "anna: /start",              # only the host starts
        "host: /start anyway",       # 2 players: below even the exception (DUEL-2.2)
        "vera: /join Знатоки",
        "gleb: /join Знатоки",
        "dasha: /join Знатоки",
        "host: /start",              # 5 players: too few, unless the exception is agreed
        "host: /start anyway",       # the exception needs a keeper too (DUEL-2.2)
        "host: /start trainig",      # a typo starts nothing
        "ksenia: hello",
        "host: /keeper ksenia",
        "host: /start anyway",
        "anna: 13",                  # out of 1..12
        "anna: /frobnicate",
        "anna: 2",
        "anna: 2",                   # already being played
        ":sleep 61",
        "anna: /answerer nobody",
        "anna: /answerer anna",
        "boris (dm): я не отвечаю",
        "anna (dm): Ответ",
        "anna: /appeal",             # nothing judged yet
    ]
    result = run_console("\n".join(lines) + "\n", db=database_url, locale="en")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "I did not understand “this line has no colon”." in out
    assert "A name before the colon has at most 64 characters." in out
    assert "Only the captain may use “pick”." in out
    assert "Only the host may use “start”." in out
    assert "The team has 2 players, and the rules ask for at least 6 players, 5 in " \
        "exceptional cases. A training game (outside seasons): /start training." in out
    assert "The team has 5 players, and the rules ask for at least 6 players. If the keeper " \
        "agrees, start with /start anyway." in out
    assert "A game one player short needs the keeper's agreement as well as the host's" in out
    assert "/start — start the game (/start anyway" in out
    assert out.count("The game is on!") == 1
    assert "Question numbers go from 1 to 12." in out
    assert "I don't know the command “frobnicate”." in out
    assert "No question is being chosen now." in out
    assert "Nobody called “nobody” is in this game." in out
    assert "[dm boris] anna answers: only their answer is taken." in out
    assert "[dm anna] Answer received: “Ответ”." in out
    assert "End of input. Score: team “Знатоки” 0 — host 0." in out


@pytest.mark.parametrize("locale,needle", [("ru", "Игра «Дуэль» открыта"),
                                           ("en", "A DUEL game is open")])
def test_console_starts_on_the_bundled_sample(database_url, locale, needle):
    result = run_console("host: /help\n", db=database_url, locale=locale)
    assert result.returncode == 0, result.stderr
    assert needle in result.stdout
    assert "/start" in result.stdout


def test_an_endless_sleep_is_refused_not_a_crash(database_url):
    result = run_console(":sleep 99999999999999999999999\nhost: /score\n", db=database_url,
                         locale="en")
    assert result.returncode == 0, result.stderr
    assert "I did not understand “:sleep 99999999999999999999999”." in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("game_format,needle,usage", [
    ("sync", "opens a synchronous game", "/accept N — accept group of answers N"),
    ("tv", "the club against the viewers", "the spinning top seating the first team")])
def test_console_plays_every_format_and_helps_in_its_words(database_url, game_format, needle,
                                                           usage):
    # SYNC-5 and TV-1: `chgk-bot console --format` opens a game of the format asked for, and
    # its /help words the commands for that format (no DUEL-2.2 "/start anyway" in TV).
    result = run_console("host: /help\n", "--format", game_format, db=database_url,
                         locale="en")
    assert result.returncode == 0, result.stderr
    assert needle in result.stdout and usage in result.stdout, result.stdout
    assert "DUEL-2.2" not in result.stdout
