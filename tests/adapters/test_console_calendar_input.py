"""``/schedule`` refuses what a club could not play, in the sender's language, and stores
nothing then: a date past, a date that is no date, an unknown format, a SYNC game closer than
its registration's three days (SYNC-2), a wall time skipped or repeated by a change of
daylight saving time (Europe/Berlin, March and October), a game overlapping another of the
chat (a weekly one's weeks too), a person who is no host, a kind of game that is none; a host
moves and cancels a game, and names a SYNC game's kind (SYNC-1)."""

from __future__ import annotations

from adapters.console import GAME_CHAT
from rules.sync.enrolment import GameKind
from storage.calendar import CalendarStore
from tests.adapters.calendar_console import CalendarConsole


async def _entries(console: CalendarConsole) -> list[tuple[int, str, str, bool, str]]:
    return [(e.number, e.format, e.starts_local, e.weekly, e.state)
            for e in await CalendarStore(console.storage.engine).entries(state=None)]


async def test_bad_schedules_are_refused_in_english_and_nothing_is_stored(storage):
    """Given a host in an English-speaking chat of a Berlin club on 2026-12-06, when they or a
    player schedule what cannot be played, then each gets why and the form that works, and the
    calendar stays empty."""
    console = CalendarConsole(storage, zone="Europe/Berlin", locale="en")
    await console.start()
    await console.feed(["host: /newgame duel"])
    said = {line: await console.feed([line]) for line in (
        "anna: /schedule duel 2026-12-20 19:00",
        "host: /schedule duel 2026-12-01 19:00",
        "host: /schedule duel 2026-13-01 19:00",
        "host: /schedule chess 2026-12-20 19:00",
        "host: /schedule sync 2026-12-08 19:00",
        "host: /schedule duel 2027-03-28 02:30",
        "host: /schedule duel 2027-10-31 02:30",
        "host: /schedule duel 2026-12-20",
    )}
    assert said["anna: /schedule duel 2026-12-20 19:00"] == (
        "[game] Only a host changes the calendar: an administrator of the chat or the host of "
        "its game. Anyone may see it (/schedule).\n")
    assert said["host: /schedule duel 2026-12-01 19:00"] == (
        "[game] 2026-12-01 19:00 (Europe/Berlin) has passed: schedule the game in the future.\n")
    assert "“2026-13-01 19:00” is not a date and time. Write YYYY-MM-DD HH:MM" in \
        said["host: /schedule duel 2026-13-01 19:00"]
    assert "There is no format “chess”. Formats: duel, sync, tv." in \
        said["host: /schedule chess 2026-12-20 19:00"]
    assert "registration and team questions close 3 days before it" in \
        said["host: /schedule sync 2026-12-08 19:00"]
    assert "At 2027-03-28 02:30 (Europe/Berlin) the clocks go forward: that time does not " \
        "exist that day." in said["host: /schedule duel 2027-03-28 02:30"]
    assert "At 2027-10-31 02:30 (Europe/Berlin) the clocks go back: that time happens " \
        "twice." in said["host: /schedule duel 2027-10-31 02:30"]
    assert "/schedule add FORMAT YYYY-MM-DD HH:MM [weekly]" in \
        said["host: /schedule duel 2026-12-20"]
    assert await _entries(console) == []
    assert await console.feed(["anna: /schedule"]) == (
        "[game] No games in this chat's calendar. To schedule one: /schedule add FORMAT "
        "YYYY-MM-DD HH:MM.\n")


async def test_overlapping_games_of_one_chat_are_refused_in_russian(storage):
    """Given a weekly DUEL night on Fridays at 19:00 in a Moscow club's chat, when the host
    schedules a SYNC game on a Friday at 20:00 weeks later, then it is refused with the night
    it meets, and only the weekly night is stored; a Saturday game is taken."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(["host: /newgame duel"])
    assert "Игра 1 в расписании: дуэль, 2026-12-11 19:00 (Europe/Moscow), каждую неделю." in \
        await console.feed(["host: /schedule duel 2026-12-11 19:00 еженедельно"])
    assert await console.feed(["host: /schedule sync 2027-01-08 20:00"]) == (
        "[game] В это время в чате уже игра 1: 2027-01-08 19:00 (Europe/Moscow). Две игры "
        "одного чата начинаются не ближе чем через три часа друг от друга.\n")
    assert "Игра 2 в расписании: синхрон, 2027-01-09 20:00" in \
        await console.feed(["host: /schedule sync 2027-01-09 20:00"])
    assert await _entries(console) == [(1, "duel", "2026-12-11 19:00", True, "scheduled"),
                                       (2, "sync", "2027-01-09 20:00", False, "scheduled")]
    assert await console.feed(["anna: /schedule"]) == (
        "[game] Расписание (Europe/Moscow):\n"
        "    1. дуэль, 2026-12-11 19:00, каждую неделю\n"
        "    2. синхрон, 2027-01-09 20:00\n")


async def test_a_host_moves_and_cancels_a_scheduled_game(storage):
    """Given a scheduled TV game, when the host moves it and then cancels it, then the chat
    is told each time, the calendar follows, and a number that is none is refused."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(["host: /newgame duel", "host: /schedule tv 2026-12-20 19:00"])
    assert await console.feed(["host: /schedule перенести 1 2026-12-21 18:30"]) == (
        "[game] Игра 1 перенесена: телеверсия, 2026-12-21 18:30 (Europe/Moscow).\n")
    assert await console.feed(["anna: /schedule cancel 1"]) == (
        "[game] Расписание меняет ведущий: администратор чата или ведущий его игры. "
        "Посмотреть расписание может каждый (/schedule).\n")
    assert await console.feed(["host: /schedule cancel 7"]) == (
        "[game] Игры 7 в расписании чата нет. Расписание — /schedule.\n")
    assert await console.feed(["host: /schedule cancel 1"]) == (
        "[game] Игра 1 (телеверсия, 2026-12-21 18:30) отменена.\n")
    assert await _entries(console) == [(1, "tv", "2026-12-21 18:30", False, "cancelled")]
    # Nothing of the cancelled game is said when its days come.
    assert await console.feed([":sleep 604800", ":sleep 604800"]) == ""


