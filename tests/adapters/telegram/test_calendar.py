"""The club's calendar through the Telegram adapter and a fake Bot API that keeps a group's
budget as Telegram does (``GroupBudget``: past it, a 429): a group's administrator schedules
a SYNC game with ``/schedule``, a member who is neither an administrator nor a host is
refused, and the announcement and the reminders arrive in the group through the adapter's
outbox (its per-group pacing) on virtual time, each once and never refused, also when a step
comes while a game in the group fills its budget. Telegram allows about 20 messages a minute
into a group; a budget of 4 in 2 seconds keeps the tests short."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, route
from bot.service import game_service
from storage.calendar import CalendarStore
from tests.adapters.telegram.conftest import (
    ANNA,
    FAST,
    GAME,
    HOST,
    close,
    duel_of_two,
    telegram_world,
)
from tests.adapters.telegram.fake_telegram import GROUP_ID, FakeTelegram, GroupBudget
from tests.formats import chat_commands

DAY = 86_400
BUDGET = (4, 2.0)
LIMITS = replace(FAST, group=(4, 2.5))
"""The bot's window a little longer than Telegram's: a send is counted by the bot before its
HTTP call and by Telegram on arrival, and arrivals may come closer together than departures."""


@pytest.fixture
def budget() -> GroupBudget:
    """The group's budget the fake Bot API keeps; ``refused`` counts its 429s."""
    return GroupBudget(*BUDGET)


@pytest.fixture
async def tg(database_url, translator, budget):
    """The Telegram world (``telegram_world``, starting 2026-01-01 19:00 UTC) whose service
    has the club's calendar on the world's virtual scheduler, in Moscow's zone (the group's
    next game on the sample DUEL package, DUEL teams of two or more), its outbox
    paced to the group's ``budget``, which the fake Bot API enforces."""
    world = await telegram_world(database_url, translator, LIMITS, make_formats=duel_of_two,
                                 fake=FakeTelegram(trouble=budget))
    calendar = CalendarService(CalendarStore(world.storage.engine), world.clock,
                               world.scheduler, world.adapter.messenger, translator)
    package = world.service.uploads.chosen(GAME)
    world.service = game_service(
        world.storage, world.adapter.messenger, world.scheduler, world.clock, translator,
        default_locale="en", formats=duel_of_two(),
        chat_commands={**chat_commands(world.storage),
                       "schedule": schedule_command(calendar, duel_of_two())})
    world.service.set_chat_package(GAME, package)
    calendar.games = world.service
    world.scheduler.callback = route(calendar, world.service.on_timer)
    world.adapter.bind(world.service)
    yield world
    await close(world)


async def test_sync_2_an_administrator_schedules_and_the_group_gets_the_calendar(tg, budget):
    """Given the group's administrator, when they schedule a SYNC game five days ahead and the
    days pass, then the group gets the game's announcement, the reminder a day before and the
    opening, each once and within the group's budget; a member who hosts nothing is refused
    and nothing more is stored."""
    tg.fake.members[(GROUP_ID, HOST["id"])] = "administrator"
    await tg.say(ANNA, "/schedule sync 2026-01-07 12:00")
    assert tg.texts()[-1].startswith("Only a host changes the calendar")
    await tg.say(HOST, "/schedule sync 2026-01-06 19:00")
    assert tg.texts()[-1].startswith(
        "Game 1 is in the calendar: Sync, 2026-01-06 19:00 (Europe/Moscow).")
    await tg.advance(60)
    assert tg.texts()[-1].startswith("The game is at 2026-01-06 19:00. Registration until")
    await tg.advance(5 * DAY)
    texts = tg.texts()
    for text in ("Reminder: a game (Sync) on 2026-01-06 19:00 (Europe/Moscow).",
                 "In an hour, at 2026-01-06 19:00 (Europe/Moscow), a game: Sync.",
                 "Time for the game (Sync, 2026-01-06 19:00): it is open. Ksenia Hostova, "
                 "start when everyone is here."):
        assert texts.count(text) == 1, texts
    assert len(await CalendarStore(tg.storage.engine).entries()) == 1
    assert budget.refused == 0


async def test_a_calendar_step_waits_its_turn_while_a_game_fills_the_groups_budget(
        tg, budget):
    """Given a DUEL game on in the group and a TV game scheduled two days ahead, when the
    calendar's announcement comes while the game's question and the end of its minute are
    being sent (more than the group's budget at once), and then the reminders and the TV
    game's time come, then the game's messages and every step of the calendar arrive once
    each, in order, and Telegram refused nothing: the steps waited their turn in the group's
    outbox, behind the game's question and signals."""
    tg.fake.members[(GROUP_ID, HOST["id"])] = "administrator"
    await tg.started()
    await tg.say(HOST, "/schedule tv 2026-01-03 20:00")
    await tg.say(ANNA, "/pick 2")
    await tg.advance(60)
    texts = tg.texts()
    assert texts[-1].startswith("Time!\nAnna, who answers?"), texts
    assert len(tg.fake.sent(GROUP_ID)) > BUDGET[0]
    await tg.advance(2 * DAY)
    texts = tg.texts()
    steps = ["Game 1 is in the calendar: TV, 2026-01-03 20:00 (Europe/Moscow).",
             "A game: TV, 2026-01-03 20:00 (Europe/Moscow).",
             "10 seconds left!",
             "Time!",
             "Reminder: a game (TV) on 2026-01-03 20:00 (Europe/Moscow).",
             "In an hour, at 2026-01-03 20:00 (Europe/Moscow), a game: TV.",
             "Time for the game (TV, 2026-01-03 20:00), but the chat's game is still on."]
    found = [[i for i, text in enumerate(texts) if text.startswith(step)] for step in steps]
    assert all(len(places) == 1 for places in found), list(zip(steps, found, strict=True))
    # The announcement may come after the game's signals (they overtake chatter), never
    # before what the host said; the reminders come in the order of their days.
    assert found[0] < found[1] and found[3] < found[4] < found[5] < found[6]
    assert budget.refused == 0
    assert all(call.ok for call in tg.fake.calls if call.chat_id == GROUP_ID)
