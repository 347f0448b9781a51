"""SYNC's requests as messages: a substitution asked, decided in one tap and applied
(SYNC-1), an appeal deferred to the jury and the evidence the appealing team attaches
(SYNC-10). ``render_requests`` is ``bot.formats.sync.render.render``'s part for them."""

from __future__ import annotations

from typing import Any

from bot.formats.base import Msg, MsgButton, To
from rules import sync as s
from rules.base import Event
from rules.sync.appeals import AppealDeferred, EvidenceAttached, open_appeals
from rules.sync.enrolment import (
    SubstitutionApplied,
    SubstitutionDecided,
    SubstitutionRequested,
)


def _sides(state: s.SyncState, player_out: int | None, player_in: int | None,
           in_name: str) -> dict[str, Any]:
    """Who goes out and who comes in, by name (``-``: nobody)."""
    return {"out": "-" if player_out is None else state.name(player_out),
            "in": "-" if player_in is None else (in_name or state.name(player_in))}


def render_requests(ev: Event, after: s.SyncState) -> list[Msg] | None:
    """The messages of ``ev`` when it is one of these requests' events, else None."""
    match ev:
        case SubstitutionRequested():
            team = after.team(ev.team_id)
            args = {"team": team.name if team else "-", "number": ev.request_id,
                    **_sides(after, ev.player_out, ev.player_in, ev.player_in_name)}
            # One tap for the host (SYNC-1): the button sends the decision's command.
            return [Msg(To.HOST, "sync-sub-requested", args, buttons=(
                        MsgButton("button-sub-ok", f"subok {ev.request_id}"),
                        MsgButton("button-sub-no", f"subno {ev.request_id}"))),
                    Msg(To.PLAYER, "sync-sub-asked", args,
                        player=team.captain if team else None)]
        case SubstitutionDecided():
            reg = after.registration
            sub = None if reg is None else reg.substitutions.get(ev.request_id)
            team = after.team(ev.team_id)
            args = {"team": team.name if team else "-", "number": ev.request_id,
                    "approved": str(ev.approved).lower(),
                    "started": "yes" if after.phase is not s.Phase.LOBBY else "no",
                    **(_sides(after, sub.player_out, sub.player_in, sub.player_in_name)
                       if sub else {"out": "-", "in": "-"})}
            return [Msg(To.PLAYER, "sync-sub-decided-captain", args,
                        player=team.captain if team else None),
                    Msg(To.HOST, "sync-sub-decided-host", args)]
        case SubstitutionApplied():
            reg = after.registration
            sub = None if reg is None else reg.substitutions.get(ev.request_id)
            team = after.team(ev.team_id)
            if sub is None:
                return []
            return [Msg(To.GAME, "sync-sub-applied", {
                "team": team.name if team else "-",
                **_sides(after, sub.player_out, sub.player_in, sub.player_in_name)})]
        case AppealDeferred():
            return _deferred(ev, after)
        case EvidenceAttached():
            team = after.team(ev.team_id)
            appeal = after.appeals.by_team.get(ev.team_id)
            args = {"team": team.name if team else "-",
                    "number": appeal.question if appeal else 0}
            jurors = () if appeal is None else appeal.jurors
            return [Msg(To.GAME, "sync-appeal-evidence-added", args),
                    *(Msg(To.PLAYER, "sync-appeal-evidence-juror", {
                        **args, "text": ev.text, "links": "\n".join(ev.links) or "-"},
                        player=juror) for juror in jurors)]
    return None


def _deferred(ev: AppealDeferred, after: s.SyncState) -> list[Msg]:
    """The game chat hears of the deferral with the result now provisional; each juror is
    asked privately, with the vote buttons (SYNC-10)."""
    team = after.team(ev.team_id)
    appeal = after.appeals.by_team.get(ev.team_id)
    args = {"team": team.name if team else "-", "number": appeal.question if appeal else 0,
            "deadline": ev.deadline}
    msgs = [Msg(To.GAME, "sync-appeal-deferred", args, lines=(
        ("sync-appeal-provisional", {"count": len(open_appeals(after.appeals))}),))]
    if appeal is None or team is None:
        return msgs
    buttons = (MsgButton("button-appeal-yes", f"vote {team.name} yes"),
               MsgButton("button-appeal-no", f"vote {team.name} no"))
    return [*msgs, *(Msg(To.PLAYER, "sync-appeal-deferred-juror", args, player=juror,
                         buttons=buttons)
                     for juror in appeal.jurors if juror not in appeal.votes)]
