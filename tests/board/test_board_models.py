"""Each format's scoreboard page as a read model (``bot/formats/<fmt>/board.py``): the
events of a game played in the console go in, what the page keeps comes out; and the page
followed live through the commits is the page folded anew from the stored log after a
restart, so a restarted bot shows what the page showed before."""

from __future__ import annotations

import pytest

from bot.bootstrap import SAMPLE_TV_PACKAGE
from bot.formats.duel.board import Appeal, DuelBoard, DuelPage
from rules.base import decode
from tests.board.world import DUEL_LOBBY, TV_SPUN, WINDOW, BoardWorld, sync_lobby

DUEL_ANSWERED = ["host: /newgame duel", *DUEL_LOBBY, "anna: 1", ":sleep 61",
                 "anna: /answerer boris", "boris (dm): Тайный ответ"]
"""A DUEL game whose first question boris answered, waiting for the host's verdict."""


@pytest.fixture
async def world(database_url):
    world = await BoardWorld.open(database_url)
    yield world
    await world.close()


async def duel_page(world: BoardWorld) -> DuelPage:
    """DUEL's page folded from game 1's stored events."""
    board = DuelBoard()
    page = board.initial()
    for row in await world.storage.events(1):
        page = board.evolve(page, decode(row.kind, row.payload, row.version))
    return page


async def test_duel_page_keeps_who_answered_once_the_verdict_clears_it_DUEL_3_7_DUEL_3_8(world):
    """DUEL-3.7, 3.8: the verdict clears the game's answerer, the page keeps the name."""
    # Given a question answered by boris, not judged yet
    await world.feed(*DUEL_ANSWERED)
    page = await duel_page(world)
    assert page.answerers == {}
    # When the host judges it wrong
    await world.feed("host: /reject")
    page = await duel_page(world)
    # Then the game forgot the answerer and the page remembers him by the question's number
    assert page.game is not None and page.game.answerer is None
    assert page.answerers == {1: "boris"}
    assert page.game.score == (0, 1)


async def test_duel_page_follows_an_appeal_from_filed_to_overturned_DUEL_3_7(world):
    """DUEL-3.7: the captain appeals a verdict to the keeper; the page keeps how it ended."""
    # Given a wrong verdict on boris's answer
    await world.feed(*DUEL_ANSWERED, "host: /reject")
    assert (await duel_page(world)).appeals == {}
    # When the captain appeals it
    await world.feed("anna: /appeal")
    # Then the page shows it waiting for the keeper
    assert (await duel_page(world)).appeals == {1: Appeal.PENDING}
    # And when the keeper overturns it, the page keeps the outcome and the score turns
    await world.feed("ksenia: /overturn")
    page = await duel_page(world)
    assert page.appeals == {1: Appeal.OVERTURNED}
    assert page.answerers == {1: "boris"}
    assert page.game is not None and page.game.score == (1, 0)


async def test_duel_page_keeps_an_upheld_appeal_DUEL_3_7(world):
    """DUEL-3.7: an appeal the keeper rejects stays on the page as upheld."""
    # Given an appealed wrong verdict
    await world.feed(*DUEL_ANSWERED, "host: /reject", "anna: /appeal")
    # When the keeper upholds it
    await world.feed("ksenia: /uphold")
    # Then the page says so and the score stands
    page = await duel_page(world)
    assert page.appeals == {1: Appeal.UPHELD}
    assert page.game is not None and page.game.score == (0, 1)


PLAYS = {
    "duel": [*DUEL_ANSWERED, "host: /reject", "anna: /appeal", "ksenia: /overturn"],
    "sync": [*sync_lobby(3), "host: /round 1 2 3", "host: /ask", "t1 (dm): Эйфель",
             "t2 (dm): Башня", WINDOW, "host: /accept 1", "host: /reject 2",
             "t2: /appeal removal 1 задавали в прошлом сезоне", "host: /defer Команда 2"],
    "tv": TV_SPUN,
}
"""A game of each format played far enough that its page keeps something the state of its
first events did not: DUEL's answerer and appeal, SYNC's marks and a deferred appeal, TV's
seating and the top's pick."""


@pytest.mark.parametrize("fmt", sorted(PLAYS))
async def test_the_page_followed_live_is_the_page_folded_from_the_log_after_a_restart(
        world, fmt):
    """A page keeps what it showed across a restart: its model follows the commits while a
    page watches the game, and after a restart it is folded anew from the stored log."""
    # Given a page watching a game of the format from its first event
    if fmt == "tv":
        await world.use_package(SAMPLE_TV_PACKAGE)
    await world.feed(PLAYS[fmt][0])
    watch = world.hub.watch(1)
    first = await world.hub.snapshot(1)
    assert first is not None and first.format == fmt
    # When the game is played on, the page following each committed event
    await world.feed(*PLAYS[fmt][1:])
    live = await world.hub.snapshot(1)
    assert live is not None and live.seq == len(await world.storage.events(1)) > first.seq
    world.hub.unwatch(1, watch)
    # Then the bot restarted folds the same page from the stored log
    await world.restart()
    again = await world.hub.snapshot(1)
    assert again is not None and again.seq == live.seq
    assert again.model == live.model
    assert again.model != first.model
