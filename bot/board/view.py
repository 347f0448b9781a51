"""What the scoreboard needs from a format: its page's read model (``BoardView``).

A format's page is a fold of the game's events into what the page shows, kept with the
format (``bot/formats/<fmt>/board.py``) and handed to the board by the bootstrap on the
format value (``ShowsBoard``), by the format's stored name. The board itself knows no format:
it folds each game's log with ``initial`` and ``evolve``, follows the commits the same way,
and shows ``render``'s HTML.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from bot.board.html import Say
from rules.base import Event


class BoardView(Protocol):
    """One format's page: a read model folded from a game's events, and its HTML."""

    def initial(self) -> Any:
        """The model of a game with no event yet."""
        ...

    def evolve(self, model: Any, event: Event) -> Any:
        """The model after ``event`` (the game's next event in its log); ``model`` is left
        as it was. Pure: the same events in the same order give an equal model, so a page
        loaded again from the stored log shows what the live one showed."""
        ...

    def render(self, model: Any, say: Say) -> tuple[str, str]:
        """The page's title (escaped text) and board (an HTML fragment) of ``model``, a
        model after at least one event, with texts in ``say``'s language."""
        ...


@runtime_checkable
class ShowsBoard(Protocol):
    """A format that has a scoreboard page: its ``board``."""

    board: BoardView
