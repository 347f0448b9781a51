"""The DUEL decider's set and special questions (picture, sector 13, blitz, superblitz) and
the answerer named for them: given events / when action / then events. Each test names its
clause (RULES.md DUEL-4.2 … 4.2d, 3.5); the minutes, hints, credit and decisive round are in
``test_duel_special_minutes.py``."""

from __future__ import annotations

import pytest

from rules import duel as d
from tests.unit.duel_special_steps import (
    BLITZ,
    EXTRA,
    LOBBY,
    PICTURE,
    SECTOR,
    SECTOR13,
    STARTED,
    SUPERBLITZ,
    TEAM,
    judge_part,
    minute_spent,
    named,
    no_minute,
    scored,
    sector13_wrong,
)
from tests.unit.duel_steps import BORIS, CAPTAIN, GLEB, HOST, VERA, ZOE, DuelStory, given
from tests.unit.story import T0, at

# --- DUEL-4.2: the set -------------------------------------------------------------------


def test_duel_4_2_labelled_questions_are_marked_by_default_and_the_game_starts():
    assert d.special_numbers(LOBBY.state) == {d.Special.PICTURE: 1, d.Special.SECTOR13: 12,
                                              d.Special.BLITZ: 6, d.Special.SUPERBLITZ: 9}
    LOBBY.when(d.StartGame(HOST)).then(STARTED.events[-1])


def test_duel_4_2_start_refuses_a_set_lacking_a_kind_and_says_which():
    bare = d.GameCreated(HOST, "host", 1, tuple(range(12)), 60.0, 50.0, 6, 12, 3,
                         pictures=(0,), triples=(5,), blitzes=(5,))
    given(bare, *LOBBY.events[1:]).when(d.StartGame(HOST)).then_rejected(
        "duel-set-missing", picture="1", sector13="none", blitz="6", superblitz="none")


def test_duel_8_1_start_anyway_plays_without_the_missing_kinds():
    bare = d.GameCreated(HOST, "host", 1, tuple(range(12)), 60.0, 50.0, 6, 12, 3, pictures=(0,))
    given(bare, *LOBBY.events[1:]).when(d.StartGame(HOST, force=True)).then(
        d.GameStarted(tuple(range(12)), picture=1))


def test_duel_4_2_the_host_marks_the_kinds_and_the_marks_are_checked():
    LOBBY.when(d.MarkQuestion(HOST, d.Special.PICTURE, 2)).then_rejected(
        "duel-mark-no-picture", number=2)
    LOBBY.when(d.MarkQuestion(HOST, d.Special.BLITZ, 2)).then_rejected(
        "duel-mark-not-three-parts")
    LOBBY.when(d.MarkQuestion(HOST, d.Special.SECTOR13, 6)).then_rejected(
        "duel-mark-sector13-parts")
    LOBBY.when(d.MarkQuestion(HOST, d.Special.SECTOR13, 13)).then_rejected(
        "duel-number-out-of-range")
    # The labelled blitz becomes the superblitz, the labelled superblitz the blitz; any single
    # question may be sector 13, any question with a picture the picture question.
    story = LOBBY.does(d.MarkQuestion(HOST, d.Special.SUPERBLITZ, 6))
    assert d.Special.BLITZ not in d.special_numbers(story.state)
    story = story.does(d.MarkQuestion(HOST, d.Special.BLITZ, 9))
    story = story.does(d.MarkQuestion(HOST, d.Special.SECTOR13, 2))
    story = story.does(d.MarkQuestion(HOST, d.Special.PICTURE, 4))
    story.when(d.StartGame(HOST)).then(d.GameStarted(
        tuple(range(12)), picture=4, sector13=2, blitz=9, superblitz=6))


def test_duel_4_2_marks_follow_the_questions_into_a_new_selection():
    story = LOBBY.does(d.MarkQuestion(HOST, d.Special.BLITZ, 9))
    # The set now starts with package positions 14 and 9: the blitz (index 8) is number 2.
    positions = (14, 9, 1, 2, 3, 4, 5, 7, 8, 10, 11, 12)
    story = story.does(d.SelectQuestions(HOST, positions))
    assert d.special_numbers(story.state)[d.Special.BLITZ] == 2
    # Index 13 is an unlabelled triple: it may be marked the superblitz now it is in the set.
    story = story.does(d.MarkQuestion(HOST, d.Special.SUPERBLITZ, 1))
    assert d.special_numbers(story.state)[d.Special.SUPERBLITZ] == 1


# --- DUEL-4.2a: the picture question is played as any question ---------------------------


