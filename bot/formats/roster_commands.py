"""Chat commands for the people of a game, shared by every format whose state has a
``rules.roster.Roster`` as ``state.roster`` (DUEL, TV): naming people, registering and
joining teams, the captaincy, the keeper, co-hosts and taking over the host's role.

Each parser takes the parsed ``Command`` and the ``CommandContext`` and returns the roster
action, or a Rejection with the command's usage key or why a name cannot be used.
"""

from __future__ import annotations

from typing import Any

from bot.commands import MAX_NAME, Command, clean_name
from bot.formats.base import CommandContext
from rules.base import Rejection
from rules.roster import (
    HandOverCaptaincy,
    JoinTeam,
    NameCoHost,
    NameKeeper,
    RegisterTeam,
    TakeOverHost,
)

ADMIN_COMMANDS = frozenset({"takeover"})
"""Commands only a chat's administrator may give whatever their role (``/takeover``,
``rules.roster``): ``/help`` lists them to administrators only."""


def resolve_player(ctx: CommandContext, text: str, *, member: bool = False
                    ) -> tuple[int, str] | Rejection:
    """``(player id, display name)`` of the person called ``text`` (ignoring case; a leading
    @ may be typed or not, ``@username`` works for anyone seen): the person a mention in the
    message names first, then someone in this game, else someone seen in its chat. With
    ``member``, someone who does not play for the team is refused by name."""
    typed = clean_name(text)
    found = ctx.mentioned.get(typed.casefold()) or _by_name(ctx, typed)
    if found is None:
        # An @username the bot never saw: a messenger does not tell bots whose it is.
        key = "unknown-username" if typed.startswith("@") else "unknown-player"
        return Rejection(key, {"name": typed})
    if member and ctx.state.roster.team_of(found[0]) is None:
        return Rejection("duel-answerer-not-in-team", {"name": found[1]})
    return found


def _by_name(ctx: CommandContext, typed: str) -> tuple[int, str] | None:
    """The one person in the game, else seen, called ``typed`` (with or without its @)."""
    for wanted in dict.fromkeys((typed.casefold(), typed.lstrip("@").casefold())):
        matches = {(pid, name) for pid, name in ctx.state.roster.names.items()
                   if name.casefold() == wanted}
        if not matches and wanted in ctx.known:
            matches = {ctx.known[wanted]}
        if len(matches) == 1:
            return matches.pop()
    return None


def resolve_players(ctx: CommandContext, text: str, *, member: bool = False
                     ) -> tuple[tuple[int, ...], tuple[str, ...]] | Rejection:
    """Several people, as (ids, display names): separated by commas when there are any
    (names may hold spaces), else by spaces."""
    names = [n for n in (text.split(",") if "," in text else text.split()) if n.strip()]
    found = []
    for name in names:
        person = resolve_player(ctx, name, member=member)
        if isinstance(person, Rejection):
            return person
        found.append(person)
    return tuple(p for p, _ in found), tuple(n for _, n in found)


def team_name(cmd: Command, usage: str) -> str | Rejection:
    """The team name typed after ``/team`` or ``/join``, cleaned (``clean_name``), or why it
    cannot be one: missing, nothing visible in it, longer than ``MAX_NAME``."""
    if not cmd.args:
        return Rejection(usage)
    name = clean_name(cmd.args)
    if not name:
        return Rejection("name-invisible")
    if len(name) > MAX_NAME:
        return Rejection("name-too-long", {"max": MAX_NAME, "count": len(name)})
    return name


async def register_team(cmd: Command, ctx: CommandContext) -> Any:
    """``/team NAME``: the sender registers team NAME and becomes its captain (DUEL-2.2,
    SYNC-1, TV-14). Returns a RegisterTeam action, or the Rejection of a bad name
    (``usage-team`` when none is given)."""
    name = team_name(cmd, "usage-team")
    if isinstance(name, Rejection):
        return name
    return RegisterTeam(ctx.player, ctx.name, await ctx.team_id(name), name)


async def join_team(cmd: Command, ctx: CommandContext) -> Any:
    """``/join NAME``: the sender joins team NAME (DUEL-2.2, SYNC-1). Returns a JoinTeam
    action, or the Rejection of a bad name (``usage-join`` when none is given)."""
    name = team_name(cmd, "usage-join")
    if isinstance(name, Rejection):
        return name
    return JoinTeam(ctx.player, ctx.name, await ctx.team_id(name), name)


async def captain(cmd: Command, ctx: CommandContext) -> Any:
    """``/captain NAME``: the captain hands the captaincy to the player NAME. Returns a
    HandOverCaptaincy action, or a Rejection (``usage-captain`` without a name, or NAME not
    known or ambiguous)."""
    if not cmd.args:
        return Rejection("usage-captain")
    found = resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else HandOverCaptaincy(ctx.player, found[0])


async def keeper(cmd: Command, ctx: CommandContext) -> Any:
    """``/keeper NAME``: the host names the keeper of traditions, who hears appeals
    (DUEL-3.7). Returns a NameKeeper action, or a Rejection (``usage-keeper`` without a name,
    or NAME not known or ambiguous)."""
    if not cmd.args:
        return Rejection("usage-keeper")
    found = resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else NameKeeper(ctx.player, *found)


async def cohost(cmd: Command, ctx: CommandContext) -> Any:
    """``/cohost NAME``: the host names a co-host, who may judge too. Returns a NameCoHost
    action, or a Rejection (``usage-cohost`` without a name, or NAME not known or
    ambiguous)."""
    if not cmd.args:
        return Rejection("usage-cohost")
    found = resolve_player(ctx, cmd.args)
    return found if isinstance(found, Rejection) else NameCoHost(ctx.player, *found)


async def takeover(_cmd: Command, ctx: CommandContext) -> Any:
    """``/takeover``: the sender takes over hosting a game whose host is gone; the rules
    allow it to the chat's admins (``ctx.is_admin``). Returns a TakeOverHost action."""
    return TakeOverHost(ctx.player, ctx.name, ctx.is_admin)
