"""The DUEL decider's special questions, hints, credit and decisive round: given events /
when action / then events. Each test names its clause (RULES.md DUEL-4.2 … 6.4.4)."""

from __future__ import annotations

from datetime import datetime

import pytest

from rules import duel as d
from rules.base import decode, encode
from rules.roster import KeeperNamed, PlayerJoined, TeamRegistered
from tests.unit.duel_steps import (
    BORIS,
    CAPTAIN,
    GLEB,
    HOST,
    KEEPER,
    T0,
    VERA,
    YAN,
    ZOE,
    Story,
    at,
    given,
)

TEAM = (CAPTAIN, BORIS, VERA, GLEB)
EARLY, SECTOR = d.MinuteSource.EARLY, d.MinuteSource.SECTOR13
# The package: index 0 has a picture, 5 is a labelled blitz, 8 a labelled superblitz, 13 an
# unlabelled three-part question, 11 is labelled sector 13. In the default set (indices 0..11)
# that is picture 1, blitz 6, superblitz 9, sector 13 number 12.
CREATED = d.GameCreated(HOST, "host", 1, tuple(range(15)), 60.0, 50.0, 6, 12, 3,
                        pictures=(0, 3), triples=(5, 8, 13), blitzes=(5,), superblitzes=(8,),
                        sectors13=(11,))
LOBBY = given(
    CREATED,
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    PlayerJoined(100, VERA, "vera"),
    PlayerJoined(100, GLEB, "gleb"),
    KeeperNamed(KEEPER, "ksenia"),
)
STARTED = LOBBY.told(d.GameStarted(tuple(range(12)), picture=1, sector13=12, blitz=6,
                                   superblitz=9))
PICTURE, BLITZ, SUPERBLITZ, SECTOR13 = 1, 6, 9, 12
REGULAR = (2, 3, 4, 5, 7, 8, 10, 11, 1)
# A set started without sector 13 and superblitz (DUEL-8.1), for long games of plain questions.
PLAIN = LOBBY.told(d.GameStarted(tuple(range(12)), picture=1, blitz=6))
PLAIN_REGULAR = (1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12)
EXTRA = d.UseExtraMinute(CAPTAIN)


def scored(team: int, host: int, start: Story = STARTED) -> Story:
    """A started game at ``team``:``host``, played on the regular questions."""
    numbers = REGULAR if start is STARTED else PLAIN_REGULAR
    story = start.played(*[True] * team, *[False] * host, numbers=numbers)
    assert story.score == (team, host)
    return story


def judge_part(story: Story, correct: bool, by: int = BORIS, name: bool = True) -> Story:
    """One mini-question: its 20 s run out (unless they have), ``by`` named (unless the bot
    names them: ``name`` False) and answering, the verdict given when the time ran out."""
    now = story.timers["end"] if story.timers else T0
    if story.timers:
        story = story.time_up()
    if name:
        story = story.does(d.NameAnswerer(CAPTAIN, by), now)
    story = story.does(d.GiveAnswer(by, "ответ", "unsure", "r"), now)
    return story.does(d.JudgeAnswer(HOST, correct), now)


def sector13_wrong(mode: d.Sector13Mode, players: tuple[int, ...] = ()) -> Story:
    """Sector 13 played with ``mode`` (``players`` staying) and answered wrong by the first
    who stayed."""
    story = STARTED.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, mode, players))
    if story.timers:
        story = story.time_up()
    answerer = (players or TEAM)[0]
    if mode is not d.Sector13Mode.ONE:  # a single player who stayed is named by the bot
        story = story.does(d.NameAnswerer(CAPTAIN, answerer))
    story = story.does(d.GiveAnswer(answerer, "нет", "reject", "r"))
    return story.does(d.JudgeAnswer(HOST, False))


def early(story: Story, number: int, correct: bool) -> Story:
    """Question ``number`` answered early (declared at 2 s) by Boris, judged ``correct``."""
    story = story.does(d.PickQuestion(CAPTAIN, number)).does(d.DeclareEarly(CAPTAIN), 2)
    story = story.does(d.NameAnswerer(CAPTAIN, BORIS))
    story = story.does(d.GiveAnswer(BORIS, "ответ", "accept", "r"))
    return story.does(d.JudgeAnswer(HOST, correct))


