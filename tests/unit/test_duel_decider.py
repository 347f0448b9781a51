"""The DUEL decider, given events / when action / then events; each test names its clause."""

from __future__ import annotations

import pytest

from rules import duel as d
from rules.base import GameResult, Rejection, Role, SideResult, decode, encode
from rules.roster import (
    JoinTeam,
    NameCoHost,
    NameKeeper,
    PlayerJoined,
    RegisterTeam,
    TakeOverHost,
    TeamRegistered,
)
from tests.unit.duel_steps import T0, at, given, play

HOST, KEEPER, CAPTAIN, BORIS, VERA = 1, 2, 10, 11, 12



CREATED = d.GameCreated(HOST, "host", 1, tuple(range(14)), 60.0, 50.0, 6, 12, 3)
LOBBY = [
    CREATED,
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    PlayerJoined(100, VERA, "vera"),
]
STARTED = [*LOBBY, d.GameStarted(tuple(range(12)))]




def answered(state: d.DuelState, number: int, correct: bool) -> d.DuelState:
    state = play(state, d.PickQuestion(CAPTAIN, number))
    state = play(state, d.TimerFired("end", state.clock.ends_at), state.clock.ends_at)
    state = play(state, d.NameAnswerer(CAPTAIN, BORIS))
    state = play(state, d.GiveAnswer(BORIS, "ответ", "unsure", "r"))
    return play(state, d.JudgeAnswer(HOST, correct))


def test_duel_2_2_start_needs_enough_players_and_anyway_allows_one_fewer():
    # Given a game for 3 players (6 by default) and a team of 2.
    state = given(*LOBBY[:3])
    # When the host starts: refused, and "/start anyway" is offered (the exception, 6 -> 5).
    assert d.decide(state, d.StartGame(HOST), T0) == Rejection(
        "duel-too-few-players", {"count": 2, "min": 3})
    # Then "anyway" starts with one player fewer than the rule once a keeper is named.
    state = play(state, NameKeeper(HOST, KEEPER, "keeper"))
    assert d.decide(state, d.StartGame(HOST, force=True), T0) == [
        d.GameStarted(tuple(range(12)))]


def test_duel_2_2_one_player_fewer_needs_a_keeper_but_a_training_game_does_not():
    # Given a game for 3 players, a team of 2 and no keeper named.
    state = given(*LOBBY[:3])
    # When the host starts anyway: refused, saying that the keeper must agree too.
    assert d.decide(state, d.StartGame(HOST, force=True), T0) == Rejection(
        "duel-anyway-needs-keeper", {"count": 2, "min": 3})
    # Then a training game needs no keeper, and a full team starts anyway without one.
    assert d.decide(state, d.StartGame(HOST, training=True), T0) == [
        d.GameStarted(tuple(range(12)), training=True)]
    assert d.decide(given(*LOBBY), d.StartGame(HOST, force=True), T0) == [
        d.GameStarted(tuple(range(12)))]


def test_duel_2_2_anyway_never_starts_below_the_exception_but_training_does():
    # Given a team of one where the rule asks for 3 (the exception: 2).
    state = given(*LOBBY[:2])
    too_few = Rejection("duel-too-few-players-anyway", {"count": 1, "min": 3, "floor": 2})
    # When the host starts, even "anyway": refused, saying the floor.
    assert d.decide(state, d.StartGame(HOST), T0) == too_few
    assert d.decide(state, d.StartGame(HOST, force=True), T0) == too_few
    # Then only a training game starts, marked so for the season (never counted there).
    assert d.decide(state, d.StartGame(HOST, training=True), T0) == [
        d.GameStarted(tuple(range(12)), training=True)]
    assert play(state, d.StartGame(HOST, training=True)).training
    assert d.exception_players(d.DuelConfig()) == 5


