"""The club's time zone in the console: TV's game day (TV-7, TV-10) is a day on the club's
clock, and the league's plan is typed and shown on it. A Vladivostok club (UTC+10) plays across
UTC's midnight within one local day, and after local midnight on the next one; the zone the
host set with ``/timezone`` is kept across a restart.

The console's virtual clock starts at 2026-03-01 19:00 UTC: 2026-03-02 05:00 in Vladivostok.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.bootstrap import league_service
from rules import tv
from tests.adapters.test_console_tv import ORDER, RESTART, Top, lobby, play, script
from tests.adapters.transcript import assert_in_order
from tests.formats import formats

VLADIVOSTOK = "host: /timezone Asia/Vladivostok"


async def test_tv_10_a_game_after_local_midnight_is_the_next_game_day(database_url):
    # Given a Vladivostok club (its zone kept across a restart) whose first game of the day
    # starts at 22:00 local time, 12:00 UTC, and loses three teams their rounds (TV-10),
    top = Top()
    lines = [VLADIVOSTOK, RESTART, ":sleep 61200", *script(top),
             # when the next game opens at 00:15 local time, the next local day (still the
             # same UTC day, 14:15),
             ":sleep 7200", *lobby(), top.want(ORDER, "Альфа"), "host: /start"]
    service, storage, out = await play(database_url, top, lines)
    try:
        first, second = (await service.load_game(1)).state, (await service.load_game(2)).state
    finally:
        await storage.close()
    assert "Traceback" not in out
    assert len(first.lost) == 3
    # then it is another game day: every team may take the central table, the top draws
    # among all four.
    assert second.lost == ()
    assert second.phase is tv.Phase.SPINNING
    assert "уже проиграли свой раунд" not in out.split("Победа знатоков со счётом 6:3!")[1]
    assert_in_order(out, [
        "Часовой пояс этого чата теперь Asia/Vladivostok (UTC+10:00)",
        "Волчок выбрал первую команду за центральным столом: «Альфа» (из: Альфа, Бета, "
        "Гамма, Дельта)"])


async def test_tv_10_games_before_and_after_utc_midnight_share_the_local_game_day(
        database_url):
    # Given a Vladivostok club whose first game starts at 05:00 local time (19:00 UTC the day
    # before) and loses three teams their rounds,
    top = Top()
    lines = [VLADIVOSTOK, *script(top),
             # when the next game opens at 10:15 local time, the same local day (past UTC's
             # midnight: 00:15 UTC the next day),
             ":sleep 18000", *lobby(), top.want(ORDER, "Альфа"), "host: /start"]
    service, storage, out = await play(database_url, top, lines)
    try:
        second = (await service.load_game(2)).state
    finally:
        await storage.close()
    assert "Traceback" not in out
    # then it is the same game day: only the team that has not lost its round may sit at
    # the central table (TV-10).
    assert {second.team(t).name for t in second.lost} == {"Альфа", "Бета", "Гамма"}
    assert_in_order(out.split("Победа знатоков со счётом 6:3!")[1], [
        "Команды Альфа, Бета, Гамма уже проиграли свой раунд за центральным столом в "
        "сегодняшней игре",
        "Волчок выбрал первую команду за центральным столом: «Дельта» (из: Дельта)"])


async def test_tv_7_a_vladivostok_league_plans_its_sundays_on_its_own_clock(database_url):
    # Given a Vladivostok club's league,
    top = Top()
    lines = [VLADIVOSTOK, "host: /league create Весна",
             # when the administration plans its first Sunday at 01:00 local time (Saturday
             # 15:00 UTC),
             "host: /league plan 2026-03-08 01:00", RESTART, "host: /league days"]
    _, storage, out = await play(database_url, top, lines)
    try:
        league = await league_service(storage, formats()).find(None)
    finally:
        await storage.close()
    assert "Traceback" not in out
    # then it is planned: its sessions are on local Sundays and Wednesdays at 01:00, as shown
    # after a restart too,
    for shown in out.split("[game] Игровые дни лиги «Весна» (время клуба):")[1:]:
        assert_in_order(shown, ["день 1, воскресенье: 2026-03-08 01:00",
                                "день 1, среда: 2026-03-11 01:00",
                                "финал: 2026-04-12 01:00"])
    assert out.count("день 1, воскресенье: 2026-03-08 01:00") == 2
    # and the first session starts at 15:00 UTC on the Saturday.
    assert league.state.start_of((1, 0)) == datetime(2026, 3, 7, 15, 0, tzinfo=UTC)


async def test_tv_7_a_berlin_league_keeps_its_sessions_at_19_00_across_the_march_change(
        database_url):
    # Given a Berlin club's league,
    top = Top()
    lines = ["host: /timezone Europe/Berlin", "host: /league create Весна",
             # when its first Sunday is planned at 19:00 on 22 March 2026 (winter time, UTC+1),
             "host: /league plan 2026-03-22 19:00"]
    _, storage, out = await play(database_url, top, lines)
    try:
        league = await league_service(storage, formats()).find(None)
    finally:
        await storage.close()
    assert "Traceback" not in out
    # then every session is at 19:00 on the club's clock (TV-7: Sunday and the following
    # Wednesday), the one after the clocks go forward too,
    assert_in_order(out, ["день 1, воскресенье: 2026-03-22 19:00",
                          "день 1, среда: 2026-03-25 19:00",
                          "день 2, воскресенье: 2026-03-29 19:00",
                          "финал: 2026-04-26 19:00"])
    # which is 18:00 UTC before the change and 17:00 UTC after it.
    assert league.state.start_of((1, 1)) == datetime(2026, 3, 25, 18, 0, tzinfo=UTC)
    assert league.state.start_of((2, 0)) == datetime(2026, 3, 29, 17, 0, tzinfo=UTC)


async def test_tv_7_a_plan_at_a_time_the_clocks_skip_is_refused(database_url):
    # Given a Berlin club's league,
    top = Top()
    lines = ["host: /timezone Europe/Berlin", "host: /league create Весна",
             # when its first Sunday is planned at 02:30 on 29 March 2026, a time Berlin's
             # clocks skip,
             "host: /league plan 2026-03-29 02:30", "host: /league days"]
    _, storage, out = await play(database_url, top, lines)
    await storage.close()
    # then the administration is told why, and nothing is planned.
    assert_in_order(out, [
        "Времени 2026-03-29 02:30 по поясу Europe/Berlin не бывает: в эту ночь часы переводят "
        "вперёд. Укажите время на час позже или раньше.",
        "[game] Игровые дни сезона ещё не назначены"])
