"""The club's calendar in the console on virtual time: a SYNC game scheduled five days ahead
plays its whole calendar by itself (the announcement, the captains' questions reminder, the
close of registration, the fee reminder, the reminders a day and an hour before, the opening
for the host; SYNC-2, SYNC-3) with the bot restarted between each two steps, nothing sent
twice or lost; a step found late after downtime runs once if it still makes sense."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from storage.calendar import CalendarStore
from tests.adapters.calendar_console import CalendarConsole
from tests.adapters.transcript import assert_in_order

DAY = 86_400
HOUR = 3_600

OPENING = [
    "host: /newgame sync",
    # Sunday 2026-12-06 15:00 in Moscow: the game on Friday at 19:00 (16:00 UTC).
    "host: /schedule sync 2026-12-11 19:00",
    ":sleep 60",
    "anna: /register Совы",
    "lena: /register Лисы",
    "anna (dm): /question Кто ухает по ночам? | Сова | Анна | Энциклопедия",
]

STEPS = [
    # Monday 16:00 UTC: a day before registration closes (SYNC-2).
    [f":sleep {DAY + 4 * HOUR}"],
    # Tuesday 16:00 UTC: registration closes, three days before the game.
    [f":sleep {DAY}"],
    # Thursday 16:00 UTC: a day before the game, Совы paid and Лисы not (SYNC-3).
    ["host: /fee Совы paid", f":sleep {2 * DAY}"],
    # Friday 15:00 UTC: an hour before.
    [f":sleep {23 * HOUR}"],
    # Friday 16:00 UTC: the game's time.
    [f":sleep {HOUR}"],
]

SAID = [
    "[game] Игра 1 в расписании: синхрон, 2026-12-11 19:00 (Europe/Moscow).",
    "[game] Игра 2026-12-11 19:00. Регистрация до 2026-12-08 19:00",
    "[game] Капитаны: 2026-12-08 19:00 (Europe/Moscow) закрываются регистрация и вопросы "
    "команд, а три вопроса прислали ещё не все: Лисы (lena), Совы (anna).",
    "[game] Регистрация закрыта: 2 команды.",
    "[game] Взнос за игру 2026-12-11 19:00 (300 RUB с команды) ещё не отмечен у команды: Лисы.",
    "[game] Напоминание: игра (синхрон) — 2026-12-11 19:00 (Europe/Moscow).",
    "[game] Через час, в 2026-12-11 19:00 (Europe/Moscow), игра: синхрон.",
    "[game] Время игры (синхрон, 2026-12-11 19:00): игра открыта. host, начинайте, когда все "
    "на месте.",
]


async def test_sync_2_3_a_game_scheduled_five_days_ahead_plays_its_calendar_across_restarts(
        storage):
    """Given a SYNC game scheduled five days ahead, when the days pass with the bot restarted
    between each two steps, then every step is said once, in order, in the game's chat."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(OPENING)
    for step in STEPS:
        await console.start()
        await console.feed(step)
    out = console.out.getvalue()
    assert "Traceback" not in out
    assert_in_order(out, SAID)
    for text in SAID:
        assert out.count(text) == 1, text


