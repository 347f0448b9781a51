"""The Mini App's answer sheet over HTTP (aiohttp's test client against the real board
server, service and database): who may open it (Telegram's signed init data, fresh, of a
member; a signed pass), every refusal with its message and nothing stored, a hand-in that is
the chat's own action with its receipt in the HTTP answer (SYNC-6), and a host's verdict on the
desk that the game chat hears."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.board.miniapp_auth import MAX_AGE
from bot.board.sheet_page import TELEGRAM_SCRIPT
from tests.board.sheet_world import (
    APP_LINK,
    CAPTAIN,
    HOST,
    OTHER_CAPTAIN,
    PLAYER,
    STRANGER,
    SheetWorld,
)
from tests.board.world import START


@pytest.fixture
async def world(database_url):
    world = await SheetWorld.open(database_url)
    yield world
    await world.close()


async def client_of(world: SheetWorld) -> TestClient:
    """A test client of the board server with the sheet; the links name its address."""
    client = TestClient(TestServer(world.board.app()))
    await client.start_server()
    world.links.base = str(client.make_url("")).rstrip("/")
    return client


async def opened(client: TestClient, world: SheetWorld, user: str) -> tuple[int, dict]:
    """``user`` opens the Mini App (init data signed now); the status and the JSON."""
    response = await client.post("/app/api/open",
                                 json={"init_data": await world.init_data(user)})
    return response.status, await response.json()


async def hand_in(client: TestClient, pass_: str, text: str, request: str = "r" * 16
                  ) -> tuple[int, dict]:
    response = await client.post("/app/api/answer", json={"text": text, "request": request},
                                 headers={"X-Sheet-Pass": pass_})
    return response.status, await response.json()


async def stored_events(world: SheetWorld) -> int:
    return len(await world.storage.events(1))


async def test_sync6_a_captain_hands_in_on_the_sheet_and_the_receipt_is_the_http_answer(world):
    """Given a SYNC question in its minute, when the captain hands in on the sheet, then the
    HTTP answer carries the receipt with its time (SYNC-6), the game's log holds the answer as
    the chat's would, and no private receipt message goes out over the Bot API."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        status, data = await opened(client, world, CAPTAIN)
        assert status == 200, data
        assert "Вы капитан команды «Команда 1»" in data["sheet"]
        assert data["hands_in"] is True and data["left"] == pytest.approx(75, abs=1)
        sent_before = len(world.recorder.sent)
        status, data = await hand_in(client, data["pass"], "Пушкин")
        assert status == 200, data
        assert "Принято: «Пушкин», в 19:00:00 UTC" in data["sheet"]
        state = (await world.service.load_game(1)).state
        assert [a.text for a in state.written.answers.values()] == ["Пушкин"]
        assert world.recorder.sent[sent_before:] == []
    finally:
        await client.close()


