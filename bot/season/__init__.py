"""Seasons (DUEL-6, 7; the season for SYNC): the service (``service``), its texts
(``render``) and its two front ends, the ``/season`` chat command (``chat``) and ``chgk-bot
season`` in the terminal (``terminal``). One command set for every format: what a season
makes of a game is read from the game's format-neutral result (``rules.base.GameResult``).
"""

from bot.season.chat import season_command
from bot.season.render import TERMINAL_KEYS, render, render_points_table, render_table
from bot.season.service import (
    NAME_ONLY_PLATFORM,
    PointsTable,
    Reply,
    SeasonService,
    SeasonTable,
)
from bot.season.terminal import run_season

__all__ = [
    "NAME_ONLY_PLATFORM",
    "TERMINAL_KEYS",
    "PointsTable",
    "Reply",
    "SeasonService",
    "SeasonTable",
    "render",
    "render_points_table",
    "render_table",
    "run_season",
    "season_command",
]
