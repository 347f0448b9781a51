"""DUEL-3.4 in the decider: the minute starts when the question has reached the chat
(DESIGN.md, Time), given events / when action / then events."""

from __future__ import annotations

from rules import duel as d
from rules.roster import PlayerJoined, TeamRegistered
from tests.unit.duel_steps import BORIS, CAPTAIN, HOST, given
from tests.unit.story import T0, at

STARTED = given(
    d.GameCreated(HOST, "host", 1, tuple(range(14)), 60.0, 50.0, 6, 12, 2),
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    d.GameStarted(tuple(range(12))),
)
SENT = STARTED.told(d.QuestionChosen(5, 4), d.QuestionSent(60.0, early=True))
"""Question 5 picked at T0 and handed to the messenger; not yet confirmed."""


def test_duel_3_4_a_sent_question_waits_for_its_delivery_with_no_clock():
    assert SENT.timers == {}
    SENT.when(d.PauseClock(HOST), at=3).then_rejected("duel-clock-not-running")
    SENT.when(d.DeclareEarly(CAPTAIN), at=3).then_rejected("duel-early-not-here")
    # Nor is the question over: the captain neither picks another nor names the answerer.
    SENT.when(d.PickQuestion(CAPTAIN, 6), at=3).then_rejected("duel-not-choosing")
    SENT.when(d.NameAnswerer(CAPTAIN, BORIS), at=3).then_rejected("duel-not-naming")


def test_duel_3_4_the_minute_runs_from_the_confirmed_delivery():
    # Delivered 7 s after the pick: 60 s from then, the warning at 50 s (DUEL-3.4.2), and the
    # early-answer window of 5 s (DUEL-5.1.1) from then too.
    story = SENT.when(d.QuestionDelivered(5, None, at(7)), at=7).then(
        d.DiscussionStarted(at(67), at(57), at(12), 60.0))
    assert story.timers == {"warning": at(57), "end": at(67)}


def test_duel_3_4_a_report_about_another_question_changes_nothing():
    SENT.when(d.QuestionDelivered(4, None, at(7)), at=7).then()
    SENT.when(d.QuestionDelivered(5, 0, at(7)), at=7).then()
    running = SENT.told(d.DiscussionStarted(at(60), at(50), at(5), 60.0))
    running.when(d.QuestionDelivered(5, None, at(7)), at=7).then()
    running.when(d.QuestionNotDelivered(5, None), at=7).then()


def test_duel_3_4_an_undelivered_question_waits_for_the_host_to_start_the_clock():
    story = SENT.when(d.QuestionNotDelivered(5, None), at=2).then(
        d.QuestionUndelivered(5, None))
    assert story.timers == {}
    story.when(d.DeclareEarly(CAPTAIN), at=3).then_rejected("duel-early-not-here")
    story.when(d.ResumeClock(HOST), at=40).then(
        d.DiscussionStarted(at(100), at(90), at(45), 60.0))


def test_duel_4_2c_each_mini_question_waits_for_its_own_delivery():
    story = STARTED.told(d.QuestionChosen(6, 5), d.PartStarted(0), d.QuestionSent(20.0))
    story.when(d.QuestionDelivered(6, None, at(1)), at=1).then()
    story.when(d.QuestionDelivered(6, 0, at(1)), at=1).then(
        d.DiscussionStarted(at(21), at(11), None, 20.0))


def test_duel_3_4_a_delivery_after_the_game_ended_changes_nothing():
    SENT.told(d.GameAborted()).when(d.QuestionDelivered(5, None, T0)).then()
