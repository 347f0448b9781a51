"""What a SYNC host and captains read through the console, as a new host plays from /help:
the kind of game the announcement chose and what it means for the season (SYNC-1), one
name for the team's registration, the season's words for a SYNC club, a team question's
required parts in both forms (SYNC-2), the hosts' word on an unapproved team question
asked (SYNC-7), and the timing with its second of grace (SYNC-6)."""

from __future__ import annotations

from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order


async def test_sync_1_announce_names_the_kind_it_chose_and_help_lists_the_kinds(database_url):
    """Given a new SYNC game; when the host announces it without a kind, then the
    announcement says it is a training game that counts in no season; /help lists the
    kinds."""
    _, _, before, _ = await restarted(database_url, [*OPENING, "host: /help"], [])
    assert_in_order(before, [
        "[game] Игра начинается сейчас.",
        "Это тренировка: в сезоне она не учитывается; в команде до 8 игроков.",
        "Вид игры: training — тренировка, в сезоне не учитывается (так, если вид не назван); "
        "qualifying — отборочная и championship — чемпионат, обе учитываются в сезоне",
    ])


async def test_sync_1_a_championship_announced_says_it_counts_and_the_teams_size(
        database_url):
    _, _, before, _ = await restarted(database_url, [
        "host: /newgame sync", "host: /announce 2026-03-10 19:00 championship"], [])
    assert_in_order(before, [
        "[game] Игра 2026-03-10 19:00.",
        "Это игра чемпионата: она учитывается в сезоне; в команде от 4 до 6 игроков.",
    ])


async def test_one_name_for_registering_a_team_in_the_announcement_help_and_usage(
        database_url):
    """Given a SYNC game; when it is announced and a captain asks /help or types /team
    without a name, then every text names /team (the alias /register still works)."""
    _, state, before, _ = await restarted(database_url, [
        "host: /newgame sync", "host: /announce", "anna: /help", "anna: /team",
        "anna: /register Совы",
    ], [])
    assert_in_order(before, [
        # An hour after the console's start, 19:00 UTC, on the clock of Moscow (the default).
        "Регистрация до первого раунда (не позже 2026-03-01 23:00): /team НАЗВАНИЕ.",
        "/team НАЗВАНИЕ — зарегистрировать команду",
        "[game] /team НАЗВАНИЕ — зарегистрировать команду (вы станете капитаном)",
        "[game] Команда «Совы» зарегистрирована",
    ])
    assert "/register" not in before
    assert [t.name for t in state.teams.values()] == ["Совы"]


async def test_a_season_created_in_a_sync_chat_speaks_of_points_not_of_a_draw(database_url):
    """Given a SYNC game's chat; when the host creates a season there, then the reply says
    how a SYNC season adds up its games, not that the order of games is drawn by lot."""
    _, _, before, _ = await restarted(database_url, [*OPENING, "host: /season create Осень"],
                                      [])
    assert_in_order(before, [
        "[game] Сезон «Осень» создан. В нём складываются очки сыгранных игр синхрона клуба: "
        "после каждой игры — /season record; тренировки в сезоне не учитываются."])
    assert "жреби" not in before


async def test_sync_2_a_team_questions_author_and_source_are_never_dash_in_either_form(
        database_url):
    """Given a captain writing a team question; when the dialogue gets "-" for the author
    and the source, or the one-line form "-" for the source, then each is refused with the
    reason, and the question is taken once they are given."""
    _, state, before, _ = await restarted(database_url, [
        *OPENING,
        "anna (dm): /question", "anna (dm): Кто ухает?", "anna (dm): Сова", "anna (dm): -",
        "anna (dm): -", "anna (dm): -", "anna (dm): Анна", "anna (dm): -",
        "anna (dm): Энциклопедия",
        "lena (dm): /question Кто хитрее? | Лиса | Лена | -",
    ], [])
    assert_in_order(before, [
        "[dm anna] Автор вопроса?",
        "[dm anna] В вопросе не хватает автора: текст, ответ, автор и источник обязательны — "
        "ведущие проверяют источник каждого вопроса команды, и «-» их не заменяет.",
        "[dm anna] Источник?",
        "[dm anna] В вопросе не хватает источника",
        "[dm anna] Ваш вопрос 1 сдан",
        "[dm lena] В вопросе не хватает источника",
    ])
    (question,) = state.registration.questions.values()
    assert (question.question.author, question.question.source) == ("Анна", "Энциклопедия")


async def test_sync_6_7_the_round_says_the_timing_and_an_unapproved_question_is_flagged(
        database_url):
    """Given teams with their questions, only Совы' approved; when round 1 starts, then the
    players read the minute, the signal, the 15 s and the second of grace; when the host
    asks Ежи' unapproved question, then the host alone is told it was not approved and what
    that means for its point."""
    questions = [f"{captain} (dm): /question {text} | {answer} | {captain} | Книга"
                 for captain, text, answer in (("anna", "Кто ухает?", "Сова"),
                                               ("lena", "Кто хитрее?", "Лиса"),
                                               ("ivan", "Кто колючий?", "Ёж"))]
    _, _, before, after = await restarted(database_url, [
        *OPENING, *questions, "host: /approve Совы 1", "host: /approve Лисы 1",
        "host: /round 1", "host: /ask", WINDOW, "host: /round teams 1",
    ], ["host: /ask Совы 1", WINDOW, "host: /accept 1", "host: /ask Ежи 1"])
    assert_in_order(before, [
        "[game] Раунд 1: вопросы организаторов (1 вопрос).",
        "На каждый вопрос: 60 секунд обсуждения (сигнал — за 10 секунд до конца), затем 15 "
        "секунд, чтобы сдать ответ боту в личные сообщения. Ответ, отправленный позже чем "
        "через 1 секунду после конца сдачи, не принимается.",
    ])
    assert "не одобряли" not in after[:after.index("Кто колючий?")]
    assert_in_order(after, [
        "[game] Вопрос 3. Кто колючий?",
        "[dm host] Вопрос 1 команды «Ежи» задан, хотя ведущие его не одобряли: если на него "
        "ответят все команды, очко получат они, но не команда «Ежи».",
    ])


async def test_help_in_a_sync_game_names_the_clubs_season(database_url):
    """Given a SYNC game; when the host and a spectator ask /help, then each is shown
    /season with what it keeps for a SYNC club (points, the next duty team and fee), not the
    DUEL season's fair-play vote."""
    _, _, before, _ = await restarted(database_url, [*OPENING, "host: /help", "zoe: /help"],
                                      [])
    season = ("/season — сезон клуба: таблица очков, дежурная команда и взнос следующей игры; "
              "/season create НАЗВАНИЕ — создать сезон; /season record — учесть в сезоне "
              "последнюю законченную игру")
    assert before.count(season) == 2
    assert "голосование о честной игре" not in before


async def test_sync_2_help_says_a_team_question_in_one_line_goes_privately_too(database_url):
    """SYNC-2: a team's questions go to the hosts only. Given a SYNC game; when a captain
    asks /help, then the one-line /question form is said to be sent privately as well, so
    that no other team sees the question."""
    _, _, before, _ = await restarted(database_url, [*OPENING, "anna: /help"], [])
    assert "/question ТЕКСТ | ОТВЕТ | АВТОР | ИСТОЧНИК [| КОММЕНТАРИЙ] — одной строкой, тоже " \
           "в личке, чтобы другие команды не увидели вопрос" in before