def minute_spent(story: Story, source: d.MinuteSource, number: int = 3) -> Story:
    """Asserts that the team has a stored minute from ``source`` to spend on question
    ``number`` (DUEL-5.1.2): it adds a minute from the deadline."""
    story = story.does(d.PickQuestion(CAPTAIN, number))
    return story.when(EXTRA, at=30).then(
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110), source))


def no_minute(story: Story, number: int = 3) -> Story:
    """Asserts that the team has no stored minute to spend on question ``number``."""
    return story.does(d.PickQuestion(CAPTAIN, number)).when(EXTRA, at=30).then_rejected(
        "duel-no-minutes")


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


def named(story: Story, number: int, player: int) -> Story:
    """Question ``number`` picked and its minute run out; the captain names ``player``
    (asserted accepted)."""
    story = story.does(d.PickQuestion(CAPTAIN, number)).time_up()
    return story.when(d.NameAnswerer(CAPTAIN, player), at=60).then(d.AnswererNamed(player))


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


def time_up_named(story: Story) -> Story:
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


# --- DUEL-5.1: early answer and extra minutes ---------------------------------------------


def test_duel_5_1_1_early_answer_is_declared_within_the_first_5_seconds():
    story = STARTED.picked(2)
    story.when(d.DeclareEarly(CAPTAIN), at=5).then(d.EarlyAnswerDeclared(), d.DiscussionEnded())
    story.when(d.DeclareEarly(CAPTAIN), at=6).then_rejected("duel-early-too-late", seconds=5)


def test_duel_5_1_early_answer_is_not_for_sector13_or_a_mini_question():
    story = STARTED.picked(SECTOR13).does(
        d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (BORIS,)))
    story.when(d.DeclareEarly(CAPTAIN), at=1).then_rejected("duel-early-not-here")


def test_duel_5_1_after_an_early_answer_no_time_can_be_added():
    story = early(STARTED, 2, True).picked(3).does(
        d.DeclareEarly(CAPTAIN), 1)
    story.when(EXTRA, at=2).then_rejected("duel-no-discussion-here")


def test_duel_5_1_2_a_right_early_answer_earns_a_stored_minute():
    minute_spent(early(STARTED, 2, True), EARLY)
    no_minute(early(STARTED, 2, False))


def test_duel_5_1_2_the_extra_minute_extends_the_clock_and_warns_again():
    story = early(STARTED, 2, True).picked(3)
    story = story.does(d.TimerFired("warning", at(50)), 50)
    story.when(EXTRA, at=55).then(d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110), EARLY))
    story = story.does(d.UseExtraMinute(HOST), 55)
    assert story.timers == {"warning": at(110), "end": at(120)}
    story.when(EXTRA, at=56).then_rejected("duel-no-minutes")


def test_duel_5_1_2_the_extra_minute_after_the_time_reopens_the_discussion():
    story = early(STARTED, 2, True).picked(3).time_up()
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=61).then(d.AnswererNamed(BORIS))
    story = story.when(EXTRA, at=61).then(
        d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(121), at(111), EARLY))
    # The discussion runs again, and nobody is named until it ends.
    assert story.timers == {"warning": at(111), "end": at(121)}
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=62).then_rejected("duel-not-naming")
    story.time_up().when(EXTRA, at=122).then_rejected("duel-no-minutes")


def test_duel_5_1_2_one_extra_minute_covers_one_blitz_mini_question():
    story = early(STARTED, 2, True).picked(BLITZ).time_up()
    story = story.does(EXTRA, 20)
    assert story.timers["end"] == at(80)
    story = story.time_up().does(d.NameAnswerer(CAPTAIN, BORIS), 80).does(
        d.GiveAnswer(BORIS, "x", "unsure", "r"), 80)
    story = story.when(d.JudgeAnswer(HOST, True), at=80).then_starts_with(
        d.PartJudged(BLITZ, 0, True), d.PartStarted(1))
    story = story.does(d.QuestionDelivered(BLITZ, 1, at(80)), 80)
    assert story.timers == {"warning": at(90), "end": at(100)}  # the next is 20 s again


