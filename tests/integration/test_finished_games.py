"""A finished game leaves the service's memory; its log stays, and what may still reach it
after the end is read back from the log (the bench's memory check after
10,000 finished games, docs/performance.md, Memory)."""

from __future__ import annotations

import gc
import weakref

import pytest

from tests.integration.test_service_duel_rules import Table, won
from tests.integration.world import GROUP, service_world


@pytest.fixture
async def world(database_url):
    world = Table(**vars(await service_world(database_url)))
    yield world
    await world.close()


def held(world: Table) -> int:
    """How many games the service keeps in memory (what the garbage collector's policy reads
    as the load, ``bot.collector``)."""
    return world.service.games_in_memory()


async def test_an_aborted_game_leaves_memory_and_its_state_is_collected(world):
    # Given a live game.
    await world.start("boris")
    assert held(world) == 1
    game = world.service.game(1)
    gone = weakref.ref(game)
    del game
    # When the host stops it.
    await world.say("host", "/abort")
    gc.collect()
    # Then nothing of it is held any more: not the game, not its state.
    assert held(world) == 0
    assert gone() is None
    # And its log is still in the database.
    assert [g.status for g in await world.storage.games()] == ["aborted"]


async def test_a_command_after_the_game_left_memory_is_answered_from_its_log(world):
    # Given a game won 6:0 that has left memory.
    await won(world)
    gc.collect()
    assert held(world) == 0
    # Then the score and the table are still the game's, read back from its log.
    assert await world.say("anna", "/score") == "Score: team “Owls” 6 — host 0."
    table = await world.say("anna", "/table")
    assert table.startswith("Score: team “Owls” 6 — host 0.") and "(6:0)" in table
    # And a command the game no longer takes is told so.
    assert await world.say("anna", "/pick 8") == "The game is over."
    # And nothing is held afterwards.
    gc.collect()
    assert held(world) == 0


async def test_duel_3_9_the_vote_reaches_the_finished_game_after_it_left_memory(world):
    # Given a game won 6:0 that has left memory, its vote still open.
    await won(world)
    assert held(world) == 0
    # When the captain votes, then the host closes the vote.
    assert (await world.say("anna", "/best player boris")).endswith(
        "best player: boris. No appeals after the game.")
    await world.say("host", "/closevote")
    # Then the votes are in its log, and the game is not held.
    state = (await world.service.load_game(1)).state
    assert state.roster.name(state.best_player) == "boris" and not state.vote_open
    assert held(world) == 0
    assert await world.say("anna", "/best player boris") == "The game is over."


async def test_table_talk_after_the_game_reads_no_log_and_gets_no_answer(world):
    # Given an aborted game that left memory.
    await world.start("boris")
    await world.say("host", "/abort")
    sent = len(world.recorder.sent)
    reads = 0
    events = world.storage.events

    async def counted(game_id: int):
        nonlocal reads
        reads += 1
        return await events(game_id)

    world.storage.events = counted
    # When people chat in the group, a bare number among it.
    for text in ("good game", "5", "see you next week"):
        await world.say("anna", text)
    # Then the bot stays silent and reads no log; a new game opens without reading one either.
    assert len(world.recorder.sent) == sent and reads == 0
    assert (await world.say("host", "/newgame duel")).startswith("A DUEL game is open")
    assert reads == 0
    assert world.service.game_in(GROUP).info.id == 2


def remembered(world: Table, ids: dict[int, str]) -> set[str]:
    """Which of the people ``ids`` (player id -> platform id) the service still keeps: their
    player id by account, private chat or language."""
    service = world.service
    return {who for player, who in ids.items() if ("test", who) in service.directory._players
            or player in service.directory._dm or player in service.directory._locales}


async def test_the_people_of_a_game_that_left_memory_are_forgotten_and_found_again(
        world):
    # Given a game with its host, captain, a player and the keeper, which the host stops.
    await world.start("boris", keeper=True)
    people = {world.service.directory._players[("test", who)][0]: who
              for who in ("host", "anna", "boris", "ksenia")}
    assert remembered(world, people) == set(people.values())
    await world.say("host", "/abort")
    # Then the service keeps none of them (their accounts stay in the database).
    assert held(world) == 0 and remembered(world, people) == set()
    # When the same people play the next game, nothing of them is lost: the answerer's private
    # prompt and the host's private verdict prompt reach them, and they are known again.
    await world.start("boris")
    await world.say("anna", "1")
    await world.scheduler.advance(60)
    await world.say("anna", "/answerer boris")
    assert world.recorder.texts("boris")[-1] == "Your answer, please: write it here."
    await world.say("boris", "Pushkin", private=True)
    assert world.recorder.texts("host")[-1].startswith("Answer: “Pushkin”.")
    assert remembered(world, people) == {"host", "anna", "boris"}


async def test_a_chat_forgets_who_it_has_seen_with_its_game_and_reads_them_back(world):
    # Given a game where Ksenia wrote once and was named the keeper, which the host stops.
    await world.start("boris", keeper=True)
    assert world.service.people.sightings() > 0
    await world.say("host", "/abort")
    # Then the service holds nobody's sightings any more (they stay in the database).
    assert world.service.people.sightings() == 0
    # When the next game names her again without her writing since, she is found.
    await world.start("boris")
    assert await world.say("host", "/keeper ksenia") == "ksenia is the keeper of traditions."


async def test_bot_people_someone_seen_only_in_private_is_named_in_the_game_chat(world):
    # Given Ksenia, who has only written to the bot privately, never in the game's chat.
    await world.say("ksenia", "hello", private=True)
    await world.start("boris")
    # When the host names her the keeper in the game chat, she is found on the platform.
    assert await world.say("host", "/keeper ksenia") == "ksenia is the keeper of traditions."
    # And a name nobody on the platform has is refused, to the host privately.
    await world.say("host", "/keeper nobody")
    assert world.recorder.texts("host")[-1].startswith("Nobody called “nobody”")
