"""Team questions in chat through the console (SYNC-2), each flow with a restart in the
middle: the guided private dialogue (its draft survives the restart; a question with no
Cyrillic is flagged; ``/cancel``), a package file sent to the bot privately (a malformed one
reported with its file and line), and the hosts' review with a reason told to the captain."""

from __future__ import annotations

from tests.adapters.sync_console import OPENING, restarted, upload
from tests.adapters.test_console_sync import Console
from tests.adapters.transcript import assert_in_order

QUESTIONS = """Чемпионат:
Вопросы Лис

Вопрос 1:
Кто хитрее всех в сказках?

Ответ:
Лиса.

Зачет:
Лисица.

Комментарий:
Рыжая.

Источник:
Сказки

Автор:
Лена

Вопрос 2:
Who is the king of beasts?

Ответ:
Lion.

Источник:
Fables

Автор:
Lena
""".encode()

async def keeps_its_package(console: Console) -> None:
    """The game still plays the package it was opened with, before any restart reloads it."""
    assert console.service.game(1).package.title == "Пробный пакет chgk-bot для дуэли"


BROKEN = "Чемпионат:\nТест\n\nВопрос 1:\nТекст без ответа.\n".encode()


async def test_sync_2_a_team_question_written_step_by_step_survives_a_restart(database_url):
    _, state, before, after = await restarted(database_url, [
        *OPENING, "anna: /question", "anna (dm): /question",
        "anna (dm): Who hoots at night?", "anna (dm): Сова",
    ], [
        "anna (dm): Филин; сыч", "anna (dm): -", "anna (dm): Анна", "anna (dm): Энциклопедия",
        "anna (dm): /cancel",
        "anna (dm): /question 1", "anna (dm): Кто ухает?", "anna (dm): /cancel",
        "boris (dm): /question",
        "host: /refuse Совы 1 | нет кириллицы",
    ])
    assert_in_order(before, [
        "[dm anna] Новый вопрос команды. Я спрошу каждую часть по очереди; /cancel — бросить.",
        "Пришлите текст вопроса.",
        "[dm anna] Вы уже пишете вопрос: бот ждёт его текст.",
        "[dm anna] Обратите внимание: в тексте вопроса нет ни одной кириллической буквы",
        "Авторский ответ?",
        "[dm anna] Другие засчитываемые ответы через «;» (- если нет)?",
    ])
    assert_in_order(after, [
        "[dm anna] Комментарий (- если нет)?",
        "[dm anna] Автор вопроса?",
        "[dm anna] Источник?",
        "[game] Команда «Совы» сдала вопрос 1.",
        "[dm host] Вопрос 1 команды «Совы»: Who hoots at night?",
        "[dm anna] Ваш вопрос 1 сдан",
        "Обратите внимание: в тексте вопроса нет ни одной кириллической буквы",
        "[dm anna] Вы не пишете вопрос с ботом: /question — начать.",
        "[dm anna] Вопрос на замену вашего вопроса 1.",
        "[dm anna] Вопрос брошен.",
        "[dm boris] Команду «question» может давать только: капитан.",
        "[dm anna] Ведущие отклонили ваш вопрос 1: нет кириллицы",
    ])
    (question,) = state.registration.questions.values()
    assert (question.question.text, question.question.answer, question.question.accepted,
            question.question.comment, question.question.author, question.question.source
            ) == ("Who hoots at night?", "Сова", ("Филин", "сыч"), "", "Анна", "Энциклопедия")
    assert question.no_cyrillic and not state.drafts


async def test_sync_2_a_package_file_sent_privately_submits_the_teams_questions(database_url):
    _, state, before, after = await restarted(database_url, [
        *OPENING, upload("lena", BROKEN, "broken.txt"), upload("lena", QUESTIONS, "lisy.txt"),
        upload("boris", QUESTIONS, "lisy.txt"), keeps_its_package,
    ], [
        "host: /approve Лисы 1", "host: /refuse Лисы 2", "host: /refuse Лисы 2 | по-английски",
        "host: /round 1 2 3", "host: /ask",
    ])
    assert_in_order(before, [
        # A malformed file: its file and line.
        "[dm lena] Пакет broken.txt нельзя использовать:",
        "broken.txt:4: ошибка: вопрос 1: нет ответа.",
        "[game] Команда «Лисы» сдала вопрос 1.",
        "[dm host] Вопрос 1 команды «Лисы»: Кто хитрее всех в сказках?",
        # SYNC-2: the hosts see what they check, and how to reject with a reason.
        "Зачёт также: Лисица", "Комментарий: Рыжая.", "Автор: Лена", "Источник: Сказки",
        "Чтобы отклонить, напишите причину: /refuse Лисы 1 | ПРИЧИНА",
        "[dm lena] Ваш вопрос 1 сдан",
        "[game] Команда «Лисы» сдала вопрос 2.",
        "[dm lena] Ваш вопрос 2 сдан",
        "Обратите внимание: в тексте вопроса нет ни одной кириллической буквы",
        # A player's file is neither the team's questions nor the game's package.
        "[dm boris] Пакет сохранён, но выбрать его для идущей игры может только: ведущий.",
    ])
    assert_in_order(after, [
        "[dm lena] Ведущие одобрили ваш вопрос 1.",
        "[dm host] Напишите, почему вопрос отклонён: /refuse КОМАНДА N | ПРИЧИНА",
        "[dm lena] Ведущие отклонили ваш вопрос 2: по-английски",
        # The game still plays its own package.
        "[game] Вопрос 1. Это сооружение построили к Всемирной выставке 1889 года",
    ])
    questions = [q.question for q in state.registration.questions.values()]
    assert [(q.text, q.answer, q.accepted, q.comment, q.author, q.source) for q in questions] \
        == [("Кто хитрее всех в сказках?", "Лиса.", ("Лисица",), "Рыжая.", "Лена", "Сказки"),
            ("Who is the king of beasts?", "Lion.", (), "", "Lena", "Fables")]
