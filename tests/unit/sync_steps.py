"""SYNC's given/when/then steps (``tests/unit/story.py``): a rule is checked by the events an
action produces, the refusal of an action, or what a user is shown (the table, the marks, the
result), never by the fields of ``SyncState``.

    story = GAME.round_one(0, 1, 2)          # three teams registered, round 1 of 3 questions
    story = story.asked()                    # the host posts the next one; delivered at once
    story.when(s.TimerFired("warning", at(50)), at=50).then(c.WarningSignalled())
    story = story.question({OWLS: "Пушкин", FOXES: "Гоголь"}, right={"пушкин"})
    story.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from rules import sync as s
from rules.base import Event
from rules.judging import Suggestion, Verdict
from rules.roster import JoinTeam, RegisterTeam
from rules.sync import scoring
from rules.sync.enrolment import (
    GameKind,
    RegistrationOpened,
    ReviewQuestion,
    SubmitQuestion,
    TeamQuestion,
)
from rules.sync.state import scored, totals
from tests.unit.story import Story, at, moment

HOST, COHOST = 1, 2
OWLS, FOXES, HEDGEHOGS = 101, 102, 103
"""Team ids: Совы (captain 10, players 11, 12), Лисы (captain 20, 21), Ежи (captain 30, 31),
registered in this order; the Hedgehogs are on duty (SYNC-4)."""
CAPTAINS = {OWLS: 10, FOXES: 20, HEDGEHOGS: 30}
NAMES = {OWLS: "Совы", FOXES: "Лисы", HEDGEHOGS: "Ежи"}
PACKAGE = tuple(range(20))
"""The package's scored question indices."""


def key(text: str) -> str:
    """The test's judging key of an answer: its case-folded, stripped text."""
    return text.strip().casefold()


def hand_in(team: int, text: str, sent: float | datetime, by: int | None = None,
            suggestion: Suggestion = Suggestion.UNSURE) -> s.HandInAnswer:
    """Team ``team``'s answer ``text`` sent at ``sent``, by its captain unless ``by``."""
    return s.HandInAnswer(CAPTAINS.get(team, team) if by is None else by, team, text,
                          moment(sent), key(text), suggestion, "judge-reason-test")


class SyncStory(Story):
    """A SYNC game told by its events, the first being ``GameCreated``; an action given no
    time happens at ``T0``."""

    decider = s.SYNC

    @property
    def totals(self) -> dict[int, int]:
        """Each team's points in the main table (SYNC-7)."""
        return totals(self.state)

    @property
    def marks(self) -> list[dict[int, scoring.Mark]]:
        """Each question's marks in the main table, in order (1 / 0 / ? / X / -)."""
        teams = tuple(self.state.teams)
        return [scoring.marks(q, teams) for q in scored(self.state)]

    @property
    def result(self):
        """``SYNC.result``: the GameResult, or None while the game is live."""
        return self.decider.result(self.state)

    @property
    def now(self) -> datetime:
        """A moment for the next action: the last deadline armed, else a second after the
        last action."""
        return max(self.timers.values(), default=self.last + timedelta(seconds=1))

    def delivered(self, since: int, now: datetime) -> s.QuestionDelivered | None:
        """The chat got the last question the events after ``since`` asked."""
        asked = [ev for ev in self.events[since:] if isinstance(ev, s.QuestionAsked)]
        return s.QuestionDelivered(asked[-1].number, now) if asked else None

    def fire(self, name: str) -> SyncStory:
        """The story after timer ``name`` fired at its deadline."""
        deadline = self.timers[name]
        return self.does(s.TimerFired(name, deadline), deadline)

    def closed(self) -> SyncStory:
        """The story after the minute, the hand-in time and the window's close ran out."""
        story = self
        for name in ("warning", "end", "end", s.CLOSE_TIMER):
            if name in story.timers:
                story = story.fire(name)
        return story

    def round_one(self, *indices: int) -> SyncStory:
        """The host started round 1 on these package questions (SYNC-5)."""
        return self.does(s.StartRound(HOST, questions=indices))

    def asked(self, at: float | datetime | None = None, team_number: int = 1,
              **kwargs: Any) -> SyncStory:
        """The host asked the next question (``AskQuestion`` arguments), delivered at once; a
        team question is the asking team's question ``team_number`` unless named."""
        if kwargs.get("asking_team") is not None and "team_question" not in kwargs:
            kwargs["team_question"] = team_question(kwargs["asking_team"], team_number)
        return self.does(s.AskQuestion(HOST, **kwargs), self.now if at is None else at)

    def judged(self, right: set[str]) -> SyncStory:
        """Every pending group judged by the host: right when its key is in ``right``."""
        story = self
        for group in list(story.state.current.judging.groups.values()):
            if group.verdict is None:
                verdict = Verdict.ACCEPT if group.key in right else Verdict.REJECT
                story = story.does(s.JudgeGroup(HOST, group.key, verdict), story.now)
        return story

    def question(self, answers: Mapping[int, str], right: set[str] = frozenset(),
                 **asking: Any) -> SyncStory:
        """A whole question: asked (``asking``: ``asked``'s arguments), ``answers`` handed
        in at 30 s by the captains, the time run out, the groups judged by ``right``."""
        story = self.asked(**asking)
        start = story.state.written.opened_at
        for team, text in answers.items():
            story = story.does(hand_in(team, text, start + timedelta(seconds=30)),
                               start + timedelta(seconds=30))
        return story.closed().judged({key(r) for r in right})


def sides(story: SyncStory) -> list[tuple[str, int, int, int | None]]:
    """The finished game's result as its table shows it: (team, points, place, team id) in
    order of place (``SYNC.result``)."""
    assert story.result is not None, "the game is not finished"
    return [(side.name, side.points, side.place, side.team_id) for side in story.result.sides]


def given(*past: Event | SyncStory) -> SyncStory:
    """The SYNC story of ``past``: events, or stories whose events are taken in order."""
    return SyncStory.of(*past)


CREATED = s.GameCreated(HOST, "Ведущий", 7, PACKAGE)
OPENED = RegistrationOpened(at(3 * 86400 + 3600), at(3600), GameKind.TRAINING, "Ежи", 1200,
                            "USD", at(-86400))
"""The game announced a day before ``T0``: registration closes an hour after ``T0``."""
TEAMS = (OWLS, FOXES, HEDGEHOGS)


def team_question(team: int, number: int) -> int:
    """The registration's id of ``team``'s question ``number`` (1..3) in ``registered``."""
    return 3 * TEAMS.index(team) + number


def registered(opened: RegistrationOpened = OPENED) -> SyncStory:
    """A game with the three teams registered with their players, each with its 3 questions
    submitted, the first two approved by the host and the third not reviewed (SYNC-2)."""
    story = given(CREATED, opened)
    for team in TEAMS:
        captain = CAPTAINS[team]
        story = story.does(RegisterTeam(captain, f"c{captain}", team, NAMES[team]))
        for player in (captain + 1, captain + 2) if team == OWLS else (captain + 1,):
            story = story.does(JoinTeam(player, f"p{player}", team, NAMES[team]))
        for _ in range(3):
            question = TeamQuestion("Вопрос", "Ответ", author="Автор", source="Источник")
            story = story.does(SubmitQuestion(captain, question))
    for team in TEAMS:
        for number in (1, 2):
            story = story.does(ReviewQuestion(HOST, team_question(team, number), True))
    return story


GAME = registered()
"""Three teams registered, no round started."""
