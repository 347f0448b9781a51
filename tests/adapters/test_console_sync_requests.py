"""SYNC's requests in chat through the console, each flow with a restart in the middle:
a substitution the captain asks and the host allows in one tap, in effect from the next
question (SYNC-1); an appeal deferred to the jury, with the team's evidence and the jurors
asked privately, the result provisional meanwhile (SYNC-10)."""

from __future__ import annotations

from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order

QUESTION_1 = [
    "host: /round 1 2 3", "host: /ask",
    "anna (dm): Эйфель", "lena (dm): Гюстав", "ivan (dm): Гюстав", WINDOW,
    "host: /accept 1", "host: /reject 2",
]


async def test_sync_1_the_captain_asks_a_substitution_the_host_allows_it_in_one_tap(
        database_url):
    _, state, before, after = await restarted(database_url, [
        *OPENING, "vera: всем привет", *QUESTION_1,
        "anna: /sub boris", "anna: /sub boris vera", "boris: /sub anna vera",
        "anna: /sub boris nobodyknown",
    ], [
        "anna: /help", "host: /help",
        "host (dm): /subok 1", "host (dm): /subok 1", "host (dm): /subok x",
        "vera (dm): Ртуть",
        "host: /ask", "anna: /answerer vera", "vera (dm): Ртуть",
    ])
    sovy = next(t for t in state.teams.values() if t.name == "Совы")
    assert {state.name(p) for p in sovy.members} == {"anna", "vera"}
    assert_in_order(before, [
        "[game] Вопрос 1: ответ",
        "[game] /sub КТО-ВЫХОДИТ КТО-ВХОДИТ",
        # The host's one tap: the buttons send the decision.
        "[dm host] Просьба о замене 1 от команды «Совы»: выходит boris, входит vera.",
        "[Разрешить → /subok 1 | Отказать → /subno 1]",
        "[dm anna] Ваша просьба о замене 1 (выходит boris, входит vera) отправлена ведущему.",
        "[game] Это делает капитан команды.",
        "[game] Не нашёл участника «nobodyknown»",
    ])
    assert_in_order(after, [
        # The new commands are in /help for who may use them.
        "/sub КТО-ВЫХОДИТ КТО-ВХОДИТ", "/evidence ТЕКСТ", "/cancel —",
        "/subok N —", "/subno N —", "/defer КОМАНДА",
        "[dm anna] Ведущий разрешил замену (выходит boris, входит vera): она действует со "
        "следующего вопроса.",
        "[dm host] По этой замене уже решено.",
        "[dm host] /subok N — разрешить замену по просьбе N",
        # Not yet in the team: the substitution waits for the next question.
        "[dm vera] ",
        "[game] Замена в команде «Совы»: выходит boris, входит vera.",
        "[game] Вопрос 2.",
        "[dm vera] Ответ принят: «Ртуть»",
    ])
    assert "[dm vera] Ответ принят" not in after.split("[game] Замена в команде")[0]


async def test_sync_1_a_refused_substitution_changes_nothing(database_url):
    _, state, _, after = await restarted(database_url, [
        *OPENING, "vera: всем привет", "anna: /sub - vera",
    ], ["host (dm): /subno 1", "host: /round 1 2 3", "host: /ask"])
    sovy = next(t for t in state.teams.values() if t.name == "Совы")
    assert {state.name(p) for p in sovy.members} == {"anna", "boris"}
    assert_in_order(after, ["[dm anna] Ведущий отказал в замене (выходит -, входит vera).",
                            "[game] Вопрос 1."])
    assert "Замена в команде" not in after


async def test_sync_10_a_deferred_appeal_takes_evidence_and_its_jurors_vote_privately(
        database_url):
    _, state, before, after = await restarted(database_url, [
        *OPENING, *QUESTION_1,
        "lena: /appeal double 1 Гюстав Эйфель и есть Эйфель", "lena: /evidence рано",
        "anna: /defer Лисы", "host: /defer", "host: /defer Лисы",
    ], [
        "lena: /evidence Гюстав — имя Эйфеля: https://ru.wikipedia.org/wiki/Эйфель,_Гюстав",
        "ivan: /evidence и мы", "lena: /evidence",
        # The jury: the host and the duty team's captain, Ежи' ivan (SYNC-10).
        "host (dm): /vote Лисы yes", "ivan (dm): /vote Лисы yes",
    ])
    assert_in_order(before, [
        "[game] Лисы подаёт апелляцию на вопрос 1",
        "[game] Доказательства прикладываются к апелляции, отложенной для проверки",
        "[game] Команду «defer» может давать только: ведущий.",
        "[dm host] /defer КОМАНДА",
        "[game] Апелляция команды Лисы на вопрос 1 отложена для проверки: жюри решает до",
        # SYNC-10: meanwhile the result is provisional, and says so.
        "Открыта 1 апелляция: результат предварительный.",
        "[dm host] Вы в жюри: апелляция команды Лисы на вопрос 1 отложена; проголосуйте до",
        "[Принять → /vote Лисы yes | Отклонить → /vote Лисы no]",
    ])
    assert_in_order(after, [
        "[game] Команда Лисы приложила доказательства к апелляции на вопрос 1.",
        "[dm host] Команда Лисы приложила доказательства к апелляции на вопрос 1: Гюстав",
        "Ссылки: https://ru.wikipedia.org/wiki/Эйфель,_Гюстав",
        "[game] Такой апелляции нет.",
        "[game] /evidence ТЕКСТ",
        "[game] Жюри принимает апелляцию команды Лисы на вопрос 1",
    ])
    appeal = next(iter(state.appeals.by_team.values()))
    assert appeal.accepted and appeal.evidence[0].links == (
        "https://ru.wikipedia.org/wiki/Эйфель,_Гюстав",)
