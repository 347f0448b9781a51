"""The ``/league`` slash commands of the TV club league (TV-7, TV-8, TV-12..TV-14),
with stub interactions: each hands the service the ``/league`` chat command it understands,
a picked member by their mention; a refusal is said to the person alone."""

from __future__ import annotations

import pytest

from tests.adapters.discord.test_special_commands import People, said, started

__all__ = ["said"]  # the fixture, used by name

LEAGUE_COMMANDS = [
    ("league standings", lambda p: {}, "/league"),
    ("league standings", lambda p: {"league": "Spring"}, "/league standings Spring"),
    ("league create", lambda p: {"league": "Spring"}, "/league create Spring"),
    ("league admin", lambda p: {"player": p.vera}, "/league admin {vera}"),
    ("league join", lambda p: {}, "/league join"),
    ("league approve", lambda p: {"player": p.anna}, "/league approve {anna}"),
    ("league refuse", lambda p: {"player": p.anna}, "/league refuse {anna}"),
    ("league end", lambda p: {"player": p.anna}, "/league end {anna}"),
    ("league members", lambda p: {}, "/league members"),
    ("league plan", lambda p: {"date": "2026-03-08 16:00", "tables": 4},
     "/league plan 2026-03-08 16:00 4"),
    ("league days", lambda p: {}, "/league days"),
    ("league register", lambda p: {"day": "1", "session": "sun"}, "/league register 1 sun"),
    ("league withdraw", lambda p: {"day": "2", "session": "wed", "player": p.boris},
     "/league withdraw 2 wed {boris}"),
    ("league team", lambda p: {"day": "1", "session": "wed", "team": "Owls",
                               "player": p.boris, "player2": p.vera},
     "/league team 1 wed Owls: {boris}, {vera}"),
    ("league fee", lambda p: {"day": "1", "session": "sun", "payer": "Owls", "paid": True},
     "/league fee 1 sun Owls yes"),
    ("league teams", lambda p: {"day": "3", "session": "sun"}, "/league teams 3 sun"),
    ("league move", lambda p: {"day": "1", "session": "sun", "player": p.vera, "to": 2},
     "/league move 1 sun {vera} 2"),
    ("league record", lambda p: {"day": "final", "session": "sun"}, "/league record final"),
    ("league record", lambda p: {"day": "4", "session": "wed"}, "/league record 4 wed"),
    ("league final", lambda p: {}, "/league final"),
    ("league decline", lambda p: {"player": p.vera}, "/league decline {vera}"),
    ("league select", lambda p: {"players": "Vera Lee, Zoe"}, "/league select Vera Lee, Zoe"),
    ("league add", lambda p: {"players": "Zoe"}, "/league add Zoe"),
    ("league best", lambda p: {"player": p.vera}, "/league best {vera}"),
]


@pytest.mark.parametrize(("path", "options", "text"), LEAGUE_COMMANDS,
                         ids=[f"{path}:{text}" for path, _, text in LEAGUE_COMMANDS])
async def test_a_league_command_reaches_the_service(world, said, path, options, text):
    people = await started(world)
    await world.slash(people.zoe, path, **options(people))
    assert said[-1] == text.format(**{name: f"<@{getattr(people, name).id}>"
                                      for name in ("anna", "boris", "vera", "zoe")})


async def test_tv_13_a_league_is_run_from_the_channel_and_refusals_are_private(world, said):
    people: People = await started(world)
    await world.slash(people.host, "league create", league="Spring")
    assert world.channel.texts[-1] == \
        "The league “Spring” is created; you are its administration."
    await world.slash(people.zoe, "league join")
    assert world.channel.texts[-1] == \
        "Zoe asks to become a member; the administration decides."
    refused = await world.slash(people.anna, "league approve", world.DM, player=people.zoe)
    assert refused.texts == ["Only the club administration may do that."]
    assert refused.replies[0].ephemeral
    await world.slash(people.host, "league approve", player=people.zoe)
    assert world.channel.texts[-1] == \
        "Zoe is a member of the club: free of charge and with no end date."
    usage = await world.slash(people.zoe, "league register", world.DM, day="1", session="sun")
    assert usage.texts == ["The season's game days are not planned yet: /league plan "
                           "YYYY-MM-DD HH:MM."]
