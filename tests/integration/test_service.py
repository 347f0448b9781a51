"""The GameService with real storage and virtual time, a recording messenger in place of a chat."""

from __future__ import annotations

import asyncio

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.ports import ChatRef, Mention, MessageKind
from bot.service import GameService, Incoming
from bot.timers import VirtualScheduler
from tests.conftest import shared_package
from tests.integration.world import GROUP, restarted, say, service_world


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url)
    yield world.service, world.recorder, world.scheduler, world.storage
    await world.close()


async def started(service: GameService) -> None:
    for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"), ("boris", "/join owls"),
                      ("host", "/start")]:
        await say(service, who, text)


async def boris_answers(service: GameService, scheduler: VirtualScheduler, number: int,
                        answer: str) -> None:
    """A started game: the captain picks ``number``, the minute passes, Boris answers."""
    await started(service)
    await say(service, "anna", str(number))
    await scheduler.advance(60)
    await say(service, "anna", "/answerer boris")
    await say(service, "boris", answer, private=True)


async def test_newgame_makes_the_sender_the_host(world):
    service, recorder, _, _ = world
    await say(service, "zoe", "/newgame duel")
    assert "Host: zoe." in recorder.texts()[-1]
    await say(service, "anna", "/start")
    assert recorder.texts()[-1] == "Only the host may use “start”."


async def test_a_rejected_action_is_answered_and_not_stored(world):
    service, recorder, _, storage = world
    await started(service)
    before = await storage.events(1)
    await say(service, "boris", "/pick 3")
    assert recorder.texts()[-1] == "Only the captain may use “pick”."
    assert await storage.events(1) == before


async def test_a_refusal_names_the_roles_that_may_as_alternatives(world):
    # DUEL-5.1.2: the captain or the host spends an extra minute; a player is told who may.
    service, recorder, _, _ = world
    await started(service)
    await say(service, "boris", "/extra")
    assert recorder.texts()[-1] == "Only the captain or the host may use “extra”."


async def test_two_verdicts_at_once_count_once(world):
    service, recorder, scheduler, storage = world
    await boris_answers(service, scheduler, 3, "something")
    # The host double-clicks: both presses race; only one verdict may be stored.
    await asyncio.gather(say(service, "host", "/accept"), say(service, "host", "/accept"))
    kinds = [e.kind for e in await storage.events(1)]
    assert kinds.count("duel.judged") == 1
    assert "There is no answer to judge now." in recorder.texts("host")


async def test_host_and_cohost_accepting_at_the_same_instant_give_one_verdict(world):
    # Both may judge (DUEL-3.7, a co-host shares the host's role); the per-game lock
    # and the decider's phase check let exactly one verdict through.
    service, recorder, scheduler, storage = world
    await say(service, "zoe", "привет")
    await boris_answers(service, scheduler, 3, "Гагарин")
    await say(service, "host", "/cohost zoe")
    told = len(recorder.sent)
    await asyncio.gather(say(service, "host", "/accept"), say(service, "zoe", "/accept"))
    kinds = [e.kind for e in await storage.events(1)]
    assert kinds.count("duel.judged") == 1
    after = recorder.sent[told:]
    assert sum(m.text.startswith("Correct!") for m in after) == 1
    (refusal,) = [m for m in after if m.text == "There is no answer to judge now."]
    assert refusal.reply  # said to whoever came second alone


async def test_signals_are_sent_as_signals_at_their_deadlines(world):
    service, recorder, scheduler, _ = world
    await started(service)
    await say(service, "anna", "1")
    await scheduler.advance(49)
    assert not [m for m in recorder.sent if m.kind is MessageKind.SIGNAL]
    await scheduler.advance(1)
    signals = [m.text for m in recorder.sent if m.kind is MessageKind.SIGNAL]
    assert signals == ["10 seconds left!"]
    await scheduler.advance(10)
    assert [m.text for m in recorder.sent if m.kind is MessageKind.SIGNAL][-1].startswith(
        "Time!\nanna, who answers?")


async def test_the_suggestion_goes_to_the_host_only(world):
    service, recorder, scheduler, _ = world
    await boris_answers(service, scheduler, 1, "whatever")
    host_dm = recorder.texts("host")
    assert any("The bot suggests" in text for text in host_dm)
    assert not any("The bot suggests" in text for text in recorder.texts("group"))
    judged = [m for m in recorder.sent if m.chat.chat_id == "host" and m.buttons]
    assert [b.command for b in judged[-1].buttons] == ["accept", "reject"]


async def test_the_question_is_posted_with_its_picture(world):
    service, recorder, _, _ = world
    await started(service)
    package = load_package(SAMPLE_PACKAGE).package
    number = next(i for i, q in enumerate(package.scored_questions, 1) if q.picture)
    await say(service, "anna", str(number))
    question = next(m for m in recorder.sent if m.kind is MessageKind.QUESTION)
    assert question.image == package.scored_questions[number - 1].picture
    assert question.image in question.text


async def test_table_talk_in_the_group_is_ignored(world):
    service, recorder, _, _ = world
    await started(service)
    count = len(recorder.sent)
    await say(service, "boris", "I think it is Pushkin")
    assert len(recorder.sent) == count


async def test_a_private_message_from_a_stranger_is_told_there_is_no_game(world):
    service, recorder, _, _ = world
    await started(service)
    await say(service, "zoe", "hello", private=True)
    assert recorder.texts("zoe") == ["You are in no running game: join a team in the game's "
                                     "chat (/join NAME)."]


