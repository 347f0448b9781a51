"""Appeals in the SYNC game (RULES.md SYNC-9, SYNC-10, SYNC-11): the game files an appeal with
the facts of its question and the jury of its hosts and duty captain (``rules.sync.appeals``),
the table shows "?" while it waits, an accepted double answer or removal changes the table,
the game ends only when no appeal waits on the spot, and a deferred appeal decided after the
end may add a winner. Given/when/then on ``rules.sync``."""

from __future__ import annotations

from datetime import timedelta

from rules import sync as s
from rules.sync.appeals import (
    AppealDecided,
    AppealFiled,
    AppealKind,
    AppealVoted,
    DeferAppeal,
    FileAppeal,
    VoteOnAppeal,
)
from rules.sync.scoring import Mark
from tests.unit.sync_steps import FOXES, GAME, HEDGEHOGS, HOST, OWLS, SyncStory, sides

DUTY_CAPTAIN = 30
"""The captain of the Hedgehogs, the duty team (SYNC-4)."""


def _played() -> SyncStory:
    """Round 1 (two questions: the Owls right on 1, the Foxes' "Гоголь" judged wrong), then
    the Owls' team question in round 2, answered right by the Foxes."""
    story = GAME.round_one(0, 1).question({OWLS: "Пушкин", FOXES: "Гоголь"}, right={"пушкин"})
    story = story.question({HEDGEHOGS: "Марс"}).does(s.StartRound(HOST, per_team=1))
    return story.question({FOXES: "Да"}, right={"да"}, asking_team=OWLS)


PLAYED = _played()


def test_sync_9a_an_accepted_double_answer_gives_the_point_to_every_team_with_it():
    assert PLAYED.totals == {OWLS: 2, FOXES: 1, HEDGEHOGS: 0}
    filed = PLAYED.when(FileAppeal(20, 1, AppealKind.DOUBLE, "не хуже авторского"),
                        PLAYED.now).then(
        AppealFiled(FOXES, 1, AppealKind.DOUBLE, "не хуже авторского", "гоголь",
                    (HOST, DUTY_CAPTAIN), PLAYED.now))
    assert filed.marks[0][FOXES] is Mark.PENDING
    voted = filed.does(VoteOnAppeal(HOST, FOXES, True), filed.now)
    voted.when(VoteOnAppeal(DUTY_CAPTAIN, FOXES, True), voted.now).then(
        AppealVoted(FOXES, DUTY_CAPTAIN, True),
        AppealDecided(FOXES, 1, AppealKind.DOUBLE, "гоголь", True))
    accepted = voted.does(VoteOnAppeal(DUTY_CAPTAIN, FOXES, True), voted.now)
    assert accepted.totals == {OWLS: 2, FOXES: 2, HEDGEHOGS: 0}
    assert accepted.marks[0] == {OWLS: Mark.RIGHT, FOXES: Mark.RIGHT, HEDGEHOGS: Mark.WRONG}


def test_sync_9b_a_removed_team_question_scores_no_one_nor_its_asking_team():
    PLAYED.when(FileAppeal(10, 3, AppealKind.REMOVAL, "снимите"), PLAYED.now).then_rejected(
        "sync-appeal-own-question", number=3)
    # The duty team appeals: the next team alphabetically that does not, the Foxes, sits.
    story = PLAYED.when(FileAppeal(30, 3, AppealKind.REMOVAL, "вопрос уже задавался"),
                        PLAYED.now).then_accepted()
    assert story.events[-1].jurors == (HOST, 20)
    story = story.does(VoteOnAppeal(HOST, HEDGEHOGS, True), story.now)
    story = story.does(VoteOnAppeal(20, HEDGEHOGS, True), story.now)
    assert story.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}
    assert set(story.marks[2].values()) == {Mark.REMOVED}


def test_sync_9_an_appeal_needs_a_question_whose_answers_were_taken():
    PLAYED.when(FileAppeal(20, 9, AppealKind.REMOVAL, "?"), PLAYED.now).then_rejected(
        "sync-appeal-no-such-question", number=9)
    playing = PLAYED.asked(asking_team=FOXES)
    playing.when(FileAppeal(10, 4, AppealKind.REMOVAL, "?"), playing.now).then_rejected(
        "sync-appeal-no-such-question", number=4)


def _round_two_done() -> SyncStory:
    """Both rounds played: the Owls 2, the Foxes 1, the Hedgehogs 0."""
    story = PLAYED.question({OWLS: "нет"}, asking_team=FOXES)
    return story.question({OWLS: "нет"}, asking_team=HEDGEHOGS)


def test_sync_10_the_game_ends_only_once_no_appeal_waits_on_the_spot():
    story = _round_two_done()
    story = story.does(FileAppeal(20, 1, AppealKind.DOUBLE, "не хуже"), story.now)
    story.when(s.EndGame(HOST), story.now).then_rejected("sync-appeals-waiting", count=1)
    deferred = story.does(DeferAppeal(HOST, FOXES), story.now)
    deferred.when(s.EndGame(HOST), story.now).then(s.GameFinished())


def test_sync_10_a_deferred_appeal_that_ties_the_winner_makes_it_a_winner_too():
    story = _round_two_done()
    moment = story.now
    story = story.does(FileAppeal(20, 1, AppealKind.DOUBLE, "не хуже"), moment)
    story = story.does(DeferAppeal(HOST, FOXES), moment).does(s.EndGame(HOST), moment)
    assert sides(story) == [("Совы", 2, 1, OWLS),
                            ("Лисы", 1, 2, FOXES),
                            ("Ежи", 0, 3, HEDGEHOGS)]
    assert any(name.startswith("appeal-deadline-") for name in story.timers)
    later = moment + timedelta(days=1)
    story.when(s.AskQuestion(HOST), later).then_rejected("game-over")
    story = story.does(VoteOnAppeal(HOST, FOXES, True), later)
    story = story.does(VoteOnAppeal(DUTY_CAPTAIN, FOXES, True), later)
    assert sides(story) == [("Лисы", 2, 1, FOXES),
                            ("Совы", 2, 1, OWLS),
                            ("Ежи", 0, 3, HEDGEHOGS)]
