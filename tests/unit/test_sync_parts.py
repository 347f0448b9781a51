"""The seam SYNC composes its sub-deciders through (``rules.sync.decider.Part``): a part's
actions go to it, its events to its state, and the appeals part's outcomes reach the table
(RULES.md SYNC-9: an accepted double answer gives the point to every team with that answer,
an accepted removal scores the question for no one, its asking team included; a "?" while an
appeal waits). The part here stands in for ``rules.sync.appeals``, which is not the thing
under test: the table's reading of its outcomes is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rules import sync as s
from rules.base import Event, Role, event
from rules.sync.scoring import Mark
from tests.unit.sync_steps import FOXES, GAME, HEDGEHOGS, HOST, OWLS, Story


@event("test.sync_outcome")
@dataclass(frozen=True, slots=True)
class OutcomeDecided(Event):
    """A jury's outcome as the test part stores it."""

    doubles: tuple[tuple[int, str], ...] = ()
    removed: tuple[int, ...] = ()
    disputed: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class DecideOutcome:
    """The test part's one action."""

    by: int
    doubles: tuple[tuple[int, str], ...] = ()
    removed: tuple[int, ...] = ()
    disputed: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Outcomes:
    """An ``AppealOutcomes``."""

    doubles: frozenset[tuple[int, str]] = frozenset()
    removed: frozenset[int] = frozenset()
    disputed: frozenset[tuple[int, int]] = frozenset()


class OutcomesPart:
    """A part named "appeals" whose state is the outcomes."""

    name = "appeals"
    handles = (DecideOutcome,)
    owns = (OutcomeDecided,)

    def initial(self) -> Outcomes:
        return Outcomes()

    def decide(self, game: s.SyncState, action: DecideOutcome, now: datetime) -> list[Event]:
        return [OutcomeDecided(action.doubles, action.removed, action.disputed)]

    def evolve(self, part: Outcomes, ev: OutcomeDecided) -> Outcomes:
        return Outcomes(frozenset(ev.doubles), frozenset(ev.removed), frozenset(ev.disputed))


WITH_APPEALS = s.SyncDecider(parts=(OutcomesPart(),))


def _played() -> Story:
    """Round 1 (two questions) and round 2's Owls question, told by a decider with the
    part: the Owls right on 1 (the Foxes' "Гоголь" judged wrong); on the Owls' question the
    Foxes right."""
    story = Story(GAME.events, decider=WITH_APPEALS)
    story = story.round_one(0, 1).question({OWLS: "Пушкин", FOXES: "Гоголь"},
                                           right={"пушкин"})
    story = story.question({HEDGEHOGS: "Марс"}).does(s.StartRound(HOST, per_team=1))
    return story.question({FOXES: "Да"}, right={"да"}, asking_team=OWLS)


def test_sync_9_a_part_decides_its_actions_and_keeps_its_state():
    story = _played()
    assert story.state.parts == {"appeals": Outcomes()}
    story.when(DecideOutcome(HOST, doubles=((1, "гоголь"),)), story.now).then(
        OutcomeDecided(((1, "гоголь"),)))


def test_sync_9a_an_accepted_double_answer_gives_the_point_to_every_team_with_it():
    story = _played()
    assert story.totals == {OWLS: 2, FOXES: 1, HEDGEHOGS: 0}
    story = story.does(DecideOutcome(HOST, doubles=((1, "гоголь"),)), story.now)
    assert story.totals == {OWLS: 2, FOXES: 2, HEDGEHOGS: 0}
    assert story.marks[0] == {OWLS: Mark.RIGHT, FOXES: Mark.RIGHT, HEDGEHOGS: Mark.WRONG}


def test_sync_9b_a_removed_team_question_scores_no_one_nor_its_asking_team():
    story = _played().does(DecideOutcome(HOST, removed=(3,)), _played().now)
    assert story.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}
    assert set(story.marks[2].values()) == {Mark.REMOVED}


def test_sync_10_a_cell_under_appeal_shows_as_pending():
    story = _played().does(DecideOutcome(HOST, disputed=((2, HEDGEHOGS),)), _played().now)
    assert story.marks[1][HEDGEHOGS] is Mark.PENDING


def test_sync_roles_come_from_the_team_index():
    state = GAME.state
    assert s.roles(state, 10) == {Role.CAPTAIN, Role.PLAYER}
    assert s.roles(state, 11) == {Role.PLAYER}
    assert s.roles(state, HOST) == {Role.HOST}
    assert s.roles(state, 999) == {Role.SPECTATOR}
    assert s.PERMISSIONS[s.JudgeGroup] == {Role.HOST}
