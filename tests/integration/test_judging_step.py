"""The judging step (RULES.md SYNC-6, each hand-in judged by the question's prepared judge;
DUEL-3.7, the host decides with the bot's suggestion): the service judges a written answer
once the sender may give it, not while the command is read."""

from __future__ import annotations

from bot.answers import prepared
from tests.integration.world import say, service_world, sync_asked


async def test_sync_6_an_answer_refused_for_the_senders_role_is_never_judged(
        database_url, monkeypatch):
    built = []
    original = prepared.Matcher.for_question

    def counting(question):
        built.append(question)
        return original(question)

    monkeypatch.setattr(prepared.Matcher, "for_question", staticmethod(counting))
    world = await service_world(database_url)
    try:
        # Given a SYNC question being played,
        await sync_asked(world.service, 2)
        # when the host, who plays for no team, hands in an answer privately,
        await say(world.service, "host", "/answer Пушкин", private=True)
        # then it is refused for the host's role and no judge was prepared for it;
        assert world.recorder.sent[-1].text == "Only the captain or a player may use “answer”."
        assert built == []
        # when a captain hands in, the answer is judged.
        await say(world.service, "cap0", "Пушкин", private=True)
        assert len(built) == 1
        assert world.recorder.sent[-1].key == "sync-receipt"
    finally:
        await world.close()
