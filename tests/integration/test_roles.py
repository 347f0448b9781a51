"""Who may do what (DESIGN.md, Privacy and roles): a format's one role table
(``GameFormat.permissions``: action type -> roles) is all the service goes by.

For each format in ``WALKS``, a game is set up where each person of its cast holds one role
(a captain is a player too, a co-host holds the host's role), and every person sends the
command of every action of the table through ``GameService.handle``. An action the person's
role allows is never refused for the role (the phase may still refuse it); any other is
refused with the roles that may take it, as a reply to that person alone, and nothing is
stored. A format plugs in by adding its ``RoleWalk``; an action type added to a table without
a command here fails ``test_every_action_of_the_table_is_walked``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.commands import parse_command
from bot.formats import CommandContext
from bot.formats.duel import COMMANDS as DUEL_COMMANDS
from bot.ports import Outgoing
from rules import duel as d
from rules import roster as r
from rules.base import Role
from tests.databases import fresh_database
from tests.formats import formats
from tests.integration.stage import Stage
from tests.integration.world import GROUP, TRANSLATOR

UPLOAD = "<the package file>"
"""In ``RoleWalk.sends``: the action is taken by sending a package file, not a command."""

ROLE_REFUSALS = frozenset({"not-allowed", "not-allowed-has-role", "package-not-host"})
"""The service's refusals for a sender whose role the table does not allow."""


@dataclass(frozen=True)
class RoleWalk:
    """How the walk plays one format.

    ``scene`` sets up a game in the group where each person of ``cast`` holds exactly the
    roles given; ``sends`` is the command (or ``UPLOAD``) that asks for each action type of
    the format's table.
    """

    format: str
    scene: Callable[[Stage], Awaitable[None]]
    cast: dict[str, frozenset[Role]]
    sends: dict[type, str]


async def _duel_scene(stage: Stage) -> None:
    """A DUEL game in club help (DUEL-5.2): the host and a co-host, the keeper, the team's
    captain and a player, a club helper talking with the team, a spectator."""
    for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"), ("boris", "/join Owls"),
                      ("ksenia", "/help"), ("zoe", "/help"), ("colin", "/help"),
                      ("sam", "/help"), ("host", "/keeper ksenia"), ("host", "/cohost colin"),
                      ("host", "/start"), ("anna", "2")]:
        await stage.say(who, text)
    await stage.advance(60)
    await stage.say("anna", "/answerer boris")
    await stage.say("boris", "no idea", private=True)
    await stage.say("host", "/reject")  # 0:1: behind, the team may ask for club help
    await stage.say("anna", "3")
    await stage.advance(10)
    await stage.say("anna", "/hint club")
    await stage.say("host", "/helpers zoe")


DUEL_WALK = RoleWalk(
    format="duel",
    scene=_duel_scene,
    cast={
        "host": frozenset({Role.HOST}),
        "colin": frozenset({Role.HOST}),  # a co-host
        "ksenia": frozenset({Role.KEEPER}),
        "anna": frozenset({Role.CAPTAIN, Role.PLAYER}),
        "boris": frozenset({Role.PLAYER}),
        "zoe": frozenset({Role.HELPER}),
        "sam": frozenset({Role.SPECTATOR}),
    },
    sends={
        r.RegisterTeam: "/team Hawks",
        r.JoinTeam: "/join Owls",
        r.HandOverCaptaincy: "/captain boris",
        r.NameKeeper: "/keeper sam",
        r.NameCoHost: "/cohost sam",
        r.TakeOverHost: "/takeover",
        d.AttachPackage: UPLOAD,
        d.SelectQuestions: "/questions 1 2 3 4 5 6 7 8 9 10 11 12",
        d.MarkQuestion: "/mark picture 1",
        d.StartGame: "/start",
        d.PickQuestion: "/pick 5",
        d.ChooseSector13: "/sector all",
        d.DeclareEarly: "/early",
        d.UseExtraMinute: "/extra",
        d.TakeHint: "/hint minute",
        d.NameHelpers: "/helpers sam",
        d.AnswerHelpers: "/agree",
        d.TakeCredit: "/credit",
        d.AskDecisiveRound: "/decisive boris",
        d.PauseClock: "/pause",
        d.ResumeClock: "/resume",
        d.NameAnswerer: "/answerer boris",
        d.GiveAnswer: "/answer Pushkin",
        d.JudgeAnswer: "/accept",
        d.FileAppeal: "/appeal",
        d.DecideAppeal: "/uphold",
        d.ChallengeVerdict: "/challenge",
        d.VoteBestQuestion: "/best question 4",
        d.VoteBestPlayer: "/best player boris",
        d.CloseVote: "/closevote",
        d.AbortGame: "/abort",
    },
)