async def test_a_step_late_after_downtime_runs_once_if_it_still_makes_sense(storage, caplog):
    """Given a scheduled SYNC game with two teams, when the bot is down from then until half
    an hour after the game's time, then on start registration is closed late (SYNC-2: never
    skipped), the reminders are dropped (and logged), the game is opened late, once, and a
    second restart sends nothing again."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(OPENING)
    console.down(5 * DAY + 4 * HOUR + 29 * 60)
    with caplog.at_level(logging.WARNING, logger="bot.calendar.jobs"):
        await console.start()
        after = await console.feed([":sleep 1"])
    assert "Регистрация закрыта: 2 команды." in after
    assert "Капитаны:" not in after
    assert "Взнос за игру" not in after
    assert "Напоминание: игра" not in after
    assert "Через час" not in after
    assert after.count("Время игры (синхрон, 2026-12-11 19:00): игра открыта.") == 1
    dropped = [r.getMessage() for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 4, dropped  # questions, fee, a day before, an hour before
    await console.start()
    assert await console.feed([":sleep 60"]) == ""


async def test_a_weekly_night_in_berlin_opens_at_19_00_before_and_after_the_march_change(
        storage):
    """Given every Friday at 19:00 in Berlin from 2027-03-26, when the bot runs through two
    Fridays with a restart between, then each Friday's game opens at 19:00 local: 18:00 UTC
    before the clocks go forward on 2027-03-28, 17:00 UTC after; the second week's steps are
    derived when the first game opens."""
    console = CalendarConsole(storage, zone="Europe/Berlin",
                              start=datetime(2027, 3, 25, 12, 0, tzinfo=UTC))
    await console.start()
    await console.feed(["host: /newgame duel", "host: /schedule duel 2027-03-26 19:00 weekly"])
    first = await console.feed([f":sleep {30 * HOUR - 1}"])
    assert "Время игры (дуэль, 2027-03-26 19:00)" not in first
    assert "Время игры (дуэль, 2027-03-26 19:00)" in await console.feed([":sleep 1"])
    await console.start()
    second = await console.feed([f":sleep {7 * DAY - 2 * HOUR}"])
    assert "Через час, в 2027-04-02 19:00 (Europe/Berlin), игра: дуэль." in second
    assert "Время игры (дуэль, 2027-04-02 19:00)" not in second
    assert "Время игры (дуэль, 2027-04-02 19:00)" in await console.feed([f":sleep {HOUR}"])
    opened = [job.done_at for job in await CalendarStore(storage.engine).jobs(1)
              if job.step == "open"]
    assert opened[:2] == [datetime(2027, 3, 26, 18, 0, tzinfo=UTC),
                          datetime(2027, 4, 2, 17, 0, tzinfo=UTC)]


async def test_a_weekly_night_in_berlin_opens_at_19_00_before_and_after_the_october_change(
        storage):
    """Given every Friday at 19:00 in Berlin from 2027-10-29, when the bot runs through two
    Fridays with a restart between, then each Friday's game opens at 19:00 local: 17:00 UTC
    before the clocks go back on the last Sunday of October (2027-10-31), 18:00 UTC after,
    not an hour early."""
    console = CalendarConsole(storage, zone="Europe/Berlin",
                              start=datetime(2027, 10, 28, 12, 0, tzinfo=UTC))
    await console.start()
    await console.feed(["host: /newgame duel", "host: /schedule duel 2027-10-29 19:00 weekly"])
    first = await console.feed([f":sleep {29 * HOUR - 1}"])
    assert "Время игры (дуэль, 2027-10-29 19:00)" not in first
    assert "Время игры (дуэль, 2027-10-29 19:00)" in await console.feed([":sleep 1"])
    await console.start()
    second = await console.feed([f":sleep {7 * DAY}"])
    assert "Через час, в 2027-11-05 19:00 (Europe/Berlin), игра: дуэль." in second
    assert "Время игры (дуэль, 2027-11-05 19:00)" not in second
    assert "Время игры (дуэль, 2027-11-05 19:00)" in await console.feed([f":sleep {HOUR}"])
    opened = [job.done_at for job in await CalendarStore(storage.engine).jobs(1)
              if job.step == "open"]
    assert opened[:2] == [datetime(2027, 10, 29, 17, 0, tzinfo=UTC),
                          datetime(2027, 11, 5, 18, 0, tzinfo=UTC)]


async def test_a_game_moved_closer_skips_the_reminder_already_past_even_after_a_restart(
        storage):
    """Given a DUEL game scheduled two weeks ahead, when two days later the host moves it to
    the next morning (less than a day ahead), ends the chat's game and the bot restarts, then
    no day-before reminder comes late; the announcement, the hour's reminder and the opening
    (a DUEL game opened for the host) come once each."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(["host: /newgame duel", "host: /schedule duel 2026-12-20 19:00",
                        f":sleep {2 * DAY}", "host: /schedule move 1 2026-12-09 08:00",
                        "host: /abort"])
    await console.start()
    out = await console.feed([f":sleep {DAY}"])
    assert "Напоминание: игра" not in out
    for text in ("Игра: дуэль, 2026-12-09 08:00 (Europe/Moscow).",
                 "Через час, в 2026-12-09 08:00 (Europe/Moscow), игра: дуэль.",
                 "Игра «Дуэль» открыта. Ведущий — host.",
                 "Время игры (дуэль, 2026-12-09 08:00): игра открыта."):
        assert out.count(text) == 1, out
