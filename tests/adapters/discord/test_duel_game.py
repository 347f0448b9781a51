"""A whole DUEL game through the ``/chgk`` commands and buttons, on a real package."""

from __future__ import annotations

from types import SimpleNamespace

from adapters.discord.tones import Tone, tone
from bot.packages import load_package
from tests.adapters.discord.stubs import VoiceChannel
from tests.conftest import shared_package


async def test_a_duel_game_is_played_to_the_end(world):
    await world.package("01_")
    questions = load_package(shared_package("01_")).package.scored_questions
    host, anna, boris, ksenia = (world.person(n) for n in ("Host", "Anna", "Boris", "Ksenia"))
    host.voice = SimpleNamespace(channel=VoiceChannel(world.guild, "Зал"))

    new = await world.slash(host, "new", format="duel")
    assert new.response.deferred == {"ephemeral": True, "thinking": True}
    assert f"The game's signals will sound in <#{host.voice.channel.id}>." in new.texts
    assert all(reply.ephemeral for reply in new.replies)
    assert world.voice.joined == [host.voice.channel]
    assert "A DUEL game is open. Host: Host." in world.channel.texts[-1]
    for who, path, options in [(anna, "team", {"team": "Owls"}),
                               (boris, "join", {"team": "Owls"}),
                               (ksenia, "help", {}),
                               (host, "host keeper", {"player": ksenia}),
                               (host, "host start", {"anyway": True})]:
        done = await world.slash(who, path, **options)
        assert all(reply.ephemeral for reply in done.replies)
    assert "The game is on!" in world.channel.texts[-2]

    for number in range(1, 7):
        await world.slash(anna, "captain pick", number=number)
        question = next(s for s in world.channel.sent if s.embed is not None and
                        f"Question {number}." in s.embed.description)
        if questions[number - 1].picture:
            assert question.embed.image.url == questions[number - 1].picture
        assert "<t:" in world.channel.texts[-1]  # the discussion's live countdown
        await world.advance(50)
        assert world.channel.texts[-1] == "🔔 **10 seconds left!**"
        await world.advance(10)
        assert "🔔 **Time!**" in world.channel.texts[-2:]
        await world.slash(anna, "captain answerer", player=boris)
        answer_text = "nonsense" if number == 1 else questions[number - 1].answer
        given = await world.slash(boris, "answer", text=answer_text)
        assert [r.ephemeral for r in given.replies] == [True]
        assert given.texts[0].startswith("Answer received")
        suggestion = world.destinations.dm(host).sent[-1]
        assert "The bot suggests" in suggestion.text
        verdict = "reject" if number == 1 else "accept"
        pressed = await world.press(host, suggestion, verdict, where=world.DM)
        assert pressed.edits == [{"view": None}]  # the verdict buttons are used up
        if number == 1:
            await world.slash(anna, "captain appeal")
            await world.slash(ksenia, "keeper overturn")
            assert "overturned" in world.channel.texts[-2]

    assert "The experts win! Team “Owls” won 6:0." in world.channel.texts
    await world.slash(anna, "captain best", player=boris)
    assert world.channel.texts[-1].startswith("Game over: the experts won, 6:0.")
    game = world.service.game_in(world.chat)
    assert game.info.status == "finished"
    # Signals sounded in the voice channel too: a warning and an end per question.
    assert [pcm for _, pcm in world.voice.played] == [tone(Tone.WARNING), tone(Tone.END)] * 6
    # The bot's suggestions went to the host alone.
    assert not any("The bot suggests" in text for text in world.channel.texts)
