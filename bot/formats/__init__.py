"""What the service needs from a game format, as small roles (``roles``), and the messages
formats render (``base``).

The formats themselves (``bot.formats.duel``, ``tv``, ``sync``) are values the
bootstrap builds with their options and hands to the service (``bot.bootstrap.formats``):
there is no registry here.
"""

from bot.formats.base import CommandContext, Msg, MsgButton, To, merge
from bot.formats.roles import Commands, Format, GameFormat, LifeCycle, Packages, Presenting
from rules.base import Role

__all__ = ["CommandContext", "Commands", "Format", "GameFormat", "LifeCycle", "Msg", "MsgButton",
           "Packages", "Presenting", "Role", "To", "merge"]
