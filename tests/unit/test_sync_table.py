"""SYNC's table for export and the rating site (SYNC-7, SYNC-9,
SYNC-10): places, marks, tours and totals, the provisional flag while a deferred appeal is
open, the disputed answer's text in the rating cells, and what the result carries to a
season (answers, fees, duty). Given/when/then on ``rules.sync``."""

from __future__ import annotations

from datetime import timedelta

from rules import sync as s
from rules.sync.appeals import AppealKind, DeferAppeal, FileAppeal, VoteOnAppeal
from rules.sync.enrolment import RecordFee
from rules.sync.table import final_table, rating_rows
from tests.unit.sync_steps import FOXES, GAME, HEDGEHOGS, HOST, OWLS

DUTY_CAPTAIN = 30


def _ended_with_a_deferred_appeal():
    """Round 1: the Owls right on 1, the Foxes' "Гоголь" wrong; the Hedgehogs' "Марс" wrong
    on 2; round 2: the Foxes answer the Owls' question; nobody the others'. The Foxes appeal
    question 1 (double answer), deferred; the game ends (SYNC-10)."""
    story = GAME.does(RecordFee(HOST, OWLS, True))
    story = story.round_one(0, 1).question({OWLS: "Пушкин", FOXES: "Гоголь"},
                                           right={"пушкин"})
    story = story.question({HEDGEHOGS: "Марс"}).does(s.StartRound(HOST, per_team=1))
    story = story.question({FOXES: "Да"}, right={"да"}, asking_team=OWLS)
    story = story.question({OWLS: "нет"}, asking_team=FOXES)
    story = story.question({OWLS: "нет"}, asking_team=HEDGEHOGS)
    story = story.does(FileAppeal(20, 1, AppealKind.DOUBLE, "не хуже"), story.now)
    return story.does(DeferAppeal(HOST, FOXES), story.now).does(s.EndGame(HOST), story.now)


ENDED = _ended_with_a_deferred_appeal()


def rows(story):
    return [(r.place.first, r.place.last, r.team, "".join(m.value for m in r.marks),
             r.rounds, r.total) for r in final_table(story.state).rows]


def test_sync_10_the_final_table_is_provisional_while_a_deferred_appeal_is_open():
    table = final_table(ENDED.state)
    assert (table.finished, table.provisional, table.winners) == (True, True, ("Совы",))
    assert rows(ENDED) == [(1, 1, "Совы", "10-00", {1: 1, 2: 1}, 2),
                           (2, 2, "Лисы", "?01-0", {1: 0, 2: 1}, 1),
                           (3, 3, "Ежи", "0000-", {1: 0, 2: 0}, 0)]
    assert [(q.number, q.round, q.in_round) for q in table.questions] == [
        (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 2, 2), (5, 2, 3)]


def test_sync_10_an_accepted_deferred_appeal_shares_first_place_and_ends_provisional():
    later = ENDED.last + timedelta(days=1)
    story = ENDED.does(VoteOnAppeal(HOST, FOXES, True), later)
    story = story.does(VoteOnAppeal(DUTY_CAPTAIN, FOXES, True), later)
    table = final_table(story.state)
    assert (table.provisional, table.winners) == (False, ("Лисы", "Совы"))
    assert rows(story)[:2] == [(1, 2, "Лисы", "101-0", {1: 1, 2: 1}, 2),
                               (1, 2, "Совы", "10-00", {1: 1, 2: 1}, 2)]


def test_sync_9_rating_cells_are_points_and_the_disputed_answers_text():
    assert [(r.team_id, r.tour, r.cells) for r in rating_rows(ENDED.state)] == [
        (OWLS, 1, ("1", "0")), (OWLS, 2, ("1", "0", "0")),
        (FOXES, 1, ("Гоголь", "0")), (FOXES, 2, ("1", "0", "0")),
        (HEDGEHOGS, 1, ("0", "0")), (HEDGEHOGS, 2, ("0", "0", "0"))]


def test_sync_3_sync_4_the_result_carries_answers_fees_and_the_duty_team():
    result = ENDED.result
    assert [(side.name, side.answered, side.paid) for side in result.sides] == [
        ("Совы", 1, True), ("Лисы", 1, False), ("Ежи", 0, False)]
    assert (result.duty, result.fee, result.currency) == ("Ежи", 1200, "USD")
