"""The scoreboard in a real browser: Debian's Chromium, headless, driven from
Python. A game's page changes without a reload as the game is played through the service,
and catches up after the bot restarts under it; a wrong token is 404; no answer shows before
the window closes; a 30-team SYNC table renders on a phone without widening the page (the
table scrolls in its own box), and its screenshot is ``docs/board.png``, in docs/playing.md."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.board.browser import board_text, png_size, require_chromium, run, start_browser, until
from tests.board.world import DUEL_LOBBY, WINDOW, BoardWorld, sync_lobby

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "board.png"
"""The scoreboard's picture in docs/playing.md: written by the 30-team test when
``CHGK_SAVE_SCREENSHOT=1``."""


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture
async def world(database_url):
    world = await BoardWorld.open(database_url)
    await world.board.start("127.0.0.1", 0)
    yield world
    await world.board.stop()
    await world.close()


async def page_of(world: BoardWorld, browser, game_id: int = 1) -> str:
    """Open game ``game_id``'s page, and mark the window so a reload would show."""
    url = f"{world.links.base}/g/{await world.token(game_id)}"
    await run(browser.get, url)
    await run(browser.execute_script, "window.__notReloaded = true")
    return url


async def test_duel_page_follows_an_answer_and_a_verdict_without_a_reload_DUEL_3_7(
        world, browser):
    await world.feed("host: /newgame duel", *DUEL_LOBBY, "anna: 1")
    await page_of(world, browser)
    await until(browser, lambda d: "Вопрос 1: обсуждение" in board_text(d))
    # The clock runs in the page during the minute.
    await until(browser, lambda d: d.find_element("css selector", ".clock").text.count(":"))
    await world.feed(":sleep 61", "anna: /answerer boris", "boris (dm): Тайна Эйфеля")
    await until(browser, lambda d: "Ответ дал(а) boris" in board_text(d))
    # DUEL: the answer shows with its verdict, not before (DESIGN.md, Privacy and roles).
    assert "Тайна Эйфеля" not in await run(lambda: browser.page_source)
    # The bot restarts under the open page: the page reconnects and catches up.
    port = int(world.links.base.rsplit(":", 1)[1])
    await world.board.stop()
    await world.restart()
    await world.board.start("127.0.0.1", port)
    await world.feed("host: /accept")
    await until(browser, lambda d: "Тайна Эйфеля" in board_text(d))
    text = board_text(browser)
    assert "1 : 0" in text and "верно" in text and "boris" in text
    assert await run(browser.execute_script, "return window.__notReloaded") is True


async def test_sync_answer_never_shows_before_the_window_closes_and_a_wrong_token_is_404(
        world, browser):
    await world.feed(*sync_lobby(2), "host: /round 1 2 3", "host: /ask",
                     "t1 (dm): Секретная башня")
    url = await page_of(world, browser)
    await until(browser, lambda d: "Играется вопрос 1." in board_text(d))
    assert "Секретная башня" not in await run(lambda: browser.page_source)
    await world.feed(WINDOW)
    await until(browser, lambda d: "Предварительно" in board_text(d))
    assert "Секретная башня" not in await run(lambda: browser.page_source)
    await world.feed("host: /reject 1")
    await until(browser, lambda d: "Предварительно" not in board_text(d))
    assert "Секретная башня" not in await run(lambda: browser.page_source)
    assert await run(browser.execute_script, "return window.__notReloaded") is True
    wrong = url[:-3] + ("abc" if not url.endswith("abc") else "xyz")
    await run(browser.get, wrong)
    assert "Такой страницы нет" in await run(lambda: browser.page_source)
    status = await run(browser.execute_async_script,
                       "fetch(arguments[0]).then(r => arguments[1](r.status))", wrong)
    assert status == 404


async def test_a_30_team_sync_table_fits_a_phone_and_scrolls_in_its_box_SYNC_7(
        world, browser, tmp_path):
    questions = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12"]
    await world.feed(*sync_lobby(30), "host: /round " + " ".join(questions))
    for index, _ in enumerate(questions):
        answers = [f"t{n} (dm): {'Эйфель' if (n * 7 + index * 3) % 5 > 1 else 'нет'}"
                   for n in range(1, 31)]
        judged = ["host: /accept 1", "host: /reject 2"] if index + 1 < len(questions) else []
        await world.feed("host: /ask", *answers, WINDOW, *judged)
    await page_of(world, browser)
    await until(browser, lambda d: "Команда 30" in board_text(d))
    sizes = await run(browser.execute_script, """
        var box = document.querySelector('.scroll');
        return [document.documentElement.scrollWidth, window.innerWidth,
                window.innerHeight, box.scrollWidth, box.clientWidth,
                document.querySelectorAll('tbody tr').length]""")
    page_width, inner_width, inner_height, table_width, box_width, rows = sizes
    assert (inner_width, inner_height) == (390, 844)
    assert page_width <= inner_width  # the page itself never scrolls sideways
    assert rows == 30
    assert table_width > box_width  # the wide table scrolls inside its own box
    text = board_text(browser)
    assert "Предварительно" in text  # the last question waits for its verdicts
    png = await run(browser.get_screenshot_as_png)
    assert png_size(png) == (390, 844)
    (tmp_path / "board.png").write_bytes(png)
    if os.environ.get("CHGK_SAVE_SCREENSHOT") == "1":
        SCREENSHOT.write_bytes(png)
