"""The DUEL decider, given events / when action / then events; each test names its clause."""

from __future__ import annotations

import pytest

from rules import duel as d
from rules.base import GameResult, Role, SideResult, decode, encode
from rules.roster import (
    JoinTeam,
    NameCoHost,
    NameKeeper,
    PlayerJoined,
    RegisterTeam,
    TakeOverHost,
    TeamRegistered,
)
from tests.unit.duel_steps import BORIS, CAPTAIN, HOST, KEEPER, VERA, DuelStory, given
from tests.unit.story import at

CREATED = d.GameCreated(HOST, "host", 1, tuple(range(14)), 60.0, 50.0, 6, 12, 3)
LOBBY = given(
    CREATED,
    TeamRegistered(100, "Знатоки", CAPTAIN, "anna"),
    PlayerJoined(100, BORIS, "boris"),
    PlayerJoined(100, VERA, "vera"),
)
"""A lobby for 3 players: the team Знатоки of Anna (captain), Boris and Vera; no keeper."""
STARTED = LOBBY.told(d.GameStarted(tuple(range(12))))
"""The game started on the first 12 questions of a package without special questions."""
SET = tuple(range(12))
NO_PACKAGE = d.GameCreated(HOST, "host", None, (), 60.0, 50.0, 6, 12, 3)


def won(*verdicts: bool, keeper: bool = True) -> DuelStory:
    """A game played question by question with these verdicts (Boris answers), the keeper
    named first unless ``keeper`` is False."""
    story = STARTED.does(NameKeeper(HOST, KEEPER, "keeper")) if keeper else STARTED
    return story.played(*verdicts)


def test_duel_2_2_start_needs_enough_players_and_anyway_allows_one_fewer():
    # Given a game for 3 players (6 by default) and a team of 2.
    lobby = given(*LOBBY.events[:3])
    # When the host starts: refused, and "/start anyway" is offered (the exception, 6 -> 5).
    lobby.when(d.StartGame(HOST)).then_rejected("duel-too-few-players", count=2, min=3)
    # Then "anyway" starts with one player fewer than the rule once a keeper is named.
    lobby.does(NameKeeper(HOST, KEEPER, "keeper")).when(d.StartGame(HOST, force=True)).then(
        d.GameStarted(SET))


def test_duel_2_2_one_player_fewer_needs_a_keeper_but_a_training_game_does_not():
    # Given a game for 3 players, a team of 2 and no keeper named.
    lobby = given(*LOBBY.events[:3])
    # When the host starts anyway: refused, saying that the keeper must agree too.
    lobby.when(d.StartGame(HOST, force=True)).then_rejected(
        "duel-anyway-needs-keeper", count=2, min=3)
    # Then a training game needs no keeper, and a full team starts anyway without one.
    lobby.when(d.StartGame(HOST, training=True)).then(d.GameStarted(SET, training=True))
    LOBBY.when(d.StartGame(HOST, force=True)).then(d.GameStarted(SET))


def test_duel_2_2_anyway_never_starts_below_the_exception_but_training_does():
    # Given a team of one where the rule asks for 3 (the exception: 2).
    lobby = given(*LOBBY.events[:2])
    # When the host starts, even "anyway": refused, saying the floor.
    for start in (d.StartGame(HOST), d.StartGame(HOST, force=True)):
        lobby.when(start).then_rejected("duel-too-few-players-anyway", count=1, min=3,
                                        floor=2)
    # Then only a training game starts, marked so for the season (which reads the state's
    # flag: it is never counted there).
    training = lobby.when(d.StartGame(HOST, training=True)).then(
        d.GameStarted(SET, training=True))
    assert training.state.training
    assert d.exception_players(d.DuelConfig()) == 5


def test_duel_4_1_set_is_first_twelve_scored_questions_unless_host_selects():
    lobby = LOBBY.does(d.SelectQuestions(HOST, (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)))
    # This package labels no special question (DUEL-4.2 is tested in test_duel_special.py).
    lobby.when(d.StartGame(HOST, force=True)).then(
        d.GameStarted((13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)))
    LOBBY.when(d.SelectQuestions(HOST, (1, 2))).then_rejected("duel-select-count", count=12)


