"""Audio questions on Discord (issue 17): with the game linked to a voice channel the sound is
played there (a stub voice client records it), and the minute starts once it has played
(DUEL-3.4: the minute follows the reading); without one, the link is in the question and the
host starts the minute."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

from bot.packages import parse_package
from tests.adapters.discord.stubs import VoiceChannel
from tests.sites import audio_package


async def lobby(world, *, voice: bool):
    data = audio_package()
    package = parse_package(data, "sound.txt").package
    world.service.set_chat_package(world.chat,
                                   await world.storage.save_package(package, "sound.txt", data))
    host, anna, boris = (world.person(n) for n in ("Host", "Anna", "Boris"))
    if voice:
        host.voice = SimpleNamespace(channel=VoiceChannel(world.guild, "Зал"))
    await world.slash(host, "new", format="duel")
    await world.slash(anna, "team", team="Owls")
    await world.slash(boris, "join", team="Owls")
    await world.slash(host, "duel host start", anyway=True)
    return host, anna


def sound_of(world, number: int) -> str:
    game = world.service.game_in(world.chat)
    return game.package.questions[game.state.questions[number - 1]].audio[0]


async def test_duel_3_4_the_sound_plays_in_the_voice_channel_and_then_the_minute_starts(world):
    world.voice.clock = world.clock
    _, anna = await lobby(world, voice=True)
    sound = sound_of(world, 2)
    world.voice.sound_seconds[sound] = 40
    picked = world.clock.now()
    await world.slash(anna, "duel captain pick", number=2)
    assert world.voice.sounds == [(world.guild.id, sound)]
    played = picked + timedelta(seconds=40)
    assert world.scheduler.pending() == {"1:warning": played + timedelta(seconds=50),
                                         "1:end": played + timedelta(seconds=60)}


async def test_duel_3_4_a_sound_that_does_not_play_waits_for_the_host(world):
    host, anna = await lobby(world, voice=True)
    world.voice.broken.add(sound_of(world, 2))
    await world.slash(anna, "duel captain pick", number=2)
    assert world.scheduler.pending() == {}
    assert world.destinations.dm(host).sent[-1].text.startswith(
        "The question plays a sound of unknown length")


async def test_duel_3_4_without_a_voice_channel_the_question_has_the_link_and_the_host_starts(
        world):
    host, anna = await lobby(world, voice=False)
    await world.slash(anna, "duel captain pick", number=2)
    assert world.voice.sounds == []
    assert any(f"Sound: {sound_of(world, 2)}" in (s.embed.description if s.embed else s.text)
               for s in world.channel.sent)
    assert world.scheduler.pending() == {}
    await world.slash(host, "duel host resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)