def test_duel_3_4_1_an_extra_minute_on_a_stopped_clock_keeps_it_stopped():
    story = early(STARTED, 2, True).picked(3).does(d.PauseClock(HOST), 20)
    story = story.when(EXTRA, at=30).then(d.TimeAdded(d.TimeReason.EXTRA, 60.0, None, None,
                                                      EARLY))
    assert story.timers == {}
    # 40 s were left at the pause, 100 s are left now.
    story.when(d.ResumeClock(HOST), at=200).then(d.ClockResumed(at(300), at(290)))


# --- DUEL-5.2: hints ---------------------------------------------------------------------


def test_duel_5_2_a_hint_only_while_the_team_is_behind_and_once_a_game():
    scored(1, 1).picked(11).when(
        d.TakeHint(CAPTAIN, d.Hint.MINUTE)).then_rejected("duel-hint-not-behind")
    story = scored(0, 1).picked(3)
    story.when(d.TakeHint(BORIS, d.Hint.MINUTE)).then_rejected("duel-hint-captain")
    story = story.when(d.TakeHint(CAPTAIN, d.Hint.MINUTE), at=10).then(
        d.HintTaken(d.Hint.MINUTE), d.TimeAdded(d.TimeReason.HINT, 60.0, at(120), at(110)))
    story.when(d.TakeHint(CAPTAIN, d.Hint.CLUB), at=11).then_rejected("duel-hint-used")


def club(story: Story, now: datetime) -> Story:
    """The captain took club help at ``now``."""
    return story.does(d.TakeHint(CAPTAIN, d.Hint.CLUB), now)


def test_duel_5_2b_club_help_stops_the_clock_until_the_host_names_the_helpers():
    story = scored(0, 1).picked(3)
    story = story.when(d.TakeHint(CAPTAIN, d.Hint.CLUB), at=20).then(
        d.ClockPaused(40.0, "helpers"), d.HintTaken(d.Hint.CLUB))
    assert story.timers == {}
    story.when(d.ResumeClock(HOST), at=30).then_rejected("duel-helpers-pending")
    story.when(EXTRA, at=30).then_rejected("duel-helpers-pending")
    story = story.when(d.NameHelpers(HOST, (ZOE, YAN)), at=100).then(
        d.TimeAdded(d.TimeReason.CLUB, 30.0, at(170), at(160)),
        d.HelpersNamed((ZOE, YAN), at(130)))
    assert story.timers == {"end": at(170), "warning": at(160), "helpers": at(130)}
    story = story.when(d.TimerFired("helpers", at(130)), at=130).then(d.HelpersDone())
    assert story.timers == {"end": at(170), "warning": at(160)}


def test_duel_5_2b_club_help_after_the_time_is_a_30_second_discussion():
    story = scored(0, 1).picked(3).time_up()
    # No clock runs to be stopped.
    story = story.when(d.TakeHint(CAPTAIN, d.Hint.CLUB), at=61).then(d.HintTaken(d.Hint.CLUB))
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=62).then_rejected("duel-helpers-pending")
    story = story.does(d.NameHelpers(HOST, (ZOE,)), 70)
    assert story.timers == {"end": at(100), "warning": at(90)}


def test_duel_5_2b_club_help_with_nobody_to_help_is_withdrawn_and_the_hint_kept():
    # DUEL-8.1: nobody else is in the call; without this the game could not move on.
    story = club(scored(0, 1).picked(3), at(20))
    story = story.when(d.NameHelpers(CAPTAIN, ()), at=50).then(
        d.ClubHelpWithdrawn(), d.ClockResumed(at(90), at(80)))
    assert story.timers == {"end": at(90), "warning": at(80)}
    story.when(d.TakeHint(CAPTAIN, d.Hint.MINUTE), at=51).then_starts_with(
        d.HintTaken(d.Hint.MINUTE))
    after_time = club(scored(0, 1).picked(3).time_up(), at(61))
    after_time = after_time.does(d.NameHelpers(HOST, ()), 62)
    # The game goes on after the time: the captain names the answerer.
    after_time.when(d.NameAnswerer(CAPTAIN, BORIS), at=63).then(d.AnswererNamed(BORIS))


