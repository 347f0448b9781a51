"""The table as a picture on Discord, over the gateway to the fake Discord: a SYNC
round's end posts an embed showing the attached ``table.png`` under the table's heading, and
``/chgk table`` after a restart answers with the same picture."""

from __future__ import annotations

import io

from PIL import Image

from tests.adapters.discord import test_e2e as e2e
from tests.adapters.discord.fake_discord_objects import GAME_CHANNEL_ID, DiscordError
from tests.adapters.discord.test_e2e import ANNA, BORIS, HOST
from tests.conftest import shared_package

fake, live = e2e.fake, e2e.live
"""The end-to-end fixtures: a bot connected to the fake Discord over the gateway."""


def pictures(live, for_user: int | None = None) -> list:
    return [p for p in live.fake.posted if p.message["attachments"]
            and (for_user is None or p.for_user == for_user)]


def attached(live, posted) -> Image.Image:
    [attachment] = posted.message["attachments"]
    assert attachment["filename"] == "table.png"
    [embed] = posted.message["embeds"]
    assert embed["image"]["url"] == "attachment://table.png"
    return Image.open(io.BytesIO(live.fake.attachments[int(attachment["id"])]))


async def sync_round(live) -> None:
    """A SYNC game of two teams (Совы, Лисы) whose round 1 of one question is played: the
    Owls right, the Foxes wrong."""
    path = shared_package("01_")
    await live.slash(HOST, "chgk package", file=(path.name, path.read_bytes()))
    await live.slash(HOST, "chgk new", format="sync")
    for person, text in [(HOST, "/announce"), (ANNA, "/register Совы"),
                         (BORIS, "/register Лисы"), (HOST, "/round 1"), (HOST, "/ask")]:
        await live.write(person, text)
    await live.write(ANNA, "Эйфель", dm=True)
    await live.write(BORIS, "Гюстав", dm=True)
    await live.advance(77)
    await live.write(HOST, "/accept 1")
    await live.write(HOST, "/reject 2")


async def test_sync_7_the_table_after_a_round_is_an_attached_picture_and_table_after_restart(
        live):
    await sync_round(live)
    [after_round] = pictures(live)
    assert after_round.channel_id == GAME_CHANNEL_ID and not after_round.ephemeral
    assert after_round.text.startswith("Таблица после раунда 1")
    image = attached(live, after_round)
    assert image.format == "PNG" and 200 <= image.width <= 1280

    await live.restart()
    await live.slash(ANNA, "chgk table")
    [on_demand] = pictures(live, for_user=int(ANNA["id"]))
    assert on_demand.ephemeral
    assert on_demand.text.startswith("Таблица на сейчас")
    assert "1. Совы: 1" in on_demand.text and "2. Лисы: 0" in on_demand.text
    assert attached(live, on_demand).height == image.height  # the same rows


async def test_sync_7_a_channel_refusing_files_gets_the_text_table(live):
    live.fake.throttle = lambda request: DiscordError(403, 50013, "Missing Permissions") \
        if request.files else None
    await sync_round(live)
    assert pictures(live) == []
    [table] = [t for t in live.fake.texts() if t.startswith("Таблица после раунда 1")]
    assert "1. Совы: 1" in table and "2. Лисы: 0" in table