def test_duel_4_1_package_with_fewer_than_twelve_scored_questions_cannot_start():
    small = d.GameCreated(HOST, "host", 1, tuple(range(5)), 60.0, 50.0, 6, 12, 1)
    given(small, TeamRegistered(100, "T", CAPTAIN, "anna")).when(d.StartGame(HOST)).then_rejected(
        "duel-package-too-small", count=5, need=12)


def test_duel_4_1_a_short_package_is_taken_and_plays_only_as_a_training_game():
    # Given a lobby with a team and no package yet.
    lobby = given(NO_PACKAGE, *LOBBY.events[1:])
    # When the host attaches a package of 5 scored questions: taken (no longer refused).
    lobby = lobby.when(d.AttachPackage(HOST, 7, tuple(range(5)))).then(
        d.PackageAttached(7, tuple(range(5))))
    # Then a normal game is refused at the start, saying why; a training game starts, won with
    # 3 of its 5 questions (a majority: 6 cannot be reached).
    lobby.when(d.StartGame(HOST)).then_rejected("duel-package-too-small", count=5, need=12)
    story = lobby.does(d.StartGame(HOST, training=True))
    for number, correct in [(1, True), (2, False), (3, True)]:
        story = story.answered(number, correct)
    story = story.picked(4).time_up().does(
        d.NameAnswerer(CAPTAIN, BORIS)).does(d.GiveAnswer(BORIS, "x", "unsure", "r"))
    story = story.when(d.JudgeAnswer(HOST, True)).then(
        d.AnswerJudged(4, True), d.GameWon(d.Side.TEAM))
    assert story.score == (3, 1)
    assert d.result(story.state).target == 3
    story.when(d.PickQuestion(CAPTAIN, 5)).then_rejected("game-over")


def test_duel_4_1_a_package_with_no_scored_question_is_refused():
    lobby = given(NO_PACKAGE, *LOBBY.events[1:])
    lobby.when(d.AttachPackage(HOST, 7, ())).then_rejected("duel-package-no-questions")
    lobby.when(d.StartGame(HOST, training=True)).then_rejected("game-no-package")


@pytest.mark.parametrize(("questions", "target"), [(1, 1), (2, 1), (3, 2), (4, 2), (10, 5),
                                                   (11, 6), (12, 6), (36, 6)])
def test_duel_3_8_a_training_set_always_yields_a_winner(questions, target):
    # 2 * target - 1 questions are enough for one side to reach the target.
    assert d.training_target(d.DuelConfig(), questions) == target
    assert 2 * target - 1 <= questions


def test_duel_4_1_captain_picks_by_number_and_the_minute_starts():
    # The question is read; its minute starts once it is delivered (DUEL-3.4, DESIGN.md Time).
    story = STARTED.when(d.PickQuestion(CAPTAIN, 5)).then(
        d.QuestionChosen(5, 4), d.QuestionSent(60.0, early=True))
    story.when(d.QuestionDelivered(5, None, at(0)), at=0).then(
        d.DiscussionStarted(at(60), at(50), at(5), 60.0))
    assert STARTED.picked(5).timers == {"warning": at(50),
                                                               "end": at(60)}


@pytest.mark.parametrize("number,reason", [(0, "duel-number-out-of-range"),
                                           (13, "duel-number-out-of-range")])
def test_duel_4_1_number_outside_the_set_is_refused(number, reason):
    STARTED.when(d.PickQuestion(CAPTAIN, number)).then_rejected(reason)


def test_duel_4_1_a_played_number_cannot_be_picked_again():
    STARTED.answered(3, True).when(d.PickQuestion(CAPTAIN, 3)).then_rejected(
        "duel-number-played", number=3)


