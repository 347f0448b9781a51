"""A whole DUEL game through the ``/chgk`` commands and buttons, on a real package."""

from __future__ import annotations

from types import SimpleNamespace

from adapters.discord.tones import Tone, tone
from bot.bootstrap import SAMPLE_PACKAGE
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
                               (host, "duel host keeper", {"player": ksenia}),
                               (host, "duel host start", {"anyway": True})]:
        done = await world.slash(who, path, **options)
        assert all(reply.ephemeral for reply in done.replies)
    assert "The game is on!" in world.channel.texts[-1]

    for number in range(1, 7):
        await world.slash(anna, "duel captain pick", number=number)
        question = next(s for s in world.channel.sent if s.embed is not None and
                        f"Question {number}." in s.embed.description)
        if questions[number - 1].picture:
            assert question.embed.image.url == questions[number - 1].picture
        assert "<t:" in world.channel.texts[-1]  # the discussion's live countdown
        await world.advance(50)
        assert world.channel.texts[-1] == "🔔 **10 seconds left!**"
        await world.advance(10)
        assert world.channel.texts[-1].startswith("🔔 **Time!**\nAnna, who answers?")
        await world.slash(anna, "duel captain answerer", player=boris)
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
            await world.slash(anna, "duel captain appeal")
            await world.slash(ksenia, "duel keeper overturn")
            assert "overturned" in world.channel.texts[-1]

    assert any("\nThe experts win! Team “Owls” won 6:0." in t for t in world.channel.texts)
    # The game is finished at 6; the vote comes after it (DUEL-3.9).
    game = await world.service.current_game(world.chat)
    assert game.info.status == "finished"
    await world.slash(anna, "duel captain best", player=boris)
    assert world.channel.texts[-1].startswith("The vote is over. The experts won 6:0.")
    # Signals sounded in the voice channel too: a warning and an end per question.
    assert [pcm for _, pcm in world.voice.played] == [tone(Tone.WARNING), tone(Tone.END)] * 6
    # The bot's suggestions went to the host alone.
    assert not any("The bot suggests" in text for text in world.channel.texts)



async def specials_lobby(world):
    """A game on the bundled sample package (its special questions are marked by the bot),
    with a keeper and a club member the bot knows; returns the people."""
    await world.package(path=SAMPLE_PACKAGE)
    people = [world.person(n) for n in ("Host", "Anna", "Boris", "Vera Lee", "Ksenia", "Zoe")]
    host, anna, boris, vera, ksenia, zoe = people
    await world.slash(host, "new", format="duel")
    await world.slash(anna, "team", team="Owls")
    for player in (boris, vera):
        await world.slash(player, "join", team="Owls")
    for someone in (ksenia, zoe):
        await world.slash(someone, "help")  # now the bot knows their names
    await world.slash(host, "duel host keeper", player=ksenia)
    return people


async def play(world, people, number: int, answerer, *, right: bool = True,
               named: bool = False) -> None:
    """``answerer`` answers question ``number`` once its time is up (named by the captain
    unless the bot ``named`` them), and the host judges."""
    host, anna = people[:2]
    if not named:
        assert (await world.slash(anna, "duel captain answerer", player=answerer)).replies == []
    questions = load_package(SAMPLE_PACKAGE).package.scored_questions
    text = questions[number - 1].answer if right else "no idea"
    assert (await world.slash(answerer, "answer", text=text)).texts[0].startswith("Answer")
    verdict = "duel host accept" if right else "duel host reject"
    assert (await world.slash(host, verdict)).replies == []


