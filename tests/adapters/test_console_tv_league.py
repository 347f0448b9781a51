"""A TV season in the console (TV-7, TV-8, TV-12..TV-14): members join and are
approved, the administration plans the season, players register alone or as a pre-formed
team, the bot proposes the teams, the registered players are reminded a day before (across a
restart of the bot), real TV games are played and recorded into their sessions, the table
sums the individual ratings, the final teams are computed from it, the Final's two games
decide the winner, and ``chgk-bot league standings`` prints CSV and JSON."""

from __future__ import annotations

import asyncio
import io
import json
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete

from adapters.console import GAME_CHAT, ConsoleMessenger, ConsoleSession
from bot.bootstrap import SAMPLE_TV_PACKAGE, league_service
from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, route
from bot.cli.main import main
from bot.formats.tv import TvFormat
from bot.i18n import Translator
from bot.league.chat import league_command
from bot.league.service import route_timers
from bot.packages import load_package
from bot.service import GameService, game_service
from bot.timers import VirtualClock, VirtualScheduler
from storage.calendar import CalendarStore
from storage.db import Storage
from storage.tables import CalendarEntryRow, CalendarJobRow
from tests.adapters.test_console_tv import PAIRS, RESTART, Top, lobby, round_, script
from tests.adapters.transcript import assert_in_order
from tests.formats import chat_commands, formats

PLAYERS = ("anna", "alex", "boris", "bella", "gleb", "galya", "dasha", "denis")


async def play(db_url: str, top: Top, lines: list, locale: str = "ru") -> str:
    """The console session of ``chgk-bot console --clock virtual --format tv`` with the
    league's chat command, reminders and calendar wired as ``bot.bootstrap`` wires them; ``RESTART``
    starts a new service on the same database (5 s later); the bot speaks ``locale``."""
    storage = await Storage.open(db_url)
    translator = Translator()
    out = io.StringIO()
    package = load_package(SAMPLE_TV_PACKAGE).package
    package_id = await storage.save_package(package, SAMPLE_TV_PACKAGE.name,
                                            SAMPLE_TV_PACKAGE.read_bytes())

    def say(key: str, args: dict) -> None:
        out.write(translator.format(key, args, locale) + "\n")

    async def start(at: datetime) -> tuple[GameService, ConsoleSession, VirtualClock]:
        clock = VirtualClock(at)
        scheduler = VirtualScheduler(clock)
        messenger = ConsoleMessenger(out)
        games = {**formats(), "tv": TvFormat(PAIRS, seeds=top)}
        league = league_service(storage, games, clock=clock, scheduler=scheduler,
                                messenger=messenger, translator=translator, locale=locale)
        calendar = CalendarService(CalendarStore(storage.engine), clock, scheduler, messenger,
                                   translator)
        service = game_service(storage, messenger, scheduler, clock, translator, formats=games,
                               chat_commands={**chat_commands(storage),
                                             "league": league_command(league),
                                             "schedule": schedule_command(calendar, games)},
                               default_locale=locale)
        calendar.games = service
        league.calendar = calendar
        scheduler.callback = route(calendar, route_timers(service.on_timer, league))
        service.set_chat_package(GAME_CHAT, package_id)
        await service.recover()
        await league.recover()
        await calendar.recover()
        return service, ConsoleSession(service, messenger, say, locale=locale,
                                       advance=scheduler.advance), clock

    service, session, clock = await start(datetime(2026, 3, 1, 19, 0, tzinfo=UTC))
    try:
        for line in lines:
            if line is RESTART:
                await service.idle()
                service, session, clock = await start(clock.now() + timedelta(seconds=5))
            elif callable(line):
                line()
            else:
                await session.feed(line)
        await service.idle()
    finally:
        await storage.close()
    return out.getvalue()


