"""A TV game played in the console: four teams, the central table changing hands
three times (TV-9: the only correct club table; TV-11: the top's pick when nobody answered;
TV-10: a team that lost its round returns at 5 points), the club tables' written answers
judged in groups by the host, the experts' win with the best player, and every player's
rating of the game in ``/score`` (TV-5, TV-6); the stored log replays to the same state.

The spinning top's seeds come from the format's seed source, which the test fixes: before
each spin it plans the seed that makes the top stop where the script needs it, through the
same ``rules.top.spin`` the rules use.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.console import GAME_CHAT, ConsoleMessenger, ConsoleSession
from bot.bootstrap import SAMPLE_TV_PACKAGE
from bot.formats.tv import TvFormat
from bot.i18n import Translator
from bot.packages import load_package
from bot.service import GameService, game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules import tv
from rules.base import decode, encode
from storage.db import Storage
from tests.adapters.steered_top import Top
from tests.adapters.transcript import assert_in_order
from tests.formats import chat_commands, formats

TEAMS = {"Альфа": ("anna", "alex"), "Бета": ("boris", "bella"), "Гамма": ("gleb", "galya"),
         "Дельта": ("dasha", "denis")}
ORDER = tuple(TEAMS)
PAIRS = {"min_players": 2}
"""The TV format's option for these teams of two (the rules' 4 to 6 players are checked by
``test_console_tv_host``)."""


def lobby(suffix: str = "") -> list:
    """The host opens a TV game and the four teams register, each name ending in
    ``suffix`` (other teams of the same players, TV-10 counting by team)."""
    lines: list = ["host: /newgame tv"]
    for team, (captain, player) in TEAMS.items():
        lines += [f"{captain}: /team {team}{suffix}", f"{player}: /join {team}{suffix}"]
    return lines


def envelope(top: Top, sector: int) -> list:
    """The host spins the top to ``sector`` (the sectors are played in order, 1, 2, ...)."""
    return [top.want(tuple(range(sector, 14)), sector), "host: /spin"]


def round_(top: Top, sector: int, captain: str, answerer: str, verdict: str,
           club: dict[str, str] | None = None, *, restart: bool = False) -> list:
    """One envelope: the minute with the club tables' hand-ins (and a restart after them),
    the answerer, the verdict."""
    lines = [*envelope(top, sector), ":sleep 10"]
    lines += [f"{player} (dm): {text}" for player, text in (club or {}).items()]
    if restart:
        return [*lines, RESTART, ":sleep 46", f"{captain}: /answerer {answerer}",
                f"{answerer} (dm): не знаем", f"host: {verdict}"]
    return [*lines, ":sleep 51", f"{captain}: /answerer {answerer}",
            f"{answerer} (dm): не знаем", f"host: {verdict}"]


def script(top: Top, *, restart: bool = False, suffix: str = "") -> list:
    """The whole game; with ``restart`` the bot restarts in the minute of question 8, after
    two club tables handed in; the teams' names end in ``suffix`` (``lobby``)."""
    return [
        *lobby(suffix),
        # Wrong arguments get the command's usage.
        "host: /spin now", "host: /judge maybe", "host: /club 1 x yes", "host: /start Омега",
        # The first central team, drawn by the top.
        top.want(ORDER, "Альфа"), "host: /start",
        # 1: Альфа is wrong; Бета alone answered right: it takes the table (TV-9).
        *round_(top, 1, "anna", "alex", "-", {"boris": "Австралия", "gleb": "Пушкин"}),
        "host: /clubs", "host: /club 1 1 yes", "host: /club 1 2 no",
        # 2: Бета is wrong, no club table handed in: the top picks among Гамма and Дельта
        # (Альфа lost its round, TV-10; TV-11).
        *round_(top, 2, "boris", "bella", "-"),
        top.want(("Гамма", "Дельта"), "Гамма"), "host: /spin",
        # 3..7: Гамма answers five in a row: 5:2.
        *(line for n in range(3, 8) for line in round_(top, n, "gleb", "galya", "+")),
        # 8: Гамма is wrong at 5:3; Альфа (which lost its round) and Дельта answered right:
        # at 5 points Альфа may return (TV-10), and the top draws it among the two.
        *round_(top, 8, "gleb", "gleb", "-", {"alex": "Ответ", "denis": "ответ"},
                restart=restart),
        "host: /clubs 8", top.want(("Альфа", "Дельта"), "Альфа"), "host: /club 8 1 yes",
        "host: /spin",
        # 9: Альфа wins it for the experts, 6:3; the best player of the central table.
        *round_(top, 9, "anna", "anna", "+"),
        "host: /best gleb",
        "host: /score",
    ]


RESTART = object()
"""In a script: the bot stops and starts again on the same database (5 s later)."""


