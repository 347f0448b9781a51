"""SYNC's chat commands for requests the host or the jury decides later: the captain's
substitution (SYNC-1) and the host's one-tap decision on it, the host's deferral of an
appeal to the jury and the appealing captain's evidence (SYNC-10). Each parses into a
``rules.sync`` action, or a Rejection with the command's usage or why not."""

from __future__ import annotations

import re
from typing import Any

from bot.commands import MAX_TEXT, Command, clean_name, is_number
from bot.formats.base import CommandContext
from bot.formats.spec import CommandSpec, Form, Option, OptionKind
from rules.base import Rejection
from rules.roster import Team
from rules.sync.appeals import AttachEvidence, DeferAppeal
from rules.sync.enrolment import DecideSubstitution, RequestSubstitution
from rules.sync.registration import team_named

ALIASES: dict[str, str] = {
    "замена": "sub", "заменуда": "subok", "заменунет": "subno", "отложить": "defer",
    "доказательства": "evidence",
}
"""Russian names of these commands."""

NOBODY = ("-", "—", "нет", "none")
"""What a captain writes for "nobody" on one side of a substitution."""

_LINK = re.compile(r"https?://\S+", re.IGNORECASE)


def _person(ctx: CommandContext, text: str) -> tuple[int, str] | Rejection:
    """The person ``text`` names: a mention, or a display name or ``@username`` seen in the
    game's chat; or why not."""
    typed = clean_name(text)
    found = ctx.mentioned.get(typed.casefold()) or ctx.known.get(typed.lstrip("@").casefold())
    return Rejection("unknown-player", {"name": typed}) if found is None else found


def _sides(args: str) -> tuple[str, str] | None:
    """``OUT IN`` (one word each) or ``OUT | IN`` (names with spaces), or None."""
    parts = [p.strip() for p in args.split("|")] if "|" in args else args.split()
    return (parts[0], parts[1]) if len(parts) == 2 and all(parts) else None


async def substitution(cmd: Command, ctx: CommandContext) -> Any:
    """``/sub OUT IN``: the captain asks to take player OUT out and bring IN in; ``-`` for
    nobody on one side (SYNC-1)."""
    sides = _sides(cmd.args)
    if sides is None:
        return Rejection("usage-sub")
    reg = ctx.state.registration
    team: Team | None = ctx.state.player_team(ctx.player)
    if reg is None or team is None or team.captain != ctx.player:
        return Rejection("sync-not-captain")
    out_text, in_text = sides
    player_out = player_in = None
    in_name = ""
    if out_text.casefold() not in NOBODY:
        found = _person(ctx, out_text)
        if isinstance(found, Rejection):
            return found
        player_out = found[0]
    if in_text.casefold() not in NOBODY:
        found = _person(ctx, in_text)
        if isinstance(found, Rejection):
            return found
        player_in, in_name = found
    if player_out is None and player_in is None:
        return Rejection("usage-sub")
    return RequestSubstitution(ctx.player, player_out, player_in, in_name)


def decide_substitution(approve: bool):
    """``/subok N`` / ``/subno N``: the host's one tap on substitution request N (SYNC-1)."""
    async def parse(cmd: Command, ctx: CommandContext) -> Any:
        word = cmd.args.strip()
        if not is_number(word):
            return Rejection("usage-subok" if approve else "usage-subno")
        return DecideSubstitution(ctx.player, int(word), approve)

    return parse


async def defer(cmd: Command, ctx: CommandContext) -> Any:
    """``/defer TEAM``: a host defers the team's appeal to the jury for 3 days (SYNC-10)."""
    name = clean_name(cmd.args)
    if not name:
        return Rejection("usage-defer")
    reg = ctx.state.registration
    team = None if reg is None else team_named(reg, name)
    if team is None:
        return Rejection("roster-no-such-team", {"team": name})
    return DeferAppeal(ctx.player, team.id)


async def evidence(cmd: Command, ctx: CommandContext) -> Any:
    """``/evidence TEXT``: the appealing captain attaches a text and the links in it to the
    team's deferred appeal (SYNC-10: the burden of proof is the team's)."""
    text = cmd.args.strip()
    if not text:
        return Rejection("usage-evidence")
    if len(text) > MAX_TEXT:
        return Rejection("sync-evidence-too-long", {"max": MAX_TEXT, "count": len(text)})
    links = tuple(dict.fromkeys(_LINK.findall(text)))
    return AttachEvidence(ctx.player, text, links)


def commands() -> dict[str, tuple[type, Any]]:
    """Command name -> (the action type whose roles may use it, the parser)."""
    return {
        "sub": (RequestSubstitution, substitution),
        "subok": (DecideSubstitution, decide_substitution(True)),
        "subno": (DecideSubstitution, decide_substitution(False)),
        "defer": (DeferAppeal, defer),
        "evidence": (AttachEvidence, evidence),
    }


_REQUEST = Option("request", OptionKind.NUMBER, required=True)

CAPTAIN = (
    CommandSpec("sub", "sub", (Option("leaving", OptionKind.MEMBER),
                               Option("coming", OptionKind.MEMBER)),
                (Form("/sub {leaving} | {coming}"), Form("/sub {leaving} | -"),
                 Form("/sub - | {coming}"), Form("/sub"))),
    CommandSpec("evidence", "evidence", (Option("proof", OptionKind.TEXT, required=True),),
                (Form("/evidence {proof}"),)),
)
"""The captain's commands here, for a command picker."""

HOST = (
    CommandSpec("subok", "subok", (_REQUEST,), (Form("/subok {request}"),)),
    CommandSpec("subno", "subno", (_REQUEST,), (Form("/subno {request}"),)),
    CommandSpec("defer", "defer", (Option("team", OptionKind.TEXT, required=True),),
                (Form("/defer {team}"),)),
)
"""The host's commands here, for a command picker."""