def test_duel_4_2a_the_picture_question_has_the_usual_minute():
    STARTED.when(d.PickQuestion(CAPTAIN, PICTURE)).then(
        d.QuestionChosen(PICTURE, 0), d.QuestionSent(60.0, early=True))
    assert STARTED.picked(PICTURE).timers == {"warning": at(50),
                                                                     "end": at(60)}


# --- DUEL-4.2b: sector 13 ----------------------------------------------------------------


def test_duel_4_2b_the_captain_chooses_who_stays_before_the_question_is_read():
    story = STARTED.when(d.PickQuestion(CAPTAIN, SECTOR13)).then(
        d.QuestionChosen(SECTOR13, 11))
    # No question is read and no clock runs: the captain's choice is awaited.
    assert story.timers == {}
    story.when(d.NameAnswerer(CAPTAIN, BORIS)).then_rejected("duel-not-naming")
    story.when(d.DeclareEarly(CAPTAIN)).then_rejected("duel-early-not-here")
    story.when(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL)).then_starts_with(
        d.Sector13Chosen(d.Sector13Mode.ALL, TEAM))


def test_duel_4_2b_all_stay_and_answer_at_once():
    story = STARTED.picked(SECTOR13)
    story = story.when(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL)).then(
        d.Sector13Chosen(d.Sector13Mode.ALL, TEAM), d.DiscussionEnded())
    story.when(EXTRA).then_rejected("duel-no-discussion-here")
    story.when(d.NameAnswerer(CAPTAIN, GLEB)).then(d.AnswererNamed(GLEB))


def test_duel_4_2b_three_stay_for_20_seconds_and_one_of_them_answers():
    story = STARTED.picked(SECTOR13)
    story.when(d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE, (BORIS, VERA))).then_rejected(
        "duel-sector13-count", count=3)
    story.when(d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE, (BORIS, VERA, ZOE))
               ).then_rejected("duel-answerer-not-in-team")
    three = d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    story.when(three).then(d.Sector13Chosen(d.Sector13Mode.THREE, (BORIS, VERA, GLEB)),
                           d.QuestionSent(20.0))
    story = story.does(three)
    assert story.timers == {"warning": at(10), "end": at(20)}
    story = story.time_up()
    story.when(d.NameAnswerer(CAPTAIN, CAPTAIN), at=20).then_rejected(
        "duel-answerer-not-stayed", names="boris, vera, gleb")
    story.when(d.NameAnswerer(CAPTAIN, VERA), at=20).then(d.AnswererNamed(VERA))


def test_duel_4_2b_a_single_player_right_earns_an_extra_minute():
    story = STARTED.picked(SECTOR13)
    one = d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,))
    story.when(one).then_ends_with(d.QuestionSent(60.0))
    story = story.does(one)
    assert story.timers == {"warning": at(50), "end": at(60)}
    story = story.time_up().does(d.GiveAnswer(VERA, "teen", "accept", "r"))
    story = story.does(d.JudgeAnswer(HOST, True))
    assert story.score == (1, 0)
    minute_spent(story, SECTOR)


def test_duel_4_2b_the_single_player_who_stayed_answers_without_being_named():
    # Given Vera alone stayed for sector 13 and her minute runs.
    story = STARTED.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,)))
    story.when(d.NameAnswerer(CAPTAIN, VERA), at=10).then_rejected(
        "duel-answerer-already-named")
    # When the time is up, then she is the answerer: the captain is not asked.
    story = story.when(d.TimerFired("end", at(60)), at=60).then(
        d.DiscussionEnded(), d.AnswererNamed(VERA))
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=61).then_rejected(
        "duel-answerer-already-named", name="vera")
    story.when(d.GiveAnswer(BORIS, "x", "unsure", "r"), at=61).then_rejected(
        "duel-not-the-answerer")
    story.when(d.GiveAnswer(VERA, "x", "unsure", "r"), at=61).then(
        d.AnswerGiven(VERA, "x", "unsure", "r"))
    # Time may still be added before she answers, as after any discussion.
    story.when(EXTRA, at=61).then_rejected("duel-no-minutes")


def test_duel_4_2b_all_stay_right_earns_no_minute():
    story = STARTED.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL))
    story = story.does(d.NameAnswerer(CAPTAIN, GLEB))
    story = story.does(d.GiveAnswer(GLEB, "teen", "accept", "r"))
    no_minute(story.does(d.JudgeAnswer(HOST, True)))

