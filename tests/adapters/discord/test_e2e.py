"""End to end over a real connection: the adapter as ``chgk-bot run`` builds it (bootstrap's
``messenger_adapters`` and ``build_service``, SQLite in ``tmp_path``, virtual time) with the
real discord.py client logged in to a Discord stand-in on 127.0.0.1 (``fake_discord``): its
REST API and its gateway websocket."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from aiohttp import ClientSession
from pydantic import SecretStr

from bot.bootstrap import shutdown
from bot.ports import ChatRef, Outgoing, StartupError
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import (
    GAME_CHANNEL_ID,
    GUILD_ID,
    MESSAGE_CONTENT_INTENT,
    TOKEN,
    DiscordError,
    Request,
    user,
)
from tests.adapters.discord.gateway import Live, running, start_bot
from tests.conftest import shared_package

HOST = user(901, "ksenia", global_name="Ксения")
ANNA = user(902, "anna", global_name="Анна")
BORIS = user(903, "boris", global_name="Борис")
VERA = user(904, "vera", global_name="Вера")
PLAYERS = [user(910 + n, name.lower(), global_name=name)
           for n, name in enumerate(("Глеб", "Дарья", "Егор"))]
"""The rest of the team: DUEL plays with at least six (DUEL-2)."""
BORIS_NAMESAKE = user(905, "boris_k", global_name="Борис")
"""Another member called Борис: a member option names exactly the one picked."""

GAME = ChatRef("discord", str(GAME_CHANNEL_ID))
MANAGE_GUILD = 1 << 5
"""Discord's permission to manage the server: its holder is the chat's admin, a host."""


def author_answer(live: Live, number: int) -> str:
    """The author's answer to question ``number`` of the DUEL game in the channel."""
    game = live.bot.service.game_in(GAME)
    return game.package.questions[game.state.questions[number - 1]].answer


@pytest.fixture
def fake() -> FakeDiscord:
    """Discord with HOST, ANNA, BORIS, VERA, the PLAYERS and BORIS_NAMESAKE on the server."""
    fake = FakeDiscord()
    for person in (HOST, ANNA, BORIS, VERA, *PLAYERS, BORIS_NAMESAKE):
        fake.add_member(person)
    return fake


@pytest.fixture
async def live(server, settings, translator) -> AsyncIterator[Live]:
    """A bot connected to the fake Discord."""
    async with running(server, settings, translator) as live:
        yield live


async def test_duel_3_5_a_game_over_the_gateway_to_the_end_through_a_resume_and_a_restart(
        live):
    fake, path = live.fake, shared_package("01_")
    await live.slash(HOST, "chgk new", format="duel")
    await live.slash(HOST, "chgk package", file=(path.name, path.read_bytes()))
    await live.slash(ANNA, "chgk team", team="Знатоки")
    await live.slash(BORIS, "chgk join", team="Знатоки")
    for player in (VERA, *PLAYERS):
        await live.slash(player, "chgk join", team="Знатоки")
    await live.slash(HOST, "duel host start", anyway=True)  # no sector 13, blitz, superblitz

    given: list[tuple[str, dict[str, Any], int]] = []  # (text, answerer, posts before verdict)
    for number in range(1, 8):
        if number == 2:
            await live.write(ANNA, "2")  # a captain's bare number in the channel picks
        else:
            await live.slash(ANNA, "duel captain pick", number=number)
        await live.advance(2)
        answerer = (BORIS, VERA)[number % 2]
        await live.slash(ANNA, "duel captain answerer", player=answerer)
        text = author_answer(live, number) if number != 6 else "не знаем"
        if number == 5:
            await live.slash(answerer, "chgk answer", text=text)
        else:
            await live.write(answerer, text, dm=True)
        given.append((text, answerer, len(fake.posted)))
        suggestion = next(p for p in reversed(fake.dm(HOST)) if p.buttons)
        if number == 3:
            # Discord asks the client to reconnect; the press meanwhile comes on RESUME.
            await live.server.reconnect()
        if number == 4:
            # The bot is stopped with the host's verdict pending and started again: the new
            # process takes the press of the button the old one posted.
            await live.restart()
        await live.press(HOST, suggestion, "Засчитать" if number != 6 else "Не засчитывать")
    await live.slash(ANNA, "duel captain best", question=6)
    await live.slash(ANNA, "duel captain best", player=BORIS)

    texts = fake.texts()
    assert texts[0].startswith("Игра «Дуэль» открыта")
    assert "Пакет для игры выбран: 36 вопросов." in texts
    assert any(t.startswith("Пакет «") for t in fake.ephemeral(HOST))  # the check, to the host
    assert any("\nПобеда знатоков! Команда «Знатоки» выиграла со счётом 6:1." in t
               for t in texts)
    assert texts[-1].startswith("Голосование окончено. Победили знатоки, 6:1.")
    # The game's table at the win is an embed showing its attached PNG.
    [table] = [p for p in fake.posted if p.message["attachments"]
               and p.channel_id == GAME_CHANNEL_ID]
    assert table.text.startswith("Счёт: команда «Знатоки» 6 — ведущий 1.")
    assert table.message["attachments"][0]["filename"] == "table.png"
    # Privacy (DUEL-3.5): until the verdict an answer reaches the host and, as a receipt,
    # the answerer, privately; the channel sees it with the verdict. What the host alone
    # may see (the author's answer beside the team's) never reaches the channel.
    for text, answerer, before in given:
        early = [p.text for p in fake.posted[:before]
                 if p.channel_id == GAME_CHANNEL_ID and not p.ephemeral]
        assert not any(f"«{text}»" in t for t in early), text
        receipts = [p.text for p in fake.dm(answerer)] + fake.ephemeral(answerer)
        assert f"Ответ принят: «{text}»." in receipts
        assert any(f"Ответ команды: «{text}»" in t for t in texts), text
    assert not any("Авторский ответ" in t for t in texts)
    assert sum("Авторский ответ" in p.text for p in fake.dm(HOST)) == 7
    # Each verdict's buttons were taken off once pressed, the one the old process posted too.
    assert not [p.buttons for p in fake.dm(HOST) if "Авторский ответ" in p.text and p.buttons]
    # The member picked was named by id: the namesake of Boris heard nothing.
    assert fake.dm(BORIS_NAMESAKE) == [] and fake.ephemeral(BORIS_NAMESAKE) == []
    # Two processes logged in and synced the commands to the server, one connection
    # resumed; every interaction was acknowledged once and in time; no unknown route.
    assert len(fake.identifies) == 2 and len(fake.resumes) == 1
    synced = fake.synced[GUILD_ID]
    assert {c["name"] for c in synced} == {"chgk", "duel", "sync", "tv", "league", "schedule"}
    assert all(c["name_localizations"].keys() >= {"ru", "en-US"} for c in synced)
    assert all(len(i.callbacks) == 1 for i in fake.interactions.values())
    assert [r for r in fake.requests if not r.ok] == []