def test_duel_5_2b_the_captain_chooses_helpers_if_the_keeper_agrees():
    story = club(scored(0, 1).picked(3), at(20))
    proposed = story.when(d.NameHelpers(CAPTAIN, (ZOE,), ("zoe",)), at=21).then(
        d.HelpersProposed((ZOE,), ("zoe",)))
    refused = proposed.when(d.AnswerHelpers(KEEPER, False), at=22).then(d.HelpersRefused())
    refused.when(d.AnswerHelpers(KEEPER, True), at=23).then_rejected(
        "duel-no-helpers-proposed")
    proposed.when(d.AnswerHelpers(KEEPER, True), at=22).then(
        d.TimeAdded(d.TimeReason.CLUB, 30.0, at(92), at(82)),
        d.HelpersNamed((ZOE,), at(52), ("zoe",)))


def test_duel_5_2b_one_to_three_helpers_from_outside_the_team():
    story = club(scored(0, 1).picked(3), at(20))
    story.when(d.NameHelpers(HOST, (ZOE, YAN, 60, 61)), at=21).then_rejected(
        "duel-helpers-count", count=3)
    story.when(d.NameHelpers(HOST, (ZOE, BORIS)), at=21).then_rejected("duel-helper-invalid")
    story.when(d.NameHelpers(HOST, (KEEPER,)), at=21).then_rejected("duel-helper-invalid")


def test_duel_3_4_1_a_pause_during_club_help_keeps_the_helpers_time():
    story = club(scored(0, 1).picked(3), at(20))
    story = story.does(d.NameHelpers(HOST, (ZOE,)), 100)  # helpers to 130, end at 170
    story = story.when(d.PauseClock(HOST), at=110).then(d.ClockPaused(60.0, "host"))
    # The 20 s of helpers left run from the resumption.
    story = story.does(d.ResumeClock(HOST), 200)
    assert story.timers == {"end": at(260), "warning": at(250), "helpers": at(220)}


def test_duel_5_2_1_on_a_superblitz_the_playing_player_takes_the_hint():
    story = scored(0, 1).picked(SUPERBLITZ).does(
        d.NameAnswerer(CAPTAIN, VERA))
    story.when(d.TakeHint(CAPTAIN, d.Hint.MINUTE), at=5).then_rejected(
        "duel-hint-superblitz-player", name="vera")
    # The minute may also come after the 20 s, before the answer.
    story = story.when(d.TimerFired("end", at(20)), at=20).then(
        d.DiscussionEnded(), d.AnswererNamed(VERA))
    story = story.when(d.TakeHint(VERA, d.Hint.MINUTE), at=21).then(
        d.HintTaken(d.Hint.MINUTE), d.TimeAdded(d.TimeReason.HINT, 60.0, at(81), at(71)))
    assert story.timers == {"end": at(81), "warning": at(71)}
    story.when(d.TakeHint(VERA, d.Hint.CLUB), at=22).then_rejected("duel-hint-used")
    story.when(d.TimerFired("end", at(81)), at=81).then(d.DiscussionEnded(),
                                                        d.AnswererNamed(VERA))


# --- DUEL-5.3: the credit minute ----------------------------------------------------------


def test_duel_5_3_credit_minute_when_the_host_has_five_after_the_time():
    scored(0, 4).picked(7).time_up().when(
        d.TakeCredit(CAPTAIN), at=61).then_rejected("duel-credit-not-now")
    story = scored(1, 5).picked(10)
    story.when(d.TakeCredit(CAPTAIN), at=10).then_rejected("duel-credit-after-time")
    story = story.time_up().when(d.TakeCredit(CAPTAIN), at=61).then(
        d.CreditTaken(10), d.TimeAdded(d.TimeReason.CREDIT, 60.0, at(121), at(111)))
    story.time_up().when(d.TakeCredit(CAPTAIN), at=122).then_rejected("duel-credit-used")


def test_duel_5_3_credit_after_a_hint():
    story = scored(1, 5).picked(10).does(
        d.TakeHint(CAPTAIN, d.Hint.MINUTE), 10)
    story = story.when(d.TimerFired("end", at(120)), at=120).then(d.DiscussionEnded())
    story.when(d.TakeCredit(CAPTAIN), at=121).then_starts_with(d.CreditTaken(10))


