"""The explanation of an unclear answer in chat (SYNC-6): the player the host asked writes it
to the bot privately, the way a written answer is sent; ``explanation`` tells the two apart.
"""

from __future__ import annotations

from bot.formats.base import CommandContext
from rules import sync as s


def explanation(ctx: CommandContext, text: str) -> s.ExplainAnswer | None:
    """The sender's private ``text`` as the explanation the host asked of them (a second one
    is refused by the rules, and so told), or None when it is a written answer: the sender
    was not asked, or a window is open (then it is the next question's answer)."""
    state: s.SyncState = ctx.state
    asked = state.current
    team = state.player_team(ctx.player)
    if asked is None or team is None or state.written.open:
        return None
    if asked.clarified.get(team.id) != ctx.player:
        return None
    return s.ExplainAnswer(ctx.player, team.id, text)