async def play(db_url: str, top: Top, lines: list, *, package: Path = SAMPLE_TV_PACKAGE,
               options: dict | None = None) -> tuple[GameService, Storage, str]:
    """The console session of ``chgk-bot console --clock virtual`` on ``package`` (the
    bundled TV package by default), with TV's ``options`` (``PAIRS`` by default) and its top
    steered by ``top``; a callable among ``lines`` runs between them, and ``RESTART`` starts
    a new service that recovers the game from the database."""
    storage = await Storage.open(db_url)
    translator = Translator()
    out = io.StringIO()
    package_id = await storage.save_package(load_package(package).package, package.name,
                                            package.read_bytes())

    def say(key: str, args: dict) -> None:
        out.write(translator.format(key, args, "ru") + "\n")

    tv_options = PAIRS if options is None else options

    async def start(at: datetime) -> tuple[GameService, ConsoleSession, VirtualClock]:
        clock = VirtualClock(at)
        scheduler = VirtualScheduler(clock)
        messenger = ConsoleMessenger(out)
        service = game_service(storage, messenger, scheduler, clock, translator,
                               formats={**formats(), "tv": TvFormat(tv_options, seeds=top)},
                               chat_commands=chat_commands(storage), default_locale="ru")
        scheduler.callback = service.on_timer
        service.set_chat_package(GAME_CHAT, package_id)
        await service.recover()
        return service, ConsoleSession(service, messenger, say, locale="ru",
                                       advance=scheduler.advance), clock

    service, session, clock = await start(datetime(2026, 3, 1, 19, 0, tzinfo=UTC))
    for line in lines:
        if line is RESTART:
            await service.idle()
            service, session, clock = await start(clock.now() + timedelta(seconds=5))
        elif callable(line):
            line()
        else:
            await session.feed(line)
    return service, storage, out.getvalue()


@pytest.mark.parametrize("restart", [False, True], ids=["straight", "restarted"])
async def test_tv_9_10_11_a_four_team_console_game_changes_the_central_table_and_rates_players(
        database_url, restart):
    top = Top()
    service, storage, out = await play(database_url, top, script(top, restart=restart))
    try:
        assert "Traceback" not in out
        state = None
        for row in await storage.events(1):
            event = decode(row.kind, row.payload, row.version)
            assert encode(event) == row.payload, row.kind
            state = tv.evolve(state, event)
        assert state == (await service.load_game(1)).state
    finally:
        await storage.close()

    assert state.phase is tv.Phase.FINISHED and state.score == (6, 3)
    assert state.roster.name(state.best_player) == "gleb"
    assert_in_order(out, [
        "/spin — крутить волчок",
        "/judge да|нет — ответ центрального стола верен или нет",
        "/club [N] ГРУППА да|нет — оценка группы ответов",
        "Такой команды в этой игре нет.",
        "Волчок выбрал первую команду за центральным столом: «Альфа»",
        "[dm boris] Ответ вашего стола принят: «Австралия».",
        "[game] ⏱ Осталось 10 секунд!",
        "[game] ⏱ Время!",
        "[game] Приём ответов столов клуба на вопрос 1 закрыт: 2 ответа.",
        "[game] Ответ неверный: очко телезрителям, команда «Альфа» встаёт из-за центрального "
        "стола. Счёт: знатоки 0 — телезрители 1.",
        "[dm host] Вопрос 1: 2 группы ответов ждут оценки",
        "    1. «Австралия» — 1 стол",
        "[game] Ответы столов клуба на вопрос 1 оценены: верно ответил 1 стол (Бета).",
        "За центральный стол садится «Бета»: единственная верно ответила на вопрос "
        "телезрителей.",
        "[game] Приём ответов столов клуба на вопрос 2 закрыт: 0 ответов.",
        "Верно не ответил никто: волчок выберет среди команд Гамма, Дельта: /spin",
        "Верно никто не ответил: волчок выбрал команду «Гамма» (из всех, кто может сесть за "
        "центральный стол: Гамма, Дельта).",
        "Счёт: знатоки 5 — телезрители 2.",
        "[game] Приём ответов столов клуба на вопрос 8 закрыт: 2 ответа.",
        "[dm host] Вопрос 8: 1 группа ответов ждёт оценки",
        "    1. «Ответ» — 2 стола",
        "За центральный стол возвращается «Альфа», хотя уже проиграла свой раунд (у знатоков "
        "5 очков, и за стол снова может сесть любая команда; она ответила верно).",
        "Победа знатоков со счётом 6:3!",
        "назовите лучшего игрока центрального стола (anna, alex, boris, bella, gleb, galya)",
        "[game] Лучший игрок центрального стола — gleb. Игра окончена.",
        # TV-5, TV-6: 2 a central correct answer, 1 a club table's; the rating as shown.
        "Счёт: знатоки 6 — телезрители 3. За центральным столом «Альфа».",
        "Рейтинг игроков: galya — 10, gleb — 10, alex — 3, anna — 3, bella — 1, boris — 1, "
        "dasha — 1, denis — 1",
    ])
    # Nobody saw a club answer in the game chat before its window closed.
    before_close = out.split("Приём ответов столов клуба на вопрос 1 закрыт")[0]
    assert "[game]" not in "".join(line for line in before_close.splitlines()
                                   if "Австралия" in line and "Правильный" not in line)
