"""A SYNC window's hand-ins arriving together (RULES.md SYNC-6): they are
stored a batch at a time (``bot.service.batch``), yet each is decided in the order it came,
each team gets its own receipt, the last answer counts, and the log replays to the same
answers; a batch the database refuses is kept by none of its senders, and each is told."""

from __future__ import annotations

import asyncio
import sqlite3

from rules.base import decode
from tests.integration.world import GROUP, restarted, say, service_world, sync_asked

TEAMS = 40


def receipts(world, captain: str) -> list[str]:
    """The receipts ``captain`` got privately, oldest first."""
    return [m.text for m in world.recorder.sent
            if m.chat.private and m.chat.chat_id == captain and m.key == "sync-receipt"]


async def test_sync_6_hand_ins_arriving_together_share_transactions_in_their_order(
        database_url):
    world = await service_world(database_url)
    service = world.service
    await sync_asked(service, TEAMS)
    await world.scheduler.advance(70)  # 5 s of the hand-in time left
    written = world.storage.writer.transactions
    # Every captain at once, as a messenger delivers a burst; team 0 changes its answer.
    sent = [(f"cap{i}", f"answer {i}") for i in range(TEAMS)] + [("cap0", "answer 0 again")]
    await asyncio.gather(*(say(service, who, text, private=True) for who, text in sent))

    assert world.storage.writer.transactions - written < TEAMS // 2
    game = service.game_in(GROUP)
    rows = await world.storage.events(game.info.id)
    handed = [decode(r.kind, r.payload, r.version) for r in rows
              if r.kind == "written.handed_in"]
    assert [ev.text for ev in handed] == [text for _, text in sent]
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
    assert receipts(world, "cap0") == [
        f"Answer received: “answer 0”, at {handed[0].sent_at:%H:%M:%S} UTC.",
        f"Answer replaced: “answer 0 again”, received at {handed[-1].sent_at:%H:%M:%S} UTC."]
    for i in range(1, TEAMS):
        assert len(receipts(world, f"cap{i}")) == 1
        assert f"“answer {i}”" in receipts(world, f"cap{i}")[0]
    answers = {t: a.text for t, a in game.state.written.answers.items()}
    assert sorted(answers.values()) == sorted(["answer 0 again",
                                              *(f"answer {i}" for i in range(1, TEAMS))])

    again = await restarted(service)
    replayed = again.service.game_in(GROUP).state
    assert {t: a.text for t, a in replayed.written.answers.items()} == answers
    world.service.parser.close()
    await again.close()


async def test_sync_6_a_batch_the_database_refuses_is_kept_by_none_of_its_senders(
        tmp_path):
    path = tmp_path / "chgk.sqlite3"
    world = await service_world(f"sqlite+aiosqlite:///{path}", busy_timeout=0.1)
    service = world.service
    await sync_asked(service, 6)
    await world.scheduler.advance(70)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the database's write lock
    try:
        await asyncio.gather(*(say(service, f"cap{i}", f"answer {i}", private=True)
                               for i in range(6)))
    finally:
        other.execute("COMMIT")
        other.close()

    for i in range(6):
        told = [m.text for m in world.recorder.sent
                if m.chat.private and m.chat.chat_id == f"cap{i}"]
        assert receipts(world, f"cap{i}") == []
        assert told[-1].startswith("Not saved")
    game = service.game_in(GROUP)
    assert game.state.written.answers == {}
    # Once the database takes writes again, an answer handed in is the team's only one.
    await say(service, "cap1", "answer 1", private=True)
    assert [a.text for a in game.state.written.answers.values()] == ["answer 1"]
    assert receipts(world, "cap1") == [receipts(world, "cap1")[0]]
    assert "Answer received" in receipts(world, "cap1")[0]
    await world.close()
