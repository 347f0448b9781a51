"""The Mini App's answer sheet and jury desk in a real browser: Debian's Chromium, headless,
with a stub of ``window.Telegram.WebApp`` carrying init data signed with the test bot's token
(as Telegram's own script would give it). A captain hands in, sees the receipt, changes the
answer before the deadline and is refused after it (SYNC-6); a player who is not the captain
and a forged signature are refused; a host judges a group on the desk, the game chat shows the
verdict, and a restart of the bot between the hand-in and the verdict loses nothing."""

from __future__ import annotations

import json

import pytest

from tests.board.browser import require_chromium, run, start_browser, until
from tests.board.sheet_world import CAPTAIN, HOST, PLAYER, SheetWorld


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture
async def world(database_url):
    world = await SheetWorld.open(database_url)
    await world.board.start("127.0.0.1", 0)
    yield world
    await world.board.stop()
    await world.close()


async def open_sheet(world: SheetWorld, browser, init_data: str) -> None:
    """Open the sheet as Telegram would, its WebApp object carrying ``init_data``."""
    stub = ("window.Telegram={WebApp:{initData:" + json.dumps(init_data) +
            ",ready:function(){},themeParams:{}}};")
    added = await run(browser.execute_cdp_cmd, "Page.addScriptToEvaluateOnNewDocument",
                      {"source": stub})
    try:
        await run(browser.get, f"{world.links.base}/app")
    finally:
        await run(browser.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                  {"identifier": added["identifier"]})


def text_of(element_id: str):
    return lambda d: d.find_element("id", element_id).text


async def hand_in_on_page(browser, answer: str) -> None:
    field = await run(browser.find_element, "id", "answer")
    await run(field.clear)
    await run(field.send_keys, answer)
    await run(browser.find_element("id", "send").click)


async def test_sync6_a_captain_hands_in_changes_the_answer_and_is_refused_after_the_deadline(
        world, browser):
    await world.sync_asked()
    await open_sheet(world, browser, await world.init_data(CAPTAIN))
    await until(browser, lambda d: "Вы капитан команды «Команда 1»" in text_of("sheet")(d))
    await until(browser, lambda d: "Осталось: 1:1" in text_of("left")(d))
    await hand_in_on_page(browser, "Пушкин")
    await until(browser, lambda d: "Принято: «Пушкин», в 19:00:00 UTC" in text_of("sheet")(d))
    await world.advance(20)
    await hand_in_on_page(browser, "Лермонтов")
    await until(browser, lambda d: "«Лермонтов», в 19:00:20 UTC" in text_of("sheet")(d))
    await world.advance(60)
    await hand_in_on_page(browser, "Гоголь")
    await until(browser, lambda d: "Приём ответов на вопрос 1 закончен" in text_of("error")(d))
    sheet = text_of("sheet")(browser)
    assert "Лермонтов" in sheet and "Гоголь" not in sheet
    assert not browser.find_element("id", "form").is_displayed()


async def test_a_player_who_is_not_captain_and_a_forged_signature_are_refused(world, browser):
    await world.sync_asked()
    await open_sheet(world, browser, await world.init_data(PLAYER))
    await until(browser, lambda d: "ответы сдаёт ваш капитан" in text_of("sheet")(d))
    assert not browser.find_element("id", "form").is_displayed()
    await open_sheet(world, browser, await world.init_data(CAPTAIN, token="42:forged"))
    await until(browser, lambda d: "Подпись Telegram" in text_of("error")(d))
    assert text_of("sheet")(browser) == ""
    assert not browser.find_element("id", "form").is_displayed()


async def test_a_host_judges_on_the_desk_after_a_restart_and_the_chat_shows_the_verdict(
        world, browser):
    await world.sync_asked()
    await open_sheet(world, browser, await world.init_data(CAPTAIN))
    await until(browser, lambda d: d.find_element("id", "form").is_displayed())
    await hand_in_on_page(browser, "Пушкин")
    await until(browser, lambda d: "Принято: «Пушкин»" in text_of("sheet")(d))
    # The bot restarts between the hand-in and the verdict.
    port = int(world.links.base.rsplit(":", 1)[1])
    await world.board.stop()
    await world.restart()
    await world.board.start("127.0.0.1", port)
    await world.advance(80)
    await open_sheet(world, browser, await world.init_data(HOST))
    await until(browser, lambda d: "Пушкин" in text_of("groups")(d))
    assert "Осталось проверить 1 группу" in text_of("deskhead")(browser)
    button = await run(browser.find_element, "css selector", "#groups .group button")
    await run(button.click)
    await until(browser, lambda d: "засчитано" in text_of("groups")(d))
    assert "Все группы проверены" in text_of("deskhead")(browser)
    assert any("Команда 1" in text and "Вопрос 1" in text for text in world.group_texts())
    await open_sheet(world, browser, await world.init_data(CAPTAIN))
    await until(browser, lambda d: "Засчитано." in text_of("sheet")(d))


async def test_tv5_a_club_table_hands_in_and_the_host_opens_and_judges_on_the_desk(
        world, browser):
    """TV-5 in the page: Бета's captain hands in during the minute and sees the receipt;
    after it the host opens the club answers with the desk's button and judges the group
    with one click; the game chat hears the result and the captain's sheet the verdict."""
    await world.tv_asked()
    await open_sheet(world, browser, await world.init_data(CAPTAIN))
    await until(browser, lambda d: d.find_element("id", "form").is_displayed())
    await hand_in_on_page(browser, "Эйфель")
    await until(browser, lambda d: "Принято: «Эйфель», в 19:00:00 UTC" in text_of("sheet")(d))
    await world.advance(61)
    await open_sheet(world, browser, await world.init_data(HOST))
    await until(browser, lambda d: "откройте их для проверки" in text_of("deskhead")(d))
    await run(browser.find_element("id", "queue").click)
    await until(browser, lambda d: "Эйфель" in text_of("groups")(d))
    button = await run(browser.find_element, "css selector", "#groups .group button")
    await run(button.click)
    await until(browser, lambda d: "засчитано" in text_of("groups")(d))
    assert "Все группы проверены" in text_of("deskhead")(browser)
    assert any("верно ответил 1 стол (Бета)" in text for text in world.group_texts())
    await open_sheet(world, browser, await world.init_data(CAPTAIN))
    await until(browser, lambda d: "Засчитано." in text_of("sheet")(d))
