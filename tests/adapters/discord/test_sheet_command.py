"""``/chgk sheet`` on Discord, through the real discord.py client logged in to the Discord
stand-in (``fake_discord``): a captain of a SYNC game gets their own signed link to the
answer sheet as an ephemeral reply, which nobody else in the channel sees (whoever holds the
link hands in for them)."""

from __future__ import annotations

import pytest

from bot.board.sheet import APP_PATH
from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import user
from tests.adapters.discord.gateway import running

HOST = user(901, "ksenia", global_name="Ксения")
ANNA = user(902, "anna", global_name="Анна")
BOARD_URL = "https://chgk.example.org"
"""The public base of the bot's pages (``CHGK_BOARD_URL``)."""


@pytest.fixture
def fake() -> FakeDiscord:
    """Discord with the host and a captain on the server."""
    fake = FakeDiscord()
    for person in (HOST, ANNA):
        fake.add_member(person)
    return fake


async def test_chgk_sheet_answers_the_captain_alone_with_their_signed_link(
        server, settings, translator):
    """Given a SYNC game in the channel with Анна's team registered and the bot's pages on,
    when Анна runs /chgk sheet in the game channel, then she alone gets her personal link to
    the sheet (ephemeral, in Russian, with the warning not to share it), and nothing of it is
    posted in the channel."""
    settings = settings.model_copy(update={"board_port": 0, "board_url": BOARD_URL})
    async with running(server, settings, translator) as live:
        await live.slash(HOST, "chgk package", file=(SAMPLE_PACKAGE.name,
                                                     SAMPLE_PACKAGE.read_bytes()))
        await live.slash(HOST, "chgk new", format="sync")
        await live.slash(HOST, "sync host announce")
        await live.slash(ANNA, "sync captain register", team="Совы")
        posted_before = len(live.fake.texts())
        await live.slash(ANNA, "chgk sheet")
        (reply,) = [text for text in live.fake.ephemeral(ANNA) if "#pass=" in text]
        assert "Никому её не давайте" in reply
        assert f"{BOARD_URL}{APP_PATH}#pass=" in reply
        assert not any("#pass=" in text for text in live.fake.texts()[posted_before:])
        assert not any("#pass=" in text for text in live.fake.ephemeral(HOST))