def second_game(top: Top) -> list:
    """The session's second game, the same teams: Альфа, Бета and Гамма lost their round at
    the central table in the first, so the top draws Дельта (TV-10), which answers six in a
    row, dasha the best player."""
    return [*lobby(), "host: /start",
            *(line for n in range(1, 7) for line in round_(top, n, "dasha", "denis", "+")),
            "host: /best dasha"]


def season(top: Top) -> list:
    """Membership, plan, registration, the reminder across a restart, four TV games."""
    return [
        "host: /league create Весна",
        "anna: /league approve host",           # not the administration
        *(line for p in PLAYERS for line in (f"{p}: /league join", f"host: /league approve {p}")),
        "host: /league approve host",
        "host: /league refuse anna",            # anna never applied now: she is a member
        "host: /league plan 2026-03-09 16:00",  # a Monday
        "host: /league plan 2026-03-08 16:00",
        "anna: /league team 1 вс Альфа: alex",
        *(f"{p}: /league register 1 вс" for p in PLAYERS[2:]),
        "alex: /league register 1 ср",          # already in Альфа for day 1
        "host: /league teams 1 вс",
        "host: /league move 1 вс alex 0",       # a pre-formed team's player stays in it
        "host: /league fee 1 вс Альфа да",
        "host: /league fee 1 вс dasha нет",
        RESTART,
        # Six days later: a day before the session, the registered players are reminded.
        ":sleep 590000",
        *script(top),
        "host: /league record 1 вс",
        *second_game(top),
        "host: /league record 1 вс",
        "host: /league record 1 ср",           # the game is counted already
        "host: /league",
        "host: /league final gleb, boris, bella, dasha, denis, host",
        # The Final's day, 2026-04-12: its games owe nothing to the first day's (TV-10).
        *[":sleep 604800"] * 5,
        *script(top),
        "host: /league record финал",
        # The Final's second game: other teams than the first's.
        *script(top, suffix=" 2"),
        "host: /league record финал",
        "host: /league best galya",
        "host: /league",
    ]


