"""The club's calendar through the Telegram adapter and a fake Bot API: a group's
administrator schedules a SYNC game with ``/schedule``, a member who is neither an
administrator nor a host is refused, and the announcement and the reminders arrive in the
group through the adapter's outbox (its per-group pacing) on virtual time."""

from __future__ import annotations

import pytest

from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, route
from bot.service import game_service
from storage.calendar import CalendarStore
from tests.adapters.telegram.conftest import ANNA, HOST, close, telegram_world
from tests.adapters.telegram.fake_telegram import GROUP_ID
from tests.formats import chat_commands, formats

DAY = 86_400


@pytest.fixture
async def tg(database_url, translator):
    """The Telegram world (``telegram_world``, starting 2026-01-01 19:00 UTC) whose service
    has the club's calendar on the world's virtual scheduler, in Moscow's zone."""
    world = await telegram_world(database_url, translator, make_formats=formats)
    calendar = CalendarService(CalendarStore(world.storage.engine), world.clock,
                               world.scheduler, world.adapter.messenger, translator)
    world.service = game_service(
        world.storage, world.adapter.messenger, world.scheduler, world.clock, translator,
        default_locale="en", formats=formats(),
        chat_commands={**chat_commands(world.storage),
                       "schedule": schedule_command(calendar, formats())})
    calendar.games = world.service
    world.scheduler.callback = route(calendar, world.service.on_timer)
    world.adapter.bind(world.service)
    yield world
    await close(world)


async def test_sync_2_an_administrator_schedules_and_the_group_gets_the_calendar(tg):
    """Given the group's administrator, when they schedule a SYNC game five days ahead and the
    days pass, then the group gets the game's announcement, the reminder a day before and the
    opening, each once; a member who hosts nothing is refused and nothing more is stored."""
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
