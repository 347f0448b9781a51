"""The DUEL decider's special questions, hints, credit and decisive round: given events /
when action / then events. Each test names its clause (RULES.md DUEL-4.2 … 6.4.4)."""

from __future__ import annotations

from datetime import datetime

import pytest

from rules import duel as d
from rules.base import Rejection, decode, encode
from rules.roster import KeeperNamed, PlayerJoined, TeamRegistered
from tests.unit.duel_steps import T0, at, given, play

HOST, KEEPER, CAPTAIN, BORIS, VERA, GLEB, ZOE, YAN = 1, 2, 10, 11, 12, 13, 50, 51
TEAM = (CAPTAIN, BORIS, VERA, GLEB)
EARLY, SECTOR = d.MinuteSource.EARLY, d.MinuteSource.SECTOR13
# The package: index 0 has a picture, 5 is a labelled blitz, 8 a labelled superblitz, 13 an
# unlabelled three-part question, 11 is labelled sector 13. In the default set (indices 0..11)
# that is picture 1, blitz 6, superblitz 9, sector 13 number 12.
CREATED = d.GameCreated(HOST, "host", 1, tuple(range(15)), 60.0, 50.0, 6, 12, 3,
                        pictures=(0, 3), triples=(5, 8, 13), blitzes=(5,), superblitzes=(8,),
                        sectors13=(11,))
LOBBY = [
    CREATED,
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    PlayerJoined(100, VERA, "vera"),
    PlayerJoined(100, GLEB, "gleb"),
    KeeperNamed(KEEPER, "ksenia"),
]
STARTED = [*LOBBY, d.GameStarted(tuple(range(12)), picture=1, sector13=12, blitz=6,
                                 superblitz=9)]
PICTURE, BLITZ, SUPERBLITZ, SECTOR13 = 1, 6, 9, 12
REGULAR = (2, 3, 4, 5, 7, 8, 10, 11, 1)
# A set started without sector 13 and superblitz (DUEL-8.1), for long games of plain questions.
PLAIN = [*LOBBY, d.GameStarted(tuple(range(12)), picture=1, blitz=6)]
PLAIN_REGULAR = (1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12)





def refused(state: d.DuelState, action, now: datetime = T0) -> str:
    result = d.decide(state, action, now)
    assert isinstance(result, Rejection), result
    return result.reason


def time_up(state: d.DuelState) -> d.DuelState:
    return play(state, d.TimerFired("end", state.clock.ends_at), state.clock.ends_at)


def answered(state: d.DuelState, number: int, correct: bool, player: int = BORIS
             ) -> d.DuelState:
    """A regular question played to its verdict."""
    state = time_up(play(state, d.PickQuestion(CAPTAIN, number)))
    state = play(state, d.NameAnswerer(CAPTAIN, player))
    state = play(state, d.GiveAnswer(player, "ответ", "unsure", "r"))
    return play(state, d.JudgeAnswer(HOST, correct))


def scored(team: int, host: int, start: list = STARTED) -> d.DuelState:
    """A started game at ``team``:``host``, played on the regular questions."""
    state = given(*start)
    results = [True] * team + [False] * host
    numbers = REGULAR if start is STARTED else PLAIN_REGULAR
    for number, correct in zip(numbers, results, strict=False):
        state = answered(state, number, correct)
    assert state.score == (team, host)
    return state


def judge_part(state: d.DuelState, correct: bool, answerer: int | None = BORIS
               ) -> d.DuelState:
    """One mini-question: its 20 s run out (unless they have), the answer, the verdict given
    when the time ran out."""
    now = state.clock.ends_at if state.clock else T0
    if state.phase is d.Phase.DISCUSSION:
        state = time_up(state)
    if answerer is not None:
        state = play(state, d.NameAnswerer(CAPTAIN, answerer), now)
    state = play(state, d.GiveAnswer(state.answerer, "ответ", "unsure", "r"), now)
    return play(state, d.JudgeAnswer(HOST, correct), now)


# --- DUEL-4.2: the set -------------------------------------------------------------------


def test_duel_4_2_labelled_questions_are_marked_by_default_and_the_game_starts():
    state = given(*LOBBY)
    assert d.special_numbers(state) == {d.Special.PICTURE: 1, d.Special.SECTOR13: 12,
                                        d.Special.BLITZ: 6, d.Special.SUPERBLITZ: 9}
    assert d.decide(state, d.StartGame(HOST), T0) == [STARTED[-1]]


def test_duel_4_2_start_refuses_a_set_lacking_a_kind_and_says_which():
    bare = d.GameCreated(HOST, "host", 1, tuple(range(12)), 60.0, 50.0, 6, 12, 3,
                         pictures=(0,), triples=(5,), blitzes=(5,))
    state = given(bare, *LOBBY[1:])
    assert d.decide(state, d.StartGame(HOST), T0) == Rejection("duel-set-missing", {
        "picture": "1", "sector13": "none", "blitz": "6", "superblitz": "none"})


def test_duel_8_1_start_anyway_plays_without_the_missing_kinds():
    bare = d.GameCreated(HOST, "host", 1, tuple(range(12)), 60.0, 50.0, 6, 12, 3, pictures=(0,))
    state = given(bare, *LOBBY[1:])
    assert d.decide(state, d.StartGame(HOST, force=True), T0) == [
        d.GameStarted(tuple(range(12)), picture=1)]


