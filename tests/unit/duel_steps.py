"""DUEL's given/when/then steps (``tests/unit/story.py``): a rule is checked by the events an
action produces, or by the refusal of an action, never by the fields of ``DuelState``.

    STARTED = given(created, team_registered, ..., d.GameStarted(...))
    story = STARTED.picked(1)   # the captain picks question 1; it is delivered at T0
    story.when(d.TimerFired("warning", at(50)), at=50).then(d.WarningSignalled())
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=10).then_rejected("duel-not-naming")
    STARTED.played(True, False).score == (1, 1)   # questions 1 and 2 judged; the shown score
"""

from __future__ import annotations

from datetime import datetime

from rules import duel as d
from rules.base import Event
from tests.unit.story import T0, Story

HOST, KEEPER, CAPTAIN, BORIS, VERA, GLEB, ZOE, YAN = 1, 2, 10, 11, 12, 13, 50, 51
"""The cast: the host, the keeper, the team (captain Anna, Boris, Vera, Gleb) and two
players from outside the team (club helpers)."""


class DuelStory(Story):
    """A DUEL game told by its events, the first being ``GameCreated``; an action given no
    time happens at ``T0``."""

    decider = d.DUEL

    @property
    def score(self) -> tuple[int, int]:
        """The score the chat is shown: (team points, host points), DUEL-3.8."""
        return self.state.score

    def delivered(self, since: int, now: datetime) -> d.QuestionDelivered | None:
        """The chat got the question (or mini-question) the events after ``since`` read."""
        read = _read(self.events, since)
        return d.QuestionDelivered(*read, now) if read else None

    def time_up(self) -> DuelStory:
        """The story after the running discussion's "end" signal fired at its deadline."""
        end = self.timers["end"]
        return self.does(d.TimerFired("end", end), end)

    def picked(self, number: int, at: float | datetime = T0) -> DuelStory:
        """The captain picked question ``number`` at ``at``; it is read and delivered at once
        (its minute runs, or the captain's choice for sector 13 or a superblitz is awaited)."""
        return self.does(d.PickQuestion(CAPTAIN, number), at)

    def played(self, *verdicts: bool, numbers: tuple[int, ...] | None = None) -> DuelStory:
        """Questions ``numbers`` (1, 2, ... by default) each ``answered`` by Boris in turn,
        with these verdicts: a game at a given score, or won."""
        numbers = numbers or tuple(range(1, len(verdicts) + 1))
        story = self
        for number, correct in zip(numbers, verdicts, strict=False):
            story = story.answered(number, correct)
        return story

    def answered(self, number: int, correct: bool, by: int = BORIS) -> DuelStory:
        """Question ``number`` played to the host's verdict ``correct``: picked, its minute run
        out, ``by`` named and answering (DUEL-3.4 to 3.8)."""
        story = self.picked(number).time_up()
        story = story.does(d.NameAnswerer(CAPTAIN, by)).does(d.GiveAnswer(by, "ответ",
                                                                          "unsure", "r"))
        return story.does(d.JudgeAnswer(HOST, correct))


def _read(events: tuple[Event, ...] | list[Event], since: int) -> tuple[int, int | None] | None:
    """(set number, mini-question or None) of a question sent to the chat by the events after
    position ``since``, or None when they send none."""
    if not any(isinstance(ev, d.QuestionSent) for ev in events[since:]):
        return None
    number, part = None, None
    for ev in events:
        if isinstance(ev, d.QuestionChosen):
            number, part = ev.number, None
        elif isinstance(ev, d.PartStarted):
            part = ev.part
    return number, part


def given(*past: Event | DuelStory) -> DuelStory:
    """The DUEL story of ``past``: events, or stories whose events are taken in order."""
    return DuelStory.of(*past)