async def test_sync6_the_captain_changes_the_answer_before_the_deadline_and_is_refused_after(
        world):
    """Given a captain who handed in, when they hand in again before the deadline the new
    answer replaces it; after the deadline the hand-in is refused with the send time and the
    sheet shows the last answer (SYNC-6: later answers are not accepted)."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        pass_ = data["pass"]
        await hand_in(client, pass_, "Пушкин", "a" * 16)
        await world.advance(30)
        status, data = await hand_in(client, pass_, "Лермонтов", "b" * 16)
        assert status == 200 and "«Лермонтов», в 19:00:30 UTC" in data["sheet"]
        await world.advance(60)
        before = await stored_events(world)
        status, data = await hand_in(client, pass_, "Гоголь", "c" * 16)
        assert status == 409
        assert "Гоголь" not in data["sheet"] and "Лермонтов" in data["sheet"]
        assert data["error"]
        assert await stored_events(world) == before
    finally:
        await client.close()


async def test_sync6_an_answer_that_reached_the_bot_before_the_deadline_counts_though_decided_after(
        world):
    """Given a captain whose hand-in reached the bot half a second before the window's last
    moment (SYNC-6: the deadline plus the second of grace) but whose processing is held past
    the close (its body still on its way), when the window's close comes, then the answer is
    stored with its receipt at its arrival time and goes to the host's desk; another team's
    hand-in that arrives after the close is refused, nothing stored for it."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        captain_pass = data["pass"]
        _, data = await opened(client, world, OTHER_CAPTAIN)
        other_pass = data["pass"]
        await world.advance(75.5)
        body = json.dumps({"text": "Пушкин", "request": "late" * 4}).encode()
        reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
        writer.write(f"POST /app/api/answer HTTP/1.1\r\nHost: sheet\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                     f"X-Sheet-Pass: {captain_pass}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        game = world.service.game(1)
        for _ in range(500):  # until the server has the request's head
            if game.arrivals is not None and len(game.arrivals):
                break
            await asyncio.sleep(0.01)
        closing = asyncio.create_task(world.advance(4))
        while world.clock.now() < START + timedelta(seconds=76):
            await asyncio.sleep(0)
        writer.write(body)
        head, _, answer = (await reader.read()).partition(b"\r\n\r\n")
        writer.close()
        await closing
        assert head.startswith(b"HTTP/1.1 200"), (head, answer.decode())
        assert "«Пушкин», принят в 19:01:15 UTC" in json.loads(answer)["sheet"]
        before = await stored_events(world)
        status, data = await hand_in(client, other_pass, "Лермонтов")
        assert status == 409 and "закончен" in data["error"], data
        assert await stored_events(world) == before
        _, data = await opened(client, world, HOST)
        assert [g["text"] for g in data["groups"]] == ["Пушкин"]
    finally:
        await client.close()


async def test_a_player_who_is_not_the_captain_may_not_hand_in_and_nothing_is_stored(world):
    """Given a player of a team who is neither its captain nor named to hand in, when they
    open the sheet it shows no answer field, and a hand-in is refused, nothing stored
    (SYNC-6: the captain or the player the captain names hands in)."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        status, data = await opened(client, world, PLAYER)
        assert status == 200 and data["hands_in"] is False
        before = await stored_events(world)
        status, data = await hand_in(client, data["pass"], "Пушкин")
        assert status == 409 and "капитан" in data["error"].lower()
        assert await stored_events(world) == before
    finally:
        await client.close()


async def test_forged_stale_and_strangers_init_data_are_refused_with_a_clear_message(world):
    """Given the game, when the init data is signed with another token, is older than the
    allowed age, or belongs to someone with no part in the game, then each is refused with its
    own message in the person's language and no pass is given."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        cases = [(await world.init_data(CAPTAIN, token="999:forged"), 403, "Подпись Telegram"),
                 (await world.init_data(CAPTAIN, age=MAX_AGE + 60), 403, "слишком давно"),
                 (await world.init_data(STRANGER), 403, "не участвуете"),
                 ("user=%7B%22id%22%3A2001%7D&hash=00", 403, "Подпись Telegram")]
        for init_data, status, text in cases:
            response = await client.post("/app/api/open", json={"init_data": init_data},
                                         headers={"Accept-Language": "ru"})
            data = await response.json()
            assert response.status == status and text in data["error"], data
            assert "pass" not in data
    finally:
        await client.close()


async def test_a_forged_pass_a_replayed_request_and_a_form_post_are_refused(world):
    """Given a captain's pass, when it is altered, when the same request is sent twice, or
    when a form posts without the JSON body and header (another site's CSRF), then each is
    refused and only the first request is stored."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        pass_ = data["pass"]
        body, mac = pass_.split(".")
        status, data = await hand_in(client, body + "." + mac[::-1], "Пушкин")
        assert status == 403 and "недействительна" in data["error"]
        status, _ = await hand_in(client, pass_, "Пушкин", "x" * 16)
        assert status == 200
        before = await stored_events(world)
        status, data = await hand_in(client, pass_, "Пушкин", "x" * 16)
        assert status == 409 and "уже был получен" in data["error"]
        response = await client.post("/app/api/answer", data={"text": "Гоголь"})
        assert response.status == 400
        assert await stored_events(world) == before
    finally:
        await client.close()


async def test_another_teams_answer_is_not_on_a_captains_sheet(world):
    """Given two captains who handed in, when the second opens the sheet, it shows only its
    own team's answer (the chat's privacy: no answer of one team visible to another)."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        await hand_in(client, data["pass"], "Пушкин")
        _, data = await opened(client, world, OTHER_CAPTAIN)
        assert "Пушкин" not in data["sheet"] and "desk" not in data
    finally:
        await client.close()