def test_duel_4_2_the_host_marks_the_kinds_and_the_marks_are_checked():
    state = given(*LOBBY)
    assert d.decide(state, d.MarkQuestion(HOST, d.Special.PICTURE, 2), T0) == Rejection(
        "duel-mark-no-picture", {"number": 2})
    assert refused(state, d.MarkQuestion(HOST, d.Special.BLITZ, 2)) == \
        "duel-mark-not-three-parts"
    assert refused(state, d.MarkQuestion(HOST, d.Special.SECTOR13, 6)) == \
        "duel-mark-sector13-parts"
    assert refused(state, d.MarkQuestion(HOST, d.Special.SECTOR13, 13)) == \
        "duel-number-out-of-range"
    # The labelled blitz becomes the superblitz, the labelled superblitz the blitz; any single
    # question may be sector 13, any question with a picture the picture question.
    state = play(state, d.MarkQuestion(HOST, d.Special.SUPERBLITZ, 6))
    assert d.Special.BLITZ not in d.special_numbers(state)
    state = play(state, d.MarkQuestion(HOST, d.Special.BLITZ, 9))
    state = play(state, d.MarkQuestion(HOST, d.Special.SECTOR13, 2))
    state = play(state, d.MarkQuestion(HOST, d.Special.PICTURE, 4))
    assert d.decide(state, d.StartGame(HOST), T0) == [d.GameStarted(
        tuple(range(12)), picture=4, sector13=2, blitz=9, superblitz=6)]


def test_duel_4_2_marks_follow_the_questions_into_a_new_selection():
    state = play(given(*LOBBY), d.MarkQuestion(HOST, d.Special.BLITZ, 9))
    # The set now starts with package positions 14 and 9: the blitz (index 8) is number 2.
    positions = (14, 9, 1, 2, 3, 4, 5, 7, 8, 10, 11, 12)
    state = play(state, d.SelectQuestions(HOST, positions))
    assert d.special_numbers(state)[d.Special.BLITZ] == 2
    # Index 13 is an unlabelled triple: it may be marked the superblitz now it is in the set.
    state = play(state, d.MarkQuestion(HOST, d.Special.SUPERBLITZ, 1))
    assert d.special_numbers(state)[d.Special.SUPERBLITZ] == 1


# --- DUEL-4.2a: the picture question is played as any question ---------------------------


def test_duel_4_2a_the_picture_question_has_the_usual_minute():
    events = d.decide(given(*STARTED), d.PickQuestion(CAPTAIN, PICTURE), T0)
    assert events == [d.QuestionChosen(PICTURE, 0), d.QuestionSent(60.0, early=True)]
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, PICTURE))
    assert d.timers(state) == {"warning": at(50), "end": at(60)}


# --- DUEL-4.2b: sector 13 ----------------------------------------------------------------


def test_duel_4_2b_the_captain_chooses_who_stays_before_the_question_is_read():
    state = given(*STARTED)
    assert d.decide(state, d.PickQuestion(CAPTAIN, SECTOR13), T0) == [
        d.QuestionChosen(SECTOR13, 11)]
    state = play(state, d.PickQuestion(CAPTAIN, SECTOR13))
    assert state.phase is d.Phase.SECTOR13
    assert d.timers(state) == {}
    assert refused(state, d.NameAnswerer(CAPTAIN, BORIS)) == "duel-not-naming"


def test_duel_4_2b_all_stay_and_answer_at_once():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    events = d.decide(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL), T0)
    assert events == [d.Sector13Chosen(d.Sector13Mode.ALL, TEAM), d.DiscussionEnded()]
    state = play(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL))
    assert state.phase is d.Phase.NAMING
    assert refused(state, d.UseExtraMinute(CAPTAIN)) == "duel-no-discussion-here"


def test_duel_4_2b_three_stay_for_20_seconds_and_one_of_them_answers():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    assert d.decide(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE, (BORIS, VERA)),
                    T0) == Rejection("duel-sector13-count", {"count": 3})
    assert refused(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE,
                                           (BORIS, VERA, ZOE))) == "duel-answerer-not-in-team"
    three = d.ChooseSector13(CAPTAIN, d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    assert d.decide(state, three, T0) == [
        d.Sector13Chosen(d.Sector13Mode.THREE, (BORIS, VERA, GLEB)), d.QuestionSent(20.0)]
    assert d.timers(play(state, three)) == {"warning": at(10), "end": at(20)}
    state = time_up(play(state, three))
    assert d.decide(state, d.NameAnswerer(CAPTAIN, CAPTAIN), at(20)) == Rejection(
        "duel-answerer-not-stayed", {"names": "boris, vera, gleb"})
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), at(20)) == [d.AnswererNamed(VERA)]


def test_duel_4_2b_a_single_player_right_earns_an_extra_minute():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    one = d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,))
    assert d.decide(state, one, T0)[-1] == d.QuestionSent(60.0)
    assert d.timers(play(state, one)) == {"warning": at(50), "end": at(60)}
    state = time_up(play(state, one))
    state = play(state, d.GiveAnswer(VERA, "teen", "accept", "r"))
    state = play(state, d.JudgeAnswer(HOST, True))
    assert state.minutes == (SECTOR,)
    assert state.score == (1, 0)


def test_duel_4_2b_the_single_player_who_stayed_answers_without_being_named():
    # Given Vera alone stayed for sector 13 and her minute runs.
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    state = play(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,)))
    assert refused(state, d.NameAnswerer(CAPTAIN, VERA), at(10)) == \
        "duel-answerer-already-named"
    # When the time is up, then she is the answerer: the captain is not asked.
    assert d.decide(state, d.TimerFired("end", at(60)), at(60)) == [
        d.DiscussionEnded(), d.AnswererNamed(VERA)]
    state = time_up(state)
    assert state.phase is d.Phase.ANSWERING and state.answerer == VERA
    assert d.decide(state, d.NameAnswerer(CAPTAIN, BORIS), at(61)) == Rejection(
        "duel-answerer-already-named", {"name": "vera"})
    assert refused(state, d.GiveAnswer(BORIS, "x", "unsure", "r"), at(61)) == \
        "duel-not-the-answerer"
    # Time may still be added before she answers, as after any discussion.
    assert refused(state, d.UseExtraMinute(CAPTAIN), at(61)) == "duel-no-minutes"


