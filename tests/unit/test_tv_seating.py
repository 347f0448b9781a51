"""TV-3, TV-9..TV-11 in the decider: who takes the central table after the viewers score,
and when (the seating waits for the verdicts on the club tables' answers), given events /
when action / then events."""

from __future__ import annotations

from rules import tv
from rules.judging import GroupDecided, Verdict, VerdictChanged
from tests.unit.tv_steps import HOST, LOBBY, A, B, C, D, created, given, registered, seed_for

STARTED = LOBBY.started(B)
"""Бета at the central table."""
R, F = tv.SeatReason, tv.ReturnWhy


def lost_round(story, sector, club=None, verdicts=None):
    """The central table answered ``sector`` wrong, the club tables' answers judged."""
    return story.round(sector, False, club, verdicts)


def test_tv_9_the_one_club_team_that_answered_correctly_takes_the_table():
    story = STARTED.envelope(1).club({C: "Пушкин", D: "Гоголь"}).time_up().close_club()
    story = story.queue().answered(False)
    story.when(tv.JudgeClubAnswers(HOST, 1, "гоголь", Verdict.REJECT)).then(
        GroupDecided("гоголь", Verdict.REJECT, HOST, D))
    story = story.judged({"гоголь": False})
    story = story.when(tv.JudgeClubAnswers(HOST, 1, "пушкин", Verdict.ACCEPT)).then(
        GroupDecided("пушкин", Verdict.ACCEPT, HOST, C),
        tv.TeamSeated(C, R.CORRECT, (C,), True))
    assert story.central == C


def test_tv_9_several_correct_the_top_draws_among_them():
    story = lost_round(STARTED, 1, {A: "Пушкин", C: "пушкин", D: "Гоголь"},
                       {"пушкин": True, "гоголь": False})
    assert story.central is None
    assert tv.pool(story.state) == tv.Pool((A, C), True, None)
    story.when(tv.SpinTop(HOST, seed_for((A, C), C))).then(
        tv.TeamSeated(C, R.CORRECT, (A, C), True))
    story.when(tv.SpinTop(HOST, seed_for((A, C), A))).then(
        tv.TeamSeated(A, R.CORRECT, (A, C), True))


def test_tv_9_the_seating_waits_for_the_club_verdicts_of_the_question():
    # The central verdict comes first; the club answers are still unjudged.
    story = STARTED.envelope(1).club({C: "Пушкин", D: "Пушкин!"}).time_up()
    story = story.answered(False)
    assert story.central is None
    story.when(tv.SpinTop(HOST, 1)).then_rejected("tv-seating-waits", number=1)
    story = story.close_club().queue()
    story.when(tv.SpinTop(HOST, 1)).then_rejected("tv-seating-waits", number=1)
    story = story.judged({"пушкин": True})
    story.when(tv.SpinTop(HOST, 1)).then_rejected("tv-seating-waits", number=1)
    # The last verdict settles it: only Гамма answered correctly.
    story.when(tv.JudgeClubAnswers(HOST, 1, "пушкин!", Verdict.REJECT)).then_ends_with(
        tv.TeamSeated(C, R.CORRECT, (C,), True))


def test_tv_9_club_answers_judged_before_the_central_verdict_seat_with_it():
    story = STARTED.envelope(1).club({D: "Пушкин"}).time_up().close_club().queue()
    story = story.judged({"пушкин": True}).does(tv.NameAnswerer(20, 21))
    story.when(tv.JudgeAnswer(HOST, False)).then(
        tv.CentralJudged(1, B, False), tv.TeamSeated(D, R.CORRECT, (D,), True))


def test_tv_9_the_central_team_hands_in_no_written_answer():
    story = STARTED.envelope(1).later(5)
    story.when(tv.HandIn(21, "Пушкин", story.state.written.opened_at)).then_rejected(
        "answer-team-sits-out", team="Бета")


def test_tv_3_the_host_may_seat_a_club_team_by_hand_without_waiting():
    story = STARTED.envelope(1).club({C: "Пушкин"}).time_up().answered(False)
    story.when(tv.SeatTeam(HOST, D)).then(tv.TeamSeated(D, R.HOST))
    story.when(tv.SeatTeam(HOST, B)).then_rejected("tv-seat-just-left", team="Бета")
    story.when(tv.SeatTeam(HOST, 999)).then_rejected("tv-no-such-team")
    STARTED.when(tv.SeatTeam(HOST, D)).then_rejected("tv-table-taken")


def test_tv_11_no_eligible_team_answered_correctly_the_top_picks_among_the_eligible():
    story = lost_round(STARTED, 1, {C: "Гоголь"}, {"гоголь": False})
    assert tv.pool(story.state) == tv.Pool((A, C, D), False, None)
    story.when(tv.SpinTop(HOST, seed_for((A, C, D), D))).then(
        tv.TeamSeated(D, R.TOP, (A, C, D), False))