def test_duel_3_4_2_warning_at_50_seconds_and_time_at_60():
    story = STARTED.picked(1)
    assert story.timers == {"warning": at(50), "end": at(60)}
    story = story.when(d.TimerFired("warning", at(50)), at=50).then(d.WarningSignalled())
    assert story.timers == {"end": at(60)}
    story.when(d.TimerFired("end", at(60)), at=60).then(d.DiscussionEnded())


def test_duel_3_4_1_pause_keeps_the_time_left_and_resume_counts_it():
    story = STARTED.picked(1)
    story = story.when(d.PauseClock(HOST), at=20).then(d.ClockPaused(40.0, "host"))
    assert story.timers == {}
    # A stale timer from before the pause does nothing.
    story.when(d.TimerFired("end", at(60)), at=60).then()
    # The 40 s left run from the resumption.
    story.when(d.ResumeClock(HOST), at=300).then(d.ClockResumed(at(340), at(330)))


def test_duel_3_4_1_resume_after_the_warning_arms_only_the_end():
    story = STARTED.picked(1).does(d.TimerFired("warning", at(50)), 50)
    story = story.does(d.PauseClock(HOST), 55).does(d.ResumeClock(HOST), 100)
    assert story.timers == {"end": at(105)}


def test_duel_3_4_1_only_a_running_clock_can_be_paused():
    STARTED.when(d.PauseClock(HOST)).then_rejected("duel-clock-not-running")


def test_missed_deadline_while_down_pauses_the_game():
    story = STARTED.picked(1)
    story.when(d.MissedDeadlines(), at=30).then()
    story.when(d.MissedDeadlines(), at=55).then(d.ClockPaused(5.0, "downtime"))


def test_duel_3_5_only_a_team_member_can_be_named_and_only_they_answer():
    story = STARTED.picked(1)
    story.when(d.NameAnswerer(CAPTAIN, BORIS), at=10).then_rejected("duel-not-naming")
    story = story.does(d.TimerFired("end", at(60)), 60)
    story.when(d.NameAnswerer(CAPTAIN, HOST), at=61).then_rejected("duel-answerer-not-in-team")
    story = story.when(d.NameAnswerer(CAPTAIN, BORIS), at=61).then(d.AnswererNamed(BORIS))
    story.when(d.GiveAnswer(VERA, "x", "unsure", "r"), at=62).then_rejected(
        "duel-not-the-answerer", name="boris")
    story.when(d.GiveAnswer(BORIS, "Гашек", "accept", "r"), at=62).then(
        d.AnswerGiven(BORIS, "Гашек", "accept", "r"))


def test_duel_3_8_correct_gives_the_team_a_point_wrong_gives_the_host_one():
    story = STARTED.answered(1, True)
    assert story.score == (1, 0)
    story = story.answered(2, False)
    assert story.score == (1, 1)
    # The captain picks the next question.
    story.when(d.PickQuestion(CAPTAIN, 3)).then_starts_with(d.QuestionChosen(3, 2))


def test_duel_3_8_game_ends_when_a_side_reaches_six():
    story = STARTED
    for number in range(1, 6):
        story = story.answered(number, True)
    story = story.picked(6).time_up()
    story = story.does(d.NameAnswerer(CAPTAIN, VERA)).does(d.GiveAnswer(VERA, "x", "accept", "r"))
    story = story.when(d.JudgeAnswer(HOST, True)).then(d.AnswerJudged(6, True),
                                                       d.GameWon(d.Side.TEAM))
    # The game is over at once: no question is picked, no clock runs, but the after-game vote
    # is open (the chat may go on).
    story.when(d.PickQuestion(CAPTAIN, 7)).then_rejected("game-over")
    story.when(d.PauseClock(HOST)).then_rejected("game-over")
    assert d.after_game_actions(story.state) >= {d.VoteBestPlayer, d.CloseVote}
    story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then_starts_with(d.BestPlayerVoted(VERA))