async def test_sync_2_an_announced_sync_game_is_not_moved_but_cancelled_with_its_registration(
        storage):
    """Given a SYNC game the calendar announced (its registration open, SYNC-2), when the host
    moves it, then that is refused with what works instead; when the host cancels it, then
    the game is called off in the chat and the calendar keeps it as cancelled."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(["host: /newgame sync", "host: /schedule sync 2026-12-11 19:00",
                        ":sleep 60"])
    assert await console.feed(["host: /schedule move 1 2026-12-12 19:00"]) == (
        "[game] Синхрон 1 уже объявлен, и его регистрация идёт: перенести его нельзя. "
        "Отмените его (/schedule cancel 1) и назначьте заново.\n")
    cancelled = await console.feed(["host: /schedule cancel 1"])
    assert cancelled.endswith("[game] Игра прервана без результата.\n"
                              "[game] Игра 1 (синхрон, 2026-12-11 19:00) отменена.\n")
    game = await console.service.current_game(GAME_CHAT)
    assert not game.fmt.is_live(game.state)
    assert await _entries(console) == [(1, "sync", "2026-12-11 19:00", False, "cancelled")]


async def test_an_unknown_zone_is_named_and_nothing_is_stored(storage):
    """Given a club whose zone is no IANA name, when the host schedules a game, then they are
    told which zone is unknown and what a zone looks like, and nothing is stored."""
    console = CalendarConsole(storage, zone="Mars/Olympus", locale="en")
    await console.start()
    await console.feed(["host: /newgame duel"])
    assert await console.feed(["host: /schedule duel 2026-12-20 19:00"]) == (
        "[game] There is no time zone “Mars/Olympus”. Use a name from the IANA database, such "
        "as Europe/Moscow.\n")
    assert await _entries(console) == []


async def test_sync_1_a_scheduled_qualifying_game_is_listed_and_announced_so_after_a_restart(
        storage):
    """Given a host of a Moscow club, when they schedule a SYNC game as a qualifying one in
    Russian (SYNC-1: it counts in the season, teams of 4 to 6) and the bot restarts before
    its announcement, then the schedule, the list and the reminders name it qualifying and
    the game is announced as a qualifying game."""
    console = CalendarConsole(storage)
    await console.start()
    await console.feed(["host: /newgame sync"])
    assert "Игра 1 в расписании: синхрон, отборочная, 2026-12-11 19:00 (Europe/Moscow)." in \
        await console.feed(["host: /schedule sync 2026-12-11 19:00 отборочная"])
    await console.start()
    announced = await console.feed([":sleep 60"])
    assert "Игра 2026-12-11 19:00. Регистрация до 2026-12-08 19:00" in announced
    assert "Это отборочная игра: она учитывается в сезоне; в команде от 4 до 6 игроков." in \
        announced
    game = await console.service.current_game(GAME_CHAT)
    assert game.state.registration.kind is GameKind.QUALIFYING
    assert await console.feed(["anna: /schedule"]) == (
        "[game] Расписание (Europe/Moscow):\n"
        "    1. синхрон, отборочная, 2026-12-11 19:00\n")
    assert "Напоминание: игра (синхрон, отборочная) — 2026-12-11 19:00 (Europe/Moscow)." in \
        await console.feed([":sleep 432000"])


async def test_sync_1_a_championship_is_scheduled_in_english_and_a_bad_kind_gets_the_usage(
        storage):
    """Given a host in an English-speaking chat, when they schedule a SYNC game with a kind
    that is none, or a DUEL game with a kind (kinds are SYNC's, SYNC-1), then each gets the
    usage and nothing is stored; a SYNC championship every week is stored and listed so."""
    console = CalendarConsole(storage, locale="en")
    await console.start()
    await console.feed(["host: /newgame duel"])
    for line in ("host: /schedule sync 2026-12-11 19:00 friendly",
                 "host: /schedule duel 2026-12-11 19:00 qualifying",
                 "host: /schedule sync 2026-12-11 19:00 qualifying championship"):
        assert "/schedule add FORMAT YYYY-MM-DD HH:MM [weekly] [KIND]" in \
            await console.feed([line]), line
    assert await _entries(console) == []
    assert "Game 1 is in the calendar: Sync, championship, 2026-12-11 19:00 (Europe/Moscow), " \
        "every week." in await console.feed(["host: /schedule sync 2026-12-11 19:00 "
                                             "championship weekly"])
    assert [e.kind for e in await CalendarStore(storage.engine).entries()] == ["championship"]
    assert await console.feed(["anna: /schedule"]) == (
        "[game] The calendar (Europe/Moscow):\n"
        "    1. Sync, championship, 2026-12-11 19:00, every week\n")
