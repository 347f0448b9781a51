"""Finished games' results read from their logs by their format's decider (``bot.results``):
what seasons count, with no format imported by the season."""

from __future__ import annotations

from datetime import timedelta

from bot.results import GameResults
from rules.base import SideResult
from tests.formats import formats
from tests.unit.test_season_service import T0, person, stored_game


async def test_duel_6_3_1_a_game_ended_when_it_was_won_not_when_its_vote_came(storage):
    game = await stored_game(storage, "Совы", "anna", [True] * 6, vote=timedelta(hours=4))
    played = await GameResults(storage, formats()).read(game)
    assert played is not None and played.format == "duel" and not played.training
    assert played.host == await person(storage, "host")
    assert played.ended_at == T0
    result = played.result
    assert result is not None and result.target == 6 and not result.decisive
    team = await storage.people.team("Совы")
    assert result.sides == (SideResult("Совы", 6, 1, team), SideResult("host", 0, 2))
    assert result.best_player == (await person(storage, "anna"), "anna")


async def test_duel_2_2_a_training_game_says_so(storage):
    game = await stored_game(storage, "Совы", "anna", [True] * 6, training=True)
    played = await GameResults(storage, formats()).read(game)
    assert played is not None and played.training


async def test_a_live_game_has_no_result_and_no_end(storage):
    game = await stored_game(storage, "Совы", "anna", [True] * 6)
    rows = (await storage.events(game))[:3]  # created, team registered, started
    live = await storage.create_game("duel", "test:live", None, "ru", rows)
    played = await GameResults(storage, formats()).read(live)
    assert played is not None and played.result is None and played.ended_at is None


async def test_no_such_game_or_a_format_this_bot_does_not_play_reads_as_none(storage):
    results = GameResults(storage, formats())
    assert await results.read(999) is None and await results.format_of(999) is None
    other = await storage.create_game("sync", "test:sync", None, "ru", [])
    assert await results.format_of(other) == "sync"
    assert await results.read(other) is None
