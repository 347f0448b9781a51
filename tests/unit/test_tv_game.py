"""TV-1..TV-4 in the decider: the start and the first central team, the spinning top's
envelopes, the central table's minute and oral answer, the score to 6 and the best player,
given events / when action / then events."""

from __future__ import annotations

from rules import tv
from rules.base import GameResult, Role, SideResult, decode, encode
from rules.clock import DiscussionStarted, WarningSignalled
from rules.top import spin
from rules.written import WindowOpened
from tests.unit.story import at
from tests.unit.tv_steps import (
    CAPTAINS,
    HOST,
    LOBBY,
    A,
    B,
    C,
    D,
    created,
    given,
    registered,
    seed_for,
)

TEAMS = (A, B, C, D)
STARTED = LOBBY.started(B)
"""The game started, the top having drawn "Бета" for the central table."""


def test_tv_2_the_top_draws_the_first_central_team_among_the_teams_present():
    seed = seed_for(TEAMS, C)
    story = LOBBY.when(tv.StartGame(HOST, seed)).then(
        tv.GameStarted(TEAMS), tv.TeamSeated(C, tv.SeatReason.FIRST_DRAW, TEAMS))
    assert story.central == C


def test_tv_2_the_host_may_seat_the_first_central_team_instead():
    LOBBY.when(tv.StartGame(HOST, 5, seat=D)).then(
        tv.GameStarted(TEAMS), tv.TeamSeated(D, tv.SeatReason.HOST))
    LOBBY.when(tv.StartGame(HOST, 5, seat=999)).then_rejected("tv-no-such-team")


def test_tv_1_a_game_needs_a_central_table_and_a_club_table_and_enough_envelopes():
    one = given(created(), *registered(A))
    one.when(tv.StartGame(HOST, 1)).then_rejected("tv-too-few-teams", count=2)
    short = given(tv.GameCreated(HOST, "host", 7, tuple(range(10))), *registered(A, B))
    short.when(tv.StartGame(HOST, 1)).then_rejected("tv-too-few-questions", count=10, need=11)
    STARTED.when(tv.StartGame(HOST, 1)).then_rejected("tv-already-started")


def test_tv_1_no_team_registers_once_the_game_started():
    STARTED.when(tv.RegisterTeam(90, "p90", 900, "Поздние")).then_rejected("roster-closed")


def test_tv_2_the_top_picks_an_envelope_among_those_left_and_names_its_sector():
    seed = 41
    sector = spin(seed, tuple(range(1, 14)))
    story = STARTED.when(tv.SpinTop(HOST, seed)).then(tv.EnvelopeDrawn(sector, sector - 1))
    # The question waits for its delivery: no clock yet.
    assert story.timers == {}
    # Played envelopes are off the table: the top never stops at one twice.
    story = STARTED.round(4, True).round(9, True)
    for seed in range(60):
        drawn = story.when(tv.SpinTop(HOST, seed)).events[0]
        assert drawn.sector not in (4, 9)


def test_tv_2_the_same_seed_draws_the_same_and_a_replay_reads_the_stored_outcome():
    first = STARTED.when(tv.SpinTop(HOST, 7)).events
    assert STARTED.when(tv.SpinTop(HOST, 7)).events == first
    # The stored event is the record: decoding it gives the same sector, no draw again.
    stored = [decode(ev.kind, encode(ev)) for ev in first]
    assert stored == first
    assert STARTED.told(*stored).state.last.sector == first[0].sector


def test_tv_2_the_minute_runs_from_delivery_with_signals_at_50_and_60_seconds():
    drawn = STARTED.when(tv.SpinTop(HOST, seed_for(tuple(range(1, 14)), 5))).then_accepted()
    story = drawn.when(tv.QuestionDelivered(5, at(3)), at=3).then(
        DiscussionStarted(at(63), at(53), None, 60.0),
        WindowOpened(5, at(3), at(63), (B,)))
    assert story.timers == {"warning": at(53), "end": at(63), "written-close": at(64)}
    story = story.when(tv.TimerFired("warning", at(53)), at=53).then(WarningSignalled())
    story.when(tv.TimerFired("end", at(63)), at=63).then(tv.DiscussionEnded())


