"""What a game keeps across a restart of the bot: its package, and the people the
chat has seen."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from tests.adapters.telegram.conftest import ANNA, BORIS, HOST, World
from tests.adapters.telegram.fake_telegram import group, user

CLUB = group(-100777, "Другой клуб")
"""A group with no package of its own: its game gets one only when the host sends it."""
DASHA = user(5, "Daria", last_name="P.", username="dasha", language="en")
VERA = user(6, "Vera", last_name="Keeper", language="en")
"""Vera has no @username: Telegram's @ list inserts a text mention carrying her id."""


def mention(text: str, handle: str) -> dict:
    """The ``mention`` entity of ``handle`` ("@dasha") in ``text``."""
    return {"type": "mention", "offset": text.index(handle), "length": len(handle)}


async def test_a_package_sent_after_newgame_is_played_after_a_restart(tg: World):
    # Open, attach, restart, pick: the question text is posted.
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


async def test_answerer_by_username_after_a_restart(tg: World):
    # The people the group has seen are kept, so "@dasha" still works.
    await tg.say(HOST, "/newgame duel")
    await tg.say(ANNA, "/team Owls")
    await tg.say(DASHA, "/join Owls")
    await tg.say(HOST, "/start")
    await tg.restart()
    await tg.say(ANNA, "/pick 2")
    await tg.advance(60)
    await tg.say(ANNA, "/answerer @dasha", entities=[mention("/answerer @dasha", "@dasha")])
    assert tg.texts()[-1].endswith("Daria P. answers.")
    await tg.say(ANNA, "/answerer @ghost", entities=[mention("/answerer @ghost", "@ghost")])
    assert tg.texts()[-1].startswith("The bot has not seen @ghost yet")


async def test_a_text_mention_names_a_keeper_who_never_wrote(tg: World):
    # With privacy mode Vera's messages never reach the bot; the host
    # picks her from Telegram's @ list, which sends her id.
    await tg.say(HOST, "/newgame duel")
    await tg.say(HOST, "/keeper Vera", entities=[
        {"type": "text_mention", "offset": 8, "length": 4, "user": VERA}])
    assert tg.texts()[-1] == "Vera Keeper is the keeper of traditions."
    await tg.restart()
    await tg.say(HOST, "/cohost Vera Keeper")
    assert tg.texts()[-1].startswith("Vera Keeper")
