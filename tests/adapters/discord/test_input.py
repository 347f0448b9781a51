"""What people type, through the Discord bridge's plain messages (message content): answers
that look like commands or mentions, the host's bare verdict in the game channel."""

from __future__ import annotations

import pytest

from tests.adapters.discord.test_commands import answering, lobby


@pytest.mark.parametrize("text", ["AC/DC", "1/2", "@home", "</b>"])
async def test_duel_3_5_a_dm_answer_with_a_slash_or_at_sign_is_the_answer(world, text):
    _host, _anna, boris = await answering(world)
    await world.write(boris, world.DM, text)
    assert world.dm(boris)[-1] == f"Answer received: “{text}”."
    assert not any(text in t for t in world.channel.texts)  # DUEL-3.5: before the verdict


async def test_duel_3_5_a_team_channel_answer_with_a_slash_is_the_answer(world):
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host teams")
    team_channel = world.guild.text_channels[-1]
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    await world.write(boris, team_channel, "24/7")
    assert team_channel.texts == ["Answer received: “24/7”."]
    assert not any("24/7" in t for t in world.channel.texts)  # DUEL-3.5: before the verdict


async def test_duel_3_7_the_hosts_bare_plus_in_the_channel_is_the_verdict(world):
    host, _anna, boris = await answering(world)
    await world.write(boris, world.DM, "Гашек")
    await world.write(host, world.channel, "+")
    assert any(t.startswith("Correct! Score 1:0") for t in world.channel.texts)


async def test_duel_3_7_plus_and_minus_without_a_pending_verdict_are_table_talk(world):
    host, anna, _boris = await answering(world)
    count = len(world.channel.sent)
    await world.write(host, world.channel, "-")  # the answer has not come yet
    await world.write(anna, world.channel, "+")
    assert len(world.channel.sent) == count


async def test_a_team_named_like_a_channel_reads_as_written_not_as_a_channel_link(world):
    # Given a game whose channel the bot links by itself when it speaks of it
    await world.package("01_")
    host, anna = world.person("Host"), world.person("Anna")
    await world.slash(host, "new", format="duel")
    # When a captain names the team after another channel's link
    await world.slash(anna, "team", team=f"<#{world.channel.id}>")
    # Then the channel shows the name as typed, with no channel link in it
    said = [t for t in world.channel.texts if str(world.channel.id) in t]
    assert said and all(f"<#{world.channel.id}>" not in t for t in said)
