"""What the scoreboard needs from a format: its page's read model (``BoardView``), and for a
format with one, its answer sheet and jury desk (``SheetView``).

A format's page is a fold of the game's events into what the page shows, kept with the
format (``bot/formats/<fmt>/board.py``) and handed to the board by the bootstrap on the
format value (``ShowsBoard``), by the format's stored name. The board itself knows no format:
it folds each game's log with ``initial`` and ``evolve``, follows the commits the same way,
and shows ``render``'s HTML.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from bot.board.html import Say
from rules.base import Event
from rules.judging import Verdict


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


class StateBoard:
    """A ``BoardView`` whose model is the game's own state, folded by the format's ``decider``
    (``initial_state`` aside: None before the first event), and shown by ``render(state,
    say)``: for a format whose page needs nothing the rules' fold forgets."""

    def __init__(self, decider: Any, render: Callable[[Any, Say], tuple[str, str]]) -> None:
        self.decider = decider
        self._render = render

    def initial(self) -> Any:
        """No state before the game's first event."""
        return None

    def evolve(self, model: Any, event: Event) -> Any:
        """The game's state after ``event``, by the rules."""
        return self.decider.evolve(model, event)

    def render(self, model: Any, say: Say) -> tuple[str, str]:
        """The page's title and board (HTML) of the state ``model``, one after at least its
        first event."""
        assert model is not None
        return self._render(model, say)


@runtime_checkable
class ShowsBoard(Protocol):
    """A format that has a scoreboard page: its ``board``."""

    board: BoardView


Tell = Callable[[str, dict[str, Any]], str]
"""A message of the locales by key and arguments, in the reader's language."""


class SheetView(Protocol):
    """One format's answer sheet and jury desk (``bot.board.sheet``): what a person sees,
    read off the game's state, and the format's actions behind the desk's buttons."""

    def standings(self, state: Any) -> Any:
        """The game's table, computed once per change of the game and handed back to
        ``page`` (thousands of sheets ask for it at once)."""
        ...

    def page(self, state: Any, package: Any, player: int, now: datetime, say: Say, tell: Tell,
             table: Callable[[], Any]) -> dict[str, Any] | None:
        """What ``player`` sees at ``now`` (UTC) as the page's JSON: ``sheet`` (an HTML
        fragment), ``hands_in`` (whether they may hand in), ``left`` (seconds of the window),
        and for a host ``desk`` and ``groups``, for a juror ``appeals``; None for someone
        with no part in the game."""
        ...

    def judge(self, player: int, key: str, verdict: Verdict, seen: Verdict | None) -> Any:
        """The action of ``player``'s verdict on the group of answers the desk named ``key``
        (a group's ``key`` in ``page``'s ``groups``; ``seen``: the verdict the desk showed,
        so a changed group is not judged blind), or a Rejection."""
        ...

    def vote(self, player: int, team: int, accept: bool) -> Any:
        """The action of juror ``player``'s vote on team ``team``'s appeal."""
        ...

    def defer(self, player: int, team: int) -> Any:
        """The action of host ``player`` deferring team ``team``'s appeal for checking."""
        ...


@runtime_checkable
class QueuesAnswers(Protocol):
    """A sheet whose desk opens a question's answers for judging by the host's click (a
    format that does not queue them by itself when the window closes): ``page`` then gives
    a host ``queue``, the question's ``number``, while they wait."""

    def queue(self, state: Any, package: Any, player: int, number: int) -> Any:
        """The action of host ``player`` opening the answers to question ``number`` for
        judging in the game's ``state``, or a Rejection."""
        ...


@runtime_checkable
class ShowsSheet(Protocol):
    """A format that has an answer sheet and a jury desk: its ``sheet``."""

    sheet: SheetView