def test_tv_2_a_report_about_another_question_changes_nothing():
    drawn = STARTED.when(tv.SpinTop(HOST, seed_for(tuple(range(1, 14)), 5))).then_accepted()
    drawn.when(tv.QuestionDelivered(6, at(1)), at=1).then()
    story = drawn.when(tv.QuestionNotDelivered(5), at=1).then(tv.QuestionUndelivered(5))
    assert story.timers == {}
    story.when(tv.ResumeClock(HOST), at=30).then(
        DiscussionStarted(at(90), at(80), None, 60.0), WindowOpened(5, at(30), at(90), (B,)))


def test_tv_2_the_central_captain_names_the_answerer_after_the_minute():
    story = STARTED.envelope(3)
    story.when(tv.NameAnswerer(CAPTAINS[B], 21)).then_rejected("tv-not-answering")
    story = story.time_up()
    story.when(tv.NameAnswerer(CAPTAINS[A], 11)).then_rejected(
        "tv-not-central-captain", team="Бета")
    story.when(tv.NameAnswerer(CAPTAINS[B], 11)).then_rejected(
        "tv-answerer-not-central", name="p11", team="Бета")
    story.when(tv.NameAnswerer(CAPTAINS[B], 21)).then(tv.AnswererNamed(21))


def test_tv_2_the_captain_records_the_answerer_after_a_verdict_given_before_naming():
    # The host judged the oral answer before the captain named who spoke: the captain of
    # the team that answered still records it, until the next envelope is drawn.
    judged = STARTED.envelope(3).time_up().does(tv.JudgeAnswer(HOST, False))
    judged.when(tv.NameAnswerer(CAPTAINS[A], 11)).then_rejected(
        "tv-not-central-captain", team="Бета")
    judged.when(tv.NameAnswerer(CAPTAINS[B], 11)).then_rejected(
        "tv-answerer-not-central", name="p11", team="Бета")
    named = judged.when(tv.NameAnswerer(CAPTAINS[B], 21)).then(tv.AnswererNamed(21))
    assert named.state.rounds[-1].answerer == 21 and named.state.rounds[-1].correct is False
    named.when(tv.NameAnswerer(CAPTAINS[B], 20)).then_rejected("tv-not-answering")
    kept = STARTED.envelope(3).time_up().does(tv.JudgeAnswer(HOST, True)).envelope(5)
    kept.when(tv.NameAnswerer(CAPTAINS[B], 21)).then_rejected("tv-not-answering")


def test_tv_2_the_answerer_may_type_the_answer_for_the_hosts_private_suggestion():
    story = STARTED.envelope(3).time_up().does(tv.NameAnswerer(CAPTAINS[B], 21))
    story.when(tv.GiveAnswer(20, "Пушкин", "accept", "r")).then_rejected("tv-not-answerer")
    story.when(tv.GiveAnswer(21, "  ", "reject", "r")).then_rejected("answer-empty")
    story.when(tv.GiveAnswer(21, " Пушкин ", "accept", "judge-reason-exact")).then(
        tv.AnswerTyped("Пушкин", "accept", "judge-reason-exact"))


def test_tv_3_correct_the_experts_score_and_the_team_stays():
    story = STARTED.envelope(3).time_up()
    story = story.when(tv.JudgeAnswer(HOST, True)).then(tv.CentralJudged(3, B, True))
    assert story.score == (1, 0)
    assert story.central == B
    story.when(tv.SpinTop(HOST, 1)).then_accepted()


def test_tv_3_wrong_the_viewers_score_and_the_team_leaves():
    story = STARTED.envelope(3).time_up()
    story = story.when(tv.JudgeAnswer(HOST, False)).then(tv.CentralJudged(3, B, False))
    assert story.score == (0, 1)
    assert story.central is None


def test_tv_3_the_host_judges_only_the_central_answer_after_the_minute():
    story = STARTED.envelope(3)
    story.when(tv.JudgeAnswer(HOST, True)).then_rejected("tv-not-answering")
    STARTED.when(tv.JudgeAnswer(HOST, True)).then_rejected("tv-not-answering")


