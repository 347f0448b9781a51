"""DUEL-3.4 in the decider: the minute starts when the question has reached the chat
(DESIGN.md, Time), given events / when action / then events."""

from __future__ import annotations

from rules import duel as d
from rules.base import Rejection
from rules.roster import PlayerJoined, TeamRegistered
from tests.unit.duel_steps import T0, at, given

HOST, CAPTAIN, BORIS = 1, 10, 11
STARTED = [
    d.GameCreated(HOST, "host", 1, tuple(range(14)), 60.0, 50.0, 6, 12, 2),
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    d.GameStarted(tuple(range(12))),
]
SENT = [*STARTED, d.QuestionChosen(5, 4), d.QuestionSent(60.0, early=True)]
"""Question 5 picked at T0 and handed to the messenger; not yet confirmed."""


def test_duel_3_4_a_sent_question_waits_for_its_delivery_with_no_clock():
    state = given(*SENT)
    assert state.phase is d.Phase.READING
    assert d.timers(state) == {}
    assert d.decide(state, d.PauseClock(HOST), at(3)) == Rejection("duel-clock-not-running")
    assert d.decide(state, d.DeclareEarly(CAPTAIN), at(3)) == Rejection("duel-early-not-here")


def test_duel_3_4_the_minute_runs_from_the_confirmed_delivery():
    state = given(*SENT)
    # Delivered 7 s after the pick: 60 s from then, the warning at 50 s (DUEL-3.4.2), and the
    # early-answer window of 5 s (DUEL-5.1.1) from then too.
    assert d.decide(state, d.QuestionDelivered(5, None, at(7)), at(7)) == [
        d.DiscussionStarted(at(67), at(57), at(12), 60.0)]


def test_duel_3_4_a_report_about_another_question_changes_nothing():
    state = given(*SENT)
    assert d.decide(state, d.QuestionDelivered(4, None, at(7)), at(7)) == []
    assert d.decide(state, d.QuestionDelivered(5, 0, at(7)), at(7)) == []
    running = given(*SENT, d.DiscussionStarted(at(60), at(50), at(5), 60.0))
    assert d.decide(running, d.QuestionDelivered(5, None, at(7)), at(7)) == []
    assert d.decide(running, d.QuestionNotDelivered(5, None), at(7)) == []


def test_duel_3_4_an_undelivered_question_waits_for_the_host_to_start_the_clock():
    state = given(*SENT)
    assert d.decide(state, d.QuestionNotDelivered(5, None), at(2)) == [
        d.QuestionUndelivered(5, None)]
    state = given(*SENT, d.QuestionUndelivered(5, None))
    assert state.phase is d.Phase.READING and d.timers(state) == {}
    assert d.decide(state, d.ResumeClock(HOST), at(40)) == [
        d.DiscussionStarted(at(100), at(90), at(45), 60.0)]


def test_duel_4_2c_each_mini_question_waits_for_its_own_delivery():
    state = given(*STARTED, d.QuestionChosen(6, 5), d.PartStarted(0), d.QuestionSent(20.0))
    assert d.decide(state, d.QuestionDelivered(6, None, at(1)), at(1)) == []
    assert d.decide(state, d.QuestionDelivered(6, 0, at(1)), at(1)) == [
        d.DiscussionStarted(at(21), at(11), None, 20.0)]


def test_duel_3_4_a_delivery_after_the_game_ended_changes_nothing():
    state = given(*SENT, d.GameAborted())
    assert d.decide(state, d.QuestionDelivered(5, None, T0), T0) == []