def test_duel_4_2b_all_stay_right_earns_no_minute():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    state = play(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL))
    state = play(state, d.NameAnswerer(CAPTAIN, GLEB))
    state = play(state, d.GiveAnswer(GLEB, "teen", "accept", "r"))
    assert play(state, d.JudgeAnswer(HOST, True)).minutes == ()


def sector13_wrong(mode: d.Sector13Mode, players: tuple[int, ...] = ()) -> d.DuelState:
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    state = play(state, d.ChooseSector13(CAPTAIN, mode, players))
    if state.phase is d.Phase.DISCUSSION:
        state = time_up(state)
    answerer = (players or TEAM)[0]
    if state.phase is d.Phase.NAMING:  # a single player who stayed is named by the bot
        state = play(state, d.NameAnswerer(CAPTAIN, answerer))
    state = play(state, d.GiveAnswer(answerer, "нет", "reject", "r"))
    return play(state, d.JudgeAnswer(HOST, False))


def test_duel_4_2b_a_wrong_answer_benches_those_who_stayed_for_the_next_question():
    state = sector13_wrong(d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    assert state.benched == (BORIS, VERA, GLEB)
    assert state.score == (0, 1)
    state = play(state, d.PickQuestion(CAPTAIN, 2))
    assert state.silent == (BORIS, VERA, GLEB)
    assert state.benched == ()
    state = play(time_up(state), d.NameAnswerer(CAPTAIN, CAPTAIN))
    state = play(play(state, d.GiveAnswer(CAPTAIN, "x", "unsure", "r")),
                 d.JudgeAnswer(HOST, True))
    assert play(state, d.PickQuestion(CAPTAIN, 3)).silent == ()  # one question only


def test_duel_4_2b_a_benched_player_may_not_be_named_to_answer_the_next_question():
    # Given Boris, Vera and Gleb stayed for sector 13 and were wrong.
    state = sector13_wrong(d.Sector13Mode.THREE, (BORIS, VERA, GLEB))
    # When the next question's time is up and the captain names Vera: refused, saying why.
    state = time_up(play(state, d.PickQuestion(CAPTAIN, 2)))
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), at(60)) == Rejection(
        "duel-answerer-benched", {"name": "vera"})
    # Then the captain, who discussed it, may answer.
    assert d.decide(state, d.NameAnswerer(CAPTAIN, CAPTAIN), at(60)) == [
        d.AnswererNamed(CAPTAIN)]


def test_duel_4_2b_when_everyone_is_benched_anyone_answers_without_discussion():
    state = play(sector13_wrong(d.Sector13Mode.ALL), d.PickQuestion(CAPTAIN, 2))
    assert state.phase is d.Phase.NAMING
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), T0) == [d.AnswererNamed(VERA)]


def test_duel_4_2b_the_bench_does_not_apply_to_a_blitz_or_superblitz():
    state = sector13_wrong(d.Sector13Mode.ONE, (BORIS,))
    state = play(state, d.PickQuestion(CAPTAIN, BLITZ))
    assert state.silent == () and state.benched == ()
    state = play(sector13_wrong(d.Sector13Mode.ONE, (BORIS,)),
                 d.PickQuestion(CAPTAIN, SUPERBLITZ))
    assert state.silent == () and state.benched == ()


def test_duel_4_2b_when_everyone_stayed_and_was_wrong_the_next_question_has_no_discussion():
    state = sector13_wrong(d.Sector13Mode.ALL)
    assert d.decide(state, d.PickQuestion(CAPTAIN, 2), T0) == [
        d.QuestionChosen(2, 1), d.DiscussionEnded()]


# --- DUEL-4.2c, d: blitz and superblitz --------------------------------------------------


def test_duel_4_2c_blitz_is_three_mini_questions_of_20_seconds():
    state = given(*STARTED)
    assert d.decide(state, d.PickQuestion(CAPTAIN, BLITZ), T0) == [
        d.QuestionChosen(BLITZ, 5), d.PartStarted(0), d.QuestionSent(20.0)]
    state = play(state, d.PickQuestion(CAPTAIN, BLITZ))
    # DUEL-3.4.2: a signal 10 s before the end of every mini-question, and at its end.
    assert d.timers(state) == {"warning": at(10), "end": at(20)}
    assert refused(state, d.DeclareEarly(CAPTAIN), at(1)) == "duel-early-not-here"
    state = judge_part(state, True)  # judged the moment the 20 s ran out
    assert state.part == 1 and state.phase is d.Phase.DISCUSSION
    assert d.timers(state) == {"warning": at(30), "end": at(40)}


@pytest.mark.parametrize("verdicts,score", [((True, True, True), (1, 0)),
                                            ((True, False, True), (0, 1)),
                                            ((False, True, True), (0, 1))])
def test_duel_4_2c_the_blitz_is_won_only_with_all_three_right(verdicts, score):
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, BLITZ))
    for correct in verdicts[:-1]:
        state = judge_part(state, correct)
        assert state.phase is d.Phase.DISCUSSION  # every mini-question is played
    result = d.decide(time_up_named(state), d.JudgeAnswer(HOST, verdicts[-1]), T0)
    assert result[:2] == [d.PartJudged(BLITZ, 2, verdicts[-1]),
                          d.AnswerJudged(BLITZ, score == (1, 0))]
    assert judge_part(state, verdicts[-1]).score == score


def time_up_named(state: d.DuelState) -> d.DuelState:
    state = play(time_up(state), d.NameAnswerer(CAPTAIN, BORIS))
    return play(state, d.GiveAnswer(BORIS, "x", "unsure", "r"))


def test_duel_4_2d_the_captain_names_the_one_player_and_only_they_answer():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SUPERBLITZ))
    assert state.phase is d.Phase.SOLO
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), T0) == [
        d.SoloNamed(VERA), d.PartStarted(0), d.QuestionSent(20.0)]
    state = play(state, d.NameAnswerer(CAPTAIN, VERA))
    assert d.decide(state, d.TimerFired("end", at(20)), at(20)) == [
        d.DiscussionEnded(), d.AnswererNamed(VERA)]
    state = time_up(state)
    assert d.decide(state, d.GiveAnswer(BORIS, "x", "unsure", "r"), at(21)) == Rejection(
        "duel-not-the-answerer", {"name": "vera"})
    for part in range(3):
        assert state.part == part
        state = judge_part(state, True, answerer=None)
    assert state.score == (1, 0)


