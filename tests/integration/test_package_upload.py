"""Uploading a package to the GameService: parsed off the event loop by the worker
process, refused over the size and question limits with a message in the sender's language."""

from __future__ import annotations

import asyncio

import pytest

from bench.importing import generate
from bot.packages import MAX_PACKAGE_BYTES
from bot.packages.worker import PackageParser
from bot.ports import ChatRef
from bot.service import Incoming
from tests.integration.world import GROUP, say, service_world

OTHER = ChatRef("test", "other")


@pytest.fixture
async def world(database_url):
    world = await service_world(database_url, min_players=None, package=None,
                                parser=PackageParser(max_questions=40))
    yield world.service, world.recorder
    await world.close()


def host(locale: str = "en") -> Incoming:
    return Incoming(GROUP, "host", "host", "", sender_locale=locale)


async def test_a_file_over_the_size_limit_is_refused_in_the_senders_language(world):
    service, recorder = world
    await say(service, "host", "/newgame duel")
    huge = b"x" * (MAX_PACKAGE_BYTES + 1024 * 1024)
    await service.upload_package(host(), huge, "huge.txt")
    assert recorder.texts()[-1] == ("huge.txt: The file is 21 MB, and a package may be at "
                                    "most 20 MB: split it into parts.")
    await service.upload_package(host("ru"), huge, "huge.txt")
    assert recorder.texts()[-1].startswith("huge.txt: Файл весит 21 МБ")
    assert service.parser.in_progress == 0


async def test_a_package_over_the_question_limit_is_refused(world):
    service, recorder = world
    await say(service, "host", "/newgame duel")
    data = "".join(f"Вопрос {n}:\nТекст {n}?\n\nОтвет:\nОтвет {n}.\n\n"
                   for n in range(1, 42)).encode()
    await service.upload_package(host(), data, "many.txt")
    assert recorder.texts()[-1] == ("many.txt: The package has 41 questions, and at most 40 are "
                                    "allowed: split it into parts.")


async def test_another_games_action_is_answered_while_a_big_package_parses(world):
    service, recorder = world
    service.parser.max_questions = None
    await say(service, "host", "/newgame duel")
    data, count = generate("dbtext", 2 * 1024 * 1024)
    upload = asyncio.create_task(service.upload_package(host(), data, "big.txt"))
    while service.parser.in_progress == 0 and not upload.done():
        await asyncio.sleep(0.01)
    await service.handle(Incoming(OTHER, "vera", "vera", "/newgame duel", sender_locale="en"))
    still_parsing = service.parser.in_progress == 1
    await upload
    answered = next(i for i, m in enumerate(recorder.sent) if m.chat == OTHER)
    loaded = next(i for i, m in enumerate(recorder.sent) if m.text.startswith("Package “"))
    assert still_parsing
    assert answered < loaded
    assert "Host: vera." in recorder.sent[answered].text
    assert f"{count:,} questions" in recorder.sent[loaded].text