def test_duel_4_1_set_is_first_twelve_scored_questions_unless_host_selects():
    state = given(*LOBBY)
    state = play(state, d.SelectQuestions(HOST, (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)))
    # This package labels no special question (DUEL-4.2 is tested in test_duel_special.py).
    state = play(state, d.StartGame(HOST, force=True))
    assert state.questions == (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    assert d.decide(given(*LOBBY), d.SelectQuestions(HOST, (1, 2)), T0) == Rejection(
        "duel-select-count", {"count": 12})


def test_duel_4_1_package_with_fewer_than_twelve_scored_questions_cannot_start():
    small = d.GameCreated(HOST, "host", 1, tuple(range(5)), 60.0, 50.0, 6, 12, 1)
    state = given(small, TeamRegistered(100, "T", CAPTAIN, "anna"))
    assert d.decide(state, d.StartGame(HOST), T0) == Rejection(
        "duel-package-too-small", {"count": 5, "need": 12})


def test_duel_4_1_a_short_package_is_taken_and_plays_only_as_a_training_game():
    # Given a lobby with a team and no package yet.
    state = given(d.GameCreated(HOST, "host", None, (), 60.0, 50.0, 6, 12, 3), *LOBBY[1:])
    # When the host attaches a package of 5 scored questions: taken (no longer refused).
    assert d.decide(state, d.AttachPackage(HOST, 7, tuple(range(5))), T0) == [
        d.PackageAttached(7, tuple(range(5)))]
    state = play(state, d.AttachPackage(HOST, 7, tuple(range(5))))
    # Then a normal game is refused at the start, saying why; a training game starts, won with
    # 3 of its 5 questions (a majority: 6 cannot be reached).
    assert d.decide(state, d.StartGame(HOST), T0) == Rejection(
        "duel-package-too-small", {"count": 5, "need": 12})
    state = play(state, d.StartGame(HOST, training=True))
    assert state.config.target == 3
    for number, correct in [(1, True), (2, False), (3, True), (4, True)]:
        state = answered(state, number, correct)
    assert state.score == (3, 1) and state.winner is d.Side.TEAM


def test_duel_4_1_a_package_with_no_scored_question_is_refused():
    state = given(d.GameCreated(HOST, "host", None, (), 60.0, 50.0, 6, 12, 3), *LOBBY[1:])
    assert d.decide(state, d.AttachPackage(HOST, 7, ()), T0) == Rejection(
        "duel-package-no-questions")
    assert d.decide(state, d.StartGame(HOST, training=True), T0) == Rejection(
        "duel-no-package")


@pytest.mark.parametrize(("questions", "target"), [(1, 1), (2, 1), (3, 2), (4, 2), (10, 5),
                                                   (11, 6), (12, 6), (36, 6)])
def test_duel_3_8_a_training_set_always_yields_a_winner(questions, target):
    # 2 * target - 1 questions are enough for one side to reach the target.
    assert d.training_target(d.DuelConfig(), questions) == target
    assert 2 * target - 1 <= questions


def test_duel_4_1_captain_picks_by_number_and_the_minute_starts():
    state = given(*STARTED)
    events = d.decide(state, d.PickQuestion(CAPTAIN, 5), T0)
    # The question is read; its minute starts once it is delivered (DUEL-3.4, DESIGN.md Time).
    assert events == [d.QuestionChosen(5, 4), d.QuestionSent(60.0, early=True)]
    state = play(state, d.PickQuestion(CAPTAIN, 5))
    assert state.phase is d.Phase.DISCUSSION and state.clock.ends_at == at(60)


@pytest.mark.parametrize("number,reason", [(0, "duel-number-out-of-range"),
                                           (13, "duel-number-out-of-range")])
def test_duel_4_1_number_outside_the_set_is_refused(number, reason):
    assert d.decide(given(*STARTED), d.PickQuestion(CAPTAIN, number), T0).reason == reason


def test_duel_4_1_a_played_number_cannot_be_picked_again():
    state = answered(given(*STARTED), 3, True)
    assert d.decide(state, d.PickQuestion(CAPTAIN, 3), T0) == Rejection(
        "duel-number-played", {"number": 3})


def test_duel_3_4_2_warning_at_50_seconds_and_time_at_60():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 1))
    assert d.timers(state) == {"warning": at(50), "end": at(60)}
    assert d.decide(state, d.TimerFired("warning", at(50)), at(50)) == [d.WarningSignalled()]
    state = play(state, d.TimerFired("warning", at(50)), at(50))
    assert d.timers(state) == {"end": at(60)}
    assert d.decide(state, d.TimerFired("end", at(60)), at(60)) == [d.DiscussionEnded()]