def test_duel_5_3_in_a_blitz_the_credit_covers_one_mini_question():
    story = scored(1, 5).picked(BLITZ).time_up()
    story = story.does(d.TakeCredit(CAPTAIN), 20)
    assert story.timers["end"] == at(80)
    story = story.time_up().does(d.NameAnswerer(CAPTAIN, BORIS), 80).does(
        d.GiveAnswer(BORIS, "x", "unsure", "r"), 80)
    story = story.when(d.JudgeAnswer(HOST, True), at=80).then_starts_with(
        d.PartJudged(BLITZ, 0, True), d.PartStarted(1))
    assert story.does(d.QuestionDelivered(BLITZ, 1, at(80)), 80).timers["end"] == at(100)


def owing(team: int = 1, start: Story = STARTED) -> Story:
    """The team took the credit minute at ``team``:5 and answered right."""
    numbers = REGULAR if start is STARTED else PLAIN_REGULAR
    story = scored(team, 5, start).does(d.PickQuestion(CAPTAIN, numbers[team + 5])).time_up()
    story = story.does(d.TakeCredit(CAPTAIN), 60).time_up()
    story = story.does(d.NameAnswerer(CAPTAIN, BORIS))
    story = story.does(d.GiveAnswer(BORIS, "x", "unsure", "r"))
    return story.does(d.JudgeAnswer(HOST, True))


def test_duel_5_3_1_the_credit_is_repaid_by_a_question_with_no_discussion():
    story = owing()
    assert story.score == (2, 5)
    story = story.when(d.PickQuestion(CAPTAIN, PICTURE, repay=True)).then(
        d.QuestionChosen(PICTURE, 0, repay=True), d.DiscussionEnded())
    story.when(EXTRA).then_rejected("duel-no-discussion-here")
    # The captain names the answerer at once; once judged, nothing is owed.
    story = story.when(d.NameAnswerer(CAPTAIN, BORIS)).then(d.AnswererNamed(BORIS))
    story = story.does(d.GiveAnswer(BORIS, "x", "unsure", "r")).does(d.JudgeAnswer(HOST, True))
    story.when(d.PickQuestion(CAPTAIN, 11, repay=True)).then_rejected("duel-no-debt")


def test_duel_5_3_1_repayment_is_refused_on_blitz_superblitz_and_without_a_debt():
    story = owing()
    for number in (BLITZ, SUPERBLITZ):
        story.when(d.PickQuestion(CAPTAIN, number, repay=True)).then_rejected(
            "duel-repay-not-here", number=number, numbers="1, 11, 12")
    scored(1, 1).when(d.PickQuestion(CAPTAIN, 4, repay=True)).then_rejected("duel-no-debt")


def test_duel_5_3_1_the_credit_may_be_repaid_on_sector13_answered_at_once_by_all():
    # Given the credit owed (DUEL-5.3.1 excludes only blitz and superblitz).
    story = owing()
    assert SECTOR13 in story.state.repayable()
    # When the captain repays on sector 13: the whole team stays and answers at once,
    # without the choice of who stays.
    story = story.when(d.PickQuestion(CAPTAIN, SECTOR13, repay=True)).then(
        d.QuestionChosen(SECTOR13, 11, repay=True), d.Sector13Chosen(d.Sector13Mode.ALL, TEAM),
        d.DiscussionEnded())
    story.when(EXTRA).then_rejected("duel-no-discussion-here")
    # Then a right answer earns no minute and repays; a wrong one ends the game 2:6 (the
    # bench it leaves, as after any "all stay", is DUEL-4.2b's test above).
    story = story.when(d.NameAnswerer(CAPTAIN, GLEB)).then(d.AnswererNamed(GLEB))
    story = story.does(d.GiveAnswer(GLEB, "x", "unsure", "r"))
    right = story.does(d.JudgeAnswer(HOST, True))
    right.when(d.PickQuestion(CAPTAIN, 11, repay=True)).then_rejected("duel-no-debt")
    no_minute(right, 11)
    story.when(d.JudgeAnswer(HOST, False)).then(d.AnswerJudged(SECTOR13, False),
                                                 d.GameWon(d.Side.HOST))


def sector13_all(story: Story, correct: bool) -> Story:
    """Sector 13 played with everyone staying, answered by Boris."""
    story = story.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ALL))
    story = story.does(d.NameAnswerer(CAPTAIN, BORIS))
    story = story.does(d.GiveAnswer(BORIS, "x", "unsure", "r"))
    return story.does(d.JudgeAnswer(HOST, correct))


