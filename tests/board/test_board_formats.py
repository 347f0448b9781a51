"""What each format's page shows beyond tests/board/test_board_http.py: SYNC's
removed question (X) and its table provisional while a deferred appeal waits (SYNC-10), TV's
teams that sat at the central table before (TV-10), a game's page in the game's language,
the public base of the links behind a proxy (``CHGK_BOARD_URL``), and a season of SYNC
games with its table of points (SYNC-3, SYNC-4)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.bootstrap import SAMPLE_TV_PACKAGE
from tests.board.test_board_http import board_of, client_of
from tests.board.world import DUEL_LOBBY, TV_SPUN, WINDOW, BoardWorld, sync_lobby
from tests.formats import season_service
from tests.integration.test_season_sync import club_with_two_games
from tests.unit.sync_steps import HOST


@pytest.fixture
async def world(database_url):
    world = await BoardWorld.open(database_url)
    yield world
    await world.close()


async def test_sync_removed_question_is_X_and_provisional_while_a_deferred_appeal_waits_SYNC_10(
        world):
    client = await client_of(world)
    try:
        await world.feed(*sync_lobby(2), "host: /round 1 2", "host: /ask",
                         "t1 (dm): Эйфель", "t2 (dm): нет", WINDOW, "host: /accept 1",
                         "host: /reject 2", "host: /ask", "t1 (dm): Ртуть", "t2 (dm): Ртуть",
                         WINDOW, "host: /accept 1")
        token = await world.token()
        board = await board_of(client, token)
        assert "Предварительно" not in board
        await world.feed("t2: /appeal removal 2 задавали в прошлом сезоне",
                         "host: /defer Команда 2")
        board = await board_of(client, token)
        # The question under appeal waits ("?") and the table says it is provisional.
        assert "Предварительно" in board
        assert '<td class="m m?">?</td><td><b>2</b></td>' in board
        # The jury: the host and the duty team's captain (Команда 1, first alphabetically).
        await world.feed("host (dm): /vote Команда 2 yes", "t1 (dm): /vote Команда 2 yes")
        board = await board_of(client, token)
        # Removed: X for every team, its points gone, the table final.
        assert "Предварительно" not in board
        assert board.count('<td class="m mX">X</td>') == 2
        assert ('<td class="place">1</td><td class="name">Команда 1</td>'
                '<td class="m m1">1</td><td class="m mX">X</td><td><b>1</b></td>') in board
        assert "задавали в прошлом сезоне" not in board
    finally:
        await client.close()


async def test_tv_page_names_the_team_that_sat_at_the_central_table_before_TV_10(world):
    client = await client_of(world)
    try:
        await world.use_package(SAMPLE_TV_PACKAGE)
        await world.feed(*TV_SPUN)
        token = await world.token()
        board = await board_of(client, token)
        first = "Альфа" if "За центральным столом: «Альфа»" in board else "Бета"
        second = {"Альфа": "Бета", "Бета": "Альфа"}[first]
        captain = {"Альфа": "anna", "Бета": "boris"}[first]
        assert "Сидели раньше" not in board
        # Wrong at the central table: the team leaves it, the other one sits down.
        await world.feed(":sleep 51", f"{captain}: /answerer {captain}",
                         f"{captain} (dm): не знаем", "host: -", "host: /spin", ":sleep 5")
        board = await board_of(client, token)
        assert f"За центральным столом: «{second}»" in board
        assert f"Сидели раньше: {first}" in board
        assert f"<td>{first}</td><td class=\"m0\">неверно</td>" in board
    finally:
        await client.close()


async def test_a_game_in_english_has_its_page_in_english(database_url):
    world = await BoardWorld.open(database_url, locale="en")
    client = await client_of(world)
    try:
        await world.feed("host: /newgame duel", *DUEL_LOBBY, "anna: 1")
        token = await world.token()
        response = await client.get(f"/g/{token}")
        page = await response.text()
        assert '<html lang="en">' in page
        assert "<title>DUEL: “Знатоки” against the host</title>" in page
        assert "Connection lost: reconnecting…" in page  # the notice shown when offline
        board = await board_of(client, token)
        assert "Question 1: discussion" in board and "Time left:" in board
        await world.feed(":sleep 61", "anna: /answerer boris", "boris (dm): Эйфель",
                         "host: /accept")
        board = await board_of(client, token)
        assert "Questions played" in board and "<th>Verdict</th>" in board
        assert '<td class="m1">right</td>' in board
        assert not any(word in board for word in ("Вопрос", "верно", "Осталось", "Ответ"))
    finally:
        await client.close()
        await world.close()


def test_the_links_name_the_public_base_behind_a_proxy(database_url):
    script = "host: /newgame duel\nhost: /board\n"
    command = [sys.executable, "-m", "bot", "console", "--clock", "virtual", "--locale", "en",
               "--database", database_url]
    env = {**os.environ, "CHGK_BOARD_PORT": "0",
           "CHGK_BOARD_URL": "https://board.example.org/"}
    served = subprocess.run(command, input=script, capture_output=True, text=True, timeout=120,
                            check=False, env=env)
    assert served.returncode == 0, served.stderr
    assert "The scoreboard pages are served at https://board.example.org (" in served.stdout
    assert "The live scoreboard of this game: https://board.example.org/g/" in served.stdout
    assert "127.0.0.1" not in served.stdout


async def test_a_season_of_sync_games_shows_its_table_of_points_SYNC_3_SYNC_4(database_url):
    storage, games = await club_with_two_games(database_url)
    for game in games:
        await season_service(storage).record_game("Осень", game, by=HOST)
    await storage.close()
    world = await BoardWorld.open(database_url)
    client = await client_of(world)
    try:
        out = await world.feed("host: /board season Осень")
        response = await client.get("/s/" + out.strip().rsplit("/s/", 1)[1])
        page = await response.text()
        board = page[page.index('<main id="board">'):page.index("</main>")]
        # The same table as the chat's /season: places (shared ones as "2–3"), points,
        # games, questions answered, unpaid fees; then the next game's duty team and fee.
        assert "Сезон «Осень»: таблица очков после 2 игр" in board
        assert "Игр ещё не было" not in board
        rows = [("1", "Совы", "4", "2", "2", "1"), ("2–3", "Ежи", "3", "2", "3", "1"),
                ("2–3", "Лисы", "3", "2", "3", "0")]
        cells = [board.index(f'<td class="place">{r[0]}</td><td class="name">{r[1]}</td>'
                             + "".join(f"<td>{c}</td>" for c in r[2:])) for r in rows]
        assert cells == sorted(cells)
        assert "Дежурит на следующей игре: Совы." in board
        assert "Взнос на следующую игру: 12 USD с команды." in board
    finally:
        await client.close()
        await world.close()