async def test_a_host_judges_a_group_on_the_desk_and_the_game_chat_hears_the_verdict(world):
    """Given two teams' answers and the window closed, when the host marks the only pending
    group right on the desk, then the game chat hears the question's result as after the chat
    command, and the captain's sheet shows the verdict and the team's line (SYNC-7)."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        captain_pass = data["pass"]
        await hand_in(client, captain_pass, "Пушкин")
        _, data = await opened(client, world, OTHER_CAPTAIN)
        await hand_in(client, data["pass"], "Пушкин")
        await world.advance(80)
        _, data = await opened(client, world, HOST)
        groups = [g for g in data["groups"] if g["verdict"] is None]
        assert [g["text"] for g in groups] == ["Пушкин"] and groups[0]["teams"] == 2
        response = await client.post("/app/api/judge", json={
            "key": groups[0]["key"], "verdict": "accept", "seen": None, "request": "j" * 16},
            headers={"X-Sheet-Pass": data["pass"]})
        judged = await response.json()
        assert response.status == 200, judged
        assert [g["verdict"] for g in judged["groups"]] == ["accept"]
        assert any("Вопрос 1" in text and "Команда 1" in text
                   for text in world.group_texts()), world.group_texts()
        response = await client.post("/app/api/sheet", json={},
                                     headers={"X-Sheet-Pass": captain_pass})
        sheet = (await response.json())["sheet"]
        assert "Засчитано." in sheet and "1–2 место из 2, 1 очко" in sheet
    finally:
        await client.close()


async def test_a_restart_between_hand_in_and_verdict_loses_nothing(world):
    """Given a captain's hand-in on the sheet, when the bot restarts before the window
    closes, then the same pass still opens the sheet with the receipt, and after the close
    the answer is on the host's desk."""
    await world.sync_asked()
    client = await client_of(world)
    _, data = await opened(client, world, CAPTAIN)
    captain_pass = data["pass"]
    await hand_in(client, captain_pass, "Пушкин")
    await client.close()
    await world.restart()
    client = await client_of(world)
    try:
        response = await client.post("/app/api/sheet", json={},
                                     headers={"X-Sheet-Pass": captain_pass})
        assert "Принято: «Пушкин»" in (await response.json())["sheet"]
        await world.advance(80)
        _, data = await opened(client, world, HOST)
        assert [g["text"] for g in data["groups"]] == ["Пушкин"]
    finally:
        await client.close()



