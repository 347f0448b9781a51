"""What people type, through the Telegram handlers: answers that look like commands or
mentions, the host's bare verdict in a group that shows the bot every message (privacy mode
off) and in the private chat, names with invisible characters."""

from __future__ import annotations

import pytest

from tests.adapters.telegram.conftest import ANNA, BORIS, HOST, World
from tests.adapters.telegram.fake_telegram import user


@pytest.mark.parametrize("text", ["AC/DC", "1/2", "24/7", "@home", "</b>", "<b>Эйфель</b>"])
async def test_duel_3_5_a_private_answer_with_a_slash_at_sign_or_tag_is_the_answer(tg: World,
                                                                                   text):
    await tg.answering()
    await tg.say(BORIS, text, in_private=True)
    assert tg.texts(BORIS["id"])[-1] == f"Answer received: “{text}”."
    assert tg.texts(HOST["id"])[-1].startswith(f"Answer: “{text}”.")
    assert tg.texts()[-1] == "Boris has answered; the answer is with the host."


async def test_duel_3_5_a_private_answer_keeps_a_mention_as_written(tg: World):
    # "@anna_cap" is someone the bot knows: in a command it would be her name; an answer is
    # taken as the answerer wrote it.
    await tg.answering()
    await tg.say(BORIS, "@anna_cap", in_private=True,
                 entities=[{"type": "mention", "offset": 0, "length": 9}])
    assert tg.texts(BORIS["id"])[-1] == "Answer received: “@anna_cap”."


async def test_duel_3_7_the_hosts_bare_plus_in_the_group_is_the_verdict(tg: World):
    await tg.answering()
    await tg.say(BORIS, "Ртуть", in_private=True)
    await tg.say(HOST, "+")
    assert any(t.startswith("Correct! Score 1:0") for t in tg.texts())


async def test_duel_3_7_the_hosts_bare_minus_in_private_is_the_verdict(tg: World):
    await tg.answering()
    await tg.say(BORIS, "Галлий", in_private=True)
    await tg.say(HOST, "-", in_private=True)
    assert any(t.startswith("Not accepted. Score 0:1") for t in tg.texts())


async def test_duel_3_7_plus_without_a_pending_verdict_is_table_talk(tg: World):
    await tg.started()
    before = len(tg.fake.calls)
    await tg.say(HOST, "+")
    await tg.say(ANNA, "-")
    assert [c for c in tg.fake.calls[before:] if c.method == "sendMessage"] == []


async def test_a_display_name_with_a_direction_override_is_shown_without_it(tg: World):
    await tg.say(HOST, "/newgame duel")
    await tg.say(user(7, "\u202eMallory\u202c", language="en"), "/team Owls\u200f")
    assert tg.texts()[-1] == "Team “Owls” registered; Mallory is the captain."