def test_duel_3_4_1_pause_keeps_the_time_left_and_resume_counts_it():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 1))
    state = play(state, d.PauseClock(HOST), at(20))
    assert state.clock.remaining == 40
    assert d.timers(state) == {}
    # A stale timer from before the pause does nothing.
    assert d.decide(state, d.TimerFired("end", at(60)), at(60)) == []
    events = d.decide(state, d.ResumeClock(HOST), at(300))
    assert events == [d.ClockResumed(at(340), at(330))]


def test_duel_3_4_1_resume_after_the_warning_arms_only_the_end():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 1))
    state = play(state, d.TimerFired("warning", at(50)), at(50))
    state = play(state, d.PauseClock(HOST), at(55))
    state = play(state, d.ResumeClock(HOST), at(100))
    assert d.timers(state) == {"end": at(105)}


def test_duel_3_4_1_only_a_running_clock_can_be_paused():
    assert d.decide(given(*STARTED), d.PauseClock(HOST), T0).reason == "duel-clock-not-running"


def test_missed_deadline_while_down_pauses_the_game():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 1))
    assert d.decide(state, d.MissedDeadlines(), at(30)) == []
    events = d.decide(state, d.MissedDeadlines(), at(55))
    assert events == [d.ClockPaused(5.0, "downtime")]


def test_duel_3_5_only_a_team_member_can_be_named_and_only_they_answer():
    state = play(given(*STARTED), d.PickQuestion(CAPTAIN, 1))
    assert d.decide(state, d.NameAnswerer(CAPTAIN, BORIS), at(10)).reason == "duel-not-naming"
    state = play(state, d.TimerFired("end", at(60)), at(60))
    assert d.decide(state, d.NameAnswerer(CAPTAIN, HOST), at(61)).reason == \
        "duel-answerer-not-in-team"
    state = play(state, d.NameAnswerer(CAPTAIN, BORIS), at(61))
    refused = d.decide(state, d.GiveAnswer(VERA, "x", "unsure", "r"), at(62))
    assert refused == Rejection("duel-not-the-answerer", {"name": "boris"})
    assert d.decide(state, d.GiveAnswer(BORIS, "Гашек", "accept", "r"), at(62)) == [
        d.AnswerGiven(BORIS, "Гашек", "accept", "r")]


def test_duel_3_8_correct_gives_the_team_a_point_wrong_gives_the_host_one():
    state = answered(given(*STARTED), 1, True)
    state = answered(state, 2, False)
    assert state.score == (1, 1)
    assert state.phase is d.Phase.CHOOSING


def test_duel_3_8_game_ends_when_a_side_reaches_six():
    state = given(*STARTED)
    for number in range(1, 6):
        state = answered(state, number, True)
    state = play(state, d.PickQuestion(CAPTAIN, 6))
    state = play(state, d.TimerFired("end", state.clock.ends_at), state.clock.ends_at)
    state = play(state, d.NameAnswerer(CAPTAIN, VERA))
    state = play(state, d.GiveAnswer(VERA, "x", "accept", "r"))
    assert d.decide(state, d.JudgeAnswer(HOST, True), T0) == [
        d.AnswerJudged(6, True), d.GameWon(d.Side.TEAM)]
    state = play(state, d.JudgeAnswer(HOST, True))
    # The game is over at once: finished, not waiting for the vote (the chat may go on).
    assert state.phase is d.Phase.FINISHED and not state.live
    assert state.vote_open
    assert d.decide(state, d.PickQuestion(CAPTAIN, 7), T0) == Rejection("game-over")


