"""The console's TV game (tests/adapters/test_console_tv.py) through the Telegram harness:
four teams in a group with privacy mode on, the club tables handing in privately,
the central table changing hands three times (TV-9, TV-11, TV-10), the bot killed and started
again in the minute of question 8, and the players' ratings at the end (TV-5, TV-6)."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_TV_PACKAGE
from bot.formats.tv import TvFormat
from bot.timers import VirtualClock
from rules import tv
from rules.base import decode
from tests.adapters import test_console_tv as console
from tests.adapters.telegram.conftest import close, telegram_world
from tests.adapters.telegram.fake_telegram import GROUP_ID, FakeTelegram
from tests.adapters.telegram.scripted import Player, leaks, people
from tests.adapters.transcript import assert_in_order
from tests.formats import formats

TEAMS = {player: team for team, pair in console.TEAMS.items() for player in pair}


async def test_tv_9_10_11_a_four_team_game_in_a_telegram_group_restarted_mid_question(
        database_url, translator):
    top = console.Top()
    fake = FakeTelegram(privacy=True, closed_private=True)
    tg = await telegram_world(database_url, translator, locale="ru", fake=fake,
                              make_formats=lambda: {**formats(),
                                                    "tv": TvFormat(console.PAIRS, seeds=top)},
                              package=SAMPLE_TV_PACKAGE,
                              clock=VirtualClock(console.datetime(2026, 3, 1, 19, 0,
                                                                  tzinfo=console.UTC)))
    names = [name for pair in console.TEAMS.values() for name in pair]
    script = Player(tg, people(["host", *names]))
    # The host opens the private chat first, where the club tables' answers come to judge.
    lines = [f"host (dm): /start g{GROUP_ID}",
             *telegram(script, console.script(top, restart=True))]
    cut = lines.index(console.RESTART)
    try:
        await script.play(lines[:cut])
        restart_at = len(fake.calls)
        await tg.restart(downtime=5)
        await script.play(lines[cut + 1:])
        assert tg.service.game(1) is None  # finished, it left memory
        state = (await tg.service.load_game(1)).state
        replayed = None
        for row in await tg.storage.events(1):
            replayed = tv.evolve(replayed, decode(row.kind, row.payload, row.version))
    finally:
        await close(tg)
    out = script.transcript()
    assert "Traceback" not in out
    assert replayed == state
    assert state.phase is tv.Phase.FINISHED and state.score == (6, 3)
    assert state.roster.name(state.best_player) == "gleb"
    assert_in_order(out, [
        "Волчок выбрал первую команду за центральным столом: «Альфа»",
        "[game] Вопрос 1.",
        "Минута обсуждения у команды «Альфа» (60 секунд). Столы клуба: ответ пишите боту в "
        "личные сообщения",
        "[dm boris] Ответ вашего стола принят: «Австралия».",
        "[game] Осталось 10 секунд!",
        "[game] Время!",
        "[game] Приём ответов столов клуба на вопрос 1 закрыт: 2 ответа.",
        "[game] Отвечает alex.",
        "[game] Ответ неверный: очко телезрителям, команда «Альфа» встаёт из-за центрального "
        "стола. Счёт: знатоки 0 — телезрители 1.",
        "[dm host] Вопрос 1: 2 группы ответов ждут оценки",
        "[game] Ответы столов клуба на вопрос 1 оценены: верно ответил 1 стол (Бета).",
        # TV-9: the only club table that answered right takes the central table.
        "За центральный стол садится «Бета»: единственная верно ответила на вопрос "
        "телезрителей.",
        # TV-11: nobody answered right: the top picks among the teams that may sit there.
        "Верно никто не ответил: волчок выбрал команду «Гамма» (из всех, кто может сесть за "
        "центральный стол: Гамма, Дельта).",
        "[game] Отвечает galya.",
        "[game] Ответ верный! Очко знатокам.",
        "Счёт: знатоки 5 — телезрители 2.",
    ])
    # Killed in the minute of question 8 after two club tables handed in, the bot comes back
    # 5 s later: their answers count, and TV-10 seats Альфа again at 5 points.
    assert_in_order(script.transcript(restart_at), [
        "[game] Время!",
        "[game] Приём ответов столов клуба на вопрос 8 закрыт: 2 ответа.",
        "[dm host] Вопрос 8: 1 группа ответов ждёт оценки",
        "1. «Ответ» — 2 стола",
        "За центральный стол возвращается «Альфа», хотя уже проиграла свой раунд (у знатоков "
        "5 очков, и за стол снова может сесть любая команда; она ответила верно).",
        "Победа знатоков со счётом 6:3!",
        "назовите лучшего игрока центрального стола (anna, alex, boris, bella, gleb, galya)",
        "[game] Лучший игрок центрального стола — gleb. Игра окончена.",
        # TV-5, TV-6: 2 for a correct central answer, 1 for a club table's.
        "Рейтинг игроков: galya — 10, gleb — 10, alex — 3, anna — 3, bella — 1, boris — 1, "
        "dasha — 1, denis — 1",
    ])
    # The game's table at the win is an uploaded PNG (sendPhoto).
    [table] = [c for c in fake.sent(GROUP_ID) if c.method == "sendPhoto" and c.uploads]
    assert table.text.startswith("Счёт: знатоки 6 — телезрители 3.")
    assert [name for name, _ in table.uploads.values()] == ["table.png"]
    # TV-5: no club table's written answer shows in the group or at another table before
    # the club tables' window closes.
    club = [entry for entry in script.handed_in if entry[2] != "не знаем"]
    assert club and leaks(script, TEAMS, club) == []


def telegram(script: Player, lines: list) -> list:
    """The console script as a Telegram host plays it: the bare ``+`` and ``-`` of the
    console never reach a bot in privacy mode, so the host presses the verdict button under
    "answers: NAME" (a correct answer) or types ``/reject``."""
    return [script.press("host", "Засчитать") if line == "host: +" else
            "host: /reject" if line == "host: -" else line for line in lines]
