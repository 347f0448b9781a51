"""What people type, through the GameService: answers that look like commands, the host's bare
verdict, names and answers too long or full of invisible characters, small packages."""

from __future__ import annotations

import pytest

from bot.service import Incoming
from tests.integration.test_service import boris_answers, started
from tests.integration.world import GROUP, say, service_world

SMALL_PACKAGE = """Чемпионат:
Три вопроса для тренировки

Вопрос 1:
Какой металл при комнатной температуре жидкий?

Ответ:
Ртуть.

Вопрос 2:
Столица Франции?

Ответ:
Париж.

Вопрос 3:
Автор «Похождений бравого солдата Швейка»?

Ответ:
Гашек.
"""


@pytest.fixture
async def world(database_url):
    """The service on the sample package in the group, teams of two allowed (DUEL-2.2 aside)."""
    world = await service_world(database_url)
    yield world.service, world.recorder, world.scheduler, world.storage
    await world.close()


async def kinds(storage) -> list[str]:
    return [e.kind for e in await storage.events(1)]


# --- DUEL-3.5: whatever the named answerer writes privately is the answer -------------------


@pytest.mark.parametrize("text", ["AC/DC", "1/2", "24/7", "@home", "</b>", "/dev/null",
                                  "Ртуть/Hg"])
async def test_duel_3_5_a_private_answer_with_a_slash_or_at_sign_is_the_answer(world, text):
    service, recorder, scheduler, storage = world
    await boris_answers(service, scheduler, 2, text)
    assert recorder.texts("boris")[-1] == f"Answer received: “{text}”."
    assert recorder.texts("host")[-1].startswith(f"Answer: “{text}”.")
    assert recorder.texts()[-1] == "boris has answered; the answer is with the host."
    assert "duel.answer_given" in await kinds(storage)


async def test_duel_3_5_a_slash_command_of_the_answerer_is_still_a_command(world):
    service, recorder, scheduler, storage = world
    await boris_answers(service, scheduler, 2, "/score")
    assert recorder.texts("boris")[-1] == "Score: team “Owls” 0 — host 0."
    assert "duel.answer_given" not in await kinds(storage)


# --- DUEL-3.7: the host's bare + / - while a verdict is pending -----------------------------


async def test_duel_3_7_the_hosts_bare_plus_in_the_chat_is_the_verdict(world):
    service, recorder, scheduler, storage = world
    await boris_answers(service, scheduler, 2, "Ртуть")
    await say(service, "host", "+")
    assert "duel.judged" in await kinds(storage)
    assert any(t.startswith("Correct! Score 1:0") for t in recorder.texts())


async def test_duel_3_7_the_hosts_bare_minus_in_the_chat_is_the_verdict(world):
    service, recorder, scheduler, _ = world
    await boris_answers(service, scheduler, 2, "Галлий")
    await say(service, "host", "-")
    assert any(t.startswith("Not accepted. Score 0:1") for t in recorder.texts())


async def test_duel_3_7_plus_and_minus_are_table_talk_without_a_pending_verdict(world):
    service, recorder, scheduler, storage = world
    await started(service)
    before, sent = await kinds(storage), len(recorder.sent)
    await say(service, "host", "+")  # nothing to judge yet: no verdict, no refusal either
    await say(service, "anna", "2")
    await scheduler.advance(60)
    await say(service, "anna", "/answerer boris")
    await say(service, "boris", "Ртуть", private=True)
    await say(service, "anna", "+")  # the captain agrees with Boris: table talk
    await say(service, "boris", "-")
    assert "duel.judged" not in await kinds(storage)
    assert len(await kinds(storage)) > len(before)
    assert not any("Only the host" in m.text for m in recorder.sent[sent:])


# --- limits, said in the refusal (bot.commands.MAX_NAME, MAX_TEXT) ---------------------------


async def test_a_team_name_over_64_characters_is_refused_with_the_limit(world):
    service, recorder, _, storage = world
    await say(service, "host", "/newgame duel")
    await say(service, "anna", "/team " + "Я" * 65)
    assert recorder.texts()[-1] == \
        "The name is too long: 65 characters, at most 64 characters allowed."
    await say(service, "anna", "/team " + "Я" * 64)
    await say(service, "boris", "/join " + "Я" * 70)
    assert recorder.texts()[-1] == \
        "The name is too long: 70 characters, at most 64 characters allowed."
    assert (await kinds(storage)).count("roster.team_registered") == 1