def won(*verdicts: bool, keeper: bool = True) -> d.DuelState:
    """A game played question by question with these verdicts (Boris answers)."""
    state = play(given(*STARTED), NameKeeper(HOST, KEEPER, "keeper")) if keeper else \
        given(*STARTED)
    for number, correct in enumerate(verdicts, start=1):
        state = answered(state, number, correct)
    return state


def test_duel_3_7_appeal_goes_to_the_keeper_who_may_overturn():
    state = won(False)
    assert d.decide(state, d.DecideAppeal(KEEPER, False), T0) == Rejection(
        "duel-keeper-no-appeal")
    state = play(state, d.FileAppeal(CAPTAIN))
    assert d.decide(state, d.PickQuestion(CAPTAIN, 2), T0).reason == "duel-appeal-pending"
    state = play(state, d.DecideAppeal(KEEPER, True))
    assert state.score == (1, 0)
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0) == Rejection(
        "duel-already-appealed", {"number": 1})


def test_duel_3_7_the_captain_appeals_only_a_verdict_against_the_team():
    # Given a verdict that went the team's way.
    state = won(True)
    # When the captain appeals it: refused, saying why.
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0) == Rejection(
        "duel-appeal-not-against", {"number": 1})
    # Then the same holds for the verdict that won the game.
    state = won(True, True, True, True, True, True)
    assert state.phase is d.Phase.FINISHED
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0) == Rejection(
        "duel-appeal-not-against", {"number": 6})


def test_duel_3_7_appeal_needs_a_keeper():
    state = won(False, keeper=False)
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0).reason == "duel-no-keeper"


def test_duel_3_7_keeper_may_challenge_the_host_unasked():
    # Given a verdict for the team and no appeal.
    state = won(True)
    # When the keeper challenges it on their own: it is overturned, marked as the keeper's.
    assert d.decide(state, d.ChallengeVerdict(KEEPER), T0) == [
        d.AppealDecided(1, True, own=True)]
    assert play(state, d.ChallengeVerdict(KEEPER)).score == (0, 1)
    # Then /uphold or /overturn with nothing pending tells the keeper how to challenge.
    assert d.decide(state, d.DecideAppeal(KEEPER, True), T0) == Rejection(
        "duel-keeper-no-appeal")
    assert d.decide(given(*STARTED), d.DecideAppeal(KEEPER, False), T0) == Rejection(
        "duel-keeper-no-appeal")
    assert d.decide(given(*STARTED), d.ChallengeVerdict(KEEPER), T0) == Rejection(
        "duel-no-verdict-to-challenge")


def test_duel_3_7_the_keeper_decides_a_pending_appeal_before_challenging():
    state = play(won(False), d.FileAppeal(CAPTAIN))
    assert d.decide(state, d.ChallengeVerdict(KEEPER), T0) == Rejection(
        "duel-challenge-appeal-pending", {"number": 1})
    state = play(state, d.DecideAppeal(KEEPER, False))
    assert d.decide(state, d.ChallengeVerdict(KEEPER), T0) == Rejection(
        "duel-already-appealed", {"number": 1})


def test_duel_3_7_overturning_the_winning_verdict_reopens_the_game():
    # Given the host won 3:6 on a verdict against the team.
    state = won(True, True, True, False, False, False, False, False, False)
    assert state.phase is d.Phase.FINISHED and state.winner is d.Side.HOST
    # When the captain appeals it and the keeper overturns it.
    state = play(state, d.FileAppeal(CAPTAIN))
    assert d.decide(state, d.DecideAppeal(KEEPER, True), T0) == [
        d.AppealDecided(9, True), d.GameReopened()]
    state = play(state, d.DecideAppeal(KEEPER, True))
    # Then the game is live again at 4:5.
    assert state.score == (4, 5)
    assert state.phase is d.Phase.CHOOSING and state.live and state.winner is None
    assert not state.vote_open


def test_duel_3_7_the_keeper_may_challenge_the_verdict_that_won_the_game():
    state = won(True, True, True, True, True, True)
    assert d.decide(state, d.ChallengeVerdict(KEEPER), T0) == [
        d.AppealDecided(6, True, own=True), d.GameReopened()]