async def test_the_duel_specials_are_played_through_the_commands(world):
    people = await specials_lobby(world)
    host, anna, boris, vera, ksenia, zoe = people
    refused = await world.slash(host, "duel host mark", kind="blitz", number=2)
    assert refused.texts == ["Question 2 does not have three parts: it cannot be a blitz or a "
                             "superblitz."] and refused.replies[0].ephemeral
    await world.slash(host, "duel host start", anyway=True)

    # DUEL-5.1: an early answer within 5 s, right: an extra minute.
    await world.slash(anna, "duel captain pick", number=2)
    await world.advance(2)
    assert (await world.slash(anna, "duel captain early")).replies == []
    assert world.channel.texts[-1].startswith("Early answer! The discussion is over.\n"
                                              "Anna, who answers?")
    await play(world, people, 2, boris)
    assert "\nThe early answer is right: the team earns an extra minute" in \
        world.channel.texts[-1]
    for number in (3, 4):
        await world.slash(anna, "duel captain pick", number=number)
        await world.advance(61)
        await play(world, people, number, vera, right=False)

    # DUEL-5.2b: behind 1:2, club help; the captain proposes Zoe, the keeper agrees.
    await world.slash(anna, "duel captain pick", number=5)
    await world.advance(20)
    assert (await world.slash(anna, "duel captain hint", what="club")).replies == []
    assert world.channel.texts[-1].startswith("Hint: club help. The clock is stopped.")
    assert (await world.slash(anna, "duel captain helpers", player=zoe)).replies == []
    assert world.channel.texts[-1].startswith("The captain proposes these helpers: Zoe.")
    assert (await world.slash(ksenia, "duel keeper agree")).replies == []
    assert world.channel.texts[-1] == "Club help: Zoe discuss with the team for 30 seconds."
    await world.advance(75)
    await play(world, people, 5, boris)

    # DUEL-4.2b: sector 13, Vera alone for a minute (the bot names her), right.
    await world.slash(anna, "duel captain pick", number=12)
    assert (await world.slash(anna, "duel captain sector", who="1", player=vera)).replies == []
    assert "At the table: one — Vera Lee, a minute." in world.channel.texts[-1]
    await world.advance(61)
    await play(world, people, 12, vera, named=True)
    assert "\nA right answer in sector 13: the team earns an extra minute (2 minutes in " \
        "store" in world.channel.texts[-1]

    # An extra minute after the time is up.
    await world.slash(anna, "duel captain pick", number=7)
    await world.advance(61)
    assert (await world.slash(anna, "duel captain extra")).replies == []
    assert world.channel.texts[-1].startswith("Extra minute: 60 seconds of discussion added.")
    await world.advance(61)
    await play(world, people, 7, boris)

    game = world.service.game_in(world.chat)
    assert game.state.score == (4, 2)
    kinds = [row.kind for row in await world.storage.events(game.info.id)]
    for kind in ("duel.early_answer", "duel.hint_taken", "duel.helpers_proposed",
                 "duel.helpers_named", "duel.sector13_chosen", "duel.time_added"):
        assert kind in kinds, kind


async def test_the_credit_minute_is_taken_and_repaid_through_the_commands(world):
    people = await specials_lobby(world)
    host, anna, boris, vera, _ksenia, _zoe = people
    await world.slash(host, "duel host start", anyway=True)
    for number in range(1, 6):
        await world.slash(anna, "duel captain pick", number=number)
        await world.advance(61)
        await play(world, people, number, boris, right=False)

    # DUEL-5.3: 0:5, the credit minute after the main minute.
    await world.slash(anna, "duel captain pick", number=7)
    early = await world.slash(anna, "duel captain credit")
    assert early.replies[0].ephemeral  # not during the discussion
    await world.advance(61)
    assert (await world.slash(anna, "duel captain credit")).replies == []
    assert world.channel.texts[-1].startswith("Credit minute! It must be repaid")
    await world.advance(61)
    await play(world, people, 7, vera)

    # DUEL-5.3.1: repaid on a question with no discussion, never on the blitz.
    blitz = await world.slash(anna, "duel captain repay", number=6)
    assert blitz.texts[0].startswith(
        "The credit minute is repaid on a question that is not a blitz")
    assert blitz.replies[0].ephemeral
    assert (await world.slash(anna, "duel captain repay", number=8)).replies == []
    await play(world, people, 8, boris)
    state = world.service.game_in(world.chat).state
    assert state.credit_taken and state.credit_repaid and state.score == (2, 5)