async def test_tv_7_8_12_14_a_season_computes_the_final_teams_from_recorded_games(
        database_url, capsys, tmp_path):
    top = Top()
    out = await play(database_url, top, season(top))
    assert "Traceback" not in out
    assert_in_order(out, [
        "Лига «Весна» создана; вы — её администрация.",
        "Это делает только администрация клуба.",
        "anna просит принять в члены клуба; решает администрация.",
        "anna — член клуба: бесплатно и бессрочно.",
        "Этот человек не подавал заявку.",
        "Первый игровой день — воскресенье: укажите дату воскресенья.",
        "день 1, воскресенье: 2026-03-08 16:00",
        "день 1, среда: 2026-03-11 16:00",
        "финал: 2026-04-12 16:00",
        "Сложившаяся команда «Альфа» записана на «день 1, воскресенье» (2 игрока: anna, alex)",
        "dasha записан(а) на «день 1, воскресенье».",
        "Уже записан(а) на игровой день 1: две его сессии играют разные команды.",
        "Команды на «день 1, воскресенье»:",
        "1. «Альфа» (сложившаяся, взнос не отмечен) — 6 игроков: anna, alex, boris, bella, "
        "gleb, galya",
        "Ждут (2): dasha, denis",
        "Игрок сложившейся команды не играет за другие команды.",
        "Взнос Альфа: оплачен.",
        "Взнос dasha: не оплачен.",
        # The reminder, armed again after the restart, goes out once.
        "«Весна»: «день 1, воскресенье» начинается 2026-03-08 16:00. Записаны (8): anna, "
        "alex, boris, bella, gleb, galya, dasha, denis.",
        "Игровой день 1 играет одни и те же вопросы в обеих сессиях.",
        "Игра №1 засчитана: «день 1, воскресенье», знатоки 6 — телезрители 3, лучший игрок "
        "gleb.",
        # TV-10: the session's second game seats none of the teams that lost their round in
        # its first.
        "Команды Альфа, Бета, Гамма уже проиграли свой раунд за центральным столом в "
        "сегодняшней игре",
        "Волчок выбрал первую команду за центральным столом: «Дельта» (из: Дельта).",
        "Игра №2 засчитана: «день 1, воскресенье», знатоки 6 — телезрители 0, лучший игрок "
        "dasha.",
        "Игра №2 уже засчитана.",
        # TV-6: the ratings of both games summed (1 + 12 each for dasha and denis).
        "«Весна»: таблица сезона (2 игры)",
        "Лучшие игроки центрального стола (2): gleb (1), dasha (1)",
        # TV-8: two best central players, topped up by the administration; the club team is
        # the top-rated of the others.
        "Команда центрального стола: gleb, boris, bella, dasha, denis, host. Команда клуба: "
        "galya, anna, alex.",
        "Игра №3 засчитана: «финал», знатоки 6 — телезрители 3, лучший игрок gleb (команда "
        "клуба).",
        "Игра №4 засчитана: «финал», знатоки 6 — телезрители 3, лучший игрок gleb (команда "
        "центрального стола).",
        # TV-12: equal scores, the second team wins.
        "Финал выиграла команда центрального стола.",
        "Лучший игрок сезона («Хрустальный сфинкс»): galya.",
    ])
    assert out.count("начинается 2026-03-08 16:00") == 1
    # The Final's day starts afresh: only the second game of day 1 owed anything to the first.
    assert out.count("уже проиграли свой раунд") == 1
    table = out.split("«Весна»: таблица сезона (2 игры)")[1].splitlines()[1:10]
    assert [line.strip() for line in table] == [
        "место | игрок | очки", "1     | dasha | 13", "1     | denis | 13", "3     | gleb  | 10",
        "3     | galya | 10", "5     | anna  | 3", "5     | alex  | 3", "7     | boris | 1",
        "7     | bella | 1"]

    # The terminal command runs its own event loop: in a thread, as from a shell.
    cli = ["league", "standings", "--database", database_url, "--format"]
    assert await asyncio.to_thread(main, [*cli, "csv"]) == 0
    csv_text = capsys.readouterr().out
    assert csv_text.splitlines()[0] == "place,player,points,best_central"
    assert "gleb,10,1" in csv_text and "galya,10,0" in csv_text and "dasha,13,1" in csv_text
    assert await asyncio.to_thread(main, [*cli, "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["league"] == "Весна" and data["games"] == 2
    assert data["central_team"] == ["gleb", "boris", "bella", "dasha", "denis", "host"]
    assert data["club_team"] == ["galya", "anna", "alex"]
    assert data["final_winner"] == "central" and data["season_best"] == "galya"
    assert {r["player"]: r["points"] for r in data["standings"]} == {
        "dasha": 13, "denis": 13, "galya": 10, "gleb": 10, "anna": 3, "alex": 3, "boris": 1,
        "bella": 1}
    # The same standings through chgk-bot export, which writes every format's results.
    exported = tmp_path / "league.csv"
    assert await asyncio.to_thread(main, ["export", "--database", database_url, "--league",
                                          "Весна", "--format", "csv", "--out",
                                          str(exported)]) == 0
    assert exported.read_text(encoding="utf-8") == csv_text
    assert await asyncio.to_thread(main, ["export", "--database", database_url, "--league",
                                          "Весна", "--format", "rating"]) == 2
    assert "csv или json" in capsys.readouterr().out


async def test_tv_13_14_league_commands_answer_wrong_arguments_with_the_usage_and_refuse_why(
        database_url):
    top = Top()
    out = await play(database_url, top, [
        "host: /league",
        "host: /league create Spring",
        "host: /league frobnicate",
        "host: /league plan next sunday",
        "host: /league register 1 monday",
        "anna: /league plan 2026-03-08 16:00",
        "anna: /league register 1 sun",
        "host: /league register 1 sun anna",
        "anna: /league join",
        "host: /league approve anna",
        "anna: /league register 1 sun",
        "host: /league record 1 sun",
        "host: /league final",
        "host: /league plan 2026-03-08 16:00",
        "anna: /league register 1 sun",
        "host: /league teams 1 sun",
        "host: /league end anna",
        "host: /league",
    ], locale="en")
    assert "Traceback" not in out
    assert_in_order(out, [
        "There is no league yet. To create one: /league create NAME.",
        "The league “Spring” is created; you are its administration.",
        "League commands (DAY is 1..5, SESSION sun or wed, times on the club's clock): /league "
        "— the standings;",
        "League commands",
        "League commands",
        "Only the club administration may do that.",
        "The season's game days are not planned yet: /league plan YYYY-MM-DD HH:MM.",
        "The season's game days are not planned yet",
        "anna asks to become a member; the administration decides.",
        "anna is a member of the club: free of charge and with no end date.",
        "The season's game days are not planned yet",
        "This chat has no finished TV game.",
        "The final teams are not formed yet",
        "Best players of the central table (0): -",
        "day 1, Sunday: 2026-03-08 16:00",
        "the Final: 2026-04-12 16:00",
        "anna is registered for day 1, Sunday.",
        "Teams for day 1, Sunday:",
        "Waiting (1): anna",
        "The membership of anna is ended.",
        "“Spring”: the season table (0 games)",
        "No game is counted yet.",
    ])


async def test_tv_7_the_terminal_without_a_league_names_the_terminal_command_to_create_one(
        database_url, capsys):
    # A club host at the shell is told the shell's command, not the chat's /league create.
    for command in ("standings", "list"):
        code = await asyncio.to_thread(
            main, ["league", command, "--database", database_url])
        said = capsys.readouterr().out
        assert "chgk-bot league create НАЗВАНИЕ" in said and "/league" not in said
        assert code == (1 if command == "standings" else 0)


async def test_tv_7_a_session_nobody_registered_for_reminds_nobody(database_url):
    top = Top()
    out = await play(database_url, top, [
        "host: /league create Spring",
        "anna: /league join",
        "host: /league approve anna",
        "host: /league plan 2026-03-08 16:00",
        "anna: /league register 1 wed",
        # Past the reminder times of day 1's Sunday (nobody registered) and Wednesday (anna).
        ":sleep 604800", ":sleep 259200",
    ], locale="en")
    assert "Traceback" not in out
    assert "day 1, Wednesday starts at 2026-03-11 16:00. Registered (1): anna." in out
    assert "Registered (0)" not in out


async def test_tv_7_each_planned_session_is_announced_a_day_before_and_at_its_start_once(
        database_url):
    # Given a season planned in the league's chat, when the days pass with the bot restarted
    # before and after each step, then each session is announced in the chat a day before and
    # at its start with its two games named, each once.
    top = Top()
    out = await play(database_url, top, [
        "host: /league create Весна",
        "host: /league plan 2026-03-08 16:00",
        "host: /schedule",
        "host: /schedule move 1 2026-03-09 16:00",
        RESTART,
        ":sleep 496700",                        # up to 100 s before day 1's Sunday eve
        RESTART,
        ":sleep 200",
        RESTART,
        RESTART,
        ":sleep 86400",                         # day 1's Sunday session begins
        RESTART,
        ":sleep 259200",                        # past day 1's Wednesday session
        RESTART,
    ])
    assert "Traceback" not in out
    day_before = ("Лига «Весна», день 1, воскресенье: завтра, 2026-03-08 16:00 "
                  "(Europe/Moscow). Две игры: 1-я и 2-я игры сезона.")
    assert_in_order(out, [
        "день 1, воскресенье: 2026-03-08 16:00",
        # The chat's calendar lists the season's sessions; their dates are the league's plan.
        "1. игровой день лиги, 2026-03-08 16:00",
        "11. игровой день лиги, 2026-04-12 16:00",
        "Игра 1 — игровой день лиги: его даты задаёт план лиги. Изменить их: /league plan "
        "ГГГГ-ММ-ДД ЧЧ:ММ.",
        day_before,
        "Лига «Весна», день 1, воскресенье: время игры, 2026-03-08 16:00 (Europe/Moscow). "
        "Играем 1-ю и 2-ю игры сезона.",
        "Лига «Весна», день 1, среда: завтра, 2026-03-11 16:00 (Europe/Moscow). Две игры: "
        "3-я и 4-я игры сезона.",
        "Лига «Весна», день 1, среда: время игры, 2026-03-11 16:00 (Europe/Moscow). Играем "
        "3-ю и 4-ю игры сезона.",
    ])
    assert out.count(day_before) == 1
    assert out.count("Лига «Весна», день 1, воскресенье: время игры") == 1
    # Nothing of day 2 yet: its Sunday is 2026-03-15.
    assert "день 2" not in out.split(day_before)[1]


async def test_tv_7_a_season_planned_again_is_announced_on_its_new_dates_only(database_url):
    # Given a season planned for 2026-03-15, when the administration plans it again for a
    # week earlier, then the calendar holds the new dates only and announces those.
    top = Top()
    out = await play(database_url, top, [
        "host: /league create Spring",
        "host: /league plan 2026-03-15 16:00",
        "host: /league plan 2026-03-08 16:00",
        "host: /schedule",
        ":sleep 604800", ":sleep 604800",      # past 2026-03-15, the old plan's first Sunday
    ], locale="en")
    assert "Traceback" not in out
    listing = out.split("The calendar (Europe/Moscow):")[1]
    assert "12. a league game day, 2026-03-08 16:00" in listing
    assert "1. a league game day, 2026-03-15 16:00" not in listing
    assert_in_order(out, [
        "League “Spring”, day 1, Sunday: tomorrow, 2026-03-08 16:00 (Europe/Moscow). Two "
        "games: the season's games 1 and 2.",
        "League “Spring”, day 1, Sunday: time to play, 2026-03-08 16:00 (Europe/Moscow).",
        "League “Spring”, day 2, Sunday: tomorrow, 2026-03-15 16:00 (Europe/Moscow).",
    ])
    assert "day 1, Sunday: tomorrow, 2026-03-15" not in out
    assert out.count("day 2, Sunday: tomorrow") == 1


async def test_tv_7_a_season_planned_before_the_calendar_is_announced_after_a_restart(
        database_url):
    # Given a season planned in the league's chat whose calendar entries are gone, as in a
    # database from before the calendar kept leagues
    top = Top()
    await play(database_url, top, ["host: /league create Весна",
                                   "host: /league plan 2026-03-08 16:00"])
    storage = await Storage.open(database_url)
    try:
        async with storage.engine.begin() as conn:
            await conn.execute(delete(CalendarJobRow))
            await conn.execute(delete(CalendarEntryRow))
    finally:
        await storage.close()
    # When the bot starts, restarts, and the first Sunday comes
    out = await play(database_url, top, [
        RESTART, "host: /schedule", ":sleep 496800", RESTART, ":sleep 86400", RESTART])
    # Then the chat's calendar lists the season and its first session is announced a day
    # before and at its start, each once
    assert "Traceback" not in out
    day_before = ("Лига «Весна», день 1, воскресенье: завтра, 2026-03-08 16:00 "
                  "(Europe/Moscow). Две игры: 1-я и 2-я игры сезона.")
    assert_in_order(out, ["1. игровой день лиги, 2026-03-08 16:00",
                          "11. игровой день лиги, 2026-04-12 16:00", day_before,
                          "Лига «Весна», день 1, воскресенье: время игры"])
    assert out.count(day_before) == 1
    assert out.count("Лига «Весна», день 1, воскресенье: время игры") == 1
