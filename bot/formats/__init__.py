"""What the service needs from a game format, and the messages formats render (``base``).

The formats themselves (``bot.formats.duel``; ``tv`` and ``sync`` to come) are values the
bootstrap builds with their options and hands to the service (``bot.bootstrap.formats``):
there is no registry here.
"""

from bot.formats.base import CommandContext, GameFormat, Msg, MsgButton, To, merge
from rules.base import Role

__all__ = ["CommandContext", "GameFormat", "Msg", "MsgButton", "Role", "To", "merge"]
