"""The console's TV game of four teams (``tests/adapters/test_console_tv.py``) played on
Discord: the real discord.py client logged in to the Discord stand-in
(``fake_discord``), the host's and captains' commands as slash commands and buttons, the club
tables' written answers handed in privately (a DM to the bot or ``/chgk answer``), the bot
killed in the minute of question 8 and started again on the same database. The central table
changes hands three times: TV-9 (the only correct club table), TV-11 (the top's pick when no
club table answered), TV-10 (a team that lost its round returns at 5 points); the ratings of
TV-5 and TV-6 come with ``/chgk score``."""

from __future__ import annotations

from typing import Any

import pytest

from bot.bootstrap import SAMPLE_TV_PACKAGE
from bot.bootstrap import formats as bot_formats
from bot.formats.tv import TvFormat
from rules import tv
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import GAME_CHANNEL_ID, user
from tests.adapters.discord.gateway import Live, running
from tests.adapters.steered_top import Top
from tests.adapters.test_console_tv import PAIRS
from tests.adapters.transcript import assert_in_order

HOST = user(901, "ksenia", global_name="Ксения")
PEOPLE = {name: user(910 + n, name) for n, name in enumerate(
    ("anna", "alex", "boris", "bella", "gleb", "galya", "dasha", "denis"))}
TEAMS = {"Альфа": ("anna", "alex"), "Бета": ("boris", "bella"), "Гамма": ("gleb", "galya"),
         "Дельта": ("dasha", "denis")}
ORDER = tuple(TEAMS)


@pytest.fixture
def fake() -> FakeDiscord:
    """Discord with the host and the four teams' players on the server."""
    fake = FakeDiscord()
    for person in (HOST, *PEOPLE.values()):
        fake.add_member(person)
    return fake


class Game:
    """The game as the test plays it: the live bot, the steered top, and the club answers
    handed in: ``club`` (question, text, team) and ``closed`` (question -> how many posts came
    before its window closed)."""

    def __init__(self, live: Live, top: Top) -> None:
        self.live = live
        self.top = top
        self.club: list[tuple[int, str, str]] = []
        self.closed: dict[int, int] = {}

    async def spin(self, sector: int) -> None:
        """The host spins the top to ``sector`` (the sectors are played in order)."""
        self.top.want(tuple(range(sector, 14)), sector)()
        await self.live.slash(HOST, "tv host spin")

    async def round(self, sector: int, captain: str, answerer: str, correct: bool,
                    club: dict[str, str] | None = None, *, kill: bool = False) -> None:
        """One envelope: the club tables hand in during the minute (the bot killed after
        them with ``kill``), the captain names the answerer, the host judges (a button on
        the bot's private suggestion, or ``/tv host judge``)."""
        await self.spin(sector)
        await self.live.advance(10)
        for n, (player, text) in enumerate((club or {}).items()):
            team = next(t for t, people in TEAMS.items() if player in people)
            self.club.append((sector, text, team))
            if n % 2:
                await self.live.slash(PEOPLE[player], "chgk answer", text=text)
            else:
                await self.live.write(PEOPLE[player], text, dm=True)
        if kill:
            await self.live.restart(kill=True)
        await self.live.advance(51)
        self.closed[sector] = next(
            n for n, p in enumerate(self.live.fake.posted)
            if p.text.startswith(f"Приём ответов столов клуба на вопрос {sector} закрыт"))
        await self.live.slash(PEOPLE[captain], "tv captain answerer", player=PEOPLE[answerer])
        await self.live.write(PEOPLE[answerer], "не знаем", dm=True)
        if sector % 2:
            suggestion = next(p for p in reversed(self.live.fake.dm(HOST))
                              if any(b["label"] == "Засчитать" for b in p.buttons))
            await self.live.press(HOST, suggestion,
                                  "Засчитать" if correct else "Не засчитывать")
        else:
            await self.live.slash(HOST, "tv host judge", correct="yes" if correct else "no")