def test_duel_3_7_appeal_goes_to_the_keeper_who_may_overturn():
    story = won(False)
    story.when(d.DecideAppeal(KEEPER, False)).then_rejected("duel-keeper-no-appeal")
    story = story.when(d.FileAppeal(CAPTAIN)).then(d.AppealFiled(1))
    story.when(d.PickQuestion(CAPTAIN, 2)).then_rejected("duel-appeal-pending")
    story = story.when(d.DecideAppeal(KEEPER, True)).then(d.AppealDecided(1, True))
    assert story.score == (1, 0)
    story.when(d.FileAppeal(CAPTAIN)).then_rejected("duel-already-appealed", number=1)


def test_duel_3_7_the_captain_appeals_only_a_verdict_against_the_team():
    # Given a verdict that went the team's way.
    # When the captain appeals it: refused, saying why.
    won(True).when(d.FileAppeal(CAPTAIN)).then_rejected("duel-appeal-not-against", number=1)
    # Then the same holds for the verdict that won the game.
    story = won(True, True, True, True, True, True)
    story.when(d.PickQuestion(CAPTAIN, 7)).then_rejected("game-over")
    story.when(d.FileAppeal(CAPTAIN)).then_rejected("duel-appeal-not-against", number=6)


def test_duel_3_7_appeal_needs_a_keeper():
    won(False, keeper=False).when(d.FileAppeal(CAPTAIN)).then_rejected("duel-no-keeper")


def test_duel_3_7_keeper_may_challenge_the_host_unasked():
    # Given a verdict for the team and no appeal.
    story = won(True)
    # When the keeper challenges it on their own: it is overturned, marked as the keeper's.
    challenged = story.when(d.ChallengeVerdict(KEEPER)).then(d.AppealDecided(1, True, own=True))
    assert challenged.score == (0, 1)
    # Then /uphold or /overturn with nothing pending tells the keeper how to challenge.
    story.when(d.DecideAppeal(KEEPER, True)).then_rejected("duel-keeper-no-appeal")
    STARTED.when(d.DecideAppeal(KEEPER, False)).then_rejected("duel-keeper-no-appeal")
    STARTED.when(d.ChallengeVerdict(KEEPER)).then_rejected("duel-no-verdict-to-challenge")


def test_duel_3_7_the_keeper_decides_a_pending_appeal_before_challenging():
    story = won(False).does(d.FileAppeal(CAPTAIN))
    story.when(d.ChallengeVerdict(KEEPER)).then_rejected("duel-challenge-appeal-pending",
                                                         number=1)
    story = story.does(d.DecideAppeal(KEEPER, False))
    story.when(d.ChallengeVerdict(KEEPER)).then_rejected("duel-already-appealed", number=1)


def test_duel_3_7_overturning_the_winning_verdict_reopens_the_game():
    # Given the host won 3:6 on a verdict against the team.
    story = STARTED.does(NameKeeper(HOST, KEEPER, "keeper"))
    for number, correct in enumerate([True, True, True, False, False, False, False, False],
                                     start=1):
        story = story.answered(number, correct)
    story = story.picked(9).time_up().does(
        d.NameAnswerer(CAPTAIN, BORIS)).does(d.GiveAnswer(BORIS, "x", "unsure", "r"))
    story = story.when(d.JudgeAnswer(HOST, False)).then(d.AnswerJudged(9, False),
                                                        d.GameWon(d.Side.HOST))
    # When the captain appeals it and the keeper overturns it.
    story = story.does(d.FileAppeal(CAPTAIN))
    story = story.when(d.DecideAppeal(KEEPER, True)).then(d.AppealDecided(9, True),
                                                          d.GameReopened())
    # Then the game is live again at 4:5: the captain picks, and there is no vote.
    assert story.score == (4, 5)
    assert d.result(story.state) is None
    story.when(d.PickQuestion(CAPTAIN, 10)).then_starts_with(d.QuestionChosen(10, 9))
    story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then_rejected("duel-not-voting")
    story.when(d.CloseVote(HOST)).then_rejected("duel-no-vote-open")
    assert d.after_game_actions(story.state) == set()


def test_duel_3_7_the_keeper_may_challenge_the_verdict_that_won_the_game():
    won(True, True, True, True, True, True).when(d.ChallengeVerdict(KEEPER)).then(
        d.AppealDecided(6, True, own=True), d.GameReopened())


