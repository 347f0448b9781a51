"""The DUEL decider's early answers and extra minutes, hints, credit minute and decisive
round, and what an overturned verdict carries with it: given events / when action / then
events. Each test names its clause (RULES.md DUEL-5.1 … 6.4.4, 3.7); the set and the special
questions are in ``test_duel_special.py``."""

from __future__ import annotations

from datetime import datetime

from rules import duel as d
from rules.base import decode, encode
from tests.unit.duel_special_steps import (
    BLITZ,
    EARLY,
    EXTRA,
    PICTURE,
    PLAIN,
    PLAIN_REGULAR,
    REGULAR,
    SECTOR,
    SECTOR13,
    STARTED,
    SUPERBLITZ,
    TEAM,
    early,
    judge_part,
    minute_spent,
    named,
    no_minute,
    scored,
    sector13_wrong,
)
from tests.unit.duel_steps import BORIS, CAPTAIN, GLEB, HOST, KEEPER, VERA, YAN, ZOE, DuelStory
from tests.unit.story import at

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


def club(story: DuelStory, now: datetime) -> DuelStory:
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


def owing(team: int = 1, start: DuelStory = STARTED) -> DuelStory:
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


def sector13_all(story: DuelStory, correct: bool) -> DuelStory:
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


def sector13_won() -> DuelStory:
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
