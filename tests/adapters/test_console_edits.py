"""The console shows each question once and each edit as the lines it changed; its help says
how to press a button and how to make a person known before naming them."""

from __future__ import annotations

import io

from adapters.console import GAME_CHAT, ConsoleMessenger
from bot.ports import Button, MessageKind, Outgoing
from tests.adapters.test_console_e2e import run_console
from tests.adapters.transcript import assert_in_order

QUESTION = "Вопрос 1. Это сооружение построили к Всемирной выставке 1889 года"


def test_sync_6_a_question_prints_once_its_minute_as_one_line_and_a_repeat_again(
        database_url):
    """Given a SYNC console game with two teams, when the host asks question 1 and repeats it
    (SYNC-6: repeated on request), then the question prints once when asked, the start of its
    minute as one line marked ✎, and once more for the repeat: twice in all, not three
    times."""
    script = ["host: /announce", "anna: /register Совы", "lena: /register Лисы",
              "host: /round 1 2 3", "host: /ask", "host: /repeat"]
    result = run_console("\n".join(script) + "\n", "--format", "sync", db=database_url)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert out.count(QUESTION) == 2, out
    assert_in_order(out, [
        f"[game] {QUESTION}",
        "[game] ✎ Минута пошла: 60 секунд на обсуждение и 15 секунд на сдачу.",
        f"[game] {QUESTION}",
    ])


def test_the_console_help_says_how_to_press_a_button_and_make_a_person_known(database_url):
    """Given the console opening, then its help says that a person is known once they wrote a
    line, and that a button is pressed by typing its command in its chat; when the host types
    a button's command as shown, it is pressed."""
    script = ["host: /announce", "anna: /register Совы", "lena: /register Лисы",
              "host: /round 1 2 3", "host: /ask", "anna (dm): Эйфель", ":sleep 77"]
    shown = run_console("\n".join(script) + "\n", "--format", "sync", db=database_url).stdout
    assert_in_order(shown, [
        "Бот знает человека, когда тот написал хоть одну строку",
        "«boris: привет»",
        "Кнопка под сообщением показана как [надпись → команда]",
        "«host (dm): /accept 1 pending»; слово pending значит",
        "[dm host] Вопрос 1, ответ автора: Эйфель — 1 группа ответов:",
        "[✓ Эйфель: 1 команда → /accept 1 pending | ✗ Эйфель: 1 команда → /reject 1 pending",
    ])
    pressed = run_console("host (dm): /accept 1 pending\n", "--format", "sync",
                          db=database_url).stdout
    assert "[dm host] «Эйфель» (1 команда): засчитано." in pressed, pressed


async def test_an_edit_that_changes_nothing_prints_nothing_and_new_buttons_print():
    """Given a status message shown, when it is edited to the same text, nothing prints;
    when buttons are added under the same text, its first line prints again with them."""
    out = io.StringIO()
    messenger = ConsoleMessenger(out)
    await messenger.send(Outgoing(GAME_CHAT, "Team Owls:\nanna", slot="1:team-1"))
    await messenger.send(Outgoing(GAME_CHAT, "Team Owls:\nanna", slot="1:team-1"))
    await messenger.send(Outgoing(GAME_CHAT, "Team Owls:\nanna\nboris", slot="1:team-1"))
    await messenger.send(Outgoing(GAME_CHAT, "Team Owls:\nanna\nboris", slot="1:team-1",
                                  buttons=(Button("Join", "join Owls"),)))
    assert out.getvalue() == ("[game] Team Owls:\n    anna\n"
                              "[game] ✎ boris\n"
                              "[game] ✎ Team Owls:\n    [Join → /join Owls]\n")


async def test_duel_3_5_the_answerer_named_under_the_time_signal_prints_as_one_line():
    """Given the end-of-time signal asking who answers, when the captain names the answerer
    (the same message, its second line changed), only that line prints."""
    out = io.StringIO()
    messenger = ConsoleMessenger(out)
    await messenger.send(Outgoing(GAME_CHAT, "Time!\nanna, who answers?", MessageKind.SIGNAL,
                                  slot="1:answer-3-"))
    await messenger.send(Outgoing(GAME_CHAT, "Time!\nboris answers.", slot="1:answer-3-"))
    assert out.getvalue() == ("[game] ⏱ Time!\n    anna, who answers?\n"
                              "[game] ✎ boris answers.\n")
