"""A game opened before its package takes one until its first question, in all three formats:
the opening says how to give it, the start is refused with that hint until it comes, and a
package the game refuses is never reported as loaded first."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.bootstrap import SAMPLE_PACKAGE, SAMPLE_TV_PACKAGE
from tests.integration.stage import Stage
from tests.integration.world import restarted, say, service_world

NO_PACKAGE = "The game has no package yet: send the package file to this chat, or its link: " \
    "/package LINK."
WANTED = "No package yet: the host sends the package file to this chat, or its link " \
    "(/package LINK). The game cannot start without one."
LOADED = "Package “Пробный пакет chgk-bot для дуэли” loaded: 12 questions."
ATTACHED = "The game's package: “Пробный пакет chgk-bot для дуэли” (12 questions)."
TV_LOADED = "Package “Пробный пакет chgk-bot для телеверсии” loaded: 13 questions."
TV_ATTACHED = "The game's package: “Пробный пакет chgk-bot для телеверсии” (13 questions)."


@pytest.fixture
async def stage(database_url):
    """A service whose group has no package yet."""
    stage = Stage(**vars(await service_world(database_url, min_players=None, package=None)))
    yield stage
    await stage.close()


def texts(sent) -> list[str]:
    return [m.text for m in sent]


async def _lobby(stage: Stage, fmt: str) -> list[str]:
    """The host opens a game of ``fmt`` with no package and two teams register; returns
    what the opening said."""
    opened = texts(await stage.say("host", f"/newgame {fmt}"))
    if fmt == "sync":
        await stage.say("host", "/announce")
    await stage.say("anna", "/team Owls")
    if fmt != "duel":
        await stage.say("lena", "/team Foxes")
    if fmt == "tv":
        for team in ("Owls", "Foxes"):  # a team sits at the central table with 4 to 6
            for n in range(3):
                await stage.say(f"{team.casefold()}{n}", f"/join {team}")
    return opened


def package_of(fmt: str) -> Path:
    """The bundled sample a game of ``fmt`` plays: TV's own, DUEL's for the others."""
    return SAMPLE_TV_PACKAGE if fmt == "tv" else SAMPLE_PACKAGE


async def test_sync_5_a_game_opened_without_a_package_takes_the_hosts_until_round_1(stage):
    """Given a SYNC game opened with no package, its opening says how to give one and
    /round is refused with that hint; when the host sends the package, it is loaded and
    becomes the game's, round 1 plays its questions, and a restart keeps it."""
    opened = await _lobby(stage, "sync")
    assert opened[0].endswith(WANTED)
    assert "0 questions" not in opened[0]
    assert texts(await stage.say("host", "/round 1 2 3")) == [NO_PACKAGE]

    sent = texts(await stage.upload("host"))
    assert sent[0].startswith(LOADED)
    assert sent[1:] == [ATTACHED]
    assert any(text.startswith("Round 1: the organisers' questions (3 questions).")
               for text in texts(await stage.say("host", "/round 1 2 3")))

    again = await restarted(stage.service)
    await say(again.service, "host", "/ask")
    assert again.recorder.texts()[-1].startswith("Question 1. Это сооружение построили")


async def test_tv_a_game_opened_without_a_package_takes_the_hosts_until_the_first_envelope(
        stage):
    """Given a TV game opened with no package, its opening says how to give one and /start
    is refused with that hint; when the host sends the package, it is the game's envelopes:
    the game starts, and the package is taken even after the start, until the first spin."""
    opened = await _lobby(stage, "tv")
    assert opened[0].endswith(WANTED)
    assert texts(await stage.say("host", "/start Owls")) == [NO_PACKAGE]

    sent = texts(await stage.upload("host", package=SAMPLE_TV_PACKAGE))
    assert sent[0].startswith(TV_LOADED)
    assert sent[1:] == [TV_ATTACHED]
    assert texts(await stage.say("host", "/start Owls"))[0].startswith(
        "The game has started: 2 teams")
    assert texts(await stage.upload("host", package=SAMPLE_TV_PACKAGE))[1:] == [TV_ATTACHED]


async def test_duel_a_game_opened_without_a_package_says_how_to_give_one(stage):
    """Given a DUEL game opened with no package, its opening says how to give one (not
    "Package: - (0 questions)") and /start is refused with that hint."""
    opened = await _lobby(stage, "duel")
    assert opened[0].endswith(WANTED)
    assert "Package: -" not in opened[0]
    assert texts(await stage.say("host", "/start training")) == [NO_PACKAGE]


@pytest.mark.parametrize("fmt,start,refusal", [
    ("sync", ["/round 1 2 3"],
     "A synchronous game's package is chosen before round 1: this package is kept for the "
     "chat's next game (/newgame sync)."),
    ("tv", ["/start Owls", "/spin"],
     "A TV game's package is chosen before the first envelope: this package is kept for the "
     "chat's next game (/newgame tv)."),
    ("duel", ["/start training"],
     "A DUEL game's package is chosen before it starts: this package is kept for the chat's "
     "next game (/newgame duel)."),
])
async def test_a_package_refused_by_the_game_is_not_reported_as_loaded(stage, fmt, start,
                                                                       refusal):
    """Given a game past the point where it takes a package, when the host sends one, the
    refusal says why and that the package waits for the next game, and nothing says it was
    loaded; the next game opens on it."""
    await _lobby(stage, fmt)
    await stage.upload("host", package=package_of(fmt))
    for line in start:
        await stage.say("host", line)
    assert texts(await stage.upload("host", package=package_of(fmt))) == [refusal]
    await stage.say("host", "/abort")
    assert ("13" if fmt == "tv" else "12") in \
        texts(await stage.say("host", f"/newgame {fmt}"))[0]