def test_duel_3_7_no_appeals_once_the_after_game_vote_began():
    story = won(*[True] * 5, False, False, True)
    story.when(d.PickQuestion(CAPTAIN, 9)).then_rejected("game-over")
    assert d.after_game_actions(story.state) == {d.FileAppeal, d.DecideAppeal,
                                                 d.ChallengeVerdict, d.VoteBestQuestion,
                                                 d.VoteBestPlayer, d.CloseVote}
    story = story.when(d.VoteBestQuestion(CAPTAIN, 6)).then(d.BestQuestionVoted(6))
    assert d.after_game_actions(story.state) == {d.VoteBestQuestion, d.VoteBestPlayer,
                                                 d.CloseVote}
    story.when(d.ChallengeVerdict(KEEPER)).then_rejected("duel-appeal-after-game")
    story.when(d.FileAppeal(CAPTAIN)).then_rejected("duel-appeal-after-game")
    # The second vote closes the vote.
    story = story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then(
        d.BestPlayerVoted(VERA), d.GameFinished(d.Side.TEAM, 6, 2))
    assert d.after_game_actions(story.state) == set()
    story.when(d.FileAppeal(CAPTAIN)).then_rejected("duel-appeal-after-game")
    story.when(d.VoteBestPlayer(CAPTAIN, BORIS)).then_rejected("duel-vote-closed")


def test_duel_3_9_votes_wait_for_a_pending_appeal_of_the_deciding_verdict():
    story = won(*[False] * 6).does(d.FileAppeal(CAPTAIN))
    story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then_rejected("duel-appeal-pending")
    story.when(d.CloseVote(HOST)).then_rejected("duel-appeal-pending")
    # An upheld deciding verdict keeps the host's win, and the vote goes on.
    story = story.when(d.DecideAppeal(KEEPER, False)).then(d.AppealDecided(6, False))
    story.when(d.PickQuestion(CAPTAIN, 7)).then_rejected("game-over")
    story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then_accepted()


def test_duel_3_9_best_question_is_one_the_team_did_not_answer():
    story = won(*[True] * 5, False, True, keeper=False)
    story.when(d.VoteBestQuestion(CAPTAIN, 1)).then_rejected("duel-best-question-invalid",
                                                             numbers="6")
    story = story.does(d.VoteBestQuestion(CAPTAIN, 6))
    story.when(d.VoteBestPlayer(CAPTAIN, BORIS)).then(d.BestPlayerVoted(BORIS),
                                                      d.GameFinished(d.Side.TEAM, 6, 1))


def test_duel_3_9_a_clean_sheet_needs_only_the_best_player():
    won(*[True] * 6, keeper=False).when(d.VoteBestPlayer(CAPTAIN, VERA)).then(
        d.BestPlayerVoted(VERA), d.GameFinished(d.Side.TEAM, 6, 0))


def test_duel_3_9_the_host_closes_the_vote_with_what_was_voted():
    # Given a finished game whose team voted the best question only.
    story = won(*[True] * 5, False, True).does(d.VoteBestQuestion(CAPTAIN, 6))
    # When the host closes the vote, then nothing more is voted and nothing appealed.
    story = story.when(d.CloseVote(HOST)).then(d.GameFinished(d.Side.TEAM, 6, 1))
    assert d.result(story.state).best_player is None
    story.when(d.VoteBestPlayer(CAPTAIN, VERA)).then_rejected("duel-vote-closed")
    story.when(d.CloseVote(HOST)).then_rejected("duel-no-vote-open")
    STARTED.when(d.CloseVote(HOST)).then_rejected("duel-no-vote-open")


def test_roster_one_team_in_duel_and_no_double_membership():
    LOBBY.when(RegisterTeam(50, "x", 101, "Другие")).then_rejected("roster-too-many-teams")
    LOBBY.when(JoinTeam(BORIS, "boris", 100, "знатоки")).then_rejected("roster-already-in-team")
    STARTED.when(RegisterTeam(50, "x", 101, "Другие")).then_rejected("roster-closed")


