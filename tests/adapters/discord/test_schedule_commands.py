"""The ``/schedule`` slash commands of the club's calendar: each hands the service the
``/schedule`` chat command it understands; the date option suggests the next days as typed;
a host's schedule is said in the channel, a player's attempt refused to them alone; the
announcement and the reminders reach the channel through the adapter's messenger."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from adapters.discord.bridge import Bridge
from adapters.discord.commands import build_commands, suggest_dates
from adapters.discord.spelling import DiscordSpelling
from bot.calendar.command import schedule_command
from bot.calendar.jobs import CalendarService, route
from bot.service import game_service
from storage.calendar import CalendarStore
from tests.adapters.discord.conftest import OPTIONS
from tests.adapters.discord.test_special_commands import said, started
from tests.formats import COMMAND_GROUPS, chat_commands, formats

__all__ = ["said"]  # the fixture, used by name

SCHEDULE_COMMANDS = [
    ("schedule list", {}, "/schedule"),
    ("schedule add", {"format": "sync", "on": "2030-01-11", "at": "19:00"},
     "/schedule sync 2030-01-11 19:00"),
    ("schedule add", {"format": "duel", "on": "2030-01-11", "at": "19:00", "weekly": True},
     "/schedule duel 2030-01-11 19:00 weekly"),
    ("schedule add", {"format": "sync", "on": "2030-01-11", "at": "19:00",
                      "counts": "qualifying"},
     "/schedule sync 2030-01-11 19:00 qualifying"),
    ("schedule move", {"game": 2, "on": "2030-01-12", "at": "18:30"},
     "/schedule move 2 2030-01-12 18:30"),
    ("schedule cancel", {"game": 3}, "/schedule cancel 3"),
]


@pytest.mark.parametrize(("path", "options", "text"), SCHEDULE_COMMANDS,
                         ids=[text for _, _, text in SCHEDULE_COMMANDS])
async def test_a_schedule_command_reaches_the_service(world, said, path, options, text):
    people = await started(world)
    await world.slash(people.host, path, **options)
    assert said[-1] == text


async def test_a_host_schedules_in_the_channel_and_a_player_is_refused_alone(world, said):
    people = await started(world)
    await world.slash(people.host, "schedule add", format="sync", on="2030-01-11", at="19:00")
    assert world.channel.texts[-1].startswith(
        "Game 1 is in the calendar: Sync, 2030-01-11 19:00 (Europe/Moscow).")
    refused = await world.slash(people.zoe, "schedule cancel", world.DM, game=1)
    assert refused.texts == ["Only a host changes the calendar: an administrator of the chat "
                             "or the host of its game. Anyone may see it (/schedule list)."]
    assert refused.replies[0].ephemeral


async def test_sync_1_a_host_picks_a_championship_from_the_kinds_offered(world, said):
    """Given the /schedule add command as Discord shows it, then its optional kind offers
    SYNC's three kinds in the server's language (SYNC-1); when a host picks the championship,
    then the channel is told the game is a championship."""
    add = next(c for group in world.groups if group.name == "schedule"
               for c in group.commands if c.name == "add")
    counts = next(p for p in add.parameters if p.name == "counts")
    assert not counts.required
    assert [c.value for c in counts.choices] == ["training", "qualifying", "championship"]
    assert counts.choices[1].name == "отборочная (учитывается в сезоне)"
    people = await started(world)
    await world.slash(people.host, "schedule add", format="sync", on="2030-01-11", at="19:00",
                      counts="championship")
    assert world.channel.texts[-1].startswith(
        "Game 1 is in the calendar: Sync, championship, 2030-01-11 19:00 (Europe/Moscow).")


async def test_the_date_option_suggests_the_next_days_as_typed():
    interaction = SimpleNamespace(created_at=datetime(2026, 12, 30, 10, 0, tzinfo=UTC))
    every = await suggest_dates(interaction, "")
    assert [c.value for c in every[:3]] == ["2026-12-30", "2026-12-31", "2027-01-01"]
    assert len(every) == 25
    assert [c.value for c in await suggest_dates(interaction, "2027-01-0")] == [
        f"2027-01-0{day}" for day in range(1, 10)]


@pytest.fixture
def calendar_world(world):
    """``world`` whose service has the club's calendar on the world's virtual scheduler, in
    Moscow's zone (the world starts at 2026-01-01 19:00 UTC)."""
    spell = DiscordSpelling(world.t, COMMAND_GROUPS)
    calendar = CalendarService(CalendarStore(world.storage.engine), world.clock,
                               world.scheduler, world.messenger, world.t,
                               spellings={"discord": spell})
    world.service = game_service(
        world.storage, world.messenger, world.scheduler, world.clock, world.t,
        formats=formats(**OPTIONS), default_locale="en", spellings={"discord": spell},
        chat_commands={**chat_commands(world.storage),
                       "schedule": schedule_command(calendar, formats())})
    calendar.games = world.service
    world.scheduler.callback = route(calendar, world.service.on_timer)
    world.bridge = Bridge(world.messenger, spell, default_locale="en", voice=world.voice,
                          service=world.service)
    world.groups = build_commands(world.bridge, world.t, "ru", COMMAND_GROUPS)
    return world


async def test_a_scheduled_game_is_announced_and_reminded_in_the_channel(calendar_world):
    """Given a host who opened a DUEL game in the channel, when they schedule a TV game two
    days ahead and the days pass with the DUEL game still on, then the channel gets the
    announcement and the reminders (naming Discord's commands), once each, and at the time
    how to open the TV game once the DUEL game ends."""
    world = calendar_world
    host = world.person("Host")
    await world.slash(host, "new", format="duel")
    await world.slash(host, "schedule add", format="tv", on="2026-01-03", at="20:00")
    await world.advance(2 * 86_400)
    texts = world.channel.texts
    for text in ("A game: TV, 2026-01-03 20:00 (Europe/Moscow). At the time the bot opens "
                 "the game for the host; teams register in the game: /chgk team NAME.",
                 "Reminder: a game (TV) on 2026-01-03 20:00 (Europe/Moscow).",
                 "In an hour, at 2026-01-03 20:00 (Europe/Moscow), a game: TV.",
                 "Time for the game (TV, 2026-01-03 20:00), but the chat's game is still "
                 "on. Host, when it ends, open this one: /chgk new format:What? Where? When? "
                 "(TV)."):
        assert texts.count(text) == 1, "\n---\n".join(texts)