def test_duel_3_7_no_appeals_once_the_after_game_vote_began():
    state = won(*[True] * 5, False, False, True)
    assert state.phase is d.Phase.FINISHED
    assert d.after_game_actions(state) == {d.FileAppeal, d.DecideAppeal, d.ChallengeVerdict,
                                           d.VoteBestQuestion, d.VoteBestPlayer, d.CloseVote}
    state = play(state, d.VoteBestQuestion(CAPTAIN, 6))
    assert d.after_game_actions(state) == {d.VoteBestQuestion, d.VoteBestPlayer, d.CloseVote}
    assert d.decide(state, d.ChallengeVerdict(KEEPER), T0) == Rejection(
        "duel-appeal-after-game")
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0) == Rejection("duel-appeal-after-game")
    state = play(state, d.VoteBestPlayer(CAPTAIN, VERA))
    assert not state.vote_open
    assert d.after_game_actions(state) == set()
    assert d.decide(state, d.FileAppeal(CAPTAIN), T0) == Rejection("duel-appeal-after-game")
    assert d.decide(state, d.VoteBestPlayer(CAPTAIN, BORIS), T0) == Rejection(
        "duel-vote-closed")


def test_duel_3_9_votes_wait_for_a_pending_appeal_of_the_deciding_verdict():
    state = play(won(*[False] * 6), d.FileAppeal(CAPTAIN))
    assert d.decide(state, d.VoteBestPlayer(CAPTAIN, VERA), T0) == Rejection(
        "duel-appeal-pending")
    assert d.decide(state, d.CloseVote(HOST), T0) == Rejection("duel-appeal-pending")
    state = play(state, d.DecideAppeal(KEEPER, False))
    assert state.phase is d.Phase.FINISHED and state.winner is d.Side.HOST
    assert not isinstance(d.decide(state, d.VoteBestPlayer(CAPTAIN, VERA), T0), Rejection)


def test_duel_3_9_best_question_is_one_the_team_did_not_answer():
    state = won(*[True] * 5, False, True, keeper=False)
    assert d.decide(state, d.VoteBestQuestion(CAPTAIN, 1), T0) == Rejection(
        "duel-best-question-invalid", {"numbers": "6"})
    state = play(state, d.VoteBestQuestion(CAPTAIN, 6))
    assert d.decide(state, d.VoteBestPlayer(CAPTAIN, BORIS), T0) == [
        d.BestPlayerVoted(BORIS), d.GameFinished(d.Side.TEAM, 6, 1)]


def test_duel_3_9_a_clean_sheet_needs_only_the_best_player():
    state = won(*[True] * 6, keeper=False)
    assert d.decide(state, d.VoteBestPlayer(CAPTAIN, VERA), T0) == [
        d.BestPlayerVoted(VERA), d.GameFinished(d.Side.TEAM, 6, 0)]


def test_duel_3_9_the_host_closes_the_vote_with_what_was_voted():
    # Given a finished game whose team voted the best question only.
    state = play(won(*[True] * 5, False, True), d.VoteBestQuestion(CAPTAIN, 6))
    assert d.decide(state, d.CloseVote(HOST), T0) == [d.GameFinished(d.Side.TEAM, 6, 1)]
    # When the host closes the vote, then nothing more is voted and nothing appealed.
    state = play(state, d.CloseVote(HOST))
    assert state.best_question == 6 and state.best_player is None
    assert d.decide(state, d.CloseVote(HOST), T0) == Rejection("duel-no-vote-open")
    assert d.decide(given(*STARTED), d.CloseVote(HOST), T0) == Rejection("duel-no-vote-open")


def test_roster_one_team_in_duel_and_no_double_membership():
    state = given(*LOBBY)
    assert d.decide(state, RegisterTeam(50, "x", 101, "Другие"), T0).reason == \
        "roster-too-many-teams"
    assert d.decide(state, JoinTeam(BORIS, "boris", 100, "знатоки"), T0).reason == \
        "roster-already-in-team"
    started = given(*STARTED)
    assert d.decide(started, RegisterTeam(50, "x", 101, "Другие"), T0).reason == "roster-closed"