def test_tv_11_one_eligible_team_left_sits_with_no_draw():
    story = given(created(), *registered(A, B)).started(A)
    story.envelope(1).time_up().close_club().when(tv.JudgeAnswer(HOST, False)).then(
        tv.CentralJudged(1, A, False), tv.TeamSeated(B, R.TOP, (B,), False))


def test_tv_10_a_team_that_lost_its_round_may_not_return_while_others_have_not():
    # Бета lost; Альфа took the table and lost; Бета alone answered correctly: it may not
    # sit again (experts 0, Гамма and Дельта have not lost), so the top picks among those two.
    story = lost_round(STARTED, 1, {A: "Пушкин"}, {"пушкин": True})
    assert story.central == A
    story = lost_round(story, 2, {B: "Гоголь"}, {"гоголь": True})
    assert tv.pool(story.state) == tv.Pool((C, D), False, None)
    story.when(tv.SpinTop(HOST, seed_for((C, D), C))).then(
        tv.TeamSeated(C, R.TOP, (C, D), False))


def test_tv_10_it_still_hands_in_and_earns_rating():
    story = lost_round(STARTED, 1, {A: "Пушкин"}, {"пушкин": True})
    story = lost_round(story, 2, {B: "Гоголь"}, {"гоголь": True}).drawn(C)
    assert tv.ratings(story.state)[20] == 1


def test_tv_10_a_team_that_lost_may_return_when_experts_have_five():
    story = lost_round(STARTED, 1, {A: "Пушкин"}, {"пушкин": True})  # Альфа sits
    for sector in range(2, 7):
        story = story.round(sector, True)
    assert story.score == (5, 1)
    # Альфа fails at 5:1; only Бета, which lost its round, answered correctly: it returns.
    story = story.envelope(7).club({B: "Лермонтов", C: "Тютчев"}).time_up().close_club()
    story = story.queue().answered(False).judged({"тютчев": False})
    story.when(tv.JudgeClubAnswers(HOST, 7, "лермонтов", Verdict.ACCEPT)).then_ends_with(
        tv.TeamSeated(B, R.RETURN, (B,), True, F.FIVE))


def test_tv_10_when_every_club_team_lost_its_round_all_may_return():
    # B, A, C, D each lose a round in turn, none answering correctly.
    story = lost_round(STARTED, 1).drawn(A)
    story = lost_round(story, 2).drawn(C)
    story = lost_round(story, 3)
    assert story.central == D  # the last team that had not lost, with no draw
    story = lost_round(story, 4, {A: "Ответ"}, {"ответ": True})
    assert story.events[-1] == tv.TeamSeated(A, R.RETURN, (A,), True, F.ALL_LOST)


def test_tv_10_the_top_returns_a_team_among_all_when_every_club_team_lost():
    story = lost_round(STARTED, 1).drawn(A)
    story = lost_round(story, 2).drawn(C)
    story = lost_round(lost_round(story, 3), 4)
    assert tv.pool(story.state) == tv.Pool((A, B, C), False, F.ALL_LOST)
    story.when(tv.SpinTop(HOST, seed_for((A, B, C), B))).then(
        tv.TeamSeated(B, R.RETURN, (A, B, C), False, F.ALL_LOST))


def test_tv_10_the_game_day_scope_counts_rounds_lost_in_the_days_earlier_game():
    # Created for the day's second game: Гамма and Дельта lost a round in the first.
    day = given(created(return_scope=tv.ReturnScope.DAY, lost_earlier=(C, D)),
                *registered(A, B, C, D))
    story = day.when(tv.StartGame(HOST, seed_for((A, B), A))).then(
        tv.GameStarted((A, B, C, D)), tv.TeamSeated(A, R.FIRST_DRAW, (A, B)))
    story = lost_round(story, 1, {C: "Пушкин", D: "Пушкин"}, {"пушкин": True})
    assert story.events[-1] == tv.TeamSeated(B, R.TOP, (B,), False)
    assert tv.lost_rounds(story.state) == (C, D, A)
    # By default each game starts afresh (the scope is the game).
    game = given(created(lost_earlier=(C, D)), *registered(A, B, C, D))
    assert tv.eligible(game.told(tv.GameStarted((A, B, C, D))).state, None) == (
        (A, B, C, D), None)


def test_tv_9_a_verdict_changed_after_the_seating_changes_ratings_not_the_seat():
    story = lost_round(STARTED, 1, {C: "Пушкин"}, {"пушкин": True})
    assert story.central == C
    story = story.when(tv.JudgeClubAnswers(HOST, 1, "пушкин", Verdict.REJECT,
                                           Verdict.ACCEPT)).then(
        VerdictChanged("пушкин", Verdict.REJECT, HOST, Verdict.ACCEPT))
    assert story.central == C
    assert tv.ratings(story.state)[30] == 0
