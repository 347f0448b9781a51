"""A game's table as data (``model``) and as a picture (``picture``), for the table posted
in chat after a SYNC round, at the end of a game and on ``/table``."""

from bot.tables.model import Column, Label, Sheet, Style, Table, summary

__all__ = ["Column", "Label", "Sheet", "Style", "Table", "summary"]