async def play(live: Live, top: Top) -> Game:
    """The whole game (the console script's, on Discord)."""
    game = Game(live, top)
    await live.slash(HOST, "chgk package", file=(SAMPLE_TV_PACKAGE.name,
                                                 SAMPLE_TV_PACKAGE.read_bytes()))
    await live.slash(HOST, "chgk new", format="tv")
    for team, (captain, player) in TEAMS.items():
        await live.slash(PEOPLE[captain], "chgk team", team=team)
        await live.slash(PEOPLE[player], "chgk join", team=team)
    await live.slash(HOST, "tv host start", team="Омега")  # no such team: told so
    # The first central team, drawn by the top.
    top.want(ORDER, "Альфа")()
    await live.slash(HOST, "tv host start")
    # 1: Альфа is wrong; Бета alone answered right: it takes the table (TV-9).
    await game.round(1, "anna", "alex", False, {"boris": "Австралия", "gleb": "Пушкин"})
    await live.slash(HOST, "tv host clubs")
    await live.slash(HOST, "tv host club", number=1, index=1, correct="yes")
    await live.slash(HOST, "tv host club", number=1, index=2, correct="no")
    # 2: Бета is wrong, no club table handed in: the top picks among Гамма and Дельта
    # (Альфа lost its round, TV-10; TV-11).
    await game.round(2, "boris", "bella", False)
    top.want(("Гамма", "Дельта"), "Гамма")()
    await live.slash(HOST, "tv host spin")
    # 3..7: Гамма answers five in a row: 5:2.
    for sector in range(3, 8):
        await game.round(sector, "gleb", "galya", True)
    # 8: Гамма is wrong at 5:3; Альфа (which lost its round) and Дельта answered right:
    # at 5 points Альфа may return (TV-10), and the top draws it among the two.
    await game.round(8, "gleb", "gleb", False, {"alex": "Ответ", "denis": "ответ"}, kill=True)
    await live.slash(HOST, "tv host clubs", number=8)
    top.want(("Альфа", "Дельта"), "Альфа")()
    await live.slash(HOST, "tv host club", number=8, index=1, correct="yes")
    await live.slash(HOST, "tv host spin")
    # 9: Альфа wins it for the experts, 6:3; the best player of the central table.
    await game.round(9, "anna", "anna", True)
    await live.slash(HOST, "tv host best", player=PEOPLE["gleb"])
    await live.slash(HOST, "chgk score")
    return game


def seen_by(live: Live, person: dict[str, Any], upto: int) -> list[str]:
    """What ``person`` could read among the first ``upto`` posts: the channel, their DM and
    their ephemeral replies."""
    fake = live.fake
    dm = fake.dms.get(int(person["id"]))
    dm_id = int(dm["id"]) if dm else None
    return [p.text for p in fake.posted[:upto] if not p.deleted and (
        (p.channel_id in (GAME_CHANNEL_ID, dm_id) and not p.ephemeral)
        or (p.ephemeral and p.for_user == int(person["id"])))]