async def test_a_package_sent_to_the_chat_becomes_the_lobby_games_package(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    host = Incoming(GROUP, "host", "host", "", sender_locale="en")
    await service.upload_package(host, shared_package("02_").read_bytes(), "balt.4s")
    assert recorder.texts()[-2].startswith("Package “")
    assert recorder.texts()[-1] == "The game's package is set: 36 questions."
    assert service.game_in(GROUP).state.package_id == 2


async def test_a_broken_package_is_reported_with_file_and_line(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    broken = "Чемпионат:\nТест\n\nВопрос 1:\nТекст без ответа.\n".encode()
    await service.upload_package(Incoming(GROUP, "host", "host", "", sender_locale="en"),
                                 broken, "broken.txt")
    assert recorder.texts()[-1].startswith("The package broken.txt cannot be used:")
    assert "broken.txt:4: error: question 1: no answer." in recorder.texts()[-1]
    await service.upload_package(Incoming(GROUP, "host", "host", "", sender_locale="en"),
                                 b"\x00\x01\x02garbage", "x.bin")
    assert recorder.texts()[-1].startswith("x.bin: ")


@pytest.mark.parametrize("text", ["²", "①", "/pick ²", "1" * 5000, "/questions 99999999999"])
async def test_odd_digits_get_an_answer_not_a_crash(world, text):
    service, recorder, _, storage = world
    await started(service)
    before = await storage.events(1)
    await say(service, "anna", text)
    assert not any("Something went wrong" in m for m in recorder.texts())
    assert await storage.events(1) == before


async def test_table_talk_with_an_alias_word_picks_nothing(world):
    service, recorder, _, storage = world
    await started(service)
    before = await storage.events(1)
    await say(service, "anna", "в 3 часа встречаемся")
    await say(service, "anna", "a теперь о другом")
    assert await storage.events(1) == before
    await say(service, "anna", "/в 3")
    assert any(m.kind is MessageKind.QUESTION for m in recorder.sent)


async def test_a_very_long_answer_is_refused_with_the_limit(world):
    service, recorder, scheduler, _ = world
    await boris_answers(service, scheduler, 1, "a" * 1001)
    assert recorder.texts("boris")[-1] == \
        "The answer is too long: 1,001 characters, at most 1,000 characters allowed."


async def test_a_package_sent_after_the_game_opened_survives_a_restart(world):
    # The package comes from the log (PackageAttached), not from the row
    # written when the game was opened without one.
    service, _, _, storage = world
    lobby = ChatRef("test", "lobby")

    def in_lobby(who: str, text: str) -> Incoming:
        return Incoming(lobby, who, who, text, sender_locale="en")

    await service.handle(in_lobby("host", "/newgame duel"))
    await service.upload_package(in_lobby("host", ""), SAMPLE_PACKAGE.read_bytes(),
                                 SAMPLE_PACKAGE.name)
    restart = await restarted(service)
    service, recorder = restart.service, restart.recorder
    for who, text in [("anna", "/team Owls"), ("boris", "/join Owls"), ("host", "/start"),
                      ("anna", "/pick 2")]:
        await service.handle(in_lobby(who, text))
    package = load_package(SAMPLE_PACKAGE).package
    # The question is posted, then shown again with its time once delivered.
    questions = [m.text for m in recorder.sent
                 if m.kind is MessageKind.QUESTION and m.key == "duel-question"]
    assert len(questions) == 1 and package.scored_questions[1].text in questions[0]
    assert [g.package_id for g in await storage.games(chat_key=lobby.key)] == [
        service.game_in(lobby).state.package_id]


async def test_people_are_named_by_username_after_a_restart(world):
    # Who a chat has seen is stored, so "@dasha" still names Dasha.
    service, _, _, _ = world
    await say(service, "host", "/newgame duel")
    for who, name, username, text in [("a1", "Anna", "anna", "/team Owls"),
                                      ("d1", "Daria P.", "dasha", "/join Owls"),
                                      ("v1", "Vera", "vera", "/join Owls")]:
        await service.handle(Incoming(GROUP, who, name, text, sender_locale="en",
                                      sender_username=username))
    await say(service, "host", "/start")
    restart = await restarted(service)
    service, recorder = restart.service, restart.recorder

    def anna(text: str) -> Incoming:
        return Incoming(GROUP, "a1", "Anna", text, sender_locale="en", sender_username="anna")

    await service.handle(anna("1"))
    await service.scheduler.advance(60)
    await service.handle(anna("/answerer @dasha"))
    assert recorder.texts()[-1].endswith("\nDaria P. answers.")  # under "who answers?"
    await service.handle(anna("/answerer @nobody"))
    assert recorder.texts()[-1].startswith("The bot has not seen @nobody yet")


async def test_a_text_mention_names_a_keeper_who_never_wrote(world):
    # A mention carrying the platform id makes the person known.
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    await service.handle(Incoming(GROUP, "host", "host", "/keeper Ksenia", sender_locale="en",
                                  mentions=(Mention("Ksenia", "k7", "Ksenia Petrova"),)))
    assert recorder.texts()[-1] == "Ksenia Petrova is the keeper of traditions."
    await say(service, "host", "/keeper Zoe")
    assert recorder.texts("host")[-1].startswith("Nobody called “Zoe” is in this game.")
