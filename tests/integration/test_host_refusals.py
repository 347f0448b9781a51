"""A refused host command is a hint for the host alone: it goes to the host privately, and it
says the form that would work (SYNC-5's rounds, TV-9's seating, all three formats)."""

from __future__ import annotations

import pytest

from tests.integration.stage import Stage
from tests.integration.world import service_world


@pytest.fixture
async def stage(database_url):
    """A service with the sample package as the group's; the host has a private chat."""
    stage = Stage(**vars(await service_world(database_url, min_players=None)))
    await stage.say("host", "/start", private=True)
    yield stage
    await stage.close()


async def _in_round_two(stage: Stage) -> None:
    """A SYNC game of two teams, each with an approved question, past round 1 (one question
    nobody answered) and into round 2 of one team question each."""
    await stage.say("host", "/newgame sync")
    await stage.say("host", "/announce")
    for captain, team in (("anna", "Owls"), ("lena", "Foxes")):
        await stage.say(captain, f"/register {team}")
        await stage.say(captain, f"/question Кто это такой? | {team} | {captain} | Сказки",
                        private=True)
        await stage.say("host", f"/approve {team} 1")
    await stage.say("host", "/round 1")
    await stage.say("host", "/ask")
    await stage.advance(77)
    await stage.say("host", "/round teams 1")


def _by_chat(sent) -> dict[str, list[str]]:
    chats: dict[str, list[str]] = {}
    for message in sent:
        chats.setdefault(message.chat.chat_id, []).append(message.text)
    return chats


async def test_sync_5_a_bare_ask_in_the_teams_round_tells_the_host_privately_how(stage):
    """Given SYNC round 2 of the teams' questions, when the host sends a bare /ask in the game
    chat, then the host alone is told, privately, to name the asking team with the form
    /ask TEAM N; the game chat reads nothing."""
    await _in_round_two(stage)
    assert _by_chat(await stage.say("host", "/ask")) == {
        "host": ["Name the team that asks the question: /ask TEAM N."]}


async def test_sync_5_a_refused_round_names_the_forms_that_work(stage):
    """Given SYNC round 2 under way, when the host sends /round, the refusal (to the host)
    says how to go on: /ask; given the lobby, /ask says to start a round and a round of team
    questions first says the form of round 1."""
    await _in_round_two(stage)
    assert _by_chat(await stage.say("host", "/round")) == {"host": [
        "The round is still on: its next question is /ask; the next round starts after this "
        "one's last question."]}
    await stage.say("host", "/abort")
    await stage.say("host", "/newgame sync")
    await stage.say("host", "/announce")
    await stage.say("anna", "/register Owls")
    assert _by_chat(await stage.say("host", "/ask")) == {"host": [
        "Start a round first: /round N N …."]}
    assert _by_chat(await stage.say("host", "/round teams 1")) == {"host": [
        "Round 1 is at most 15 organisers' questions: /round N N …."]}


async def test_duel_a_hosts_refused_start_goes_to_the_host_a_players_to_the_chat(stage):
    """Given a DUEL game with no team, when the host sends /start in the game chat, the
    refusal with the form that works (/team NAME) reaches the host privately; when a player
    who hosts nothing sends it, the refusal answers in the game chat, where they wrote (they
    may have no private chat with the bot)."""
    await stage.say("host", "/newgame duel")
    assert _by_chat(await stage.say("host", "/start")) == {
        "host": ["A team must register first: /team NAME."]}
    await stage.say("anna", "/team Owls")
    assert _by_chat(await stage.say("anna", "/start")) == {
        "group": ["Only the host may use “start”."]}


async def test_tv_a_spin_before_the_start_and_a_start_alone_say_what_to_send(stage):
    """Given a TV game with one team, when the host spins the top, the host is told the game
    has not started (/start); when the host starts, that a second team registers (/team)."""
    await stage.say("host", "/newgame tv")
    await stage.say("anna", "/team Owls")
    assert _by_chat(await stage.say("host", "/spin")) == {"host": [
        "The game has not started: /start seats the first team at the central table."]}
    assert _by_chat(await stage.say("host", "/start")) == {"host": [
        "A game needs at least 2 teams: one at the central table, the others at club tables. "
        "Teams register with /team NAME."]}