async def _duel_scheduled_two_days_ahead(live) -> tuple[datetime, str]:
    """The host's ``/schedule add`` of a DUEL game at the next full hour two days ahead in
    Moscow; its start (aware) and that start as the channel reads it."""
    zone = ZoneInfo("Europe/Moscow")
    ahead = (live.bot.scheduler.clock.now() + timedelta(days=2)).astimezone(zone)
    start = ahead.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    await live.slash(HOST, "schedule add", format="duel", on=start.strftime("%Y-%m-%d"),
                     at=start.strftime("%H:%M"))
    return start, start.strftime("%Y-%m-%d %H:%M")


async def test_a_scheduled_game_is_announced_and_reminded_in_the_channel_over_the_gateway(
        live):
    # Given the bot connected to Discord, when the host schedules a DUEL game two days ahead
    # with /schedule add and the eve of the game passes with the bot restarted meanwhile, then
    # the channel hears the schedule, the announcement and the day-before reminder, once
    # each, in the club's zone, and Discord refused no request.
    _host_manages_the_server(live.fake)
    start, date = await _duel_scheduled_two_days_ahead(live)
    await live.restart()
    await live.advance((start - timedelta(days=1) - live.bot.scheduler.clock.now())
                       .total_seconds() + 60)
    texts = live.fake.texts()
    scheduled = f"Игра 1 в расписании: дуэль, {date} (Europe/Moscow)."
    announced = f"Игра: дуэль, {date} (Europe/Moscow). В назначенное время бот откроет игру"
    reminded = f"Напоминание: игра (дуэль) — {date} (Europe/Moscow)."
    for text in (scheduled, announced, reminded):
        assert sum(t.startswith(text) for t in texts) == 1, text
    order = [next(i for i, t in enumerate(texts) if t.startswith(text))
             for text in (scheduled, announced, reminded)]
    assert order == sorted(order)
    assert "/chgk команда НАЗВАНИЕ" in texts[order[1]]  # in Discord's spelling of commands
    assert [r for r in live.fake.requests if not r.ok] == []


def _host_manages_the_server(fake: FakeDiscord) -> None:
    """HOST gets a role with the permission to manage the server: a host of the channel."""
    moderators = {**fake.roles[0], "id": str(GUILD_ID + 2), "name": "Модераторы",
                  "position": 1, "permissions": str(MANAGE_GUILD)}
    fake.roles.append(moderators)
    fake.members[int(HOST["id"])]["roles"] = [moderators["id"]]


class ChannelLimit:
    """Discord's rate limit on posting into a channel, for ``FakeDiscord.throttle``: at most
    ``count`` messages in any ``period`` seconds (of the real monotonic clock); one more is
    answered with a 429 and the seconds until a slot frees, which discord.py waits out
    before it posts again. ``posts`` holds every post's request, refused ones included."""

    def __init__(self, count: int, period: float) -> None:
        self.count = count
        self.period = period
        self.posts: list[Request] = []
        self._times: list[float] = []

    def __call__(self, request: Request) -> DiscordError | None:
        if request.method != "POST" or request.path != f"/channels/{GAME_CHANNEL_ID}/messages":
            return None
        self.posts.append(request)
        now = time.monotonic()
        self._times = [t for t in self._times if t > now - self.period]
        if len(self._times) >= self.count:
            return DiscordError.rate_limited(self._times[-self.count] + self.period - now)
        self._times.append(now)
        return None


