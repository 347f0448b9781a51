"""Audio questions on Discord: with the game linked to a voice channel the sound is
played there (a stub voice client records it), and the minute starts once it has played
(DUEL-3.4: the minute follows the reading); without one, the sound file is attached to the
question (its link stays in the text, and alone when the file is over Discord's attachment
limit) and the host starts the minute."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import discord

from bot.packages import parse_package
from bot.packages.fetch import PackageFetcher
from tests.adapters.discord.stubs import VoiceChannel, http_error
from tests.sites import MP3, SOUND, TEST_MAX_BYTES, audio_package, site


async def lobby(world, *, voice: bool, sound: str = SOUND):
    data = audio_package(sound)
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
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        _, anna = await lobby(world, voice=True, sound=f"{web.url}/sounds/q{{n}}.mp3")
        sound = sound_of(world, 2)
        world.voice.sound_seconds[sound] = 40
        picked = world.clock.now()
        await world.slash(anna, "duel captain pick", number=2)
    assert world.voice.sounds == [(world.guild.id, sound)]
    # The bot downloads the sound itself (public addresses only): the player reads its file.
    assert world.voice.files == [MP3]
    played = picked + timedelta(seconds=40)
    assert world.scheduler.pending() == {"1:warning": played + timedelta(seconds=50),
                                         "1:end": played + timedelta(seconds=60)}


async def test_duel_3_4_a_sound_that_does_not_play_waits_for_the_host(world):
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        host, anna = await lobby(world, voice=True, sound=f"{web.url}/sounds/q{{n}}.mp3")
        world.voice.broken.add(sound_of(world, 2))
        await world.slash(anna, "duel captain pick", number=2)
    assert world.scheduler.pending() == {}
    assert world.destinations.dm(host).sent[-1].text.startswith(
        "The question plays a sound of unknown length")


def question_posts(world) -> list:
    return [s for s in world.channel.sent if "Sound: " in s.text]


async def test_duel_3_4_without_a_voice_channel_the_sound_is_attached_and_the_host_starts(
        world):
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        host, anna = await lobby(world, voice=False, sound=f"{web.url}/sounds/q{{n}}.mp3")
        await world.slash(anna, "duel captain pick", number=2)
    assert world.voice.sounds == []
    [question] = question_posts(world)
    assert f"Sound: {sound_of(world, 2)}" in question.text
    attached = question.options["file"]
    assert (attached.filename, attached.fp.getvalue()) == ("q2.mp3", MP3)
    assert world.scheduler.pending() == {}
    assert world.destinations.dm(host).sent[-1].text.startswith(
        "The question plays a sound of unknown length")
    await world.slash(host, "duel host resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)


async def test_duel_3_4_a_sound_over_the_attachment_limit_stays_a_link_in_the_question(world):
    world.bridge.voice.attachment_bytes = TEST_MAX_BYTES
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        host, anna = await lobby(world, voice=False, sound=f"{web.url}/sounds/big.mp3")
        await world.slash(anna, "duel captain pick", number=2)
    [question] = question_posts(world)
    assert f"Sound: {web.url}/sounds/big.mp3" in question.text
    assert "file" not in question.options
    assert world.scheduler.pending() == {}
    await world.slash(host, "duel host resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)


async def test_duel_3_4_a_channel_refusing_attachments_gets_the_question_with_the_link(world):
    world.channel.refuse_files = http_error(discord.Forbidden, 403)
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        host, anna = await lobby(world, voice=False, sound=f"{web.url}/sounds/q{{n}}.mp3")
        await world.slash(anna, "duel captain pick", number=2)
    [question] = question_posts(world)
    assert f"Sound: {sound_of(world, 2)}" in question.text and "file" not in question.options
    await world.slash(host, "duel host resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)


async def test_duel_3_4_with_a_voice_channel_the_sound_is_played_not_attached(world):
    async with site() as web:
        world.service.fetcher = PackageFetcher(web.sources)
        _, anna = await lobby(world, voice=True, sound=f"{web.url}/sounds/q{{n}}.mp3")
        await world.slash(anna, "duel captain pick", number=2)
    assert world.voice.sounds == [(world.guild.id, sound_of(world, 2))]
    assert all("file" not in s.options for s in question_posts(world))


async def test_a_sound_on_the_bots_own_machine_is_neither_played_nor_attached(world):
    """A sound link that leads to the bot's own network at play time (its name resolved
    elsewhere when the package was imported) is refused by the one fetcher: the voice player
    never gets it, nothing is attached, and the host starts the minute."""
    async with site() as web:
        # Given a stored package whose sounds are on 127.0.0.1, and no allow-list
        host, anna = await lobby(world, voice=True, sound=f"{web.url}/sounds/q{{n}}.mp3")
        # When a sound question is picked
        await world.slash(anna, "duel captain pick", number=2)
    # Then nothing is asked of the server, played or attached
    assert web.asked == []
    assert world.voice.sounds == []
    assert all("file" not in s.options for s in question_posts(world))
    await world.slash(host, "duel host resume")
    assert world.scheduler.pending()["1:end"] == world.clock.now() + timedelta(seconds=60)
