"""What a game keeps across a restart of the bot (issue 9): its package, and the people the
chat has seen."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from tests.adapters.telegram.conftest import ANNA, BORIS, HOST, World
from tests.adapters.telegram.fake_telegram import group

CLUB = group(-100777, "Другой клуб")
"""A group with no package of its own: its game gets one only when the host sends it."""


async def test_a_package_sent_after_newgame_is_played_after_a_restart(tg: World):
    # Issue 9, item 1: open, attach, restart, pick: the question text is posted.
    await tg.feed(tg.fake.message(CLUB, HOST, "/newgame duel", date=tg.now()))
    tg.fake.upload("pkg", SAMPLE_PACKAGE.read_bytes())
    await tg.feed(tg.fake.message(CLUB, HOST, None, date=tg.now(), document={
        "file_id": "pkg", "file_unique_id": "p", "file_name": SAMPLE_PACKAGE.name}))
    assert tg.texts(CLUB["id"])[-1].startswith("The game's package is set")
    await tg.restart()
    for person, text in [(ANNA, "/team Owls"), (BORIS, "/join Owls"), (HOST, "/start"),
                         (ANNA, "/pick 2")]:
        await tg.feed(tg.fake.message(CLUB, person, text, date=tg.now()))
    question = load_package(SAMPLE_PACKAGE).package.scored_questions[1]
    assert any(question.text in text for text in tg.texts(CLUB["id"]))