async def test_sheet_in_the_group_posts_the_mini_app_link_and_privately_a_personal_link(world):
    """Given a SYNC game in a Telegram group, when someone writes /sheet there, then the group
    gets the Mini App's direct link to this game; when the captain writes /sheet to the bot
    privately, then they get their own signed link, which opens their sheet."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        await world.say(PLAYER, "/sheet")
        assert f"{APP_LINK}?startapp={await world.token()}" in world.group_texts()[-1]
        await world.say(CAPTAIN, "/sheet", private=True)
        reply = world.recorder.texts(CAPTAIN)[-1]
        assert "Никому её не давайте" in reply
        pass_ = reply.split("#pass=")[1].split()[0]
        response = await client.post("/app/api/open", json={},
                                     headers={"X-Sheet-Pass": pass_})
        data = await response.json()
        assert response.status == 200 and data["hands_in"] is True, data
    finally:
        await client.close()


async def judge(client: TestClient, pass_: str, group: dict, verdict: str, request: str
                ) -> dict:
    response = await client.post("/app/api/judge", json={
        "key": group["key"], "verdict": verdict, "seen": group["verdict"], "request": request},
        headers={"X-Sheet-Pass": pass_})
    assert response.status == 200, await response.text()
    return await response.json()


async def test_sync10_the_jury_sees_an_appeal_with_the_teams_answer_and_votes_on_the_desk(
        world):
    """Given question 1 judged on the desk (Команда 2's answer wrong) and Команда 2's appeal
    for a double answer filed in the chat, when the host and the duty team's captain open the
    page, then both see the appeal with the team's answer and may vote; when both accept it on
    the page, the game chat hears the jury's decision (SYNC-9a, SYNC-10, SYNC-11), and a
    second vote is refused."""
    await world.sync_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        captain_pass = data["pass"]
        await hand_in(client, captain_pass, "Пушкин", "p" * 16)
        _, data = await opened(client, world, OTHER_CAPTAIN)
        await hand_in(client, data["pass"], "Лермонтов", "l" * 16)
        await world.advance(80)
        _, data = await opened(client, world, HOST)
        host_pass = data["pass"]
        for n, group in enumerate(data["groups"]):
            verdict = "accept" if group["text"] == "Пушкин" else "reject"
            data = await judge(client, host_pass, group, verdict, f"judge{n:04d}")
        await world.say(OTHER_CAPTAIN, "/appeal double 1 Лермонтов тоже подходит")
        _, data = await opened(client, world, HOST)
        (appeal,) = data["appeals"]
        assert appeal["heading"] == "«Команда 2», вопрос 1: зачёт двойного ответа"
        assert "Ответ команды: «Лермонтов»" in appeal["lines"] and appeal["can_vote"]
        _, data = await opened(client, world, CAPTAIN)
        assert [a["can_vote"] for a in data["appeals"]] == [True], data
        for pass_, request in ((host_pass, "vote0001"), (captain_pass, "vote0002")):
            response = await client.post("/app/api/vote", json={
                "team": appeal["team"], "accept": True, "request": request},
                headers={"X-Sheet-Pass": pass_})
            assert response.status == 200, await response.text()
        assert any("Жюри принимает апелляцию команды Команда 2" in text
                   for text in world.group_texts()), world.group_texts()
        response = await client.post("/app/api/vote", json={
            "team": appeal["team"], "accept": False, "request": "vote0003"},
            headers={"X-Sheet-Pass": host_pass})
        assert response.status == 409
        assert "окончательно" in (await response.json())["error"]
    finally:
        await client.close()


async def test_a_game_of_a_format_without_a_sheet_says_so(world):
    """Given a DUEL game in the group (its answers are given in the chat), when its host
    opens the sheet's link, then the page says this game has no answer sheet."""
    await world.say(HOST, "/start", private=True)
    await world.say(HOST, "/newgame duel")
    client = await client_of(world)
    try:
        status, data = await opened(client, world, HOST)
        assert status == 403 and "нет бланка ответов" in data["error"]
    finally:
        await client.close()


async def test_the_page_loads_nothing_from_elsewhere_but_telegrams_script_and_sets_no_cookie(
        world):
    """Given the sheet's page, when it is served for tests (Telegram stubbed) and for
    production, then it names no external asset but Telegram's own script in production, its
    Content-Security-Policy allows no other origin, and no cookie is set (CSRF-safe)."""
    client = await client_of(world)
    try:
        response = await client.get("/app", headers={"Accept-Language": "en"})
        page, policy = await response.text(), response.headers["Content-Security-Policy"]
        assert response.status == 200 and "Answer sheet" in page
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert "http" not in page and "http" not in directives["script-src"]
        assert directives["connect-src"] == "'self'" and directives["default-src"] == "'none'"
        assert "Set-Cookie" not in response.headers
        world.sheet.telegram = TELEGRAM_SCRIPT
        response = await client.get("/app")
        page, policy = await response.text(), response.headers["Content-Security-Policy"]
        assert f'<script src="{TELEGRAM_SCRIPT}"></script>' in page
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert page.count("http") == 1
        assert directives["script-src"] == "'unsafe-inline' https://telegram.org"
    finally:
        await client.close()
