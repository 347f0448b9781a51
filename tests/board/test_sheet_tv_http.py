"""TV's club tables on the answer sheet over HTTP (aiohttp's test client against the real
board server, service and database): a club table hands in during the minute with its
receipt in the HTTP answer, the central table does not (TV-5, TV-2), and the host opens the
club answers on the desk and judges a group with one click, as ``/clubs`` and ``/club`` do
in the chat."""

from __future__ import annotations

import pytest

from tests.board.sheet_world import CAPTAIN, CENTRAL, HOST, OTHER_CAPTAIN, PLAYER, SheetWorld
from tests.board.test_sheet_http import client_of, hand_in, opened, stored_events


@pytest.fixture
async def world(database_url):
    world = await SheetWorld.open(database_url)
    yield world
    await world.close()


async def post(client, path: str, pass_: str, body: dict) -> tuple[int, dict]:
    response = await client.post(path, json=body, headers={"X-Sheet-Pass": pass_})
    return response.status, await response.json()


async def test_tv5_a_club_tables_captain_hands_in_on_the_sheet_and_the_central_table_may_not(
        world):
    """Given a TV envelope in its minute, when Бета's captain (a club table) opens the sheet
    and hands in, then the HTTP answer carries the receipt with its time, the game's log
    holds it as the chat's private answer would, and no receipt goes out over the Bot API;
    Гамма's captain sees none of it; the central table's captain gets no answer field, and a
    hand-in from them is refused with nothing stored (TV-5: the club tables answer in
    writing; TV-2: the central table answers aloud)."""
    await world.tv_asked()
    client = await client_of(world)
    try:
        status, data = await opened(client, world, CAPTAIN)
        assert status == 200, data
        assert "Вы капитан команды «Бета»" in data["sheet"]
        assert data["hands_in"] is True and data["left"] == pytest.approx(60, abs=1)
        sent_before = len(world.recorder.sent)
        status, data = await hand_in(client, data["pass"], "Эйфель")
        assert status == 200, data
        assert "Принято: «Эйфель», в 19:00:00 UTC" in data["sheet"]
        state = (await world.service.load_game(1)).state
        assert [a.text for a in state.written.answers.values()] == ["Эйфель"]
        assert world.recorder.sent[sent_before:] == []
        _, data = await opened(client, world, OTHER_CAPTAIN)
        assert "Эйфель" not in data["sheet"] and "desk" not in data
        status, data = await opened(client, world, CENTRAL)
        assert status == 200 and data["hands_in"] is False
        assert "за центральным столом" in data["sheet"]
        before = await stored_events(world)
        status, data = await hand_in(client, data["pass"], "Эйфель", "c" * 16)
        assert status == 409 and data["error"]
        assert await stored_events(world) == before
    finally:
        await client.close()


async def test_tv5_any_player_of_a_club_table_hands_in_as_in_the_chat(world):
    """Given a TV envelope in its minute, when Вера, a player of Бета who is not its captain,
    opens the sheet, then she may hand in for her team, as a private message in the chat
    would (TV-5: the club table answers, whoever of it writes)."""
    await world.tv_asked()
    client = await client_of(world)
    try:
        status, data = await opened(client, world, PLAYER)
        assert status == 200 and data["hands_in"] is True, data
        assert "любой её игрок" in data["sheet"]
        status, data = await hand_in(client, data["pass"], "Эйфель")
        assert status == 200 and "Принято: «Эйфель»" in data["sheet"], data
    finally:
        await client.close()


async def test_tv5_the_host_opens_the_club_answers_on_the_desk_and_judges_a_group(world):
    """Given both club tables' equal answers and the minute over, when the host opens the
    desk, then it offers to open the answers for judging (no answer shows while the window
    is open; a captain may not open them, nothing stored); when the host opens them there,
    the desk shows one group of two teams, and one click judges it: the game chat hears
    the club tables' result as after ``/club``, and the captain's sheet shows the verdict
    and the team's line (TV-5, TV-6)."""
    await world.tv_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        captain_pass = data["pass"]
        await hand_in(client, captain_pass, "Эйфель")
        _, data = await opened(client, world, HOST)
        assert data["groups"] == [] and "queue" not in data
        assert "ещё принимаются" in data["desk"]
        _, data = await opened(client, world, OTHER_CAPTAIN)
        await hand_in(client, data["pass"], "эйфель")
        await world.advance(61)
        _, data = await opened(client, world, HOST)
        host_pass, number = data["pass"], data["queue"]["number"]
        assert data["groups"] == [] and "2 ответа" in data["desk"]
        before = await stored_events(world)
        status, refused = await post(client, "/app/api/queue", captain_pass,
                                     {"number": number, "request": "q" * 16})
        assert status == 409 and "ведущий" in refused["error"], refused
        assert await stored_events(world) == before
        status, data = await post(client, "/app/api/queue", host_pass,
                                  {"number": number, "request": "h" * 16})
        assert status == 200, data
        assert "queue" not in data
        (group,) = data["groups"]
        assert group["teams"] == 2 and group["verdict"] is None
        status, data = await post(client, "/app/api/judge", host_pass, {
            "key": group["key"], "verdict": "accept", "seen": None, "request": "j" * 16})
        assert status == 200, data
        assert [g["verdict"] for g in data["groups"]] == ["accept"]
        assert "Все группы проверены" in data["desk"]
        assert any(f"вопрос {number} оценены: верно ответили 2 стола" in text
                   for text in world.group_texts()), world.group_texts()
        _, data = await post(client, "/app/api/sheet", captain_pass, {})
        assert "Засчитано." in data["sheet"] and "1 очко" in data["sheet"]
    finally:
        await client.close()


async def test_tv5_answers_the_host_opened_in_the_chat_are_on_the_desk_at_once(world):
    """Given a club table's answer and the minute over, when the host has opened the club
    answers with ``/clubs`` in the chat, then the desk shows their groups straight away,
    with nothing left to open."""
    await world.tv_asked()
    client = await client_of(world)
    try:
        _, data = await opened(client, world, CAPTAIN)
        await hand_in(client, data["pass"], "Эйфель")
        await world.advance(61)
        await world.say(HOST, "/clubs")
        _, data = await opened(client, world, HOST)
        assert "queue" not in data
        assert [g["text"] for g in data["groups"]] == ["Эйфель"]
        assert "Осталось проверить 1 группу" in data["desk"]
    finally:
        await client.close()


async def test_sheet_written_privately_in_a_tv_game_gives_a_club_player_their_link(world):
    """Given a TV game whose envelope is in its minute, when Бета's captain writes /sheet to
    the bot privately, then they get their own signed link, which opens their club table's
    sheet with the answer field (TV-5)."""
    await world.tv_asked()
    client = await client_of(world)
    try:
        await world.say(CAPTAIN, "/sheet", private=True)
        reply = world.recorder.texts(CAPTAIN)[-1]
        assert "#pass=" in reply, reply
        pass_ = reply.split("#pass=")[1].split()[0]
        status, data = await post(client, "/app/api/open", pass_, {})
        assert status == 200 and data["hands_in"] is True, data
        assert "«Бета»" in data["sheet"]
    finally:
        await client.close()
