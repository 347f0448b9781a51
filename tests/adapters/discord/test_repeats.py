"""One verdict however it arrives (idempotency; DUEL-3.7: the host judges once).

The Discord gateway may deliver an interaction or a message again after a reconnect, with the
same id: it is handled once, so a repeated Accept is neither a second verdict nor a refusal
("there is no answer to judge") shown to the host. The host and a co-host pressing Accept at
the same instant race through the service's per-game lock: one verdict, and the other is told
privately that there is nothing left to judge.
"""

from __future__ import annotations

import asyncio

from bot.bootstrap import SAMPLE_PACKAGE

NOTHING_TO_JUDGE = "There is no answer to judge now."


async def answered(world):
    """A game on the sample package: Boris answered question 2; returns host, Anna, Boris."""
    await world.package(path=SAMPLE_PACKAGE)
    host, anna, boris = (world.person(name) for name in ("Host", "Anna", "Boris"))
    await world.slash(host, "new", format="duel")
    await world.slash(anna, "team", team="Owls")
    await world.slash(boris, "join", team="Owls")
    await world.slash(host, "duel host start")
    await world.slash(anna, "duel captain pick", number=2)
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    await world.slash(boris, "answer", text="Ртуть")
    return host, anna, boris


async def verdicts(world) -> tuple[int, int]:
    """The verdicts in the game's log, and the verdict messages posted in its channel."""
    game = world.service.game_in(world.chat)
    events = await world.storage.events(game.info.id)
    posted = sum(text.startswith(("Correct!", "Not accepted.")) for text in world.channel.texts)
    return [e.kind for e in events].count("duel.judged"), posted


async def test_an_accept_press_delivered_twice_is_one_verdict(world):
    host, _anna, _boris = await answered(world)
    suggestion = world.destinations.dm(host).sent[-1]
    first = await world.press(host, suggestion, "accept")
    again = await world.press(host, suggestion, "accept", interaction_id=first.id)
    assert await verdicts(world) == (1, 1)
    assert first.replies == [] and first.edits == [{"view": None}]
    # The repeat is not acknowledged again (Discord would refuse) and gets no reply.
    assert again.response.deferred is None and again.replies == [] and again.edits == []


async def test_a_slash_accept_delivered_twice_is_one_verdict(world):
    host, _anna, _boris = await answered(world)
    first = await world.slash(host, "duel host accept")
    again = await world.slash(host, "duel host accept", interaction_id=first.id)
    assert await verdicts(world) == (1, 1)
    assert again.response.deferred is None and again.replies == []


async def test_an_answer_message_delivered_twice_is_one_answer(world):
    host, anna, boris = await answered(world)
    await world.slash(host, "duel host accept")
    await world.slash(anna, "duel captain pick", number=3)
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    told = len(world.dm(boris))
    message = await world.write(boris, world.DM, "Гагарин")
    await world.write(boris, world.DM, "Гагарин", message_id=message.id)
    assert world.dm(boris)[told:] == ["Answer received: “Гагарин”."]
    events = await world.storage.events(world.service.game_in(world.chat).info.id)
    assert [e.payload["text"] for e in events if e.kind == "duel.answer_given"] == [
        "Ртуть", "Гагарин"]


async def test_host_and_cohost_accepting_at_once_give_one_verdict(world):
    host, _anna, _boris = await answered(world)
    cohost = world.person("Zoe")
    await world.slash(cohost, "help")  # the bot knows a member once they used /chgk
    await world.slash(host, "duel host cohost", player=cohost)
    suggestion = world.destinations.dm(host).sent[-1]
    pressed, typed = await asyncio.gather(world.press(host, suggestion, "accept"),
                                          world.slash(cohost, "duel host accept"))
    assert await verdicts(world) == (1, 1)
    # Whoever came second is told privately that the answer was judged already.
    refusals = [i.texts for i in (pressed, typed) if i.texts]
    assert refusals == [[NOTHING_TO_JUDGE]]
    assert NOTHING_TO_JUDGE not in world.channel.texts
