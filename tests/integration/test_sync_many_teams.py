"""A SYNC window of 300 teams through the service (RULES.md SYNC-6, SYNC-7):
every captain hands in privately near the end of the window, the bot restarts halfway
through the hand-ins, and after the close every answer is in the stored log and in the
host's groups, and once the host has judged the groups every team is scored by its answer."""

from __future__ import annotations

from rules import sync as s
from rules.base import decode
from rules.sync.state import totals
from tests.integration.world import GROUP, restarted, say, service_world, sync_asked

TEAMS = 300
RIGHT, WRONG = "Эйфель", "Гюстав"


def answer_of(i: int) -> str:
    """Team ``i``'s answer: every third team is right."""
    return RIGHT if i % 3 == 0 else WRONG


async def test_sync_6_7_three_hundred_teams_hand_in_at_the_end_and_every_answer_is_scored(
        database_url):
    world = await service_world(database_url)
    service = world.service
    await sync_asked(service, TEAMS)
    game = service.game_in(GROUP)
    assert len(game.state.teams) == TEAMS
    await world.scheduler.advance(70)  # the minute is over: 5 s of the hand-in time left
    for i in range(TEAMS // 2):
        await say(service, f"cap{i}", answer_of(i), private=True)
    await service.idle()
    world = await restarted(service)
    service = world.service
    for i in range(TEAMS // 2, TEAMS):
        await say(service, f"cap{i}", answer_of(i), private=True)
    receipts = {m.chat.chat_id for m in world.recorder.sent if m.chat.private}
    assert {f"cap{i}" for i in range(TEAMS // 2, TEAMS)} <= receipts
    await world.scheduler.advance(10)  # the window closes

    rows = await world.storage.events(game.info.id)
    handed = [decode(r.kind, r.payload, r.version) for r in rows
              if r.kind == "written.handed_in"]
    assert len(handed) == TEAMS
    assert {ev.text for ev in handed} == {RIGHT, WRONG}

    # The host's list has one group per distinct answer, numbered from 1: the host accepts
    # one and rejects the other; the question is scored, each team by its group.
    assert service.game_in(GROUP).state.phase is not s.Phase.FINISHED
    await say(service, "host", "/accept 1")
    await say(service, "host", "/reject 2")
    points = totals(service.game_in(GROUP).state)
    by_team = {ev.team_id: ev.text for ev in handed}
    scored = {text: {points[team] for team, said in by_team.items() if said == text}
              for text in (RIGHT, WRONG)}
    assert sorted(scored.values(), key=min) == [{0}, {1}]
    assert any(isinstance(decode(r.kind, r.payload, r.version), s.QuestionScored)
               for r in await world.storage.events(game.info.id))
    await world.close()
