"""TV-5 in the decider: the club tables hand in written answers within the central table's
minute, judged with the grouped queue after the round; and the clock (pause and resume by
the host, deadlines missed while the bot was down) stopping the club tables' minute too."""

from __future__ import annotations

from rules import tv
from rules.clock import ClockPaused, ClockResumed
from rules.judging import AnswerQueued, GroupDecided, QueuedAnswer, Suggestion, Verdict
from rules.written import AnswerHandedIn, DeadlineMoved, HandIn, WindowClosed
from tests.unit.story import at
from tests.unit.tv_steps import CAPTAINS, HOST, LOBBY, A, B, C, D

STARTED = LOBBY.started(B)
PLAYING = STARTED.envelope(3)
"""Бета at the central table; envelope 3 delivered at T0, the minute runs to 60 s."""


def test_tv_5_any_member_of_a_club_table_hands_in_within_the_minute():
    story = PLAYING.when(HandIn(31, "Пушкин", at(20)), at=20).then(
        AnswerHandedIn(C, 31, "Пушкин", at(20)))
    # The team's last answer counts.
    story.when(HandIn(30, "Лермонтов", at(55)), at=55).then(
        AnswerHandedIn(C, 30, "Лермонтов", at(55), True))


def test_tv_5_an_answer_after_the_minute_is_refused():
    PLAYING.when(HandIn(41, "Пушкин", at(62)), at=62).then_rejected(
        "answer-late", sent="19:01:02", deadline="19:01:00", seconds=2)
    closed = PLAYING.time_up().close_club()
    closed.when(HandIn(41, "Пушкин", at(60)), at=62).then_rejected(
        "answer-window-closed", number=3)


def test_tv_5_the_window_closes_at_the_end_of_the_minute_plus_grace():
    story = PLAYING.club({C: "Пушкин"}).time_up()
    assert story.timers == {"written-close": at(61)}
    story.when(tv.TimerFired("written-close", at(61)), at=61).then(
        WindowClosed(3, at(61), None, 1))


def test_tv_5_the_host_may_close_the_window_early():
    story = PLAYING.club({A: "a", C: "c", D: "d"})
    story.when(tv.CloseClubAnswers(HOST), at=30).then(WindowClosed(3, at(30), HOST, 3))


def test_tv_5_club_answers_are_queued_once_the_window_closed_and_grouped():
    story = PLAYING.club({A: "Пушкин", C: "пушкин", D: "Гоголь"})
    queued = (QueuedAnswer(A, "Пушкин", "пушкин", Suggestion.ACCEPT, "r"),)
    story.when(tv.QueueClubAnswers(3, queued)).then_rejected("tv-club-window-open", number=3)
    story = story.time_up().close_club().queue()
    groups = story.state.judgings[3].groups
    assert {k: tuple(g.teams) for k, g in groups.items()} == {"пушкин": (A, C), "гоголь": (D,)}
    # One verdict for the group: every team in it.
    story = story.judged({"пушкин": True})
    judging = story.state.judgings[3]
    assert judging.verdict_of(A) is judging.verdict_of(C) is Verdict.ACCEPT


def test_tv_5_a_later_answer_with_a_decided_key_gets_the_remembered_verdict():
    story = PLAYING.club({A: "Пушкин"}).time_up().close_club().queue().judged({"пушкин": True})
    late = (QueuedAnswer(C, "ПУШКИН", "пушкин", Suggestion.UNSURE, "r"),)
    story.when(tv.QueueClubAnswers(3, late)).then(
        AnswerQueued(C, "ПУШКИН", "пушкин", Suggestion.UNSURE, "r", {}, Verdict.ACCEPT, A))


def test_tv_5_the_host_judges_an_earlier_questions_club_answers_later():
    story = PLAYING.club({A: "Пушкин"}).time_up().close_club().queue().answered(True)
    story = story.round(5, True, {A: "Гоголь"}, {"гоголь": False})
    story = story.when(tv.JudgeClubAnswers(HOST, 3, "пушкин", Verdict.ACCEPT)).then(
        tv.ClubJudgingOf(3), GroupDecided("пушкин", Verdict.ACCEPT, HOST, A))
    assert story.state.judgings[3].verdict_of(A) is Verdict.ACCEPT
    assert story.state.judgings[5].verdict_of(A) is Verdict.REJECT
    story.when(tv.JudgeClubAnswers(HOST, 9, "x", Verdict.ACCEPT)).then_rejected(
        "tv-no-club-answers", number=9)


def test_tv_2_the_host_pauses_and_resumes_the_minute_and_the_club_deadline_moves_with_it():
    story = PLAYING.when(tv.PauseClock(HOST), at=20).then(ClockPaused(40.0, "host"))
    assert story.timers == {}
    # While the clock is stopped no club answer is late.
    story = story.when(HandIn(31, "Пушкин", at(100)), at=100).then(
        AnswerHandedIn(C, 31, "Пушкин", at(100)))
    story = story.when(tv.ResumeClock(HOST), at=200).then(
        ClockResumed(at(240), at(230)), DeadlineMoved(at(240)))
    assert story.timers == {"warning": at(230), "end": at(240), "written-close": at(241)}
    STARTED.when(tv.PauseClock(HOST)).then_rejected("duel-clock-not-running")
    PLAYING.when(tv.ResumeClock(HOST)).then_rejected("duel-clock-not-paused")


def test_tv_2_a_deadline_missed_while_the_bot_was_down_stops_the_clock():
    story = PLAYING.when(tv.MissedDeadlines(), at=75).then(ClockPaused(0.0, "downtime"))
    assert story.timers == {}
    story.when(tv.ResumeClock(HOST), at=90).then(tv.DiscussionEnded())
    PLAYING.when(tv.MissedDeadlines(), at=30).then()


def test_tv_5_a_missed_close_after_the_minute_closes_the_window():
    story = PLAYING.club({C: "Пушкин"}).time_up()
    story.when(tv.MissedDeadlines(), at=90).then(WindowClosed(3, at(90), None, 1))


def test_tv_5_a_window_left_open_closes_when_the_next_question_arrives():
    story = PLAYING.club({C: "Пушкин"}).time_up().answered(True)
    assert story.state.written.open
    drawn = story.when(tv.SpinTop(HOST, 0)).then_accepted()
    sector = drawn.state.last.sector
    delivered = drawn.when(tv.QuestionDelivered(sector, at(60.5)), at=60.5).events
    assert delivered[0] == WindowClosed(3, at(60.5), None, 1)


def test_tv_5_the_central_captain_is_not_a_club_table():
    PLAYING.when(HandIn(CAPTAINS[B], "Пушкин", at(5)), at=5).then_rejected(
        "answer-team-sits-out", team="Бета")
    PLAYING.when(HandIn(999, "Пушкин", at(5)), at=5).then_rejected("answer-not-playing")


def test_tv_5_the_last_club_answers_count_after_the_game_is_won():
    story = STARTED
    for sector in range(1, 6):
        story = story.round(sector, True)
    story = story.envelope(6).club({D: "Ответ"}).time_up().answered(True)
    assert story.state.phase is tv.Phase.BEST_PLAYER
    story = story.close_club().queue().judged({"ответ": True})
    assert tv.ratings(story.state)[40] == 1