async def test_a_too_long_name_is_refused_in_russian_with_plurals(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    await service.handle(Incoming(GROUP, "anna", "anna", "/team " + "Я" * 101,
                                  sender_locale="ru"))
    assert recorder.texts()[-1] == \
        "Название слишком длинное: 101 знак, а можно не больше 64 знаков."


# --- invisible characters (bidi controls, zero-width, BOM, NUL) ------------------------------


async def test_a_team_name_loses_its_invisible_characters(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    await say(service, "anna", "/team \u202eOwls\u200f\u200b\ufeff\x00 Club")
    assert recorder.texts()[-1] == "Team “Owls Club” registered; anna is the captain."
    await say(service, "boris", "/join owls club")
    assert recorder.texts()[-1].endswith("\nboris joined “Owls Club” (2 players).")


async def test_an_emoji_sequence_in_a_team_name_is_kept_whole(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    await say(service, "anna", "/team 👩\u200d💻 Coders 🏳️\u200d🌈")
    assert recorder.texts()[-1] == \
        "Team “👩\u200d💻 Coders 🏳️\u200d🌈” registered; anna is the captain."


async def test_a_name_of_only_invisible_characters_is_refused_saying_why(world):
    service, recorder, _, storage = world
    await say(service, "host", "/newgame duel")
    await say(service, "anna", "/team \u200b\u202e\ufeff")
    assert recorder.texts()[-1].startswith("The name has no visible character in it")
    assert "roster.team_registered" not in await kinds(storage)


async def test_a_display_name_with_a_direction_override_is_shown_without_it(world):
    service, recorder, _, _ = world
    await say(service, "host", "/newgame duel")
    await service.handle(Incoming(GROUP, "anna", "\u202eAnna\u202c", "/team Owls",
                                  sender_locale="en"))
    assert recorder.texts()[-1] == "Team “Owls” registered; Anna is the captain."
    await service.handle(Incoming(GROUP, "boris", "\u200b", "/join Owls", sender_locale="en"))
    assert recorder.texts()[-1].endswith("\nboris joined “Owls” (2 players).")


async def test_an_answer_with_a_direction_mark_is_judged_like_the_bare_word(world):
    service, recorder, scheduler, _ = world
    await boris_answers(service, scheduler, 2, "Ртуть\u200f")
    assert recorder.texts("boris")[-1] == "Answer received: “Ртуть”."
    assert "The bot suggests: accept" in recorder.texts("host")[-1]


async def test_an_answer_of_only_invisible_characters_is_refused_saying_why(world):
    service, recorder, scheduler, storage = world
    await boris_answers(service, scheduler, 2, "\u200b\u200f")
    assert recorder.texts("boris")[-1].startswith("The answer has no visible character")
    assert "duel.answer_given" not in await kinds(storage)


# --- small packages: a training game plays any package with a question ----------------------


async def test_duel_4_1_a_small_package_is_taken_and_plays_as_a_training_game(world):
    service, recorder, scheduler, storage = world
    await say(service, "host", "/newgame duel")
    await service.upload_package(Incoming(GROUP, "host", "host", "", sender_locale="en"),
                                 SMALL_PACKAGE.encode(), "small.txt")
    assert "duel.package_attached" in await kinds(storage)
    await say(service, "anna", "/team Owls")
    await say(service, "boris", "/join Owls")
    await say(service, "host", "/start")
    assert recorder.texts("host")[-1] == ("The package has 3 questions; a game needs 12. It "
                                          "can be played as a training game: /start training.")
    await say(service, "host", "/start training")
    assert recorder.texts()[-1].startswith(
        "The game is on! Team “Owls” against the host, to 2 points. No keeper of traditions "
        "has been named, so there will be no appeals (/keeper NAME).\nanna, choose a question")
    for number, answer in [(1, "Ртуть"), (2, "Лондон"), (3, "Гашек")]:
        await say(service, "anna", str(number))
        await scheduler.advance(60)
        await say(service, "anna", "/answerer boris")
        await say(service, "boris", answer, private=True)
        await say(service, "host", "/accept" if answer != "Лондон" else "/reject")
    assert any("\nThe experts win! Team “Owls” won 2:1." in t for t in recorder.texts())
    assert "duel.won" in await kinds(storage)


async def test_a_package_with_no_question_for_points_is_refused(world):
    service, recorder, _, storage = world
    await say(service, "host", "/newgame duel")
    warmup = "Вопрос 0:\nРазминка?\n\nОтвет:\nДа.\n"
    await service.upload_package(Incoming(GROUP, "host", "host", "", sender_locale="en"),
                                 warmup.encode(), "warmup.txt")
    assert recorder.texts()[-1] == \
        "The package has no question to play for points (only warm-up ones)."
    assert "duel.package_attached" not in await kinds(storage)

