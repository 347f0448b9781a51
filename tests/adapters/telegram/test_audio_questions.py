"""Audio questions on Telegram: the sound goes with the question (``sendAudio`` by
URL, or downloaded by the bot and uploaded when Telegram cannot fetch it), and the minute
starts once it has played (DUEL-3.4: the minute follows the reading): after the length
Telegram read from the file, or, when it could not tell, when the host starts the clock."""

from __future__ import annotations

from datetime import timedelta
from unittest.mock import ANY

from bot.packages import parse_package
from bot.packages.fetch import PackageFetcher
from tests.adapters.telegram.conftest import ANNA, BORIS, GAME, HOST, World
from tests.adapters.telegram.fake_telegram import GROUP_ID, group
from tests.sites import MP3, SOUND, audio_package, site


async def with_audio_package(tg: World, sound: str = SOUND) -> None:
    data = audio_package(sound)
    package = parse_package(data, "sound.txt").package
    tg.service.set_chat_package(GAME, await tg.storage.save_package(package, "sound.txt", data))
    await tg.started()


def sound_of(tg: World, number: int) -> str:
    game = tg.service.game_in(GAME)
    return game.package.questions[game.state.questions[number - 1]].audio[0]


async def test_duel_3_4_an_audio_question_starts_its_minute_when_the_sound_has_played(
        tg: World):
    await with_audio_package(tg)
    sound = sound_of(tg, 2)
    tg.fake.durations[sound] = 35
    await tg.say(ANNA, "/pick 2")
    sent = [c for c in tg.fake.sent(GROUP_ID) if c.method in ("sendMessage", "sendAudio")]
    question = next(i for i, c in enumerate(sent) if (c.text or "").startswith("Question 2."))
    assert sent[question + 1].method == "sendAudio"
    assert sent[question + 1].params["audio"] == sound
    assert f"Sound: {sound}" in sent[question].text
    played = tg.clock.now() + timedelta(seconds=35)
    assert tg.scheduler.pending() == {"1:warning": played + timedelta(seconds=50),
                                      "1:end": played + timedelta(seconds=60)}


async def test_duel_3_4_a_sound_of_unknown_length_waits_for_the_host_to_start_the_minute(
        tg: World):
    await with_audio_package(tg)
    await tg.say(ANNA, "/pick 2")  # Telegram reports no length for this file
    assert [c.params["audio"] for c in tg.fake.called("sendAudio")] == [sound_of(tg, 2)]
    assert tg.scheduler.pending() == {}
    assert tg.texts(HOST["id"])[-1].startswith("The question plays a sound of unknown length")
    await tg.advance(20)  # the sound plays in the group
    await tg.say(HOST, "/resume", in_private=True)
    assert tg.scheduler.pending()["1:end"] == tg.clock.now() + timedelta(seconds=60)


async def test_duel_3_4_a_sound_telegram_cannot_fetch_is_uploaded_and_then_the_minute_starts(
        tg: World):
    async with site() as web:
        tg.service.fetcher = PackageFetcher(web.sources)
        await with_audio_package(tg, f"{web.url}/sounds/q{{n}}.mp3")
        sound = sound_of(tg, 2)
        tg.fake.unfetchable.add(sound)
        tg.fake.durations[MP3] = 35
        await tg.say(ANNA, "/pick 2")
    assert ("/sounds/q2.mp3", ANY) in web.asked
    by_url, uploaded = tg.fake.called("sendAudio")
    assert (by_url.params["audio"], by_url.ok) == (sound, False)
    assert uploaded.ok and list(uploaded.uploads.values()) == [("q2.mp3", MP3)]
    played = tg.clock.now() + timedelta(seconds=35)
    assert tg.scheduler.pending() == {"1:warning": played + timedelta(seconds=50),
                                      "1:end": played + timedelta(seconds=60)}


async def test_duel_3_4_a_sound_nobody_can_fetch_leaves_its_link_and_the_host_starts(
        tg: World):
    async with site() as web:
        tg.service.fetcher = PackageFetcher(web.sources)
        await with_audio_package(tg, f"{web.url}/sounds/gone{{n}}.mp3")
        tg.fake.unfetchable.add(sound_of(tg, 2))
        await tg.say(ANNA, "/pick 2")
    assert ("/sounds/gone2.mp3", ANY) in web.asked
    assert not [c for c in tg.fake.called("sendAudio") if c.ok]
    assert any(f"Sound: {sound_of(tg, 2)}" in text for text in tg.texts())
    assert tg.scheduler.pending() == {}
    await tg.say(HOST, "/resume", in_private=True)
    assert tg.scheduler.pending()["1:end"] == tg.clock.now() + timedelta(seconds=60)


async def test_a_sound_on_the_bots_own_machine_is_a_package_problem_and_never_posted(
        tg: World):
    """A sound link to an address of the bot's own network is left out at import, with a
    problem line, so that the bot never downloads it and posts it into the chat (where
    Telegram could not fetch it, the bot would upload what it got)."""
    async with site() as web:
        # Given a host who sends a package whose sounds are on 127.0.0.1
        await tg.say(HOST, "/newgame duel")
        tg.fake.upload("inside", audio_package(f"{web.url}/sounds/q{{n}}.mp3"))
        await tg.feed(tg.fake.message(group(), HOST, None, date=tg.now(), document={
            "file_id": "inside", "file_unique_id": "i1", "file_name": "sound.txt"}))
        # Then the package is loaded with a problem line for each sound left out
        loaded = next(t for t in tg.texts() if t.startswith("Package “Кубок Звука”"))
        assert f"sound.txt:4: warning: question 1: the picture or sound {web.url}/sounds/" \
               "q1.mp3 is on a local or private network address" in loaded
        # And when the question is played, nothing is asked of the server or posted
        for person, text in [(ANNA, "/team Owls"), (BORIS, "/join Owls"),
                             (HOST, "/start anyway")]:
            await tg.say(person, text)
        tg.fake.unfetchable.add(f"{web.url}/sounds/q2.mp3")
        before = len(tg.texts())
        await tg.say(ANNA, "/pick 2")
    played = tg.texts()[before:]
    assert any(text.startswith("Question 2.") for text in played)
    assert not any("/sounds/" in text for text in played)
    assert tg.fake.called("sendAudio") == []
    assert web.asked == []


async def test_a_sound_or_picture_named_by_a_path_never_posts_a_file_of_the_bots_disk(
        tg: World, tmp_path):
    """A package's media are links: a file name or path in it is not read from the bot's
    disk and posted into the chat; the question's text carries the name."""
    secret = tmp_path / "token.env"
    secret.write_bytes(b"CHGK_TELEGRAM_TOKEN=123:secret")
    # Given a package whose question 2 names a file of the bot's machine as sound and picture
    text = audio_package().decode().replace(
        "(aud: https://sounds.example/q2.mp3)", f"(aud: {secret})\n(pic: {secret})")
    package = parse_package(text.encode(), "sound.txt").package
    assert package.questions[1].audio == (str(secret),)
    tg.service.set_chat_package(
        GAME, await tg.storage.save_package(package, "sound.txt", text.encode()))
    await tg.started()
    # When the question is played
    await tg.say(ANNA, "/pick 2")
    # Then the file is not uploaded anywhere
    assert not [c for c in tg.fake.calls if c.method in ("sendAudio", "sendPhoto")]
    assert all(b"secret" not in data for c in tg.fake.calls
               for _, data in getattr(c, "uploads", {}).values())
