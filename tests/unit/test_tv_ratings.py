"""TV-5, TV-6 in the decider: the individual rating of a game, and a whole 4-team game in
which the central table changes hands three times (a TV-9 draw, a TV-11 pick, a TV-10
return), checked by its seatings, its score, its result and its ratings."""

from __future__ import annotations

from rules import tv
from rules.base import GameResult, SideResult, decode, encode
from rules.roster import PlayerLeft
from tests.unit.tv_steps import HOST, LOBBY, A, B, C, D

R, F = tv.SeatReason, tv.ReturnWhy
STARTED = LOBBY.started(B)
RIGHT, WRONG = {"верно": True}, {"неверно": False}


def judged(*right: int, wrong: tuple[int, ...] = ()) -> tuple[dict[int, str], dict[str, bool]]:
    """Club answers: ``right`` teams hand in the right answer, ``wrong`` ones a wrong one;
    the verdicts the host gives their groups."""
    club = {**{t: "Верно" for t in right}, **{t: "Неверно" for t in wrong}}
    verdicts = {**(RIGHT if right else {}), **(WRONG if wrong else {})}
    return club, verdicts


def test_tv_6_a_correct_central_answer_is_worth_two_a_club_one():
    story = STARTED.round(1, True, *judged(A, wrong=(C,)))
    assert tv.ratings(story.state) == {10: 1, 11: 1, 12: 1, 20: 2, 21: 2, 30: 0, 31: 0,
                                       40: 0, 41: 0}
    assert tv.team_points(story.state) == {A: 1, B: 1, C: 0, D: 0}


def test_tv_5_a_club_answer_counts_only_once_judged_correct():
    story = STARTED.envelope(1).club({A: "Верно"}).time_up().close_club().queue()
    story = story.answered(True)
    assert tv.ratings(story.state)[10] == 0
    assert tv.ratings(story.judged(RIGHT).state)[10] == 1


def test_tv_6_the_players_who_count_are_the_roster_when_the_envelope_was_drawn():
    story = STARTED.round(1, True, *judged(A))
    story = story.does(tv.JoinTeam(13, "p13", A, "Альфа")).told(PlayerLeft(A, 12))
    story = story.round(2, True, *judged(A))
    points = tv.ratings(story.state)
    assert (points[10], points[12], points[13]) == (2, 1, 1)


def test_tv_1_to_tv_11_a_four_team_game_changing_hands_with_a_return_and_a_pick():
    story = STARTED
    assert story.events[-1] == tv.TeamSeated(B, R.FIRST_DRAW, (A, B, C, D))
    # 1. Бета fails; Альфа and Гамма answered right: the top draws Альфа (TV-9).
    story = story.round(1, False, *judged(A, C, wrong=(D,)))
    assert tv.pool(story.state) == tv.Pool((A, C), True, None)
    story = story.drawn(A)
    assert story.events[-1] == tv.TeamSeated(A, R.CORRECT, (A, C), True)
    # 2. Альфа right.
    story = story.round(2, True, *judged(B, C, wrong=(D,)))
    # A player joins Альфа, at the central table: he plays from question 3.
    story = story.does(tv.JoinTeam(13, "p13", A, "Альфа"))
    # 3. Альфа fails; only Бета answered right, but it lost its round: Гамма and Дельта,
    # who did not answer right, are left, and the top picks Дельта (TV-10, TV-11).
    story = story.round(3, False, *judged(B, wrong=(C, D)))
    assert tv.pool(story.state) == tv.Pool((C, D), False, None)
    story = story.drawn(D)
    assert story.events[-1] == tv.TeamSeated(D, R.TOP, (C, D), False)
    # 4..7. Дельта right four times; Гамма's player 31 leaves after question 4.
    story = story.round(4, True, *judged(A, C, wrong=(B,)))
    story = story.told(PlayerLeft(C, 31))
    story = story.round(5, True)
    story = story.round(6, True, *judged(B))
    story = story.round(7, True, *judged(C))
    assert story.score == (5, 2)
    # 8. Дельта fails at 5:2; only Бета answered right and, experts having 5, it returns.
    story = story.round(8, False, *judged(B, wrong=(A, C)))
    assert story.events[-1] == tv.TeamSeated(B, R.RETURN, (B,), True, F.FIVE)
    # 9. Бета right: 6:3, the experts win.
    story = story.round(9, True)
    assert story.score == (6, 3)
    assert story.state.phase is tv.Phase.BEST_PLAYER
    seated = [ev.team_id for ev in story.events if isinstance(ev, tv.TeamSeated)]
    assert seated == [B, A, D, B]
    assert story.state.best_player_candidates() == (20, 21, 10, 11, 12, 13, 40, 41)
    story = story.when(tv.NameBestPlayer(HOST, 41)).then(tv.BestPlayerNamed(41))

    # TV-6: the result carries every player's rating of the game, for the season.
    assert tv.result(story.state) == GameResult(
        (SideResult("experts", 6, 1), SideResult("viewers", 3, 2)), 6, (41, "p41"),
        ratings=((10, 4), (11, 4), (12, 4), (13, 1), (20, 6), (21, 6), (30, 4), (31, 3),
                 (40, 8), (41, 8)))
    assert tv.ratings(story.state) == {
        10: 4, 11: 4, 12: 4, 13: 1,       # Альфа: club 1, 4; central 2 (13: 4 only)
        20: 6, 21: 6,                     # Бета: club 2, 3, 6, 8; central 9
        30: 4, 31: 3,                     # Гамма: club 1, 2, 4, 7 (31 gone before 7)
        40: 8, 41: 8,                     # Дельта: central 4, 5, 6, 7
    }
    assert tv.team_points(story.state) == {A: 3, B: 5, C: 4, D: 4}
    # The log replays from storage to the same game: every event survives the codec.
    assert [decode(ev.kind, encode(ev)) for ev in story.events] == list(story.events)
