"""One person in two live games at once, in two chats: a SYNC captain who also plays on a DUEL
team elsewhere. A private message goes to the game that waits for it; when both do, the bot
asks which; each private message says which game it is from. Restarted in the middle."""

from __future__ import annotations

from bot.ports import ChatRef, Incoming
from tests.integration.world import GROUP, dm, restarted, service_world

DUEL_CHAT = ChatRef("test", "duel-club")


def say_in(world, chat: ChatRef, who: str, text: str):
    return world.service.handle(Incoming(chat, who, who, text, sender_locale="en"))


async def two_games(world) -> None:
    """SYNC game 1 in the group, its first question asked, Anna captain of «Owls»; then DUEL
    game 2 in another chat, where Anna plays for «Larks» (Vera captains) and the minute of
    question 3 runs."""
    service = world.service
    for who in ("host", "anna", "vera", "boris"):
        await say_in(world, dm(who), who, "/start")
    await say_in(world, GROUP, "host", "/newgame sync")
    await say_in(world, GROUP, "host", "/announce")
    await say_in(world, GROUP, "anna", "/register Owls")
    await say_in(world, GROUP, "boris", "/register Foxes")
    await say_in(world, GROUP, "host", "/round 1 2 3")
    await say_in(world, GROUP, "host", "/ask")
    service.set_chat_package(DUEL_CHAT, world.package_id)
    await say_in(world, DUEL_CHAT, "olga", "/newgame duel")
    await say_in(world, DUEL_CHAT, "vera", "/team Larks")
    await say_in(world, DUEL_CHAT, "anna", "/join Larks")
    await say_in(world, DUEL_CHAT, "olga", "/start anyway")
    await say_in(world, DUEL_CHAT, "vera", "3")


async def test_sync_6_a_captains_answer_reaches_the_sync_game_while_a_newer_duel_runs(
        database_url):
    # Given Anna, SYNC captain in the group, who also plays in a newer DUEL game
    world = await service_world(database_url)
    try:
        await two_games(world)
        # When she writes her team's answer to the bot while the SYNC window is open
        await say_in(world, dm("anna"), "anna", "Гашек")
        # Then the SYNC game takes it, and her receipt says which game it is from
        receipt = world.recorder.texts("anna")[-1]
        assert receipt.splitlines()[0] == "SYNC game #1:"
        assert "Гашек" in receipt
        assert not any("Гашек" in text for text in world.recorder.texts("olga"))
    finally:
        await world.close()


async def test_when_both_games_wait_for_the_message_the_bot_asks_which_after_a_restart(
        database_url):
    # Given the DUEL captain names Anna to answer, so both her games wait for her text
    world = await service_world(database_url)
    try:
        await two_games(world)
        await world.scheduler.advance(60)
        await say_in(world, DUEL_CHAT, "vera", "/answerer anna")
        # And the bot restarts
        world = await restarted(world.service)
        world.service.set_chat_package(DUEL_CHAT, world.package_id or 0)
        # When Anna writes her answer privately
        await say_in(world, dm("anna"), "anna", "Австралия")
        # Then nothing is handed in yet: she is asked which game, one button each
        asked = world.recorder.sent[-1]
        assert asked.chat == dm("anna")
        assert asked.text == ("You play in 2 games that could take this message. "
                              "Which game is it for?")
        labels = [button.label for button in asked.buttons]
        assert labels == ["DUEL game #2, hosted by olga:", "SYNC game #1, hosted by host:"]
        assert not any("Австралия" in t for t in world.recorder.texts("olga"))
        # When she presses the DUEL game's button
        await say_in(world, dm("anna"), "anna", asked.buttons[0].command)
        # Then the DUEL host has her answer, and the SYNC game none from her
        assert any("Австралия" in t for t in world.recorder.texts("olga"))
        assert not any("Австралия" in t for t in world.recorder.texts("host"))
        # And pressing again, with nothing held, says so
        await say_in(world, dm("anna"), "anna", asked.buttons[1].command)
        assert world.recorder.texts("anna")[-1].startswith("There is no message waiting")
    finally:
        await world.close()