def test_duel_3_5_the_captain_may_name_another_answerer_until_the_answer_is_given():
    # Given an ordinary question whose answerer the captain named.
    state = play(time_up(play(given(*STARTED), d.PickQuestion(CAPTAIN, 2))),
                 d.NameAnswerer(CAPTAIN, BORIS), at(60))
    # When the captain names Vera instead, then she answers and Boris no longer may.
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), at(61)) == [d.AnswererNamed(VERA)]
    state = play(state, d.NameAnswerer(CAPTAIN, VERA), at(61))
    assert d.decide(state, d.GiveAnswer(BORIS, "x", "unsure", "r"), at(62)) == Rejection(
        "duel-not-the-answerer", {"name": "vera"})
    # Naming the same player again says who answers; once answered, nobody is renamed.
    assert d.decide(state, d.NameAnswerer(CAPTAIN, VERA), at(61)) == Rejection(
        "duel-answerer-already-named", {"name": "vera"})
    state = play(state, d.GiveAnswer(VERA, "x", "unsure", "r"), at(62))
    assert refused(state, d.NameAnswerer(CAPTAIN, BORIS), at(63)) == "duel-not-naming"


def test_duel_3_5_an_answer_with_nothing_visible_is_refused_and_not_used_up():
    state = play(time_up(play(given(*STARTED), d.PickQuestion(CAPTAIN, 2))),
                 d.NameAnswerer(CAPTAIN, BORIS), at(60))
    for text in ("\u200b", "\u200b\u200f \ufeff", "\u2060\u202e", "\u3164", "\u0301"):
        assert d.decide(state, d.GiveAnswer(BORIS, text, "unsure", "r"), at(61)) == Rejection(
            "duel-answer-invisible"), repr(text)
    # The answer is still Boris's to give.
    assert d.decide(state, d.GiveAnswer(BORIS, "\u200bГашек", "unsure", "r"), at(62))[0] \
        .text == "\u200bГашек"


def test_duel_3_5_an_answerer_already_named_by_the_bot_is_said_by_name():
    # Given a superblitz whose player is named: during its mini-questions too.
    solo = play(play(given(*STARTED), d.PickQuestion(CAPTAIN, SUPERBLITZ)),
                d.NameAnswerer(CAPTAIN, VERA))
    assert d.decide(solo, d.NameAnswerer(CAPTAIN, BORIS), at(5)) == Rejection(
        "duel-answerer-already-named", {"name": "vera"})
    assert d.decide(time_up(solo), d.NameAnswerer(CAPTAIN, BORIS), at(21)) == Rejection(
        "duel-answerer-already-named", {"name": "vera"})
    # Given the decisive round: its player answers.
    decisive = play(play(scored(5, 2), d.AskDecisiveRound(CAPTAIN, VERA)),
                    d.PickQuestion(CAPTAIN, 11))
    assert d.decide(decisive, d.NameAnswerer(CAPTAIN, BORIS), at(5)) == Rejection(
        "duel-answerer-already-named", {"name": "vera"})
    # Between questions nobody is named yet: the usual refusal.
    assert refused(scored(1, 1), d.NameAnswerer(CAPTAIN, BORIS)) == "duel-not-naming"


# --- DUEL-5.1: early answer and extra minutes ---------------------------------------------


def test_duel_5_1_1_early_answer_is_declared_within_the_first_5_seconds():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 2))
    assert d.decide(state, d.DeclareEarly(CAPTAIN), at(5)) == [
        d.EarlyAnswerDeclared(), d.DiscussionEnded()]
    assert d.decide(state, d.DeclareEarly(CAPTAIN), at(6)) == Rejection(
        "duel-early-too-late", {"seconds": 5})


def test_duel_5_1_early_answer_is_not_for_sector13_or_a_mini_question():
    state = play(play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13)),
                 d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (BORIS,)))
    assert refused(state, d.DeclareEarly(CAPTAIN), at(1)) == "duel-early-not-here"


def early(state: d.DuelState, number: int, correct: bool) -> d.DuelState:
    state = play(play(state, d.PickQuestion(CAPTAIN, number)), d.DeclareEarly(CAPTAIN), at(2))
    state = play(state, d.NameAnswerer(CAPTAIN, BORIS))
    state = play(state, d.GiveAnswer(BORIS, "ответ", "accept", "r"))
    return play(state, d.JudgeAnswer(HOST, correct))


def test_duel_5_1_after_an_early_answer_no_time_can_be_added():
    state = play(play(early(given(*STARTED), 2, True), d.PickQuestion(CAPTAIN, 3)),
                 d.DeclareEarly(CAPTAIN), at(1))
    assert refused(state, d.UseExtraMinute(CAPTAIN), at(2)) == "duel-no-discussion-here"


def test_duel_5_1_2_a_right_early_answer_earns_a_stored_minute():
    assert early(given(*STARTED), 2, True).minutes == (EARLY,)
    assert early(given(*STARTED), 2, False).minutes == ()


def test_duel_5_1_2_the_extra_minute_extends_the_clock_and_warns_again():
    state = play(early(given(*STARTED), 2, True), d.PickQuestion(CAPTAIN, 3))
    state = play(state, d.TimerFired("warning", at(50)), at(50))
    assert d.decide(state, d.UseExtraMinute(CAPTAIN), at(55)) == [
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110), EARLY)]
    state = play(state, d.UseExtraMinute(HOST), at(55))
    assert state.minutes == ()
    assert d.timers(state) == {"warning": at(110), "end": at(120)}
    assert refused(state, d.UseExtraMinute(CAPTAIN), at(56)) == "duel-no-minutes"


