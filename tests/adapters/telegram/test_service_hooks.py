"""What the service offers adapters: live deadlines, the host's contact, the game of a
private button."""

from __future__ import annotations

from bot.ports import ChatRef
from tests.adapters.telegram.conftest import ANNA, GAME, HOST, World


async def test_a_deadline_is_pending_while_its_clock_runs(tg: World):
    await tg.started()
    await tg.say(ANNA, "/pick 2")
    (ends_at,) = {at for name, at in tg.service.game_in(GAME).armed.items() if name == "end"}
    assert tg.service.deadline_pending(GAME, ends_at)
    await tg.say(HOST, "/pause")
    assert not tg.service.deadline_pending(GAME, ends_at)
    assert not tg.service.deadline_pending(ChatRef("telegram", "-5"), ends_at)


async def test_the_host_contact_is_their_private_chat_and_language(tg: World):
    assert await tg.service.host_contact(GAME) is None
    await tg.say(HOST, "/newgame duel")
    assert await tg.service.host_contact(GAME) == (
        ChatRef("telegram", str(HOST["id"]), private=True), "en")
    await tg.say(HOST, "/abort")
    assert await tg.service.host_contact(GAME) is None