WALKS = [DUEL_WALK]
"""Every format's walk; TV and SYNC add theirs here."""


def _name(action: type) -> str:
    return action.__name__


async def _send(stage: Stage, who: str, send: str) -> list[Outgoing]:
    return await stage.upload(who) if send == UPLOAD else await stage.say(who, send)


@pytest.mark.parametrize("walk", WALKS, ids=lambda w: w.format)
def test_every_action_of_the_table_is_walked(walk: RoleWalk):
    table = set(formats()[walk.format].permissions)
    unwalked = sorted(map(_name, table - set(walk.sends)))
    assert not unwalked, f"actions with no command in the walk: {', '.join(unwalked)}"
    stray = sorted(map(_name, set(walk.sends) - table))
    assert not stray, f"walked actions not in the table: {', '.join(stray)}"
    assert set().union(*walk.cast.values()) == set(Role), "every role has a person"


def test_every_duel_command_has_a_row_in_the_table():
    # A command whose action type has no row would be refused to everyone.
    missing = {name for name, (action, _) in DUEL_COMMANDS.items()
               if action not in d.PERMISSIONS}
    assert not missing


@pytest.mark.parametrize("walk", WALKS, ids=lambda w: w.format)
async def test_the_scene_gives_each_person_their_role_and_each_command_its_action(
        database_url: str, walk: RoleWalk):
    stage = await Stage.open(database_url)
    try:
        await walk.scene(stage)
        game = stage.service.game_in(GROUP)
        fmt = game.fmt
        for who, roles in walk.cast.items():
            assert fmt.roles_of(game.state, await stage.player(who)) == roles, who
        host = await stage.player("host")
        ctx = CommandContext(player=host, name="host", state=game.state, package=game.package,
                             team_id=stage.storage.people.team,
                             known=await stage.service.people.names(GROUP))
        for action, send in walk.sends.items():
            if send != UPLOAD:
                parsed = await fmt.action_for(parse_command(send), ctx)
                assert type(parsed) is action, send
    finally:
        await stage.close()


def _walk_cases() -> list[tuple[RoleWalk, str]]:
    return [(walk, who) for walk in WALKS for who in walk.cast]


@pytest.mark.parametrize(("walk", "who"), _walk_cases(),
                         ids=[f"{w.format}-{who}" for w, who in _walk_cases()])
async def test_every_action_by_every_role(tmp_path: Path, walk: RoleWalk, who: str):
    fmt = formats()[walk.format]
    holds = walk.cast[who]
    role_names = {role: TRANSLATOR(f"role-{role.value}", "en") for role in Role}
    failures: list[str] = []
    stage: Stage | None = None
    databases = ExitStack()  # one per scene, as ``database_url`` makes them; removed at the end
    try:
        for action, send in walk.sends.items():
            if stage is None:  # a fresh game: the previous action was taken and changed it
                stage = await Stage.open(databases.enter_context(fresh_database(tmp_path)))
                await walk.scene(stage)
            allowed = fmt.permissions[action]
            stored = await stage.event_count()
            sent = await _send(stage, who, send)
            refusals = [m for m in sent if m.key in ROLE_REFUSALS]
            case = f"{_name(action)} ({send}) by {who}"
            if holds & allowed:
                if refusals:
                    failures.append(f"{case}: refused for the role: {refusals[0].text}")
            elif len(refusals) != 1:
                failures.append(f"{case}: not refused for the role: {[m.text for m in sent]}")
            else:
                # The refusal names who may (or, for newcomers' commands, who the sender is).
                shown = holds if refusals[0].key == "not-allowed-has-role" else allowed
                unnamed = [role_names[r] for r in shown if role_names[r] not in refusals[0].text]
                if unnamed:
                    failures.append(f"{case}: {refusals[0].text!r} does not name {unnamed}")
                elsewhere = [m for m in sent if not m.reply or m.chat != GROUP]
                if elsewhere:
                    shown = [(m.chat.key, m.text) for m in elsewhere]
                    failures.append(f"{case}: also sent {shown}")
                if await stage.event_count() != stored:
                    failures.append(f"{case}: a refused action was stored")
            if await stage.event_count() != stored:
                await stage.close()
                stage = None
    finally:
        if stage is not None:
            await stage.close()
        databases.close()
    assert not failures, "\n".join(failures)


async def test_a_cohost_hands_the_captaincy_over_as_the_host_does(database_url: str):
    # The table gives HandOverCaptaincy to the host's role, which co-hosts hold.
    stage = await Stage.open(database_url)
    try:
        for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"),
                          ("boris", "/join Owls"), ("colin", "/help"), ("host", "/cohost colin")]:
            await stage.say(who, text)
        assert [m.text for m in await stage.say("colin", "/captain boris")] == [
            "boris is the new captain."]
    finally:
        await stage.close()
