"""SYNC scoring, the table's places and marks, the shoot-out, the jury and the duty rotation
(RULES.md SYNC-4, 5, 7, 8, 9, 10); each test names its clause."""

from __future__ import annotations

from rules.scoring import Place, places
from rules.sync.club import next_duty, proposed_team_questions
from rules.sync.jury import ClubTeam, jury, verdict
from rules.sync.scoring import (
    Mark,
    Scored,
    marks,
    needs_shootout,
    provisional,
    question_points,
    round_totals,
    shootout_left,
    totals,
    winners,
)

A, B, C, D = 1, 2, 3, 4
TEAMS = (A, B, C, D)


def test_sync_7_a_right_answer_is_a_point_and_a_wrong_one_loses_nothing():
    scored = Scored(1, correct=frozenset({A, C}))
    assert question_points(scored, TEAMS) == {A: 1, B: 0, C: 1, D: 0}
    assert totals([scored, Scored(2, correct=frozenset({A}))], TEAMS) == {A: 2, B: 0, C: 1, D: 0}


def test_sync_7_the_asking_team_scores_when_a_playing_team_answers_its_question():
    answered = Scored(5, round=2, asking_team=D, correct=frozenset({B}))
    assert question_points(answered, TEAMS) == {A: 0, B: 1, C: 0, D: 1}
    nobody = Scored(6, round=2, asking_team=D)
    assert question_points(nobody, TEAMS)[D] == 0
    # The asking team does not answer its own question (SYNC-5): its answer would score nothing.
    own = Scored(7, round=2, asking_team=D, correct=frozenset({D}))
    assert question_points(own, TEAMS) == {A: 0, B: 0, C: 0, D: 0}
    assert marks(answered, TEAMS)[D] is Mark.ASKED


def test_sync_7_an_unapproved_team_question_counts_for_the_teams_but_not_the_asking_team():
    everyone = Scored(5, round=2, asking_team=D, approved=False, correct=frozenset({A, B, C}))
    assert question_points(everyone, TEAMS) == {A: 1, B: 1, C: 1, D: 0}
    some = Scored(6, round=2, asking_team=D, approved=False, correct=frozenset({A}))
    assert question_points(some, TEAMS) == {A: 1, B: 0, C: 0, D: 0}


def test_sync_9b_a_removed_question_scores_no_one_not_even_its_asking_team():
    removed = Scored(5, round=2, asking_team=D, correct=frozenset({A, B}), removed=True)
    assert question_points(removed, TEAMS) == dict.fromkeys(TEAMS, 0)
    assert set(marks(removed, TEAMS).values()) == {Mark.REMOVED}


def test_sync_10_the_table_marks_pending_verdicts_and_is_provisional_until_they_are_final():
    scored = Scored(3, correct=frozenset({A}), pending=frozenset({B}))
    assert marks(scored, TEAMS) == {A: Mark.RIGHT, B: Mark.PENDING, C: Mark.WRONG, D: Mark.WRONG}
    assert provisional([Scored(1), scored])
    assert not provisional([Scored(1), Scored(3, correct=frozenset({A, B}))])


def test_sync_5_round_subtotals_add_up_to_the_total():
    questions = [Scored(1, correct=frozenset({A, B})), Scored(2, correct=frozenset({A})),
                 Scored(3, round=2, asking_team=C, correct=frozenset({B}))]
    assert round_totals(questions, TEAMS) == {1: {A: 2, B: 1, C: 0, D: 0},
                                              2: {A: 0, B: 1, C: 1, D: 0}}
    assert totals(questions, TEAMS) == {A: 2, B: 2, C: 1, D: 0}


def test_shared_places_are_shared_and_the_next_place_counts_them_all():
    assert places({A: 5, B: 7, C: 5, D: 2}) == {
        B: Place(1, 1), A: Place(2, 3), C: Place(2, 3), D: Place(4, 4)}
    assert places({A: 3, B: 3}) == {A: Place(1, 2), B: Place(1, 2)}
    assert places({}) == {}


