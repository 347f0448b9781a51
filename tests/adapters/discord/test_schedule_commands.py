"""The ``/schedule`` slash commands of the club's calendar: each hands the service the
``/schedule`` chat command it understands; the date option suggests the next days as typed;
a host's schedule is said in the channel, a player's attempt refused to them alone."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from adapters.discord.commands import suggest_dates
from tests.adapters.discord.test_special_commands import said, started

__all__ = ["said"]  # the fixture, used by name

SCHEDULE_COMMANDS = [
    ("schedule list", {}, "/schedule"),
    ("schedule add", {"format": "sync", "on": "2030-01-11", "at": "19:00"},
     "/schedule sync 2030-01-11 19:00"),
    ("schedule add", {"format": "duel", "on": "2030-01-11", "at": "19:00", "weekly": True},
     "/schedule duel 2030-01-11 19:00 weekly"),
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


async def test_the_date_option_suggests_the_next_days_as_typed():
    interaction = SimpleNamespace(created_at=datetime(2026, 12, 30, 10, 0, tzinfo=UTC))
    every = await suggest_dates(interaction, "")
    assert [c.value for c in every[:3]] == ["2026-12-30", "2026-12-31", "2027-01-01"]
    assert len(every) == 25
    assert [c.value for c in await suggest_dates(interaction, "2027-01-0")] == [
        f"2027-01-0{day}" for day in range(1, 10)]
