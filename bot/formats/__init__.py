"""The registry of game formats by name (``duel`` now; ``tv`` and ``sync`` to come)."""

from bot.formats.base import CommandContext, GameFormat, Msg, MsgButton, To, merge
from bot.formats.duel import DuelFormat
from rules.base import Role

FORMATS: dict[str, GameFormat] = {"duel": DuelFormat()}

__all__ = ["FORMATS", "CommandContext", "GameFormat", "Msg", "MsgButton", "Role", "To", "merge"]