def test_sync_8_a_shoot_out_winner_is_first_and_the_teams_it_beat_share_the_next_places():
    table = places({A: 9, B: 9, C: 9, D: 4}, first=(frozenset({B}), frozenset({A, C})))
    assert table == {B: Place(1, 1), A: Place(2, 3), C: Place(2, 3), D: Place(4, 4)}


def test_sync_8_a_tie_for_first_needs_a_shoot_out_and_wrong_answers_drop_out():
    scores = {A: 9, B: 9, C: 9, D: 4}
    assert needs_shootout(scores) == {A, B, C}
    assert needs_shootout({A: 9, B: 8}) == frozenset()
    # Round 1: A and C right, B drops; round 2: both wrong, replayed; round 3: C alone right.
    left = shootout_left(frozenset({A, B, C}), [frozenset({A, C}), frozenset(), frozenset({C})])
    assert left == {C}
    assert shootout_left(frozenset({A, B}), [frozenset({D})]) == {A, B}
    assert winners(scores) == {A, B, C}
    assert winners(scores, frozenset({A, B, C}), C) == {C}
    assert needs_shootout(scores, frozenset({A, B, C}), C) == frozenset()


def test_sync_10_a_team_that_ties_the_winner_after_a_deferred_appeal_also_wins():
    # Given C won a shoot-out against A; D's accepted appeal brings it level with them.
    after = {A: 9, B: 5, C: 9, D: 9}
    assert winners(after, frozenset({A, C}), C) == {C, D}
    assert needs_shootout(after, frozenset({A, C}), C) == frozenset()
    # A removal that takes the winner's point away leaves the others at the top to share it.
    assert winners({A: 9, C: 8, D: 9}, frozenset({A, C}), C) == {A, D}


CLUB = (ClubTeam(A, "Яблоко", 10), ClubTeam(B, "Ёлки", 20), ClubTeam(C, "Борщ", 30),
        ClubTeam(D, "Енот", 40))


def test_sync_10_the_jury_is_the_hosts_and_the_duty_teams_captain():
    assert jury((100, 101), CLUB, duty=C, appealing=frozenset({A})) == (100, 101, 30)


def test_sync_10_when_the_duty_team_appeals_the_next_team_in_alphabetical_order_sits():
    # Alphabetical: Борщ, Енот, Ёлки, Яблоко (ё right after е).
    assert jury((100,), CLUB, duty=C, appealing=frozenset({C})) == (100, 40)
    assert jury((100,), CLUB, duty=C, appealing=frozenset({C, D})) == (100, 20)
    # Round the list: after Яблоко comes Борщ.
    assert jury((100,), CLUB, duty=A, appealing=frozenset({A})) == (100, 30)
    assert jury((100,), CLUB, duty=None, appealing=frozenset({A})) == (100,)


def test_sync_10_the_majority_decides_and_a_tie_rejects_the_appeal():
    jurors = (100, 101, 30)
    assert verdict(jurors, {100: True}) is None
    assert verdict(jurors, {100: True, 30: True}) is True
    assert verdict(jurors, {100: False, 101: False}) is False
    four = (100, 101, 102, 30)
    assert verdict(four, {100: True, 101: True, 102: False, 30: False}) is False
    assert verdict(four, {100: True, 101: True, 102: True}) is True
    assert verdict(jurors, {999: True, 100: True}) is None  # not a juror: not counted


def test_sync_4_duty_goes_round_the_teams_in_alphabetical_order():
    names = [team.name for team in CLUB]
    assert next_duty(names, None) == "Борщ"
    assert next_duty(names, "Борщ") == "Енот"
    assert next_duty(names, "Енот") == "Ёлки"
    assert next_duty(names, "Яблоко") == "Борщ"
    assert next_duty(names, "Дятлы") == "Енот"  # a team that left: the next one after it
    assert next_duty([], "Борщ") is None


def test_sync_5_the_bot_proposes_the_same_number_of_team_questions_for_every_team():
    assert proposed_team_questions({A: 3, B: 3, C: 3}) == 3
    assert proposed_team_questions({A: 3, B: 2, C: 3}) == 2
    assert proposed_team_questions({team: 3 for team in range(10)}) == 1
    assert proposed_team_questions({A: 3, B: 0}) == 0
    assert proposed_team_questions({}) == 0
