"""Registration for a SYNC game announced days ahead, through the console with a restart of the
bot in between (SYNC-2): the reminder a day before the deadline and the closing at it are
scheduled jobs kept in the game's log, so they fire after the restart; a registration after
the deadline is refused with the deadline in the message. And the approved team questions
set the number of questions from each team the bot proposes for round 2 (SYNC-5)."""

from __future__ import annotations

from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order

DAY = ":sleep 86400"


async def test_sync_2_the_reminder_and_the_closing_fire_after_a_restart(database_url):
    # The console's clock starts at 2026-03-01 19:00 UTC (22:00 on the clock of Moscow, the
    # default zone): the game is 5 days later, its times as typed and shown on that clock.
    _, state, before, after = await restarted(database_url, [
        "host: /newgame sync", "host: /announce 2026-03-06 19:00", "anna: /register Совы",
    ], [DAY, "lena: /register Лисы", DAY, "ivan: /register Ежи"])
    assert "Регистрация до 2026-03-03 19:00" in before
    assert "Напоминание" not in before
    assert_in_order(after, [
        "[game] Напоминание: регистрация и вопросы команд принимаются до 2026-03-03 19:00.",
        "[game] Команда «Лисы» зарегистрирована, капитан — lena.",
        "[game] Регистрация закрыта: 2 команды.",
        "[game] Регистрация закрылась 2026-03-03 19:00.",
    ])
    assert after.count("Напоминание") == 1
    assert sorted(t.name for t in state.teams.values()) == ["Лисы", "Совы"]


async def test_sync_5_a_bare_round_after_round_one_takes_the_number_the_bot_proposes(
        database_url):
    # Every team has two questions approved, so the bot proposes two from each (SYNC-5).
    questions = [f"{captain} (dm): /question {text} {n}? | {answer} | {captain} | Книга"
                 for captain, text, answer in (("anna", "Кто ухает", "Сова"),
                                               ("lena", "Кто хитрее", "Лиса"),
                                               ("ivan", "Кто колючий", "Ёж"))
                 for n in (1, 2)]
    approvals = [f"host: /approve {team} {n}" for team in ("Совы", "Лисы", "Ежи")
                 for n in (1, 2)]
    _, _, _, after = await restarted(database_url, [
        *OPENING, *questions, *approvals, "host: /round 1", "host: /ask", WINDOW,
        "host: /reject 1",
    ], ["host: /round", "host: /ask Совы 2"])
    assert_in_order(after, ["[game] Раунд 2: вопросы команд, по 2 от каждой (6 вопросов).",
                            "[game] Вопрос 2. Кто ухает 2?"])


async def test_sync_4_10_a_clubs_first_game_has_a_duty_team_and_the_host_may_name_another(
        database_url):
    """Given a club's first game (no duty team yet) of Совы, Лисы and Ежи; when round 1
    closes registration, then Ежи, first alphabetically, are on duty; when the host names
    Лисы with /duty, then Лисы' captain sits on the jury of Совы' appeal beside the host."""
    _, state, before, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3",
    ], [
        "host: /duty", "host: /duty Бобры", "anna: /duty Совы", "host: /duty Лисы",
        "host: /ask", "anna (dm): Гюстав", "lena (dm): Эйфель", WINDOW,
        "host: /reject 1", "host: /accept 2",
        "anna: /appeal double 1 Гюстав Эйфель и есть Эйфель",
    ])
    assert_in_order(before, [
        "Дежурную команду бот назначит, когда закроется регистрация: первую по алфавиту; "
        "ведущий может назначить другую: /duty КОМАНДА.",
        "[game] Дежурная команда — «Ежи»: её капитан входит в жюри апелляций вместе с "
        "ведущими.",
        "[game] Раунд 1",
    ])
    assert_in_order(after, [
        "[dm host] /duty КОМАНДА — назначить дежурную команду",
        "[dm host] Команды «Бобры» в этой игре нет.",
        "[game] Команду «duty» может давать только: ведущий.",
        "[game] Дежурная команда — «Лисы»",
        "Решает жюри (2 члена).",
        "[dm lena] Вы в жюри: Совы подаёт апелляцию на вопрос 1",
    ])
    assert state.registration.duty == "Лисы"