def test_duel_5_3_1_with_five_points_and_a_debt_only_the_repayment_may_be_picked():
    story = owing(team=4, start=PLAIN)
    assert story.score == (5, 5)
    story.when(d.PickQuestion(CAPTAIN, BLITZ)).then_rejected("duel-must-repay", numbers="12")
    story.when(d.PickQuestion(CAPTAIN, 12)).then_rejected("duel-must-repay")
    story.when(d.PickQuestion(CAPTAIN, 12, repay=True)).then(
        d.QuestionChosen(12, 11, repay=True), d.DiscussionEnded())


def test_duel_5_3_1_an_ordinary_pick_may_not_use_up_the_last_repayable_question():
    # Given the credit taken at 1:5 and the team answering ordinary questions instead of
    # repaying (the review's repro): 1 and 11 are left to repay on.
    story = owing()
    story.when(d.PickQuestion(CAPTAIN, BLITZ, repay=True)).then_rejected(
        "duel-repay-not-here", number=BLITZ, numbers="1, 11, 12")
    story = sector13_all(story.answered(11, True), True)
    assert story.score == (4, 5)
    # When the captain picks the last repayable question as an ordinary one: refused.
    story.when(d.PickQuestion(CAPTAIN, 1)).then_rejected("duel-repay-last", number=1)
    # Then blitz and superblitz stay open, and the debt can always be repaid.
    story.when(d.PickQuestion(CAPTAIN, BLITZ)).then_accepted()
    story.when(d.PickQuestion(CAPTAIN, 1, repay=True)).then(
        d.QuestionChosen(1, 0, repay=True), d.DiscussionEnded())


def test_duel_5_3_1_no_credit_when_it_could_not_be_repaid():
    # Given 4:5 with every ordinary question and sector 13 played but the current one (1).
    story = sector13_all(scored(3, 5), True).picked(1).time_up()
    assert story.state.repayable() == (1,)
    # When the captain asks for the credit: refused, nothing would be left to repay on.
    story.when(d.TakeCredit(CAPTAIN), at=60).then_rejected("duel-credit-no-repay")
    assert not story.state.time_options()["credit"]  # and the prompt does not offer it
    # Given 5:5: the question decides the game either way, so the credit is refused too.
    story = scored(5, 5, PLAIN).picked(12).time_up()
    story.when(d.TakeCredit(CAPTAIN), at=60).then_rejected("duel-credit-game-point", points=5)
    assert not story.state.time_options()["credit"]


def test_duel_5_3_1_the_team_cannot_win_with_the_debt_unpaid():
    # Given the credit taken at 1:5; when the team plays every ordinary question it is
    # allowed to, answering right, then it reaches 5 points owing and must repay to win.
    story = owing().picked(BLITZ)
    for _ in range(3):
        story = judge_part(story, True)
    story = story.picked(SUPERBLITZ).does(d.NameAnswerer(CAPTAIN, VERA))
    for _ in range(3):
        story = judge_part(story, True, by=VERA, name=False)
    story = story.answered(11, True)
    assert story.score == (5, 5)
    for number in story.state.numbers_left():
        outcome = story.when(d.PickQuestion(CAPTAIN, number))
        assert outcome.decision.reason in ("duel-must-repay", "duel-repay-last"), outcome
    story.when(d.PickQuestion(CAPTAIN, 1)).then_rejected("duel-must-repay", numbers="1, 12")


# --- DUEL-6.4: the decisive round ---------------------------------------------------------


def test_duel_6_4_decisive_round_resets_score_and_one_player_plays_for_six():
    story = scored(5, 2).when(d.AskDecisiveRound(CAPTAIN, VERA)).then(
        d.DecisiveRoundStarted(VERA))
    assert story.score == (0, 0)
    story.when(d.PickQuestion(CAPTAIN, BLITZ)).then_rejected("duel-decisive-not-blitz")
    # Sector 13 is played as a plain question: read at once, a minute.
    story.when(d.PickQuestion(CAPTAIN, SECTOR13)).then(
        d.QuestionChosen(SECTOR13, 11), d.QuestionSent(60.0, early=True))
    story = story.picked(SECTOR13)
    assert story.timers == {"warning": at(50), "end": at(60)}
    story = story.when(d.TimerFired("end", at(60)), at=60).then(
        d.DiscussionEnded(), d.AnswererNamed(VERA))
    story = story.does(d.GiveAnswer(VERA, "teen", "accept", "r"))
    won = story.when(d.JudgeAnswer(HOST, True)).then(d.AnswerJudged(SECTOR13, True),
                                                     d.GameWon(d.Side.TEAM))
    assert won.score == (6, 0)
    lost = story.when(d.JudgeAnswer(HOST, False)).then(d.AnswerJudged(SECTOR13, False),
                                                       d.GameWon(d.Side.HOST))
    assert lost.score == (0, 6)