def test_tv_4_the_experts_win_at_six_and_the_host_names_the_best_central_player():
    story = STARTED
    for sector in range(1, 6):
        story = story.round(sector, True)
    story = story.envelope(6).time_up()
    story = story.when(tv.JudgeAnswer(HOST, True)).then(
        tv.CentralJudged(6, B, True), tv.GameWon(tv.Side.EXPERTS))
    assert tv.result(story.state) is None  # the best player is awaited
    story.when(tv.SpinTop(HOST, 1)).then_rejected("game-over")
    story.when(tv.NameBestPlayer(HOST, 11)).then_rejected("tv-best-player-not-central",
                                                          name="p11")
    story = story.when(tv.NameBestPlayer(HOST, 21)).then(tv.BestPlayerNamed(21))
    assert tv.result(story.state) == GameResult(
        (SideResult("experts", 6, 1), SideResult("viewers", 0, 2)), 6, (21, "p21"),
        ratings=tuple(sorted(tv.ratings(story.state).items())))


def test_tv_4_the_best_player_is_named_among_every_expert_who_sat_at_the_central_table():
    # Бета loses a round; Гамма, the only team that answered correctly, takes the table
    # and wins the game: both teams' players are candidates, the others are not.
    story = STARTED.round(1, False, {C: "Пушкин", D: "Лермонтов"},
                          {"пушкин": True, "лермонтов": False})
    assert story.central == C
    for sector in range(2, 8):
        story = story.round(sector, True)
    assert story.state.phase is tv.Phase.BEST_PLAYER
    assert story.state.best_player_candidates() == (20, 21, 30, 31)
    story.when(tv.NameBestPlayer(HOST, 40)).then_rejected("tv-best-player-not-central",
                                                          name="p40")
    story.when(tv.NameBestPlayer(HOST, 20)).then(tv.BestPlayerNamed(20))


def test_tv_4_the_viewers_win_at_six_with_no_best_player():
    story = STARTED
    # No club table answers: the top picks the next team among the eligible (TV-11); the
    # last fresh team sits with no draw; then every club team has lost and all may return.
    story = story.round(1, False).drawn(A).round(2, False).drawn(C).round(3, False)
    assert story.central == D
    story = story.round(4, False).drawn(A).round(5, False).drawn(B)
    story = story.envelope(6).time_up().close_club().queue()
    story = story.when(tv.JudgeAnswer(HOST, False)).then_ends_with(tv.GameWon(tv.Side.VIEWERS))
    assert tv.result(story.state) == GameResult(
        (SideResult("viewers", 6, 1), SideResult("experts", 0, 2)), 6, None,
        ratings=tuple(sorted(tv.ratings(story.state).items())))
    story.when(tv.NameBestPlayer(HOST, 20)).then_rejected("tv-best-player-not-now")


def test_tv_the_host_may_abort_and_an_aborted_game_has_no_result():
    story = STARTED.envelope(2).when(tv.AbortGame(HOST)).then(tv.GameAborted())
    assert tv.result(story.state) is None
    assert story.timers == {}
    story.when(tv.SpinTop(HOST, 1)).then_rejected("game-over")


def test_tv_events_round_trip_through_the_codec():
    story = STARTED.round(1, False, {C: "Пушкин"}, {"пушкин": True})
    for ev in story.events:
        assert decode(ev.kind, encode(ev)) == ev, ev



def test_tv_every_action_a_person_takes_has_its_roles_and_the_host_runs_the_game():
    service = {tv.TimerFired, tv.MissedDeadlines, tv.QuestionDelivered, tv.QuestionNotDelivered,
               tv.QueueClubAnswers}
    people = set(tv.Action.__args__) - service
    assert set(tv.PERMISSIONS) == people
    hosts = {tv.StartGame, tv.SpinTop, tv.SeatTeam, tv.PauseClock, tv.ResumeClock,
             tv.JudgeAnswer, tv.CloseClubAnswers, tv.JudgeClubAnswers, tv.NameBestPlayer,
             tv.AbortGame}
    assert {a for a, roles in tv.PERMISSIONS.items() if roles == {Role.HOST}} >= hosts
    assert tv.PERMISSIONS[tv.HandIn] == {Role.PLAYER}
    assert tv.PERMISSIONS[tv.NameAnswerer] == {Role.CAPTAIN}