def test_duel_5_1_2_the_extra_minute_after_the_time_reopens_the_discussion():
    state = time_up(play(early(given(*STARTED), 2, True), d.PickQuestion(CAPTAIN, 3)))
    assert state.phase is d.Phase.NAMING
    assert d.decide(state, d.UseExtraMinute(CAPTAIN), at(61)) == [
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(121), at(111), EARLY)]
    state = play(state, d.UseExtraMinute(CAPTAIN), at(61))
    assert state.phase is d.Phase.DISCUSSION and state.answerer is None
    assert refused(time_up(state), d.UseExtraMinute(CAPTAIN), at(122)) == "duel-no-minutes"


def test_duel_5_1_2_one_extra_minute_covers_one_blitz_mini_question():
    state = play(early(given(*STARTED), 2, True), d.PickQuestion(CAPTAIN, BLITZ))
    state = time_up(state)
    state = play(state, d.UseExtraMinute(CAPTAIN), at(20))
    assert d.timers(state)["end"] == at(80)
    state = judge_part(state, True)
    assert state.part == 1
    assert d.timers(state) == {"warning": at(90), "end": at(100)}  # the next is 20 s again


def test_duel_3_4_1_an_extra_minute_on_a_stopped_clock_keeps_it_stopped():
    state = play(early(given(*STARTED), 2, True), d.PickQuestion(CAPTAIN, 3))
    state = play(state, d.PauseClock(HOST), at(20))
    assert d.decide(state, d.UseExtraMinute(CAPTAIN), at(30)) == [
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, None, None, EARLY)]
    state = play(state, d.UseExtraMinute(CAPTAIN), at(30))
    assert state.clock.paused and state.clock.remaining == 100
    assert d.decide(state, d.ResumeClock(HOST), at(200)) == [d.ClockResumed(at(300), at(290))]


# --- DUEL-5.2: hints ---------------------------------------------------------------------


def test_duel_5_2_a_hint_only_while_the_team_is_behind_and_once_a_game():
    state = play(scored(1, 1), d.PickQuestion(CAPTAIN, 11))
    assert refused(state, d.TakeHint(CAPTAIN, d.Hint.MINUTE)) == "duel-hint-not-behind"
    state = play(scored(0, 1), d.PickQuestion(CAPTAIN, 3))
    assert refused(state, d.TakeHint(BORIS, d.Hint.MINUTE)) == "duel-hint-captain"
    assert d.decide(state, d.TakeHint(CAPTAIN, d.Hint.MINUTE), at(10)) == [
        d.HintTaken(d.Hint.MINUTE), d.TimeAdded(d.TimeReason.HINT, 60.0, at(120), at(110))]
    state = play(state, d.TakeHint(CAPTAIN, d.Hint.MINUTE), at(10))
    assert refused(state, d.TakeHint(CAPTAIN, d.Hint.CLUB), at(11)) == "duel-hint-used"


def club(state: d.DuelState, now: datetime) -> d.DuelState:
    return play(state, d.TakeHint(CAPTAIN, d.Hint.CLUB), now)


def test_duel_5_2b_club_help_stops_the_clock_until_the_host_names_the_helpers():
    state = play(scored(0, 1), d.PickQuestion(CAPTAIN, 3))
    assert d.decide(state, d.TakeHint(CAPTAIN, d.Hint.CLUB), at(20)) == [
        d.ClockPaused(40.0, "helpers"), d.HintTaken(d.Hint.CLUB)]
    state = club(state, at(20))
    assert d.timers(state) == {}
    assert refused(state, d.ResumeClock(HOST), at(30)) == "duel-helpers-pending"
    assert refused(state, d.UseExtraMinute(CAPTAIN), at(30)) == "duel-helpers-pending"
    assert d.decide(state, d.NameHelpers(HOST, (ZOE, YAN)), at(100)) == [
        d.TimeAdded(d.TimeReason.CLUB, 30.0, at(170), at(160)),
        d.HelpersNamed((ZOE, YAN), at(130))]
    state = play(state, d.NameHelpers(HOST, (ZOE, YAN)), at(100))
    assert d.timers(state) == {"end": at(170), "warning": at(160), "helpers": at(130)}
    assert d.decide(state, d.TimerFired("helpers", at(130)), at(130)) == [d.HelpersDone()]
    state = play(state, d.TimerFired("helpers", at(130)), at(130))
    assert state.helpers == () and "helpers" not in d.timers(state)


def test_duel_5_2b_club_help_after_the_time_is_a_30_second_discussion():
    state = time_up(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3)))
    state = club(state, at(61))
    assert state.phase is d.Phase.NAMING
    assert refused(state, d.NameAnswerer(CAPTAIN, BORIS), at(62)) == "duel-helpers-pending"
    state = play(state, d.NameHelpers(HOST, (ZOE,)), at(70))
    assert d.timers(state) == {"end": at(100), "warning": at(90)}


def test_duel_5_2b_club_help_with_nobody_to_help_is_withdrawn_and_the_hint_kept():
    # DUEL-8.1: nobody else is in the call; without this the game could not move on.
    state = club(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3)), at(20))
    assert d.decide(state, d.NameHelpers(CAPTAIN, ()), at(50)) == [
        d.ClubHelpWithdrawn(), d.ClockResumed(at(90), at(80))]
    state = play(state, d.NameHelpers(CAPTAIN, ()), at(50))
    assert not state.hint_used and d.timers(state) == {"end": at(90), "warning": at(80)}
    after_time = club(time_up(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3))), at(61))
    after_time = play(after_time, d.NameHelpers(HOST, ()), at(62))
    assert after_time.phase is d.Phase.NAMING and not after_time.helpers_pending