def test_duel_6_4_1_only_the_captain_of_a_team_leading_with_five_may_ask():
    scored(4, 0).when(d.AskDecisiveRound(CAPTAIN, VERA)).then_rejected(
        "duel-decisive-not-now", points=5)
    owing(team=4, start=PLAIN).when(d.AskDecisiveRound(CAPTAIN, VERA)).then_rejected(
        "duel-decisive-not-now")
    scored(5, 0).when(d.AskDecisiveRound(CAPTAIN, ZOE)).then_rejected(
        "duel-answerer-not-in-team")


def test_duel_6_4_the_decisive_round_closes_the_appeal_on_the_last_verdict():
    scored(5, 2).does(d.AskDecisiveRound(CAPTAIN, VERA)).when(d.FileAppeal(CAPTAIN)
                                                              ).then_rejected(
        "duel-no-verdict-to-appeal")


def test_duel_6_4_4_early_answer_minutes_may_be_used_in_the_decisive_round():
    story = early(STARTED, 2, True)
    for number in (3, 4, 5, 7):
        story = story.answered(number, True)
    story = story.does(d.AskDecisiveRound(CAPTAIN, VERA)).picked(8)
    story.when(EXTRA, at=30).then(d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120), at(110),
                                              EARLY))


def test_duel_6_4_4_outside_the_decisive_round_a_sector13_minute_is_spent_first():
    story = early(sector13_won(), 2, True).picked(3).time_up()
    story = story.when(EXTRA, at=60).then(d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(120),
                                                      at(110), SECTOR))
    story = story.when(EXTRA, at=61).then(d.TimeAdded(d.TimeReason.EXTRA, 60.0, at(180),
                                                      at(170), EARLY))
    story.when(EXTRA, at=62).then_rejected("duel-no-minutes")


def sector13_won() -> Story:
    """Vera alone answered sector 13 right: 1:0 and a sector 13 minute."""
    story = STARTED.picked(SECTOR13)
    story = story.does(d.ChooseSector13(CAPTAIN, d.Sector13Mode.ONE, (VERA,))).time_up()
    story = story.does(d.GiveAnswer(VERA, "t", "a", "r"))  # Vera answers unnamed (4.2b)
    return story.does(d.JudgeAnswer(HOST, True))


def test_duel_6_4_4_a_sector13_minute_may_not_be_used_in_the_decisive_round():
    story = sector13_won()
    for number in (2, 3, 4, 5):
        story = story.answered(number, True)
    story = story.does(d.AskDecisiveRound(CAPTAIN, VERA)).picked(7)
    story.when(EXTRA, at=30).then_rejected("duel-no-minutes-decisive")


# --- DUEL-3.7: an overturned verdict carries its consequences -----------------------------


def test_duel_3_7_overturning_a_right_early_answer_takes_its_minute_back():
    story = early(STARTED, 2, True).does(d.ChallengeVerdict(KEEPER))
    assert story.score == (0, 1)
    no_minute(story)


def test_duel_3_7_overturning_a_wrong_sector13_frees_the_bench_and_earns_the_minute():
    story = sector13_wrong(d.Sector13Mode.ONE, (BORIS,))
    story.picked(2).time_up().when(
        d.NameAnswerer(CAPTAIN, BORIS), at=60).then_rejected("duel-answerer-benched")
    story = story.does(d.FileAppeal(CAPTAIN)).does(d.DecideAppeal(KEEPER, True))
    assert story.score == (1, 0)
    named(story, 2, BORIS)
    minute_spent(story, SECTOR, 2)


def test_events_of_special_questions_survive_the_json_codec():
    events = [
        *STARTED.events, d.QuestionMarked(d.Special.BLITZ, 5), d.QuestionChosen(3, 2, repay=True),
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
