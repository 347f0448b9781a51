"""Rules the DUEL rendering and parsing read from ``rules.duel`` instead of deriving them: the
decisive-round offer (DUEL-6.4.1), the end of the game at 6 (DUEL-3.8), the club helpers' role
(DUEL-5.2b) and the bare number as the captain's pick (DUEL-4.1). Given stored events, then
what the state says, what the decider does and what the chat is shown."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.commands import Command, parse_command
from bot.formats.duel import DuelFormat
from rules import duel as d
from rules.base import Event, Rejection, Role
from rules.roster import PlayerJoined, TeamRegistered

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
FORMAT = DuelFormat()
HOST, ANNA, BORIS, VERA, ZOE = 1, 10, 11, 12, 50
LOBBY = [d.GameCreated(HOST, "host", 1, tuple(range(12)), 60.0, 50.0, 6, 12, 1),
         TeamRegistered(100, "Совы", ANNA, "anna"), PlayerJoined(100, BORIS, "boris"),
         PlayerJoined(100, VERA, "vera")]
STARTED = [*LOBBY, d.GameStarted(tuple(range(12)))]
"""A game of twelve ordinary questions (started without special ones, DUEL-8.1)."""


def given(*events: Event) -> d.DuelState:
    state = None
    for ev in events:
        state = d.evolve(state, ev)
    return state


def verdicts(*correct: bool) -> list[Event]:
    """Questions 1, 2, ... chosen and judged: ``True`` a point to the team, ``False`` to the
    host."""
    events: list[Event] = []
    for number, right in enumerate(correct, start=1):
        events += [d.QuestionChosen(number, number - 1), d.AnswerJudged(number, right)]
    return events


def at_score(team: int, host: int) -> list[Event]:
    return [*STARTED, *verdicts(*[True] * team, *[False] * host)]


def shown(events: list[Event]) -> list:
    """The messages the last of ``events`` shows, rendered from the states around it."""
    before = given(*events[:-1])
    return FORMAT.render(events[-1], before, d.evolve(before, events[-1]), None)


def lines_of(msgs) -> list[str]:
    return [key for msg in msgs for key in (msg.key, *(k for k, _ in msg.lines))]


@pytest.mark.parametrize(("team", "host", "offered"), [
    (5, 4, True), (5, 0, True), (5, 5, False), (4, 3, False), (4, 4, False)])
def test_duel_6_4_1_the_decisive_round_is_offered_only_to_a_team_leading_with_5(team, host,
                                                                                 offered):
    events = at_score(team, host)
    state = given(*events)
    assert state.decisive_round_offered is offered
    assert ("duel-decisive-offer" in lines_of(shown(events))) is offered
    decision = d.decide(state, d.AskDecisiveRound(ANNA, VERA), T0)
    if offered:
        assert decision == [d.DecisiveRoundStarted(VERA)]
    else:
        assert decision == Rejection("duel-decisive-not-now", {"points": 5})


def test_duel_6_4_1_the_decisive_round_is_offered_once():
    state = given(*at_score(5, 2), d.DecisiveRoundStarted(VERA))
    assert not state.decisive_round_offered
    assert d.decide(state, d.AskDecisiveRound(ANNA, VERA), T0) == Rejection(
        "duel-decisive-once")


@pytest.mark.parametrize(("team", "host", "winner"), [
    (6, 0, d.Side.TEAM), (6, 5, d.Side.TEAM), (0, 6, d.Side.HOST), (5, 6, d.Side.HOST),
    (5, 5, None), (5, 0, None)])
def test_duel_3_8_the_game_is_over_when_a_side_has_6_points(team, host, winner):
    # The deciding verdict is the last one: the team's point comes last when it wins.
    correct = [True] * team + [False] * host if winner is not d.Side.TEAM else \
        [False] * host + [True] * team
    events = [*STARTED, *verdicts(*correct)]
    state = given(*events)
    assert state.over is (winner is not None)
    assert d.winner_at(state.config, state.score) is winner
    # Once a side has 6 the chat is offered no next question; before, it is.
    assert ("duel-choose" in lines_of(shown(events))) is (winner is None)


def test_duel_3_8_the_deciding_verdict_wins_the_game():
    state = given(*at_score(5, 3), d.QuestionChosen(9, 8), d.AnswererNamed(BORIS),
                  d.AnswerGiven(BORIS, "Пушкин", "accept", "r"))
    assert d.decide(state, d.JudgeAnswer(HOST, True), T0) == [
        d.AnswerJudged(9, True), d.GameWon(d.Side.TEAM)]
    assert d.decide(state, d.JudgeAnswer(HOST, False), T0) == [d.AnswerJudged(9, False)]


def test_duel_5_2b_club_helpers_have_the_helper_role_while_they_talk():
    until = T0 + timedelta(seconds=90)
    talking = given(*at_score(0, 2), d.QuestionChosen(3, 2), d.QuestionSent(60.0, True),
                    d.DiscussionStarted(T0 + timedelta(seconds=60), T0 + timedelta(seconds=50)),
                    d.HintTaken(d.Hint.CLUB), d.HelpersNamed((ZOE,), until, ("zoe",)))
    assert d.roles(talking, ZOE) == frozenset({Role.HELPER})
    assert FORMAT.roles_of(talking, ZOE) == frozenset({Role.HELPER})
    assert d.roles(talking, ANNA) == frozenset({Role.CAPTAIN, Role.PLAYER})
    done = d.evolve(talking, d.HelpersDone())
    assert d.roles(done, ZOE) == frozenset({Role.SPECTATOR})


def test_duel_4_1_a_bare_number_is_the_pick_in_duel_not_in_the_shared_parser():
    assert parse_command("5") == Command("5")
    assert FORMAT.read_command(Command("5")) == Command("pick", "5")
    assert FORMAT.read_command(Command("5", "6")) == Command("5", "6")
    assert FORMAT.read_command(Command("answer", "5")) == Command("answer", "5")
    state = given(*STARTED)
    assert FORMAT.plain_command(state, FORMAT.roles_of(state, ANNA), "5")
    # Not the captain: told that the captain picks.
    assert FORMAT.plain_command(state, FORMAT.roles_of(state, BORIS), "12")
    assert not FORMAT.plain_command(state, FORMAT.roles_of(state, ANNA), "в 3 часа")


def test_duel_3_7_a_bare_plus_is_a_command_only_for_the_judge_while_a_verdict_waits():
    waiting = given(*STARTED, d.QuestionChosen(1, 0), d.AnswererNamed(BORIS),
                    d.AnswerGiven(BORIS, "Пушкин", "accept", "r"))
    assert FORMAT.plain_command(waiting, FORMAT.roles_of(waiting, HOST), "+")
    assert FORMAT.plain_command(waiting, FORMAT.roles_of(waiting, HOST), "-")
    assert not FORMAT.plain_command(waiting, FORMAT.roles_of(waiting, ANNA), "+")
    started = given(*STARTED)
    assert not FORMAT.plain_command(started, FORMAT.roles_of(started, HOST), "+")