async def test_tv_9_10_11_a_discord_game_of_four_teams_changes_the_central_table_through_a_kill(
        server, settings, translator):
    top = Top()
    games = {**bot_formats(settings), "tv": TvFormat(PAIRS, seeds=top)}
    async with running(server, settings, translator, games) as live:
        game = await play(live, top)
        assert live.bot.service.game(1) is None  # finished, it left memory
        state = (await live.bot.service.load_game(1)).state
    fake = live.fake
    texts = "\n".join(fake.texts())
    assert "Traceback" not in texts
    assert state.phase is tv.Phase.FINISHED and state.score == (6, 3)
    assert state.roster.name(state.best_player) == "gleb"
    assert_in_order(texts, [
        # A command two formats share is spelled as this game's (DESIGN.md, Messengers).
        "ведущий начинает: /тв ведущий старт или /тв ведущий старт КОМАНДА.",
        "Волчок выбрал первую команду за центральным столом: «Альфа»",
        "🌀 **Волчок остановился на секторе 1. Осталось 12 конвертов.**",  # TV-2
        "Вопрос 1.",
        "🔔 **Осталось 10 секунд!**",
        "🔔 **Время!**",
        "anna, кто отвечает? /тв капитан отвечает ИМЯ",
        "Приём ответов столов клуба на вопрос 1 закрыт: 2 ответа.",  # TV-5
        "Ответ неверный: очко телезрителям, команда «Альфа» встаёт из-за центрального стола. "
        "Счёт: знатоки 0 — телезрители 1.",  # TV-3
        "Ответы столов клуба на вопрос 1 оценены: верно ответил 1 стол (Бета).",
        "За центральный стол садится «Бета»: единственная верно ответила на вопрос "
        "телезрителей.",
        "Верно никто не ответил: волчок выбрал команду «Гамма» (из всех, кто может сесть за "
        "центральный стол: Гамма, Дельта).",
        "Счёт: знатоки 5 — телезрители 2.",
        # The bot was killed in this minute; the window closes with both answers kept.
        "Приём ответов столов клуба на вопрос 8 закрыт: 2 ответа.",
        "За центральный стол возвращается «Альфа», хотя уже проиграла свой раунд (у знатоков "
        "5 очков, и за стол снова может сесть любая команда; она ответила верно).",
        "Победа знатоков со счётом 6:3!",  # TV-1, TV-4
        "назовите лучшего игрока центрального стола (anna, alex, boris, bella, gleb, galya): "
        "/тв ведущий лучший ИМЯ",
        "Лучший игрок центрального стола — gleb. Игра окончена.",
    ])
    # The game's table at the win is an embed showing its attached PNG.
    [table] = [p for p in fake.posted if p.message["attachments"]
               and p.channel_id == GAME_CHANNEL_ID]
    assert table.text.startswith("Счёт: знатоки 6 — телезрители 3.")
    assert table.message["attachments"][0]["filename"] == "table.png"
    host_saw = [p.text for p in fake.dm(HOST)] + fake.ephemeral(HOST)
    assert "Такой команды в этой игре нет." in host_saw
    assert_in_order("\n".join(host_saw), [
        "Вопрос 8: 1 группа ответов ждёт оценки (/тв ведущий клуб 8 ГРУППА да|нет):",
        "1. «Ответ» — 2 стола"])
    # TV-5, TV-6: 2 for a central correct answer, 1 for a club table's, in /chgk score.
    assert "Счёт: знатоки 6 — телезрители 3. За центральным столом «Альфа».\nРейтинг игроков: " \
        "galya — 10, gleb — 10, alex — 3, anna — 3, bella — 1, boris — 1, dasha — 1, " \
        "denis — 1" in fake.ephemeral(HOST)
    # No message of this TV game names another format's command.
    everyone = [p.text for p in fake.posted]
    assert not [t for t in everyone if "/дуэль" in t or "/синхрон" in t]
    # Each club table's answer got a private receipt; before its window closed nobody of
    # another team saw it (TV-5).
    for sector, text, team in game.club:
        player = next(PEOPLE[p] for p in TEAMS[team]
                      if any(f"«{text}»" in t for t in seen_by(live, PEOPLE[p], len(everyone))))
        assert f"Ответ вашего стола принят: «{text}»." in seen_by(live, player, len(everyone))
        for other, people in TEAMS.items():
            for name in people if other != team else ():
                assert not any(f"«{text}»" in t for t in seen_by(
                    live, PEOPLE[name], game.closed[sector])), (text, name)
    assert len(fake.identifies) == 2
    assert all(len(i.callbacks) == 1 for i in fake.interactions.values())
    assert [r for r in fake.requests if not r.ok] == []
