"""``/help`` lists what the sender may do: ``/takeover`` (``rules.roster``: a chat
administrator takes over a game whose host is gone) only to the chat's administrators."""

from __future__ import annotations

import pytest

from bot.service import Incoming
from tests.integration.world import GROUP, service_world


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url)
    yield world
    await world.close()


@pytest.mark.parametrize("game", ["duel", "tv"])
async def test_takeover_is_listed_in_help_to_chat_administrators_only(world, game):
    service, recorder = world.service, world.recorder
    for who, text in [("host", f"/newgame {game}"), ("anna", "/team Owls")]:
        await service.handle(Incoming(GROUP, who, who, text, sender_locale="en"))
    for who, admin in [("anna", False), ("zoe", False), ("host", False), ("ada", True)]:
        await service.handle(Incoming(GROUP, who, who, "/help", sender_locale="en",
                                      sender_is_admin=admin))
        assert ("/takeover" in recorder.texts()[-1]) is admin, who