def test_events_survive_the_json_codec():
    events = [*STARTED.events, d.GameStarted(SET, training=True),
              d.DiscussionStarted(at(60), at(50)), d.ClockResumed(at(9), None),
              d.QuestionSent(60.0, early=True), d.QuestionUndelivered(5, None),
              d.AnswerGiven(BORIS, "Гашек", "accept", "judge-reason-exact", {"matched": "г"})]
    for ev in events:
        assert decode(ev.kind, encode(ev)) == ev


def test_duel_4_1_a_package_attached_in_the_lobby_replaces_the_set():
    lobby = given(d.GameCreated(HOST, "host", None, (), 60.0, 50.0, 6, 12, 1),
                  TeamRegistered(100, "T", CAPTAIN, "anna"))
    lobby.when(d.StartGame(HOST)).then_rejected("game-no-package")
    facts = d.Facts(pictures=(1,), triples=(5, 8), blitzes=(5,), superblitzes=(8,),
                    sectors13=(11,))
    lobby = lobby.when(d.AttachPackage(HOST, 7, tuple(range(1, 13)), facts)).then(
        d.PackageAttached(7, tuple(range(1, 13)), (1,), (5, 8), (5,), (8,), (11,)))
    started = lobby.when(d.StartGame(HOST)).then(
        d.GameStarted(tuple(range(1, 13)), picture=1, sector13=11, blitz=5, superblitz=8))
    # The game's package is the attached one: its id is what the service loads questions by.
    assert started.state.package_id == 7
    started.when(d.AttachPackage(HOST, 8, ())).then_rejected("duel-package-fixed")


def test_a_chat_admin_takes_over_a_game_whose_host_is_gone():
    STARTED.when(TakeOverHost(50, "zoe", False)).then_rejected("roster-takeover-admins-only")
    story = STARTED.does(TakeOverHost(50, "zoe", True))
    assert story.state.roster.host == 50
    assert Role.HOST in story.state.roster.roles_of(50)
    assert Role.HOST not in story.state.roster.roles_of(HOST)


def test_a_cohost_shares_the_host_role_but_not_a_player():
    story = STARTED.does(NameCoHost(HOST, 60, "yan"))
    assert Role.HOST in story.state.roster.roles_of(60)
    story.when(NameCoHost(HOST, BORIS, "boris")).then_rejected("roster-cohost-plays")


def test_duel_3_7_the_keeper_is_neither_a_player_nor_a_host():
    story = LOBBY.does(NameKeeper(HOST, KEEPER, "keeper"))
    assert Role.KEEPER in story.state.roster.roles_of(KEEPER)
    assert RegisterTeam not in [a for a, roles in d.PERMISSIONS.items() if Role.KEEPER in roles]
    LOBBY.when(NameKeeper(HOST, HOST, "host")).then_rejected("roster-keeper-hosts")
    story.when(NameCoHost(HOST, KEEPER, "keeper")).then_rejected("roster-keeper-hosts")
    story.when(TakeOverHost(KEEPER, "keeper", True)).then_rejected("roster-keeper-hosts")


def test_duel_3_8_the_result_names_the_winner_the_score_and_the_best_player():
    # Given a game the team won 6:1, then the team voted Vera best player (DUEL-3.9).
    story = won(*[True] * 5, False, True)
    assert d.result(STARTED.state) is None  # live: no result yet
    assert d.result(story.state) == GameResult(
        (SideResult("Знатоки", 6, 1, 100), SideResult("host", 1, 2)), 6, None, False)
    story = story.does(d.VoteBestPlayer(CAPTAIN, VERA))
    assert d.result(story.state).best_player == (VERA, "vera")
    # A game the host won lists the host first.
    host_won = d.result(won(*[False] * 6).state)
    assert [(s.name, s.points, s.place) for s in host_won.sides] == [
        ("host", 6, 1), ("Знатоки", 0, 2)]
    # An aborted game has no result.
    assert d.result(STARTED.does(d.AbortGame(HOST)).state) is None