def test_duel_5_2b_the_captain_chooses_helpers_if_the_keeper_agrees():
    state = club(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3)), at(20))
    assert d.decide(state, d.NameHelpers(CAPTAIN, (ZOE,), ("zoe",)), at(21)) == [
        d.HelpersProposed((ZOE,), ("zoe",))]
    proposed = play(state, d.NameHelpers(CAPTAIN, (ZOE,), ("zoe",)), at(21))
    assert d.decide(proposed, d.AnswerHelpers(KEEPER, False), at(22)) == [d.HelpersRefused()]
    assert refused(play(proposed, d.AnswerHelpers(KEEPER, False), at(22)),
                   d.AnswerHelpers(KEEPER, True), at(23)) == "duel-no-helpers-proposed"
    assert d.decide(proposed, d.AnswerHelpers(KEEPER, True), at(22)) == [
        d.TimeAdded(d.TimeReason.CLUB, 30.0, at(92), at(82)),
        d.HelpersNamed((ZOE,), at(52), ("zoe",))]


def test_duel_5_2b_one_to_three_helpers_from_outside_the_team():
    state = club(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3)), at(20))
    assert d.decide(state, d.NameHelpers(HOST, (ZOE, YAN, 60, 61)), at(21)) == Rejection(
        "duel-helpers-count", {"count": 3})
    assert refused(state, d.NameHelpers(HOST, (ZOE, BORIS)), at(21)) == "duel-helper-invalid"
    assert refused(state, d.NameHelpers(HOST, (KEEPER,)), at(21)) == "duel-helper-invalid"


def test_duel_3_4_1_a_pause_during_club_help_keeps_the_helpers_time():
    state = club(play(scored(0, 1), d.PickQuestion(CAPTAIN, 3)), at(20))
    state = play(state, d.NameHelpers(HOST, (ZOE,)), at(100))  # helpers to 130, end at 170
    state = play(state, d.PauseClock(HOST), at(110))
    assert state.clock.remaining == 60 and state.clock.helpers_left == 20
    state = play(state, d.ResumeClock(HOST), at(200))
    assert d.timers(state) == {"end": at(260), "warning": at(250), "helpers": at(220)}


def test_duel_5_2_1_on_a_superblitz_the_playing_player_takes_the_hint():
    state = play(scored(0, 1), d.PickQuestion(CAPTAIN, SUPERBLITZ))
    state = play(state, d.NameAnswerer(CAPTAIN, VERA))
    assert d.decide(state, d.TakeHint(CAPTAIN, d.Hint.MINUTE), at(5)) == Rejection(
        "duel-hint-superblitz-player", {"name": "vera"})
    state = time_up(state)  # the minute may also come after the 20 s, before the answer
    assert state.phase is d.Phase.ANSWERING
    state = play(state, d.TakeHint(VERA, d.Hint.MINUTE), at(21))
    assert state.phase is d.Phase.DISCUSSION and state.hint_used
    assert d.decide(state, d.TimerFired("end", at(81)), at(81)) == [
        d.DiscussionEnded(), d.AnswererNamed(VERA)]


# --- DUEL-5.3: the credit minute ----------------------------------------------------------


def test_duel_5_3_credit_minute_when_the_host_has_five_after_the_time():
    state = play(scored(0, 4), d.PickQuestion(CAPTAIN, 7))
    assert refused(time_up(state), d.TakeCredit(CAPTAIN), at(61)) == "duel-credit-not-now"
    state = play(scored(1, 5), d.PickQuestion(CAPTAIN, 10))
    assert refused(state, d.TakeCredit(CAPTAIN), at(10)) == "duel-credit-after-time"
    state = time_up(state)
    assert d.decide(state, d.TakeCredit(CAPTAIN), at(61)) == [
        d.CreditTaken(10), d.TimeAdded(d.TimeReason.CREDIT, 60.0, at(121), at(111))]
    state = play(state, d.TakeCredit(CAPTAIN), at(61))
    assert state.credit_owed
    state = time_up(state)
    assert refused(state, d.TakeCredit(CAPTAIN), at(122)) == "duel-credit-used"


def test_duel_5_3_credit_after_a_hint():
    state = play(scored(1, 5), d.PickQuestion(CAPTAIN, 10))
    state = time_up(play(state, d.TakeHint(CAPTAIN, d.Hint.MINUTE), at(10)))
    assert state.phase is d.Phase.NAMING
    assert d.decide(state, d.TakeCredit(CAPTAIN), at(121))[0] == d.CreditTaken(10)


def test_duel_5_3_in_a_blitz_the_credit_covers_one_mini_question():
    state = time_up(play(scored(1, 5), d.PickQuestion(CAPTAIN, BLITZ)))
    state = play(state, d.TakeCredit(CAPTAIN), at(20))
    assert state.clock.ends_at == at(80)
    state = judge_part(state, True)
    assert state.part == 1 and d.timers(state)["end"] == at(100)


def owing(team: int = 1, start: list = STARTED) -> d.DuelState:
    """The team took the credit minute at ``team``:5 and answered right."""
    numbers = REGULAR if start is STARTED else PLAIN_REGULAR
    state = time_up(play(scored(team, 5, start), d.PickQuestion(CAPTAIN, numbers[team + 5])))
    state = time_up(play(state, d.TakeCredit(CAPTAIN), at(60)))
    state = play(state, d.NameAnswerer(CAPTAIN, BORIS))
    state = play(state, d.GiveAnswer(BORIS, "x", "unsure", "r"))
    return play(state, d.JudgeAnswer(HOST, True))


def test_duel_5_3_1_the_credit_is_repaid_by_a_question_with_no_discussion():
    state = owing()
    assert state.credit_owed and state.score == (2, 5)
    assert d.decide(state, d.PickQuestion(CAPTAIN, PICTURE, repay=True), T0) == [
        d.QuestionChosen(PICTURE, 0, repay=True), d.DiscussionEnded()]
    state = play(state, d.PickQuestion(CAPTAIN, PICTURE, repay=True))
    assert not state.credit_owed and state.phase is d.Phase.NAMING
    assert refused(state, d.UseExtraMinute(CAPTAIN)) == "duel-no-discussion-here"


