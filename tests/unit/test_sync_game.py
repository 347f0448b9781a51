"""SYNC scoring and the end of a game (RULES.md SYNC-7, SYNC-8): points per question,
the asking team's point, the question scored when no group is pending, the shoot-out for a tie
for first, the result; and a whole 3-team game to the end. Given/when/then on ``rules.sync``."""

from __future__ import annotations

from rules import sync as s
from rules.judging import Verdict
from tests.unit.sync_steps import FOXES, GAME, HEDGEHOGS, HOST, OWLS, hand_in, sides

ROUND_TWO = GAME.round_one(0).question({OWLS: "а"}, right={"а"}).does(
    s.StartRound(HOST, per_team=1))
"""Round 1 played (the Owls 1, the others 0); round 2 of one question per team started."""


def test_sync_7_a_right_answer_earns_1_and_a_wrong_one_loses_nothing():
    story = GAME.round_one(0, 1).question({OWLS: "Пушкин", FOXES: "Гоголь"}, right={"пушкин"})
    assert story.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}
    story = story.question({OWLS: "Блок", FOXES: "Фет"}, right={"фет"})
    assert story.totals == {OWLS: 1, FOXES: 1, HEDGEHOGS: 0}


def test_sync_7_the_asking_team_scores_when_a_playing_team_answered_its_question():
    story = ROUND_TWO.question({FOXES: "б", HEDGEHOGS: "в"}, right={"б"}, asking_team=OWLS)
    assert story.totals == {OWLS: 2, FOXES: 1, HEDGEHOGS: 0}
    nobody = ROUND_TWO.question({FOXES: "б", HEDGEHOGS: "в"}, asking_team=OWLS)
    assert nobody.totals == {OWLS: 1, FOXES: 0, HEDGEHOGS: 0}


def test_sync_7_an_unapproved_team_question_counts_for_the_teams_not_the_asking_team():
    # The Owls' third question: the hosts never approved it.
    story = ROUND_TWO.question({FOXES: "б", HEDGEHOGS: "б"}, right={"б"}, asking_team=OWLS,
                               team_number=3)
    assert story.totals == {OWLS: 1, FOXES: 1, HEDGEHOGS: 1}


def test_sync_7_the_question_is_scored_when_no_group_is_pending():
    story = GAME.round_one(0, 1).asked()
    start = story.state.written.opened_at
    for team, text in ((OWLS, "а"), (FOXES, "б")):
        story = story.does(hand_in(team, text, start), start)
    story = story.closed()
    story = story.when(s.JudgeGroup(HOST, "а", Verdict.ACCEPT), story.now).then_accepted()
    assert not any(isinstance(ev, s.QuestionScored) for ev in story.events)
    story.when(s.AskQuestion(HOST), story.now).then_rejected("sync-not-between-questions")
    story.when(s.JudgeGroup(HOST, "б", Verdict.REJECT, None), story.now).then_includes(
        s.QuestionScored(1))


def test_sync_7_the_host_may_change_the_latest_verdict_until_the_next_question():
    story = GAME.round_one(0, 1).question({OWLS: "а", FOXES: "б"}, right={"а"})
    changed = story.does(s.JudgeGroup(HOST, "б", Verdict.ACCEPT, Verdict.REJECT), story.now)
    assert changed.totals == {OWLS: 1, FOXES: 1, HEDGEHOGS: 0}
    changed.when(s.JudgeGroup(HOST, "а", Verdict.ACCEPT, None), story.now).then_rejected(
        "judge-already-decided")
    story.asked().when(s.JudgeGroup(HOST, "б", Verdict.ACCEPT, Verdict.REJECT),
                       story.now).then_rejected("sync-not-judging")


def _tied_after_round_two():
    """Rounds 1 and 2 played: the Owls and the Foxes 2 points each, the Hedgehogs 1."""
    story = GAME.round_one(0, 1).question({OWLS: "а", FOXES: "а"}, right={"а"})
    story = story.question({HEDGEHOGS: "б"}, right={"б"}).does(s.StartRound(HOST, per_team=1))
    story = story.question({FOXES: "в"}, asking_team=OWLS)
    story = story.question({OWLS: "г"}, right={"г"}, asking_team=FOXES)
    story = story.question({OWLS: "д", FOXES: "д"}, asking_team=HEDGEHOGS)
    # The Foxes asked and the Owls answered: a point each.
    assert story.totals == {OWLS: 2, FOXES: 2, HEDGEHOGS: 1}
    return story


TIED = _tied_after_round_two()


def test_sync_8_with_one_team_on_top_the_game_ends_with_no_shootout():
    story = GAME.round_one(0).question({OWLS: "а"}, right={"а"}).does(
        s.StartRound(HOST, per_team=1))
    for team in (OWLS, FOXES, HEDGEHOGS):
        story = story.question({}, asking_team=team)
    story = story.when(s.EndGame(HOST), story.now).then(s.GameFinished())
    assert sides(story) == [("Совы", 1, 1, OWLS),
                            ("Ежи", 0, 2, HEDGEHOGS),
                            ("Лисы", 0, 2, FOXES)]


