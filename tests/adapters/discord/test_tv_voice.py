"""TV in a Discord voice channel: the central table talks there, and the bot plays
the spinning top's whirr when the top picks an envelope (TV-2), then the minute's signals."""

from __future__ import annotations

from types import SimpleNamespace

from adapters.discord.tones import Tone, duration, tone
from bot.bootstrap import SAMPLE_TV_PACKAGE
from tests.adapters.discord.stubs import VoiceChannel


async def test_tv_2_the_top_is_heard_spinning_in_the_voice_channel_before_the_signals(world):
    await world.package(path=SAMPLE_TV_PACKAGE)
    host, anna, boris = (world.person(name) for name in ("Host", "Anna", "Boris"))
    hall = VoiceChannel(world.guild, "Зал")
    host.voice = SimpleNamespace(channel=hall)
    opened = await world.slash(host, "new", format="tv")
    assert f"The game's signals will sound in {hall.mention}." in opened.texts
    await world.slash(anna, "team", team="Owls")
    for name in ("Alex", "Ada", "Arkady"):  # TV-14: four players sit at the central table
        await world.slash(world.person(name), "join", team="Owls")
    await world.slash(boris, "team", team="Foxes")
    await world.slash(host, "tv host start", team="Owls")
    assert world.voice.played == []

    await world.slash(host, "tv host spin")
    # The whirr plays in the game's voice channel the moment the top stops (TV-2) ...
    assert world.voice.played == [(world.guild.id, tone(Tone.TOP))]
    assert 0.5 <= duration(tone(Tone.TOP)) <= 1.5  # short: the question follows at once
    assert any(t.startswith("🌀 **The top stopped at sector") for t in world.channel.texts), \
        world.channel.texts
    # ... and the minute's warning and end signals after it (TV-2: one minute).
    await world.advance(60)
    assert [pcm for _, pcm in world.voice.played] == [tone(Tone.TOP), tone(Tone.WARNING),
                                                       tone(Tone.END)]
