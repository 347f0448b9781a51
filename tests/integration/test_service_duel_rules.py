"""DUEL rules a host, captain or keeper notices across the layers: the GameService with real
storage and virtual time, a recording messenger in place of a chat."""

from __future__ import annotations

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.ports import MessageKind
from bot.service import Incoming
from tests.integration.world import GROUP, World, dm, restarted, service_world

PACKAGE = load_package(SAMPLE_PACKAGE).package
REGULAR = (1, 2, 3, 4, 5, 7)
"""Set numbers of the sample package's ordinary questions (6, 9 and 12 are special)."""


class Table(World):
    """A service with the sample package in the group, able to restart on the same
    database."""

    async def restart(self) -> None:
        """A new process on the same database: the service recovers from the logs."""
        fresh = await restarted(self.service)
        self.service, self.recorder = fresh.service, fresh.recorder
        self.scheduler, self.clock = fresh.scheduler, fresh.clock
        self.service.set_chat_package(GROUP, self.package_id)

    async def say(self, who: str, text: str, private: bool = False) -> str:
        """``who`` writes ``text``; returns the last message then sent to that chat."""
        chat = dm(who) if private else GROUP
        await self.service.handle(Incoming(chat, who, who, text, sender_locale="en"))
        return self.recorder.texts(chat.chat_id)[-1]

    async def start(self, *players: str, keeper: bool = False) -> None:
        await self.say("host", "/newgame duel")
        await self.say("anna", "/team Owls")
        for player in players:
            await self.say(player, "/join owls")
        if keeper:
            await self.say("ksenia", "hello")
            await self.say("host", "/keeper ksenia")
        await self.say("host", "/start")

    async def answered(self, number: int, correct: bool, answerer: str = "boris") -> None:
        await self.say("anna", str(number))
        await self.scheduler.advance(60)
        await self.say("anna", f"/answerer {answerer}")
        await self.say(answerer, "whatever", private=True)
        await self.say("host", "/accept" if correct else "/reject")


@pytest.fixture
async def world(database_url):
    world = Table(**vars(await service_world(database_url)))
    yield world
    await world.close()


async def won(world: Table) -> None:
    await world.start("boris", keeper=True)
    for number in REGULAR:
        await world.answered(number, True)


async def test_duel_3_9_the_game_is_finished_at_six_and_the_vote_reaches_it_after_a_new_game(
        world):
    # Given the team won 6:0.
    await won(world)
    assert any("The experts win!" in text for text in world.recorder.texts())
    # Then the game is stored as finished at once: the season can count it.
    assert [g.status for g in await world.storage.games()] == ["finished"]
    # When the host opens the next game before the team voted: it opens, and the finished game
    # leaves memory (its log stays in the database).
    assert (await world.say("host", "/newgame duel")).startswith("A DUEL game is open")
    assert world.service.game(1) is None
    # Then the captain's vote still reaches the finished game, and closes its vote.
    assert (await world.say("anna", "/best player boris")).startswith(
        "The vote is over. The experts won 6:0.")
    assert world.service.game(1) is None
    first = (await world.service.load_game(1)).state
    second = world.service.game(2).state
    assert first.roster.name(first.best_player) == "boris" and not first.vote_open
    assert second.team is None and second.live


async def test_duel_3_9_the_vote_comes_back_after_a_restart_next_to_the_new_game(world):
    # Given a finished game whose team has not voted, and the next game opened in its chat.
    await won(world)
    await world.say("host", "/newgame duel")
    # When the bot restarts.
    await world.restart()
    # Then the captain's vote still reaches the finished game; the new game is the chat's.
    assert (await world.say("anna", "/best player boris")).endswith(
        "best player: boris. No appeals after the game.")
    assert (await world.service.load_game(1)).state.best_player is not None
    assert world.service.game_in(GROUP).info.id == 2


async def test_duel_3_9_the_host_closes_the_vote_with_what_was_voted(world):
    await won(world)
    assert (await world.say("host", "/closevote")).endswith(
        "best player: not chosen. No appeals after the game.")
    # Once closed, the vote takes nothing more.
    assert await world.say("anna", "/best player boris") == "The game is over."
    assert (await world.service.load_game(1)).state.best_player is None


async def test_duel_3_7_the_keeper_challenges_with_a_command_of_their_own(world):
    await world.start("boris", keeper=True)
    # The keeper's help says how to challenge a verdict unasked.
    assert "/challenge — the keeper, unasked, overturns" in await world.say("ksenia", "/help")
    # /uphold with nothing to decide tells the keeper, not the captain's refusal.
    assert await world.say("ksenia", "/uphold") == (
        "No appeal is waiting for your decision. To overturn the host's last verdict on your "
        "own, use /challenge.")
    await world.answered(1, True)
    # The captain may not appeal a verdict that went the team's way; the keeper may.
    assert (await world.say("anna", "/appeal")).startswith(
        "The verdict on question 1 went the team's way")
    await world.say("ksenia", "/challenge")
    assert any(t.startswith("The keeper reviewed the verdict on question 1 and overturned it. "
                            "Score 0:1.") for t in world.recorder.texts())
    assert world.service.game(1).state.score == (0, 1)


async def test_duel_3_4_one_minute_warning_at_50_end_at_60_and_a_pause_keeps_the_time(world):
    await world.start("boris")
    await world.say("anna", "1")

    def signals() -> list[str]:
        # A signal's first line (the end of time has "who answers?" under it).
        return [m.text.splitlines()[0] for m in world.recorder.sent
                if m.kind is MessageKind.SIGNAL]

    await world.scheduler.advance(50)
    assert signals() == ["10 seconds left!"]  # DUEL-3.4.2
    await world.scheduler.advance(5)
    await world.say("host", "/pause")  # DUEL-3.4.1: 5 s left
    await world.scheduler.advance(300)
    assert signals() == ["10 seconds left!"]
    await world.say("host", "/resume")
    await world.scheduler.advance(4)
    assert signals() == ["10 seconds left!"]
    await world.scheduler.advance(1)
    assert signals() == ["10 seconds left!", "Time!"]


async def test_duel_3_5_the_captain_changes_the_answerer_and_a_blank_answer_is_not_taken(
        world):
    await world.start("boris", "vera")
    await world.say("anna", "2")
    await world.scheduler.advance(60)
    await world.say("anna", "/answerer boris")
    assert await world.say("anna", "/answerer vera") == \
        "The captain changed the answerer: vera answers instead of boris."
    assert await world.say("boris", "Пушкин", private=True) == \
        "vera answers: only their answer is taken."
    assert (await world.say("vera", "\u200b\u200b", private=True)).startswith(
        "The answer has no visible character")
    assert await world.say("vera", "Пушкин", private=True) == "Answer received: “Пушкин”."


async def test_start_with_an_unknown_word_gives_the_usage_and_starts_nothing(world):
    await world.say("host", "/newgame duel")
    await world.say("anna", "/team Owls")
    await world.say("boris", "/join owls")
    # A host's refusal is the host's alone: it comes privately.
    await world.say("host", "/start trainig")
    assert world.recorder.texts("host")[-1].startswith("/start — start the game")
    await world.say("host", "/pause now")
    assert world.recorder.texts("host")[-1] == "/pause — stop the clock"
    assert world.service.game(1).state.phase.value == "lobby"