async def test_calendar_steps_due_together_keep_to_the_channels_rate_limit_once_each(
        fake, server, settings, translator):
    # Given Discord limiting the channel to one message in two seconds and a DUEL game
    # scheduled two days ahead
    limit = ChannelLimit(1, 2.0)
    fake.throttle = limit
    _host_manages_the_server(fake)
    async with running(server, settings, translator) as live:
        start, date = await _duel_scheduled_two_days_ahead(live)
        # When the eve of the game passes: the announcement and the day-before reminder
        # come one right after the other
        await live.advance((start - timedelta(days=1) - live.bot.scheduler.clock.now())
                           .total_seconds() + 60)
    # Then Discord told the bot to wait, and each step reached the channel once, in order
    texts = fake.texts()
    steps = [f"Игра: дуэль, {date} (Europe/Moscow).",
             f"Напоминание: игра (дуэль) — {date} (Europe/Moscow)."]
    found = [[i for i, text in enumerate(texts) if text.startswith(step)] for step in steps]
    assert [len(places) for places in found] == [1, 1], texts
    assert found[0] < found[1]
    assert [r.status for r in limit.posts].count(429) >= 1
    assert all(r.ok or r.status == 429 for r in fake.requests)


async def test_rate_limits_and_long_texts_reach_the_channel_whole_and_in_order(
        fake, server, settings, translator):
    posts = []

    def throttle(request: Request) -> DiscordError | None:
        if request.method != "POST" or request.path != f"/channels/{GAME_CHANNEL_ID}/messages":
            return None
        posts.append(request)
        return DiscordError.rate_limited(0.05) if len(posts) in (2, 4) else None

    fake.throttle = throttle
    long = "\n".join(f"Строка {n}: " + "слово " * 20 for n in range(1, 41))
    expected = ["Сообщение 1", "Сообщение 2", long, "Сообщение 3"]
    async with running(server, settings, translator) as live:
        for text in expected:
            await live.bot.adapter.messenger.send(Outgoing(GAME, text))
        await live.settled()
        # The ops endpoint's count of Discord's 429s has both.
        assert live.bot.adapter.throttled() == 2
    texts = fake.texts()
    assert "\n".join(texts[2:-1]) == long and len(texts) > 4  # split under Discord's limit
    assert [texts[0], texts[1], texts[-1]] == [expected[0], expected[1], expected[3]]
    assert all(len(p.message["content"]) <= 2000 for p in fake.in_channel())
    assert [r.status for r in posts].count(429) == 2


async def test_without_the_message_content_intent_it_connects_again_without_it(
        fake, server, settings, translator):
    fake.message_content = False
    async with running(server, settings, translator) as live:
        await live.slash(HOST, "chgk new", format="duel")
    first, second = fake.identifies
    assert first["intents"] & MESSAGE_CONTENT_INTENT
    assert not second["intents"] & MESSAGE_CONTENT_INTENT
    assert fake.texts()[0].startswith("Игра «Дуэль» открыта")


async def test_a_refused_token_stops_the_start_with_what_to_do(server, settings, translator):
    bot = await start_bot(settings.model_copy(update={"discord_token": SecretStr("wrong")}),
                          translator)
    try:
        with pytest.raises(StartupError) as refused:
            await bot.task
        assert refused.value.key == "startup-discord-token"
    finally:
        await shutdown(bot.storage, bot.scheduler)
    assert server.fake.requests[0].status == 401


async def test_the_fake_refuses_what_discord_refuses(fake, server):
    fake.synced[GUILD_ID] = [{"id": "1", "name": "chgk", "options": []}]
    first, late = (fake.command_event(HOST, "chgk", {}) for _ in range(2))
    for payload in (first, late):
        server.issue(payload)
    fake.interactions[int(late["id"])].created -= 4  # more than 3 s ago
    headers = {"Authorization": f"Bot {TOKEN}"}
    async with ClientSession(base_url=server.base_url) as http:

        async def call(method: str, path: str, body: Any = None) -> tuple[int, Any]:
            async with http.request(method, f"/api/v10{path}", json=body,
                                    headers=headers) as response:
                return response.status, await response.json()

        callback = f"/interactions/{first['id']}/{first['token']}/callback"
        assert (await call("POST", callback, {"type": 5}))[0] == 200
        assert await call("POST", callback, {"type": 5}) == (400, {
            "message": "Interaction has already been acknowledged.", "code": 40060})
        late_callback = f"/interactions/{late['id']}/{late['token']}/callback"
        assert await call("POST", late_callback, {"type": 5}) == (
            404, {"message": "Unknown interaction", "code": 10062})
        status, body = await call("POST", f"/channels/{GAME_CHANNEL_ID}/messages",
                                  {"content": "я" * 2001})
        assert (status, body["code"]) == (400, 50035)
        assert await call("GET", "/guilds/1/audit-logs") == (
            404, {"message": "404: Not Found", "code": 0})
    assert [r.path for r in fake.unknown] == ["/guilds/1/audit-logs"]