def test_duel_5_3_1_repayment_is_refused_on_blitz_superblitz_and_without_a_debt():
    state = owing()
    for number in (BLITZ, SUPERBLITZ):
        assert d.decide(state, d.PickQuestion(CAPTAIN, number, repay=True), T0) == Rejection(
            "duel-repay-not-here", {"number": number, "numbers": "1, 11, 12"})
    assert refused(scored(1, 1), d.PickQuestion(CAPTAIN, 4, repay=True)) == "duel-no-debt"


def test_duel_5_3_1_the_credit_may_be_repaid_on_sector13_answered_at_once_by_all():
    # Given the credit owed (DUEL-5.3.1 excludes only blitz and superblitz).
    state = owing()
    assert SECTOR13 in state.repayable()
    # When the captain repays on sector 13: the whole team stays and answers at once,
    # without the choice of who stays.
    assert d.decide(state, d.PickQuestion(CAPTAIN, SECTOR13, repay=True), T0) == [
        d.QuestionChosen(SECTOR13, 11, repay=True), d.Sector13Chosen(d.Sector13Mode.ALL, TEAM),
        d.DiscussionEnded()]
    state = play(state, d.PickQuestion(CAPTAIN, SECTOR13, repay=True))
    assert not state.credit_owed and state.phase is d.Phase.NAMING
    assert refused(state, d.UseExtraMinute(CAPTAIN)) == "duel-no-discussion-here"
    # Then a right answer earns no minute, and a wrong one benches everyone, as "all stay".
    state = play(state, d.NameAnswerer(CAPTAIN, GLEB))
    state = play(state, d.GiveAnswer(GLEB, "x", "unsure", "r"))
    assert play(state, d.JudgeAnswer(HOST, True)).minutes == ()
    assert play(state, d.JudgeAnswer(HOST, False)).benched == TEAM


def sector13_all(state: d.DuelState, correct: bool) -> d.DuelState:
    """Sector 13 played with everyone staying, answered by Boris."""
    state = play(state, d.PickQuestion(CAPTAIN, SECTOR13))
    state = play(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL))
    state = play(state, d.NameAnswerer(CAPTAIN, BORIS))
    state = play(state, d.GiveAnswer(BORIS, "x", "unsure", "r"))
    return play(state, d.JudgeAnswer(HOST, correct))


def test_duel_5_3_1_with_five_points_and_a_debt_only_the_repayment_may_be_picked():
    state = owing(team=4, start=PLAIN)
    assert state.score == (5, 5)
    assert d.decide(state, d.PickQuestion(CAPTAIN, BLITZ), T0) == Rejection(
        "duel-must-repay", {"numbers": "12"})
    assert refused(state, d.PickQuestion(CAPTAIN, 12)) == "duel-must-repay"
    assert play(state, d.PickQuestion(CAPTAIN, 12, repay=True)).phase is d.Phase.NAMING


def test_duel_5_3_1_an_ordinary_pick_may_not_use_up_the_last_repayable_question():
    # Given the credit taken at 1:5 and the team answering ordinary questions instead of
    # repaying (the review's repro): 1 and 11 are left to repay on.
    state = owing()
    assert state.repayable() == (1, 11, 12)
    state = sector13_all(answered(state, 11, True), True)
    assert state.score == (4, 5) and state.credit_owed
    # When the captain picks the last repayable question as an ordinary one: refused.
    assert d.decide(state, d.PickQuestion(CAPTAIN, 1), T0) == Rejection(
        "duel-repay-last", {"number": 1})
    # Then blitz and superblitz stay open, and the debt can always be repaid.
    assert not isinstance(d.decide(state, d.PickQuestion(CAPTAIN, BLITZ), T0), Rejection)
    state = play(state, d.PickQuestion(CAPTAIN, 1, repay=True))
    assert not state.credit_owed


def test_duel_5_3_1_no_credit_when_it_could_not_be_repaid():
    # Given 4:5 with every ordinary question and sector 13 played but the current one (1).
    state = time_up(play(sector13_all(scored(3, 5), True), d.PickQuestion(CAPTAIN, 1)))
    assert state.repayable() == (1,)
    # When the captain asks for the credit: refused, nothing would be left to repay on.
    assert refused(state, d.TakeCredit(CAPTAIN), at(60)) == "duel-credit-no-repay"
    assert not state.time_options()["credit"]  # and the prompt does not offer it
    # Given 5:5: the question decides the game either way, so the credit is refused too.
    state = time_up(play(scored(5, 5, PLAIN), d.PickQuestion(CAPTAIN, 12)))
    assert d.decide(state, d.TakeCredit(CAPTAIN), at(60)) == Rejection(
        "duel-credit-game-point", {"points": 5})
    assert not state.time_options()["credit"]


def test_duel_5_3_1_the_team_cannot_win_with_the_debt_unpaid():
    # Given the credit taken at 1:5; when the team plays every ordinary question it is
    # allowed to, answering right, then it reaches 5 points owing and must repay to win.
    state = owing()
    for number in (BLITZ, SUPERBLITZ, 11):
        if number == BLITZ:
            state = play(state, d.PickQuestion(CAPTAIN, BLITZ))
            for _ in range(3):
                state = judge_part(state, True)
        elif number == SUPERBLITZ:
            state = play(play(state, d.PickQuestion(CAPTAIN, SUPERBLITZ)),
                         d.NameAnswerer(CAPTAIN, VERA))
            for _ in range(3):
                state = judge_part(state, True, answerer=None)
        else:
            state = answered(state, number, True)
    assert state.score == (5, 5) and state.credit_owed
    for number in state.numbers_left():
        assert refused(state, d.PickQuestion(CAPTAIN, number)) in (
            "duel-must-repay", "duel-repay-last")
    assert state.repayable() == (1, SECTOR13)