def test_duel_4_2b_a_wrong_answer_benches_those_who_stayed_for_the_next_question():
    story = sector13_wrong(d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    assert story.score == (0, 1)
    # The next question: those who stayed may not answer it.
    nxt = story.picked(2).time_up()
    for player, name in ((BORIS, "boris"), (VERA, "vera"), (GLEB, "gleb")):
        nxt.when(d.NameAnswerer(CAPTAIN, player), at=60).then_rejected(
            "duel-answerer-benched", name=name)
    nxt = nxt.does(d.NameAnswerer(CAPTAIN, CAPTAIN))
    nxt = nxt.does(d.GiveAnswer(CAPTAIN, "x", "unsure", "r")).does(d.JudgeAnswer(HOST, True))
    named(nxt, 3, BORIS)  # one question only


def test_duel_4_2b_a_benched_player_may_not_be_named_to_answer_the_next_question():
    # Given Boris, Vera and Gleb stayed for sector 13 and were wrong.
    story = sector13_wrong(d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    # When the next question's time is up and the captain names Vera: refused, saying why.
    story = story.picked(2).time_up()
    story.when(d.NameAnswerer(CAPTAIN, VERA), at=60).then_rejected(
        "duel-answerer-benched", name="vera")
    # Then the captain, who discussed it, may answer.
    story.when(d.NameAnswerer(CAPTAIN, CAPTAIN), at=60).then(d.AnswererNamed(CAPTAIN))


def test_duel_4_2b_when_everyone_is_benched_anyone_answers_without_discussion():
    story = sector13_wrong(d.Sector13Mode.ALL).when(d.PickQuestion(CAPTAIN, 2)).then(
        d.QuestionChosen(2, 1), d.DiscussionEnded())
    story.when(d.NameAnswerer(CAPTAIN, VERA)).then(d.AnswererNamed(VERA))


def test_duel_4_2b_the_bench_does_not_apply_to_a_blitz_or_superblitz():
    # On a blitz Boris, benched, may answer; and the bench is spent by it.
    story = sector13_wrong(d.Sector13Mode.ONE, (BORIS,)).picked(BLITZ)
    story = story.time_up()
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=20).then(d.AnswererNamed(BORIS))
    for _ in range(3):
        story = judge_part(story, True)
    named(story, 2, BORIS)
    # On a superblitz he may play, and the bench is spent by it too.
    story = sector13_wrong(d.Sector13Mode.ONE, (BORIS,)).does(
        d.PickQuestion(CAPTAIN, SUPERBLITZ))
    story.when(d.NameAnswerer(CAPTAIN, BORIS)).then_starts_with(d.SoloNamed(BORIS))
    story = story.does(d.NameAnswerer(CAPTAIN, BORIS))
    for _ in range(3):
        story = judge_part(story, True, name=False)
    named(story, 2, BORIS)


def test_duel_4_2b_when_everyone_stayed_and_was_wrong_the_next_question_has_no_discussion():
    sector13_wrong(d.Sector13Mode.ALL).when(d.PickQuestion(CAPTAIN, 2)).then(
        d.QuestionChosen(2, 1), d.DiscussionEnded())


# --- DUEL-4.2c, d: blitz and superblitz --------------------------------------------------


def test_duel_4_2c_blitz_is_three_mini_questions_of_20_seconds():
    story = STARTED.when(d.PickQuestion(CAPTAIN, BLITZ)).then(
        d.QuestionChosen(BLITZ, 5), d.PartStarted(0), d.QuestionSent(20.0))
    story = story.does(d.QuestionDelivered(BLITZ, 0, T0))
    # DUEL-3.4.2: a signal 10 s before the end of every mini-question, and at its end.
    assert story.timers == {"warning": at(10), "end": at(20)}
    story.when(d.DeclareEarly(CAPTAIN), at=1).then_rejected("duel-early-not-here")
    # Judged the moment the 20 s ran out, the next mini-question is read and discussed.
    story = story.time_up().does(d.NameAnswerer(CAPTAIN, BORIS), 20).does(
        d.GiveAnswer(BORIS, "x", "unsure", "r"), 20)
    story = story.when(d.JudgeAnswer(HOST, True), at=20).then(
        d.PartJudged(BLITZ, 0, True), d.PartStarted(1), d.QuestionSent(20.0))
    story = story.does(d.QuestionDelivered(BLITZ, 1, at(20)), 20)
    assert story.timers == {"warning": at(30), "end": at(40)}


@pytest.mark.parametrize("verdicts,score", [((True, True, True), (1, 0)),
                                            ((True, False, True), (0, 1)),
                                            ((False, True, True), (0, 1))])
def test_duel_4_2c_the_blitz_is_won_only_with_all_three_right(verdicts, score):
    story = STARTED.picked(BLITZ)
    for correct in verdicts[:-1]:
        story = judge_part(story, correct)
        assert story.timers  # every mini-question is played
    last = time_up_named(story).when(d.JudgeAnswer(HOST, verdicts[-1])).then_starts_with(
        d.PartJudged(BLITZ, 2, verdicts[-1]), d.AnswerJudged(BLITZ, score == (1, 0)))
    assert last.score == score


def time_up_named(story: DuelStory) -> DuelStory:
    """The running mini-question's time up, Boris named and answering."""
    story = story.time_up().does(d.NameAnswerer(CAPTAIN, BORIS))
    return story.does(d.GiveAnswer(BORIS, "x", "unsure", "r"))


def test_duel_4_2d_the_captain_names_the_one_player_and_only_they_answer():
    story = STARTED.when(d.PickQuestion(CAPTAIN, SUPERBLITZ)).then(
        d.QuestionChosen(SUPERBLITZ, 8))
    story = story.when(d.NameAnswerer(CAPTAIN, VERA)).then(
        d.SoloNamed(VERA), d.PartStarted(0), d.QuestionSent(20.0))
    story = story.does(d.QuestionDelivered(SUPERBLITZ, 0, T0))
    story = story.when(d.TimerFired("end", at(20)), at=20).then(
        d.DiscussionEnded(), d.AnswererNamed(VERA))
    story.when(d.GiveAnswer(BORIS, "x", "unsure", "r"), at=21).then_rejected(
        "duel-not-the-answerer", name="vera")
    for part in range(3):
        if story.timers:
            story = story.time_up()
        story = story.does(d.GiveAnswer(VERA, "x", "unsure", "r"))
        story = story.when(d.JudgeAnswer(HOST, True)).then_starts_with(
            d.PartJudged(SUPERBLITZ, part, True))
        if part < 2:
            story = story.does(d.QuestionDelivered(SUPERBLITZ, part + 1, T0))
    assert story.score == (1, 0)


def test_duel_3_5_the_captain_may_name_another_answerer_until_the_answer_is_given():
    # Given an ordinary question whose answerer the captain named.
    story = STARTED.picked(2).time_up().does(
        d.NameAnswerer(CAPTAIN, BORIS), 60)
    # When the captain names Vera instead, then she answers and Boris no longer may.
    story = story.when(d.NameAnswerer(CAPTAIN, VERA), at=61).then(d.AnswererNamed(VERA))
    story.when(d.GiveAnswer(BORIS, "x", "unsure", "r"), at=62).then_rejected(
        "duel-not-the-answerer", name="vera")
    # Naming the same player again says who answers; once answered, nobody is renamed.
    story.when(d.NameAnswerer(CAPTAIN, VERA), at=61).then_rejected(
        "duel-answerer-already-named", name="vera")
    story = story.does(d.GiveAnswer(VERA, "x", "unsure", "r"), 62)
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=63).then_rejected("duel-not-naming")


