"""The ``/duel`` commands of DUEL's special features (marking, sector 13, early answer,
extra minutes, hints, club helpers, credit, decisive round) and the ``/chgk season`` ones, with stub
interactions: each hands the service the chat command it understands, and a refusal is said
to the person alone. Whole games with them are in ``test_duel_game``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from adapters.discord import commands
from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.discord.stubs import Member
from tests.formats import CHAT_COMMAND_NAMES, formats


@dataclass
class People:
    """The host, a team of three (Anna captains; Vera's display name has a space), the keeper
    Ksenia and Zoe, a club member who is in no team."""

    host: Member
    anna: Member
    boris: Member
    vera: Member
    ksenia: Member
    zoe: Member


@pytest.fixture
def said(world) -> list[str]:
    """Every chat command text the service receives, in order."""
    texts: list[str] = []
    handle = world.service.handle

    async def spy(incoming):
        texts.append(incoming.text)
        await handle(incoming)

    world.service.handle = spy
    return texts


async def started(world) -> People:
    """A started game on the bundled sample package, with a keeper; everyone has used a
    ``/chgk`` command, so the bot knows their names."""
    await world.package(path=SAMPLE_PACKAGE)
    people = People(*(world.person(name) for name in
                      ("Host", "Anna", "Boris", "Vera Lee", "Ksenia", "Zoe")))
    await world.slash(people.host, "new", format="duel")
    await world.slash(people.anna, "team", team="Owls")
    for player in (people.boris, people.vera):
        await world.slash(player, "join", team="Owls")
    for someone in (people.ksenia, people.zoe):
        await world.slash(someone, "help")
    await world.slash(people.host, "duel host keeper", player=people.ksenia)
    await world.slash(people.host, "duel host start", anyway=True)
    return people


def test_every_chat_command_of_every_format_has_a_slash_command():
    # Without the Message Content intent a chat command nobody can send from a slash command
    # is lost: each is in /chgk or in the format's command spec.
    for fmt in formats().values():
        specs = [spec for _, spec in fmt.commands.commands()]
        source = Path(commands.__file__).read_text(encoding="utf-8") + "".join(
            f'"{form.text}' for spec in specs for form in spec.forms) + "".join(
            f'"/{spec.command}' for spec in specs if not spec.forms)
        wanted = {*fmt.command_names(), *CHAT_COMMAND_NAMES}
        wanted -= {"newgame", "package"}  # sent by /chgk new and /chgk package (the bridge)
        for name in wanted:
            if name.isascii():  # the Russian aliases are the same commands
                assert re.search(rf'"/{name}\b', source), name


GAME_COMMANDS = [
    ("duel host mark", lambda p: {"kind": "superblitz", "number": 9}, "/mark superblitz 9"),
    ("duel captain sector", lambda p: {"who": "all"}, "/sector all"),
    ("duel captain sector", lambda p: {"who": "all", "player": p.anna}, "/sector all"),
    ("duel captain sector", lambda p: {"who": "3", "player": p.anna, "player2": p.boris,
                                  "player3": p.vera}, "/sector 3 {anna}, {boris}, {vera}"),
    ("duel captain sector", lambda p: {"who": "1", "player": p.vera}, "/sector 1 {vera}"),
    ("duel captain early", lambda p: {}, "/early"),
    ("duel captain extra", lambda p: {}, "/extra"),
    ("duel host extra", lambda p: {}, "/extra"),
    ("duel captain hint", lambda p: {"what": "minute"}, "/hint minute"),
    ("duel captain hint", lambda p: {"what": "club"}, "/hint club"),
    ("duel captain helpers", lambda p: {"player": p.zoe}, "/helpers {zoe}"),
    ("duel captain helpers", lambda p: {"player2": p.vera}, "/helpers {vera}"),
    ("duel host helpers", lambda p: {"player": p.zoe, "player3": p.vera}, "/helpers {zoe}, {vera}"),
    ("duel host helpers", lambda p: {"nobody": True}, "/helpers none"),
    ("duel captain credit", lambda p: {}, "/credit"),
    ("duel captain repay", lambda p: {"number": 8}, "/repay 8"),
    ("duel captain decisive", lambda p: {"player": p.vera}, "/decisive {vera}"),
    ("duel captain best", lambda p: {"question": 3}, "/best question 3"),
    ("duel captain best", lambda p: {"player": p.vera}, "/best player {vera}"),
    ("duel keeper agree", lambda p: {}, "/agree"),
    ("duel keeper disagree", lambda p: {}, "/disagree"),
]


@pytest.mark.parametrize(("path", "options", "text"), GAME_COMMANDS,
                         ids=[f"{path}:{text}" for path, _, text in GAME_COMMANDS])
async def test_a_special_command_reaches_the_service_and_its_refusal_is_ephemeral(
        world, said, path, options, text):
    people = await started(world)
    posted = len(world.channel.sent)
    refused = await world.slash(people.zoe, path, **options(people))
    # A picked member is written as their Discord mention: the service resolves their id.
    assert said[-1] == text.format(**{name: f"<@{getattr(people, name).id}>"
                                      for name in ("anna", "boris", "vera", "zoe")})
    command = text.split()[0].removeprefix("/")
    assert refused.texts[0].startswith("Only ") and f"may use “{command}”." in refused.texts[0]
    assert len(refused.replies) == 1 and refused.replies[0].ephemeral
    assert len(world.channel.sent) == posted


@pytest.mark.parametrize("who", ["1", "3"])
async def test_a_sector_without_its_players_gets_the_usage_privately(world, said, who):
    people = await started(world)
    refused = await world.slash(people.anna, "duel captain sector", who=who)
    assert said[-1] == "/sector"
    assert refused.texts[0].startswith("/duel captain sector who:Everyone")
    assert refused.replies[0].ephemeral


async def test_one_player_for_sector_13_means_exactly_one(world, said):
    people = await started(world)
    refused = await world.slash(people.anna, "duel captain sector", who="1", player=people.boris,
                                player2=people.vera)
    assert said[-1] == "/sector"
    assert refused.texts[0].startswith("/duel captain sector who:Everyone")
    assert refused.replies[0].ephemeral


async def test_helpers_with_nobody_named_get_the_usage_privately(world, said):
    people = await started(world)
    refused = await world.slash(people.anna, "duel captain helpers")
    assert said[-1] == "/helpers"
    assert refused.texts[0].startswith("/duel host helpers NAME") and refused.replies[0].ephemeral


async def test_a_special_command_at_the_wrong_time_is_refused_privately(world, said):
    people = await started(world)
    posted = len(world.channel.sent)
    for path, options in (("duel captain early", {}), ("duel captain credit", {}),
                          ("duel captain hint", {"what": "minute"}), ("duel keeper agree", {}),
                          ("duel host mark", {"kind": "blitz", "number": 6})):
        refused = await world.slash(people.ksenia if path.startswith("keeper") else
                                    people.host if path.startswith("host") else people.anna,
                                    path, **options)
        assert len(refused.replies) == 1 and refused.replies[0].ephemeral, path
    assert len(world.channel.sent) == posted


SEASON_COMMANDS = [
    ("season standings", lambda p: {}, "/season"),
    ("season standings", lambda p: {"season": "Spring 2026"}, "/season standings Spring 2026"),
    ("season create", lambda p: {"name": "Spring"}, "/season create Spring"),
    ("season create", lambda p: {"name": "Autumn", "after": "Spring"},
     "/season create Autumn after Spring"),
    ("season keeper", lambda p: {"player": p.ksenia}, "/season keeper {ksenia}"),
    ("season register", lambda p: {"team": "Owls"}, "/season register Owls"),
    ("season approve", lambda p: {"team": "Owls"}, "/season approve Owls"),
    ("season order", lambda p: {}, "/season order"),
    ("season record", lambda p: {}, "/season record"),
    ("season vote", lambda p: {"team": "Cats", "captain1": p.anna, "captain2": p.boris,
                               "captain3": p.vera},
     "/season vote Cats: {anna}, {boris}, {vera}"),
    ("season vote", lambda p: {"team": "Cats", "captain1": p.anna, "captain2": p.boris,
                               "captain3": p.vera, "captain5": p.zoe, "captain9": p.host},
     "/season vote Cats: {anna}, {boris}, {vera}, {zoe}, {host}"),
    ("season ballot", lambda p: {"verdict": "yes"}, "/season vote yes"),
    ("season ballot", lambda p: {"verdict": "no"}, "/season vote no"),
]


@pytest.mark.parametrize(("path", "options", "text"), SEASON_COMMANDS,
                         ids=[f"{path}:{text}" for path, _, text in SEASON_COMMANDS])
async def test_a_season_command_reaches_the_service_and_answers_privately_in_a_dm(
        world, said, path, options, text):
    people = await started(world)
    answered = await world.slash(people.zoe, path, world.DM, **options(people))
    assert said[-1] == text.format(**{name: f"<@{getattr(people, name).id}>"
                                      for name in ("anna", "boris", "vera", "zoe", "host",
                                                   "ksenia")})
    assert answered.texts and all(reply.ephemeral for reply in answered.replies)


async def test_a_season_is_run_from_the_channel(world, said):
    people = await started(world)
    await world.slash(people.zoe, "season standings", world.DM)
    assert world.dm(people.zoe) == []  # said as the ephemeral reply, not as a DM
    await world.slash(people.host, "season create", name="Spring")
    assert world.channel.texts[-1].startswith("The season “Spring” is created.")
    await world.slash(people.host, "season keeper", player=people.ksenia)
    assert world.channel.texts[-1] == "The keeper of traditions of “Spring” is Ksenia."
    await world.slash(people.anna, "season register", team="Owls")
    assert world.channel.texts[-1] == "The team “Owls” is registered in “Spring”."
    refused = await world.slash(people.boris, "season order", world.DM)
    assert refused.texts == ["Only the season's host may do that."]
    assert refused.replies[0].ephemeral
    await world.slash(people.host, "season order")
    assert world.channel.texts[-2:] == ["The order of games of “Spring” (lot: "
                                        f"{world.channel.texts[-2].split('lot: ')[1]}",
                                        "1. Owls — a new team, placed by lot"]
    standings = await world.slash(people.zoe, "season standings", world.DM, season="Spring")
    assert standings.texts[0].startswith("“Spring”: standings")