# --- DUEL-6.4: the decisive round ---------------------------------------------------------


def test_duel_6_4_decisive_round_resets_score_and_one_player_plays_for_six():
    state = scored(5, 2)
    assert d.decide(state, d.AskDecisiveRound(CAPTAIN, VERA), T0) == [
        d.DecisiveRoundStarted(VERA)]
    state = play(state, d.AskDecisiveRound(CAPTAIN, VERA))
    assert state.score == (0, 0) and state.phase is d.Phase.CHOOSING
    assert refused(state, d.PickQuestion(CAPTAIN, BLITZ)) == "duel-decisive-not-blitz"
    state = play(state, d.PickQuestion(CAPTAIN, SECTOR13))  # played as a plain question
    assert state.phase is d.Phase.DISCUSSION and state.clock.ends_at == at(60)
    assert d.decide(state, d.TimerFired("end", at(60)), at(60)) == [
        d.DiscussionEnded(), d.AnswererNamed(VERA)]
    state = play(time_up(state), d.GiveAnswer(VERA, "teen", "accept", "r"))
    assert d.decide(state, d.JudgeAnswer(HOST, True), T0) == [
        d.AnswerJudged(SECTOR13, True), d.GameWon(d.Side.TEAM)]
    won = play(state, d.JudgeAnswer(HOST, True))
    assert won.score == (6, 0) and won.winner is d.Side.TEAM
    lost = play(state, d.JudgeAnswer(HOST, False))
    assert lost.score == (0, 6) and lost.winner is d.Side.HOST


def test_duel_6_4_1_only_the_captain_of_a_team_leading_with_five_may_ask():
    assert d.decide(scored(4, 0), d.AskDecisiveRound(CAPTAIN, VERA), T0) == Rejection(
        "duel-decisive-not-now", {"points": 5})
    assert refused(owing(team=4, start=PLAIN), d.AskDecisiveRound(CAPTAIN, VERA)) == \
        "duel-decisive-not-now"
    assert refused(scored(5, 0), d.AskDecisiveRound(CAPTAIN, ZOE)) == \
        "duel-answerer-not-in-team"


def test_duel_6_4_the_decisive_round_closes_the_appeal_on_the_last_verdict():
    state = play(scored(5, 2), d.AskDecisiveRound(CAPTAIN, VERA))
    assert refused(state, d.FileAppeal(CAPTAIN)) == "duel-no-verdict-to-appeal"


def test_duel_6_4_4_early_answer_minutes_may_be_used_in_the_decisive_round():
    state = early(given(*STARTED), 2, True)
    for number in (3, 4, 5, 7):
        state = answered(state, number, True)
    state = play(state, d.AskDecisiveRound(CAPTAIN, VERA))
    state = play(state, d.PickQuestion(CAPTAIN, 8))
    assert d.decide(state, d.UseExtraMinute(CAPTAIN), at(30)) == [
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110), EARLY)]


def test_duel_6_4_4_outside_the_decisive_round_a_sector13_minute_is_spent_first():
    state = early(sector13_won(), 2, True)
    assert state.minutes == (SECTOR, EARLY)
    state = time_up(play(state, d.PickQuestion(CAPTAIN, 3)))
    assert play(state, d.UseExtraMinute(CAPTAIN), at(60)).minutes == (EARLY,)


def sector13_won() -> d.DuelState:
    """Vera alone answered sector 13 right: 1:0 and a sector 13 minute."""
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, SECTOR13))
    state = time_up(play(state, d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,))))
    state = play(state, d.GiveAnswer(VERA, "t", "a", "r"))  # Vera answers unnamed (4.2b)
    return play(state, d.JudgeAnswer(HOST, True))


def test_duel_6_4_4_a_sector13_minute_may_not_be_used_in_the_decisive_round():
    state = sector13_won()
    for number in (2, 3, 4, 5):
        state = answered(state, number, True)
    state = play(play(state, d.AskDecisiveRound(CAPTAIN, VERA)), d.PickQuestion(CAPTAIN, 7))
    assert refused(state, d.UseExtraMinute(CAPTAIN), at(30)) == "duel-no-minutes-decisive"


# --- DUEL-3.7: an overturned verdict carries its consequences -----------------------------


def test_duel_3_7_overturning_a_right_early_answer_takes_its_minute_back():
    state = early(given(*STARTED), 2, True)
    state = play(state, d.ChallengeVerdict(KEEPER))
    assert state.minutes == () and state.score == (0, 1)


def test_duel_3_7_overturning_a_wrong_sector13_frees_the_bench_and_earns_the_minute():
    state = sector13_wrong(d.Sector13Mode.ONE, (BORIS,))
    assert state.benched == (BORIS,)
    state = play(play(state, d.FileAppeal(CAPTAIN)), d.DecideAppeal(KEEPER, True))
    assert state.benched == () and state.minutes == (SECTOR,) and state.score == (1, 0)


def test_events_of_special_questions_survive_the_json_codec():
    events = [
        *STARTED, d.QuestionMarked(d.Special.BLITZ, 5), d.QuestionChosen(3, 2, repay=True),
        d.Sector13Chosen(d.Sector13Mode.THREE, (BORIS, VERA, GLEB)), d.SoloNamed(VERA),
        d.PartStarted(1), d.DiscussionStarted(at(20), None, None, 20.0),
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(80), at(70), EARLY),
        d.TimeAdded(d.TimeReason.CREDIT, 60.0, None, None), d.HintTaken(d.Hint.CLUB),
        d.HelpersNamed((ZOE,), at(30)), d.PartJudged(6, 2, False), d.DecisiveRoundStarted(VERA),
        d.CreditTaken(4), d.EarlyAnswerDeclared(), d.HelpersProposed((ZOE, YAN)),
        d.PackageAttached(3, (0, 1), (0,), (1,), (1,), (), ()),
    ]
    for ev in events:
        assert decode(ev.kind, encode(ev)) == ev