def test_duel_3_5_an_answer_with_nothing_visible_is_refused_and_not_used_up():
    story = STARTED.picked(2).time_up().does(
        d.NameAnswerer(CAPTAIN, BORIS), 60)
    for text in ("\u200b", "\u200b\u200f \ufeff", "\u2060\u202e", "\u3164", "\u0301"):
        story.when(d.GiveAnswer(BORIS, text, "unsure", "r"), at=61).then_rejected(
            "duel-answer-invisible")
    # The answer is still Boris's to give.
    story.when(d.GiveAnswer(BORIS, "\u200bГашек", "unsure", "r"), at=62).then(
        d.AnswerGiven(BORIS, "\u200bГашек", "unsure", "r"))


def test_duel_3_5_an_answerer_already_named_by_the_bot_is_said_by_name():
    # Given a superblitz whose player is named: during its mini-questions too.
    solo = STARTED.picked(SUPERBLITZ).does(d.NameAnswerer(CAPTAIN, VERA))
    solo.when(d.NameAnswerer(CAPTAIN, BORIS), at=5).then_rejected(
        "duel-answerer-already-named", name="vera")
    solo.time_up().when(d.NameAnswerer(CAPTAIN, BORIS), at=21).then_rejected(
        "duel-answerer-already-named", name="vera")
    # Given the decisive round: its player answers.
    decisive = scored(5, 2).does(d.AskDecisiveRound(CAPTAIN, VERA)).does(
        d.PickQuestion(CAPTAIN, 11))
    decisive.when(d.NameAnswerer(CAPTAIN, BORIS), at=5).then_rejected(
        "duel-answerer-already-named", name="vera")
    # Between questions nobody is named yet: the usual refusal.
    scored(1, 1).when(d.NameAnswerer(CAPTAIN, BORIS)).then_rejected("duel-not-naming")