def test_sync_8_a_tie_for_first_is_played_off_by_the_tied_teams_only():
    story = TIED.when(s.EndGame(HOST), TIED.now).then(s.ShootoutStarted((OWLS, FOXES)))
    assert story.result is None
    story.when(s.AskQuestion(HOST), story.now).then_rejected("sync-shootout-hosts-questions")
    story.when(s.AskQuestion(HOST, index=0), story.now).then_rejected(
        "sync-question-reused", number=1)
    story.when(s.AskQuestion(HOST, index=9), story.now).then(
        s.QuestionAsked(6, 0, 9, playing=(OWLS, FOXES)))
    shooting = story.asked(index=9)
    start = shooting.state.written.opened_at
    shooting.when(hand_in(HEDGEHOGS, "е", start), start).then_rejected(
        "sync-not-in-shootout", team="Ежи")


def test_sync_8_when_every_team_still_in_answers_wrong_the_round_is_replayed():
    story = TIED.does(s.EndGame(HOST), TIED.now)
    story = story.question({OWLS: "х", FOXES: "у"}, index=9)
    assert story.events[-1] == s.QuestionScored(6)
    story.when(s.AskQuestion(HOST, index=10), story.now).then(
        s.QuestionAsked(7, 0, 10, playing=(OWLS, FOXES)))


def test_sync_8_a_team_that_answers_wrong_drops_out_and_the_last_one_wins():
    story = TIED.does(s.EndGame(HOST), TIED.now)
    story = story.question({OWLS: "х", FOXES: "у"}, right={"у"}, index=9)
    assert story.events[-2:] == (s.QuestionScored(6), s.GameFinished(FOXES))
    # The shoot-out does not change the main table.
    assert story.totals == {OWLS: 2, FOXES: 2, HEDGEHOGS: 1}
    assert sides(story) == [("Лисы", 2, 1, FOXES),
                            ("Совы", 2, 2, OWLS),
                            ("Ежи", 1, 3, HEDGEHOGS)]


def test_sync_8_a_whole_3_team_game_with_team_questions_and_a_shootout():
    story = GAME.round_one(0, 1, 2)
    story = story.question({OWLS: "Пушкин", FOXES: "Пушкин", HEDGEHOGS: "Гоголь"},
                           right={"пушкин"})
    story = story.question({OWLS: "Нева", FOXES: "Волга"}, right={"волга"})
    story = story.question({HEDGEHOGS: "Марс", FOXES: "Марс"}, right={"марс"})
    assert story.events[-1] == s.RoundEnded(1)
    story = story.does(s.StartRound(HOST, per_team=1), story.now)
    story = story.question({FOXES: "1", HEDGEHOGS: "2"}, right={"2"}, asking_team=OWLS)
    story = story.question({OWLS: "3", HEDGEHOGS: "4"}, asking_team=FOXES)
    story = story.question({OWLS: "5", FOXES: "5"}, right={"5"}, asking_team=HEDGEHOGS,
                           team_number=3)
    assert story.events[-1] == s.RoundEnded(2)
    # The Owls' question answered by the Hedgehogs: the Owls' point; nobody answered the
    # Foxes'; the Hedgehogs' unapproved one earns them nothing.
    assert story.totals == {OWLS: 3, FOXES: 4, HEDGEHOGS: 2}
    story = story.does(s.StartRound(HOST, questions=(3,)), story.now)
    story = story.question({OWLS: "Луна", FOXES: "Солнце"}, right={"луна"})
    assert story.totals == {OWLS: 4, FOXES: 4, HEDGEHOGS: 2}
    marks = [[m[t].value for t in (OWLS, FOXES, HEDGEHOGS)] for m in story.marks]
    assert marks == [["1", "1", "0"], ["0", "1", "0"], ["0", "1", "1"],
                     ["-", "0", "1"], ["0", "-", "0"], ["1", "1", "-"], ["1", "0", "0"]]
    story = story.when(s.EndGame(HOST), story.now).then(s.ShootoutStarted((OWLS, FOXES)))
    story = story.question({OWLS: "х", FOXES: "у"}, index=10)
    story = story.question({OWLS: "Рим", FOXES: "Афины"}, right={"рим"}, index=11)
    assert story.events[-1] == s.GameFinished(OWLS)
    assert story.totals == {OWLS: 4, FOXES: 4, HEDGEHOGS: 2}
    assert sides(story) == [("Совы", 4, 1, OWLS),
                            ("Лисы", 4, 2, FOXES),
                            ("Ежи", 2, 3, HEDGEHOGS)]
    story.when(s.AskQuestion(HOST, index=12), story.now).then_rejected("game-over")