def test_events_survive_the_json_codec():
    events = [*STARTED, d.GameStarted(tuple(range(12)), training=True),
              d.DiscussionStarted(at(60), at(50)), d.ClockResumed(at(9), None),
              d.QuestionSent(60.0, early=True), d.QuestionUndelivered(5, None),
              d.AnswerGiven(BORIS, "Гашек", "accept", "judge-reason-exact", {"matched": "г"})]
    for ev in events:
        assert decode(ev.kind, encode(ev)) == ev


def test_duel_4_1_a_package_attached_in_the_lobby_replaces_the_set():
    no_package = d.GameCreated(HOST, "host", None, (), 60.0, 50.0, 6, 12, 1)
    state = given(no_package, TeamRegistered(100, "T", CAPTAIN, "anna"))
    assert d.decide(state, d.StartGame(HOST), T0) == Rejection("duel-no-package")
    facts = d.Facts(pictures=(1,), triples=(5, 8), blitzes=(5,), superblitzes=(8,),
                    sectors13=(11,))
    state = play(state, d.AttachPackage(HOST, 7, tuple(range(1, 13)), facts))
    assert state.package_id == 7
    assert d.decide(state, d.StartGame(HOST), T0) == [
        d.GameStarted(tuple(range(1, 13)), picture=1, sector13=11, blitz=5, superblitz=8)]
    started = play(state, d.StartGame(HOST))
    assert d.decide(started, d.AttachPackage(HOST, 8, ()), T0).reason == "duel-already-started"


def test_a_chat_admin_takes_over_a_game_whose_host_is_gone():
    state = given(*STARTED)
    assert d.decide(state, TakeOverHost(50, "zoe", False), T0).reason == \
        "roster-takeover-admins-only"
    state = play(state, TakeOverHost(50, "zoe", True))
    assert state.roster.host == 50
    assert Role.HOST in state.roster.roles_of(50)
    assert Role.HOST not in state.roster.roles_of(HOST)


def test_a_cohost_shares_the_host_role_but_not_a_player():
    state = play(given(*STARTED), NameCoHost(HOST, 60, "yan"))
    assert Role.HOST in state.roster.roles_of(60)
    assert d.decide(state, NameCoHost(HOST, BORIS, "boris"), T0).reason == "roster-cohost-plays"


def test_duel_3_7_the_keeper_is_neither_a_player_nor_a_host():
    state = play(given(*LOBBY), NameKeeper(HOST, KEEPER, "keeper"))
    assert Role.KEEPER in state.roster.roles_of(KEEPER)
    assert RegisterTeam not in [a for a, roles in d.PERMISSIONS.items() if Role.KEEPER in roles]
    assert d.decide(given(*LOBBY), NameKeeper(HOST, HOST, "host"), T0).reason == \
        "roster-keeper-hosts"
    assert d.decide(state, NameCoHost(HOST, KEEPER, "keeper"), T0).reason == \
        "roster-keeper-hosts"
    assert d.decide(state, TakeOverHost(KEEPER, "keeper", True), T0).reason == \
        "roster-keeper-hosts"


def test_duel_3_8_the_result_names_the_winner_the_score_and_the_best_player():
    # Given a game the team won 6:1, then the team voted Vera best player (DUEL-3.9).
    state = won(*[True] * 5, False, True)
    assert d.result(given(*STARTED)) is None  # live: no result yet
    team_won = d.result(state)
    assert team_won == GameResult(
        (SideResult("Знатоки", 6, 1, 100), SideResult("host", 1, 2)), 6, None, False)
    state = play(state, d.VoteBestPlayer(CAPTAIN, VERA))
    assert d.result(state).best_player == (VERA, "vera")
    # A game the host won lists the host first.
    host_won = d.result(won(*[False] * 6))
    assert [(s.name, s.points, s.place) for s in host_won.sides] == [
        ("host", 6, 1), ("Знатоки", 0, 2)]
    # An aborted game has no result.
    assert d.result(play(given(*STARTED), d.AbortGame(HOST))) is None
